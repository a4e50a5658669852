"""The runner: results in task order whatever order tasks finish in; clean failure paths.

Oracles: the list of task results computed directly in this process; a
scripted in-process backend (it completes tasks in an order the test
chooses and records what the runner did) for the window and abort rules; a
real process pool for out-of-order completion.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Collection
from typing import Any

import pytest

from proofgrid.puzzle import InvalidParamsError
from proofgrid.studies.backends import (
    BackendError,
    DaskBackend,
    InlineBackend,
    PoolBackend,
    default_workers,
    make_backend,
    start_method,
)
from proofgrid.studies.runner import Runner
from proofgrid.tasks import Task, chunked
from tests.studies.helpers import fail_on, slow_echo, square_range


class ScriptedBackend:
    """Runs tasks in this process, completing one at a time: the newest (or oldest) first."""

    name = "scripted"
    inline = False

    def __init__(self, slots: int, *, newest_first: bool = True) -> None:
        self.slots = slots
        self.newest_first = newest_first
        self.submitted: list[int] = []
        self.max_in_flight = 0
        self.aborted: list[int] | None = None
        self._values: dict[int, Any] = {}

    def submit(self, task: Task) -> int:
        h = len(self.submitted)
        self.submitted.append(h)
        self._values[h] = task
        return h

    def wait_any(self, handles: Collection[Any]) -> set[Any]:
        self.max_in_flight = max(self.max_in_flight, len(handles))
        return {max(handles) if self.newest_first else min(handles)}

    def result(self, handle: Any) -> Any:
        return self._values.pop(handle).run()

    def start(self) -> None:
        pass

    def abort(self, handles: Collection[Any]) -> None:
        self.aborted = sorted(handles)

    def close(self) -> None:
        pass


def test_results_come_back_in_task_order_under_reverse_completion() -> None:
    backend = ScriptedBackend(slots=2)
    runner = Runner(backend)
    tasks = chunked(square_range, (), 50, 4)
    got = list(runner.run(tasks))
    assert got == [square_range(t.args[0], t.args[1]) for t in tasks]
    assert runner.window == 8 and backend.max_in_flight <= 8
    assert runner.done_tasks == len(tasks) and runner.done_items == runner.total_items == 50
    assert backend.aborted is None


def test_a_failing_task_aborts_the_rest_and_propagates() -> None:
    backend = ScriptedBackend(slots=1)
    tasks = [Task(fail_on, (i, 5)) for i in range(12)]
    with pytest.raises(InvalidParamsError, match="task 5 refuses"):
        list(Runner(backend, window=3).run(tasks))
    assert backend.aborted is not None  # pending handles were handed back for cancelling


def test_stopping_early_aborts_pending_work() -> None:
    backend = ScriptedBackend(slots=1, newest_first=False)
    gen = Runner(backend, window=4).run([Task(slow_echo, (i, 0.0)) for i in range(10)])
    assert next(gen) == 0
    gen.close()
    assert backend.aborted == [1, 2, 3]  # submitted, not yet done


def test_inline_runs_in_order_here() -> None:
    runner = Runner(InlineBackend())
    assert list(runner.run([Task(slow_echo, (i, 0.0), 2) for i in range(5)])) == list(range(5))
    assert runner.done_items == 10


def test_process_pool_returns_in_order_and_reraises_user_errors() -> None:
    backend = PoolBackend(2)
    try:
        runner = Runner(backend)
        # Early tasks are the slowest, so later ones finish first.
        tasks = [Task(slow_echo, (i, 0.05 * (6 - i))) for i in range(6)]
        assert list(runner.run(tasks)) == list(range(6))
        with pytest.raises(InvalidParamsError, match="task 2 refuses"):
            list(runner.run([Task(fail_on, (i, 2)) for i in range(5)]))
        # The pool is rebuilt after the abort.
        assert list(runner.run(chunked(square_range, (), 9, 4))) == [
            [0, 1, 4, 9],
            [16, 25, 36, 49],
            [64],
        ]
    finally:
        backend.close()


def test_make_backend_choices() -> None:
    assert isinstance(make_backend(1), InlineBackend)
    pool = make_backend(3)
    assert isinstance(pool, PoolBackend) and pool.slots == 3 and pool.name == "pool(3)"
    default = make_backend()
    assert default.slots == default_workers() >= 1
    with pytest.raises(BackendError, match="at least one worker"):
        make_backend(0)
    with pytest.raises(BackendError, match="exclude each other"):
        make_backend(2, "tcp://127.0.0.1:8786")
    with pytest.raises(BackendError, match="bad scheduler address"):
        DaskBackend("nonsense://x")
    with pytest.raises(BackendError, match="no host"):
        DaskBackend("tcp://")
    with pytest.raises(BackendError, match="empty"):
        DaskBackend("  ")


def test_start_method_forks_only_a_single_threaded_process() -> None:
    if sys.platform.startswith("linux"):
        assert start_method(1) == "fork"
    assert start_method(2) in ("forkserver", "spawn")
    assert start_method(7) == start_method(2)


def test_pool_forks_before_threads_and_uses_the_fork_server_after() -> None:
    """In a fresh interpreter (pytest runs threads of its own): the CLI's order of events."""
    script = textwrap.dedent(
        """
        import threading, time
        from proofgrid.studies.backends import PoolBackend
        from proofgrid.studies.runner import Runner
        from proofgrid.tasks import chunked
        from tests.studies.helpers import square_range

        def run():
            backend = PoolBackend(2)
            backend.start()
            out = list(Runner(backend).run(chunked(square_range, (), 50, 7)))
            backend.close()
            return backend.method, [x for part in out for x in part]

        first = run()
        stop = threading.Event()
        threading.Thread(target=stop.wait, daemon=True).start()
        second = run()
        stop.set()
        print(first[0], second[0], first[1] == second[1] == [j * j for j in range(50)])
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr
    fork, other, same = proc.stdout.split()
    assert fork == ("fork" if sys.platform.startswith("linux") else other)
    assert other in ("forkserver", "spawn") and same == "True"
