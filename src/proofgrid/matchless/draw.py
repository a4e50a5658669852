"""Matchless on paper: the board as a neutral drawing, the solution's marks and notes.

The ``draw`` surface of the Matchless contract (:mod:`proofgrid.drawing` says
what a drawing is; :mod:`proofgrid.book` lays drawings out on pages).

* A puzzle page shows every shell as a circle and every fuse as an arrow to
  the neighbouring shell it lights (a pair of opposite fuses is one line with
  a head at each end), with the column letters and row numbers of move names.
* A solution page fills each X-ray component with its own hatch pattern
  (black and white tell them apart), marks one optimal set of shells — the
  witness, the lowest shell of each source component — with a thick ring and
  a black centre, and says why par is exact (:func:`proofgrid.matchless.contract.explain`:
  par = number of source components of the condensation).

Cost: O(n + m) shapes for n shells and m fuses, plus one solve (Tarjan 1972).
"""

from __future__ import annotations

from typing import Any

from proofgrid.drawing import (
    BLACK,
    WHITE,
    Circle,
    Drawing,
    Line,
    Shape,
    coordinate_labels,
    pattern,
)
from proofgrid.matchless.contract import explain
from proofgrid.matchless.game import State, move_name
from proofgrid.matchless.grade import matchless_grade
from proofgrid.matchless.solve import hidden_sources, myopic_gap, solve

__all__ = ["draw", "grade", "record", "solution_notes"]

_MARGIN = 0.6  # room for the coordinates, in cells
_RADIUS = 0.27


def draw(state: State, solved: bool = False) -> Drawing:
    """The position's board; with ``solved``, the X-ray's patterns and the witness marked."""
    board = state.board
    o = _MARGIN
    shapes: list[Shape] = [*coordinate_labels(board.rows, board.cols, o)]
    heads = {(v, w) for v, w in board.fuses()}
    for v, w in sorted(heads):
        if (w, v) in heads and w < v:
            continue  # drawn with its partner
        (r1, c1), (r2, c2) = board.shell_rc(v), board.shell_rc(w)
        dx, dy = c2 - c1, r2 - r1
        norm = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / norm * (_RADIUS + 0.03), dy / norm * (_RADIUS + 0.03)
        x1, y1 = o + c1 + 0.5 + ux, o + r1 + 0.5 + uy
        x2, y2 = o + c2 + 0.5 - ux, o + r2 + 0.5 - uy
        shapes.append(Line(x1, y1, x2, y2, width=0.9, arrow=True))
        if (w, v) in heads:
            shapes.append(Line(x2, y2, x1, y1, width=0.9, arrow=True))
    sol = solve(board) if solved else None
    witness = set(sol.witness) if sol is not None else set()
    for v in range(board.n):
        r, c = board.shell_rc(v)
        x, y = o + c + 0.5, o + r + 0.5
        if sol is None:
            fill = WHITE if state.unlit >> v & 1 else pattern(0)
            shapes.append(Circle(x, y, _RADIUS, fill))
            continue
        shapes.append(Circle(x, y, _RADIUS, pattern(sol.xray.components[v])))
        if v in witness:
            shapes.append(Circle(x, y, _RADIUS, None, width=2.6))
            shapes.append(Circle(x, y, 0.09, BLACK, width=0.0))
    return Drawing(o + board.cols, o + board.rows, tuple(shapes))


def grade(state: State) -> str:
    """The board's grade by the traps it sets (:mod:`proofgrid.matchless.grade`)."""
    board = state.board
    return matchless_grade(myopic_gap(board), hidden_sources(solve(board))).value


def solution_notes(state: State) -> list[str]:
    """Par, the marked shells, the patterns, and one sentence of why par is exact."""
    board = state.board
    sol = solve(board)
    names = ", ".join(move_name(board, v) for v in sol.witness)
    count = sol.xray.count
    return [
        f"Par {sol.par}: strike {names} (marked with a ring and a dot).",
        f"Each of the {count} component{'s' if count != 1 else ''} of the X-ray has its own "
        "pattern.",
        explain(sol, board.n),
    ]


def record(state: State) -> dict[str, Any]:
    """What a result code's check reports of a position: matches struck and par."""
    return {"matches": state.matches, "par": solve(state.board).par}
