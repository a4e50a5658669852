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
        "Take a1 and the arrows into b1 together: they must send out two more arrows than "
        "they take in. Even if every open edge around them pointed out, they could only "
        "send out one more arrow than they take in: impossible.",
    )
    sentences_ok(h2.words)


def test_hint_headline_names_the_move() -> None:
    board = Board.from_text(". 0 / . .")
    assert hint_headline(board, 0, 0, None).startswith("a1–b1 stays empty")
    proof = {"uses": [], "steps": [{"edge": "a1-b1", "states": ["x"], "cell": "b1"}]}
    assert hint_headline(board, 0, 0, proof) == "a1–b1 stays empty: the 0 at b1 shows it."
    # a cell without a clue is never said to have one (issue 31)
    blank = {"uses": ["a1xb1"], "steps": [{"edge": "a1-a2", "states": ["x"], "cell": "a1"}]}
    e = board.geometry.edge_between(0, 2)
    assert (
        hint_headline(board, e, 0, blank)
        == "a1–a2 stays empty: counting the arrows at a1 shows it."
    )
    assert proof_words(board, blank) == (
        "a1 has no clue: as many arrows enter it as leave. Only a1–a2 is left, "
        "so a1–a2 stays empty.",
    )
    assert proof_words(board, proof) == (
        "b1 is a 0, so no arrow enters or leaves it: a1–b1 stays empty.",
    )


def test_a_cell_sentence_says_the_count_that_makes_it_true() -> None:
    """The lost verdict of the b2→c2 arrow (5x5de:Ez6MqUmU8YITAxr): each cell sentence
    says what the clue asks, what the drawn arrows leave it needing, and which edges are
    left. Oracle: the board's drawing (a1 a corner with two edges; b2 inside with four,
    b2→c2 drawn, the two edges from a2 and b1 closed to arrows in)."""
    pos = execute_moves(midend.resolve(KIRCHHOFF, "5x5de:Ez6MqUmU8YITAxr").start(), "b2>c2")
    h = hint(pos)
    assert h.kind is HintKind.LOST
    assert h.words[0] == (
        "a1 is a −2: it takes in two more arrows than it sends out. Both its edges are open, "
        "so the arrow goes b1→a1."
    )
    assert h.words[-1] == (
        "b2 is a 2: two arrows enter it and two leave. So far b2→c2 leaves it, so it still "
        "needs two arrows in and one out. a2–b2, b1–b2 and b2–b3 are left. No arrow goes "
        "a2→b2 and no arrow goes b1→b2: impossible."
    )
    sentences_ok(h.words)


LIST_HEAD = "Take these cells together:"
BUDGET_WORDS = 25
BUDGET_MEAN = 14.0
CHAIN = re.compile(r"at most .* and at most")


def _sentences(lines: tuple[str, ...]) -> list[str]:
    return [s for line in lines for s in re.split(r"(?<=\.)\s+", line.strip()) if s]


def test_every_sentence_keeps_the_readability_budget(generated: list[Generated]) -> None:
    """Issue 31's budget over whole hint walks and lost verdicts (a wrong mark a few
    steps in and half-way) on easy, medium and hard boards: no prose sentence over
    25 words (a region's list of cells, "Take these cells together: …", is a list,
    not prose), a mean under 14 words, and no "at most … and at most" chain.
    Oracle: the sentences as printed, counted by whitespace."""
    said: list[str] = []
    for gen in generated:
        pos = Position.start(gen.board)
        trail = [pos]
        while (h := hint(pos)).kind in (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT):
            said += _sentences((h.reason, *h.words))
            pos = pos.with_mark(h.edge, state_mark(h.state))
            trail.append(pos)
        for p in (trail[3], trail[len(trail) // 2]):
            e = p.free_edges()[0]
            bad = 1 if gen.solution[e] != 1 else 2
            lost = hint(p.with_mark(e, state_mark(bad)))
            assert lost.kind is HintKind.LOST
            said += _sentences((lost.reason, *lost.words))
    lengths = [len(s.split()) for s in said]
    prose = [(n, s) for n, s in zip(lengths, said, strict=True) if not s.startswith(LIST_HEAD)]
    assert not [s for n, s in prose if n > BUDGET_WORDS]
    assert sum(lengths) / len(lengths) < BUDGET_MEAN
    assert not [s for s in said if CHAIN.search(s)]
    assert len(said) > 500
