"""Matchless parameters: board size, shell density and fuses per shell.

Params text
-----------
``RxC`` optionally followed by ``dNN`` (shell density, percent, 1..100) and
``fK`` (maximum fuses per shell, 1..8), in that order: ``6x6``, ``6x6d70``,
``6x6d70f3``. Missing parts take the defaults of :data:`DEFAULT_PARAMS`.
``encode_params(p)`` writes the full form; ``encode_params(p, full=False)``
writes only ``RxC`` (all a fixed board's game ID ``RxC:desc`` needs, since the
description carries the board itself).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from proofgrid.matchless.board import MAX_SIZE, MIN_SIZE
from proofgrid.puzzle import InvalidParamsError

__all__ = [
    "DEFAULT_PARAMS",
    "PRESETS",
    "Params",
    "decode_params",
    "default_params",
    "encode_params",
    "presets",
    "validate_params",
]


@dataclass(frozen=True, slots=True)
class Params:
    """Generator parameters.

    Attributes
    ----------
    rows, cols : int
        Grid size, each ``2 .. 12``.
    density : int
        Chance, in percent, that a cell holds a shell (``chance(density, 100)``).
    fuses : int
        Maximum number of fuses a generated shell carries (1..8).
    """

    rows: int = 6
    cols: int = 6
    density: int = 70
    fuses: int = 2


DEFAULT_PARAMS = Params()

PRESETS: dict[str, Params] = {
    "small": Params(4, 4),
    "medium": Params(5, 5),
    "default": DEFAULT_PARAMS,
    "large": Params(8, 8),
}


def default_params() -> Params:
    """The default parameters (6x6)."""
    return DEFAULT_PARAMS


def presets() -> dict[str, Params]:
    """Named presets, smallest first."""
    return dict(PRESETS)


def validate_params(params: Params) -> None:
    """Raise :class:`InvalidParamsError` unless every field is in range."""
    if not (MIN_SIZE <= params.rows <= MAX_SIZE and MIN_SIZE <= params.cols <= MAX_SIZE):
        raise InvalidParamsError(
            f"size {params.rows}x{params.cols} out of range ({MIN_SIZE}..{MAX_SIZE} each way)"
        )
    if not 1 <= params.density <= 100:
        raise InvalidParamsError(f"density {params.density} out of range 1..100")
    if not 1 <= params.fuses <= 8:
        raise InvalidParamsError(f"fuses per shell {params.fuses} out of range 1..8")


def encode_params(params: Params, *, full: bool = True) -> str:
    """``RxCdNNfK`` (full) or ``RxC``; inverse of :func:`decode_params`."""
    size = f"{params.rows}x{params.cols}"
    return f"{size}d{params.density}f{params.fuses}" if full else size


_PARAMS_RE = re.compile(r"^(\d{1,2})x(\d{1,2})(?:d(\d{1,3}))?(?:f(\d{1,2}))?$")


def decode_params(text: str) -> Params:
    """Parse params text (see module docstring); raises :class:`InvalidParamsError`."""
    t = text.strip().lower()
    m = _PARAMS_RE.match(t)
    if not m:
        raise InvalidParamsError(
            f"cannot read params {text.strip()[:40]!r} (expected e.g. 6x6d70f2)"
        )
    rows, cols = int(m.group(1)), int(m.group(2))
    density = int(m.group(3)) if m.group(3) is not None else DEFAULT_PARAMS.density
    fuses = int(m.group(4)) if m.group(4) is not None else DEFAULT_PARAMS.fuses
    params = Params(rows, cols, density, fuses)
    validate_params(params)
    return params
