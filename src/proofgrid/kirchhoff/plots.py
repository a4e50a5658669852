"""The figure of ``proofgrid kirchhoff stats --plot FILE.svg``: clues, grades, times.

Drawn with :mod:`proofgrid.figures` (deterministic SVG); the numbers behind
every panel come from :func:`kirchhoff_series`, a pure function the tests check
against the rows themselves. Imported only when a figure is asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from matplotlib.figure import Figure

from proofgrid.figures import new_figure, save_svg
from proofgrid.kirchhoff.stats import PresetStats

__all__ = ["draw", "kirchhoff_figure", "kirchhoff_series", "save_svg"]


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
    fig = new_figure(12.0 if timing else 8.0, 4.2)
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


def draw(rows: Sequence[PresetStats], path: Path, *, timing: bool = True) -> None:
    """Write :func:`kirchhoff_figure` of ``rows`` to ``path`` (``timing=False``: no time panel)."""
    save_svg(kirchhoff_figure(rows, timing=timing), path)
