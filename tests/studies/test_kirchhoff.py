"""Kirchhoff stats and verify through the execution layer: the same figures as one pass.

Oracles: the sequential engine (``measure``, ``verify.run`` without a runner)
for every deterministic figure and failure line; the preset table for sizes;
the bar heights matplotlib holds for the grade panel.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from matplotlib.patches import Rectangle

from proofgrid.cli import main
from proofgrid.kirchhoff import stats as kstats
from proofgrid.kirchhoff import verify as kverify
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.plots import kirchhoff_figure, kirchhoff_series
from proofgrid.studies.backends import InlineBackend, PoolBackend
from proofgrid.studies.runner import Runner
from proofgrid.tasks import StudyInterrupted
from tests.studies.test_engines import StopAfter

NAMES = ["easy", "hard"]


@pytest.fixture(scope="module")
def pool() -> Iterator[Runner]:
    backend = PoolBackend(2)
    yield Runner(backend)
    backend.close()


def _deterministic(row: kstats.PresetStats) -> tuple[object, ...]:
    return (row.as_json(timing=False), row.kept)


def test_stats_on_a_pool_and_any_chunking_equal_one_pass(
    pool: Runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    expect = [kstats.measure(name, 5, 3) for name in NAMES]
    got = kstats.run_stats(NAMES, 5, 3, runner=pool)
    assert [_deterministic(r) for r in got] == [_deterministic(r) for r in expect]
    monkeypatch.setattr(kstats, "STATS_CHUNK", 3)
    again = kstats.run_stats(NAMES, 5, 3, runner=Runner(InlineBackend()))
    assert [_deterministic(r) for r in again] == [_deterministic(r) for r in expect]
    for r in got:
        p = presets()[r.preset]
        assert (r.rows, r.cols, r.boards, len(r.times)) == (p.rows, p.cols, 5, 5)
        assert sum(r.final_grades.values()) == 5
        assert "median_s" in r.as_json() and "median_s" not in r.as_json(timing=False)


def test_interrupted_stats_summarise_the_finished_boards() -> None:
    with pytest.raises(StudyInterrupted) as info:
        kstats.run_stats(NAMES, 4, runner=StopAfter(3))  # 2 easy chunks, 1 hard chunk
    part = info.value.partial
    assert isinstance(part, list) and [r.preset for r in part] == NAMES
    assert [r.boards for r in part] == [4, kstats.STATS_CHUNK]
    assert _deterministic(part[0]) == _deterministic(kstats.measure("easy", 4))


def test_verify_on_a_pool_equals_one_pass(pool: Runner) -> None:
    expect = kverify.run(quick=True, seed=7)
    got = kverify.run(quick=True, seed=7, runner=pool)
    assert (got.checks, got.failures) == (expect.checks, expect.failures)
    assert got.failures == [] and got.checks > 500


def test_figure_draws_the_grade_shares() -> None:
    rows = [kstats.measure(name, 3) for name in NAMES]
    series = kirchhoff_series(rows)
    fig = kirchhoff_figure(rows)
    grade_axis = fig.get_axes()[1]
    heights = sorted(
        round(p.get_height(), 9) for p in grade_axis.patches if isinstance(p, Rectangle)
    )
    attempts, returned = series["attempts"], series["returned"]
    assert isinstance(attempts, dict) and isinstance(returned, dict)
    expect = sorted(
        round(v, 9)
        for table in (attempts, returned)
        for shares in table.values()
        for v in shares.values()
    )
    assert heights == expect
    for table in (attempts, returned):
        for shares in table.values():
            assert sum(shares.values()) == pytest.approx(100.0)
    kept = series["kept"]
    assert isinstance(kept, dict)
    assert kept["easy"] == pytest.approx([100 * k for k in rows[0].kept])


@pytest.mark.slow
def test_cli_stats_and_verify_on_one_and_two_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outs = []
    for w in ("1", "2"):
        args = ["kirchhoff", "stats", "3", "-p", "easy", "-p", "medium", "--json", "--no-timing"]
        assert main([*args, "--workers", w, "--plot", str(tmp_path / f"k{w}.svg")]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    assert [d["preset"] for d in data] == ["easy", "medium"] and data[0]["size"] == "5x5"
    assert (tmp_path / "k1.svg").read_bytes() == (tmp_path / "k2.svg").read_bytes()
    assert "generation time" not in (tmp_path / "k1.svg").read_text()  # --no-timing
    assert main(["kirchhoff", "stats", "2", "-p", "easy", "--plot", str(tmp_path / "t.svg")]) == 0
    assert "<!-- generation time by board size -->" in (tmp_path / "t.svg").read_text()
    assert capsys.readouterr().out.startswith("preset ")
    verify = []
    for w in ("1", "2"):
        assert main(["kirchhoff", "verify", "--quick", "--workers", w]) == 0
        verify.append(capsys.readouterr().out)
    assert verify[0] == verify[1] and verify[0].endswith("checks, 0 failures\n")
    for bad in (["-p", "nope"], ["--plot", str(tmp_path / "k.png")]):
        assert main(["kirchhoff", "stats", "2", *bad]) == 2
        assert capsys.readouterr().err.startswith("error: ")
