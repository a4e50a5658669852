"""Par with its proof (the X-ray), remaining par, and the seed's difficulty measures.

The par theorem (R. E. Tarjan 1972 for the components; the argument is in
:mod:`proofgrid.graph.scc`): contract every strongly connected component of the
shell graph; the condensation is a DAG, and the fewest matches that light the
whole sky equals the number of its *source components*. A witness is one shell
per source component; we take the lowest-indexed shell of each.

Canonical component numbering
-----------------------------
The X-ray numbers components in order of first appearance along the shell
order (component 0 holds shell 0, component 1 holds the lowest shell not in
component 0, …). The numbering therefore depends only on the board, not on the
SCC algorithm: the browser mirror (Kosaraju) produces the same numbers.
Condensation edges are distinct ``(from, to)`` pairs of component numbers,
sorted; sources are ascending.

Lit sets are closed
-------------------
After any sequence of matches the lit set is closed under fuses (each cascade
lights everything reachable through unlit shells, and what lies beyond a lit
shell is already lit). Consequences used here and proved in the docstrings:
the cascade of an unlit shell ``v`` is ``reach(v) & unlit`` with ``reach`` the
reachability in the full graph; the unlit set is a union of whole components
closed under predecessors, so the remaining par equals the number of source
components still unlit; a match inside an unlit source component lowers the
remaining par by exactly one, any other match leaves it unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from proofgrid.graph.scc import par as graph_par
from proofgrid.graph.scc import tarjan_scc
from proofgrid.matchless.board import Board

__all__ = [
    "Analysis",
    "Remaining",
    "Solution",
    "XRay",
    "analyse",
    "biggest_cascade_move",
    "greedy_cascade_matches",
    "hidden_sources",
    "myopic_gap",
    "myopic_matches",
    "myopic_move",
    "reach_masks",
    "remaining_par",
    "solve",
    "unlit_subgraph",
]


@dataclass(frozen=True, slots=True)
class XRay:
    """The certificate of par: components, sources and condensation edges.

    Attributes
    ----------
    components : tuple of int
        Canonical component number of every shell (module docstring).
    count : int
        Number of components.
    sources : tuple of int
        Components with no fuse entering from another component, ascending.
    edges : tuple of (int, int)
        Distinct condensation edges ``(from, to)``, sorted.
    """

    components: tuple[int, ...]
    count: int
    sources: tuple[int, ...]
    edges: tuple[tuple[int, int], ...]

    def members(self) -> list[list[int]]:
        """Shells of each component, ascending."""
        out: list[list[int]] = [[] for _ in range(self.count)]
        for v, c in enumerate(self.components):
            out[c].append(v)
        return out


@dataclass(frozen=True, slots=True)
class Solution:
    """Par, an optimal witness (one shell per source component) and the X-ray.

    ``completion`` lists the X-ray's components in a reverse topological order
    of the condensation (Tarjan's completion order); :func:`reach_masks` uses
    it so that a board needs one SCC pass in all.
    """

    par: int
    witness: tuple[int, ...]
    xray: XRay
    completion: tuple[int, ...] = field(default=(), repr=False, compare=False)


def solve(board: Board) -> Solution:
    """Par, witness and X-ray of a board.

    Par is the number of source components of the condensation (par theorem,
    module docstring); the witness is the lowest shell of each source
    component, ascending. One call of :func:`proofgrid.graph.scc.par` (Tarjan
    kernel, canonical numbering, condensation edges): O(n + m) for n shells
    and m fuses.
    """
    res = graph_par(board.succ, canonical=True, edges=True)
    xray = XRay(
        cast("tuple[int, ...]", res.labels),
        res.n_components,
        cast("tuple[int, ...]", res.sources),
        cast("tuple[tuple[int, int], ...]", res.edges),
    )
    return Solution(
        res.par, cast("tuple[int, ...]", res.seeds), xray, cast("tuple[int, ...]", res.completion)
    )


def reach_masks(board: Board, solution: Solution | None = None) -> list[int]:
    """``reach[v]``: bitmask of the shells reachable from ``v`` (``v`` included).

    Computed over the condensation in a reverse topological order (each
    component's reach is its own shells plus the reach of its successor
    components, all already known): the solution's ``completion`` order when
    a :func:`solve` result is given (no second SCC pass), else one Tarjan pass,
    whose numbering is that order. O(n + m) big-int operations.
    """
    succ = board.succ
    if solution is not None and len(solution.completion) == solution.xray.count:
        labels: Sequence[int] = solution.xray.components
        order: Sequence[int] = solution.completion
        count = solution.xray.count
    else:
        labels, count = tarjan_scc(succ)
        order = range(count)
    members: list[list[int]] = [[] for _ in range(count)]
    for v, lab in enumerate(labels):
        members[lab].append(v)
    creach = [0] * count
    for c in order:
        acc = 0
        for v in members[c]:
            acc |= 1 << v
        for v in members[c]:
            for w in succ[v]:
                lw = labels[w]
                if lw != c:
                    acc |= creach[lw]
        creach[c] = acc
    return [creach[lab] for lab in labels]


@dataclass(frozen=True, slots=True)
class Remaining:
    """Par of the still-unlit part of a board, with a witness (shell indices)."""

    par: int
    witness: tuple[int, ...]


def unlit_subgraph(board: Board, unlit: int) -> tuple[list[int], list[list[int]]]:
    """The subgraph the unlit shells (bitmask ``unlit``) induce: ``(shells, succ)``.

    ``shells`` lists the unlit shells ascending; node ``i`` of ``succ`` is
    ``shells[i]`` and keeps the fuses between unlit shells only. O(n + m).
    """
    idx = [v for v in range(board.n) if unlit >> v & 1]
    pos = {v: i for i, v in enumerate(idx)}
    return idx, [[pos[w] for w in board.succ[v] if unlit >> w & 1] for v in idx]


def remaining_par(board: Board, unlit: int) -> Remaining:
    """Par of the subgraph induced by the unlit shells (bitmask ``unlit``).

    Calls :func:`proofgrid.graph.scc.par` (the one par function) on the
    induced subgraph (:func:`unlit_subgraph`), so it holds for any unlit set,
    closed or not; ``matches used + remaining par`` is the best score still
    reachable. O(n + m).
    """
    idx, sub = unlit_subgraph(board, unlit)
    res = graph_par(sub)
    return Remaining(res.par, tuple(idx[s] for s in res.seeds))


def _most_unlit(masks: Sequence[int], unlit: int) -> int:
    """The unlit shell ``v`` maximising ``popcount(masks[v] & unlit)``; ties to the lowest index.

    O(n) big-integer ANDs; -1 when nothing is unlit.
    """
    best, size = -1, -1
    v, m = 0, unlit
    while m:
        if m & 1:
            s = (masks[v] & unlit).bit_count()
            if s > size:
                best, size = v, s
        m >>= 1
        v += 1
    return best


def biggest_cascade_move(reach: list[int], unlit: int) -> int:
    """The unlit shell whose cascade (``reach & unlit``) is largest; ties to the lowest index."""
    return _most_unlit(reach, unlit)


def myopic_move(succ_mask: tuple[int, ...] | list[int], unlit: int) -> int:
    """The unlit shell with the most unlit direct successors; ties to the lowest index."""
    return _most_unlit(succ_mask, unlit)


def greedy_cascade_matches(board: Board, reach: list[int] | None = None) -> int:
    """Matches used by a player who always strikes the biggest cascade (ties: lowest index).

    Theorem (the seed's second theorem): this always equals par. Proof: let
    ``v`` be the greedy choice. If ``v``'s component were not a source of the
    unlit graph, some unlit ``u`` in a source component reaches ``v`` while
    ``v`` does not reach ``u`` (else they share a component), so
    ``cascade(u) ⊋ cascade(v)``, contradicting the choice. A match in a source
    component lowers the remaining par by exactly one (module docstring), so
    greedy uses exactly par matches. Checked by :mod:`proofgrid.matchless.verify`.
    """
    if reach is None:
        reach = reach_masks(board)
    unlit, used = board.all_mask, 0
    while unlit:
        unlit &= ~reach[biggest_cascade_move(reach, unlit)]
        used += 1
    return used


def myopic_matches(board: Board, reach: list[int] | None = None) -> int:
    """Matches used by a player who always strikes the biggest immediate fan-out.

    Fan-out of an unlit shell = number of unlit shells its fuses point at; ties
    go to the lowest shell index. O(par_myopic · n) bit operations.
    """
    if reach is None:
        reach = reach_masks(board)
    succ_mask = board.succ_mask
    unlit, used = board.all_mask, 0
    while unlit:
        unlit &= ~reach[myopic_move(succ_mask, unlit)]
        used += 1
    return used


def myopic_gap(board: Board) -> int:
    """Extra matches the myopic player pays over par (≥ 0)."""
    solution = solve(board)
    return myopic_matches(board, reach_masks(board, solution)) - solution.par


def hidden_sources(solution: Solution) -> int:
    """Source components with two or more shells (cycles where "tap what nothing points at" fails).

    A one-shell source component is a shell no fuse points at (fuses never
    point at their own cell); in a larger one every shell is pointed at by
    another shell of the cycle, so the rule "strike what nothing points at"
    misses it.
    """
    sizes = [0] * solution.xray.count
    for c in solution.xray.components:
        sizes[c] += 1
    return sum(1 for c in solution.xray.sources if sizes[c] >= 2)


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the seed measures about one board.

    Attributes
    ----------
    shells, fuses : int
        Board size as a graph.
    par : int
        Minimum matches (number of source components).
    greedy : int
        Matches of the biggest-cascade player (always equals par).
    myopic : int
        Matches of the biggest-fan-out player; ``myopic_gap = myopic - par``.
    hidden : int
        Source components of two or more shells.
    biggest_cascade : int
        Size of the largest single cascade on the fresh board.
    smallest_witness_cascade : int
        Smallest cascade among the witness shells (a small optimal cascade
        is easy to overlook).
    """

    shells: int
    fuses: int
    par: int
    greedy: int
    myopic: int
    hidden: int
    biggest_cascade: int
    smallest_witness_cascade: int

    @property
    def myopic_gap(self) -> int:
        """Extra matches the myopic player pays over par."""
        return self.myopic - self.par


def analyse(board: Board, solution: Solution | None = None) -> Analysis:
    """Compute :class:`Analysis` for a board; O((n + m) + par · n) bit operations."""
    if solution is None:
        solution = solve(board)
    reach = reach_masks(board, solution)
    return Analysis(
        shells=board.n,
        fuses=board.edge_count(),
        par=solution.par,
        greedy=greedy_cascade_matches(board, reach),
        myopic=myopic_matches(board, reach),
        hidden=hidden_sources(solution),
        biggest_cascade=max(r.bit_count() for r in reach),
        smallest_witness_cascade=min(reach[w].bit_count() for w in solution.witness),
    )
