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

Changing anything above changes every generated board (and every daily), so it
must bump :data:`GENERATOR_VERSION`, which the daily seed includes.
"""

from __future__ import annotations

from proofgrid.matchless.board import Board
from proofgrid.matchless.codec import encode_desc
from proofgrid.matchless.params import Params, validate_params
from proofgrid.puzzle import parse_seed
from proofgrid.rng import SplitMix64

__all__ = ["GENERATOR_VERSION", "generate", "generate_board", "seed_value"]

GENERATOR_VERSION = 1

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
        for d in range(8):
            r2, c2 = r + _DY[d], c + _DX[d]
            if 0 <= r2 < rows and 0 <= c2 < cols and shell[r2 * cols + c2]:
                cands.append(d)
        fuses = 0
        if cands:
            k = 1 + rng.below(min(max_fuses, len(cands)))
            rng.shuffle(cands)
            for d in cands[:k]:
                fuses |= 1 << d
        cells[cell] = fuses
    return Board(rows, cols, tuple(cells))


def generate(params: Params, seed: int) -> str:
    """The puzzle contract's ``generate``: the description of the generated board."""
    return encode_desc(generate_board(params, seed))
