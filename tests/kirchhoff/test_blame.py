"""A lost verdict blames a minimal set of marks that cannot all stand (issue 31, item 2).

Oracles: brute-force enumeration of every edge assignment
(:func:`proofgrid.kirchhoff.verify.brute_force`, boards of at most 3×3) and the
exact counter on generated boards: the blamed set has no completion and
dropping any one of its marks gives one back. The proof of the verdict passes
the independent checker (``tools/proofcheck.py``) with the blamed marks as the
only marks allowed.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tools.proofcheck import check

from proofgrid.kirchhoff.blame import blame
from proofgrid.kirchhoff.board import ALL_STATES, Board, Mark, Position, mark_mask, state_mark
from proofgrid.kirchhoff.codec import parse_game_id
from proofgrid.kirchhoff.exact import first_solution, is_lost
from proofgrid.kirchhoff.generate import Generated
from proofgrid.kirchhoff.hint import HintKind, contract_hint, hint
from proofgrid.kirchhoff.moves import execute_moves, format_move
from proofgrid.kirchhoff.verify import brute_force
from proofgrid.kirchhoff.words import lost_headline
from tests.kirchhoff.test_proof import clues_of
from tests.strategies import kirchhoff_positions

DAILY_2026_12_03 = "7x7dh:FVQiUiHeRElEYxLHHKZjlJTMsSA86"


def _masks(pos: Position, keep: set[int]) -> list[int]:
    return [mark_mask(m) if e in keep else ALL_STATES for e, m in enumerate(pos.marks)]


def _moves(pos: Position, edges: tuple[int, ...] | set[int]) -> list[str]:
    return [format_move(pos.board, e, pos.marks[e]) for e in sorted(edges)]


def _check_verdict(pos: Position, blamed: tuple[int, ...]) -> None:
    """The hint's verdict names exactly ``blamed``; its proof starts from them alone."""
    h = hint(pos)
    assert h.kind is HintKind.LOST
    names = _moves(pos, blamed)
    assert h.reason == lost_headline(pos.board, names, proved=h.proof is not None)
    if h.proof is not None:
        assert sorted(h.proof["uses"]) == sorted(names)
        check(clues_of(pos.board), h.proof, lost=True, marks=names)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kirchhoff_positions(3, 3), st.data())
def test_blame_is_a_minimal_infeasible_subset(pos: Position, data: st.DataObject) -> None:
    board = pos.board
    if brute_force(board, pos.masks()):
        return  # not lost
    marked = [e for e, m in enumerate(pos.marks) if m is not Mark.FREE]
    placed = set(data.draw(st.lists(st.sampled_from(marked), unique=True)) if marked else [])
    blamed = blame(pos, placed=placed)
    if not brute_force(board, [ALL_STATES] * board.n_edges):
        assert blamed == ()  # the board itself has no solution
        return
    keep = set(blamed)
    assert not brute_force(board, _masks(pos, keep))  # the blamed marks cannot all stand
    for e in blamed:  # and each one is needed
        assert brute_force(board, _masks(pos, keep - {e})), e
    if not brute_force(board, _masks(pos, set(marked) - placed)):
        assert not keep & placed  # the player's own marks are lost: no game mark is named
    if not placed:
        _check_verdict(pos, blamed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_one_wrong_mark_among_right_ones_is_named_alone(
    generated: list[Generated], data: st.DataObject
) -> None:
    gen = data.draw(st.sampled_from(generated))
    board, sol = gen.board, gen.solution
    n = board.n_edges
    right = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=12))
    wrong = data.draw(st.integers(0, n - 1))
    bad = data.draw(st.sampled_from([s for s in (0, 1, 2) if s != sol[wrong]]))
    marks = [Mark.FREE] * n
    for e in right:
        marks[e] = state_mark(sol[e]) if sol[e] else Mark.CROSS
    marks[wrong] = state_mark(bad) if bad else Mark.CROSS
    pos = Position(board, tuple(marks))
    assert is_lost(board, pos.masks())  # one solution, and a mark that disagrees with it
    blamed = blame(pos, placed=right)
    assert blamed == (wrong,)
    assert not is_lost(board, _masks(pos, set())) and is_lost(board, _masks(pos, {wrong}))
    _check_verdict(pos, blamed)


def test_the_issue_example_blames_only_the_wrong_arrow() -> None:
    spec = parse_game_id(DAILY_2026_12_03)
    assert spec.board is not None
    pos = execute_moves(Position.start(spec.board), "e1>f1 f1>g1 g2>f2 d4>d5")
    h = hint(pos)
    assert h.reason == "lost — the arrow d4→d5 cannot be right"
    assert h.proof is not None and h.proof["uses"] == ["d4>d5"]
    check(clues_of(spec.board), h.proof, lost=True, marks=["d4>d5"])
    # the right arrows alone are alive: the exact counter agrees they are not to blame
    right = execute_moves(Position.start(spec.board), "e1>f1 f1>g1 g2>f2")
    assert first_solution(spec.board, right.masks()) is not None
    ch = contract_hint(pos, last_move="d4>d5")
    assert ch.words[0] == h.reason and ch.extra["wrong_marks"] == ["d4>d5"]


def test_game_marks_are_blamed_last_on_a_board_with_many_solutions() -> None:
    # +1 . / . -1 has two solutions (a1→b1→b2, a1→a2→b2). Crossing a1–b1, a1–a2 and
    # b1–b2 is lost; {a1–b1, a1–a2} and {a1–a2, b1–b2} are its minimal lost subsets.
    board = Board.from_text("+1 . / . -1")
    pos = execute_moves(Position.start(board), "a1xb1 a1xa2 b1xb2")
    assert is_lost(board, pos.masks())
    g = board.geometry
    ab, aa, bb = g.edge_between(0, 1), g.edge_between(0, 2), g.edge_between(1, 3)
    assert blame(pos) in (tuple(sorted((ab, aa))), tuple(sorted((aa, bb))))
    assert blame(pos, placed={ab}) == tuple(sorted((aa, bb)))  # the game's cross is spared
    assert blame(pos, placed={bb}) == tuple(sorted((ab, aa)))
