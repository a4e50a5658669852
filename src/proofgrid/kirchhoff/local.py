"""Cell-local deductions: generalised arc consistency on each cell's own clue.

Every Kirchhoff constraint lives on one cell and its at most four edges. A cell
sees its edges as (left, up, right, down); state 1 of a left or up edge is an
arrow *into* the cell, state 1 of a right or down edge an arrow *out of* it
(the low-to-high convention of :mod:`proofgrid.kirchhoff.board`), and a
missing edge is an edge whose only state is 0. :func:`cell_table` lists, for a
clue and four masks, every assignment meeting the clue; the exact counter's
transfer tables and the supports below both read it, so the rule is written
once.

For masks of a cell's edges, the *support* of an edge is the set of its states
that appear in at least one assignment meeting the clue. Shrinking every mask
to its support, cell after cell until nothing changes, is generalised arc
consistency (Mackworth 1977; Bessière, "Constraint propagation", Handbook of
Constraint Programming, 2006). It is sound — a state it removes is used by no
solution — but incomplete; it is rung (a) of the hint ladder and the
pre-filter of the exact counter.

Propagation order (mirrored exactly in JavaScript): a FIFO queue that starts
with every cell in index order; whenever filtering cell ``v`` shrinks an edge's
mask (edges in left, up, right, down order), the edge's other cell is appended
unless already queued (``v`` itself is consistent: one constraint's filter is
idempotent). The first cell whose filtering leaves an edge with a single state
is that edge's *reason*.

Cost: a table costs at most 3^4 = 81 assignments and is memoised on
``(demand, throughput, four masks)``; a fixpoint is O(RC) supports plus one
per mask change (at most 2 per edge).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from proofgrid.kirchhoff.board import ALL_STATES, Board

__all__ = [
    "Propagation",
    "all_free",
    "cell_support",
    "cell_table",
    "propagate",
    "single_state",
    "support",
]

_SINGLE = {1: 0, 2: 1, 4: 2}


def single_state(mask: int) -> int:
    """The state of a one-state mask, else ``-1``."""
    return _SINGLE.get(mask, -1)


Sides = tuple[int, int, int, int]


@lru_cache(maxsize=1 << 15)
def cell_table(demand: int, through: int, masks: Sides) -> tuple[tuple[int, ...], ...]:
    """Assignments meeting a clue, as 16 lists: key ``left + 4*up`` → codes ``down + 4*right``.

    ``demand`` is out − in; ``through`` the required in-count or ``-1``;
    ``masks`` the (left, up, right, down) masks. At most 81 assignments; memoised.
    """
    mL, mU, mR, mD = masks
    out: list[list[int]] = [[] for _ in range(16)]
    for left in range(3):
        if not mL >> left & 1:
            continue
        for up in range(3):
            if not mU >> up & 1:
                continue
            n_in0 = (left == 1) + (up == 1)
            n_out0 = (left == 2) + (up == 2)
            for right in range(3):
                if not mR >> right & 1:
                    continue
                for down in range(3):
                    if not mD >> down & 1:
                        continue
                    n_in = n_in0 + (right == 2) + (down == 2)
                    n_out = n_out0 + (right == 1) + (down == 1)
                    if n_out - n_in == demand and (through < 0 or n_in == through):
                        out[left + 4 * up].append(down + 4 * right)
    return tuple(tuple(x) for x in out)


@lru_cache(maxsize=1 << 15)
def support(demand: int, through: int, masks: Sides) -> Sides | None:
    """Supports ``(left, up, right, down)`` of a cell's edges, or None when no assignment fits."""
    sL = sU = sR = sD = 0
    for key, codes in enumerate(cell_table(demand, through, masks)):
        if codes:
            sL |= 1 << (key & 3)
            sU |= 1 << (key >> 2)
            for code in codes:
                sD |= 1 << (code & 3)
                sR |= 1 << (code >> 2)
    if not sL:
        return None
    return sL, sU, sR, sD


def cell_support(board: Board, cell: int, masks: Sequence[int]) -> tuple[int, ...]:
    """Supports of ``cell``'s edges in ``geometry.cell_edges`` order; ``()`` if dead."""
    sides = board.geometry.sides[cell]
    eL, eU, eR, eD = (masks[e] if e >= 0 else 1 for e in sides)
    sup = support(board.demand[cell], board.through[cell], (eL, eU, eR, eD))
    if sup is None:
        return ()
    return tuple(s for e, s in zip(sides, sup, strict=True) if e >= 0)


@dataclass(frozen=True, slots=True)
class Propagation:
    """Result of :func:`propagate`.

    Attributes
    ----------
    masks : tuple of int
        The arc-consistent masks (meaningless when ``dead_cell >= 0``).
    dead_cell : int
        A cell whose clue no assignment of its edges can meet, or ``-1``.
    reason : tuple of int
        ``reason[e]`` is the cell whose filtering made edge ``e`` single-state
        (``-1`` if it was single-state on entry or still is not).
    """

    masks: tuple[int, ...]
    dead_cell: int
    reason: tuple[int, ...]


def propagate(board: Board, masks: Sequence[int]) -> Propagation:
    """Arc-consistency fixpoint of ``masks`` under every cell's clue (module docstring)."""
    g = board.geometry
    ends, sides = g.ends, g.sides
    demand, through = board.demand, board.through
    m = list(masks)
    m.append(1)  # index -1: the missing edge, state 0 only
    reason = [-1] * len(masks)
    n = board.n_cells
    queued = [True] * n
    queue = deque(range(n))
    pop, push = queue.popleft, queue.append
    while queue:
        v = pop()
        queued[v] = False
        eL, eU, eR, eD = sides[v]
        old = (m[eL], m[eU], m[eR], m[eD])
        sup = support(demand[v], through[v], old)
        if sup is None:
            return Propagation(tuple(m[:-1]), v, tuple(reason))
        if sup == old:
            continue
        for e, s, o in zip(sides[v], sup, old, strict=True):
            if s != o:
                m[e] = s
                if s in _SINGLE:
                    reason[e] = v
                a, b = ends[e]
                w = b if a == v else a
                if not queued[w]:
                    queued[w] = True
                    push(w)
    return Propagation(tuple(m[:-1]), -1, tuple(reason))


def all_free(board: Board) -> tuple[int, ...]:
    """Masks with every state allowed on every edge."""
    return (ALL_STATES,) * board.n_edges
