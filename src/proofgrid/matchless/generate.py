"""Seeded, integer-only board generator (reproduced bit for bit by the JS mirror).

Algorithm, generator version 1
------------------------------
All randomness comes from one :class:`proofgrid.rng.SplitMix64` seeded with
the 64-bit ``seed``; the draws happen in exactly this order:

1. **Shell mask.** For every cell in row-major order, one draw
   ``chance(density, 100)`` (i.e. ``below(100) < density``); true = shell.
   If no cell got a shell, repeat step 1 from the first cell (the stream just
   continues).
2. **Fuses.** For every shell in row-major order:

   a. list the directions, in enum order N, NE, E, SE, S, SW, W, NW, whose
      neighbour cell is on the grid and holds a shell (the *candidates*);
   b. if there is no candidate, the shell gets no fuse and nothing is drawn;
   c. otherwise draw ``k = 1 + below(min(fuses, len(candidates)))``, then
      shuffle the candidate list with Fisher–Yates (``shuffle``: for ``i`` from
      ``len - 1`` down to 1, ``j = below(i + 1)``, swap) and give the shell a
      fuse towards each of the first ``k`` directions of the shuffled list.

Nothing else draws. ``below`` is Lemire's multiply-and-reject; its rare
rejections consume extra outputs and are part of the stream
(:mod:`proofgrid.rng`).

Seeds in game IDs (``params#seed``): a seed text of 1–20 decimal digits whose
value is below 2**64 is that integer; any other text is hashed with
:func:`proofgrid.rng.seed_from_text` (see :func:`seed_value`).

Algorithm, generator version 2 (params ``RxCv2…``)
--------------------------------------------------
The same stream and step 1; step 2 becomes, for every shell in row-major order:

a. the directions considered are N, E, S, W (``n4``) or all eight (``n8``), in
   enum order; a direction is a *candidate* when its neighbour is on the grid
   and holds a shell — or, with ``e1``, is any cell on the grid;
b. no candidate: no fuse, nothing drawn;
c. ``k = min(fuses, len)`` with ``x1``, else ``k = 1 + below(min(fuses, len))``
   (drawn before the shuffle, as in v1); then the Fisher–Yates shuffle;
d. mutual-pair bias ``mNN`` > 0: for each candidate in shuffled order whose
   neighbour is a shell that already has a fuse towards this cell (only an
   earlier shell can), draw ``chance(mNN, 100)``; the candidates drawn true
   move, in order, to the front of the list (stable);
e. fuses towards the first ``k`` candidates that hold a shell (a fuse drawn
   towards an empty cell fizzles: it is not on the board).

Steps a–e with ``n8 m0 e0 x0`` draw exactly as v1, so ``RxCv2dNNfKn8m0e0x0``
and ``RxCdNNfK`` give the same board for every seed (tested).

Versions are frozen: changing an algorithm above would change existing boards
(and dailies), so a change must be a new version with its own params token
(:mod:`proofgrid.matchless.params`) and daily seed text.
"""

from __future__ import annotations

from proofgrid.matchless.board import Board
from proofgrid.matchless.codec import encode_desc
from proofgrid.matchless.params import Params, validate_params
from proofgrid.puzzle import parse_seed
from proofgrid.rng import SplitMix64

__all__ = ["GENERATOR_VERSION", "GENERATOR_VERSIONS", "generate", "generate_board", "seed_value"]

GENERATOR_VERSION = 1
"""The version of the v1 algorithm, in the seed texts of the dailies before the
switch to v2 and of the practice boards (both kept as they are)."""
GENERATOR_VERSIONS = (1, 2)
"""Every generator version, oldest first (``Params.version``)."""

_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_DY = (-1, -1, 0, 1, 1, 1, 0, -1)


def seed_value(text: str) -> int:
    """The 64-bit seed a game ID's seed text stands for: :func:`proofgrid.puzzle.parse_seed`."""
    return parse_seed(text)


def generate_board(params: Params, seed: int) -> Board:
    """Generate the board for ``(params, seed)`` (algorithm in the module docstring).

    Deterministic and integer-only; O(R·C) draws in expectation.
    """
    validate_params(params)
    rows, cols, density, max_fuses = params.rows, params.cols, params.density, params.fuses
    step = 2 if params.dirs == 4 else 1
    mutual, empty, exact = params.mutual, params.empty, params.exact
    rng = SplitMix64(seed)
    n = rows * cols
    while True:
        shell = [rng.below(100) < density for _ in range(n)]
        if any(shell):
            break
    cells: list[int | None] = [None] * n
    for cell in range(n):
        if not shell[cell]:
            continue
        r, c = divmod(cell, cols)
        cands: list[int] = []
        for d in range(0, 8, step):
            r2, c2 = r + _DY[d], c + _DX[d]
            if 0 <= r2 < rows and 0 <= c2 < cols and (empty or shell[r2 * cols + c2]):
                cands.append(d)
        fuses = 0
        if cands:
            bound = min(max_fuses, len(cands))
            k = bound if exact else 1 + rng.below(bound)
            rng.shuffle(cands)
            if mutual:
                cands = _promote_mutual(rng, cands, cell, cols=cols, cells=cells, mutual=mutual)
            for d in cands[:k]:
                if shell[cell + _DY[d] * cols + _DX[d]]:
                    fuses |= 1 << d
        cells[cell] = fuses
    return Board(rows, cols, tuple(cells))


def _promote_mutual(
    rng: SplitMix64, cands: list[int], cell: int, *, cols: int, cells: list[int | None], mutual: int
) -> list[int]:
    """Step 2d of v2: move back-pointing candidates to the front with chance ``mutual``%."""
    front: list[int] = []
    rest: list[int] = []
    for d in cands:
        there = cells[cell + _DY[d] * cols + _DX[d]]
        back = (d + 4) % 8
        if there is not None and there >> back & 1 and rng.chance(mutual, 100):
            front.append(d)
        else:
            rest.append(d)
    return front + rest


def generate(params: Params, seed: int) -> str:
    """The puzzle contract's ``generate``: the description of the generated board."""
    return encode_desc(generate_board(params, seed))
