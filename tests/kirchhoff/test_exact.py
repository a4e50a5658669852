"""The exact counter against brute force over all 3^E assignments, and its invariants."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings

from proofgrid.kirchhoff.baseline import branch_count
from proofgrid.kirchhoff.board import Board, Clue, ClueKind, Position, is_solution
from proofgrid.kirchhoff.exact import (
    CountLimitError,
    Sweep,
    analyse,
    count,
    first_solution,
    forced_states,
    is_lost,
    plan,
    solutions,
)
from proofgrid.kirchhoff.verify import brute_force
from tests.strategies import kirchhoff_boards, kirchhoff_positions


def definitional_brute_force(board: Board, masks: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The rules read literally: every assignment, checked with is_solution (slow, tiny boards)."""
    allowed = [[s for s in range(3) if masks[e] >> s & 1] for e in range(board.n_edges)]
    return [st for st in itertools.product(*allowed) if is_solution(board, st)]


@settings(max_examples=40)
@given(kirchhoff_positions(2, 3))
def test_vectorised_brute_force_matches_the_definition(pos: Position) -> None:
    masks = pos.masks()
    assert sorted(brute_force(pos.board, masks)) == sorted(
        definitional_brute_force(pos.board, masks)
    )


@settings(max_examples=150, deadline=None)
@given(kirchhoff_positions(3, 3))
def test_count_and_marginals_match_brute_force(pos: Position) -> None:
    board, masks = pos.board, pos.masks()
    sols = brute_force(board, masks)
    an = analyse(board, masks)
    assert an.count.value == len(sols) and not an.count.capped
    marg = [[0, 0, 0] for _ in range(board.n_edges)]
    for st in sols:
        for e, s in enumerate(st):
            marg[e][s] += 1
    assert [list(m) for m in an.marginals] == marg
    forced = forced_states(board, masks)
    if sols:
        expect = {e: sols[0][e] for e in range(board.n_edges) if len({s[e] for s in sols}) == 1}
        assert forced == expect
    assert is_lost(board, masks) == (not sols)
    for cap in (1, 2, 3):
        c = count(board, masks, cap=cap)
        assert c.value == min(cap, len(sols)) and c.capped == (len(sols) >= cap)
    assert sorted(solutions(board, masks, limit=len(sols) + 5)) == sorted(sols)


@settings(max_examples=60, deadline=None)
@given(kirchhoff_boards(2, 4))
def test_rectangles_2x4_and_transpose(board: Board) -> None:
    sols = brute_force(board, (7,) * board.n_edges)
    assert count(board).value == len(sols)
    # the transposed board has the same number of solutions (sweep runs the other way)
    R, C = board.rows, board.cols
    t = Board(C, R, tuple(board.clues[r * C + c] for c in range(C) for r in range(R)))
    assert count(t).value == len(sols)


@settings(max_examples=60, deadline=None)
@given(kirchhoff_positions(3, 3))
def test_backward_sweep_agrees_without_prefilter(pos: Position) -> None:
    board, masks = pos.board, pos.masks()
    sw = Sweep(board, masks)
    assert sw.backward()[0].get(0, 0) == sw.count() == len(brute_force(board, masks))


def test_plan_covers_every_edge_once() -> None:
    for R, C in ((3, 7), (7, 3), (5, 5), (2, 16)):
        seen: list[int] = []
        for st in plan(R, C):
            seen += [e for e in (st.down, st.right) if e >= 0]
        assert sorted(seen) == list(range(2 * R * C - R - C))


def test_blank_boards_against_the_baseline_search() -> None:
    # a blank board's solutions are the edge-disjoint unions of directed circuits;
    # the seed's branching search (a second algorithm) counts them one by one
    board = Board(3, 4, (Clue(ClueKind.BLANK),) * 12)
    assert count(board).value == branch_count(board, cap=10**6) == 181
    big = Board(7, 7, (Clue(ClueKind.BLANK),) * 49)
    an = analyse(big)
    assert an.count.value == count(big).value > 2**40  # exact big integers
    for m in an.marginals:  # every edge's marginals sum to the count
        assert sum(m) == an.count.value


def test_too_open_board_is_refused_not_hung() -> None:
    board = Board(16, 16, (Clue(ClueKind.BLANK),) * 256)
    with pytest.raises(CountLimitError):
        count(board)


def test_first_solution_is_a_solution() -> None:
    board = Board.from_text("+1 . / . -1")
    sol = first_solution(board)
    assert sol is not None and is_solution(board, sol)
    assert count(board).value == 2
