"""Grading by the hint ladder (oracle: which rung a hint walk actually uses)."""

from __future__ import annotations

from proofgrid.kirchhoff.board import Board, Grade, Position
from proofgrid.kirchhoff.generate import Generated
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import HintKind, hint
from proofgrid.kirchhoff.moves import execute_move


def test_grade_agrees_with_a_hint_walk(generated: list[Generated]) -> None:
    for gen in generated:
        pos = Position.start(gen.board)
        used = set()
        trial = False
        while (h := hint(pos)).kind is not HintKind.SOLVED:
            used.add(h.kind)
            trial |= h.trial
            pos = execute_move(pos, h.move)
        report = grade_board(gen.board)
        if report.grade is Grade.EASY:
            assert used == {HintKind.LOCAL}
        else:
            assert HintKind.REGION in used or HintKind.EXACT in used
        if report.grade is Grade.MEDIUM:
            assert HintKind.EXACT not in used and not trial


def test_pinned_grades() -> None:
    easy = Board.from_text("+1 -1 / 0 0")
    assert grade_board(easy).grade is Grade.EASY and grade_board(easy).solved
    # the pinned medium board of test_hint: a region cut is needed
    medium = Board.from_text(". 0 . 0 -1 / . . . . +1 / . +2 0 0 . / 1 . . 1 -1 / . 0 1 . -1")
    r = grade_board(medium)
    assert r.grade is Grade.MEDIUM and r.solved and r.cut_rounds >= 1
    assert not grade_board(medium, up_to=Grade.EASY).solved
    assert grade_board(medium, up_to=Grade.MEDIUM).solved


def test_ambiguous_board_is_not_solved() -> None:
    r = grade_board(Board.from_text("+1 . / . -1"))
    assert not r.solved
