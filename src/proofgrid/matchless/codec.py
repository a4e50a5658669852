"""Board descriptions and game IDs: a bit-packed board with a checksum, as text.

Description format, version 1 (the browser mirror implements exactly this)
--------------------------------------------------------------------------
A stream of bits, written most significant bit first within each byte:

1. 4 bits: format version, ``1``;
2. 4 bits: ``rows - 2`` (0..10); 4 bits: ``cols - 2`` (0..10);
3. ``rows * cols`` bits: the shell mask, cells in row-major order, 1 = shell;
4. for every shell in row-major order, for every direction in enum order
   (N, NE, E, SE, S, SW, W, NW) whose neighbour cell lies on the grid *and holds
   a shell*: 1 bit, 1 = the shell has a fuse that way. Directions that could
   not hold a valid fuse take no bit, so every decodable board is valid;
5. zero bits up to the next byte boundary;
6. 16 bits: CRC-16/CCITT-FALSE of all the preceding bytes, big-endian.

The bytes are written in URL-safe base64 (RFC 4648 §5, alphabet ``A–Z a–z 0–9
- _``) without ``=`` padding. Decoding is strict, so every board has exactly
one description and ``encode_desc(decode_desc(s)) == s`` for every accepted
``s``: characters outside the alphabet, a length ``≡ 1 (mod 4)``, non-zero
unused bits in the last character, non-zero padding bits, a wrong checksum,
an unknown version, a size out of range, a missing or surplus byte, or a board
with no shell all raise :class:`CodecError` (an :class:`InvalidDescError`).

CRC-16/CCITT-FALSE (integer only): ``crc = 0xFFFF``; for each byte ``b``:
``crc ^= b << 8``, then 8 times ``crc = ((crc << 1) ^ 0x1021) & 0xFFFF`` if
``crc & 0x8000`` else ``(crc << 1) & 0xFFFF``. Check value: ``crc16(b"123456789")
== 0x29B1``. It detects every error burst of up to 16 bits, so every single
flipped bit.

Game IDs
--------
``RxC:desc`` names a fixed board (the size must agree with the description);
``RxCdNNfK#seed`` a generated one (see :mod:`proofgrid.matchless.params` for
the params text and :func:`proofgrid.matchless.generate.seed_value` for the
seed text).
"""

from __future__ import annotations

from proofgrid import codec_util
from proofgrid.matchless.board import MAX_SIZE, MIN_SIZE, Board
from proofgrid.puzzle import InvalidDescError

__all__ = [
    "FORMAT_VERSION",
    "CodecError",
    "b64url_decode",
    "b64url_encode",
    "crc16",
    "decode_desc",
    "encode_desc",
]

FORMAT_VERSION = 1

_MAX_DESC = 400  # a full 12x12 board: 12 + 144 + 1012 bits + CRC = 148 bytes = 198 chars
_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_DY = (-1, -1, 0, 1, 1, 1, 0, -1)


class CodecError(InvalidDescError):
    """A board description that cannot be decoded (corrupt, truncated, wrong version…)."""


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor)."""
    crc = 0xFFFF
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def b64url_encode(data: bytes) -> str:
    """URL-safe base64 without padding (RFC 4648 §5); see :mod:`proofgrid.codec_util`."""
    return codec_util.b64url_encode(data)


def b64url_decode(text: str) -> bytes:
    """Strict inverse of :func:`b64url_encode`; raises :class:`CodecError`."""
    return codec_util.b64url_decode(text, CodecError)


class _BitWriter:
    __slots__ = ("bits", "value")

    def __init__(self) -> None:
        self.value = 0
        self.bits = 0

    def put(self, v: int, width: int) -> None:
        self.value = self.value << width | v
        self.bits += width

    def to_bytes(self) -> bytes:
        pad = -self.bits % 8
        return (self.value << pad).to_bytes((self.bits + pad) // 8, "big")


class _BitReader:
    __slots__ = ("data", "pos")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def get(self, width: int) -> int:
        v = 0
        for _ in range(width):
            byte = self.pos >> 3
            if byte >= len(self.data):
                raise CodecError("board code is truncated")
            v = v << 1 | (self.data[byte] >> (7 - (self.pos & 7)) & 1)
            self.pos += 1
        return v


def encode_desc(board: Board) -> str:
    """The version-1 description of a board (module docstring); O(R·C)."""
    rows, cols, cells = board.rows, board.cols, board.cells
    w = _BitWriter()
    w.put(FORMAT_VERSION, 4)
    w.put(rows - 2, 4)
    w.put(cols - 2, 4)
    for fuses in cells:
        w.put(0 if fuses is None else 1, 1)
    for cell, fuses in enumerate(cells):
        if fuses is None:
            continue
        r, c = divmod(cell, cols)
        for d in range(8):
            r2, c2 = r + _DY[d], c + _DX[d]
            if 0 <= r2 < rows and 0 <= c2 < cols and cells[r2 * cols + c2] is not None:
                w.put(fuses >> d & 1, 1)
    body = w.to_bytes()
    return b64url_encode(body + crc16(body).to_bytes(2, "big"))


def decode_desc(desc: str) -> Board:
    """Decode a description into a :class:`Board`; raises :class:`CodecError`.

    Checks, in order: length and alphabet, version, checksum, size, payload
    length, zero padding, at least one shell. O(length).
    """
    text = codec_util.desc_text(desc, _MAX_DESC, noun="board code", error=CodecError)
    data = b64url_decode(text)
    if len(data) < 4:
        raise CodecError(f"board code is truncated ({len(data)} bytes)")
    version = data[0] >> 4
    if version != FORMAT_VERSION:
        raise CodecError(
            f"unsupported board format version {version} (this engine reads {FORMAT_VERSION})"
        )
    body, check = data[:-2], int.from_bytes(data[-2:], "big")
    if crc16(body) != check:
        raise CodecError("board code checksum mismatch (the code is corrupted or mistyped)")
    r = _BitReader(body)
    r.get(4)
    rows, cols = r.get(4) + 2, r.get(4) + 2
    if not (rows <= MAX_SIZE and cols <= MAX_SIZE):
        raise CodecError(f"board size {rows}x{cols} out of range ({MIN_SIZE}..{MAX_SIZE})")
    shell = [r.get(1) == 1 for _ in range(rows * cols)]
    if not any(shell):
        raise CodecError("board code describes a board with no shells")
    cells: list[int | None] = [None] * (rows * cols)
    for cell in range(rows * cols):
        if not shell[cell]:
            continue
        row, col = divmod(cell, cols)
        fuses = 0
        for d in range(8):
            r2, c2 = row + _DY[d], col + _DX[d]
            if 0 <= r2 < rows and 0 <= c2 < cols and shell[r2 * cols + c2] and r.get(1):
                fuses |= 1 << d
        cells[cell] = fuses
    used = (r.pos + 7) // 8
    if used != len(body):
        raise CodecError(f"board code has {len(body) - used} surplus byte(s)")
    if r.get(used * 8 - r.pos) != 0:
        raise CodecError("board code has non-zero padding bits")
    return Board(rows, cols, tuple(cells))
