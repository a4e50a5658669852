"""Round three of engine admission (issue 34): prices that follow what a kind of job costs
on this machine, an end-to-end bound no admitted job passes, a booked (spread)
``Retry-After``, duels priced by their options, and a stopped fork server replaced.

Oracles: the run times the jobs really had (each job sleeps a known time), the
pool's documented exceptions and its workers' process ids, which lane's pool
ran a request (the engine's own pools), and the process table (``/proc``
states of the fork server). Admission decisions are asserted, not latencies,
except where the bound itself is the claim (then with a generous slack).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from proofgrid.server import create_app
from proofgrid.server.pool import (
    EnginePool,
    PoolSettings,
    SaturatedError,
    WorkerLostError,
    context,
)
from tests.web import pool_jobs

pytestmark = pytest.mark.slow  # each test starts worker processes


@pytest.fixture
def make_pool() -> Iterator[Any]:
    pools: list[EnginePool] = []

    def make(**kw: Any) -> EnginePool:
        settings = PoolSettings(**{"workers": 1, "budget": 10.0, "queue_depth": 50, **kw})
        pool = EnginePool(settings, context(["tests.web.pool_jobs"]), name="t")
        pools.append(pool)
        return pool

    yield make
    for p in pools:
        p.close()


def _up(pool: EnginePool) -> None:
    """Start the pool's worker and wait until its slot is free again (a start slower
    than the bound is refused: then the worker is up for the next try)."""
    deadline = time.monotonic() + 120
    while True:
        try:
            pool.submit(pool_jobs.pid).result(timeout=120)
            break
        except SaturatedError:
            assert time.monotonic() < deadline, "the worker never started"
            time.sleep(0.2)
    while pool.expected_wait() > 0 and time.monotonic() < deadline:
        time.sleep(0.02)


def _fastapi(app: Any) -> Any:
    while not hasattr(app, "state"):
        app = app.app
    return app


def test_a_kinds_price_follows_what_it_costs_now() -> None:
    # the machine gets ten times slower for this kind of job (other processes load it):
    # within two runs the price is at least what a run now costs (on main, a plain
    # running average, it was still under half of it)
    pool = EnginePool(PoolSettings(workers=1, budget=10.0), context(["tests.web.pool_jobs"]))
    try:
        for _ in range(5):
            pool.submit(pool_jobs.sleep, 0.05, kind="k").result(timeout=120)
        assert pool.estimate("k", 0.0) < 0.5
        for _ in range(2):
            pool.submit(pool_jobs.sleep, 0.5, kind="k").result(timeout=120)
        assert pool.estimate("k", 0.0) >= 0.5, pool.estimate("k", 0.0)
    finally:
        pool.close()


def test_no_admitted_job_is_answered_past_the_bound(make_pool: Any) -> None:
    # four jobs priced at 0.1 s that really take 2 s each: admission lets them in, and
    # on main the fourth was answered after 8 s. Each is now answered within the bound
    # (3 s), or refused with a 503 when a worker reaches it too late to finish in time.
    bound = 3.0
    pool = make_pool(bound=bound, max_wait=100.0)
    _up(pool)
    submitted = time.monotonic()
    futs = [pool.submit(pool_jobs.sleep, 2.0, kind="under", estimate=0.1) for _ in range(4)]
    ended: list[tuple[float, str]] = []
    for f in futs:
        try:
            f.result(timeout=60)
            ended.append((time.monotonic() - submitted, "ok"))
        except SaturatedError:
            ended.append((time.monotonic() - submitted, "503"))
    assert ended[0][1] == "ok"
    assert any(what == "503" for _, what in ended), ended
    # a generous slack for a loaded machine: the point is 3 s, not the 8 s of main
    assert all(t <= bound + 1.5 for t, _ in ended), ended


def test_a_refused_herd_is_told_to_come_back_spread_out(make_pool: Any) -> None:
    # on main all twenty were told the same second, so they came back together
    pool = make_pool(max_wait=1.5)
    _up(pool)
    busy = pool.submit(pool_jobs.sleep, 3.0, kind="busy", estimate=3.0)
    while not busy.running():
        time.sleep(0.02)
    retry: list[int] = []
    for _ in range(20):
        with pytest.raises(SaturatedError) as err:
            pool.submit(pool_jobs.sleep, 0, kind="herd", estimate=1.0)
        retry.append(err.value.retry_after)
    assert retry == sorted(retry)  # booked in turn
    # one worker, 1 s each: the twentieth comes back about 20 s after the first
    assert retry[-1] - retry[0] >= 15, retry
    assert len(set(retry)) >= 10, retry
    busy.result(timeout=60)


def test_a_refused_job_is_admitted_after_its_retry_after(make_pool: Any) -> None:
    pool = make_pool(max_wait=1.5)
    _up(pool)
    busy = pool.submit(pool_jobs.sleep, 3.0, kind="busy", estimate=3.0)
    while not busy.running():
        time.sleep(0.02)
    with pytest.raises(SaturatedError) as err:
        pool.submit(pool_jobs.sleep, 0, kind="late", estimate=0.1)
    time.sleep(err.value.retry_after)
    assert pool.submit(pool_jobs.sleep, 0, kind="late", estimate=0.1).result(timeout=60)
    busy.result(timeout=60)


def test_duels_are_priced_by_their_options_and_a_long_one_goes_to_the_costly_lane() -> None:
    # a 9x10 board is priced cheap (0.8 s) by its params, but the perfect bot runs to its
    # 2 s budget: on main it ran in the cheap generated lane; a greedy one stays there
    app = create_app(engine=PoolSettings(workers=1, budget=30))
    with TestClient(app) as c:
        engine = _fastapi(app).state.engine
        greedy = {"id": "9x10#5", "moves": [], "level": "greedy", "budget_ms": 1}
        assert c.post("/api/matchless/duel", json=greedy).status_code == 200
        assert {p.name for p in engine.pools()} == {"generated"}
        perfect = {"id": "9x10#5", "moves": [], "level": "perfect", "budget_ms": 2000}
        assert c.post("/api/matchless/duel", json=perfect).status_code == 200
        assert {p.name for p in engine.pools()} == {"generated", "costly"}
        # two kinds, priced apart
        from proofgrid.server.jobs import render, route_job  # noqa: PLC0415

        lanes = {}
        for body in (greedy, perfect):
            req = json.dumps(body)
            lane, kind, prior = engine.plan(body["id"], render, route_job, "t", _duel(), req)
            lanes[body["level"]] = (lane, kind, prior)
        assert lanes["greedy"][1] != lanes["perfect"][1]
        assert lanes["perfect"][2] >= 2.0


def _duel() -> Any:
    from proofgrid.matchless.api import duel_job  # noqa: PLC0415

    return duel_job


def _forkserver() -> int | None:
    import multiprocessing.forkserver as fs  # noqa: PLC0415

    return fs._forkserver._forkserver_pid  # type: ignore[attr-defined]


def _state(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rpartition(")")[2].split()[0]
    except OSError:
        return None


def test_a_stopped_fork_server_is_replaced_and_a_fresh_worker_starts(make_pool: Any) -> None:
    # on main: the start of a new worker waited for the stopped fork server forever
    pool = make_pool(budget=5.0)
    first = pool.submit(pool_jobs.pid).result(timeout=120)
    old = _forkserver()
    assert old is not None and _state(old) not in (None, "Z")
    os.kill(old, signal.SIGSTOP)
    try:
        with pytest.raises(WorkerLostError):  # the worker dies: the next job needs a new one
            pool.submit(pool_jobs.crash).result(timeout=60)
        fut = pool.submit(pool_jobs.pid)
        try:
            fresh = fut.result(timeout=60)
        except concurrent.futures.TimeoutError:
            pytest.fail("no fresh worker 60 s after the fork server was stopped")
        assert isinstance(fresh, int) and fresh != first
        new = _forkserver()
        assert new is not None and new != old
        assert _state(old) in (None, "Z")  # killed, not left stopped
    finally:
        with contextlib.suppress(OSError):
            os.kill(old, signal.SIGCONT)
