"""The JSON API over the Python Kirchhoff engine.

Oracles: a direct in/out count per cell against the clues (a solution is
checked without the engine), the baseline branching search
(:func:`proofgrid.kirchhoff.baseline.branch_count`, a second counting
algorithm) for counts, uniqueness and forced hints, and Gale's condition
recomputed from the clues for a lost position's region. Input validation:
any garbage gets a 4xx with a one-line ``detail``, never a 5xx.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import pytest
from tools.proofcheck import check, clues_from_json, hint_of_move

from proofgrid.kirchhoff.baseline import branch_count
from proofgrid.kirchhoff.board import ALL_STATES, Board, Mark, Position
from proofgrid.kirchhoff.codec import decode_board, presets
from proofgrid.kirchhoff.daily import daily
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.moves import format_move, parse_move

if TYPE_CHECKING:
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def flows(rows: int, cols: int, states: list[int]) -> list[tuple[int, int]]:
    """(in, out) per cell of an edge-state list, counted from the geometry by hand."""
    n = rows * cols
    io = [[0, 0] for _ in range(n)]
    h = rows * (cols - 1)
    for e, s in enumerate(states):
        if not s:
            continue
        if e < h:
            r, c = divmod(e, cols - 1)
            u, v = r * cols + c, r * cols + c + 1
        else:
            u = e - h
            v = u + cols
        tail, head = (u, v) if s == 1 else (v, u)
        io[tail][1] += 1
        io[head][0] += 1
    return [(a, b) for a, b in io]


def solves(body: dict[str, Any], states: list[int]) -> bool:
    rows, cols = body["rows"], body["cols"]
    blank = {"kind": "blank", "value": 0}
    want = {tuple(c["cell"]): c for c in body["clues"]}
    for cell, (n_in, n_out) in enumerate(flows(rows, cols, states)):
        clue = want.get(divmod(cell, cols), blank)
        kind, value = clue["kind"], clue["value"]
        demand = value if kind == "source" else -value if kind == "sink" else 0
        if n_out - n_in != demand or (kind == "throughput" and n_in != value):
            return False
    return True


def test_daily_matches_the_engine_and_is_unique(client: TestClient) -> None:
    day = dt.date(2026, 12, 3)
    r = client.get(f"/api/kirchhoff/daily/{day.isoformat()}")
    assert r.status_code == 200, r.text
    body = r.json()
    gen = daily(day)
    assert decode_board(body["id"].split(":")[1]) == gen.board
    assert body["seed_id"] == f"7x7dh#kirchhoff/v1/{day.isoformat()}"
    assert body["date"] == day.isoformat() and body["rows"] == body["cols"] == 7
    assert body["unique"] and body["count"] == 1 and body["grade"] == "hard"
    assert solves(body, body["solution"])
    assert branch_count(gen.board, cap=2) == 1  # a second algorithm agrees: unique
    assert client.get("/api/kirchhoff/daily").status_code == 200


@pytest.mark.parametrize("preset", ["easy", "medium"])
def test_new_board_round_trips_and_regenerates(client: TestClient, preset: str) -> None:
    r = client.get("/api/kirchhoff/new", params={"params": preset, "seed": "42"})
    assert r.status_code == 200, r.text
    body = r.json()
    board = decode_board(body["id"].split(":")[1])
    assert board == generate_board(presets()[preset], 42).board
    assert solves(body, body["solution"]) and body["unique"]
    assert branch_count(board, cap=2) == 1
    again = client.post("/api/kirchhoff/solve", json={"id": body["seed_id"]})
    assert again.status_code == 200 and again.json()["id"] == body["id"]


def test_solve_reports_the_status_and_count_of_a_position(client: TestClient) -> None:
    gen = generate_board(presets()["easy"], 9)
    board, sol = gen.board, list(gen.solution)
    gid = client.get("/api/kirchhoff/new", params={"params": "easy", "seed": "9"}).json()["id"]
    used = [e for e, s in enumerate(sol) if s]
    right = [format_move(board, e, Mark(sol[e])) for e in used[:3]]
    wrong_e = next(e for e, s in enumerate(sol) if s == 0)
    wrong = format_move(board, wrong_e, Mark.FORWARD)
    for moves, want_status in (([], "playing"), (right, "playing"), ([*right, wrong], "lost")):
        r = client.post("/api/kirchhoff/solve", json={"id": gid, "moves": moves})
        assert r.status_code == 200, r.text
        pos = r.json()["position"]
        assert pos["status"] == want_status
        masks = [ALL_STATES if m == 0 else (1 << m if m in (1, 2) else 1) for m in pos["marks"]]
        assert pos["completions"] == branch_count(board, masks, cap=2)
    every = [format_move(board, e, Mark(s) if s else Mark.CROSS) for e, s in enumerate(sol)]
    r = client.post("/api/kirchhoff/solve", json={"id": gid, "moves": every})
    assert r.json()["position"]["status"] == "won"


def test_hints_are_forced_and_lost_verdicts_carry_checked_proofs(client: TestClient) -> None:
    gen = generate_board(presets()["easy"], 3)
    board = gen.board
    new = client.get("/api/kirchhoff/new", params={"params": "easy", "seed": "3"}).json()
    gid, clues = new["id"], clues_from_json(new)
    moves: list[str] = []
    pos = Position.start(board)
    for _ in range(6):
        r = client.post("/api/kirchhoff/hint", json={"id": gid, "moves": moves})
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "playing"
        h = r.json()["hint"]
        assert h["kirchhoff"]["kind"] in {"local", "region", "exact"}
        edge, mark = parse_move(board, h["move"])
        state = 0 if mark is Mark.CROSS else int(mark)
        assert h["kirchhoff"]["state"] == state
        # Forced: no completion of the position takes another state on that edge.
        masks = list(pos.masks())
        masks[edge] &= ~(1 << state)
        assert branch_count(board, masks, cap=1) == 0
        # Its proof is accepted by the independent checker, and words go with it.
        check(clues, h["proof"], hint=hint_of_move(h["move"]), marks=moves)
        assert h["words"]
        pos = pos.with_mark(edge, mark)
        moves.append(h["move"])
    # A wrong arrow: lost, and the proof's uses hold exactly that mark.
    wrong_e = next(e for e, s in enumerate(gen.solution) if s == 0)
    wrong = format_move(board, wrong_e, Mark.FORWARD)
    r = client.post("/api/kirchhoff/hint", json={"id": gid, "moves": [wrong]})
    assert r.json()["status"] == "lost"
    h = r.json()["hint"]
    assert h["kirchhoff"]["kind"] == "lost" and h["kirchhoff"]["edge"] is None
    assert h["move"] is None
    check(clues, h["proof"], lost=True, marks=[wrong])
    assert h["proof"]["uses"] == [wrong]


@pytest.mark.parametrize(
    ("method", "path", "payload"),
    [
        ("get", "/api/kirchhoff/daily/2026-02-30", None),
        ("get", "/api/kirchhoff/daily/yesterday", None),
        ("get", "/api/kirchhoff/new?params=99x99&seed=1", None),
        ("get", "/api/kirchhoff/new?params=hard", None),
        ("post", "/api/kirchhoff/solve", {"id": "7x7dh:AAAA"}),
        ("post", "/api/kirchhoff/solve", {"id": "x" * 601}),
        ("post", "/api/kirchhoff/solve", {"id": "5x5de#1", "moves": ["z9>z10"]}),
        ("post", "/api/kirchhoff/hint", {"id": "5x5de#1", "moves": ["a1>c1"]}),
        ("post", "/api/kirchhoff/hint", {"id": "5x5de#1", "extra": 1}),
        ("post", "/api/kirchhoff/hint", {"id": "5x5de#1", "moves": ["e1>"] * 481}),
    ],
)
def test_bad_input_is_a_one_line_4xx(
    client: TestClient, method: str, path: str, payload: dict[str, Any] | None
) -> None:
    r = client.get(path) if method == "get" else client.post(path, json=payload)
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail


def test_the_clue_list_describes_the_board(client: TestClient) -> None:
    body = client.get("/api/kirchhoff/new", params={"params": "4x5", "seed": "abc"}).json()
    board = Board.from_text(
        " / ".join(
            " ".join(
                next(
                    (
                        ("+" if c["kind"] == "source" else "-" if c["kind"] == "sink" else "")
                        + str(c["value"])
                        for c in body["clues"]
                        if c["cell"] == [r, col]
                    ),
                    ".",
                )
                for col in range(5)
            )
            for r in range(4)
        )
    )
    assert decode_board(body["id"].split(":")[1]) == board  # the clue list is the board
