"""Kirchhoff params, board descriptions and game IDs as text (both ways).

Params
------
``RxCdG``: rows, ``x``, columns, then optionally ``d`` and a grade letter
(``e`` easy, ``m`` medium, ``h`` hard), e.g. ``7x7dh``. A preset name
(``easy``, ``medium``, ``hard``, ``expert``, ``giant``) is accepted too. A
missing grade means easy. The grade only matters to the generator: a fixed
board (``params:desc``) is the same board whatever grade its params name.

Description format, version 1 (the JavaScript mirror decodes the same bits)
--------------------------------------------------------------------------
A bit string, most significant bit first:

* 4 bits: format version (``1``);
* 4 bits: ``rows − 2``; 4 bits: ``cols − 2``;
* per cell in index order, a prefix code: ``0`` blank; ``10tt`` throughput
  ``t`` (``tt`` in 0..2, ``11`` is invalid); ``11snn`` terminal, ``s = 0``
  source / ``1`` sink, value ``nn + 1`` (1..4);
* zero bits up to a multiple of 6.

Each 6 bits become one character of the URL-safe base64 alphabet
``A–Z a–z 0–9 - _`` (value order). Two more characters follow: a 12-bit
checksum, ``h = FNV-1a-32`` over the payload characters' 6-bit values (one
byte each; offset ``0x811C9DC5``, prime ``0x01000193``), folded as
``(h ^ (h >> 12) ^ (h >> 24)) & 0xFFF``, high 6 bits first.

Every corruption (bad character, wrong length, checksum mismatch, unknown
version, impossible clue, non-zero trailing bits, demands not summing to 0,
size not matching the params) raises :class:`~proofgrid.puzzle.InvalidDescError`
(a ``ValueError``) with a one-line message; nothing else escapes.

Seeds (``params#seed``): a decimal integer below ``2**64`` is used as is; any
other text is hashed with :func:`proofgrid.rng.seed_from_text`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from proofgrid.codec_util import B64URL_ALPHABET, B64URL_VALUE, desc_text
from proofgrid.kirchhoff.board import (
    MAX_SIDE,
    MIN_SIDE,
    Board,
    Clue,
    ClueKind,
    Grade,
)
from proofgrid.puzzle import (
    InvalidDescError,
    InvalidGameIdError,
    InvalidParamsError,
    parse_seed,
    split_game_id,
)

__all__ = [
    "FORMAT_VERSION",
    "GameSpec",
    "Params",
    "decode_board",
    "decode_params",
    "default_params",
    "encode_board",
    "encode_params",
    "parse_game_id",
    "parse_seed",
    "presets",
    "validate_desc",
    "validate_params",
]

FORMAT_VERSION = 1
_GRADE_LETTER = {Grade.EASY: "e", Grade.MEDIUM: "m", Grade.HARD: "h"}
_LETTER_GRADE = {v: k for k, v in _GRADE_LETTER.items()}
# Any number of digits per side, so ``1000x1000`` reads as a size and is refused
# by its range, not by its shape; more than _MAX_SIDE_DIGITS is out of range too.
_PARAMS_RE = re.compile(r"^(\d+)x(\d+)(?:d([emh]))?$", re.ASCII)  # ASCII digits only
_MAX_SIDE_DIGITS = 4
_MAX_DESC = 1024


@dataclass(frozen=True, slots=True)
class Params:
    """Board size and the grade the generator must meet."""

    rows: int
    cols: int
    grade: Grade = Grade.EASY

    def __str__(self) -> str:
        return encode_params(self)


_PRESETS: dict[str, Params] = {
    "easy": Params(5, 5, Grade.EASY),
    "medium": Params(6, 6, Grade.MEDIUM),
    "hard": Params(7, 7, Grade.HARD),
    "expert": Params(10, 10, Grade.HARD),
    "giant": Params(16, 16, Grade.HARD),
}


def presets() -> dict[str, Params]:
    """Named presets: easy 5×5, medium 6×6, hard 7×7, expert 10×10, giant 16×16."""
    return dict(_PRESETS)


def default_params() -> Params:
    """The hard 7×7 preset (the seed's largest board)."""
    return _PRESETS["hard"]


def validate_params(params: Params) -> None:
    """Raise :class:`InvalidParamsError` unless both sides are in 2..16."""
    for name, v in (("rows", params.rows), ("cols", params.cols)):
        if not isinstance(v, int) or isinstance(v, bool) or not MIN_SIDE <= v <= MAX_SIDE:
            raise InvalidParamsError(f"{name} must be {MIN_SIDE}..{MAX_SIDE}, got {v!r}")
    if not isinstance(params.grade, Grade):
        raise InvalidParamsError("grade must be a Grade")


def encode_params(params: Params) -> str:
    """``RxCdG``, e.g. ``7x7dh``."""
    return f"{params.rows}x{params.cols}d{_GRADE_LETTER[params.grade]}"


def decode_params(text: str) -> Params:
    """Inverse of :func:`encode_params`; also accepts preset names and ``RxC``."""
    if not isinstance(text, str):
        raise InvalidParamsError("params must be text")
    t = text.strip().lower()
    if t in _PRESETS:
        return _PRESETS[t]
    m = _PARAMS_RE.match(t)
    if m is None:
        raise InvalidParamsError(
            f"bad params {text[:40]!r}: expected RxC or RxCdG (G = e/m/h) or a preset name"
        )
    grade = _LETTER_GRADE[m.group(3)] if m.group(3) else Grade.EASY
    for name, digits in (("rows", m.group(1)), ("cols", m.group(2))):
        if len(digits.lstrip("0")) > _MAX_SIDE_DIGITS:
            raise InvalidParamsError(f"{name} must be {MIN_SIDE}..{MAX_SIDE}, got {digits[:20]}")
    params = Params(int(m.group(1)), int(m.group(2)), grade)
    validate_params(params)
    return params


def _checksum(symbols: list[int]) -> int:
    h = 0x811C9DC5
    for s in symbols:
        h = ((h ^ s) * 0x01000193) & 0xFFFFFFFF
    return (h ^ (h >> 12) ^ (h >> 24)) & 0xFFF


def encode_board(board: Board) -> str:
    """The version-1 description of ``board`` (see the module docstring); O(RC)."""
    bits: list[int] = []

    def put(value: int, width: int) -> None:
        for i in range(width - 1, -1, -1):
            bits.append((value >> i) & 1)

    put(FORMAT_VERSION, 4)
    put(board.rows - 2, 4)
    put(board.cols - 2, 4)
    for cl in board.clues:
        if cl.kind is ClueKind.BLANK:
            put(0, 1)
        elif cl.kind is ClueKind.THROUGHPUT:
            put(0b10, 2)
            put(cl.value, 2)
        else:
            put(0b11, 2)
            put(0 if cl.kind is ClueKind.SOURCE else 1, 1)
            put(cl.value - 1, 2)
    while len(bits) % 6:
        bits.append(0)
    symbols = [
        (bits[i] << 5)
        | (bits[i + 1] << 4)
        | (bits[i + 2] << 3)
        | (bits[i + 3] << 2)
        | (bits[i + 4] << 1)
        | bits[i + 5]
        for i in range(0, len(bits), 6)
    ]
    check = _checksum(symbols)
    symbols += [check >> 6, check & 63]
    return "".join(B64URL_ALPHABET[s] for s in symbols)


def decode_board(desc: str, params: Params | None = None) -> Board:
    """Inverse of :func:`encode_board`; checks the size against ``params`` if given.

    Raises
    ------
    InvalidDescError
        On any corruption, with a one-line reason.
    """
    desc = desc_text(desc, _MAX_DESC, noun="description")
    symbols: list[int] = []
    for i, ch in enumerate(desc):
        v = B64URL_VALUE.get(ch)
        if v is None:
            raise InvalidDescError(f"bad character {ch!r} at position {i} of the description")
        symbols.append(v)
    if len(symbols) < 4:
        raise InvalidDescError("description too short")
    payload, check = symbols[:-2], (symbols[-2] << 6) | symbols[-1]
    if _checksum(payload) != check:
        raise InvalidDescError("description checksum mismatch (mistyped or truncated?)")
    bits = [(s >> i) & 1 for s in payload for i in range(5, -1, -1)]
    pos = 0

    def take(width: int) -> int:
        nonlocal pos
        if pos + width > len(bits):
            raise InvalidDescError("description ends early")
        v = 0
        for b in bits[pos : pos + width]:
            v = (v << 1) | b
        pos += width
        return v

    version = take(4)
    if version != FORMAT_VERSION:
        raise InvalidDescError(
            f"unsupported description format version {version} (expected {FORMAT_VERSION})"
        )
    rows, cols = take(4) + 2, take(4) + 2
    if rows > MAX_SIDE or cols > MAX_SIDE:
        raise InvalidDescError(f"board size {rows}x{cols} out of range")
    if params is not None and (params.rows, params.cols) != (rows, cols):
        raise InvalidDescError(
            f"description is for a {rows}x{cols} board but the params say "
            f"{params.rows}x{params.cols}"
        )
    clues: list[Clue] = []
    for cell in range(rows * cols):
        if take(1) == 0:
            clues.append(Clue(ClueKind.BLANK))
        elif take(1) == 0:
            t = take(2)
            if t > 2:
                raise InvalidDescError(f"cell {cell}: throughput {t} is impossible (max 2)")
            clues.append(Clue(ClueKind.THROUGHPUT, t))
        else:
            kind = ClueKind.SINK if take(1) else ClueKind.SOURCE
            clues.append(Clue(kind, take(2) + 1))
    if len(bits) - pos >= 6:
        raise InvalidDescError("description has extra characters after the board")
    if any(bits[pos:]):
        raise InvalidDescError("description has non-zero padding bits")
    return Board(rows, cols, tuple(clues))


def validate_desc(params: Params, desc: str) -> None:
    """Raise :class:`InvalidDescError` unless ``desc`` decodes to a board of ``params``' size."""
    decode_board(desc, params)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A parsed game ID: params plus either a board or a seed to generate from."""

    params: Params
    board: Board | None = None
    seed: int | None = None


def parse_game_id(text: str) -> GameSpec:
    """Parse ``params:desc`` or ``params#seed``; every error is a ``ProofgridError``."""
    gid = split_game_id(text)
    try:
        params = decode_params(gid.params)
    except InvalidParamsError as exc:
        raise InvalidGameIdError(str(exc)) from None
    if gid.desc is not None:
        return GameSpec(params, board=decode_board(gid.desc, params))
    assert gid.seed is not None
    return GameSpec(params, seed=parse_seed(gid.seed))
