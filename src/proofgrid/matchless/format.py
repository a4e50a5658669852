"""Text drawings of boards, positions and the X-ray (the contract's ``format``).

Layout: each cell is a fixed-width glyph; between two cells of a row a
three-character gap shows the horizontal fuses (``→``, ``←``, ``↔``); between
two rows a connector line shows the vertical fuses under each cell (``↓``,
``↑``, ``↕``) and, in the gaps, the diagonal ones: ``↘``/``↖`` (or ``⤡`` both
ways) for the main diagonal and ``↙``/``↗`` (or ``⤢``) for the other; when both
diagonals of a gap carry fuses they are drawn side by side. Columns are
lettered ``a…`` and rows numbered from 1, as in move names.
"""

from __future__ import annotations

from collections.abc import Callable

from proofgrid.matchless.board import Board, Direction, cell_name
from proofgrid.matchless.game import State
from proofgrid.matchless.solve import Solution, hidden_sources

__all__ = ["component_label", "format_board", "format_state", "format_xray"]

_GAP = 3
_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _fuse(board: Board, row: int, col: int, d: Direction) -> bool:
    if not (0 <= row < board.rows and 0 <= col < board.cols):
        return False
    f = board.cells[row * board.cols + col]
    return f is not None and bool(f & d.bit)


def _pair(forward: bool, backward: bool, fw: str, bw: str, both: str) -> str:
    if forward and backward:
        return both
    return fw if forward else bw if backward else " "


def format_board(board: Board, glyph: Callable[[int], str], width: int = 3) -> str:
    """Draw a board; ``glyph(shell)`` gives each shell's ``width``-character text.

    Empty cells are drawn as a centred ``·``. O(R·C).
    """
    step = width + _GAP
    mid = width // 2
    margin = len(str(board.rows)) + 1
    header = [" "] * (margin + board.cols * step)
    for c in range(board.cols):
        header[margin + c * step + mid] = cell_name(0, c)[0]
    lines = ["".join(header).rstrip()]
    for r in range(board.rows):
        row = [f"{r + 1:>{margin - 1}} "]
        for c in range(board.cols):
            v = board.shell_at(r, c)
            row.append(glyph(v) if v >= 0 else " " * mid + "·" + " " * (width - mid - 1))
            if c + 1 < board.cols:
                e = _fuse(board, r, c, Direction.E)
                w = _fuse(board, r, c + 1, Direction.W)
                row.append(" " + _pair(e, w, "→", "←", "↔") + " ")
        lines.append("".join(row).rstrip())
        if r + 1 == board.rows:
            break
        conn = [" " * margin]
        for c in range(board.cols):
            s = _fuse(board, r, c, Direction.S)
            n = _fuse(board, r + 1, c, Direction.N)
            cell = [" "] * width
            cell[mid] = _pair(s, n, "↓", "↑", "↕")
            conn.append("".join(cell))
            if c + 1 < board.cols:
                main = _pair(
                    _fuse(board, r, c, Direction.SE),
                    _fuse(board, r + 1, c + 1, Direction.NW),
                    "↘",
                    "↖",
                    "⤡",
                )
                anti = _pair(
                    _fuse(board, r, c + 1, Direction.SW),
                    _fuse(board, r + 1, c, Direction.NE),
                    "↙",
                    "↗",
                    "⤢",
                )
                if main != " " and anti != " ":
                    conn.append(main + " " + anti)
                else:
                    conn.append(" " + (main if main != " " else anti) + " ")
        lines.append("".join(conn).rstrip())
    return "\n".join(lines)


def format_state(state: State) -> str:
    """Draw a position: ``o`` unlit, ``*`` lit, ``@`` the shell struck last."""
    last = state.moves[-1] if state.moves else -1

    def glyph(v: int) -> str:
        if v == last:
            return " @ "
        return " * " if state.is_lit(v) else " o "

    return format_board(state.board, glyph)


def component_label(index: int, count: int) -> str:
    """Label of a component: one character when there are at most 62, else two."""
    if count <= len(_LABELS):
        return _LABELS[index]
    return _LABELS[index // len(_LABELS)] + _LABELS[index % len(_LABELS)]


def format_xray(board: Board, solution: Solution) -> str:
    """The X-ray: every shell labelled by its component, sources in parentheses.

    Below the drawing: par, the source components with their shells (marking
    hidden ones, i.e. cycles of two or more shells), the witness and the
    condensation edges.
    """
    xr = solution.xray
    sources = set(xr.sources)
    lw = len(component_label(0, xr.count))

    def glyph(v: int) -> str:
        c = xr.components[v]
        lab = component_label(c, xr.count)
        return f"({lab})" if c in sources else f" {lab} "

    members = xr.members()
    lines = [format_board(board, glyph, width=lw + 2), ""]
    names = [cell_name(*board.shell_rc(v)) for v in range(board.n)]
    lines.append(
        f"par {solution.par} = {len(xr.sources)} source component(s) of {xr.count}; "
        f"hidden sources (cycles): {hidden_sources(solution)}"
    )
    for c in xr.sources:
        kind = "hidden source, a cycle" if len(members[c]) >= 2 else "source"
        cells = " ".join(names[v] for v in members[c])
        lines.append(f"  ({component_label(c, xr.count)}) {kind}: {cells}")
    lines.append("witness: " + " ".join(names[v] for v in solution.witness))
    if xr.edges:
        edges = ", ".join(
            f"{component_label(a, xr.count)}→{component_label(b, xr.count)}" for a, b in xr.edges
        )
        lines.append(f"condensation edges: {edges}")
    return "\n".join(lines)
