"""Matchless stats and verify through the execution layer: the same numbers as one pass.

Oracles: the sequential engine functions (no runner) for every count and
failure line; networkx and a move-by-move myopic player for the new
histograms; the first ``k`` boards measured directly for an interrupted run.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from proofgrid.matchless import stats as stats_module
from proofgrid.matchless.daily import LAUNCH
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.stats import (
    BoardStats,
    board_seed,
    board_stats,
    merge_boards,
    merge_duel,
    run_stats,
)
from proofgrid.matchless.verify import VerifyReport, merge_reports, run_verify
from proofgrid.studies.backends import InlineBackend, PoolBackend
from proofgrid.studies.runner import Runner
from proofgrid.tasks import StudyInterrupted, Task
from tests.matchless.test_daily_practice import _independent_measures

DUELS = ((Params(4, 4), 23),)


class StopAfter(Runner):
    """A runner that delivers ``k`` results and then gets Ctrl-C."""

    def __init__(self, k: int) -> None:
        super().__init__(InlineBackend())
        self.k = k

    def run(self, tasks: Sequence[Task], *, label: str = "", unit: str = "") -> Iterator[Any]:
        inner = super().run(tasks, label=label, unit=unit)
        for _ in range(self.k):
            yield next(inner)
        inner.close()
        raise KeyboardInterrupt


@pytest.fixture(scope="module")
def pool() -> Iterator[Runner]:
    backend = PoolBackend(2)
    yield Runner(backend)
    backend.close()


def test_stats_any_chunking_and_backend_equals_one_pass(
    monkeypatch: pytest.MonkeyPatch, pool: Runner
) -> None:
    sizes = (Params(4, 4), Params(5, 5, 50, 3))
    expect = run_stats(130, sizes[0], more=sizes[1:], duel_sizes=DUELS).as_json(timing=False)
    got = run_stats(130, sizes[0], more=sizes[1:], duel_sizes=DUELS, runner=pool)
    assert got.as_json(timing=False) == expect
    monkeypatch.setattr(stats_module, "BOARD_CHUNK", 7)
    monkeypatch.setattr(stats_module, "DUEL_CHUNK", 3)
    small = run_stats(
        130, sizes[0], more=sizes[1:], duel_sizes=DUELS, runner=Runner(InlineBackend())
    )
    assert small.as_json(timing=False) == expect
    assert "seconds" not in str(expect) and "seconds" in str(small.as_json())


def test_histograms_match_an_independent_measurement() -> None:
    params = Params(5, 5)
    b = board_stats(80, params, base="hist")
    pars: Counter[int] = Counter()
    gaps: Counter[int] = Counter()
    hiddens: Counter[int] = Counter()
    for i in range(80):
        par, gap, hidden = _independent_measures(
            generate_board(params, board_seed("hist", params, i))
        )
        pars[par] += 1
        gaps[gap] += 1
        hiddens[hidden] += 1
    assert dict(b.par_hist) == pars and dict(b.gap_hist) == gaps
    assert dict(b.hidden_hist) == hiddens
    assert b.par_hist == tuple(sorted(b.par_hist))


def test_merges_refuse_mixed_tables() -> None:
    a = board_stats(3, Params(4, 4))
    c = board_stats(3, Params(5, 5))
    with pytest.raises(ValueError, match="different params"):
        merge_boards([a, c])
    with pytest.raises(ValueError, match="nothing"):
        merge_boards([])
    rows = stats_module.duel_boards(Params(4, 4), "x", 0, 2)
    with pytest.raises(ValueError, match="different rules"):
        merge_duel([rows, rows[::-1]])


def test_interrupted_stats_report_the_finished_prefix() -> None:
    runner = StopAfter(2)
    with pytest.raises(StudyInterrupted) as info:
        run_stats(600, Params(4, 4), duel_sizes=DUELS, runner=runner)
    part = info.value.partial
    assert isinstance(part, stats_module.StatsReport)
    chunk = runner.chunk_size(600, most=stats_module.BOARD_CHUNK, least=stats_module.LEAST_CHUNK)
    k = 2 * chunk
    assert 0 < k < 600
    direct: BoardStats = board_stats(k, Params(4, 4))
    assert part.boards.boards == k == info.value.done
    assert (
        part.as_json(timing=False)["counts"]
        == stats_module.StatsReport(direct).as_json(timing=False)["counts"]
    )
    assert part.duel == [] and info.value.total == 600 + 2 * 23


def test_verify_through_a_pool_equals_one_pass(pool: Runner) -> None:
    start = LAUNCH + dt.timedelta(days=3)
    expect = run_verify(quick=True, start=start)
    got = run_verify(quick=True, start=start, runner=pool)
    assert (got.checks, got.failures) == (expect.checks, expect.failures)
    assert got.failures == []


def test_interrupted_verify_reports_checks_so_far() -> None:
    with pytest.raises(StudyInterrupted) as info:
        run_verify(quick=True, start=LAUNCH, runner=StopAfter(1))
    part = info.value.partial
    assert isinstance(part, VerifyReport)
    assert part.checks == 5 * info.value.done  # five checks a board


def test_merge_reports_keeps_order() -> None:
    a, b = VerifyReport(), VerifyReport()
    a.check(False, "first")
    a.check(True, "fine")
    b.check(False, "second")
    merged = merge_reports([a, b])
    assert merged.checks == 3 and merged.failures == ["first", "second"]
