"""Deterministic duel answers are cached by their canonical request (issue 34, probe 4:
"9x10 duels ... are not cached").

Oracles: the number of jobs the engine's pools were given (counted at
:meth:`EnginePool.submit`), the answers' bytes, the answer's own ``perfect`` flag
(whether the bot's exact search proved the move), and the cache's size bound
(:data:`proofgrid.server.engine.CACHE_SIZE`, lowered here to 2).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from proofgrid.matchless.api import duel_deterministic
from proofgrid.server import create_app, engine
from proofgrid.server.pool import EnginePool, PoolSettings

pytestmark = pytest.mark.slow  # starts worker processes


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, list[Any]]]:
    """A test client and the list of jobs its engine pools were given."""
    jobs: list[Any] = []
    submit = EnginePool.submit

    def counting(self: EnginePool, fn: Any, *args: Any, **kw: Any) -> Any:
        jobs.append(args[1] if args and fn.__name__ == "kept_route_job" else fn)
        return submit(self, fn, *args, **kw)

    monkeypatch.setattr(EnginePool, "submit", counting)
    app = create_app(engine=PoolSettings(workers=1, budget=30))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c, jobs


def _duel(c: TestClient, **body: Any) -> Any:
    got = c.post("/api/matchless/duel", json=body)
    assert got.status_code == 200, got.text
    return got


def test_a_deterministic_duel_answer_is_served_from_the_cache(
    counted: tuple[TestClient, list[Any]],
) -> None:
    c, jobs = counted
    greedy = {"id": "9x10#5", "moves": [], "level": "greedy"}
    first = _duel(c, **greedy)
    # the same request again, its fields in another order and a default spelled out:
    # the same canonical request, so the same bytes and no second job
    again = _duel(c, budget_ms=1000, level="greedy", moves=[], id="9x10#5")
    assert again.content == first.content
    assert len(jobs) == 1
    # the random bot is seeded by the request: one job per seed, then none
    for seed in (1, 2, 1, 2):
        _duel(c, id="9x10#5", moves=[], level="random", seed=seed)
    assert len(jobs) == 3
    # a perfect move the exact search proved (a 3x3 board) is kept too
    proved = _duel(c, id="3x3#1", moves=[], level="perfect")
    assert proved.json()["perfect"] is True
    _duel(c, id="3x3#1", moves=[], level="perfect")
    assert len(jobs) == 4


def test_a_perfect_move_cut_by_the_clock_is_not_cached(
    counted: tuple[TestClient, list[Any]],
) -> None:
    # 1 ms is not enough to prove a move on a 12x12 board: the move is the deepest
    # depth the clock allowed, so the same request runs the bot again
    c, jobs = counted
    body = {"id": "12x12#7", "moves": [], "level": "perfect", "budget_ms": 1}
    assert _duel(c, **body).json()["perfect"] is False
    _duel(c, **body)
    assert len(jobs) == 2


def test_the_cache_keeps_at_most_its_size(
    counted: tuple[TestClient, list[Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine, "CACHE_SIZE", 2)
    c, jobs = counted
    for seed in (1, 2, 3):  # three distinct answers: the first is evicted
        _duel(c, id="9x10#5", moves=[], level="random", seed=seed)
    _duel(c, id="9x10#5", moves=[], level="random", seed=3)  # kept: no job
    assert len(jobs) == 3
    _duel(c, id="9x10#5", moves=[], level="random", seed=1)  # evicted: a job again
    assert len(jobs) == 4


def test_which_duel_answers_are_deterministic() -> None:
    assert duel_deterministic({"level": "random"}, {"perfect": False})
    assert duel_deterministic({"level": "greedy"}, {"perfect": False})
    assert duel_deterministic({"level": "perfect"}, {"perfect": True})
    assert not duel_deterministic({"level": "perfect"}, {"perfect": False})
