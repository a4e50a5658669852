"""The max-flow relaxation of a Kirchhoff position and Gale's certificates.

The network (the seed's relaxation, made precise)
--------------------------------------------------
One node per cell; a cell with a throughput clue ``t`` is split into an
*entry* node (every arc into the cell ends there; demand ``−t``) and an
*exit* node (every arc out of the cell starts there; demand ``+t``), which
forces exactly ``t`` arrows in and ``t`` out. A source ``+n`` has demand ``n``,
a sink ``−n`` demand ``−n``. An undecided edge ``u–v`` contributes a capacity-1
arc ``u → v`` if its mask allows the forward state and ``v → u`` if it allows
the backward state — *both at once* in the relaxation, which is its one
difference from the rules. An edge decided as an arrow ``a → b`` is removed
and shifts the demands (``a``'s exit node owes one less, ``b``'s entry node one
more); an edge decided unused is removed.

Every solution of the position is a feasible integral flow of this network,
so the relaxation is *one-sided*: infeasible ⇒ the position is lost; feasible
does not imply alive (a throughput can be met by flow running both ways along
one edge). :mod:`proofgrid.kirchhoff.exact` is the oracle.

Gale's theorem (1957) and the certificates
------------------------------------------
Demands ``d`` are feasible iff for every node set ``X`` the surplus
``d(X) = Σ_{x∈X} d(x)`` is at most the capacity of the arcs leaving ``X``. A
maximum ``s``–``t`` flow (Dinic 1970, :mod:`proofgrid.graph.flow`) from a super
source feeding the positive demands decides it: when it does not saturate the
source arcs, the source side ``X`` of a minimum cut has ``d(X) >`` the arcs
leaving it (the *lost* certificate).

When it is feasible, a region ``X`` with ``d(X)`` equal to its leaving
capacity is *tight*: in every feasible flow, hence in every solution, all arcs
leaving ``X`` are used and no arc entering it is. Let ``f`` be a feasible flow
and ``G_f`` its residual graph on the board's nodes. An arc ``x → y`` with
flow 1 is used by every feasible flow iff ``G_f`` has no ``x``–``y`` path, iff
``x`` and ``y`` lie in different strongly connected components of ``G_f``; an
arc with flow 0 is used by none iff ``y`` and ``x`` are in different components
(a cycle through the arc in ``G_f`` would reroute one unit). The set of nodes
reachable from ``x`` (resp. ``y``) in ``G_f`` is closed under residual arcs,
hence tight, and it is the smallest tight region containing it: that is the
region a hint draws. One max-flow and one Tarjan SCC pass
(:func:`proofgrid.graph.scc.tarjan_scc`) find every relaxation-forced arc.

Everything reported is independent of which maximum flow Dinic happens to
find — the forced arcs by definition, the tight regions because each is the
unique smallest tight region of its kind, the certificates because they are
the smallest (export) and largest-sink-side (import) minimum cuts — so a
mirror with a different max-flow routine gives the same hints.

Complexity: Dinic on this unit network is ``O(E √V)`` phases' work
(Even–Tarjan 1975); the SCC pass is ``O(V + E)``; each region is one BFS.
A prover search builds thousands of these networks, so the build is lean: the
node layout and each edge's two candidate arcs are computed once per board
(memoised), the arcs are kept as parallel lists, and the network is made in one
batch (:meth:`proofgrid.graph.flow.FlowNetwork.from_arcs`) in exactly the
edge-by-edge order, so Dinic finds the very same flow as before.

References
----------
D. Gale, "A theorem on flows in networks", Pacific J. Math. 7(2), 1957.
A. J. Hoffman, J. B. Kruskal, "Integral boundary points of convex polyhedra", 1956.
E. A. Dinitz, Soviet Math. Doklady 11, 1970.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from proofgrid.graph.flow import FlowNetwork
from proofgrid.graph.scc import reachable, tarjan_scc
from proofgrid.kirchhoff.board import Board, geometry
from proofgrid.kirchhoff.local import single_state

__all__ = ["Probe", "Region", "Relaxation", "probe", "relax"]


@dataclass(frozen=True, slots=True)
class Region:
    """A set of board nodes, described by cells, with its Gale numbers.

    Attributes
    ----------
    cells : tuple of int
        Cells wholly inside (both halves of a split cell).
    entry_only, exit_only : tuple of int
        Throughput cells of which only the entry (arrows in) or only the exit
        (arrows out) half is inside.
    outward : bool
        True for a region that must *export* (its demands sum to ``surplus``
        ≥ 0 and ``capacity`` counts the undecided arcs leaving it); False for
        one that must *import* (its demands sum to ``−surplus`` and
        ``capacity`` counts the undecided arcs entering it).
    surplus : int
        Net arrows the region must export (or import), counting arrows drawn.
    capacity : int
        Undecided arcs that can carry them across its boundary.
    """

    cells: tuple[int, ...]
    entry_only: tuple[int, ...] = ()
    exit_only: tuple[int, ...] = ()
    outward: bool = True
    surplus: int = 0
    capacity: int = 0

    @property
    def size(self) -> int:
        """Number of cells touched (whole or half)."""
        return len(self.cells) + len(self.entry_only) + len(self.exit_only)

    def all_cells(self) -> tuple[int, ...]:
        """Every cell touched, ascending."""
        return tuple(sorted(self.cells + self.entry_only + self.exit_only))

    def codes(self) -> tuple[int, ...]:
        """Its nodes as codes, ascending: ``3 c`` a whole cell, ``3 c + 1`` the entry half
        (arrows in) and ``3 c + 2`` the exit half (arrows out) of a throughput cell."""
        return _codes(self.cells, self.entry_only, self.exit_only)


def _codes(whole: Sequence[int], ent: Sequence[int], ext: Sequence[int]) -> tuple[int, ...]:
    return tuple(
        sorted([3 * c for c in whole] + [3 * c + 1 for c in ent] + [3 * c + 2 for c in ext])
    )


_Layout = tuple[
    tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[tuple[int, int, int, int], ...]
]


@lru_cache(maxsize=64)
def _layout(rows: int, cols: int, demand: tuple[int, ...], through: tuple[int, ...]) -> _Layout:
    """A board's nodes: entry and exit node per cell, node count, clue demand per node, and
    per edge ``u–v`` the (tail, head) nodes of its forward and of its backward arc."""
    n_c = len(demand)
    entry = list(range(n_c))
    exit_ = list(range(n_c))
    n = n_c
    for v in range(n_c):
        if through[v] >= 0:
            exit_[v] = n
            n += 1
    dem = [0] * n
    for v in range(n_c):
        if through[v] >= 0:
            dem[entry[v]] -= through[v]
            dem[exit_[v]] += through[v]
        else:
            dem[v] += demand[v]
    arcs = tuple((exit_[u], entry[v], exit_[v], entry[u]) for u, v in geometry(rows, cols).ends)
    return tuple(entry), tuple(exit_), n, tuple(dem), arcs


class Relaxation:
    """The relaxed network of a position, solved once; see the module docstring.

    Parameters
    ----------
    board : Board
    masks : sequence of int
        Allowed states per edge; a one-state mask is a decided edge.

    Attributes
    ----------
    feasible : bool
        Whether the relaxation has a flow (False proves the position lost).
    certificate : Region or None
        When infeasible, a region whose surplus exceeds its leaving capacity.

    Notes
    -----
    The arcs are kept as parallel lists (edge, state, tail, head, flow); arc
    ``i`` is edge ``2 i`` of the network, built in one batch
    (:meth:`FlowNetwork.from_arcs`) in the order the rules list them, so Dinic
    finds the same flow as an edge-by-edge build. O(V + E) to build, plus Dinic.
    """

    def __init__(self, board: Board, masks: Sequence[int]) -> None:
        self.board = board
        entry, exit_, n, base, ends = _layout(board.rows, board.cols, board.demand, board.through)
        self._entry, self._exit, self._n = entry, exit_, n
        dem = list(base)
        arcs: list[tuple[int, int, int, int]] = []  # (edge, state, tail node, head node)
        for e, m, (fw_tail, fw_head, bw_tail, bw_head) in zip(
            range(len(ends)), masks, ends, strict=True
        ):
            if m == 2:  # decided forward: u -> v
                dem[fw_tail] -= 1
                dem[fw_head] += 1
            elif m == 4:  # decided backward: v -> u
                dem[bw_tail] -= 1
                dem[bw_head] += 1
            elif m != 1:  # undecided (1 alone is decided unused)
                if m & 2:
                    arcs.append((e, 1, fw_tail, fw_head))
                if m & 4:
                    arcs.append((e, 2, bw_tail, bw_head))
        a_edge, a_state, a_tail, a_head = (
            (list(col) for col in zip(*arcs, strict=True)) if arcs else ([], [], [], [])
        )
        self._dem = dem
        n_arcs = len(a_edge)
        src, snk = n, n + 1
        tails, heads, caps = list(a_tail), list(a_head), [1] * n_arcs
        need = 0
        sink_arcs: list[tuple[int, int, int]] = []  # (node, capacity, flow-network id)
        for x, d in enumerate(dem):
            if d > 0:
                tails.append(src)
                heads.append(x)
                caps.append(d)
                need += d
            elif d < 0:
                sink_arcs.append((x, -d, 2 * len(tails)))
                tails.append(x)
                heads.append(snk)
                caps.append(-d)
        net = FlowNetwork.from_arcs(n + 2, tails, heads, caps, validate=False)
        value = net.max_flow(src, snk)
        flows = net.flows()
        self._a_edge, self._a_state, self._a_tail, self._a_head = a_edge, a_state, a_tail, a_head
        self._a_flow = flows[:n_arcs]
        self._arc_at: dict[tuple[int, int], int] | None = None
        self._reach_memo: dict[tuple[bool, int], set[int]] = {}
        self._codes_memo: dict[tuple[bool, int], tuple[int, ...]] = {}
        self.feasible = value == need
        self.certificate: Region | None = None
        self._succ: list[list[int]] | None = None
        self._pred: list[list[int]] | None = None
        self._labels: list[int] | None = None
        if not self.feasible:
            side = net.source_side()
            export = self._region({x for x in range(n) if side[x]})
            # The sink side of the maximal minimum cut: nodes that can still reach
            # the super sink in the residual graph; it must import more than can enter.
            pred: list[list[int]] = [[] for _ in range(n)]
            for a, b, f in zip(a_tail, a_head, self._a_flow, strict=True):
                if f:
                    pred[a].append(b)
                else:
                    pred[b].append(a)
            starts = [x for x, cap, fid in sink_arcs if flows[fid >> 1] < cap]
            imp = self._region(reachable(pred, starts), outward=False)
            self.certificate = imp if imp.size < export.size else export

    def _split(self, nodes: set[int]) -> tuple[list[int], list[int], list[int]]:
        """The cells wholly in ``nodes``, those with only their entry, only their exit."""
        whole: list[int] = []
        ent: list[int] = []
        ext: list[int] = []
        for v in range(self.board.n_cells):
            a, b = self._entry[v] in nodes, self._exit[v] in nodes
            if a and b:
                whole.append(v)
            elif a:
                ent.append(v)
            elif b:
                ext.append(v)
        return whole, ent, ext

    def _region(self, nodes: set[int], outward: bool = True) -> Region:
        whole, ent, ext = self._split(nodes)
        net = sum(self._dem[x] for x in nodes)
        pairs = zip(self._a_tail, self._a_head, strict=True)
        if outward:
            cap = sum(1 for a, b in pairs if a in nodes and b not in nodes)
        else:
            cap = sum(1 for a, b in pairs if b in nodes and a not in nodes)
        return Region(tuple(whole), tuple(ent), tuple(ext), outward, net if outward else -net, cap)

    def _residual(self) -> tuple[list[list[int]], list[list[int]], list[int]]:
        """Residual successor and predecessor lists on the board's nodes, and SCC labels."""
        if self._succ is None or self._pred is None or self._labels is None:
            succ: list[list[int]] = [[] for _ in range(self._n)]
            pred: list[list[int]] = [[] for _ in range(self._n)]
            for a, b, f in zip(self._a_tail, self._a_head, self._a_flow, strict=True):
                if f:
                    a, b = b, a
                succ[a].append(b)
                pred[b].append(a)
            self._succ, self._pred = succ, pred
            self._labels = tarjan_scc(succ)[0]
        return self._succ, self._pred, self._labels

    def eliminated(self) -> dict[int, int]:
        """``{edge: mask}`` of the states the relaxation proves no solution uses.

        Only undecided edges appear. An arc used by every feasible flow removes
        every other state of its edge; an arc used by none removes its own
        state. Empty when the relaxation is infeasible (then everything is).
        """
        if not self.feasible:
            return {}
        labels = self._residual()[2]
        out: dict[int, int] = {}
        for e, st, a, b, f in zip(
            self._a_edge, self._a_state, self._a_tail, self._a_head, self._a_flow, strict=True
        ):
            if labels[a] == labels[b]:
                continue
            if f:
                out[e] = out.get(e, 0) | (0b111 & ~(1 << st))
            else:
                out[e] = out.get(e, 0) | (1 << st)
        return out

    def _tight_starts(self, edge: int, state: int) -> tuple[int, int] | None:
        """Where the two tight regions of arc ``(edge, state)`` start: (the export region's
        start, the import region's), or None when the arc is not relaxation-forced."""
        if not self.feasible:
            return None
        if self._arc_at is None:
            pairs = zip(self._a_edge, self._a_state, strict=True)
            self._arc_at = {key: i for i, key in enumerate(pairs)}  # one arc per (edge, state)
        i = self._arc_at.get((edge, state))
        if i is None:
            return None
        tail, head = self._a_tail[i], self._a_head[i]
        labels = self._residual()[2]
        if labels[tail] == labels[head]:
            return None
        return (tail, head) if self._a_flow[i] else (head, tail)

    def _reach(self, start: int, outward: bool) -> set[int]:
        """Nodes residual-reachable from ``start`` (outward) or reaching it; memoised."""
        got = self._reach_memo.get((outward, start))
        if got is None:
            succ, pred, _ = self._residual()
            got = self._reach_memo[outward, start] = reachable(succ if outward else pred, [start])
        return got

    def region_for(self, edge: int, state: int) -> Region | None:
        """A small tight region proving ``edge``'s arc ``state`` forced (used or unused).

        Two regions qualify: the nodes residual-reachable from the arc's tail
        (for a used arc; from its head for an unused one), which must export
        through arcs that are all used outward, and the nodes that reach its
        head (for a used arc; its tail for an unused one), which must import.
        Each is the smallest tight region of its kind; the smaller is returned
        (export on ties). ``None`` if that arc is not relaxation-forced.
        O(V + E) per start node, memoised.
        """
        starts = self._tight_starts(edge, state)
        if starts is None:
            return None
        export = self._region(self._reach(starts[0], True))
        imp = self._region(self._reach(starts[1], False), outward=False)
        return imp if imp.size < export.size else export

    def region_nodes(self, edge: int, state: int) -> tuple[int, ...] | None:
        """``region_for(edge, state).codes()`` without the region's Gale numbers (an O(E)
        count each): what the prover reads. Many forced arcs of one relaxation share a
        start node, so each start's codes are computed once."""
        starts = self._tight_starts(edge, state)
        if starts is None:
            return None
        exp = self._start_codes(starts[0], True)
        imp = self._start_codes(starts[1], False)
        return imp if len(imp) < len(exp) else exp

    def _start_codes(self, start: int, outward: bool) -> tuple[int, ...]:
        got = self._codes_memo.get((outward, start))
        if got is None:
            got = self._codes_memo[outward, start] = _codes(
                *self._split(self._reach(start, outward))
            )
        return got

    def witnessed(self) -> dict[int, int]:
        """``{edge: state}`` for undecided edges whose state the found flow realises legally.

        An edge carrying flow one way only (or not at all) shows that state is
        consistent with the relaxation; an edge carrying flow both ways shows nothing.
        """
        if not self.feasible:
            return {}
        used: dict[int, int] = {}
        seen: set[int] = set()
        for e, st, f in zip(self._a_edge, self._a_state, self._a_flow, strict=True):
            seen.add(e)
            if f:
                used[e] = used.get(e, 0) | (1 << st)
        out: dict[int, int] = {}
        for e in seen:
            u = used.get(e, 0)
            if u == 0:
                out[e] = 0
            elif u == 2:
                out[e] = 1
            elif u == 4:
                out[e] = 2
        return out

    def forced_arcs(self) -> list[tuple[int, int, bool]]:
        """``(edge, state, used)`` for every relaxation-forced arc, by edge then state."""
        if not self.feasible:
            return []
        labels = self._residual()[2]
        out = [
            (e, st, bool(f))
            for e, st, a, b, f in zip(
                self._a_edge, self._a_state, self._a_tail, self._a_head, self._a_flow, strict=True
            )
            if labels[a] != labels[b]
        ]
        out.sort()
        return out


def relax(board: Board, masks: Sequence[int]) -> Relaxation:
    """Build and solve the relaxed network of a position (see :class:`Relaxation`)."""
    return Relaxation(board, masks)


@dataclass(frozen=True, slots=True)
class Probe:
    """States the relaxation rules out, with a Gale region for each.

    Attributes
    ----------
    eliminated : dict
        ``{edge: mask}`` of ruled-out states.
    regions : dict
        ``{(edge, state): (region, hypothetical)}``: for a state ruled out
        directly, the tight region (``hypothetical`` False); for one ruled out
        by trying it, the region that could not export its surplus had the edge
        taken that state (``hypothetical`` True).
    """

    eliminated: dict[int, int]
    regions: dict[tuple[int, int], tuple[Region, bool]]


def probe(board: Board, masks: Sequence[int], *, regions: bool = True) -> Probe | None:
    """Every edge state the relaxation rules out, directly or by trying it; None if infeasible.

    First the tight-region deductions of one max-flow (:meth:`Relaxation.eliminated`);
    if there are none, each undecided edge state (by edge, then state) that no
    flow found so far realises is tried: the edge is fixed to that state and the
    relaxation re-solved; infeasible means no solution uses the state (every
    solution of the trial would be a relaxed flow). Each feasible trial's flow
    marks the states it realises, which then need no trial of their own
    (the witness trick of shaving in constraint programming).

    O(trials · max-flow); trials ≤ 3 · undecided edges and far fewer in practice.
    """
    rx = Relaxation(board, masks)
    if not rx.feasible:
        return None
    elim = rx.eliminated()
    found: dict[tuple[int, int], tuple[Region, bool]] = {}
    if elim:
        if regions:
            for e, m in elim.items():
                for s in range(3):
                    if m >> s & 1 and masks[e] >> s & 1:
                        reg = _tight_region(rx, e, s)
                        if reg is not None:
                            found[(e, s)] = (reg, False)
        return Probe({e: m & masks[e] for e, m in elim.items() if m & masks[e]}, found)
    seen = [0] * len(masks)
    for e, s in rx.witnessed().items():
        seen[e] |= 1 << s
    out: dict[int, int] = {}
    trial = list(masks)
    for e, m in enumerate(masks):
        if single_state(m) >= 0:
            continue
        for s in range(3):
            bit = 1 << s
            if not m & bit or seen[e] & bit:
                continue
            trial[e] = bit
            rt = Relaxation(board, trial)
            trial[e] = m
            if rt.feasible:
                for e2, s2 in rt.witnessed().items():
                    seen[e2] |= 1 << s2
                seen[e] |= bit
            else:
                out[e] = out.get(e, 0) | bit
                if regions and rt.certificate is not None:
                    found[(e, s)] = (rt.certificate, True)
    return Probe(out, found)


def _tight_region(rx: Relaxation, edge: int, state: int) -> Region | None:
    """The tight region behind a directly ruled-out state (an arc forced used or unused)."""
    if state == 0:
        for st in (1, 2):
            reg = rx.region_for(edge, st)
            if reg is not None:
                return reg
        return None
    reg = rx.region_for(edge, state)
    if reg is not None:
        return reg
    # state ruled out because the other direction's arc is forced used
    return rx.region_for(edge, 3 - state)
