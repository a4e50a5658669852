"""Game IDs, moves, cascades, status and the contract object (hints: ``test_hint.py``).

Oracles: networkx shortest-path lengths for cascade depths, brute-force
remaining par (via the solver on the induced subgraph compared with
networkx), hand-built positions.
"""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofgrid.matchless import MATCHLESS
from proofgrid.matchless.board import Board
from proofgrid.matchless.codec import encode_desc
from proofgrid.matchless.format import format_state, format_xray
from proofgrid.matchless.game import (
    execute_move,
    game_id,
    last_par_reachable,
    move_name,
    new_state,
    parse_game_id,
    parse_move,
    status,
    strike,
)
from proofgrid.matchless.generate import generate_board, seed_value
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import solve
from proofgrid.puzzle import (
    InvalidDescError,
    InvalidGameIdError,
    InvalidMoveError,
    InvalidParamsError,
    ProofgridError,
    Status,
)
from tests.strategies import matchless_cells

boards = matchless_cells(max_size=5).map(lambda t: Board(*t))

# 2x3, a1 -> b1 -> c1 and c2 -> b2 -> a2, b2 -> b1.
LINE = Board.from_graph(
    2,
    3,
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
    [(0, 1), (1, 2), (5, 4), (4, 3), (4, 1)],
)


@given(boards, st.data())
def test_cascade_depths_are_bfs_in_unlit_shells(board: Board, data: st.DataObject) -> None:
    state = new_state(board)
    while state.unlit:
        unlit = [v for v in range(board.n) if state.unlit >> v & 1]
        g = nx.DiGraph()
        g.add_nodes_from(unlit)
        g.add_edges_from((v, w) for v, w in board.fuses() if v in unlit and w in unlit)
        shell = data.draw(st.sampled_from(unlit))
        result = strike(state, shell)
        assert dict(result.cascade) == nx.single_source_shortest_path_length(g, shell)
        depths = [d for _, d in result.cascade]
        assert depths == sorted(depths) and depths[0] == 0
        lit_now = {v for v, _ in result.cascade}
        assert result.state.unlit == state.unlit & ~sum(1 << v for v in lit_now)
        assert result.state.moves == (*state.moves, shell)
        state = result.state
    assert status(state) is Status.WON


def test_moves_by_name() -> None:
    s = new_state(LINE)
    assert status(s) is Status.PLAYING
    s = execute_move(s, "b2")  # b2 lights a2, b1, c1
    assert {move_name(LINE, v) for v in range(LINE.n) if s.is_lit(v)} == {"b2", "a2", "b1", "c1"}
    with pytest.raises(InvalidMoveError, match="already lit"):
        execute_move(s, "2,1")
    with pytest.raises(InvalidMoveError):
        execute_move(s, "d1")
    s = execute_move(execute_move(s, "1,1"), "c2")
    assert status(s) is Status.WON and s.matches == 3


def test_no_shell_at_empty_cell() -> None:
    b = Board(2, 2, (None, 0, 0, 0))
    with pytest.raises(InvalidMoveError, match="no shell at a1"):
        execute_move(new_state(b), "a1")


def test_last_par_reachable() -> None:
    s0 = new_state(LINE)  # par 2: sources a1 and c2
    s1 = execute_move(s0, "b1")  # wasted: b1 is not a source
    s2 = execute_move(s1, "a1")
    assert last_par_reachable([s0], 2) == 0
    assert last_par_reachable([s0, s1, s2], 2) == 0
    good = execute_move(s0, "c2")
    assert last_par_reachable([s0, good], 2) == 1
    assert last_par_reachable([], 2) == -1


def test_game_ids() -> None:
    board = generate_board(Params(5, 4), 99)
    gid = game_id(board)
    assert gid == f"5x4:{encode_desc(board)}"
    assert parse_game_id(gid) == (Params(5, 4), board)
    assert parse_game_id("5x4d70f2#99")[1] == board
    assert parse_game_id("5x4#99")[1] == board
    assert parse_game_id("6x6#hello")[1] == generate_board(Params(), seed_value("hello"))


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", InvalidGameIdError),
        ("6x6", InvalidGameIdError),
        ("6x6:", InvalidGameIdError),
        ("6x6#", InvalidGameIdError),
        ("7x7:ER5mSNnx", InvalidDescError),
        ("3x3:ER5mSNnX", InvalidDescError),
        ("3x3:ER5mSNn", InvalidDescError),
        ("3x3:!!!!", InvalidDescError),
        ("zz:ER5mSNnx", InvalidParamsError),
        ("6x6d0#1", InvalidParamsError),
    ],
)
def test_bad_game_ids(text: str, error: type[ProofgridError]) -> None:
    with pytest.raises(error) as info:
        parse_game_id(text)
    assert "\n" not in str(info.value)


def test_contract_object() -> None:
    p = MATCHLESS.default_params()
    assert MATCHLESS.decode_params(MATCHLESS.encode_params(p)) == p
    desc = MATCHLESS.generate(p, 5)
    MATCHLESS.validate_desc(p, desc)
    with pytest.raises(InvalidDescError):
        MATCHLESS.validate_desc(Params(4, 4), desc)
    state = MATCHLESS.new_game(p, desc)
    sol = MATCHLESS.solve(state)
    for w in sol.witness:
        state = MATCHLESS.execute_move(state, move_name(state.board, w))
    assert MATCHLESS.status(state) is Status.WON
    assert MATCHLESS.hint(state) is None
    assert "*" in MATCHLESS.format(state)
    assert set(MATCHLESS.presets()) >= {"small", "default"}


def test_format_drawings() -> None:
    text = format_state(new_state(LINE))
    assert text.splitlines() == [
        "   a     b     c",
        "1  o  →  o  →  o",
        "         ↑",
        "2  o  ←  o  ←  o",
    ]
    xr = format_xray(LINE, solve(LINE))
    assert xr.splitlines()[1] == "1 (A) →  B  →  C"
    assert xr.splitlines()[3] == "2  D  ←  E  ← (F)"
    assert "par 2" in xr and "witness: a1 c2" in xr


def test_format_diagonals() -> None:
    # 2x2 full: a1 -> b2 (SE), b2 -> a1 (NW), b1 -> a2 (SW).
    b = Board.from_graph(2, 2, [(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 3), (3, 0), (1, 2)])
    lines = format_state(new_state(b)).splitlines()
    assert lines[2] == "     ⤡ ↙"


@pytest.mark.parametrize("zero", ["\u0660", "\u0966", "\uff10"])
def test_parse_move_itself_refuses_a_foreign_digit(zero: str) -> None:
    # issue 34, probe 11: the module's parser, not only the midend in front of it
    state = new_state(generate_board(Params(5, 5), 1))
    name = move_name(state.board, 0)
    assert parse_move(state, name) == 0  # the oracle: the ASCII move names shell 0
    for move in (name, "{},{}".format(*state.board.shell_rc(0))):
        foreign = "".join(chr(ord(zero) + int(c)) if c.isdigit() else c for c in move)
        with pytest.raises(InvalidMoveError, match="ASCII"):
            parse_move(state, foreign)
