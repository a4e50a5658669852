"""The engine worker pool (issue 14): budget, memory ceiling, recycling, saturation, crashes.

Oracle: the workers' process ids (a replaced worker has a new one) and the
exceptions the pool documents; no timing is asserted, only what happened.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from proofgrid.errors import InvalidMoveError
from proofgrid.server.pool import (
    RECYCLE_MB,
    EnginePool,
    PoolSettings,
    SaturatedError,
    WorkerLostError,
    WorkTimeoutError,
    WorkTooBigError,
    context,
)
from tests.web import pool_jobs

pytestmark = pytest.mark.slow  # each test starts worker processes (seconds under pytest)


@pytest.fixture
def make_pool() -> Iterator[object]:
    pools: list[EnginePool] = []

    def make(**kw: float) -> EnginePool:
        settings = PoolSettings(**{"workers": 1, "budget": 5.0, "queue_depth": 4, **kw})  # type: ignore[arg-type]
        pool = EnginePool(settings, context(["tests.web.pool_jobs"]))
        pools.append(pool)
        return pool

    yield make
    for p in pools:
        p.close()


def _result(fut: concurrent.futures.Future[object]) -> object:
    return fut.result(timeout=60)


def test_jobs_run_in_another_process_and_errors_cross_unchanged(make_pool) -> None:  # type: ignore[no-untyped-def]
    import os  # noqa: PLC0415

    pool = make_pool()
    worker = _result(pool.submit(pool_jobs.pid))
    assert worker != os.getpid()
    with pytest.raises(InvalidMoveError, match="no shell at z9"):
        _result(pool.submit(pool_jobs.refuse))
    assert _result(pool.submit(pool_jobs.pid)) == worker  # a user error keeps the worker


def _assert_replaced(
    pool: EnginePool, error: type[Exception], job: Callable[..., Any], *args: Any
) -> None:
    """``job(*args)`` fails with ``error``, and a new worker process serves the next job."""
    first = _result(pool.submit(pool_jobs.pid))
    with pytest.raises(error):
        _result(pool.submit(job, *args))
    assert _result(pool.submit(pool_jobs.pid)) != first


def test_the_budget_kills_the_worker_and_a_new_one_serves(make_pool) -> None:  # type: ignore[no-untyped-def]
    _assert_replaced(make_pool(budget=0.5), WorkTimeoutError, pool_jobs.sleep, 30)


def test_the_budget_starts_when_the_work_starts(make_pool) -> None:  # type: ignore[no-untyped-def]
    # one worker, eight jobs of 0.3 s each with a 1.5 s budget: the last waits ~2.1 s in the
    # queue, which must not count against it; each job has 1.2 s to spare on a busy machine
    pool = make_pool(budget=1.5, queue_depth=8)
    futs = [pool.submit(pool_jobs.sleep, 0.3) for _ in range(8)]
    pids = {_result(f) for f in futs}
    assert len(pids) == 1


def test_a_memory_error_recycles_the_worker(make_pool) -> None:  # type: ignore[no-untyped-def]
    pool = make_pool(memory_mb=256)
    _assert_replaced(pool, WorkTooBigError, pool_jobs.allocate, 2048)
    assert _result(pool.submit(pool_jobs.allocate, 16)) == 16 * 1024 * 1024


def test_a_worker_that_grew_is_replaced(make_pool) -> None:  # type: ignore[no-untyped-def]
    pool = make_pool(memory_mb=1024)
    grown = _result(pool.submit(pool_jobs.hoard, RECYCLE_MB + 32))
    assert _result(pool.submit(pool_jobs.pid)) != grown
    assert pool.replaced >= 1


def test_a_full_queue_is_refused_at_once(make_pool) -> None:  # type: ignore[no-untyped-def]
    pool = make_pool(queue_depth=1)
    running = pool.submit(pool_jobs.sleep, 1.5)
    waiting = pool.submit(pool_jobs.sleep, 0)
    with pytest.raises(SaturatedError) as err:
        pool.submit(pool_jobs.sleep, 0)
    assert err.value.retry_after >= 1
    _result(running), _result(waiting)
    _result(pool.submit(pool_jobs.pid))  # accepted again once the queue drained


def test_a_crashed_worker_is_replaced(make_pool) -> None:  # type: ignore[no-untyped-def]
    pool = make_pool()
    with pytest.raises(WorkerLostError):
        _result(pool.submit(pool_jobs.crash))
    assert isinstance(_result(pool.submit(pool_jobs.pid)), int)
