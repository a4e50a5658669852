"""The prover's view of the relaxation: tight regions as node codes, memoised.

:meth:`proofgrid.kirchhoff.relax.Relaxation.region_for` builds a full
:class:`~proofgrid.kirchhoff.relax.Region` (with its surplus and capacity, an
O(arcs) count) and walks the residual graph twice for every forced arc. The
prover only needs the region's node codes (``3 cell + 0`` whole, ``+ 1`` entry
half, ``+ 2`` exit half) and its size, and many forced arcs of one relaxation
share a start node, whose residual-reachable set is the same each time. This
subclass answers :meth:`TightRegions.region_nodes` with exactly the region
``region_for`` chooses (the import region if it touches fewer cells, else the
export region), computing each reachable set once per start node.

Complexity: one O(V + E) search per distinct start node and direction, instead
of two searches and two O(V + E) region builds per forced arc.
"""

from __future__ import annotations

from collections.abc import Sequence

from proofgrid.kirchhoff.board import Board
from proofgrid.kirchhoff.relax import Region, Relaxation

__all__ = ["TightRegions", "region_nodes"]


def region_nodes(reg: Region) -> tuple[int, ...]:
    """A region's node codes, ascending."""
    out = [3 * c for c in reg.cells] + [3 * c + 1 for c in reg.entry_only]
    out += [3 * c + 2 for c in reg.exit_only]
    return tuple(sorted(out))


class TightRegions(Relaxation):
    """A :class:`~proofgrid.kirchhoff.relax.Relaxation` that also gives memoised region codes."""

    def __init__(self, board: Board, masks: Sequence[int]) -> None:
        super().__init__(board, masks)
        n_c = board.n_cells
        owner = list(range(self._n))  # flow node -> its cell
        for v in range(n_c):
            owner[self._exit[v]] = v
        self._owner = owner
        self._memo: dict[tuple[bool, int], tuple[int, tuple[int, ...]]] = {}
        self._arc_at: dict[tuple[int, int], tuple[int, int, bool]] | None = None

    def _codes(
        self, succ: Sequence[Sequence[int]], start: int, outward: bool
    ) -> tuple[int, tuple[int, ...]]:
        """(cells touched, node codes) of the nodes residual-reachable from ``start``."""
        key = (outward, start)
        got = self._memo.get(key)
        if got is not None:
            return got
        seen = [False] * self._n
        seen[start] = True
        order = [start]
        for x in order:  # grows while walked: a FIFO queue
            for y in succ[x]:
                if not seen[y]:
                    seen[y] = True
                    order.append(y)
        entry, exit_, owner = self._entry, self._exit, self._owner
        codes: list[int] = []
        for x in order:
            v = owner[x]
            a, b = seen[entry[v]], seen[exit_[v]]
            if a and b:
                if x == entry[v]:  # a whole cell once (its entry node, or its one node)
                    codes.append(3 * v)
            else:
                codes.append(3 * v + (1 if a else 2))
        codes.sort()
        got = self._memo[key] = (len(codes), tuple(codes))
        return got

    def region_nodes(self, edge: int, state: int) -> tuple[int, ...] | None:
        """Node codes of :meth:`region_for` ``(edge, state)`` (None: the arc is not forced)."""
        if not self.feasible:
            return None
        succ, pred, labels = self._residual()
        if self._arc_at is None:
            self._arc_at = {}
            for arc in self._arcs:
                self._arc_at.setdefault(
                    (arc.edge, arc.state), (arc.tail, arc.head, bool(self._net.flow(arc.fid)))
                )
        found = self._arc_at.get((edge, state))
        if found is None:
            return None
        tail, head, used = found
        if labels[tail] == labels[head]:
            return None
        out_start, in_start = (tail, head) if used else (head, tail)
        exp_size, exp = self._codes(succ, out_start, True)
        imp_size, imp = self._codes(pred, in_start, False)
        return imp if imp_size < exp_size else exp
