"""Result codes: round trip, replay verdicts, and every single-character change refused.

Oracles: the contract's replay of the same moves (status, matches, par from
the solver, arrows counted from the position), and zlib's CRC-32 through the
codec's documented layout; the refusal property is checked exhaustively over
every position and every other character of the URL-safe alphabet (plus a few
outside it), through the CLI (one ``error:`` line, exit 2).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid import midend, registry, results
from proofgrid.codec_util import B64URL_ALPHABET
from proofgrid.matchless.solve import solve
from tests.cli.conftest import Run

M_ID = "6x6:FEb_zvibhIqC6EUqICGLKeqF4CRq"
M_PAR = ["b1", "e1", "a4", "b6", "e6"]
K_ID = "5x5de:EzQhxySCGIxxDEAM5"


def kirchhoff_solution_moves(gid: str) -> list[str]:
    """The moves that draw the board's solution (from the exact solver, through the contract)."""
    from proofgrid.kirchhoff.board import Mark  # noqa: PLC0415
    from proofgrid.kirchhoff.moves import format_move  # noqa: PLC0415

    puzzle = registry.get("kirchhoff")
    start = midend.resolve(puzzle, gid).start()
    states = puzzle.solve(start)
    return [format_move(start.board, e, Mark(s)) for e, s in enumerate(states) if s]


def test_matchless_round_trip_and_verdict(run: Run) -> None:
    code, out, err = run(
        "matchless", "result", M_ID, "--moves", " ".join(M_PAR), "--hints", "2", "--json"
    )
    assert code == 0, err
    made = json.loads(out)
    assert made["link"] == "#result/" + made["code"] and made["moves"] == M_PAR
    code, out, _ = run("matchless", "check-result", made["code"], "--json")
    assert code == 0
    board = midend.resolve(registry.get("matchless"), M_ID).start().board
    assert json.loads(out) == {
        "verified": True,
        "id": M_ID,
        "moves": M_PAR,
        "solved": True,
        "matches": 5,
        "par": solve(board).par,
        "hints": 2,
        "xray": False,
    }
    code, out, _ = run("matchless", "check-result", made["link"])
    assert (
        code == 0 and "hints (self-reported): 2" in out and "X-ray (self-reported): not used" in out
    )


def test_kirchhoff_round_trip_unfinished_and_solved(run: Run) -> None:
    moves = kirchhoff_solution_moves(K_ID)
    for played, solved in ((moves[:2], False), (moves, True)):
        code, out, _ = run("kirchhoff", "result", K_ID, "-m", " ".join(played), "--xray", "--json")
        assert code == 0
        code, out, _ = run("kirchhoff", "check-result", json.loads(out)["code"], "--json")
        answer = json.loads(out)
        assert code == 0 and answer["solved"] is solved and answer["arrows"] == len(played)
        assert answer["xray"] is True and answer["hints"] == 0 and answer["verified"] is True


def test_toy_puzzle_gets_results(run: Run, lamps: str) -> None:
    code, out, _ = run(lamps, "result", "5#7", "--moves", "1", "--json")
    assert code == 0
    made = json.loads(out)
    assert made["id"] == midend.resolve(registry.get(lamps), "5#7").id  # canonical params:desc
    code, out, _ = run(lamps, "check-result", made["code"], "--json")
    assert code == 0 and json.loads(out)["verified"] is True


def test_every_single_character_change_is_refused(run: Run) -> None:
    code = results.encode(results.make(registry.get("matchless"), M_ID, M_PAR, hints=1))
    assert run("matchless", "check-result", code)[0] == 0
    others = B64URL_ALPHABET + ".#/=+ é"
    refused = 0
    for i, ch in enumerate(code):
        for new in others:
            if new == ch:
                continue
            bad = code[:i] + new + code[i + 1 :]
            with pytest.raises(results.InvalidResultError):
                results.check(registry.get("matchless"), results.decode(bad))
            refused += 1
    assert refused == sum(len(others) - (c in others) for c in code)
    for bad in (code[:-1], code + "A", "kirchhoff" + code[9:], code.replace(".", "", 1)):
        status, out, err = run("matchless", "check-result", bad)
        assert status == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("result", M_ID, "--moves", "z9"), "z9"),
        (("result", M_ID, "--moves", "b1 b1"), "already lit"),
        (("result", "6x6:nonsense"), ""),
        (("check-result", ""), "empty"),
        (("check-result", "matchless.AAAA"), ""),
    ],
)
def test_bad_input_is_one_line(run: Run, argv: tuple[str, ...], says: str) -> None:
    code, _out, err = run("matchless", *argv)
    assert code == 2 and err.startswith("error:") and err.count("\n") == 1 and says in err


def test_forged_moves_with_a_good_checksum_are_refused() -> None:
    forged = results.encode(
        results.Result("matchless", M_ID, ("b1", "b1"))
    )  # legal codec, bad game
    with pytest.raises(results.InvalidResultError, match="does not replay"):
        results.check(registry.get("matchless"), results.decode(forged))


@settings(max_examples=200, deadline=None)
@given(
    gid=st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=300),
    moves=st.lists(
        st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=40),
        max_size=60,
    ),
    hints=st.integers(0, (1 << 21) - 1),
    xray=st.booleans(),
)
def test_codec_round_trips(gid: str, moves: list[str], hints: int, xray: bool) -> None:
    r = results.Result("kirchhoff", gid, tuple(moves), hints, xray)
    assert results.decode(results.encode(r)) == r


def test_cli_duel_replays_moves_and_refuses_a_bad_one(run: Run) -> None:
    """Oracle: the contract's replay of the same moves (the position and the mover after them)."""
    puzzle = registry.get("matchless")
    after = midend.resolve(puzzle, M_ID).play(["b1", "e1"])
    code, out, _ = run(
        "matchless", "duel", M_ID, "--moves", "b1.e1", "--bot", "greedy", stdin="q\n"
    )
    assert code == 0
    assert "replayed 2 move(s): b1 e1" in out
    assert puzzle.format(after) in out and "you to move" in out
    code, out, _ = run("matchless", "duel", M_ID, "--moves", "b1 e1 b1", "--bot-first", stdin="q\n")
    assert code == 2 and out == ""
    code, _out, err = run("matchless", "duel", M_ID, "--moves", "b1 b1", stdin="q\n")
    assert code == 2 and "move 2 of the duel (b1) does not replay" in err and err.count("\n") == 1
