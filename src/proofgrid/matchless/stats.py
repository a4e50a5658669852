"""Monte-Carlo measurements behind the design: the seed's tables, with our generator.

Board ``i`` of a run on params ``P`` is ``generate_board(P,
seed_from_text(f"{base}/{encode_params(P)}/{i}"))`` with ``base =
"matchless/stats"`` unless given, so every figure is reproducible and any
single board can be re-examined.

Measured on random boards of the main size (default 6x6d70f2):

* greedy = par — the biggest-cascade player always uses exactly par matches
  (a theorem; the rate must be 100%);
* myopic ≥ 1, ≥ 2 — the biggest-fan-out player (ties to the lowest shell)
  needs at least one / two matches more than par;
* hidden ≥ 1, ≥ 2 — at least one / two source components are cycles of two or
  more shells.

And for the duel, on random 4x4 and 5x5 boards: the share of boards where the
obvious opening move (the biggest cascade) is not optimal, under each rule
(:func:`proofgrid.matchless.duel.obvious_move_not_optimal`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from proofgrid.matchless.duel import Rule, obvious_move_not_optimal
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import DEFAULT_PARAMS, Params, encode_params
from proofgrid.matchless.solve import analyse
from proofgrid.rng import seed_from_text

__all__ = [
    "BoardStats",
    "DuelRow",
    "StatsReport",
    "board_seed",
    "board_stats",
    "duel_stats",
    "run_stats",
]

DEFAULT_BASE = "matchless/stats"


def board_seed(base: str, params: Params, i: int) -> int:
    """Seed of board ``i`` in a stats run (module docstring)."""
    return seed_from_text(f"{base}/{encode_params(params)}/{i}")


def _pct(k: int, n: int) -> float:
    return round(100.0 * k / n, 1) if n else 0.0


@dataclass(frozen=True, slots=True)
class BoardStats:
    """Counts over ``boards`` random boards of ``params`` (module docstring)."""

    params: str
    boards: int
    greedy_equals_par: int
    myopic_ge1: int
    myopic_ge2: int
    hidden_ge1: int
    hidden_ge2: int
    par_total: int
    seconds: float

    def rates(self) -> dict[str, float]:
        """The counts as percentages of ``boards`` (one decimal)."""
        n = self.boards
        return {
            "greedy_equals_par": _pct(self.greedy_equals_par, n),
            "myopic_ge1": _pct(self.myopic_ge1, n),
            "myopic_ge2": _pct(self.myopic_ge2, n),
            "hidden_ge1": _pct(self.hidden_ge1, n),
            "hidden_ge2": _pct(self.hidden_ge2, n),
        }


def board_stats(
    n: int,
    params: Params = DEFAULT_PARAMS,
    *,
    base: str = DEFAULT_BASE,
    advance: Callable[[int], None] | None = None,
) -> BoardStats:
    """Measure ``n`` boards; about 0.5 ms a board on 6x6."""
    t0 = time.perf_counter()
    g = m1 = m2 = h1 = h2 = par_total = 0
    for i in range(n):
        a = analyse(generate_board(params, board_seed(base, params, i)))
        g += a.greedy == a.par
        gap = a.myopic_gap
        m1 += gap >= 1
        m2 += gap >= 2
        h1 += a.hidden >= 1
        h2 += a.hidden >= 2
        par_total += a.par
        if advance is not None and (i + 1) % 100 == 0:
            advance(100)
    if advance is not None and n % 100:
        advance(n % 100)
    return BoardStats(
        encode_params(params), n, g, m1, m2, h1, h2, par_total, time.perf_counter() - t0
    )


@dataclass(frozen=True, slots=True)
class DuelRow:
    """Boards of one size where the obvious move is not optimal, under one rule."""

    rule: str
    params: str
    boards: int
    not_optimal: int
    seconds: float

    @property
    def rate(self) -> float:
        """``not_optimal`` as a percentage (one decimal)."""
        return _pct(self.not_optimal, self.boards)


def duel_stats(
    n: int,
    params: Params,
    *,
    base: str = DEFAULT_BASE,
    advance: Callable[[int], None] | None = None,
) -> list[DuelRow]:
    """For each duel rule, count boards whose obvious opening move is not optimal."""
    rows = []
    boards = [generate_board(params, board_seed(base, params, i)) for i in range(n)]
    for rule in Rule:
        t0 = time.perf_counter()
        bad = 0
        for k, board in enumerate(boards):
            bad += obvious_move_not_optimal(board.succ, rule)
            if advance is not None and (k + 1) % 10 == 0:
                advance(10)
        if advance is not None and n % 10:
            advance(n % 10)
        rows.append(DuelRow(rule.value, encode_params(params), n, bad, time.perf_counter() - t0))
    return rows


@dataclass
class StatsReport:
    """A full stats run: the board table and the duel table."""

    boards: BoardStats
    duel: list[DuelRow] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        b = self.boards
        return {
            "params": b.params,
            "boards": b.boards,
            "seconds": round(b.seconds, 3),
            "mean_par": round(b.par_total / b.boards, 3) if b.boards else 0.0,
            "counts": {
                "greedy_equals_par": b.greedy_equals_par,
                "myopic_ge1": b.myopic_ge1,
                "myopic_ge2": b.myopic_ge2,
                "hidden_ge1": b.hidden_ge1,
                "hidden_ge2": b.hidden_ge2,
            },
            "percent": b.rates(),
            "duel": [
                {
                    "rule": r.rule,
                    "params": r.params,
                    "boards": r.boards,
                    "obvious_not_optimal": r.not_optimal,
                    "percent": r.rate,
                    "seconds": round(r.seconds, 3),
                }
                for r in self.duel
            ],
        }


def run_stats(
    n: int,
    params: Params = DEFAULT_PARAMS,
    *,
    duel_sizes: tuple[tuple[Params, int], ...] = (),
    base: str = DEFAULT_BASE,
    advance: Callable[[int], None] | None = None,
) -> StatsReport:
    """The board table for ``n`` boards, then the duel table for each ``(params, count)``."""
    report = StatsReport(board_stats(n, params, base=base, advance=advance))
    for dparams, count in duel_sizes:
        report.duel.extend(duel_stats(count, dparams, base=base, advance=advance))
    return report
