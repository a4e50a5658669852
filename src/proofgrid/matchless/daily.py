"""The daily board: a pure function of the date; nothing is generated on a server or stored.

Definition (the browser mirror computes exactly this)
-----------------------------------------------------
* Seed: ``seed_from_text(f"matchless/v{GENERATOR_VERSION}/daily/{date}")``
  with ``date`` in ISO form (``2026-11-30``); including the generator version
  means a future generator cannot silently change past dailies.
* Stream: ``rng = SplitMix64(seed)``; attempt ``k`` (0, 1, 2, …) generates the
  board ``generate_board(DAILY_PARAMS, rng.next64())`` — one ``next64`` per
  attempt, the generator running on its own SplitMix64 seeded with that value.
* The daily board is the first attempt that clears the **daily bar**:
  ``MIN_PAR ≤ par ≤ MAX_PAR`` (4..7), myopic gap ≥ 1 (a player who always
  strikes the biggest immediate fan-out, ties to the lowest shell, pays at
  least one extra match) and at least one hidden source (a source component
  that is a cycle of two or more shells).
* At most :data:`MAX_ATTEMPTS` attempts; on 6x6d70f2 about one board in two
  clears the bar (at most 10 attempts over the first year), so the bound is
  never reached in practice; if it ever were, the daily falls back to
  attempt 0 (``bar_met`` is then false).
* Puzzle number: days since :data:`LAUNCH` plus one (2026-11-30 is #1). Dates
  before the launch are rejected.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from proofgrid.matchless.board import Board
from proofgrid.matchless.generate import GENERATOR_VERSION, generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import Analysis, Solution, analyse, solve
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import SplitMix64, seed_from_text

__all__ = [
    "DAILY_PARAMS",
    "LAUNCH",
    "MAX_ATTEMPTS",
    "MAX_PAR",
    "MIN_PAR",
    "Daily",
    "clears_bar",
    "daily",
    "daily_seed",
    "parse_date",
    "puzzle_number",
]

LAUNCH = dt.date(2026, 11, 30)
DAILY_PARAMS = Params(6, 6, 70, 2)
MIN_PAR = 4
MAX_PAR = 7
MAX_ATTEMPTS = 1000


@dataclass(frozen=True, slots=True)
class Daily:
    """The daily puzzle for a date, with its proof and measures."""

    date: dt.date
    number: int
    attempt: int
    bar_met: bool
    board: Board
    solution: Solution
    analysis: Analysis


def daily_seed(date: dt.date) -> int:
    """The 64-bit seed of a date's stream (module docstring)."""
    return seed_from_text(f"matchless/v{GENERATOR_VERSION}/daily/{date.isoformat()}")


def puzzle_number(date: dt.date) -> int:
    """Days since the launch plus one; raises InvalidParamsError before the launch."""
    number = (date - LAUNCH).days + 1
    if number < 1:
        raise InvalidParamsError(f"daily boards begin on {LAUNCH.isoformat()} (#1)")
    return number


def parse_date(text: str) -> dt.date:
    """An ISO date ``YYYY-MM-DD``; raises InvalidParamsError otherwise."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidParamsError(
            f"cannot read date {text.strip()[:20]!r} (use YYYY-MM-DD)"
        ) from None


def clears_bar(a: Analysis) -> bool:
    """The daily bar: par in 4..7, myopic gap ≥ 1, at least one hidden source."""
    return MIN_PAR <= a.par <= MAX_PAR and a.myopic_gap >= 1 and a.hidden >= 1


def daily(date: dt.date) -> Daily:
    """The daily board for ``date`` (module docstring); deterministic, a few ms."""
    number = puzzle_number(date)
    rng = SplitMix64(daily_seed(date))
    first: tuple[Board, Solution, Analysis] | None = None
    for attempt in range(MAX_ATTEMPTS):
        board = generate_board(DAILY_PARAMS, rng.next64())
        sol = solve(board)
        a = analyse(board, sol)
        if first is None:
            first = (board, sol, a)
        if clears_bar(a):
            return Daily(date, number, attempt, True, board, sol, a)
    assert first is not None
    return Daily(date, number, 0, False, *first)  # pragma: no cover - never reached in practice
