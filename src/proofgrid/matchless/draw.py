"""Matchless on paper: the board as a neutral drawing, the solution's marks and notes.

The ``draw`` surface of the Matchless contract (:mod:`proofgrid.drawing` says
what a drawing is; :mod:`proofgrid.book` lays drawings out on pages).

* A puzzle page shows every shell as a circle and every fuse as an arrow to
  the neighbouring shell it lights (a pair of opposite fuses is one line with
  a head at each end), with the column letters and row numbers of move names.
* A puzzle page says what it asks (:func:`goal`: light every shell with par
  matches) beside its grade; the book's rules page prints :func:`rules` and
  draws its small worked example.
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
    Rules,
    Shape,
    coordinate_labels,
    pattern,
)
from proofgrid.matchless.contract import explain
from proofgrid.matchless.game import State, move_name
from proofgrid.matchless.grade import matchless_grade
from proofgrid.matchless.solve import hidden_sources, myopic_gap, solve

__all__ = ["EXAMPLE", "draw", "goal", "grade", "record", "rules", "solution_notes"]

#: The rules page's worked example (3×3, par 2): a chain a1→b1→c1→c2→c3 and a
#: loop a2→a3→b3→b2→a2 that feeds c2 but that no fuse enters.
EXAMPLE = "3x3:ER_8hAkSDABcWw"

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
            shapes.append(
                Circle(x, y, 0.15, WHITE, width=0.0)
            )  # a halo: the dot shows on any hatch
            shapes.append(Circle(x, y, 0.1, BLACK, width=0.0))
    return Drawing(o + board.cols, o + board.rows, tuple(shapes))


def goal(state: State) -> str:
    """What the puzzle page asks: light every shell with par matches (par by Tarjan's SCCs)."""
    par = solve(state.board).par
    return f"Light every shell with {par} match{'es' if par != 1 else ''}."


def rules() -> Rules:
    """The rules page: how the fireworks work, what par is, and the worked example."""
    return Rules(
        (
            "Firework shells sit on a grid. Each shell has fuses: arrows pointing at "
            "neighbouring shells. Strike a match on a shell and it bursts; its fuses light "
            "every shell they point at, those shells light the shells their fuses point at, "
            "and so on, chain after chain.",
            "Light every shell with as few matches as you can. Each puzzle says how many "
            "matches it takes: its par, the fewest possible. Par is not a designer's guess; "
            "it is counted, so the puzzle can always be done in par.",
            "How to see par: shells that light each other round a loop burst together, so "
            "treat each such group as one. A group that no fuse from outside points at can "
            "only be lit by a match struck inside it; every other group is lit from upstream. "
            "So par is the number of groups nothing points into, and one match in each of "
            "them lights the whole sky.",
            "In the example below, nothing points at a1, so a1 needs a match; it lights b1, "
            "c1, c2 and c3. The loop a2, a3, b3, b2 lights c2, but nothing outside the loop "
            "points into it, so it needs a match of its own. Par is 2.",
        ),
        EXAMPLE,
    )


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
