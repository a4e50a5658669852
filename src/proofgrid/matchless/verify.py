"""Executable proof that par is exact, checked by brute force and naive oracles.

For every board in the verification set:

* **no smaller set clears** — every subset of shells of size ``< par`` is
  enumerated (depth-first, each subset once) and none lights the whole sky.
  The sky a set lights is the union of its shells' reach, computed here by
  plain breadth-first search (:func:`proofgrid.graph.scc.reachable`), not by
  the solver; order does not matter because lit sets are closed under fuses;
* **the witness clears** — the union of the witness shells' reach is the sky;
* **greedy = par** — the biggest-cascade player uses exactly par matches (the
  seed's second theorem, :func:`proofgrid.matchless.solve.greedy_cascade_matches`);
* **Tarjan = naive** — the X-ray's components are exactly the classes of
  mutual reachability (``u ~ v`` iff each reaches the other, from the BFS
  reach sets) and its sources exactly the classes no other class reaches into;
* **codec round trip** — the board survives encode/decode.

The verification set: every 2x2 board (all shell masks and fuse sets, 4,380
boards), random boards of every size from 2x2 to 4x4 (``per_size`` each, with
density 50/70/90% and up to 1/2/3 fuses in turn), the practice set and the 30
dailies from ``start``. Then the duel check from
:mod:`proofgrid.matchless.duel` (its memoised minimax against a plain
unmemoised one on tiny boards), when that module provides one.

The ``quick`` form (the test suite's) keeps a sample of every part.

With an :class:`~proofgrid.tasks.Executor` (the studies runner) the boards go out in chunks
of :data:`VERIFY_CHUNK` (:func:`check_boards`) and the duel check as one more
task (:func:`duel_report`); the reports are merged in that order, so the check
count and the failure lines are exactly those of one sequential pass.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Callable, Iterator, Sequence
from itertools import product

from proofgrid.graph.scc import reachable
from proofgrid.matchless.board import Board
from proofgrid.matchless.codec import decode_desc, encode_desc
from proofgrid.matchless.daily import LAUNCH, daily
from proofgrid.matchless.game import game_id, parse_game_id
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.practice import load_practice
from proofgrid.matchless.solve import greedy_cascade_matches, solve
from proofgrid.rng import seed_from_text
from proofgrid.tasks import Executor, Study, Task, VerifyReport, plan

__all__ = [
    "VERIFY_CHUNK",
    "VerifyReport",
    "all_boards_2x2",
    "bfs_reach_masks",
    "check_board",
    "check_boards",
    "cover_below",
    "daily_days",
    "duel_report",
    "last_start",
    "merge_reports",
    "naive_components",
    "run_verify",
    "verification_boards",
]

VERIFY_CHUNK = 200
"""Boards per verification task."""


def daily_days(quick: bool) -> int:
    """Consecutive dailies the verification checks from its start date (2 quick, else 30)."""
    return 2 if quick else 30


def last_start(quick: bool) -> dt.date:
    """The latest start date whose dailies all exist (the calendar ends on 9999-12-31)."""
    return dt.date.max - dt.timedelta(days=daily_days(quick) - 1)


_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_DY = (-1, -1, 0, 1, 1, 1, 0, -1)


def bfs_reach_masks(board: Board) -> list[int]:
    """Reach of every shell as a bitmask, by one BFS per shell; O(n·(n + m))."""
    out = []
    for v in range(board.n):
        m = 0
        for w in reachable(board.succ, [v]):
            m |= 1 << w
        out.append(m)
    return out


def cover_below(reach: list[int], full: int, k: int) -> tuple[int, ...] | None:
    """A set of at most ``k`` shells whose reach covers ``full``, or None.

    Exhaustive: visits every subset of size ≤ k once (depth-first in
    lexicographic order) and stops only on success. O(Σ_{j≤k} C(n, j)).
    """
    n = len(reach)
    chosen: list[int] = []

    def rec(start: int, depth: int, acc: int) -> bool:
        if acc == full:
            return True
        if depth == k:
            return False
        if depth == k - 1:
            for i in range(start, n):
                if acc | reach[i] == full:
                    chosen.append(i)
                    return True
            return False
        for i in range(start, n):
            chosen.append(i)
            if rec(i + 1, depth + 1, acc | reach[i]):
                return True
            chosen.pop()
        return False

    return tuple(chosen) if rec(0, 0, 0) else None


def naive_components(reach: list[int]) -> list[frozenset[int]]:
    """Classes of mutual reachability, from reach sets alone; O(n²)."""
    n = len(reach)
    seen: set[int] = set()
    out = []
    for u in range(n):
        if u in seen:
            continue
        cls = frozenset(v for v in range(n) if reach[u] >> v & 1 and reach[v] >> u & 1)
        seen |= cls
        out.append(cls)
    return out


def check_board(board: Board, label: str, report: VerifyReport) -> None:
    """Run the five per-board checks (module docstring) on one board."""
    sol = solve(board)
    reach = bfs_reach_masks(board)
    full = board.all_mask
    smaller = cover_below(reach, full, sol.par - 1)
    report.check(
        smaller is None,
        f"{label}: {len(smaller or ())} shells {smaller} clear the sky below par {sol.par}",
    )
    lit = 0
    for w in sol.witness:
        lit |= reach[w]
    report.check(lit == full and len(sol.witness) == sol.par, f"{label}: witness does not clear")
    greedy = greedy_cascade_matches(board)
    report.check(greedy == sol.par, f"{label}: greedy used {greedy}, par is {sol.par}")
    classes = naive_components(reach)
    members = [frozenset(m) for m in sol.xray.members()]
    sources_ok = True
    for c, m in enumerate(members):
        entered = any(v not in m and reach[v] >> next(iter(m)) & 1 for v in range(board.n))
        if (c in sol.xray.sources) == entered:
            sources_ok = False
    report.check(
        set(classes) == set(members) and sources_ok,
        f"{label}: Tarjan components or sources differ from mutual reachability",
    )
    report.check(decode_desc(encode_desc(board)) == board, f"{label}: codec round trip")


def all_boards_2x2() -> Iterator[Board]:
    """Every 2x2 board: each non-empty shell mask with every set of valid fuses."""
    rows = cols = 2
    for mask in range(1, 16):
        shell = [bool(mask >> i & 1) for i in range(4)]
        valid: list[list[int]] = []
        for cell in range(4):
            if not shell[cell]:
                valid.append([])
                continue
            r, c = divmod(cell, cols)
            valid.append(
                [
                    d
                    for d in range(8)
                    if 0 <= r + _DY[d] < rows
                    and 0 <= c + _DX[d] < cols
                    and shell[(r + _DY[d]) * cols + c + _DX[d]]
                ]
            )
        slots = [(cell, d) for cell in range(4) for d in valid[cell]]
        for bits in product((0, 1), repeat=len(slots)):
            cells: list[int | None] = [0 if shell[i] else None for i in range(4)]
            for (cell, d), b in zip(slots, bits, strict=True):
                if b:
                    f = cells[cell]
                    assert f is not None
                    cells[cell] = f | 1 << d
            yield Board(rows, cols, tuple(cells))


_VARIANTS = ((50, 1), (70, 2), (90, 3))


def verification_boards(
    *, quick: bool, start: dt.date, per_size: int | None = None
) -> Iterator[tuple[str, Board]]:
    """The verification set with a label per board (module docstring)."""
    if not quick:
        for i, board in enumerate(all_boards_2x2()):
            yield f"2x2 #{i}", board
    per = per_size if per_size is not None else (4 if quick else 100)
    for rows in range(2, 5):
        for cols in range(2, 5):
            for i in range(per):
                density, fuses = _VARIANTS[i % len(_VARIANTS)]
                params = Params(rows, cols, density, fuses)
                seed = seed_from_text(f"matchless/verify/{rows}x{cols}/{i}")
                yield f"{rows}x{cols}d{density}f{fuses} #{i}", generate_board(params, seed)
    practice = load_practice()
    for p in practice[:3] if quick else practice:
        yield f"practice {p.number}", parse_game_id(p.id)[1]
    for k in range(daily_days(quick)):
        d = daily(start + dt.timedelta(days=k))
        yield f"daily {d.date.isoformat()} ({game_id(d.board)})", d.board


def _duel_check(report: VerifyReport, quick: bool) -> None:
    """Call the duel module's own verification, if it has one."""
    try:
        duel = importlib.import_module("proofgrid.matchless.duel")
    except ImportError:
        report.failures.append("duel: proofgrid.matchless.duel is missing")
        report.checks += 1
        return
    fn = getattr(duel, "verify_duel", None)
    if fn is None:
        return
    result = fn(quick=quick)
    checks, failures = result
    report.checks += int(checks)
    report.failures.extend(str(f) for f in failures)


def check_boards(items: Sequence[tuple[str, Board]]) -> VerifyReport:
    """Run :func:`check_board` on each ``(label, board)`` (one task of a parallel run)."""
    report = VerifyReport()
    for label, board in items:
        check_board(board, label, report)
    return report


def duel_report(quick: bool) -> VerifyReport:
    """The duel module's own verification as a report (one task of a parallel run)."""
    report = VerifyReport()
    _duel_check(report, quick)
    return report


def merge_reports(parts: Sequence[VerifyReport]) -> VerifyReport:
    """Concatenate reports in order (:meth:`VerifyReport.merge`)."""
    return VerifyReport.merge(parts)


def run_verify(
    *,
    quick: bool = False,
    start: dt.date | None = None,
    progress: Callable[[str], None] | None = None,
    runner: Executor | None = None,
) -> VerifyReport:
    """Run every check; ``quick`` is the test-suite form (a few seconds).

    With ``runner`` the work is spread as the module docstring says (same
    report) and ``progress`` is not called; Ctrl-C raises
    :class:`~proofgrid.tasks.StudyInterrupted` whose ``partial`` is the
    report over the boards checked so far.
    """
    boards = verification_boards(quick=quick, start=start or LAUNCH)
    if runner is None:
        report = VerifyReport()
        for label, board in boards:
            check_board(board, label, report)
            if progress is not None:
                progress(label)
        _duel_check(report, quick)
        return report
    items = list(boards)
    tasks = [
        Task(check_boards, (items[c.start : c.stop],), c.size)
        for c in plan(len(items), VERIFY_CHUNK)
    ]
    tasks.append(Task(duel_report, (quick,), 1))
    return runner.complete(Study(tasks, merge_reports, "verify", "boards"))
