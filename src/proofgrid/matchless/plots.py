"""The figure of ``proofgrid matchless stats --plot FILE.svg``: par, gap, hidden, duel.

Drawn with :mod:`proofgrid.figures` (deterministic SVG); the numbers behind
every panel come from :func:`matchless_series`, a pure function the tests check
against the report itself. Imported only when a figure is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from proofgrid.figures import new_figure, save_svg
from proofgrid.matchless.params import decode_params
from proofgrid.matchless.stats import Histogram, StatsReport

__all__ = ["SEED_DUEL", "draw", "matchless_figure", "matchless_series", "save_svg"]

SEED_DUEL = {
    ("most", "4x4"): 0.0,
    ("most", "5x5"): 0.6,
    ("fewest", "4x4"): 29.1,
    ("fewest", "5x5"): 35.5,
}
"""The seed's duel table (percent of boards where the obvious move is not optimal)."""

Series = dict[str, list[tuple[int, float]]]


def _percent(h: Histogram, boards: int) -> list[tuple[int, float]]:
    return [(value, 100.0 * k / boards) for value, k in h] if boards else []


def _size_key(params: str) -> tuple[int, int, int, int]:
    p = decode_params(params)
    return (p.rows * p.cols, p.rows, p.density, p.fuses)


def matchless_series(report: StatsReport) -> dict[str, object]:
    """The numbers each panel of :func:`matchless_figure` draws.

    ``par``, ``gap``, ``hidden``: per board params (smallest board first),
    ``[(value, percent of boards)]``;
    ``duel``: per rule, ``[(params, percent)]`` in report order.
    """
    par: Series = {}
    gap: Series = {}
    hidden: Series = {}
    for b in sorted(report.tables, key=lambda t: _size_key(t.params)):
        if not b.boards:
            continue
        par[b.params] = _percent(b.par_hist, b.boards)
        gap[b.params] = _percent(b.gap_hist, b.boards)
        hidden[b.params] = _percent(b.hidden_hist, b.boards)
    duel: dict[str, list[tuple[str, float]]] = {}
    for row in report.duel:
        duel.setdefault(row.rule, []).append((row.params, 100.0 * row.not_optimal / row.boards))
    return {"par": par, "gap": gap, "hidden": hidden, "duel": duel}


def _grouped_bars(ax: Axes, series: Series, xlabel: str, title: str) -> None:
    values = sorted({v for pts in series.values() for v, _ in pts})
    k = max(1, len(series))
    width = 0.8 / k
    for i, (name, pts) in enumerate(series.items()):
        got = dict(pts)
        xs = [v - 0.4 + width * (i + 0.5) for v in values]
        ax.bar(xs, [got.get(v, 0.0) for v in values], width=width, label=name)
    ax.set_xticks(values)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("% of boards")
    ax.set_title(title)
    ax.legend(title="board", fontsize=7, title_fontsize=7)
    ax.grid(axis="y", linewidth=0.4, alpha=0.5)


def _lines(ax: Axes, series: Series, xlabel: str, title: str) -> None:
    for name, pts in series.items():
        ax.plot([v for v, _ in pts], [p for _, p in pts], marker="o", markersize=3, label=name)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("% of boards")
    ax.set_title(title)
    ax.legend(title="board", fontsize=7, title_fontsize=7)
    ax.grid(linewidth=0.4, alpha=0.5)


def _duel_panel(ax: Axes, duel: dict[str, list[tuple[str, float]]]) -> None:
    rules = list(duel)
    sizes: list[str] = []
    for pts in duel.values():
        for name, _ in pts:
            if name not in sizes:
                sizes.append(name)
    width = 0.8 / max(1, len(rules))
    seed_label = "seed's figure"
    for i, rule in enumerate(rules):
        got = dict(duel[rule])
        xs = [j - 0.4 + width * (i + 0.5) for j in range(len(sizes))]
        heights = [got.get(s, 0.0) for s in sizes]
        bars = ax.bar(xs, heights, width=width, label=f"{rule} shells wins")
        ax.bar_label(bars, labels=[f"{h:.1f}%" for h in heights], fontsize=7, padding=2)
        for x, s in zip(xs, sizes, strict=True):
            ref = SEED_DUEL.get((rule, s.split("d")[0]))
            if ref is not None:
                ax.plot([x], [ref], marker="_", markersize=14, color="black", label=seed_label)
                seed_label = "_nolegend_"
    ax.set_xticks(range(len(sizes)))
    ax.set_xticklabels(sizes)
    ax.set_xlabel("board")
    ax.set_ylabel("% of boards")
    ax.set_title("duel: obvious opening move not optimal")
    ax.legend(fontsize=7)
    ax.grid(axis="y", linewidth=0.4, alpha=0.5)


def matchless_figure(report: StatsReport) -> Figure:
    """Par, myopic gap and hidden sources by board size, and the duel table by size and rule."""
    data = matchless_series(report)
    fig = new_figure(10.0, 7.5)
    axes: Sequence[Axes] = fig.subplots(2, 2).ravel().tolist()
    par = data["par"]
    gap = data["gap"]
    hidden = data["hidden"]
    duel = data["duel"]
    assert isinstance(par, dict) and isinstance(gap, dict) and isinstance(hidden, dict)
    assert isinstance(duel, dict)
    _lines(axes[0], par, "par (matches needed, proved)", "par")
    _grouped_bars(axes[1], gap, "extra matches of the myopic player", "myopic gap")
    _grouped_bars(axes[2], hidden, "source components that are cycles", "hidden sources")
    if duel:
        _duel_panel(axes[3], duel)
    else:
        axes[3].set_axis_off()
    n = report.boards.boards
    fig.suptitle(f"Matchless: {n:,} random boards per size (proofgrid matchless stats)")
    return fig


def draw(report: StatsReport, path: Path, *, timing: bool = True) -> None:
    """Write :func:`matchless_figure` of ``report`` to ``path`` (no panel is timed)."""
    save_svg(matchless_figure(report), path)
