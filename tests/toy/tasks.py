"""The toy puzzle's study tasks: a stats table (lit lamps per board) and a bank.

Module-level functions, so pool workers import them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from proofgrid.study_tasks import BankTask, Option, StatsTask, VerifyTask
from proofgrid.tasks import Executor, Study, Task, VerifyReport, chunked, item_seed
from tests.toy.puzzle import LAMPS


def lit_counts(params: str, base: str, start: int, stop: int) -> list[int]:
    """Lit lamps on boards ``start .. stop-1`` of ``params`` (one chunk)."""
    n = LAMPS.decode_params(params)
    return [LAMPS.generate(n, item_seed(base, params, j)).count("1") for j in range(start, stop)]


def _table(parts: list[list[int]]) -> dict[int, int]:
    out: dict[int, int] = {}
    for part in parts:
        for v in part:
            out[v] = out.get(v, 0) + 1
    return dict(sorted(out.items()))


def _stats(n: int, opts: Mapping[str, Any]) -> Callable[[Executor], dict[int, int]]:
    params = str(LAMPS.decode_params(str(opts["params"])))

    def job(runner: Executor) -> dict[int, int]:
        tasks = chunked(lit_counts, (params, "lamps/stats"), n, runner.chunk_size(n, most=50))
        return runner.complete(Study(tasks, _table, "stats", "boards"))

    return job


def check_board(j: int) -> VerifyReport:
    """Oracle: the solution switches every lamp off, and no shorter move list does."""
    report = VerifyReport()
    state = LAMPS.new_game(5, LAMPS.generate(5, item_seed("lamps/verify", "5", j)))
    moves = LAMPS.solve(state)
    for m in moves:
        state = LAMPS.execute_move(state, str(m))
    report.check(LAMPS.format(state) == "." * 5, f"board {j}")
    return report


def _verify(quick: bool, opts: Mapping[str, Any]) -> Callable[[Executor], VerifyReport]:
    tasks = [Task(check_board, (j,)) for j in range(5 if quick else 40)]
    return lambda runner: runner.complete(Study(tasks, VerifyReport.merge, "verify", "boards"))


def lamps_lines(params: str, base: str, start: int, stop: int) -> tuple[str, ...]:
    """Bank payloads ``index id grade lit`` of boards ``start .. stop-1``."""
    n = LAMPS.decode_params(params)
    out = []
    for j in range(start, stop):
        desc = LAMPS.generate(n, item_seed(base, params, j))
        lit = desc.count("1")
        grade = "easy" if lit <= n // 2 else "hard"
        out.append(f"{j}\t{LAMPS.game_id(n, desc)}\t{grade}\t{lit}")
    return tuple(out)


def _canonical(text: str) -> str:
    return LAMPS.encode_params(LAMPS.decode_params(text))


STUDY_TASKS: Mapping[str, Any] = {
    "stats": StatsTask(
        help="How many lamps start lit.",
        count_help="Boards.",
        most=100_000,
        options=(Option("params", ("--params",), "5", "Lamps per board."),),
        prepare=_stats,
        text=lambda t: " ".join(f"{k}:{v}" for k, v in t.items()),
        as_json=lambda t, timing: {str(k): v for k, v in t.items()},
        interrupted="done {done} of {total}",
        modules=(__name__,),
    ),
    "verify": VerifyTask(help="Solutions switch every lamp off.", options=(), prepare=_verify),
    "bank": BankTask("lamps", ("index", "id", "grade", "lit"), "5", 10, _canonical, lamps_lines),
}
