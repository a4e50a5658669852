"""Moves as short strings, the pure ``execute_move``, and the status of a position.

Move grammar (both forms name one edge and the mark to put on it)
----------------------------------------------------------------
::

    move      := edge-move | pair-move
    edge-move := "e" <edge id> <op>         e.g.  e17>   e17<   e17x   e17.
    pair-move := <cell> <op> <cell>         e.g.  b3>c3  b3<c3  b3xc3  b3.c3
    cell      := <column letter a..p> <row number 1..16>
    op        := ">" | "<" | "x" | "."

In the edge form ``>`` is an arrow from the lower-numbered cell to the higher
(rightward or downward) and ``<`` the reverse. In the pair form ``X>Y`` is an
arrow from ``X`` to ``Y`` and ``X<Y`` one from ``Y`` to ``X``; the two cells
must be orthogonal neighbours. ``x`` crosses the edge (the player asserts it
is unused) and ``.`` makes it free again. Letters are case-insensitive and
surrounding spaces are ignored. A move sequence (``--moves``) separates moves
with spaces, commas or semicolons.

Any mark may replace any other, so a move is never illegal on a valid edge;
whether it was *wise* is what :func:`status` and the hints say.

Moves are ASCII (:func:`proofgrid.puzzle.ascii_move`): ``e٥>`` is refused in
one line, not read as ``e5>``, whoever calls :func:`parse_move`.

Status: *won* when the arrows drawn (free and crossed edges counting as
unused) meet every clue; *lost* when no completion of the position exists
(the exact counter, :func:`proofgrid.kirchhoff.exact.is_lost`, says so — a
wrong arrow is lost the moment it is drawn); otherwise *playing*.
"""

from __future__ import annotations

import re

from proofgrid.kirchhoff.board import Board, Mark, Position, cell_name, is_solution
from proofgrid.kirchhoff.exact import is_lost
from proofgrid.puzzle import InvalidMoveError, Status, ascii_move

__all__ = [
    "execute_move",
    "execute_moves",
    "format_move",
    "parse_move",
    "split_moves",
    "status",
]

_EDGE_RE = re.compile(r"^e(\d{1,4})([<>x.])$", re.ASCII)  # ASCII digits only
_PAIR_RE = re.compile(r"^([a-p])(\d{1,2})([<>x.])([a-p])(\d{1,2})$", re.ASCII)
_OP_MARK = {">": Mark.FORWARD, "<": Mark.BACKWARD, "x": Mark.CROSS, ".": Mark.FREE}
_MARK_OP = {Mark.FORWARD: ">", Mark.BACKWARD: "<", Mark.CROSS: "x", Mark.FREE: "."}
_MAX_MOVE = 32


def _cell(board: Board, letter: str, number: str) -> int:
    c = ord(letter) - ord("a")
    r = int(number) - 1
    if not (0 <= r < board.rows and 0 <= c < board.cols):
        raise InvalidMoveError(f"cell {letter}{number} is off the {board.rows}x{board.cols} board")
    return r * board.cols + c


def parse_move(board: Board, move: str) -> tuple[int, Mark]:
    """Parse one move into ``(edge id, mark)``; raises :class:`InvalidMoveError`."""
    if not isinstance(move, str):
        raise InvalidMoveError("a move must be text")
    text = ascii_move(move).strip().lower()
    if not text:
        raise InvalidMoveError("empty move")
    if len(text) > _MAX_MOVE:
        raise InvalidMoveError(f"move {move[:_MAX_MOVE]!r}... is too long")
    m = _EDGE_RE.match(text)
    if m:
        edge = int(m.group(1))
        if edge >= board.n_edges:
            raise InvalidMoveError(f"edge {edge} does not exist (this board has {board.n_edges})")
        return edge, _OP_MARK[m.group(2)]
    m = _PAIR_RE.match(text)
    if m:
        a = _cell(board, m.group(1), m.group(2))
        b = _cell(board, m.group(4), m.group(5))
        edge = board.geometry.edge_between(a, b)
        if edge < 0:
            raise InvalidMoveError(
                f"cells {m.group(1)}{m.group(2)} and {m.group(4)}{m.group(5)} are not neighbours"
            )
        op = m.group(3)
        if op in "<>":
            tail, head = (a, b) if op == ">" else (b, a)
            return edge, Mark.FORWARD if tail < head else Mark.BACKWARD
        return edge, _OP_MARK[op]
    raise InvalidMoveError(
        f"bad move {move[:_MAX_MOVE]!r}: expected e<id><op> or <cell><op><cell>, op one of > < x ."
    )


def format_move(board: Board, edge: int, mark: Mark) -> str:
    """The pair form of a move: ``b3>c3`` (arrow tail first), ``b3xc3``, ``b3.c3``."""
    u, v = board.geometry.ends[edge]
    if mark is Mark.BACKWARD:
        u, v = v, u
        mark = Mark.FORWARD
    return f"{cell_name(board, u)}{_MARK_OP[mark]}{cell_name(board, v)}"


def execute_move(position: Position, move: str) -> Position:
    """The position after ``move`` (pure: ``position`` is unchanged)."""
    edge, mark = parse_move(position.board, move)
    return position.with_mark(edge, mark)


def split_moves(text: str) -> list[str]:
    """Split a move sequence on spaces, commas and semicolons."""
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


def execute_moves(position: Position, moves: str) -> Position:
    """Apply a whole sequence (see :func:`split_moves`)."""
    for mv in split_moves(moves):
        position = execute_move(position, mv)
    return position


def status(position: Position) -> Status:
    """Won, lost or playing (module docstring); exact, never a guess."""
    if is_solution(position.board, position.arrows()):
        return Status.WON
    if is_lost(position.board, position.masks()):
        return Status.LOST
    return Status.PLAYING
