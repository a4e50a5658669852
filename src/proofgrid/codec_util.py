"""Text helpers shared by the puzzle codecs: URL-safe base64 (RFC 4648 §5).

Both description formats (:mod:`proofgrid.matchless.codec`,
:mod:`proofgrid.kirchhoff.codec`) are written in the URL-safe base64 alphabet
``A–Z a–z 0–9 - _`` (value order), so a game ID survives a URL, a shell and a
chat message unquoted. Matchless packs bytes (:func:`b64url_encode` /
:func:`b64url_decode`, no ``=`` padding); Kirchhoff writes one 6-bit symbol per
character (:data:`B64URL_VALUE`). Every function here is integer-only and
O(length of the text).

Reference: S. Josefsson, *The Base16, Base32, and Base64 Data Encodings*,
RFC 4648 (2006), §5 "Base 64 Encoding with URL and Filename Safe Alphabet".
"""

from __future__ import annotations

from proofgrid.puzzle import InvalidDescError

__all__ = [
    "B64URL_ALPHABET",
    "B64URL_VALUE",
    "b64url_decode",
    "b64url_encode",
    "desc_text",
]

B64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The 64 characters in value order (RFC 4648 Table 2)."""

B64URL_VALUE: dict[str, int] = {ch: i for i, ch in enumerate(B64URL_ALPHABET)}
"""Character -> 6-bit value; absent for any character outside the alphabet."""


def desc_text(
    desc: object, limit: int, *, noun: str, error: type[InvalidDescError] = InvalidDescError
) -> str:
    """The stripped text of a description, or ``error`` with a one-line reason.

    Refuses, in this order: a non-string (``"<noun> must be text"``), empty text
    (``"empty <noun>"``) and text longer than ``limit`` characters
    (``"<noun> longer than <limit> characters"``), so a decoder never works on
    unbounded input. O(length).
    """
    if not isinstance(desc, str):
        raise error(f"{noun} must be text")
    text = desc.strip()
    if not text:
        raise error(f"empty {noun}")
    if len(text) > limit:
        raise error(f"{noun} longer than {limit} characters")
    return text


def b64url_encode(data: bytes) -> str:
    """URL-safe base64 without padding (RFC 4648 §5); O(len(data))."""
    out: list[str] = []
    for i in range(0, len(data), 3):
        chunk = data[i : i + 3]
        v = int.from_bytes(chunk.ljust(3, b"\0"), "big")
        chars = len(chunk) + 1
        for k in range(chars):
            out.append(B64URL_ALPHABET[(v >> (18 - 6 * k)) & 63])
    return "".join(out)


def b64url_decode(text: str, error: type[InvalidDescError] = InvalidDescError) -> bytes:
    """Strict inverse of :func:`b64url_encode`; raises ``error``.

    Strict means every byte string has exactly one accepted text: a length
    ``≡ 1 (mod 4)``, a character outside the alphabet, or non-zero unused bits
    in the last character are refused, so ``b64url_encode(b64url_decode(s)) == s``
    for every accepted ``s``. O(len(text)).
    """
    if len(text) % 4 == 1:
        raise error(f"board code has an impossible length ({len(text)} characters)")
    out = bytearray()
    for i in range(0, len(text), 4):
        group = text[i : i + 4]
        v = 0
        for ch in group:
            idx = B64URL_VALUE.get(ch)
            if idx is None:
                raise error(f"board code contains {ch!r}, not a URL-safe base64 character")
            v = v << 6 | idx
        nbytes = len(group) * 6 // 8
        spare = len(group) * 6 - nbytes * 8
        if v & ((1 << spare) - 1):
            raise error("board code has non-zero unused bits in its last character")
        out += (v >> spare).to_bytes(nbytes, "big")
    return bytes(out)
