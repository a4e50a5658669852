"""Kirchhoff on paper: the board as a neutral drawing, the solved arrows and every forced step.

The ``draw`` surface of the Kirchhoff contract (:mod:`proofgrid.drawing` says
what a drawing is; :mod:`proofgrid.book` lays drawings out on pages).

* A puzzle page shows the grid with its clues, every clue at one size
  (:data:`CLUE_SIZE`): a source ``+n`` and a sink ``−n`` in a circle (a sink's
  circle doubled, so the two differ by shape as well as by sign), a throughput
  ``t`` as a plain number; the player's arrows run between cell centres,
  stopping short of a clue. The page says what it asks with its grade
  (:func:`goal`); the book's rules page prints :func:`rules` and draws the
  worked example.
* A solution page draws the unique solution's arrows, each labelled with the
  number of the step that forces it, and gives the whole chain of forced steps
  (:func:`steps`): first the edges the clues alone leave empty
  (:func:`proofgrid.kirchhoff.hint.obvious_empties`), then every hint of the
  hint engine (:func:`proofgrid.kirchhoff.hint.hint`) with its proof's
  sentences, until the board is solved. Each hint is sound (its state holds in
  every completion), so the chain is a proof of the solution, one step at a time.

Cost: O(RC) shapes; the chain runs the exact counter and the prover once per
step (at most one step per edge), cached per position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from proofgrid.drawing import (
    WHITE,
    Circle,
    Drawing,
    Line,
    Rect,
    Rules,
    Shape,
    Text,
    coordinate_labels,
)
from proofgrid.kirchhoff.board import Board, ClueKind, Mark, Position, cell_name
from proofgrid.kirchhoff.exact import first_solution
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import HintKind, hint, obvious_empties
from proofgrid.kirchhoff.moves import execute_move

__all__ = [
    "CLUE_SIZE",
    "EXAMPLE",
    "Chain",
    "Step",
    "draw",
    "goal",
    "grade",
    "record",
    "rules",
    "solution_notes",
    "steps",
]

#: Every clue's text height, in cells (plain and circled numbers alike).
CLUE_SIZE = 0.34
#: The rules page's worked example: 3×3, a +2 in a1 and a −2 in c3 around a 0.
EXAMPLE = "3x3de:ERylCXQnX"
_MARGIN = 0.6
_SOURCE_R = 0.31  # a source's circle; a sink adds a ring outside it
_SINK_RING = 0.37
#: How far short of a cell's centre an arrow stops, by the cell's clue.
_GAP = {
    ClueKind.BLANK: 0.14,
    ClueKind.THROUGHPUT: 0.24,
    ClueKind.SOURCE: _SOURCE_R + 0.03,
    ClueKind.SINK: _SINK_RING + 0.02,
}
_MEANING = {
    "easy": "each step follows from one clue and the edges already decided",
    "medium": "some steps count the arrows around a group of cells",
    "hard": "some steps suppose an arrow and follow it to a contradiction",
}


@dataclass(frozen=True, slots=True)
class Step:
    """One forced step: the edge, its state (0 empty, 1 forward, 2 backward), its words."""

    edge: int
    state: int
    label: str
    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chain:
    """The solution as a chain: the edges the clues alone empty, then the forced steps."""

    empties: tuple[int, ...]
    steps: tuple[Step, ...]
    solved: bool


def _label(position: Position, edge: int, state: int) -> str:
    board = position.board
    u, v = board.geometry.ends[edge]
    if state == 0:
        return f"{cell_name(board, u)}–{cell_name(board, v)} stays empty"
    if state == 2:
        u, v = v, u
    return f"{cell_name(board, u)}→{cell_name(board, v)}"


@lru_cache(maxsize=16)
def steps(state: Position) -> Chain:
    """The whole chain of forced steps from ``state`` to the solution (module docstring).

    The obvious empties are marked first (one batch, as the app's "mark obvious
    empties" does); then each step is the hint engine's next hint, applied,
    until the position is solved (or the engine stops: a lost position or one
    with no forced edge, ``solved`` False). At most one step per edge.
    """
    board = state.board
    empties = tuple(obvious_empties(state))
    position = state
    for e in empties:
        position = position.with_mark(e, Mark.CROSS)
    out: list[Step] = []
    solved = False
    for _ in range(board.n_edges + 1):
        h = hint(position)
        if h.kind is HintKind.SOLVED:
            solved = True
            break
        if h.kind in (HintKind.LOST, HintKind.NONE) or not h.move:
            break
        words = tuple(w.rstrip() for w in h.words) or (h.reason,)
        out.append(Step(h.edge, h.state, _label(position, h.edge, h.state), words))
        position = execute_move(position, h.move)
    return Chain(empties, tuple(out), solved)


def _arrow(state: Position, edge: int, s: int, o: float, label: str = "") -> list[Shape]:
    board = state.board
    C = board.cols
    u, v = board.geometry.ends[edge] if s == 1 else board.geometry.ends[edge][::-1]
    (r1, c1), (r2, c2) = divmod(u, C), divmod(v, C)
    du, dv = _GAP[board.clues[u].kind], _GAP[board.clues[v].kind]
    sx, sy = c2 - c1, r2 - r1
    x1, y1 = o + c1 + 0.5, o + r1 + 0.5
    shapes: list[Shape] = [
        Line(x1 + sx * du, y1 + sy * du, x1 + sx * (1 - dv), y1 + sy * (1 - dv), 1.6, True)
    ]
    if label:
        # beside the arrow's middle: above a horizontal one, left of a vertical one
        mx, my = x1 + sx * 0.5, y1 + sy * 0.5
        shapes.append(Text(mx - 0.18 * abs(sy), my - 0.18 * abs(sx), label, size=0.22))
    return shapes


def draw(state: Position, solved: bool = False) -> Drawing:
    """The grid with its clues and arrows; with ``solved``, the solution's arrows numbered
    by the step of :func:`steps` that forces each."""
    board = state.board
    o = _MARGIN
    shapes: list[Shape] = [*coordinate_labels(board.rows, board.cols, o)]
    for r in range(board.rows):
        for c in range(board.cols):
            shapes.append(Rect(o + c, o + r, 1.0, 1.0, WHITE, width=0.4))
    states: tuple[int, ...] | list[int] = state.arrows()
    number: dict[int, int] = {}
    if solved:
        found = first_solution(board, state.masks())
        states = found if found is not None else states
        number = {st.edge: i for i, st in enumerate(steps(state).steps, 1) if st.state}
    ends = board.geometry.ends
    C = board.cols
    for e, s in enumerate(states):
        if not s:
            if state.marks[e] is Mark.CROSS:
                (ra, ca), (rb, cb) = divmod(ends[e][0], C), divmod(ends[e][1], C)
                x, y = o + (ca + cb) / 2 + 0.5, o + (ra + rb) / 2 + 0.5
                shapes.append(Text(x, y, "×", size=0.3))
            continue
        shapes += _arrow(state, e, s, o, str(number[e]) if e in number else "")
    for cell, clue in enumerate(board.clues):
        r, c = divmod(cell, C)
        x, y = o + c + 0.5, o + r + 0.5
        if clue.kind is ClueKind.BLANK:
            continue
        if clue.kind is ClueKind.THROUGHPUT:
            shapes.append(Text(x, y, str(clue.value), size=CLUE_SIZE, bold=True))
            continue
        if clue.kind is ClueKind.SINK:
            shapes.append(Circle(x, y, _SINK_RING, WHITE, width=0.7))
        shapes.append(Circle(x, y, _SOURCE_R, WHITE, width=1.0))
        sign = "+" if clue.kind is ClueKind.SOURCE else "−"
        shapes.append(Text(x, y, f"{sign}{clue.value}", size=CLUE_SIZE, bold=True))
    return Drawing(o + board.cols, o + board.rows, tuple(shapes))


def grade(state: Position) -> str:
    """The hint ladder's grade (:func:`proofgrid.kirchhoff.grade.grade_board`)."""
    return _grade(state.board)


@lru_cache(maxsize=16)
def _grade(board: Board) -> str:
    return grade_board(board).grade.value  # a book asks twice: the page's grade and its goal


def goal(state: Position) -> str:
    """What the puzzle page asks: the arrows that meet every clue, and what its grade means."""
    g = grade(state)
    meaning = _MEANING.get(g, "")
    return f"Draw the one set of arrows that meets every clue. Grade {g}" + (
        f": {meaning}." if meaning else "."
    )


def rules() -> Rules:
    """The rules page: the clues, the law, and the worked example's chain of steps."""
    return Rules(
        (
            "Draw arrows between cells of the grid that share a side, at most one arrow on "
            "each edge, pointing either way.",
            "A circled +n is a source: n more arrows leave it than enter it. A circled −n "
            "(its circle doubled) is a sink: n more arrows enter it than leave it. A plain "
            "number is a throughput: that many arrows enter the cell, and as many leave it; "
            "a 0 has no arrow at all. Every other cell lets out as many arrows as it takes "
            "in, which may be none.",
            "Each puzzle has exactly one solution, and every arrow follows from the clues by "
            "reasoning, never by guessing. The grade says how far the reasoning reaches: "
            f"easy, {_MEANING['easy']}; medium, {_MEANING['medium']}; hard, {_MEANING['hard']}.",
            "The solutions at the back give the whole chain: first the edges the clues alone "
            "leave empty, then each forced step with the reason for it, numbered as the arrows "
            "in the solved drawing are. The worked example below is done the same way.",
        ),
        EXAMPLE,
    )


def solution_notes(state: Position) -> list[str]:
    """The whole chain of :func:`steps` in words: a paragraph a step, ``Step i · move —``
    then its proof's sentences (the later ones indented, nested ones further)."""
    board = state.board
    chain = steps(state)
    notes = ["The arrows above are the only solution; each is numbered by the step that forces it."]
    if chain.empties:
        names = ", ".join(
            f"{cell_name(board, board.geometry.ends[e][0])}–"
            f"{cell_name(board, board.geometry.ends[e][1])}"
            for e in chain.empties
        )
        n = len(chain.empties)
        notes.append(
            f"First, the clues, each read on its own, leave {n} edge{'s' if n != 1 else ''} "
            f"empty (next to a 0, or where a cell has no room for another arrow): {names}."
        )
    for i, st in enumerate(chain.steps, 1):
        first, *rest = st.words
        notes.append(f"Step {i} · {st.label} — {first.strip()}")
        notes.extend(f"  {w}" for w in rest)
    if not chain.solved:
        notes.append("The hint engine stops here: the remaining edges need the exact counter.")
    return notes


def record(state: Position) -> dict[str, Any]:
    """What a result code's check reports of a position: the arrows drawn."""
    return {"arrows": sum(1 for s in state.arrows() if s)}
