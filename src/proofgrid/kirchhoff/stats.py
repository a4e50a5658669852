"""Generation statistics per preset: time, clues surviving, grade distribution.

For each preset, boards are generated from seeds ``seed0 .. seed0+n-1`` and
timed with :func:`time.perf_counter`. Reported per preset: median and 90th
percentile generation time, median attempts, the median share of non-terminal
cells that keep a throughput clue, the grades of *every attempt* (how often
the raw construction lands on each grade — the figure that decides whether a
preset is reachable at its size) and of the boards returned.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass

from proofgrid.kirchhoff.board import ClueKind, Grade
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.puzzle import InvalidParamsError

__all__ = ["PresetStats", "format_table", "measure"]


@dataclass(frozen=True, slots=True)
class PresetStats:
    """Measured figures for one preset (times in seconds)."""

    preset: str
    rows: int
    cols: int
    boards: int
    median_s: float
    p90_s: float
    max_s: float
    median_attempts: float
    clues_kept: float
    attempt_grades: dict[str, int]
    final_grades: dict[str, int]


def _p90(xs: list[float]) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, (9 * len(ys)) // 10)]


def measure(preset: str, n: int, seed0: int = 0) -> PresetStats:
    """Generate ``n`` boards of ``preset`` and summarise them."""
    table = presets()
    if preset not in table:
        raise InvalidParamsError(f"unknown preset {preset!r} (choose from {', '.join(table)})")
    if n < 1:
        raise InvalidParamsError("need at least one board")
    params = table[preset]
    times: list[float] = []
    attempts: list[int] = []
    kept: list[float] = []
    per_attempt: Counter[str] = Counter()
    final: Counter[str] = Counter()
    for seed in range(seed0, seed0 + n):
        t0 = time.perf_counter()
        gen = generate_board(params, seed)
        times.append(time.perf_counter() - t0)
        attempts.append(gen.attempts)
        per_attempt.update(g.value for g in gen.attempt_grades)
        final[gen.report.grade.value] += 1
        clues = gen.board.clues
        ordinary = sum(1 for c in clues if c.kind in (ClueKind.BLANK, ClueKind.THROUGHPUT))
        through = sum(1 for c in clues if c.kind is ClueKind.THROUGHPUT)
        kept.append(through / ordinary if ordinary else 0.0)
    order = [g.value for g in Grade]
    return PresetStats(
        preset,
        params.rows,
        params.cols,
        n,
        statistics.median(times),
        _p90(times),
        max(times),
        statistics.median(attempts),
        statistics.median(kept),
        {g: per_attempt[g] for g in order},
        {g: final[g] for g in order},
    )


def format_table(rows: list[PresetStats]) -> str:
    """A plain-text table of :func:`measure` results."""
    head = (
        f"{'preset':<8} {'size':>5} {'n':>4} {'median s':>9} {'p90 s':>7} {'max s':>7} "
        f"{'attempts':>8} {'clues kept':>10}  grades of all attempts (e/m/h)   returned (e/m/h)"
    )
    lines = [head]
    for r in rows:
        att = sum(r.attempt_grades.values())
        pct = "/".join(
            f"{100 * r.attempt_grades[g.value] / att:.0f}%" if att else "-" for g in Grade
        )
        fin = "/".join(str(r.final_grades[g.value]) for g in Grade)
        lines.append(
            f"{r.preset:<8} {f'{r.rows}x{r.cols}':>5} {r.boards:>4} {r.median_s:>9.3f} "
            f"{r.p90_s:>7.3f} {r.max_s:>7.3f} {r.median_attempts:>8.1f} {r.clues_kept:>9.0%}  "
            f"{pct:<32} {fin}"
        )
    return "\n".join(lines)
