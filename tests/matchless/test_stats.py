"""Monte-Carlo statistics: counts agree with an independent per-board measurement.

Oracle: networkx condensation for par and hidden sources and a move-by-move
simulation of the myopic and greedy players (tests/matchless/test_daily_practice).
"""

from __future__ import annotations

from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.stats import board_seed, board_stats, duel_stats, run_stats
from proofgrid.rng import seed_from_text
from tests.matchless.test_daily_practice import _independent_measures


def test_board_counts_match_independent_measures() -> None:
    params = Params(5, 5)
    n = 60
    got = board_stats(n, params, base="test")
    m1 = m2 = h1 = h2 = total = 0
    for i in range(n):
        board = generate_board(params, seed_from_text(f"test/5x5d70f2/{i}"))
        par, gap, hidden = _independent_measures(board)
        m1 += gap >= 1
        m2 += gap >= 2
        h1 += hidden >= 1
        h2 += hidden >= 2
        total += par
    assert (got.myopic_ge1, got.myopic_ge2, got.hidden_ge1, got.hidden_ge2) == (m1, m2, h1, h2)
    assert got.par_total == total
    assert got.greedy_equals_par == n  # the theorem
    assert got.rates()["myopic_ge1"] == round(100 * m1 / n, 1)


def test_seeds_are_fixed() -> None:
    assert board_seed("matchless/stats", Params(), 7) == seed_from_text(
        "matchless/stats/6x6d70f2/7"
    )
    a = board_stats(20)
    b = board_stats(20)
    assert (a.myopic_ge1, a.hidden_ge2, a.par_total) == (b.myopic_ge1, b.hidden_ge2, b.par_total)


def test_report_json_shape() -> None:
    ticks: list[int] = []
    report = run_stats(30, duel_sizes=((Params(4, 4), 10),), advance=ticks.append)
    data = report.as_json()
    assert data["boards"] == 30 and sum(ticks) == 30 + 2 * 10
    duel = data["duel"]
    assert isinstance(duel, list) and [d["rule"] for d in duel] == ["most", "fewest"]
    rows = duel_stats(10, Params(4, 4))
    assert all(0 <= r.not_optimal <= r.boards == 10 for r in rows)
