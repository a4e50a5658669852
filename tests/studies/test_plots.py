"""Stats figures: they draw the report's numbers, and the SVG is byte-for-byte reproducible.

Oracles: percentages recomputed here from the report's JSON (not from the
series function), the heights matplotlib holds for every drawn bar, and a
second rendering of the same figure.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from matplotlib.patches import Rectangle

from proofgrid.figures import save_svg
from proofgrid.matchless.params import Params
from proofgrid.matchless.plots import matchless_figure, matchless_series
from proofgrid.matchless.stats import StatsReport, run_stats


@pytest.fixture(scope="module")
def report() -> StatsReport:
    return run_stats(
        120,
        Params(4, 4),
        more=(Params(5, 5),),
        duel_sizes=((Params(4, 4), 30), (Params(5, 5), 30)),
    )


def test_series_are_the_report_in_percent(report: StatsReport) -> None:
    data = report.as_json(timing=False)
    series = matchless_series(report)
    for size in data["sizes"]:  # type: ignore[attr-defined]
        n = size["boards"]
        for key, name in (("par", "par"), ("gap", "myopic_gap"), ("hidden", "hidden")):
            hist = size["histograms"][name]
            got = series[key][size["params"]]  # type: ignore[index]
            assert [v for v, _ in got] == [int(v) for v in hist]
            assert [p for _, p in got] == pytest.approx([100 * k / n for k in hist.values()])
    duel = series["duel"]
    assert isinstance(duel, dict)
    for row in data["duel"]:  # type: ignore[attr-defined]
        assert (row["params"], pytest.approx(row["percent"], abs=0.05)) in duel[row["rule"]]


def test_figure_draws_the_series(report: StatsReport) -> None:
    fig = matchless_figure(report)
    axes = fig.get_axes()
    series = matchless_series(report)
    gap = series["gap"]
    assert isinstance(gap, dict)
    heights = sorted(round(p.get_height(), 9) for p in axes[1].patches if isinstance(p, Rectangle))
    values = sorted({v for pts in gap.values() for v, _ in pts})
    expect = sorted(round(dict(pts).get(v, 0.0), 9) for pts in gap.values() for v in values)
    assert heights == expect
    assert [ax.get_title() for ax in axes] == [
        "par",
        "myopic gap",
        "hidden sources",
        "duel: obvious opening move not optimal",
    ]


def test_svg_is_deterministic_and_undated(report: StatsReport, tmp_path: Path) -> None:
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    save_svg(matchless_figure(report), a)
    save_svg(matchless_figure(report), b)
    assert a.read_bytes() == b.read_bytes()
    root = ET.parse(a).getroot()
    assert root.tag.endswith("svg")
    text = a.read_text()
    assert "<dc:date>" not in text
    assert "<!-- hidden sources -->" in text  # glyphs are drawn as paths, text kept as comment
