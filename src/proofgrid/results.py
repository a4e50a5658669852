"""Result codes: a finished (or unfinished) game as a short text anyone can replay and check.

A result code names the puzzle, the board (its game ID), the moves played,
and what the player reports of their own game (hints taken, X-ray used),
sealed with a checksum. Anyone's app or CLI replays the moves through the
contract (:func:`proofgrid.midend.resolve`, ``execute_move``, ``status``) and
so verifies the claim offline: the moves and the outcome are proved by the
replay, the hint count and the X-ray flag are the player's own record.

Format, version 1 (the JavaScript mirror is ``js/core/result.js``)
-------------------------------------------------------------------
``<puzzle>.<payload>``, where ``<puzzle>`` is the registry name and
``<payload>`` is URL-safe base64 without padding (RFC 4648 §5, strict: one
text per byte string, :func:`proofgrid.codec_util.b64url_decode`) of::

    version   1 byte   = 1
    flags     1 byte   bit 0: X-ray used; other bits 0
    hints     varint   hints taken (LEB128, at most 3 bytes)
    id        varint length, then the game ID's ASCII bytes (params:desc)
    moves     varint count, then each move as varint length + ASCII bytes
    check     4 bytes  CRC-32 (IEEE 802.3, zlib's) of "<puzzle>." + everything above, big-endian

The CRC covers the puzzle name too, so a code cannot be moved to another
puzzle. CRC-32 detects every burst of at most 32 bits (Peterson and Brown,
*Cyclic Codes for Error Detection*, 1961); one changed character changes at
most 6 consecutive payload bits (strict base64 makes every change change
the bytes), so every single-character change is refused. Codes are O(length
of ID + moves) to make and to read; checking costs one replay.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from proofgrid import midend
from proofgrid.codec_util import b64url_decode, b64url_encode
from proofgrid.errors import InvalidDescError, ProofgridError
from proofgrid.puzzle import Puzzle, Status

__all__ = [
    "MAX_CODE",
    "VERSION",
    "InvalidResultError",
    "Result",
    "check",
    "decode",
    "encode",
    "link",
    "make",
]

VERSION = 1
MAX_CODE = 8192
_MAX_HINTS = (1 << 21) - 1
_MAX_MOVES = 4096


class InvalidResultError(InvalidDescError):
    """A result code that is damaged, forged, or names a game that does not replay."""


@dataclass(frozen=True, slots=True)
class Result:
    """What a result code says: puzzle, game ID, moves, and the self-reported record."""

    puzzle: str
    id: str
    moves: tuple[str, ...]
    hints: int = 0
    xray: bool = False


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _ascii(text: str, what: str) -> bytes:
    if not text.isascii() or not text.isprintable() or not text:
        raise InvalidResultError(f"{what} {text[:20]!r} must be printable ASCII")
    return text.encode("ascii")


def encode(result: Result) -> str:
    """The code of ``result`` (module docstring); no check that its moves replay."""
    if not 0 <= result.hints <= _MAX_HINTS:
        raise InvalidResultError(f"hints must be from 0 to {_MAX_HINTS}")
    if len(result.moves) > _MAX_MOVES:
        raise InvalidResultError(f"at most {_MAX_MOVES} moves")
    gid = _ascii(result.id, "game ID")
    body = bytearray([VERSION, 1 if result.xray else 0])
    body += _varint(result.hints) + _varint(len(gid)) + gid + _varint(len(result.moves))
    for move in result.moves:
        m = _ascii(move, "move")
        body += _varint(len(m)) + m
    crc = zlib.crc32(result.puzzle.encode("ascii") + b"." + bytes(body))
    return f"{result.puzzle}.{b64url_encode(bytes(body) + crc.to_bytes(4, 'big'))}"


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise InvalidResultError("result code is cut short")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self, limit_bytes: int = 3) -> int:
        n = shift = 0
        for i in range(limit_bytes):
            b = self.byte()
            if i and b == 0:
                raise InvalidResultError("result code has a padded number")
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return n
        raise InvalidResultError("result code has a number too long")

    def text(self) -> str:
        size = self.varint(2)
        if self.at + size > len(self.data):
            raise InvalidResultError("result code is cut short")
        raw = self.data[self.at : self.at + size]
        self.at += size
        text = raw.decode("ascii", errors="replace")
        if not raw or not text.isascii() or not text.isprintable():
            raise InvalidResultError("result code holds text that is not printable ASCII")
        return text


def decode(code: str) -> Result:
    """The :class:`Result` a code says; raises :class:`InvalidResultError` (one line)."""
    if not isinstance(code, str):
        raise InvalidResultError("a result code must be text")
    code = code.strip()
    if code.startswith("#result/"):
        code = code[len("#result/") :]
    if not code:
        raise InvalidResultError("empty result code")
    if len(code) > MAX_CODE:
        raise InvalidResultError(f"result code longer than {MAX_CODE} characters")
    name, dot, payload = code.partition(".")
    if not dot or not name.isascii() or not name.isalnum() or not name.islower():
        raise InvalidResultError("not a result code (expected <puzzle>.<code>)")
    try:
        data = b64url_decode(payload)
    except InvalidDescError:
        raise InvalidResultError("result code is damaged (not canonical base64)") from None
    if len(data) < 7:
        raise InvalidResultError("result code is cut short")
    body, crc = data[:-4], int.from_bytes(data[-4:], "big")
    if zlib.crc32(name.encode("ascii") + b"." + body) != crc:
        raise InvalidResultError("result code is damaged or altered (its checksum does not match)")
    r = _Reader(body)
    version = r.byte()
    if version != VERSION:
        raise InvalidResultError(f"result code version {version} is not known (this is {VERSION})")
    flags = r.byte()
    if flags & ~1:
        raise InvalidResultError("result code has unknown flags")
    hints = r.varint()
    gid = r.text()
    count = r.varint(2)
    if count > _MAX_MOVES:
        raise InvalidResultError(f"result code has more than {_MAX_MOVES} moves")
    moves = tuple(r.text() for _ in range(count))
    if r.at != len(body):
        raise InvalidResultError("result code has bytes after its moves")
    return Result(name, gid, moves, hints, bool(flags & 1))


def link(code: str) -> str:
    """The app's route that replays a code: ``#result/<code>``."""
    return f"#result/{code}"


def make(
    puzzle: Puzzle[Any, Any],
    game_id: str,
    moves: Sequence[str],
    *,
    hints: int = 0,
    xray: bool = False,
) -> Result:
    """A checked result: the ID resolved to its canonical ``params:desc``, the moves replayed.

    Raises the contract's one-line errors for a bad ID or an illegal move.
    """
    game = midend.resolve(puzzle, game_id)
    game.play(moves)
    return Result(puzzle.name, game.id, tuple(m.strip() for m in moves), hints, xray)


def check(puzzle: Puzzle[Any, Any], result: Result) -> dict[str, Any]:
    """Replay a result: ``verified``, ``id``, ``moves``, ``solved``, the puzzle's own record
    (the ``draw`` surface's ``record(state)``: Matchless ``matches`` and ``par``, Kirchhoff
    ``arrows``), then ``hints`` and ``xray`` (self-reported).

    Raises :class:`InvalidResultError` when the code names another puzzle, a board that
    does not resolve, or a move that is not legal there.
    """
    if result.puzzle != puzzle.name:
        raise InvalidResultError(f"this is a {result.puzzle} result, not {puzzle.name}")
    try:
        game = midend.resolve(puzzle, result.id)
        state = game.play(result.moves)
    except ProofgridError as exc:
        raise InvalidResultError(f"result code does not replay: {exc}") from None
    if game.id != result.id:
        raise InvalidResultError("result code's game ID is not in canonical params:desc form")
    answer: dict[str, Any] = {
        "verified": True,
        "id": game.id,
        "moves": list(result.moves),
        "solved": puzzle.status(state) is Status.WON,
    }
    own = puzzle.draw_surface()
    if own is not None and own.record is not None:
        answer.update(own.record(state))
    answer["hints"] = result.hints
    answer["xray"] = result.xray
    return answer
