"""Kirchhoff boards and positions: immutable value objects and the grid geometry.

The puzzle
----------
An ``R×C`` grid (``2 <= R, C <= 16``). Each pair of orthogonally adjacent cells
shares an edge; an edge is unused or carries one arrow in one of its two
directions. A circled ``+n`` cell is a *source* (out − in = n), a circled ``−n``
cell a *sink* (in − out = n), every other cell *conserves* (out = in). An
uncircled cell may carry a plain number ``t``, its *throughput*: exactly ``t``
arrows enter it (and so ``t`` leave). A solution is an orientation of a subset
of the edges meeting every clue: a unit-capacity flow with the demands ``d``.

Numbering (shared with the JavaScript mirror)
---------------------------------------------
* cell ``(r, c)`` has index ``r*C + c``;
* horizontal edge ``(r, c)–(r, c+1)`` has id ``r*(C-1) + c``; then vertical edge
  ``(r, c)–(r+1, c)`` has id ``R*(C-1) + r*C + c``; ``E = 2RC − R − C`` edges;
* an edge's state is :class:`EdgeState`: ``0`` unused, ``1`` an arrow from the
  lower-numbered cell to the higher one (rightward or downward), ``2`` the
  reverse. Sets of states are 3-bit masks, bit ``s`` for state ``s``.

A player's :class:`Position` marks every edge with a :class:`Mark`: free
(undecided), an arrow either way, or crossed (the player asserts it is unused).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import lru_cache

from proofgrid.puzzle import InvalidDescError

__all__ = [
    "ALL_STATES",
    "BLANK",
    "MAX_SIDE",
    "MIN_SIDE",
    "Board",
    "Clue",
    "ClueKind",
    "EdgeState",
    "Geometry",
    "Grade",
    "Mark",
    "Position",
    "cell_name",
    "cell_ok",
    "format_position",
    "geometry",
    "is_solution",
    "mark_mask",
    "state_mark",
]

MIN_SIDE = 2
MAX_SIDE = 16
ALL_STATES = 0b111  # mask of the three edge states


class ClueKind(enum.Enum):
    """What a cell says: nothing, a source, a sink, or a throughput."""

    BLANK = "blank"
    SOURCE = "source"
    SINK = "sink"
    THROUGHPUT = "throughput"

    def __repr__(self) -> str:
        return f"ClueKind.{self.name}"


class EdgeState(enum.IntEnum):
    """State of an edge in a solution: unused, forward (low → high cell), backward."""

    UNUSED = 0
    FORWARD = 1
    BACKWARD = 2

    def __repr__(self) -> str:
        return f"EdgeState.{self.name}"


class Mark(enum.IntEnum):
    """A player's mark on an edge: free (undecided), an arrow, or a cross (unused)."""

    FREE = 0
    FORWARD = 1
    BACKWARD = 2
    CROSS = 3

    def __repr__(self) -> str:
        return f"Mark.{self.name}"


class Grade(enum.Enum):
    """Difficulty by the hint ladder (see :mod:`proofgrid.kirchhoff.grade`)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    def __repr__(self) -> str:
        return f"Grade.{self.name}"

    @property
    def rank(self) -> int:
        """0 for easy, 1 for medium, 2 for hard."""
        return _GRADE_RANK[self]


_GRADE_RANK = {Grade.EASY: 0, Grade.MEDIUM: 1, Grade.HARD: 2}

_MARK_MASK = (ALL_STATES, 1 << EdgeState.FORWARD, 1 << EdgeState.BACKWARD, 1 << EdgeState.UNUSED)
_STATE_MARK = (Mark.CROSS, Mark.FORWARD, Mark.BACKWARD)


def mark_mask(mark: Mark) -> int:
    """The set of edge states a mark allows (free: all three; cross: unused only)."""
    return _MARK_MASK[mark]


def state_mark(state: int) -> Mark:
    """The mark that asserts ``state`` (unused is asserted by a cross)."""
    return _STATE_MARK[state]


@dataclass(frozen=True, slots=True)
class Clue:
    """A cell's clue: ``kind`` and ``value`` (demand size for terminals, else ``t``).

    A sink ``−3`` is ``Clue(ClueKind.SINK, 3)``. Blank cells have value 0.
    """

    kind: ClueKind
    value: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ClueKind):
            raise TypeError("kind must be a ClueKind")
        v = self.value
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("value must be an int")
        if self.kind is ClueKind.BLANK and v != 0:
            raise InvalidDescError("a blank cell has no value")
        if self.kind in (ClueKind.SOURCE, ClueKind.SINK) and not 1 <= v <= 4:
            raise InvalidDescError(f"a {self.kind.value} needs a value 1..4, got {v}")
        if self.kind is ClueKind.THROUGHPUT and not 0 <= v <= 2:
            raise InvalidDescError(f"a throughput needs a value 0..2, got {v}")

    @property
    def demand(self) -> int:
        """Out − in required at this cell: ``+n`` source, ``−n`` sink, else 0."""
        if self.kind is ClueKind.SOURCE:
            return self.value
        if self.kind is ClueKind.SINK:
            return -self.value
        return 0

    @property
    def throughput(self) -> int:
        """Arrows that must enter, or ``-1`` when the cell states no throughput."""
        return self.value if self.kind is ClueKind.THROUGHPUT else -1

    def token(self) -> str:
        """Text form: ``.`` blank, ``+n`` source, ``-n`` sink, ``n`` throughput."""
        if self.kind is ClueKind.BLANK:
            return "."
        if self.kind is ClueKind.SOURCE:
            return f"+{self.value}"
        if self.kind is ClueKind.SINK:
            return f"-{self.value}"
        return str(self.value)

    @classmethod
    def parse(cls, token: str) -> Clue:
        """Inverse of :meth:`token`; raises :class:`InvalidDescError`."""
        if token == ".":
            return BLANK
        if len(token) == 2 and token[0] in "+-" and token[1] in "1234":
            return cls(ClueKind.SOURCE if token[0] == "+" else ClueKind.SINK, int(token[1]))
        if len(token) == 1 and token in "012":
            return cls(ClueKind.THROUGHPUT, int(token))
        raise InvalidDescError(f"bad clue token {token[:8]!r} (use ., +n, -n or 0..2)")

    def __repr__(self) -> str:
        if self.kind is ClueKind.BLANK:
            return "Clue(ClueKind.BLANK)"
        return f"Clue({self.kind!r}, {self.value})"


BLANK = Clue(ClueKind.BLANK)


@dataclass(frozen=True, slots=True)
class Geometry:
    """Cell/edge incidence of an ``R×C`` grid, numbered as in the module docstring.

    Attributes
    ----------
    ends : tuple of (int, int)
        ``ends[e] = (u, v)`` with ``u < v``: forward means ``u → v``.
    cell_edges : tuple of tuple of int
        Edges at each cell in the order left, up, right, down (missing ones left out).
    sides : tuple of (int, int, int, int)
        Edges at each cell as (left, up, right, down), ``-1`` where the grid ends.
        State 1 of a left or up edge enters the cell; of a right or down edge leaves it.
    """

    rows: int
    cols: int
    ends: tuple[tuple[int, int], ...]
    cell_edges: tuple[tuple[int, ...], ...]
    sides: tuple[tuple[int, int, int, int], ...]

    @property
    def cells(self) -> int:
        """Number of cells ``R*C``."""
        return self.rows * self.cols

    @property
    def edges(self) -> int:
        """Number of edges ``2RC − R − C``."""
        return len(self.ends)

    def h_edge(self, r: int, c: int) -> int:
        """Id of the edge ``(r, c)–(r, c+1)``."""
        return r * (self.cols - 1) + c

    def v_edge(self, r: int, c: int) -> int:
        """Id of the edge ``(r, c)–(r+1, c)``."""
        return self.rows * (self.cols - 1) + r * self.cols + c

    def edge_between(self, a: int, b: int) -> int:
        """Id of the edge joining cells ``a`` and ``b``, or ``-1`` if not adjacent."""
        u, v = (a, b) if a < b else (b, a)
        C = self.cols
        if v - u == 1 and u // C == v // C:
            return self.h_edge(u // C, u % C)
        if v - u == C and 0 <= u < self.cells and v < self.cells:
            return self.v_edge(u // C, u % C)
        return -1


@lru_cache(maxsize=64)
def geometry(rows: int, cols: int) -> Geometry:
    """The (cached) :class:`Geometry` of an ``rows×cols`` grid; O(RC)."""
    R, C = rows, cols
    ends: list[tuple[int, int]] = []
    for r in range(R):
        for c in range(C - 1):
            ends.append((r * C + c, r * C + c + 1))
    for r in range(R - 1):
        for c in range(C):
            ends.append((r * C + c, (r + 1) * C + c))
    h = R * (C - 1)
    sides: list[tuple[int, int, int, int]] = []
    for r in range(R):
        for c in range(C):
            sides.append(
                (
                    r * (C - 1) + c - 1 if c > 0 else -1,
                    h + (r - 1) * C + c if r > 0 else -1,
                    r * (C - 1) + c if c < C - 1 else -1,
                    h + r * C + c if r < R - 1 else -1,
                )
            )
    cell_edges = tuple(tuple(e for e in sd if e >= 0) for sd in sides)
    return Geometry(R, C, tuple(ends), cell_edges, tuple(sides))


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable Kirchhoff board: its size and one :class:`Clue` per cell.

    Construction checks the size, the clue count and that the demands sum to
    zero (every arrow adds +1 at its tail and −1 at its head, so a board whose
    demands do not sum to zero has no solution and is refused outright).
    The ``repr`` is pasteable: ``Board.from_text('+1 . / . -1')``.
    """

    rows: int
    cols: int
    clues: tuple[Clue, ...]
    demand: tuple[int, ...] = field(init=False, repr=False, compare=False)
    through: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, v in (("rows", self.rows), ("cols", self.cols)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"{name} must be an int")
            if not MIN_SIDE <= v <= MAX_SIDE:
                raise InvalidDescError(f"{name} must be {MIN_SIDE}..{MAX_SIDE}, got {v}")
        clues = tuple(self.clues)
        object.__setattr__(self, "clues", clues)
        if len(clues) != self.rows * self.cols:
            raise InvalidDescError(
                f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} clues, "
                f"got {len(clues)}"
            )
        for cl in clues:
            if not isinstance(cl, Clue):
                raise TypeError("clues must be Clue values")
        demand = tuple(cl.demand for cl in clues)
        total = sum(demand)
        if total != 0:
            raise InvalidDescError(f"the demands sum to {total:+d}, not 0: no solution can exist")
        object.__setattr__(self, "demand", demand)
        object.__setattr__(self, "through", tuple(cl.throughput for cl in clues))

    @property
    def geometry(self) -> Geometry:
        """The grid's cell/edge numbering."""
        return geometry(self.rows, self.cols)

    @property
    def n_cells(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    @property
    def n_edges(self) -> int:
        """Number of edges."""
        return 2 * self.rows * self.cols - self.rows - self.cols

    def clue(self, r: int, c: int) -> Clue:
        """The clue of cell ``(r, c)``."""
        return self.clues[r * self.cols + c]

    def with_clue(self, cell: int, clue: Clue) -> Board:
        """A copy with one clue replaced (may raise if the demands stop balancing)."""
        clues = list(self.clues)
        clues[cell] = clue
        return Board(self.rows, self.cols, tuple(clues))

    def to_text(self) -> str:
        """Rows of clue tokens joined by ``/``, e.g. ``'+1 . / . -1'``."""
        C = self.cols
        return " / ".join(
            " ".join(cl.token() for cl in self.clues[r * C : (r + 1) * C]) for r in range(self.rows)
        )

    @classmethod
    def from_text(cls, text: str) -> Board:
        """Parse :meth:`to_text` (rows split on ``/`` or newlines, tokens on spaces)."""
        if not isinstance(text, str):
            raise InvalidDescError("board text must be a string")
        lines = [ln.split() for ln in text.replace("\n", "/").split("/")]
        lines = [ln for ln in lines if ln]
        if not lines:
            raise InvalidDescError("empty board text")
        width = len(lines[0])
        if any(len(ln) != width for ln in lines):
            raise InvalidDescError("board rows have different lengths")
        if not (MIN_SIDE <= len(lines) <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
            raise InvalidDescError(
                f"board must be {MIN_SIDE}..{MAX_SIDE} on each side, got {len(lines)}x{width}"
            )
        clues = tuple(Clue.parse(tok) for ln in lines for tok in ln)
        return cls(len(lines), width, clues)

    def __repr__(self) -> str:
        return f"Board.from_text({self.to_text()!r})"


@dataclass(frozen=True, slots=True)
class Position:
    """A board with the player's mark on every edge; immutable (undo = a list).

    ``Position.start(board)`` has every edge free. The ``repr`` is pasteable.
    """

    board: Board
    marks: tuple[Mark, ...]

    def __post_init__(self) -> None:
        marks = tuple(Mark(m) for m in self.marks)
        object.__setattr__(self, "marks", marks)
        if len(marks) != self.board.n_edges:
            raise ValueError(f"a position needs {self.board.n_edges} marks, got {len(marks)}")

    @classmethod
    def start(cls, board: Board) -> Position:
        """The starting position: every edge free."""
        return cls(board, (Mark.FREE,) * board.n_edges)

    def masks(self) -> tuple[int, ...]:
        """Per edge, the 3-bit mask of states the marks allow."""
        return tuple(_MARK_MASK[m] for m in self.marks)

    def arrows(self) -> tuple[int, ...]:
        """Per edge, the drawn state (free and crossed count as unused)."""
        return tuple(int(m) if m in (Mark.FORWARD, Mark.BACKWARD) else 0 for m in self.marks)

    def with_mark(self, edge: int, mark: Mark) -> Position:
        """A copy with edge ``edge`` marked ``mark``."""
        marks = list(self.marks)
        marks[edge] = mark
        return Position(self.board, tuple(marks))

    def free_edges(self) -> list[int]:
        """Ids of the edges still free, ascending."""
        return [e for e, m in enumerate(self.marks) if m is Mark.FREE]

    def __repr__(self) -> str:
        if all(m is Mark.FREE for m in self.marks):
            return f"Position.start({self.board!r})"
        return f"Position({self.board!r}, {self.marks!r})"


def cell_ok(board: Board, cell: int, states: tuple[int, ...] | list[int]) -> bool:
    """Whether ``cell``'s clue holds under the full edge assignment ``states``; O(1)."""
    ends = board.geometry.ends
    n_in = n_out = 0
    for e in board.geometry.cell_edges[cell]:
        s = states[e]
        if s == 0:
            continue
        tail_is_low = s == 1
        if (ends[e][0] == cell) == tail_is_low:
            n_out += 1
        else:
            n_in += 1
    t = board.through[cell]
    return n_out - n_in == board.demand[cell] and (t < 0 or n_in == t)


def is_solution(board: Board, states: tuple[int, ...] | list[int]) -> bool:
    """Whether the edge states (0/1/2 per edge) satisfy every clue; O(RC)."""
    if len(states) != board.n_edges or any(s not in (0, 1, 2) for s in states):
        return False
    return all(cell_ok(board, v, states) for v in range(board.n_cells))


_H_MARK = {Mark.FREE: " · ", Mark.FORWARD: " > ", Mark.BACKWARD: " < ", Mark.CROSS: "   "}
_V_MARK = {Mark.FREE: "·", Mark.FORWARD: "v", Mark.BACKWARD: "^", Mark.CROSS: " "}


def cell_name(board_or_cols: Board | int, cell: int) -> str:
    """Chess-like name of a cell: column letter ``a..p`` then row number, e.g. ``b3``."""
    cols = board_or_cols if isinstance(board_or_cols, int) else board_or_cols.cols
    r, c = divmod(cell, cols)
    return f"{chr(ord('a') + c)}{r + 1}"


def format_position(pos: Position) -> str:
    """Terminal drawing: clue tokens, ``>``/``<``/``v``/``^`` arrows, ``·`` free, blank crossed.

    Each cell is two characters wide (``+n`` source, ``-n`` sink, `` t``
    throughput, `` .`` blank); columns are lettered and rows numbered, the
    names used by cell-pair moves such as ``b3>c3``.
    """
    b = pos.board
    g = b.geometry
    R, C = b.rows, b.cols
    lines = ["    " + "".join(f" {chr(ord('a') + c)}   " for c in range(C)).rstrip()]
    for r in range(R):
        row = [f"{r + 1:>2}  "]
        for c in range(C):
            row.append(f"{b.clue(r, c).token():>2}")
            if c < C - 1:
                row.append(_H_MARK[pos.marks[g.h_edge(r, c)]])
        lines.append("".join(row).rstrip())
        if r < R - 1:
            vrow = ["    "]
            for c in range(C):
                vrow.append(" " + _V_MARK[pos.marks[g.v_edge(r, c)]])
                if c < C - 1:
                    vrow.append("   ")
            lines.append("".join(vrow).rstrip())
    return "\n".join(lines)
