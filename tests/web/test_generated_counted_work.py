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

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from proofgrid import midend, registry
from proofgrid.kirchhoff.codec import decode_params
from proofgrid.kirchhoff.generate import GEN_WORK, GenerationWorkError, forget, generate_board
from proofgrid.server import create_app
from proofgrid.server.pool import EnginePool, PoolSettings, WorkTimeoutError, context
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
