"""A generated board answers by its fixed ID from any worker (issue 34, probe 1).

``16x16dh#38`` resolved to its ``params:desc`` ID and sent to ``/solve`` or
``/hint`` used to answer 422 "too open to decide": its sweep needs ~3·10^5
frontier states, past the API counter's 10^5, and only a worker that had
generated the board itself (the generator's in-process memory,
:func:`proofgrid.kirchhoff.generate.known`) could answer it. The API's worker
processes here are fresh (forked from a fork server that never generated it),
so the answer must come from the board alone.

Oracles: the generator run in this process (its unique solution and grade,
proved as it built the board), ``is_solution``, and the exact counter with
its own bounds (what ``proofgrid kirchhoff count`` answers).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from proofgrid.kirchhoff.board import is_solution
from proofgrid.kirchhoff.codec import decode_board, encode_board, presets
from proofgrid.kirchhoff.contract import KIRCHHOFF
from proofgrid.kirchhoff.exact import count
from proofgrid.kirchhoff.generate import Generated, forget, generate_board
from proofgrid.kirchhoff.search import COUNT_WORK, bounded_count, decide
from proofgrid.puzzle import parse_seed
from proofgrid.server import create_app
from proofgrid.server.pool import PoolSettings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SEED = "38"
#: ``16x16dh#38``'s fixed ID (generator version 1).
FIXED = (
    "16x16dh:HuQOcDByUzWjtTRggSpTmImZJgwqplikTKERgiFcmVBKBQhMIUUcTiZmE0hVOTDkpyEkwiU8TMKSgRKJk5B"
    "MoIQQRiJhCcIJhhMkJhExw5KIcRCSEpJSEAii"
)


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    """The whole app; a clock generous enough for a loaded test machine (what refused the
    board was the counted work, not the clock; the time is a figure of bench/README.md)."""
    with TestClient(create_app(engine=PoolSettings(budget=60.0))) as c:
        yield c


@pytest.fixture(scope="module")
def gen() -> Generated:
    """``16x16dh#38`` generated in this process: the oracle (its proved solution and grade)."""
    made = generate_board(presets()["giant"], int(SEED))
    forget()  # nothing below may lean on this process's memory of it
    return made


def test_the_board_needs_more_than_the_old_counted_work() -> None:
    """Guard: without the generator's memory the old budget could not decide it."""
    forget()
    board = decode_board(FIXED.partition(":")[2], presets()["giant"])
    with pytest.raises(ValueError, match="frontier states"):
        bounded_count(board, work=COUNT_WORK)
    assert count(board, cap=2).value == 1  # what `proofgrid kirchhoff count` says
    verdict = decide(board)
    assert (verdict.count.value, verdict.count.capped, verdict.method) == (1, False, "count")


def test_the_fixed_id_is_answered_by_a_fresh_worker(api: TestClient, gen: Generated) -> None:
    solve = api.get("/api/kirchhoff/solve", params={"id": FIXED})
    assert solve.status_code == 200, solve.text
    data = solve.json()
    assert (data["count"], data["capped"], data["unique"]) == (1, False, True)
    assert tuple(data["solution"]) == gen.solution and is_solution(gen.board, data["solution"])
    assert data["grade"] == gen.report.grade.value
    hint = api.post("/api/kirchhoff/hint", json={"id": FIXED, "moves": []})
    assert hint.status_code == 200, hint.text
    assert hint.json()["status"] == "playing" and hint.json()["hint"]["move"]
    moves = [hint.json()["hint"]["move"]]
    played = api.post("/api/kirchhoff/solve", json={"id": FIXED, "moves": moves})
    assert played.status_code == 200, played.text
    assert played.json()["position"]["completions"] == 1


def test_the_seed_text_and_the_fixed_id_name_the_same_board(gen: Generated) -> None:
    """Guard: the constant is ``16x16dh#38``'s board (a new generator version would move it)."""
    assert KIRCHHOFF.game_id(presets()["giant"], encode_board(gen.board)) == FIXED
    assert parse_seed(SEED) == int(SEED)
