"""Generation statistics per preset: time, clues surviving, grade distribution.

For each preset, boards are generated from seeds ``seed0 .. seed0+n-1`` and
timed with :func:`time.perf_counter`. Reported per preset: median and 90th
percentile generation time, median attempts, the median share of non-terminal
cells that keep a throughput clue, the grades of *every attempt* (how often
the raw construction lands on each grade — the figure that decides whether a
preset is reachable at its size) and of the boards returned.

Each board is measured on its own (:func:`measure_seeds`, a top-level function
over a range of seeds), so an :class:`~proofgrid.tasks.Executor` (the studies
runner) can spread the seeds over processes or a Dask cluster; the per-board records are
concatenated in seed order and summarised once (:func:`summarise`), so every
figure except the times is identical to one sequential pass.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from proofgrid.errors import InvalidParamsError
from proofgrid.kirchhoff.board import ClueKind, Grade
from proofgrid.kirchhoff.codec import Params, presets
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.tasks import Executor, Study, chunked

__all__ = [
    "STATS_CHUNK",
    "BoardRecord",
    "PresetStats",
    "format_table",
    "measure",
    "measure_seeds",
    "run_stats",
    "summarise",
    "summarise_parts",
]

STATS_CHUNK = 2
"""Seeds per task (a giant 16x16 board takes about a second)."""


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
    kept: tuple[float, ...] = ()
    times: tuple[float, ...] = ()

    def as_json(self, *, timing: bool = True) -> dict[str, object]:
        """Plain data for ``--json``; ``timing=False`` drops the machine-dependent times."""
        data: dict[str, object] = {
            "preset": self.preset,
            "size": f"{self.rows}x{self.cols}",
            "boards": self.boards,
        }
        if timing:
            data["median_s"] = round(self.median_s, 4)
            data["p90_s"] = round(self.p90_s, 4)
            data["max_s"] = round(self.max_s, 4)
        data["median_attempts"] = self.median_attempts
        data["clues_kept"] = round(self.clues_kept, 4)
        data["attempt_grades"] = self.attempt_grades
        data["final_grades"] = self.final_grades
        return data


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """What generating one board took and gave."""

    seed: int
    seconds: float
    attempts: int
    kept: float
    attempt_grades: tuple[str, ...]
    grade: str


def _p90(xs: list[float]) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, (9 * len(ys)) // 10)]


def _params(preset: str) -> Params:
    table = presets()
    if preset not in table:
        raise InvalidParamsError(f"unknown preset {preset!r} (choose from {', '.join(table)})")
    return table[preset]


def measure_seeds(params: Params, start: int, stop: int) -> tuple[BoardRecord, ...]:
    """Generate and time the boards of seeds ``start .. stop-1`` (one task)."""
    out = []
    for seed in range(start, stop):
        t0 = time.perf_counter()
        gen = generate_board(params, seed)
        seconds = time.perf_counter() - t0
        clues = gen.board.clues
        ordinary = sum(1 for c in clues if c.kind in (ClueKind.BLANK, ClueKind.THROUGHPUT))
        through = sum(1 for c in clues if c.kind is ClueKind.THROUGHPUT)
        out.append(
            BoardRecord(
                seed,
                seconds,
                gen.attempts,
                through / ordinary if ordinary else 0.0,
                tuple(g.value for g in gen.attempt_grades),
                gen.report.grade.value,
            )
        )
    return tuple(out)


def summarise(preset: str, records: Sequence[BoardRecord]) -> PresetStats:
    """The :class:`PresetStats` of a preset's board records (in seed order)."""
    if not records:
        raise InvalidParamsError("need at least one board")
    params = _params(preset)
    times = [r.seconds for r in records]
    per_attempt: Counter[str] = Counter()
    final: Counter[str] = Counter()
    for r in records:
        per_attempt.update(r.attempt_grades)
        final[r.grade] += 1
    order = [g.value for g in Grade]
    return PresetStats(
        preset,
        params.rows,
        params.cols,
        len(records),
        statistics.median(times),
        _p90(times),
        max(times),
        statistics.median([r.attempts for r in records]),
        statistics.median([r.kept for r in records]),
        {g: per_attempt[g] for g in order},
        {g: final[g] for g in order},
        tuple(r.kept for r in records),
        tuple(times),
    )


def measure(preset: str, n: int, seed0: int = 0) -> PresetStats:
    """Generate ``n`` boards of ``preset`` and summarise them."""
    params = _params(preset)
    if n < 1:
        raise InvalidParamsError("need at least one board")
    return summarise(preset, measure_seeds(params, seed0, seed0 + n))


def run_stats(
    names: Sequence[str], n: int, seed0: int = 0, *, runner: Executor | None = None
) -> list[PresetStats]:
    """:func:`measure` for each preset; with ``runner``, seeds go out in chunks.

    Ctrl-C under a runner raises :class:`~proofgrid.tasks.StudyInterrupted`
    whose ``partial`` lists the summaries over the boards finished so far
    (:func:`summarise_parts`).
    """
    if n < 1:
        raise InvalidParamsError("need at least one board")
    if runner is None:
        return [measure(name, n, seed0) for name in names]
    tasks = []
    for name in names:
        tasks.extend(chunked(measure_seeds, (_params(name),), seed0 + n, STATS_CHUNK, first=seed0))
    merge = partial(summarise_parts, tuple(names), n)
    return runner.complete(Study(tasks, merge, "stats", "boards"))


def summarise_parts(
    names: Sequence[str], n: int, parts: Sequence[Sequence[BoardRecord]]
) -> list[PresetStats]:
    """Summaries of the presets ``names`` (``n`` boards each) from chunk results in order.

    ``parts`` may be a prefix of the task list (an interrupted run): each
    preset is summarised over the boards it has, and presets with none are left out.
    """
    records = [r for part in parts for r in part]
    return [
        summarise(name, chunk)
        for k, name in enumerate(names)
        if (chunk := records[k * n : (k + 1) * n])
    ]


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
