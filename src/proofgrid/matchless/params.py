"""Matchless parameters: board size, generator version and the generator's settings.

Params text, generator version 1 (every params text written before v2)
-----------------------------------------------------------------------
``RxC`` optionally followed by ``dNN`` (shell density, percent, 1..100) and
``fK`` (maximum fuses per shell, 1..8), in that order: ``6x6``, ``6x6d70``,
``6x6d70f3``. Missing parts take the v1 defaults (density 70, 2 fuses). This
grammar and these defaults are frozen: such a text always means generator v1,
so every existing ``params#seed`` link keeps its board.

Params text, generator version 2
--------------------------------
``RxCv2`` optionally followed, in this order, by ``dNN`` (density), ``fK``
(most fuses per shell), ``nD`` (neighbourhood: ``4`` orthogonal or ``8``
compass directions), ``mNN`` (mutual-pair bias, percent 0..100), ``e0``/``e1``
(``e1``: fuses may be drawn towards empty cells, and then fizzle) and
``x0``/``x1`` (``x1``: every shell gets exactly ``min(fK, candidates)`` fuses
instead of a uniform 1..that many): ``6x6v2``, ``6x6v2d66``,
``6x6v2d60f3n8m50e1x1``. Missing parts take the v2
defaults of :data:`V2`, the model fitted to the seed's tables
(``docs/studies.md``); they are frozen once shipped, like v1's.

``encode_params(p)`` writes the full form (v1: ``RxCdNNfK``; v2:
``RxCv2dNNfKnDmNNeExX``); ``encode_params(p,
full=False)`` writes only ``RxC`` (all a fixed board's game ID ``RxC:desc``
needs, since the description carries the board itself).

:data:`DEFAULT_PARAMS` (no params given) is the v2 6x6 model; the named
:data:`PRESETS` are explicit params written before v2 and stay v1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from proofgrid.matchless.board import MAX_SIZE, MIN_SIZE
from proofgrid.puzzle import InvalidParamsError

__all__ = [
    "DEFAULT_PARAMS",
    "PRESETS",
    "V1",
    "V2",
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
    version : int
        Generator version, 1 or 2 (:mod:`proofgrid.matchless.generate`).
    dirs : int
        v2: fuse directions, 4 (orthogonal) or 8 (compass); v1 is always 8.
    mutual : int
        v2: chance, in percent, that a candidate fuse pointing back at a shell
        that already points here is moved to the front of the draw; v1: 0.
    empty : int
        v2: 1 if fuses may be drawn towards empty neighbour cells (they
        fizzle), else 0; v1: 0.
    exact : int
        v2: 1 if a shell gets exactly ``min(fuses, candidates)`` fuses; 0 (v1):
        uniform in ``1 .. min(fuses, candidates)``.

    ``Params(R, C)`` is v1 with v1's defaults; :data:`V2` and
    :data:`DEFAULT_PARAMS` carry the v2 model.
    """

    rows: int = 6
    cols: int = 6
    density: int = 70
    fuses: int = 2
    version: int = 1
    dirs: int = 8
    mutual: int = 0
    empty: int = 0
    exact: int = 0


V1 = Params()
"""Generator v1's defaults (6x6d70f2), frozen: the meaning of every v1 params text."""

V2 = Params(6, 6, 72, 3, version=2, dirs=4, mutual=40)
"""Generator v2's defaults, the model fitted to the seed (``docs/studies.md``); frozen."""

DEFAULT_PARAMS = V2
"""The params when none are given: the v2 model on 6x6."""

PRESETS: dict[str, Params] = {
    # Explicit names written before v2: they keep their v1 boards.
    "small": Params(4, 4),
    "medium": Params(5, 5),
    "default": V1,
    "large": Params(8, 8),
}


def default_params() -> Params:
    """The default parameters (6x6, generator v2)."""
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
    if params.version == 1:
        if (params.dirs, params.mutual, params.empty, params.exact) != (8, 0, 0, 0):
            raise InvalidParamsError("generator v1 has 8 directions and no other settings")
    elif params.version == 2:
        if params.dirs not in {4, 8}:
            raise InvalidParamsError(f"directions {params.dirs} must be 4 or 8")
        if not 0 <= params.mutual <= 100:
            raise InvalidParamsError(f"mutual-pair bias {params.mutual} out of range 0..100")
        if params.empty not in {0, 1} or params.exact not in {0, 1}:
            raise InvalidParamsError("settings e and x are 0 or 1")
    else:
        raise InvalidParamsError(f"generator version {params.version} unknown (1 or 2)")


def encode_params(params: Params, *, full: bool = True) -> str:
    """Full form (module docstring) or ``RxC``; inverse of :func:`decode_params`."""
    size = f"{params.rows}x{params.cols}"
    if not full:
        return size
    if params.version == 1:
        return f"{size}d{params.density}f{params.fuses}"
    return (
        f"{size}v2d{params.density}f{params.fuses}n{params.dirs}m{params.mutual}"
        f"e{int(params.empty)}x{int(params.exact)}"
    )


_PARAMS_RE = re.compile(
    r"^(\d+)x(\d+)(v2)?(?:d(\d{1,3}))?(?:f(\d{1,2}))?"
    r"(?:n(\d{1,2}))?(?:m(\d{1,3}))?(?:e(\d))?(?:x(\d))?$",
    re.ASCII,  # ASCII digits only: "٥x٥" is not 5x5
)


def decode_params(text: str) -> Params:
    """Parse params text (see module docstring); raises :class:`InvalidParamsError`."""
    t = text.strip().lower()
    m = _PARAMS_RE.match(t)
    g = m.groups() if m else ()
    if not m or (not g[2] and any(x is not None for x in g[5:])):  # n, m, e, x need v2
        raise InvalidParamsError(
            f"cannot read params {text.strip()[:40]!r} (expected e.g. 6x6d70f2)"
        )
    if max(len(g[0].lstrip("0")), len(g[1].lstrip("0"))) > 2:  # read as a size, then refused
        raise InvalidParamsError(
            f"size {g[0][:20]}x{g[1][:20]} out of range ({MIN_SIZE}..{MAX_SIZE} each way)"
        )
    base = V2 if g[2] else V1

    def num(x: str | None, default: int) -> int:
        return int(x) if x is not None else default

    params = Params(
        int(g[0]),
        int(g[1]),
        num(g[3], base.density),
        num(g[4], base.fuses),
        base.version,
        num(g[5], base.dirs),
        num(g[6], base.mutual),
        num(g[7], int(base.empty)),
        num(g[8], int(base.exact)),
    )
    validate_params(params)
    return params
