"""The API answers every board the generator makes, and its refusals say what happened.

Oracles: the generator run in the test process (its unique solution and grade,
proved by the exact counter as it built the board), ``is_solution``, and the
documented meaning of each refusal ("too open" only for boards with blank
cells; "ran out of work" for fully clued ones).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from proofgrid import registry
from proofgrid.kirchhoff.board import ALL_STATES, Board, is_solution
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.exact import CountLimitError
from proofgrid.kirchhoff.generate import Generated, forget, generate_board, known
from proofgrid.kirchhoff.search import (
    OutOfWorkError,
    TooOpenError,
    bounded_count,
    decide,
    is_open,
)
from proofgrid.rng import SplitMix64
from proofgrid.server import create_app, jobs
from proofgrid.server.pool import PoolSettings

#: A giant seed the API refused with "too open" although the generator made it unique.
GIANT_SEED = 532979068556


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    """The whole app, with a clock generous enough that a loaded test machine cannot
    decide: what refused this board before was the counted work ("too open"), not the
    clock, and the time it takes is a figure of bench/README.md, not of a test."""
    settings = PoolSettings(budget=60.0)
    with TestClient(create_app(engine=settings), raise_server_exceptions=False) as c:
        yield c


def _check(data: dict[str, Any], gen: Generated) -> None:
    assert (data["count"], data["capped"], data["unique"]) == (1, False, True)
    assert tuple(data["solution"]) == gen.solution
    assert is_solution(gen.board, data["solution"])
    assert data["grade"] == gen.report.grade.value
    pos = data["position"]
    assert (pos["completions"], pos["capped"], pos["status"]) == (1, False, "playing")


def test_the_giant_seed_the_api_refused_is_answered(api: TestClient) -> None:
    gen = generate_board(presets()["giant"], GIANT_SEED)  # the oracle, in this process
    r = api.get("/api/kirchhoff/solve", params={"id": f"16x16dh#{GIANT_SEED}"})
    assert r.status_code == 200, r.text
    _check(r.json(), gen)


@pytest.mark.slow
def test_random_giant_seeds_are_answered() -> None:
    # The job a worker runs for GET /solve (no clock here: the counted work is
    # what refused these boards; bench/README.md has the times).
    target = registry.entry("kirchhoff").target
    rng = SplitMix64(20261201)
    for _ in range(30):
        seed = rng.below(10**12)
        data = jobs.play_job(target, f"16x16dh#{seed}", ())
        forget()  # the oracle below generates afresh
        _check(data, generate_board(presets()["giant"], seed))


def test_a_position_on_a_generated_board_is_counted_from_its_solution() -> None:
    gen = generate_board(presets()["hard"], 5)
    sol = gen.solution
    e = next(i for i, s in enumerate(sol) if s)
    right = [ALL_STATES] * len(sol)
    right[e] = 1 << sol[e]
    wrong = [ALL_STATES] * len(sol)
    wrong[e] = ALL_STATES & ~(1 << sol[e])
    assert known(gen.board) is gen
    got = decide(gen.board, right)
    assert (got.count.value, got.method, got.solution) == (1, "generator", sol)
    assert decide(gen.board, wrong).count.value == 0
    assert bounded_count(gen.board, wrong, cap=1).value == 0
    # the same verdicts from the counter itself, once the generator is forgotten
    forget()
    assert decide(gen.board, right).count.value == 1
    assert decide(gen.board, wrong).count.value == 0


def test_a_fully_clued_board_runs_out_of_work_and_is_not_called_open() -> None:
    # every cell clued, two circulations: propagation alone leaves it open
    full = Board.from_text("1 1 1 / 1 0 1 / 1 1 1")
    assert not is_open(full) and known(full) is None
    assert decide(full).count.capped  # settled with the default budgets
    with pytest.raises(OutOfWorkError) as err:
        decide(full, work=0, nodes=0, first_nodes=0)
    assert "too open" not in str(err.value) and "ran out of work" in str(err.value)
    assert err.value.http_status == 422
    assert not isinstance(err.value, TooOpenError | CountLimitError)
    with pytest.raises(OutOfWorkError):
        bounded_count(full, work=0)


def test_an_open_board_is_still_too_open() -> None:
    forget()
    gen = generate_board(presets()["expert"], 3)
    forget()
    assert is_open(gen.board)
    with pytest.raises(TooOpenError, match="too open"):
        decide(gen.board, work=0, nodes=1, first_nodes=1)
    with pytest.raises(CountLimitError):
        bounded_count(gen.board, work=1)
