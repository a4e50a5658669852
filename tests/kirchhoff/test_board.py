"""Board, geometry and position value objects (oracle: hand-computed numbering)."""

from __future__ import annotations

import pytest
from hypothesis import given

from proofgrid.kirchhoff.board import (
    Board,
    Clue,
    ClueKind,
    Mark,
    Position,
    cell_name,
    format_position,
    geometry,
    is_solution,
)
from proofgrid.puzzle import InvalidDescError
from tests.strategies import kirchhoff_boards, kirchhoff_positions


def test_edge_numbering_2x3() -> None:
    g = geometry(2, 3)
    # horizontal edges first: (r, c)-(r, c+1) is r*(C-1)+c
    assert g.ends[:4] == ((0, 1), (1, 2), (3, 4), (4, 5))
    # then vertical: R*(C-1) + r*C + c
    assert g.ends[4:] == ((0, 3), (1, 4), (2, 5))
    assert g.edges == 2 * 2 * 3 - 2 - 3
    assert g.h_edge(1, 1) == 3 and g.v_edge(0, 2) == 6
    assert g.edge_between(4, 1) == 5 and g.edge_between(2, 3) == -1  # 2 and 3 are on two rows
    assert g.sides[4] == (2, 5, 3, -1)  # left, up, right, down of cell (1, 1)


@pytest.mark.parametrize("rows,cols", [(2, 2), (3, 5), (16, 16), (4, 2)])
def test_geometry_consistent(rows: int, cols: int) -> None:
    g = geometry(rows, cols)
    for e, (u, v) in enumerate(g.ends):
        assert u < v and g.edge_between(u, v) == e and g.edge_between(v, u) == e
        assert e in g.cell_edges[u] and e in g.cell_edges[v]
    assert sum(len(es) for es in g.cell_edges) == 2 * g.edges


def test_clue_validation() -> None:
    with pytest.raises(InvalidDescError):
        Clue(ClueKind.THROUGHPUT, 3)
    with pytest.raises(InvalidDescError):
        Clue(ClueKind.SOURCE, 0)
    with pytest.raises(InvalidDescError):
        Clue(ClueKind.BLANK, 1)
    assert Clue(ClueKind.SINK, 3).demand == -3
    assert Clue(ClueKind.THROUGHPUT, 2).throughput == 2


def test_board_balance_and_size_checked() -> None:
    with pytest.raises(InvalidDescError, match="sum to"):
        Board.from_text("+1 . / . .")
    with pytest.raises(InvalidDescError):
        Board.from_text("+1 -1")  # one row only
    with pytest.raises(InvalidDescError):
        Board.from_text("+1 -1 / . ")
    with pytest.raises(InvalidDescError):
        Board.from_text("+1 q / . -1")


@given(kirchhoff_boards(4, 4))
def test_text_and_repr_round_trip(board: Board) -> None:
    assert Board.from_text(board.to_text()) == board
    assert eval(repr(board)) == board  # the repr is meant to be pasted back


@given(kirchhoff_positions(3, 3))
def test_position_repr_round_trip(pos: Position) -> None:
    assert eval(repr(pos)) == pos


def test_is_solution_by_hand() -> None:
    b = Board.from_text("+1 -1 / . .")
    # edge 0 is (0,0)-(0,1): forward = rightward
    states = [1] + [0] * (b.n_edges - 1)
    assert is_solution(b, states)
    assert not is_solution(b, [2] + [0] * (b.n_edges - 1))
    assert not is_solution(b, [0] * b.n_edges)


def test_format_position_draws_arrows() -> None:
    b = Board.from_text("+1 -1 / . .")
    pos = Position.start(b).with_mark(0, Mark.FORWARD).with_mark(2, Mark.CROSS)
    text = format_position(pos)
    assert "+1 > -1" in text
    assert cell_name(b, 3) == "b2"
