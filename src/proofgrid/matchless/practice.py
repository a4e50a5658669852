"""Twelve curated practice boards, easy to expert, ordered by measured difficulty.

The boards ship as data (``practice.json`` beside this module, game IDs plus
their measures) produced by ``proofgrid matchless practice --regenerate``,
which runs :func:`build_practice`; a test checks the shipped file equals what
the command produces.

Curation (deterministic)
------------------------
1. Pool: for each size 4x4, 5x5, 6x6, 7x7 (default density and fuses) and
   ``i = 0 .. 99``, the board ``generate_board(Params(R, C),
   seed_from_text(f"matchless/practice/v{GENERATOR_VERSION}/{R}x{C}/{i}"))``;
   keep it when ``2 ≤ par ≤ 7`` (every practice board stays brute-force
   verifiable in about a second).
2. Difficulty (an integer; higher is harder)::

       difficulty = 3·par + 5·myopic_gap + 4·hidden_sources
                    + (shells − biggest_cascade) // 4

   more matches to find, more traps for the biggest-fan-out habit, more
   sources hidden in cycles, and less of the sky falling to one big cascade.
3. Sort the pool by ``(difficulty, rows·cols, game ID)`` and take the entries
   at positions ``k·(L − 1) // 11`` for ``k = 0 .. 11`` (``L`` = pool size):
   twelve boards spread evenly over the measured difficulty, in order.
   Boards 1–3 are "easy", 4–6 "medium", 7–9 "hard", 10–12 "expert".
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path

from proofgrid.matchless.game import game_id, parse_game_id
from proofgrid.matchless.generate import GENERATOR_VERSION, generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import Analysis, analyse
from proofgrid.rng import seed_from_text

__all__ = [
    "LEVELS",
    "PracticeBoard",
    "build_practice",
    "data_path",
    "difficulty",
    "load_practice",
    "practice_json",
]

POOL_SIZES = ((4, 4), (5, 5), (6, 6), (7, 7))
POOL_PER_SIZE = 100
MIN_PRACTICE_PAR = 2
MAX_PRACTICE_PAR = 7
LEVELS = ("easy",) * 3 + ("medium",) * 3 + ("hard",) * 3 + ("expert",) * 3


@dataclass(frozen=True, slots=True)
class PracticeBoard:
    """One practice board: its place, level, game ID and measures."""

    number: int
    level: str
    id: str
    par: int
    myopic_gap: int
    hidden_sources: int
    biggest_cascade: int
    difficulty: int


def difficulty(a: Analysis) -> int:
    """The practice difficulty score (module docstring)."""
    return 3 * a.par + 5 * a.myopic_gap + 4 * a.hidden + (a.shells - a.biggest_cascade) // 4


def build_practice() -> list[PracticeBoard]:
    """Run the curation (module docstring); about a second."""
    pool: list[tuple[int, int, str, Analysis]] = []
    for rows, cols in POOL_SIZES:
        for i in range(POOL_PER_SIZE):
            seed = seed_from_text(f"matchless/practice/v{GENERATOR_VERSION}/{rows}x{cols}/{i}")
            board = generate_board(Params(rows, cols), seed)
            a = analyse(board)
            if MIN_PRACTICE_PAR <= a.par <= MAX_PRACTICE_PAR:
                pool.append((difficulty(a), rows * cols, game_id(board), a))
    pool.sort(key=lambda t: (t[0], t[1], t[2]))
    out: list[PracticeBoard] = []
    for k in range(12):
        diff, _, gid, a = pool[k * (len(pool) - 1) // 11]
        out.append(
            PracticeBoard(
                k + 1, LEVELS[k], gid, a.par, a.myopic_gap, a.hidden, a.biggest_cascade, diff
            )
        )
    return out


def practice_json(boards: list[PracticeBoard]) -> str:
    """The shipped JSON text for a practice list (stable formatting)."""
    return json.dumps([asdict(b) for b in boards], indent=2) + "\n"


def data_path() -> Path:
    """Path of the shipped ``practice.json`` inside the package."""
    return Path(str(resources.files("proofgrid.matchless").joinpath("practice.json")))


def load_practice() -> list[PracticeBoard]:
    """The shipped practice boards, validated (each ID must parse)."""
    raw = json.loads(data_path().read_text(encoding="utf-8"))
    boards = [PracticeBoard(**item) for item in raw]
    for b in boards:
        parse_game_id(b.id)
    return boards
