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

Every table is a sum over boards, so a run splits into chunks of boards
(:func:`measure_boards`, :func:`duel_boards`: top-level, picklable) that an
:class:`~proofgrid.tasks.Executor` (the studies runner) spreads over processes
or a Dask cluster; merging the chunks in order (:func:`merge_boards`,
:func:`merge_duel`) gives exactly the counts of one sequential pass. Only the
``seconds`` fields (compute time summed over chunks) depend on the machine.
Each board table also keeps the distribution of par, myopic gap and hidden
sources (for ``--plot``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from proofgrid.matchless.duel import Rule, obvious_move_not_optimal
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import DEFAULT_PARAMS, Params, encode_params
from proofgrid.matchless.solve import analyse
from proofgrid.rng import seed_from_text
from proofgrid.tasks import Executor, Study, Task, chunked, plan

__all__ = [
    "BOARD_CHUNK",
    "DUEL_CHUNK",
    "LEAST_CHUNK",
    "BoardStats",
    "DuelRow",
    "Histogram",
    "StatsReport",
    "board_seed",
    "board_stats",
    "duel_boards",
    "duel_stats",
    "format_report",
    "measure_boards",
    "merge_boards",
    "merge_duel",
    "run_stats",
]

DEFAULT_BASE = "matchless/stats"
BOARD_CHUNK = 2000
"""Most boards per board-table task (about 0.5 s of work on 6x6, 0.24 ms a board).

The runner picks the size (:meth:`~proofgrid.tasks.Executor.chunk_size`):
about 16 tasks per worker, at least :data:`LEAST_CHUNK` boards, at most this.
"""
DUEL_CHUNK = 1000
"""Most boards per duel task (both rules; 0.17 ms a board on 4x4, 0.47 ms on 5x5)."""
LEAST_CHUNK = 40
"""Fewest boards per task (about 10 ms): keeps a task long against its fixed cost."""

Histogram = tuple[tuple[int, int], ...]
"""A distribution as ``((value, boards), ...)``, values ascending."""


def _histogram(counts: Counter[int]) -> Histogram:
    return tuple(sorted(counts.items()))


def _merge_histograms(parts: Iterable[Histogram]) -> Histogram:
    total: Counter[int] = Counter()
    for h in parts:
        for value, k in h:
            total[value] += k
    return _histogram(total)


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
    par_hist: Histogram = ()
    gap_hist: Histogram = ()
    hidden_hist: Histogram = ()

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


def measure_boards(
    params: Params,
    base: str,
    start: int,
    stop: int,
    advance: Callable[[int], None] | None = None,
) -> BoardStats:
    """Measure boards ``start .. stop-1`` of a run (one chunk); ``advance`` every 100."""
    t0 = time.perf_counter()
    g = m1 = m2 = h1 = h2 = par_total = 0
    pars: Counter[int] = Counter()
    gaps: Counter[int] = Counter()
    hiddens: Counter[int] = Counter()
    for i in range(start, stop):
        a = analyse(generate_board(params, board_seed(base, params, i)))
        g += a.greedy == a.par
        gap = a.myopic_gap
        m1 += gap >= 1
        m2 += gap >= 2
        h1 += a.hidden >= 1
        h2 += a.hidden >= 2
        par_total += a.par
        pars[a.par] += 1
        gaps[gap] += 1
        hiddens[a.hidden] += 1
        if advance is not None and (i + 1 - start) % 100 == 0:
            advance(100)
    n = max(0, stop - start)
    if advance is not None and n % 100:
        advance(n % 100)
    return BoardStats(
        encode_params(params),
        n,
        g,
        m1,
        m2,
        h1,
        h2,
        par_total,
        time.perf_counter() - t0,
        _histogram(pars),
        _histogram(gaps),
        _histogram(hiddens),
    )


def merge_boards(parts: Sequence[BoardStats]) -> BoardStats:
    """Sum chunk tables of one params (counts, histograms and compute seconds)."""
    if not parts:
        raise ValueError("nothing to merge")
    names = {p.params for p in parts}
    if len(names) != 1:
        raise ValueError(f"cannot merge tables of different params: {sorted(names)}")
    return BoardStats(
        parts[0].params,
        sum(p.boards for p in parts),
        sum(p.greedy_equals_par for p in parts),
        sum(p.myopic_ge1 for p in parts),
        sum(p.myopic_ge2 for p in parts),
        sum(p.hidden_ge1 for p in parts),
        sum(p.hidden_ge2 for p in parts),
        sum(p.par_total for p in parts),
        sum(p.seconds for p in parts),
        _merge_histograms(p.par_hist for p in parts),
        _merge_histograms(p.gap_hist for p in parts),
        _merge_histograms(p.hidden_hist for p in parts),
    )


def board_stats(
    n: int,
    params: Params = DEFAULT_PARAMS,
    *,
    base: str = DEFAULT_BASE,
    advance: Callable[[int], None] | None = None,
) -> BoardStats:
    """Measure ``n`` boards in this process; about 0.5 ms a board on 6x6."""
    return measure_boards(params, base, 0, n, advance)


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


def _duel_rows(
    params: Params,
    base: str,
    start: int,
    stop: int,
    advance: Callable[[int], None] | None = None,
) -> list[DuelRow]:
    """For each rule, count boards ``start .. stop-1`` whose obvious move is not optimal."""
    rows = []
    n = max(0, stop - start)
    boards = [generate_board(params, board_seed(base, params, i)) for i in range(start, stop)]
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


def duel_boards(params: Params, base: str, start: int, stop: int) -> tuple[DuelRow, ...]:
    """One chunk of the duel table: a row per rule over boards ``start .. stop-1``."""
    return tuple(_duel_rows(params, base, start, stop))


def merge_duel(parts: Sequence[Sequence[DuelRow]]) -> list[DuelRow]:
    """Sum chunk rows of one params, rule by rule (in :class:`Rule` order)."""
    out = []
    for k, rule in enumerate(Rule):
        rows = [p[k] for p in parts]
        if any(r.rule != rule.value for r in rows) or len({r.params for r in rows}) != 1:
            raise ValueError("cannot merge duel rows of different rules or params")
        out.append(
            DuelRow(
                rule.value,
                rows[0].params,
                sum(r.boards for r in rows),
                sum(r.not_optimal for r in rows),
                sum(r.seconds for r in rows),
            )
        )
    return out


def duel_stats(
    n: int,
    params: Params,
    *,
    base: str = DEFAULT_BASE,
    advance: Callable[[int], None] | None = None,
) -> list[DuelRow]:
    """For each duel rule, count boards whose obvious opening move is not optimal."""
    return _duel_rows(params, base, 0, n, advance)


def _hist_json(h: Histogram) -> dict[str, int]:
    return {str(value): k for value, k in h}


def _table_json(b: BoardStats, timing: bool) -> dict[str, object]:
    data: dict[str, object] = {"params": b.params, "boards": b.boards}
    if timing:
        data["seconds"] = round(b.seconds, 3)
    data["mean_par"] = round(b.par_total / b.boards, 3) if b.boards else 0.0
    data["counts"] = {
        "greedy_equals_par": b.greedy_equals_par,
        "myopic_ge1": b.myopic_ge1,
        "myopic_ge2": b.myopic_ge2,
        "hidden_ge1": b.hidden_ge1,
        "hidden_ge2": b.hidden_ge2,
    }
    data["percent"] = b.rates()
    return data


@dataclass
class StatsReport:
    """A full stats run: the board table, any further sizes, and the duel table."""

    boards: BoardStats
    duel: list[DuelRow] = field(default_factory=list)
    more: list[BoardStats] = field(default_factory=list)

    @property
    def tables(self) -> list[BoardStats]:
        """Every board table, the main size first."""
        return [self.boards, *self.more]

    def as_json(self, *, timing: bool = True) -> dict[str, object]:
        """Plain data for ``--json``; ``timing=False`` drops every ``seconds`` field.

        Without timing the data depends only on the boards measured, so it is
        byte-for-byte the same on any backend and worker count.
        """
        data = _table_json(self.boards, timing)
        duel = []
        for r in self.duel:
            row: dict[str, object] = {
                "rule": r.rule,
                "params": r.params,
                "boards": r.boards,
                "obvious_not_optimal": r.not_optimal,
                "percent": r.rate,
            }
            if timing:
                row["seconds"] = round(r.seconds, 3)
            duel.append(row)
        data["duel"] = duel
        sizes = []
        for b in self.tables:
            table = _table_json(b, timing)
            table["histograms"] = {
                "par": _hist_json(b.par_hist),
                "myopic_gap": _hist_json(b.gap_hist),
                "hidden": _hist_json(b.hidden_hist),
            }
            sizes.append(table)
        data["sizes"] = sizes
        return data


def format_report(report: StatsReport) -> str:
    """The tables as text: per board size its rates, then a line per duel row ("" if empty)."""
    lines = []
    for b in report.tables:
        if not b.boards:
            continue
        r = b.rates()
        mean = b.par_total / b.boards
        lines += [
            f"random {b.params} boards: {b.boards} ({b.seconds:.2f} s), mean par {mean:.2f}",
            f"  greedy (biggest cascade) matches par          {r['greedy_equals_par']:5.1f}%",
            f"  myopic (biggest fan-out) ≥ 1 extra match      {r['myopic_ge1']:5.1f}%",
            f"  myopic (biggest fan-out) ≥ 2 extra matches    {r['myopic_ge2']:5.1f}%",
            f"  ≥ 1 source hidden inside a cycle              {r['hidden_ge1']:5.1f}%",
            f"  ≥ 2 sources hidden inside cycles              {r['hidden_ge2']:5.1f}%",
        ]
    for row in report.duel:
        lines.append(
            f"duel, {row.rule} shells wins, {row.params} ({row.boards} boards,"
            f" {row.seconds:.1f} s): obvious move not optimal {row.rate:5.1f}%"
        )
    return "\n".join(lines)


def _empty(params: Params) -> BoardStats:
    return BoardStats(encode_params(params), 0, 0, 0, 0, 0, 0, 0, 0.0)


def run_stats(
    n: int,
    params: Params = DEFAULT_PARAMS,
    *,
    duel_sizes: tuple[tuple[Params, int], ...] = (),
    base: str = DEFAULT_BASE,
    advance: Callable[[int], None] | None = None,
    more: Sequence[Params] = (),
    runner: Executor | None = None,
) -> StatsReport:
    """The board table for ``n`` boards of ``params`` (and of each of ``more``), then the
    duel table for each ``(params, count)``.

    Without ``runner`` everything runs here, in order, calling ``advance``.
    With one, the tables are cut into chunks (at most :data:`BOARD_CHUNK`,
    :data:`DUEL_CHUNK` boards; see :meth:`~proofgrid.tasks.Executor.chunk_size`)
    run by the runner and merged in order: the counts are identical. Ctrl-C then
    raises :class:`~proofgrid.tasks.StudyInterrupted` whose ``partial`` is
    the report over the chunks that finished (each table says how many boards
    it covers).
    """
    sizes = [params, *more]
    if runner is None:
        report = StatsReport(board_stats(n, params, base=base, advance=advance))
        report.more = [board_stats(n, p, base=base, advance=advance) for p in more]
        for dparams, count in duel_sizes:
            report.duel.extend(duel_stats(count, dparams, base=base, advance=advance))
        return report
    tasks: list[Task] = []
    groups: list[tuple[str, Params, int]] = []  # (kind, params, number of tasks)
    for p in sizes:
        size = runner.chunk_size(n, most=BOARD_CHUNK, least=LEAST_CHUNK)
        chunk_tasks = chunked(measure_boards, (p, base), n, size)
        tasks.extend(chunk_tasks)
        groups.append(("boards", p, len(chunk_tasks)))
    for dparams, count in duel_sizes:
        chunks = plan(count, runner.chunk_size(count, most=DUEL_CHUNK, least=LEAST_CHUNK))
        tasks.extend(
            Task(duel_boards, (dparams, base, c.start, c.stop), 2 * c.size) for c in chunks
        )
        groups.append(("duel", dparams, len(chunks)))
    return runner.complete(Study(tasks, partial(_assemble, groups), "stats", "boards"))


def _assemble(groups: list[tuple[str, Params, int]], results: list[object]) -> StatsReport:
    """Merge the results (a prefix of the task list) group by group."""
    tables: list[BoardStats] = []
    duel: list[DuelRow] = []
    at = 0
    for kind, p, count in groups:
        part = results[at : at + count]
        at += count
        if kind == "boards":
            boards = [r for r in part if isinstance(r, BoardStats)]
            tables.append(merge_boards(boards) if boards else _empty(p))
        elif part:
            duel.extend(merge_duel([r for r in part if isinstance(r, tuple)]))
    return StatsReport(tables[0], duel, tables[1:])
