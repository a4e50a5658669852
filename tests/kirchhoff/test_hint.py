"""Hints are sound (oracles: brute force, the exact counter) and finish every board."""

from __future__ import annotations

from hypothesis import given, settings

from proofgrid.kirchhoff.board import Board, Mark, Position, is_solution
from proofgrid.kirchhoff.exact import analyse
from proofgrid.kirchhoff.generate import Generated
from proofgrid.kirchhoff.hint import HintKind, hint
from proofgrid.kirchhoff.local import propagate
from proofgrid.kirchhoff.moves import execute_move, execute_moves, format_move, status
from proofgrid.kirchhoff.verify import brute_force, gale_numbers
from proofgrid.puzzle import Status
from tests.strategies import kirchhoff_positions


@settings(max_examples=150, deadline=None)
@given(kirchhoff_positions(3, 3))
def test_hint_sound_against_brute_force(pos: Position) -> None:
    sols = brute_force(pos.board, pos.masks())
    h = hint(pos)
    if h.kind is HintKind.LOST:
        assert not sols
        assert status(pos) is Status.LOST
    elif h.kind is HintKind.SOLVED:
        assert is_solution(pos.board, pos.arrows())
    elif h.kind is HintKind.NONE:
        assert len(sols) >= 2
        assert all(len({s[e] for s in sols}) > 1 for e in pos.free_edges())
    else:
        assert sols and all(s[h.edge] == h.state for s in sols)
        assert pos.marks[h.edge] is Mark.FREE
        assert execute_move(pos, h.move).marks[h.edge] is not Mark.FREE


def test_pressing_hint_finishes_every_generated_board(generated: list[Generated]) -> None:
    kinds: set[HintKind] = set()
    for gen in generated:
        pos = Position.start(gen.board)
        for _ in range(gen.board.n_edges + 1):
            h = hint(pos)
            kinds.add(h.kind)
            if h.kind is HintKind.SOLVED:
                break
            assert h.kind in (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT)
            assert gen.solution[h.edge] == h.state  # sound: the unique solution agrees
            # and the exact counter agrees the state is forced
            assert analyse(gen.board, pos.masks(), cap=1).support[h.edge] == 1 << h.state
            pos = execute_move(pos, h.move)
        assert status(pos) is Status.WON
    assert {HintKind.LOCAL, HintKind.REGION} <= kinds


def test_wrong_arrow_is_lost_at_once(generated: list[Generated]) -> None:
    for gen in generated:
        pos = Position.start(gen.board)
        for e, s in enumerate(gen.solution):
            wrong = Mark.FORWARD if s != 1 else Mark.BACKWARD
            bad = pos.with_mark(e, wrong)
            assert status(bad) is Status.LOST
            h = hint(bad)
            assert h.kind is HintKind.LOST and h.reason.startswith("lost — ")
            assert h.proof is not None and h.proof["uses"] == [format_move(gen.board, e, wrong)]
            for reg in h.regions:  # a region end: more to move than its edges can carry
                assert reg.surplus > reg.capacity
            if e > 12:
                break


def test_region_hint_pinned() -> None:
    # A generated medium 5x5 after its local deductions: the +2 at b3 sits in the
    # region a2 b2 a3 b3 a4 b4, from which exactly two edges can still leave.
    board = Board.from_text(". 0 . 0 -1 / . . . . +1 / . +2 0 0 . / 1 . . 1 -1 / . 0 1 . -1")
    moves = (
        "a1xb1 b1xc1 c1xd1 d1xe1 b3xc3 c3xd3 d3xe3 a5xb5 b5xc5 a1xa2 b1xb2 c1xc2 "
        "d1xd2 e2>e1 c2xc3 d2xd3 c3xc4 d3xd4 a4xa5 b4xb5"
    )
    pos = execute_moves(Position.start(board), moves)
    h = hint(pos)
    assert h.kind is HintKind.REGION and not h.trial
    assert h.move == "b2>c2"
    (reg,) = h.regions
    assert reg.outward and reg.surplus == reg.capacity == 2
    assert reg.all_cells() == (5, 6, 10, 11, 15, 16)  # a2 b2 a3 b3 a4 b4
    assert gale_numbers(board, propagate(board, pos.masks()).masks, reg) == (2, 2)
    assert analyse(board, pos.masks(), cap=1).support[h.edge] == 1 << h.state


def test_none_when_nothing_is_forced() -> None:
    board = Board.from_text("+1 . / . -1")  # two solutions, no shared edge state
    h = hint(Position.start(board))
    assert h.kind is HintKind.NONE and "2 completions" in h.reason
