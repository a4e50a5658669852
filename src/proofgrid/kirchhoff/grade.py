"""Difficulty by the hint ladder, after Tatham's solver-graded puzzles.

The grader solves the empty position with the deductions of the hint ladder
(:mod:`proofgrid.kirchhoff.hint`) and records the highest rung it needed. One
round takes the lowest rung that decides anything:

1. *local* — make every cell's masks arc consistent (rung a);
2. *cut* — remove the states ruled out by a tight Gale region of the max-flow
   relaxation (rung b, direct: one max-flow and one SCC pass);
3. *trial cut* — remove the states whose trial makes the relaxation infeasible
   (rung b, hypothetical: "were this arrow so, that region could not export
   its surplus");
4. *exact* — take every state the exact counter forces (rung c).

Each rung's deductions are monotone (more decided edges never undo a
deduction), so the closure reached, and whether a rung is ever needed, does not
depend on the order in which single hints are applied; applying a rung's
deductions in a batch only makes the round counts small and stable.

Grades: *easy* — local rounds alone solve it; *medium* — direct cuts needed,
fewer than :data:`HARD_CUT_ROUNDS` rounds of them; *hard* — a trial cut or an
exact round needed, or at least :data:`HARD_CUT_ROUNDS` cut rounds.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from proofgrid.kirchhoff.board import Board, Grade
from proofgrid.kirchhoff.exact import analyse
from proofgrid.kirchhoff.local import all_free, propagate, single_state
from proofgrid.kirchhoff.relax import probe, relax

__all__ = ["HARD_CUT_ROUNDS", "GradeReport", "Rung", "grade_board"]

HARD_CUT_ROUNDS = 4


class Rung(enum.IntEnum):
    """Rungs of the ladder, lowest first."""

    LOCAL = 0
    CUT = 1
    TRIAL = 2
    EXACT = 3

    def __repr__(self) -> str:
        return f"Rung.{self.name}"


_TOP_RUNG = {Grade.EASY: Rung.LOCAL, Grade.MEDIUM: Rung.CUT, Grade.HARD: Rung.EXACT}


@dataclass(frozen=True, slots=True)
class GradeReport:
    """What solving by the ladder took.

    Attributes
    ----------
    grade : Grade
    solved : bool
        False when the ladder stopped with edges undecided (the board has
        several solutions, or the rungs allowed were not enough) or found a
        contradiction (it has none).
    cut_rounds, trial_rounds, exact_rounds : int
        Rounds that needed rung b directly, rung b by trial, and rung c.
    """

    grade: Grade
    solved: bool
    cut_rounds: int
    trial_rounds: int
    exact_rounds: int


def grade_board(
    board: Board, *, up_to: Grade = Grade.HARD, stop_when_hard: bool = False
) -> GradeReport:
    """Grade ``board`` by solving it with the hint ladder (module docstring).

    With ``up_to`` below hard the ladder stops instead of climbing past that
    grade (``solved`` is then False): easy uses local rounds only, medium adds
    fewer than :data:`HARD_CUT_ROUNDS` direct cut rounds. Solving by sound
    deductions alone proves the solution unique, so the generator uses this
    as its uniqueness test for easy and medium boards. With ``stop_when_hard``
    the ladder stops as soon as the grade is known to be hard (``solved`` False).

    O(rounds · (RC + max-flow)); trial rounds cost up to one max-flow per
    undecided edge state; one exact sweep when rung c is reached.
    """
    top = _TOP_RUNG[up_to]
    masks = all_free(board)
    cut_rounds = trial_rounds = exact_rounds = 0
    solved = False
    while True:
        prop = propagate(board, masks)
        if prop.dead_cell >= 0:
            break
        masks = prop.masks
        if all(single_state(m) >= 0 for m in masks):
            solved = True
            break
        if top < Rung.CUT or (top == Rung.CUT and cut_rounds + 1 >= HARD_CUT_ROUNDS):
            break
        rx = relax(board, masks)
        if not rx.feasible:
            break
        elim = rx.eliminated()
        if elim:
            cut_rounds += 1
        elif top >= Rung.TRIAL:
            pr = probe(board, masks, regions=False)
            if pr is None:  # pragma: no cover - rx was feasible on the same masks
                break
            elim = pr.eliminated
            if elim:
                trial_rounds += 1
        if elim:
            masks = tuple(m & ~elim.get(e, 0) for e, m in enumerate(masks))
            if 0 in masks:
                break
            if stop_when_hard and (trial_rounds or cut_rounds >= HARD_CUT_ROUNDS):
                break
            continue
        if top < Rung.EXACT:
            break
        if stop_when_hard:
            exact_rounds += 1
            break
        an = analyse(board, masks, cap=2)
        if an.count.value == 0:
            break
        forced = an.forced()
        new = tuple(1 << forced[e] if e in forced else m for e, m in enumerate(masks))
        if new == masks:
            break
        exact_rounds += 1
        masks = new
    if exact_rounds or trial_rounds or cut_rounds >= HARD_CUT_ROUNDS:
        grade = Grade.HARD
    elif cut_rounds:
        grade = Grade.MEDIUM
    else:
        grade = Grade.EASY
    return GradeReport(grade, solved, cut_rounds, trial_rounds, exact_rounds)
