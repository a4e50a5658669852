"""Kirchhoff proof notation: names of edges and region nodes, their parsing, and the region rule.

The vocabulary the prover (:mod:`proofgrid.kirchhoff.prover`), the writer
(:mod:`proofgrid.kirchhoff.writer`) and the sentences
(:mod:`proofgrid.kirchhoff.words`) share. Edge *masks* are 3-bit sets of edge
states (bit 0 unused, bit 1 forward = low cell to high cell, bit 2 backward);
a region is a tuple of *node codes* ``3 * cell + k`` (``k``: 0 the whole cell,
1 its ``c:in`` half, 2 its ``c:out`` half). The region rule (``docs/proofs.md``):
``D`` = the demands in the region, each touching edge contributes ``[tail in R]
− [head in R]`` per state, and ``D`` must lie in ``[Min, Max]`` of the summed
contributions.

Complexity: names and parsing O(1); a region view costs O(|R|) to build and
O(touching edges) per evaluation (table look-ups, integers only).
"""

from __future__ import annotations

from collections.abc import Sequence

from proofgrid.kirchhoff.board import Board, cell_name

__all__ = [
    "HALF",
    "HI",
    "LO",
    "STATE_ORDER",
    "STATE_TEXT",
    "RegionView",
    "edge_name",
    "node_name",
    "parse_node",
    "region_numbers",
]

STATE_ORDER = (1, 2, 0)  # > < x
STATE_TEXT = {1: ">", 2: "<", 0: "x"}

HALF = ("", ":in", ":out")


# --------------------------------------------------------------------------- names


def edge_name(board: Board, edge: int) -> str:
    """``a1-b1``: the lower cell first."""
    u, v = board.geometry.ends[edge]
    return f"{cell_name(board, u)}-{cell_name(board, v)}"


def node_name(board: Board, node: int) -> str:
    """A region node's name: ``c3``, ``c3:in`` or ``c3:out``."""
    c, k = divmod(node, 3)
    return cell_name(board, c) + HALF[k]


def parse_node(board: Board, text: str) -> int:
    """Inverse of :func:`node_name` (raises ValueError)."""
    name, _, half = text.partition(":")
    col = ord(name[0]) - ord("a")
    row = int(name[1:]) - 1
    if not (0 <= row < board.rows and 0 <= col < board.cols) or half not in ("", "in", "out"):
        raise ValueError(f"bad node {text!r}")
    return 3 * (row * board.cols + col) + ("", "in", "out").index(half)


# --------------------------------------------------------------------------- rules


def _contribution_tables() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per (contribution code, mask): the smallest and largest contribution and their states.

    An edge's contributions are ``(0, c1, c2)`` for states (unused, forward,
    backward) with ``c1, c2`` in ``{-1, 0, 1}``; its *code* is ``3 (c1 + 1) +
    (c2 + 1)``. Entry ``8 code + mask`` (mask 0 never occurs on a tape).
    """
    lo: list[int] = []
    hi: list[int] = []
    nar_lo: list[int] = []
    nar_hi: list[int] = []
    for code in range(9):
        vals = (0, code // 3 - 1, code % 3 - 1)
        for mask in range(8):
            present = [s for s in range(3) if mask >> s & 1] or [0]
            a = min(vals[s] for s in present)
            b = max(vals[s] for s in present)
            lo.append(a)
            hi.append(b)
            nar_lo.append(sum(1 << s for s in present if vals[s] == a) & mask)
            nar_hi.append(sum(1 << s for s in present if vals[s] == b) & mask)
    return lo, hi, nar_lo, nar_hi


LO, HI, _NAR_LO, _NAR_HI = _contribution_tables()


class RegionView:
    """Membership of a node set and the region rule's numbers on given masks.

    Each touching edge is reduced to a contribution code (see
    :func:`_contribution_tables`), so Min, Max and the narrowed sets are table
    look-ups: O(touching edges) per evaluation.
    """

    __slots__ = ("base", "demand", "edges", "pairs", "reads")

    def __init__(self, board: Board, nodes: Sequence[int]) -> None:
        g = board.geometry
        whole: set[int] = set()
        hin: set[int] = set()
        hout: set[int] = set()
        for x in nodes:
            c, k = divmod(x, 3)
            (whole, hin, hout)[k].add(c)
        whole |= hin & hout
        d = 0
        for c in sorted(whole | hin | hout):
            if c in whole:
                d += board.demand[c]
            else:
                if c in hin:
                    d -= board.through[c]
                if c in hout:
                    d += board.through[c]
        self.demand = d
        head_in = whole | hin
        tail_in = whole | hout
        es: set[int] = set()
        for c in head_in | tail_in:
            es.update(g.cell_edges[c])
        self.edges = sorted(es)
        self.reads = frozenset(es)
        ends = g.ends
        base: dict[int, int] = {}
        for e in self.edges:
            u, v = ends[e]
            c1 = (u in tail_in) - (v in head_in)
            c2 = (v in tail_in) - (u in head_in)
            base[e] = 8 * (3 * (c1 + 1) + c2 + 1)
        self.base = base
        self.pairs = tuple(base.items())

    def extreme(self, edge: int, mask: int, top: bool) -> int:
        """Largest (``top``) or smallest contribution of ``edge`` over ``mask``."""
        return (HI if top else LO)[self.base[edge] + mask]

    def bounds(self, masks: Sequence[int]) -> tuple[int, int]:
        """(Min, Max) over the touching edges."""
        lo = hi = 0
        lo_t, hi_t = LO, HI
        for e, b in self.pairs:
            k = b + masks[e]
            lo += lo_t[k]
            hi += hi_t[k]
        return lo, hi

    def narrowed(self, edge: int, mask: int, top: bool) -> int:
        """The states of ``mask`` with the largest (``top``) or smallest contribution."""
        return (_NAR_HI if top else _NAR_LO)[self.base[edge] + mask]


def region_numbers(
    board: Board, nodes: Sequence[int], masks: Sequence[int]
) -> tuple[int, int, int]:
    """``(D, Min, Max)`` of the region rule for node codes ``nodes`` under ``masks``."""
    rv = RegionView(board, nodes)
    lo, hi = rv.bounds(masks)
    return rv.demand, lo, hi
