"""Generated boards are bounded by counted work, never by the server's clock (issue 34,
item 1: "every board the API or CLI generates is answered within the budget on a
loaded machine").

Oracles: the generator's own work counter (the exact number of frontier states it
charged, so the budget's edge is checked to the state), the pool's documented
exceptions, and the HTTP status of the same board asked by its seeded ID (counted
work, no time budget) and by its fixed ID (a user-made board, under the budget). A
time budget of 1 ms stands for a machine loaded so heavily that no generation fits
in the budget: no timing is asserted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from proofgrid import midend, registry
from proofgrid.kirchhoff.codec import decode_params
from proofgrid.kirchhoff.generate import GEN_WORK, GenerationWorkError, forget, generate_board
from proofgrid.server import create_app
from proofgrid.server.engine import Engine
from proofgrid.server.middleware import Current, current_request
from proofgrid.server.pool import (
    EnginePool,
    PoolSettings,
    SaturatedError,
    WorkTimeoutError,
    context,
)
from tests.web import pool_jobs


def test_the_generators_work_budget_is_counted_to_the_state() -> None:
    # the same seed needs the same counted work everywhere: with exactly that much it
    # gives the same board, with one state less it is a one-line refusal (422)
    p = decode_params("6x6dh")
    g = generate_board(p, 5)
    assert 0 < g.work <= GEN_WORK
    assert generate_board(p, 5, work=g.work).board == g.board
    with pytest.raises(GenerationWorkError) as err:
        generate_board(p, 5, work=g.work - 1)
    assert err.value.http_status == 422
    assert "\n" not in str(err.value) and "try another seed" in str(err.value)


def test_an_untimed_job_is_cut_by_the_bound_only() -> None:
    # a job longer than the time budget: timed, it is stopped (422 of the budget);
    # untimed (counted work), it is answered, as on an idle machine
    pool = EnginePool(
        PoolSettings(workers=1, budget=0.3, bound=30.0), context(["tests.web.pool_jobs"])
    )
    try:
        assert pool.submit(pool_jobs.sleep, 1.0, timed=False).result(timeout=60) > 0
        with pytest.raises(WorkTimeoutError):
            pool.submit(pool_jobs.sleep, 1.0).result(timeout=60)
    finally:
        pool.close()


def test_a_starved_untimed_job_is_cut_by_its_cpu_time_not_the_wall() -> None:
    # a counted job needing 0.4 s of CPU on a worker held stopped for 2.5 s (a worker
    # other processes starve of CPU), bound 1 s: it is answered, about 2.9 s after it
    # started. Before, it was cut at one bound of wall time (a 503) and a retry started
    # it again: under two CPU hogs 2 of 80 generated 16x16 boards were never answered.
    # A job that does use a bound of CPU is still cut then (late: a 503).
    pool = EnginePool(
        PoolSettings(workers=1, budget=0.3, bound=1.0, max_wait=30.0),
        context(["tests.web.pool_jobs"]),
    )
    try:
        worker = pool.submit(pool_jobs.pid, timed=False).result(timeout=120)
        job = pool.submit(pool_jobs.spin, 0.4, kind="spin", estimate=0.4, timed=False)
        deadline = time.monotonic() + 30
        while not job.running() and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(worker, signal.SIGSTOP)
        try:
            time.sleep(2.5)
        finally:
            with contextlib.suppress(ProcessLookupError):  # cut and replaced (the old code)
                os.kill(worker, signal.SIGCONT)
        assert job.result(timeout=60) == worker  # before: SaturatedError, late at 1 s
        with pytest.raises(SaturatedError):
            pool.submit(pool_jobs.spin, 5.0, kind="long", estimate=0.1, timed=False).result(
                timeout=60
            )
    finally:
        pool.close()


@pytest.fixture
def starved() -> Iterator[TestClient]:
    """An app whose time budget (1 ms) no engine job fits in: a machine loaded past it."""
    app = create_app(engine=PoolSettings(workers=1, budget=0.001, bound=60.0))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.mark.slow
def test_a_generated_board_is_answered_whatever_the_time_budget(starved: TestClient) -> None:
    # on main every one of these was the 422 "ran out of time" of the budget
    solved = starved.get("/api/kirchhoff/solve", params={"id": "7x7dh#2024"})
    assert solved.status_code == 200, solved.text
    board: dict[str, Any] = solved.json()
    assert board["unique"] is True and board["grade"] == "hard"
    hint = starved.post("/api/kirchhoff/hint", json={"id": "7x7dh#2024", "moves": ["e0."]})
    assert hint.status_code == 200, hint.text
    new = starved.get("/api/kirchhoff/new", params={"params": "7x7dh", "seed": "2024"})
    assert new.status_code == 200
    assert new.json()["id"] == board["id"]
    # the same board by its fixed ID is user-made work: its time budget still applies
    fixed = starved.get("/api/kirchhoff/solve", params={"id": board["id"]})
    assert fixed.status_code == 422
    assert "ran out of time" in fixed.json()["detail"]


def test_the_seeded_id_gives_the_board_of_the_fixed_id_with_the_generators_answer() -> None:
    # what the worker answers from the generator's knowledge is what any process
    # decides for the fixed ID (no re-solve needed, none different)
    k = registry.get("kirchhoff")
    seeded = midend.solve_json(midend.resolve(k, "7x7dh#2024"))
    forget()
    fixed = midend.solve_json(midend.resolve(k, seeded["id"]))
    assert json.dumps(seeded["solution"]) == json.dumps(fixed["solution"])
    assert seeded["grade"] == fixed["grade"] and seeded["count"] == fixed["count"] == 1


async def _never() -> dict[str, Any]:
    """An ASGI ``receive`` whose client never goes away."""
    await asyncio.Event().wait()
    raise AssertionError  # pragma: no cover


async def _ask(eng: Engine, seconds: float) -> bytes | int:
    """``eng.json`` of a job of ``seconds`` on a generated Kirchhoff board, as the API
    would ask it for a request to ``/api/kirchhoff/solve``; the 503's Retry-After if late."""
    token = current_request.set(Current({"path": "/api/kirchhoff/solve"}, _never))
    try:
        return await eng.json(pool_jobs.sleep, seconds, gid="7x7dh#1", pure=True)
    except SaturatedError as exc:
        return -exc.retry_after
    finally:
        current_request.reset(token)


def _run(coro: Any) -> Any:
    """``asyncio.run(coro)`` on a thread of its own: the test process's main thread may
    hold a running loop already (a browser test's, under pytest-xdist)."""
    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


@pytest.mark.slow
def test_counted_work_answered_late_goes_on_and_the_retry_finds_its_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the bound (2 s) runs out while the job (1.5 s, after 1 s behind another) runs:
    # its client gets a 503, the job goes on, and the same request again is answered
    # from it, not by a second job (on the commit before, the late job's worker was
    # killed and the retry began anew)
    jobs: list[Any] = []
    submit = EnginePool.submit

    def counting(self: EnginePool, fn: Any, *args: Any, **kw: Any) -> Any:
        jobs.append((fn, args, kw.get("timed")))
        return submit(self, fn, *args, **kw)

    monkeypatch.setattr(EnginePool, "submit", counting)
    eng = Engine(PoolSettings(workers=1, budget=0.001, bound=2.0, max_wait=10.0))
    try:
        pool = eng.pool(eng.route("7x7dh#1")[0])
        pool.submit(pool_jobs.pid, timed=False).result(timeout=120)  # the worker is up
        ahead = pool.submit(pool_jobs.sleep, 1.0, estimate=1.0, timed=False)
        jobs.clear()
        first = _run(_ask(eng, 1.5))
        assert isinstance(first, int) and first < 0  # late: a 503 with its Retry-After
        ahead.result(timeout=60)
        time.sleep(1.0)  # the job ends meanwhile (or is still running: then joined)
        again = _run(_ask(eng, 1.5))
        assert isinstance(again, bytes) and int(again) > 0
        assert len(jobs) == 1 and jobs[0][2] is False  # one untimed job served both
    finally:
        eng.close()


def test_an_untimed_job_past_its_estimate_does_not_close_its_lane() -> None:
    # a counted job (untimed: only the bound stops it) that has overrun its estimate is
    # expected to need as long again as it has run, not the whole bound. On the code
    # before, the pool counted it to the bound (30 s) and refused the requests behind
    # it: 148 of 101,011 uncached 5x5 `new` in the round-three load run were 503s,
    # each when both workers' 10 ms jobs had been preempted past their estimates
    pool = EnginePool(
        PoolSettings(workers=1, budget=2.0, bound=30.0, max_wait=5.0),
        context(["tests.web.pool_jobs"]),
    )
    try:
        pool.submit(pool_jobs.pid, timed=False).result(timeout=120)  # the worker is up
        slow = pool.submit(pool_jobs.sleep, 2.0, kind="cheap", estimate=0.05, timed=False)
        deadline = time.monotonic() + 30
        while not slow.running() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.5)  # now past its estimate
        wait = pool.expected_wait()
        assert 0.4 < wait < 5.0, wait  # before: the bound less 0.5 s, plus a restart
        behind = pool.submit(pool_jobs.sleep, 0, kind="next", estimate=0.05, timed=False)
        assert slow.result(timeout=60) == behind.result(timeout=60)  # the same worker
        # a timed job past its estimate is still counted to its cap (the budget stops it):
        # while it runs (1 s, well inside the 2 s budget even on a loaded machine; at
        # 0.28 s of a 0.3 s budget it was cut once in CI), the wait is its cap less
        # what it has run, not as long again as it has run (~0.1 s)
        timed = pool.submit(pool_jobs.sleep, 1.0, kind="timed", estimate=0.05)
        while not timed.running() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.1)
        assert pool.expected_wait() > pool.cap - 1.0
        timed.result(timeout=60)
    finally:
        pool.close()


@pytest.mark.slow
def test_a_late_answer_says_to_come_back_when_its_work_is_expected_done() -> None:
    # counted work answered late at the bound (2 s) goes on; a second request for the
    # same answer joins it and is late too, the job having run ~4 s: its Retry-After
    # is when the job is expected done (as long again as it has run: ~4 s), not
    # the next free slot of the booking (1 s on the commit before, when a retry beside
    # two CPU hogs then waited out another bound for an answer not yet there: 63
    # retries refused again in the r8 load run)
    eng = Engine(PoolSettings(workers=1, budget=0.001, bound=2.0, max_wait=30.0))
    try:
        pool = eng.pool(eng.route("7x7dh#1")[0])
        pool.submit(pool_jobs.pid, timed=False).result(timeout=120)  # the worker is up
        first = _run(_ask(eng, 12.0))
        assert isinstance(first, int) and first < 0  # late: a 503
        again = _run(_ask(eng, 12.0))
        assert isinstance(again, int) and -again >= 2, again
    finally:
        eng.close()
