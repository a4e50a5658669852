"""Move grammar (oracle: the numbering by hand) and status."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofgrid.kirchhoff.board import Board, Mark, Position
from proofgrid.kirchhoff.moves import (
    execute_move,
    execute_moves,
    format_move,
    parse_move,
    split_moves,
    status,
)
from proofgrid.puzzle import InvalidMoveError, Status

BOARD = Board.from_text("+1 . -1 / . . . / . . .")


def test_edge_and_pair_forms_agree() -> None:
    # a1-b1 is edge 0: forward = a1 -> b1
    assert parse_move(BOARD, "e0>") == (0, Mark.FORWARD)
    assert parse_move(BOARD, "a1>b1") == (0, Mark.FORWARD)
    assert parse_move(BOARD, "b1>a1") == (0, Mark.BACKWARD)
    assert parse_move(BOARD, "a1<b1") == (0, Mark.BACKWARD)
    assert parse_move(BOARD, "b1<a1") == (0, Mark.FORWARD)
    # a1-a2 is the first vertical edge, id R*(C-1) = 6: forward = downward
    assert parse_move(BOARD, " A2>A1 ") == (6, Mark.BACKWARD)
    assert parse_move(BOARD, "a1xa2") == (6, Mark.CROSS)
    assert parse_move(BOARD, "e6.") == (6, Mark.FREE)


@given(st.integers(0, 11), st.sampled_from(list(Mark)))
def test_format_parse_round_trip(edge: int, mark: Mark) -> None:
    assert parse_move(BOARD, format_move(BOARD, edge, mark)) == (edge, mark)


@pytest.mark.parametrize(
    "bad", ["", "e12>", "e-1>", "a1>c1", "a1>a1", "d1>c1", "a4>a3", "zz", "a1?b1", "e1", "x" * 99]
)
def test_bad_moves(bad: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(BOARD, bad)


def test_execute_is_pure_and_status() -> None:
    start = Position.start(BOARD)
    pos = execute_moves(start, "a1>b1, b1>c1")
    assert start.marks[0] is Mark.FREE  # unchanged
    assert status(pos) is Status.WON
    assert status(start) is Status.PLAYING
    assert status(execute_move(start, "b1>a1")) is Status.LOST
    assert split_moves(" a1>b1;b1>c1  e3x ") == ["a1>b1", "b1>c1", "e3x"]


#: Moves that hold a non-ASCII character Python would read as ASCII: Unicode decimal
#: digits (Arabic-Indic, Devanagari, fullwidth, mathematical bold) and the Kelvin sign,
#: which ``str.lower`` turns into ``k``.
FOREIGN_MOVES = ("e\u0665>", "a\u0661>b\u0661", "e\u096c.", "a\uff11xa\uff12", "e\U0001d7cf<")


@pytest.mark.parametrize("move", FOREIGN_MOVES)
def test_a_move_with_a_foreign_digit_is_refused_by_the_parser_itself(move: str) -> None:
    # issue 34, probe 11: the module's own parser (not only the midend in front of it)
    # refuses it in one line; the same move in ASCII digits is legal (the oracle)
    ascii_twin = "".join(str(int(ch)) if ch.isdigit() else ch for ch in move)
    parse_move(BOARD, ascii_twin)
    for call in (
        lambda: parse_move(BOARD, move),
        lambda: execute_move(Position.start(BOARD), move),
        lambda: execute_moves(Position.start(BOARD), f"e0> {move}"),
    ):
        with pytest.raises(InvalidMoveError) as err:
            call()
        assert "\n" not in str(err.value) and "ASCII" in str(err.value)


def test_the_kelvin_sign_is_not_a_k() -> None:
    wide = Board.from_text(" / ".join([" ".join(["."] * 12)] * 3))  # 3 rows of a..l
    assert parse_move(wide, "k1>l1") == (10, Mark.FORWARD)
    with pytest.raises(InvalidMoveError, match="ASCII"):
        parse_move(wide, "\u212a1>l1")


def test_the_cli_refuses_a_foreign_digit_in_a_move_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from proofgrid.cli import main  # noqa: PLC0415 (the CLI is heavier than the module)

    for command in ("status", "hint", "solve"):
        assert main(["kirchhoff", command, "5x5de#1", "--moves", "e\u0665>"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and "ASCII" in err
