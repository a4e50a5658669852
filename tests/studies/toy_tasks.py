"""A toy puzzle's study tasks, declared only through :mod:`proofgrid.study_tasks`.

Module-level functions, so pool workers import them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from proofgrid.errors import InvalidParamsError
from proofgrid.study_tasks import Option, StatsTask, VerifyTask
from proofgrid.tasks import Executor, Study, Task, VerifyReport, chunked, item_seed


def seeds(base: str, start: int, stop: int) -> list[int]:
    """One chunk of the toy's table: each item's seed, mod 7."""
    return [item_seed(base, "toy", j) % 7 for j in range(start, stop)]


def _table(parts: list[list[int]]) -> dict[int, int]:
    out: dict[int, int] = {}
    for part in parts:
        for v in part:
            out[v] = out.get(v, 0) + 1
    return dict(sorted(out.items()))


def _stats(n: int, opts: Mapping[str, Any]) -> Callable[[Executor], Any]:
    base = str(opts["base"])
    if not base:
        raise InvalidParamsError("empty base")

    def job(runner: Executor) -> dict[int, int]:
        tasks = chunked(seeds, (base,), n, runner.chunk_size(n, most=5))
        return runner.complete(Study(tasks, _table, "stats", "boards"))

    return job


def check(k: int) -> VerifyReport:
    """One toy check that fails on ``k == 3``."""
    report = VerifyReport()
    report.check(k != 3, f"item {k}")
    return report


def _verify(quick: bool, opts: Mapping[str, Any]) -> Callable[[Executor], VerifyReport]:
    upto = 2 if quick else int(opts["upto"])
    tasks = [Task(check, (k,)) for k in range(upto)]
    return lambda runner: runner.complete(Study(tasks, VerifyReport.merge, "verify", "items"))


TASKS: Mapping[str, Any] = {
    "stats": StatsTask(
        help="Toy table.",
        count_help="Items.",
        most=1000,
        options=(Option("base", ("--base",), "toy", "Seed base."),),
        prepare=_stats,
        text=lambda t: " ".join(f"{k}:{v}" for k, v in t.items()),
        as_json=lambda t, timing: {str(k): v for k, v in t.items()},
        interrupted="done {done} of {total}",
    ),
    "verify": VerifyTask(
        help="Toy checks.",
        options=(Option("upto", ("--upto",), 5, "Checks.", kind=int, min=1),),
        prepare=_verify,
    ),
}
