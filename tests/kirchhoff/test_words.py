"""Proofs in words (issue 12): plain sentences in the board's own symbols.

Oracles: the proof JSON itself (one sentence per step and end, naming the
step's edge and cell) and the board's clues (the symbol each sentence shows).
"""

from __future__ import annotations

import re

from proofgrid import midend
from proofgrid.kirchhoff.board import Board, Position, state_mark
from proofgrid.kirchhoff.contract import KIRCHHOFF
from proofgrid.kirchhoff.generate import Generated
from proofgrid.kirchhoff.hint import HintKind, hint
from proofgrid.kirchhoff.moves import execute_moves
from proofgrid.kirchhoff.words import clue_text, hint_headline, lost_headline, proof_words

FORBIDDEN = re.compile(r"surplus|capacity|relaxation|checksum|desc|bits|\bedges? \d+|-\d")


def sentences_ok(words: tuple[str, ...]) -> None:
    """No internal words, edge ids, hyphen-minus numbers or blank-cell dots."""
    for w in words:
        assert not FORBIDDEN.search(w), w
        assert " . " not in w and "is a ." not in w and "clue ." not in w, w
        assert w.strip().endswith("."), w


def test_one_sentence_per_step_on_a_hint_walk(generated: list[Generated]) -> None:
    for gen in generated[:4]:
        pos = Position.start(gen.board)
        while (h := hint(pos)).kind is not HintKind.SOLVED:
            assert h.proof is not None
            top = [w for w in h.words if not w.startswith(" ")]
            n_top = len(h.proof["steps"]) + sum(
                len(st.get("refute", ())) for st in h.proof["steps"]
            )
            assert len(top) == n_top
            for st, w in zip(
                [s for s in h.proof["steps"] if "refute" not in s],
                [w for w in top if not w.startswith(("Suppose", "That cannot"))],
                strict=True,
            ):
                a, b = st["edge"].split("-")
                assert f"{a}–{b}" in w or f"{a}→{b}" in w or f"{b}→{a}" in w, (st, w)
                if "cell" in st:
                    assert w.startswith(st["cell"] + " ")
            sentences_ok(h.words)
            sentences_ok((h.reason,))
            pos = pos.with_mark(h.edge, state_mark(h.state))


def test_the_issue_example_shape() -> None:
    board = Board.from_text("+1 0 / -1 .")
    pos = Position.start(board)
    h = hint(pos)
    assert h.proof is not None
    assert h.words[0] == "b1 is a 0, so no arrow enters or leaves it: a1–b1 stays empty."


def test_sinks_use_the_minus_sign_and_blank_cells_have_no_dot() -> None:
    board = Board.from_text("-2 . / . +2")
    assert clue_text(board, 0) == "\u22122"
    assert clue_text(board, 1) == ""
    pos = Position.start(board)
    said: list[str] = []
    while (h := hint(pos)).kind is not HintKind.SOLVED:
        said += h.words
        pos = pos.with_mark(h.edge, state_mark(h.state))
    text = " ".join(said)
    assert "-2" not in text and "\u22122" in text
    sentences_ok(tuple(said))


def test_lost_headlines() -> None:
    board = midend.resolve(KIRCHHOFF, "7x7dh#5").start().board
    pos = execute_moves(Position.start(board), "a1>b1")
    h = hint(pos)
    assert h.reason == "lost — the arrow a1→b1 cannot be right"
    assert (
        lost_headline(board, ["a1>b1"], proved=False)
        == "lost — the arrow a1→b1 cannot be right; the proof is too long to show"
    )
    editor = midend.resolve(KIRCHHOFF, "3x3:ERzCA6G8").start().board
    h2 = hint(Position.start(editor))
    assert h2.reason == "lost — this board has no solution"
    assert h2.words == (
        "Take a1 and the arrows into b1 together: they must send out "
        "2 more arrows than they take in, but even with every open edge around them pointing "
        "out they could only send out 1 more arrow than they take in: impossible.",
    )
    sentences_ok(h2.words)


def test_hint_headline_names_the_move() -> None:
    board = Board.from_text(". 0 / . .")
    assert hint_headline(board, 0, 0, None).startswith("a1–b1 stays empty")
    proof = {"uses": [], "steps": [{"edge": "a1-b1", "states": ["x"], "cell": "b1"}]}
    assert hint_headline(board, 0, 0, proof) == "a1–b1 stays empty: the clue next to it shows it."
    assert proof_words(board, proof) == (
        "b1 is a 0, so no arrow enters or leaves it: a1–b1 stays empty.",
    )


def test_a_cell_sentence_says_the_count_that_makes_it_true() -> None:
    """The lost verdict of the b2→c2 arrow (5x5de:Ez6MqUmU8YITAxr): each cell sentence
    names how many edges the cell has and how many can still bring an arrow in or take
    one out. Oracle: the board's drawing (a1 a corner with two edges; b2 inside with four,
    two of them closed to arrows in and the third pointing out, so one is left to enter
    where a 2 needs two)."""
    pos = execute_moves(midend.resolve(KIRCHHOFF, "5x5de:Ez6MqUmU8YITAxr").start(), "b2>c2")
    h = hint(pos)
    assert h.kind is HintKind.LOST
    assert h.words[0] == (
        "a1 is a −2, so it takes in 2 more arrows than it sends out; a1 has 2 edges, "
        "so at most 2 can enter it and at most 2 can leave: the arrow goes b1→a1."
    )
    assert h.words[-1] == (
        "b2 is a 2, so exactly two arrows enter it and two leave; b2 has 4 edges but no "
        "arrow goes a2→b2, no arrow goes b1→b2 and the arrow goes b2→c2, so at most 1 can "
        "enter it and at most 4 can leave: impossible."
    )
    sentences_ok(h.words)
