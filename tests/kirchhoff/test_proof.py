"""Proofs of hints and lost verdicts (issue 12).

Oracles: the independent checker ``tools/proofcheck.py`` (written
from the issue text, sharing no code with the prover), the exact counter (a
hinted state holds in every completion; lost only when there is none), brute
force on tiny boards, and the generator's stored solution.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from hypothesis import given, settings
from tools.proofcheck import Clues, check, clues_from_json

from proofgrid import midend
from proofgrid.kirchhoff.board import Board, ClueKind, Grade, Mark, Position, state_mark
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.contract import KIRCHHOFF
from proofgrid.kirchhoff.daily import daily
from proofgrid.kirchhoff.exact import analyse, is_lost
from proofgrid.kirchhoff.generate import Generated, generate_board
from proofgrid.kirchhoff.hint import HintKind, hint, obvious_empties, wrong_marks
from proofgrid.kirchhoff.local import propagate
from proofgrid.kirchhoff.moves import execute_moves, format_move
from proofgrid.kirchhoff.proof import edge_name, prove_hint, prove_lost
from proofgrid.kirchhoff.verify import brute_force
from tests.strategies import kirchhoff_positions

_STATE = {1: ">", 2: "<", 0: "x"}


def clues_of(board: Board) -> Clues:
    C = board.cols
    return clues_from_json(
        {
            "rows": board.rows,
            "cols": C,
            "clues": [
                {"cell": [i // C, i % C], "kind": cl.kind.value, "value": cl.value}
                for i, cl in enumerate(board.clues)
                if cl.kind is not ClueKind.BLANK
            ],
        }
    )


def marks_of(pos: Position) -> list[str]:
    return [format_move(pos.board, e, m) for e, m in enumerate(pos.marks) if m is not Mark.FREE]


def rules(p: dict[str, Any]) -> set[str]:
    """Every rule a proof (or a case) names, through refutations and splits."""
    out: set[str] = set()
    for st in p["steps"]:
        out |= {k for k in ("cell", "region", "refute") if k in st}
        for case in st.get("refute", ()):
            out |= rules(case)
    end = p.get("ends")
    if end is not None:
        out |= {k for k in ("cell", "region", "split") if k in end}
        for case in end.get("cases", ()):
            out |= rules(case)
    return out


def check_hint(pos: Position, edge: int, state: int, proof: dict[str, Any]) -> None:
    check(
        clues_of(pos.board),
        proof,
        hint=(edge_name(pos.board, edge), _STATE[state]),
        marks=marks_of(pos),
    )


def walk(gen: Generated, grade: Grade | None = None) -> list[Position]:
    """Solve by hints alone, checking every proof; the positions passed through."""
    board = gen.board
    pos = Position.start(board)
    last = -1
    seen = [pos]
    while (h := hint(pos, last_edge=last)).kind is not HintKind.SOLVED:
        assert h.proof is not None, h
        assert gen.solution[h.edge] == h.state
        check_hint(pos, h.edge, h.state, h.proof)
        used = rules(h.proof)
        if grade is Grade.EASY:
            assert used == {"cell"}, h.proof
        if grade is Grade.MEDIUM:
            assert used <= {"cell", "region"}, h.proof
        pos = pos.with_mark(h.edge, state_mark(h.state))
        last = h.edge
        seen.append(pos)
    return seen


def one_wrong(gen: Generated, positions: list[Position], rng: random.Random, n: int) -> None:
    """Positions with one wrong mark among correct ones: a checked lost proof naming it."""
    board = gen.board
    for _ in range(n):
        pos = positions[rng.randrange(len(positions))]
        e = rng.randrange(board.n_edges)
        wrong = rng.choice([s for s in (0, 1, 2) if s != gen.solution[e]])
        bad = pos.with_mark(e, state_mark(wrong))
        assert is_lost(board, bad.masks())
        h = hint(bad)
        assert h.kind is HintKind.LOST and h.proof is not None
        check(clues_of(board), h.proof, lost=True, marks=marks_of(bad))
        assert format_move(board, e, state_mark(wrong)) in h.proof["uses"]
        assert wrong_marks(bad) == [e]


@pytest.mark.slow
def test_hint_walks_on_generated_boards(generated: list[Generated]) -> None:
    rng = random.Random(12)
    for gen in generated:
        positions = walk(gen, gen.report.grade)
        one_wrong(gen, positions, rng, 4)


@pytest.mark.parametrize("name", ["easy", "medium", pytest.param("hard", marks=pytest.mark.slow)])
def test_every_small_preset_by_its_grade(name: str) -> None:
    p = presets()[name]
    rng = random.Random(name)
    for seed in (3, 4):
        gen = generate_board(p, seed)
        positions = walk(gen, p.grade)
        one_wrong(gen, positions, rng, 3)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["expert", "giant"])
def test_big_presets_first_hints_and_one_wrong_mark(name: str) -> None:
    gen = generate_board(presets()[name], 1)
    pos = Position.start(gen.board)
    for _ in range(3):
        h = hint(pos)
        assert h.proof is not None and gen.solution[h.edge] == h.state
        check_hint(pos, h.edge, h.state, h.proof)
        pos = pos.with_mark(h.edge, state_mark(h.state))
    one_wrong(gen, [pos], random.Random(name), 2)


@pytest.mark.slow
def test_dailies_solve_by_checked_hints() -> None:
    for day in (dt.date(2026, 12, 1), dt.date(2026, 12, 25)):
        gen = daily(day)
        one_wrong(gen, walk(gen), random.Random(day.toordinal()), 3)


def test_the_issue_repro_blames_the_wrong_arrow() -> None:
    board = midend.resolve(KIRCHHOFF, "7x7dh#5").start().board
    pos = execute_moves(Position.start(board), "a1>b1")
    h = hint(pos)
    assert h.kind is HintKind.LOST and h.proof is not None
    assert h.proof["uses"] == ["a1>b1"]
    check(clues_of(board), h.proof, lost=True, marks=["a1>b1"])


def test_the_unsolvable_editor_board_blames_the_cornered_plus_two() -> None:
    board = midend.resolve(KIRCHHOFF, "3x3:ERzCA6G8").start().board
    h = hint(Position.start(board))
    assert h.kind is HintKind.LOST and h.proof is not None
    # the relaxation's certificate {a1, b1:in, a2:in}, made 1-minimal (no mark to stay near:
    # the highest node goes first)
    assert h.proof == {"uses": [], "steps": [], "ends": {"region": ["a1", "b1:in"]}}
    check(clues_of(board), h.proof, lost=True)
    assert "+2" in h.words[0] or "a1" in h.words[0]


@settings(max_examples=60, deadline=None)
@given(kirchhoff_positions(3, 3))
def test_proofs_against_brute_force(pos: Position) -> None:
    sols = brute_force(pos.board, pos.masks())
    if not sols:
        proof = prove_lost(pos)
        assert proof is not None  # tiny boards always fit the budget
        check(clues_of(pos.board), proof, lost=True, marks=marks_of(pos))
        # the marks it uses cannot all be right: brute force over those alone
        only = Position.start(pos.board)
        for mv in proof["uses"]:
            only = execute_moves(only, mv)
        assert not brute_force(pos.board, only.masks())
        return
    found = prove_hint(pos)
    forced = [e for e in pos.free_edges() if len({s[e] for s in sols}) == 1]
    if found is None:
        assert not forced
        return
    assert all(s[found.edge] == found.state for s in sols)
    check_hint(pos, found.edge, found.state, found.proof)


def test_lost_beyond_the_budget_still_says_lost() -> None:
    board = midend.resolve(KIRCHHOFF, "7x7dh#5").start().board
    pos = execute_moves(Position.start(board), "a1>b1")
    assert prove_lost(pos, budget=1) is None
    h = hint(pos, budget=1)
    assert h.kind is HintKind.LOST and h.proof is None
    assert h.reason == "lost — the arrow a1→b1 cannot be right; the proof is too long to show"


def test_last_mark_breaks_ties() -> None:
    gen = generate_board(presets()["easy"], 7)
    pos = Position.start(gen.board)
    plain = prove_hint(pos)
    assert plain is not None
    g = gen.board.geometry
    far = [e for e in range(gen.board.n_edges) if not set(g.ends[e]) & set(g.ends[plain.edge])]
    near_first = [prove_hint(pos, last_edge=e) for e in far[-3:]]
    for e, f in zip(far[-3:], near_first, strict=True):
        assert f is not None and f.size <= plain.size
        if f.edge != plain.edge:  # chose one next to the last mark
            assert set(g.ends[f.edge]) & set(g.ends[e])


def test_obvious_empties_are_cell_deductions_and_unused(generated: list[Generated]) -> None:
    for gen in generated:
        pos = Position.start(gen.board)
        empties = obvious_empties(pos)
        masks = propagate(gen.board, pos.masks()).masks
        assert empties == [e for e in pos.free_edges() if masks[e] == 1]
        assert empties and all(gen.solution[e] == 0 for e in empties)


def test_wrong_marks_never_takes_back_a_right_one(generated: list[Generated]) -> None:
    rng = random.Random(5)
    for gen in generated:
        board = gen.board
        marks = [Mark.FREE] * board.n_edges
        wrong = set()
        for e in rng.sample(range(board.n_edges), 12):
            if rng.random() < 0.3:
                marks[e] = state_mark(rng.choice([s for s in (0, 1, 2) if s != gen.solution[e]]))
                wrong.add(e)
            else:
                marks[e] = state_mark(gen.solution[e])
        pos = Position(board, tuple(marks))
        assert wrong_marks(pos) == sorted(wrong)
        support = analyse(board, None, cap=1).support
        assert all(support[e] == 1 << gen.solution[e] for e in range(board.n_edges))
