"""Arc consistency is sound (oracle: brute force) and reaches a fixpoint."""

from __future__ import annotations

from hypothesis import given, settings

from proofgrid.kirchhoff.board import Board, Position
from proofgrid.kirchhoff.local import cell_support, propagate, single_state
from proofgrid.kirchhoff.verify import brute_force
from tests.strategies import kirchhoff_positions


@settings(max_examples=150, deadline=None)
@given(kirchhoff_positions(3, 3))
def test_propagation_never_removes_a_used_state(pos: Position) -> None:
    board, masks = pos.board, pos.masks()
    sols = brute_force(board, masks)
    prop = propagate(board, masks)
    if prop.dead_cell >= 0:
        assert not sols
        return
    for st in sols:
        for e, s in enumerate(st):
            assert prop.masks[e] >> s & 1
    # fixpoint: filtering any cell again changes nothing
    for v in range(board.n_cells):
        es = board.geometry.cell_edges[v]
        assert cell_support(board, v, prop.masks) == tuple(prop.masks[e] for e in es)
    # every single-state edge that was free on entry has a reason cell at one of its ends
    for e, m in enumerate(prop.masks):
        if single_state(m) >= 0 and single_state(masks[e]) < 0:
            assert prop.reason[e] in board.geometry.ends[e]


def test_local_deductions_by_hand() -> None:
    # a corner source +2: both its edges point out
    b = Board.from_text("+2 . / . -2")
    prop = propagate(b, (7,) * b.n_edges)
    g = b.geometry
    assert prop.masks[g.h_edge(0, 0)] == 0b010 and prop.masks[g.v_edge(0, 0)] == 0b010
    # a throughput 0 cell: all its edges unused
    b = Board.from_text("+1 0 / -1 .")
    prop = propagate(b, (7,) * b.n_edges)
    assert prop.masks[g.h_edge(0, 0)] == 0b001 and prop.masks[g.v_edge(0, 1)] == 0b001
