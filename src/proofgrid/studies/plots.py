"""Figures for the stats commands: matplotlib, Agg canvas, SVG out, byte-for-byte reproducible.

No pyplot and no global backend switch: each figure is a
:class:`matplotlib.figure.Figure` on its own :class:`FigureCanvasAgg`, written
as SVG by :func:`save_svg` under fixed settings (``svg.hashsalt`` so clip-path
ids do not depend on a random salt, ``metadata={"Date": None}`` so no time
stamp, glyphs as paths from the bundled DejaVu fonts), so the same data gives
the same file on any run — and, for a given matplotlib version, on any machine.

The data behind every panel comes from a pure function (:func:`matchless_series`,
:func:`kirchhoff_series`) that the tests check against the report itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from proofgrid.kirchhoff.stats import PresetStats
from proofgrid.matchless.params import decode_params
from proofgrid.matchless.stats import Histogram, StatsReport

__all__ = [
    "SEED_DUEL",
    "kirchhoff_figure",
    "kirchhoff_series",
    "matchless_figure",
    "matchless_series",
    "save_svg",
]

SEED_DUEL = {
    ("most", "4x4"): 0.0,
    ("most", "5x5"): 0.6,
    ("fewest", "4x4"): 29.1,
    ("fewest", "5x5"): 35.5,
}
"""The seed's duel table (percent of boards where the obvious move is not optimal)."""

Series = dict[str, list[tuple[int, float]]]


def save_svg(fig: Figure, path: Path) -> None:
    """Write ``fig`` to ``path`` as deterministic SVG (module docstring)."""
    FigureCanvasAgg(fig)
    with matplotlib.rc_context({"svg.hashsalt": "proofgrid", "svg.fonttype": "path"}):
        fig.savefig(path, format="svg", metadata={"Date": None})


def _new_figure(width: float, height: float) -> Figure:
    with matplotlib.rc_context({"font.size": 9.0}):
        return Figure(figsize=(width, height), layout="constrained")


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
    fig = _new_figure(10.0, 7.5)
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


# --- Kirchhoff ----------------------------------------------------------------


def _shares(counts: dict[str, int]) -> dict[str, float]:
    total = sum(counts.values())
    return {g: (100.0 * k / total if total else 0.0) for g, k in counts.items()}


def kirchhoff_series(rows: Sequence[PresetStats]) -> dict[str, object]:
    """The numbers each panel of :func:`kirchhoff_figure` draws, per preset.

    ``kept``: percent of ordinary cells keeping a throughput clue, per board;
    ``attempts`` / ``returned``: percent of attempts / of returned boards per
    grade; ``times``: generation seconds per board; ``cells``: rows × cols.
    """
    return {
        "kept": {r.preset: [100.0 * k for k in r.kept] for r in rows},
        "attempts": {r.preset: _shares(r.attempt_grades) for r in rows},
        "returned": {r.preset: _shares(r.final_grades) for r in rows},
        "times": {r.preset: list(r.times) for r in rows},
        "cells": {r.preset: r.rows * r.cols for r in rows},
    }


_GRADE_COLOURS = {"easy": "#4c9f70", "medium": "#e1a23b", "hard": "#c8553d"}


def kirchhoff_figure(rows: Sequence[PresetStats], *, timing: bool = True) -> Figure:
    """Clues surviving and grades by preset; generation time by board size.

    The time panel is measured, so it differs from run to run; ``timing=False``
    leaves it out, and the figure is then byte-for-byte reproducible.
    """
    fig = _new_figure(12.0 if timing else 8.0, 4.2)
    axes = fig.subplots(1, 3 if timing else 2).ravel().tolist()
    ax_kept, ax_grade = axes[0], axes[1]
    labels = [f"{r.preset}\n{r.rows}x{r.cols}" for r in rows]
    ax_kept.boxplot([[100.0 * k for k in r.kept] for r in rows], tick_labels=labels)
    ax_kept.set_ylabel("% of ordinary cells keeping a throughput clue")
    ax_kept.set_title("clues surviving removal")
    ax_kept.grid(axis="y", linewidth=0.4, alpha=0.5)

    width = 0.38
    for j, r in enumerate(rows):
        for dx, counts, hatch in (
            (-width / 2, r.attempt_grades, "//"),
            (width / 2, r.final_grades, ""),
        ):
            bottom = 0.0
            for grade, pct in _shares(counts).items():
                ax_grade.bar(
                    [j + dx],
                    [pct],
                    width=width * 0.95,
                    bottom=[bottom],
                    color=_GRADE_COLOURS.get(grade, "grey"),
                    hatch=hatch,
                    edgecolor="white",
                    label=grade if j == 0 and not hatch else "_nolegend_",
                )
                bottom += pct
    ax_grade.set_xticks(range(len(rows)))
    ax_grade.set_xticklabels(labels)
    ax_grade.set_ylabel("% (hatched: every attempt; plain: boards returned)")
    ax_grade.set_title("grade by preset")
    ax_grade.legend(fontsize=7)

    n = max((r.boards for r in rows), default=0)
    fig.suptitle(f"Kirchhoff: {n:,} generated boards per preset (proofgrid kirchhoff stats)")
    if not timing:
        return fig
    ax_time = axes[2]
    order = sorted(range(len(rows)), key=lambda j: (rows[j].rows * rows[j].cols, rows[j].preset))
    ax_time.boxplot(
        [list(rows[j].times) for j in order],
        positions=list(range(len(order))),
        tick_labels=[labels[j] for j in order],
    )
    ax_time.set_yscale("log")
    ax_time.set_ylabel("seconds per board (log scale)")
    ax_time.set_title("generation time by board size")
    ax_time.grid(axis="y", linewidth=0.4, alpha=0.5, which="both")
    return fig
