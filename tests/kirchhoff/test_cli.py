"""The ``proofgrid kirchhoff`` commands (oracle: re-checking the JSON with the rules)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from proofgrid.cli import main
from proofgrid.kirchhoff.board import Board, Clue, ClueKind, is_solution
from proofgrid.kirchhoff.codec import encode_board

ID = "5x5de:EzQhxySCGIxxDEAM5"  # generated easy 5x5, seed 42


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["kirchhoff", *args])
    out, err = capsys.readouterr()
    return code, out, err


def board_from_json(data: dict[str, Any]) -> tuple[Board, list[int]]:
    """Rebuild the board and solution from the JSON alone, as an outsider would."""
    R, C = int(data["rows"]), int(data["cols"])
    clues = [Clue(ClueKind.BLANK)] * (R * C)
    for cl in data["clues"]:
        r, c = cl["cell"]
        clues[r * C + c] = Clue(ClueKind(cl["kind"]), cl["value"])
    board = Board(R, C, tuple(clues))
    states = [0] * board.n_edges
    for (r1, c1), (r2, c2) in data["arrows"]:
        a, b = r1 * C + c1, r2 * C + c2
        states[board.geometry.edge_between(a, b)] = 1 if a < b else 2
    return board, states


@pytest.mark.parametrize(
    "cmd",
    [
        ["new", "--preset", "easy", "--seed", "42"],
        ["solve", ID],
        ["count", ID],
        ["daily", "--date", "2026-11-30", "-p", "easy"],
    ],
)
def test_json_carries_a_checkable_board(capsys: pytest.CaptureFixture[str], cmd: list[str]) -> None:
    code, out, _ = run(capsys, *cmd, "--json")
    assert code == 0
    data = json.loads(out)
    assert {"id", "rows", "cols", "clues", "solution", "count", "capped", "grade"} <= set(data)
    board, states = board_from_json(data)
    assert is_solution(board, states)
    # one board shape for the CLI and the API: ``solution`` is the same answer as edge
    # states in edge order (until issue 34 the CLI wrote arrows under ``solution``)
    assert data["solution"] == states
    assert data["count"] == 1 and data["capped"] is False
    assert data["grade"] in ("easy", "medium", "hard")
    if cmd[0] in ("solve", "count"):
        assert data["id"] == ID


def test_new_text_and_seed_ids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "--preset", "easy", "--seed", "42")
    assert code == 0 and out.splitlines()[0] == ID and "5x5de#42" in out


def test_count_exact_and_capped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "2x2:EAxyAhn")
    assert code == 0 and out.strip() == "1 solution"
    blank = "3x3:" + _desc(". . . / . . . / . . .")
    code, out, _ = run(capsys, "count", blank)
    # 13 circuits x 2 directions, 2 diagonal pairs x 4, and the empty board
    assert out.strip() == "35 solutions"
    code, out, _ = run(capsys, "count", blank, "--cap", "2", "--json")
    data = json.loads(out)
    assert data["count"] == 2 and data["capped"] is True and data["grade"] is None


def _desc(text: str) -> str:
    return encode_board(Board.from_text(text))


def test_hint_with_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", ID)
    assert code == 0 and "local:" in out and "move: a1xb1" in out
    code, out, _ = run(capsys, "hint", ID, "--moves", "a1>b1", "--json")
    data = json.loads(out)
    assert data["status"] == "lost" and data["hint"]["move"] is None
    assert data["hint"]["kirchhoff"]["kind"] == "lost"
    assert data["hint"]["kirchhoff"]["wrong_marks"] == ["a1>b1"]
    code, out, _ = run(capsys, "hint", ID, "--mark-empties", "--json")
    own = json.loads(out)["hint"]["kirchhoff"]
    assert code == 0 and "a1xb1" in own["marked_empty"]


@pytest.mark.parametrize(
    "args",
    [
        ["count", "5x5:garbage"],
        ["count", "5x5"],
        ["solve", "99x5#1"],
        ["hint", ID, "--moves", "zz"],
        ["hint", ID, "--moves", "a1>c1"],
        ["new", "--preset", "nope"],
        ["daily", "--date", "2026-13-01"],
        ["count", "7x7:EzQhxySCGIxxDEAM5"],
        ["count", "16x16:" + "A" * 10],
    ],
)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "Traceback" not in err + out


def test_too_open_board_is_an_error_not_a_hang(capsys: pytest.CaptureFixture[str]) -> None:
    blank = "16x16:" + _desc(" / ".join([" ".join(["."] * 16)] * 16))
    code, _, err = run(capsys, "count", blank)
    assert code == 2 and "too open" in err


def test_play_session(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    script = "help\nhint\napply\nundo\nredo\nb1>a1\nundo\nzz\nid\n" + "apply\n" * 60
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    code, out, _ = run(capsys, "play", ID)
    assert code == 0
    assert "played a1xb1 (local)" in out
    assert "lost:" in out  # b1>a1 was wrong
    assert "error: bad move" in out
    assert "solved" in out


def test_verify_quick(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--quick")
    assert code == 0 and out.strip().endswith("checks, 0 failures")


def test_stats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "2", "--preset", "easy")
    assert code == 0 and "easy" in out and "5x5" in out
