"""Matchless boards: a grid of firework shells whose fuses form a directed graph.

A board is an ``R×C`` grid (``2 ≤ R, C ≤ 12``). A cell is empty or holds a
shell; every shell carries 0–8 fuses, each pointing in one of the eight compass
directions (:class:`Direction`) at an *adjacent cell that holds a shell*.
Shells are the vertices of a digraph and fuses its edges.

Indexing rules (fixed; the browser mirror relies on them)
---------------------------------------------------------
* Cells are numbered row-major: cell ``r * cols + c`` (row 0 at the top).
* Shells are numbered in the row-major order of their cells: shell ``i`` is the
  ``i``-th shell met scanning rows top to bottom, columns left to right.
* ``succ[i]`` lists the shells that shell ``i``'s fuses point at, in
  :class:`Direction` enum order (N, NE, E, SE, S, SW, W, NW).
* A fuse set is stored as an 8-bit mask: bit ``d.value`` is set when the shell
  has a fuse in direction ``d``.

Cell names (used for moves): column letter ``a``… then the 1-based row, so
``b3`` is row 3, column 2; ``3,2`` (row, column, both 1-based) names the same
cell.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from proofgrid.puzzle import InvalidDescError, InvalidMoveError

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "Board",
    "Direction",
    "cell_name",
    "parse_cell",
]

MIN_SIZE = 2
MAX_SIZE = 12

_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_DY = (-1, -1, 0, 1, 1, 1, 0, -1)


class Direction(enum.Enum):
    """The eight fuse directions, in the fixed order N, NE, E, SE, S, SW, W, NW.

    ``dx`` grows to the east (columns), ``dy`` grows to the south (rows), so
    north is ``dy = -1``. ``value`` is the bit index of the direction in a fuse
    mask.
    """

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def dx(self) -> int:
        """Column step (+1 = east)."""
        return _DX[self.value]

    @property
    def dy(self) -> int:
        """Row step (+1 = south, -1 = north)."""
        return _DY[self.value]

    @property
    def bit(self) -> int:
        """This direction's bit in a fuse mask, ``1 << value``."""
        return 1 << self.value


_DIRECTIONS = tuple(Direction)


def _neighbour(rows: int, cols: int, cell: int, d: int) -> int:
    """Cell index of the neighbour of ``cell`` in direction ``d``, or -1 off the grid."""
    r, c = divmod(cell, cols)
    r2, c2 = r + _DY[d], c + _DX[d]
    if 0 <= r2 < rows and 0 <= c2 < cols:
        return r2 * cols + c2
    return -1


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable Matchless board.

    Parameters
    ----------
    rows, cols : int
        Grid size, each in ``2 .. 12``.
    cells : tuple of (int or None)
        ``rows * cols`` entries in row-major order: ``None`` for an empty cell,
        otherwise the shell's fuse mask (bit ``d.value`` for a fuse towards
        :class:`Direction` ``d``).

    Raises
    ------
    InvalidDescError
        If the size is out of range, the board has no shell, or a fuse points
        off the grid or at an empty cell.

    Notes
    -----
    Construction derives the shell graph once, in O(R·C): ``shell_cells``
    (cell of each shell), ``shell_of`` (shell of each cell, -1 if empty),
    ``succ`` (successor lists) and ``succ_mask`` (successors as bitmasks over
    shell indices). The repr shows only the constructor fields, so it pastes
    back.
    """

    rows: int
    cols: int
    cells: tuple[int | None, ...]
    shell_cells: tuple[int, ...] = field(init=False, repr=False, compare=False)
    shell_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    succ: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    succ_mask: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rows, cols, cells = self.rows, self.cols, self.cells
        if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
            raise InvalidDescError(
                f"board size {rows}x{cols} out of range ({MIN_SIZE}..{MAX_SIZE} each way)"
            )
        if len(cells) != rows * cols:
            raise InvalidDescError(f"a {rows}x{cols} board needs {rows * cols} cells")
        shell_of = [-1] * (rows * cols)
        shell_cells: list[int] = []
        for cell, fuses in enumerate(cells):
            if fuses is not None:
                if not 0 <= fuses <= 255:
                    raise InvalidDescError(f"fuse mask {fuses} out of range 0..255")
                shell_of[cell] = len(shell_cells)
                shell_cells.append(cell)
        if not shell_cells:
            raise InvalidDescError("board has no shells")
        succ: list[tuple[int, ...]] = []
        succ_mask: list[int] = []
        for cell in shell_cells:
            fuses = cells[cell]
            assert fuses is not None
            heads: list[int] = []
            mask = 0
            for d in range(8):
                if fuses >> d & 1:
                    nb = _neighbour(rows, cols, cell, d)
                    if nb < 0 or shell_of[nb] < 0:
                        r, c = divmod(cell, cols)
                        where = "off the grid" if nb < 0 else "at an empty cell"
                        raise InvalidDescError(
                            f"fuse {_DIRECTIONS[d].name} of shell {cell_name(r, c)} points {where}"
                        )
                    heads.append(shell_of[nb])
                    mask |= 1 << shell_of[nb]
            succ.append(tuple(heads))
            succ_mask.append(mask)
        object.__setattr__(self, "shell_cells", tuple(shell_cells))
        object.__setattr__(self, "shell_of", tuple(shell_of))
        object.__setattr__(self, "succ", tuple(succ))
        object.__setattr__(self, "succ_mask", tuple(succ_mask))

    @property
    def n(self) -> int:
        """Number of shells."""
        return len(self.shell_cells)

    @property
    def all_mask(self) -> int:
        """Bitmask with one bit per shell (every shell unlit)."""
        return (1 << len(self.shell_cells)) - 1

    def shell_rc(self, shell: int) -> tuple[int, int]:
        """``(row, col)`` of a shell, 0-based."""
        return divmod(self.shell_cells[shell], self.cols)

    def shell_at(self, row: int, col: int) -> int:
        """Shell index at ``(row, col)``, or -1 when the cell is empty or off the grid."""
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.shell_of[row * self.cols + col]
        return -1

    def fuses(self) -> list[tuple[int, int]]:
        """Every fuse as ``(from_shell, to_shell)``, shells ascending, Direction order."""
        return [(v, w) for v, heads in enumerate(self.succ) for w in heads]

    def edge_count(self) -> int:
        """Number of fuses."""
        return sum(len(h) for h in self.succ)

    @classmethod
    def from_graph(
        cls, rows: int, cols: int, shells: list[tuple[int, int]], fuses: list[tuple[int, int]]
    ) -> Board:
        """Build a board from shell coordinates and fuses given as shell-index pairs.

        ``shells`` are ``(row, col)`` pairs in any order; ``fuses`` refer to
        positions in that list. Raises :class:`InvalidDescError` when a fuse
        does not join two adjacent shells.
        """
        cells: list[int | None] = [None] * (rows * cols)
        for r, c in shells:
            if not (0 <= r < rows and 0 <= c < cols):
                raise InvalidDescError(f"shell ({r}, {c}) lies off a {rows}x{cols} grid")
            if cells[r * cols + c] is not None:
                raise InvalidDescError(f"two shells at ({r}, {c})")
            cells[r * cols + c] = 0
        for a, b in fuses:
            (r1, c1), (r2, c2) = shells[a], shells[b]
            dx, dy = c2 - c1, r2 - r1
            try:
                d = next(i for i in range(8) if _DX[i] == dx and _DY[i] == dy)
            except StopIteration:
                raise InvalidDescError(
                    f"fuse from ({r1}, {c1}) to ({r2}, {c2}) does not join adjacent cells"
                ) from None
            old = cells[r1 * cols + c1]
            assert old is not None
            cells[r1 * cols + c1] = old | (1 << d)
        return cls(rows, cols, tuple(cells))


_LETTERS = "abcdefghijkl"
_NAME_RE = re.compile(r"^\s*([a-l])\s*(\d{1,2})\s*$")
_PAIR_RE = re.compile(r"^\s*(\d{1,2})\s*,\s*(\d{1,2})\s*$")


def cell_name(row: int, col: int) -> str:
    """Name of a cell: column letter then 1-based row (``cell_name(2, 1) == "b3"``)."""
    return f"{_LETTERS[col]}{row + 1}"


def parse_cell(text: str, rows: int, cols: int) -> tuple[int, int]:
    """Parse ``b3`` (column letter, 1-based row) or ``3,2`` (1-based row, column).

    Returns 0-based ``(row, col)``; raises :class:`InvalidMoveError` on
    anything else or a cell outside the ``rows × cols`` grid.
    """
    t = text.strip().lower()
    m = _NAME_RE.match(t)
    if m:
        col, row = _LETTERS.index(m.group(1)), int(m.group(2)) - 1
    else:
        m = _PAIR_RE.match(t)
        if not m:
            raise InvalidMoveError(f"cannot read a cell from {text.strip()[:20]!r} (try b3 or 3,2)")
        row, col = int(m.group(1)) - 1, int(m.group(2)) - 1
    if not (0 <= row < rows and 0 <= col < cols):
        raise InvalidMoveError(f"cell {text.strip()[:20]!r} is outside the {rows}x{cols} grid")
    return row, col
