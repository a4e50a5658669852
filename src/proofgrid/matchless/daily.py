"""The daily board: a pure function of the date; nothing is generated on a server or stored.

Definition (the browser mirror computes exactly this)
-----------------------------------------------------
* Generator: before :data:`SWITCH` (2027-01-01) the daily uses generator v1
  with :data:`DAILY_PARAMS` (6x6d70f2), exactly as when the dailies launched;
  from :data:`SWITCH` on, generator v2 with :data:`DAILY_PARAMS_V2` (the v2
  default 6x6 model, :data:`proofgrid.matchless.params.V2`). The switch date
  is later than every date served or pinned when v2 landed (2026-12-01; the
  pins hold 2026-12-25), so no daily anyone has seen changes.
  :func:`daily_params` gives a date's params.
* Seed: ``seed_from_text(f"matchless/v{version}/daily/{date}")`` with the
  date's generator version (1 or 2) and ``date`` in ISO form
  (``2026-11-30``); including the version means a new generator cannot
  silently change past dailies.
* Stream: ``rng = SplitMix64(seed)``; attempt ``k`` (0, 1, 2, …) generates the
  board ``generate_board(daily_params(date), rng.next64())`` — one ``next64``
  per attempt, the generator running on its own SplitMix64 seeded with that
  value.
* The daily board is the first attempt that clears the **daily bar**:
  ``MIN_PAR ≤ par ≤ MAX_PAR`` (4..7), myopic gap ≥ 1 (a player who always
  strikes the biggest immediate fan-out, ties to the lowest shell, pays at
  least one extra match) and at least one hidden source (a source component
  that is a cycle of two or more shells).
  The same bar for both versions, re-checked on v2 (``docs/studies.md``).
* At most :data:`MAX_ATTEMPTS` attempts; on 6x6d70f2 about one board in two
  clears the bar (at most 10 attempts over the first year), on v2 more, so the
  bound is never reached in practice; if it ever were, the daily falls back
  to attempt 0 (``bar_met`` is then false).
* Puzzle number: days since :data:`LAUNCH` plus one (2026-11-30 is #1). Dates
  before the launch are rejected.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from proofgrid import dates
from proofgrid.matchless.board import Board
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import V2, Params
from proofgrid.matchless.solve import Analysis, Solution, analyse, solve
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import SplitMix64, seed_from_text

__all__ = [
    "DAILY_PARAMS",
    "DAILY_PARAMS_V2",
    "LAUNCH",
    "MAX_ATTEMPTS",
    "MAX_PAR",
    "MIN_PAR",
    "SWITCH",
    "Daily",
    "clears_bar",
    "daily",
    "daily_params",
    "daily_seed",
    "first_clearing",
    "parse_date",
    "puzzle_number",
]

LAUNCH = dt.date(2026, 11, 30)
DAILY_PARAMS = Params(6, 6, 70, 2)
"""The dailies' params before :data:`SWITCH` (generator v1)."""
DAILY_PARAMS_V2 = V2
"""The dailies' params from :data:`SWITCH` on (generator v2, 6x6)."""
SWITCH = dt.date(2027, 1, 1)
"""First daily made by generator v2 (decided 2026-12-01; never a date already served)."""
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


def daily_params(date: dt.date) -> Params:
    """The params of a date's daily: v1 before :data:`SWITCH`, v2 from it on."""
    return DAILY_PARAMS if date < SWITCH else DAILY_PARAMS_V2


def daily_seed(date: dt.date) -> int:
    """The 64-bit seed of a date's stream (module docstring)."""
    return seed_from_text(f"matchless/v{daily_params(date).version}/daily/{date.isoformat()}")


def puzzle_number(date: dt.date) -> int:
    """Days since the launch plus one; raises InvalidParamsError before the launch."""
    number = (date - LAUNCH).days + 1
    if number < 1:
        raise InvalidParamsError(f"daily boards begin on {LAUNCH.isoformat()} (#1)")
    return number


def parse_date(text: str) -> dt.date:
    """Exactly ``YYYY-MM-DD`` after trimming spaces (:func:`proofgrid.dates.parse_date`)."""
    return dates.parse_date(text.strip(" "))


def clears_bar(a: Analysis) -> bool:
    """The daily bar: par in 4..7, myopic gap ≥ 1, at least one hidden source."""
    return MIN_PAR <= a.par <= MAX_PAR and a.myopic_gap >= 1 and a.hidden >= 1


def first_clearing(params: Params, seed: int) -> tuple[int, bool, Board, Solution, Analysis]:
    """``(attempt, bar_met, board, solution, analysis)``: the first board of the stream
    ``seed`` (module docstring) on ``params`` that clears the bar, or attempt 0 if none
    does within :data:`MAX_ATTEMPTS`. The daily is this on the date's params and seed;
    the generator study re-checks the bar with it.
    """
    rng = SplitMix64(seed)
    first: tuple[Board, Solution, Analysis] | None = None
    for attempt in range(MAX_ATTEMPTS):
        board = generate_board(params, rng.next64())
        sol = solve(board)
        a = analyse(board, sol)
        if first is None:
            first = (board, sol, a)
        if clears_bar(a):
            return attempt, True, board, sol, a
    assert first is not None
    return (0, False, *first)  # pragma: no cover - never reached in practice


def daily(date: dt.date) -> Daily:
    """The daily board for ``date`` (module docstring); deterministic, a few ms."""
    number = puzzle_number(date)
    return Daily(date, number, *first_clearing(daily_params(date), daily_seed(date)))
