"""Kirchhoff on paper: the board as a neutral drawing, the solved arrows and the first reasons.

The ``draw`` surface of the Kirchhoff contract (:mod:`proofgrid.drawing` says
what a drawing is; :mod:`proofgrid.book` lays drawings out on pages).

* A puzzle page shows the grid with its clues: a source ``+n`` and a sink
  ``−n`` in a circle (a sink's circle doubled, so the two differ by shape as
  well as by sign), a throughput ``t`` as a plain number; the player's arrows
  are drawn from cell centre to cell centre.
* A solution page draws the unique solution's arrows and gives the reasons of
  the first forced arrows in the prover's own sentences
  (:func:`proofgrid.kirchhoff.hint.hint` and its ``words``), so a solver can
  follow the first steps rather than only compare the answer.

Cost: O(RC) shapes; the solution page runs the exact solver once and the
hint prover once per step it explains (a few, see :data:`STEPS`).
"""

from __future__ import annotations

from typing import Any

from proofgrid.drawing import WHITE, Circle, Drawing, Line, Rect, Shape, Text, coordinate_labels
from proofgrid.kirchhoff.board import ClueKind, Mark, Position
from proofgrid.kirchhoff.exact import first_solution
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import HintKind, hint
from proofgrid.kirchhoff.moves import execute_move

__all__ = ["STEPS", "draw", "grade", "record", "solution_notes"]

#: How many forced arrows a solution page explains.
STEPS = 3
#: How many hints (arrows and empties) the explanation may walk through to find them.
_WALK = 80
_MARGIN = 0.6
_SENTENCES = 4  # sentences of each step's proof printed


def draw(state: Position, solved: bool = False) -> Drawing:
    """The grid with its clues and arrows; with ``solved``, the solution's arrows."""
    board = state.board
    o = _MARGIN
    shapes: list[Shape] = [*coordinate_labels(board.rows, board.cols, o)]
    for r in range(board.rows):
        for c in range(board.cols):
            shapes.append(Rect(o + c, o + r, 1.0, 1.0, WHITE, width=0.4))
    states: tuple[int, ...] | list[int] = state.arrows()
    if solved:
        found = first_solution(board, state.masks())
        states = found if found is not None else states
    ends = board.geometry.ends
    C = board.cols
    for e, s in enumerate(states):
        if not s:
            if state.marks[e] is Mark.CROSS:
                (ra, ca), (rb, cb) = divmod(ends[e][0], C), divmod(ends[e][1], C)
                x, y = o + (ca + cb) / 2 + 0.5, o + (ra + rb) / 2 + 0.5
                shapes.append(Text(x, y, "×", size=0.3))
            continue
        u, v = ends[e] if s == 1 else ends[e][::-1]
        (r1, c1), (r2, c2) = divmod(u, C), divmod(v, C)
        dx, dy = (c2 - c1) * 0.28, (r2 - r1) * 0.28
        shapes.append(
            Line(
                o + c1 + 0.5 + dx,
                o + r1 + 0.5 + dy,
                o + c2 + 0.5 - dx,
                o + r2 + 0.5 - dy,
                1.6,
                True,
            )
        )
    for cell, clue in enumerate(board.clues):
        r, c = divmod(cell, C)
        x, y = o + c + 0.5, o + r + 0.5
        if clue.kind is ClueKind.BLANK:
            continue
        if clue.kind is ClueKind.THROUGHPUT:
            shapes.append(Text(x, y, str(clue.value), size=0.42, bold=True))
            continue
        shapes.append(Circle(x, y, 0.24, WHITE, width=1.0))
        if clue.kind is ClueKind.SINK:
            shapes.append(Circle(x, y, 0.19, None, width=0.7))
        sign = "+" if clue.kind is ClueKind.SOURCE else "−"
        shapes.append(Text(x, y, f"{sign}{clue.value}", size=0.26, bold=True))
    return Drawing(o + board.cols, o + board.rows, tuple(shapes))


def grade(state: Position) -> str:
    """The hint ladder's grade (:func:`proofgrid.kirchhoff.grade.grade_board`)."""
    return grade_board(state.board).grade.value


def solution_notes(state: Position) -> list[str]:
    """The first forced arrows with the prover's sentences (empty edges walked past, counted)."""
    notes = ["The arrows above are the only solution."]
    position, empties, told = state, 0, 0
    for _ in range(_WALK):
        if told >= STEPS:
            break
        h = hint(position)
        if h.kind in (HintKind.SOLVED, HintKind.LOST, HintKind.NONE) or not h.move:
            break
        position = execute_move(position, h.move)
        if h.state == 0:
            empties += 1
            continue
        told += 1
        before = f" (after {empties} edge{'s' if empties != 1 else ''} that stay empty)"
        notes.append(f"Step {told}{before if empties else ''}: {h.reason}")
        notes.extend(f"    {w.strip()}" for w in h.words[:_SENTENCES])
        empties = 0
    return notes


def record(state: Position) -> dict[str, Any]:
    """What a result code's check reports of a position: the arrows drawn."""
    return {"arrows": sum(1 for s in state.arrows() if s)}
