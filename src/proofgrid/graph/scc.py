"""Strongly connected components, the condensation DAG, and par.

Graphs are given as successor lists over integer node ids ``0 .. n-1``
(``succ[v]`` is an iterable of the heads of the edges leaving ``v``), like
``scipy.sparse.csgraph`` uses integer ids rather than dict-of-dicts.

The par theorem
---------------
Call a set of seeds *sufficient* when every node is reachable from some seed.
Contract each strongly connected component (SCC) to one node: the result, the
condensation, is a DAG. Then the minimum number of seeds is the number of
*source components* (components with no incoming edge from another component):

* necessary: nothing outside a source component reaches into it, so each
  source component must contain a seed of its own;
* sufficient: in a finite DAG every node is reachable from some source (walk
  edges backwards; the walk cannot cycle and must stop at a source), and a
  seed anywhere in a component reaches the whole component.

So ``par = #sources`` exactly, any choice of one node per source component is
an optimal seed set, and with node costs the cheapest node of each source
component is a minimum-cost seed set (the choices are independent).

References
----------
R. E. Tarjan, "Depth-first search and linear graph algorithms",
SIAM J. Computing 1(2), 1972.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "Condensation",
    "ParResult",
    "bfs_depths",
    "condensation",
    "par",
    "reachable",
    "tarjan_scc",
]


def tarjan_scc(succ: Sequence[Iterable[int]]) -> tuple[list[int], int]:
    """Label every node with its strongly connected component (Tarjan 1972).

    Iterative depth-first search with low-links (no recursion, so no recursion
    limit). Components are numbered in the order Tarjan completes them, which is
    a reverse topological order of the condensation: if an edge goes from
    component ``a`` to a different component ``b`` then ``b < a``.

    Parameters
    ----------
    succ : sequence of iterables of int
        ``succ[v]`` lists the heads of edges leaving ``v``; duplicates and
        self-loops are allowed.

    Returns
    -------
    labels, count : list of int, int
        ``labels[v]`` is the component of ``v``; ``count`` components in all.

    Notes
    -----
    O(n + m) time and O(n) extra space.
    """
    n = len(succ)
    index = [0] * n  # 0 = unvisited, otherwise DFS preorder number + 1
    low = [0] * n
    labels = [-1] * n  # -1 while visited-but-unassigned, i.e. on Tarjan's stack
    stack: list[int] = []
    counter = 1
    count = 0
    for root in range(n):
        if index[root]:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        work = [(root, iter(succ[root]))]
        while work:
            v, it = work[-1]
            for w in it:
                if not index[w]:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    work.append((w, iter(succ[w])))
                    break
                if labels[w] < 0 and index[w] < low[v]:
                    low[v] = index[w]
            else:
                work.pop()
                if low[v] == index[v]:
                    while True:
                        w = stack.pop()
                        labels[w] = count
                        if w == v:
                            break
                    count += 1
                if work:
                    u = work[-1][0]
                    if low[v] < low[u]:
                        low[u] = low[v]
    return labels, count


@dataclass(frozen=True, slots=True)
class Condensation:
    """The condensation DAG of a digraph: the certificate behind par.

    Attributes
    ----------
    labels : tuple of int
        Component of every node (Tarjan completion order, reverse topological).
    count : int
        Number of components.
    edges : tuple of (int, int)
        Distinct edges between different components, sorted.
    sources : tuple of int
        Components with no incoming edge from another component, ascending.
    """

    labels: tuple[int, ...]
    count: int
    edges: tuple[tuple[int, int], ...]
    sources: tuple[int, ...]

    def members(self) -> list[list[int]]:
        """Nodes of each component, ascending; O(n)."""
        out: list[list[int]] = [[] for _ in range(self.count)]
        for v, c in enumerate(self.labels):
            out[c].append(v)
        return out


def condensation(succ: Sequence[Iterable[int]]) -> Condensation:
    """SCCs, the condensation edges and its source components; O(n + m)."""
    labels, count = tarjan_scc(succ)
    cedges: set[tuple[int, int]] = set()
    for v, heads in enumerate(succ):
        cv = labels[v]
        for w in heads:
            cw = labels[w]
            if cv != cw:
                cedges.add((cv, cw))
    has_in = [False] * count
    for _, b in cedges:
        has_in[b] = True
    sources = tuple(c for c in range(count) if not has_in[c])
    return Condensation(tuple(labels), count, tuple(sorted(cedges)), sources)


@dataclass(frozen=True, slots=True)
class ParResult:
    """Par of a digraph and an optimal seed set, one node per source component.

    ``seeds[i]`` lies in source component ``sources[i]``; ``cost`` is the total
    cost of the seeds (their number when no costs were given).
    """

    par: int
    seeds: tuple[int, ...]
    sources: tuple[int, ...]
    cost: int | float


def par(
    succ: Sequence[Iterable[int]],
    costs: Sequence[int | float] | None = None,
) -> ParResult:
    """Minimum number of seeds whose cascade reaches every node, with a witness.

    By the par theorem (module docstring) the answer is the number of source
    components of the condensation, and the cheapest node of each source
    component (ties to the smallest id) is a minimum-cost seed set.

    O(n + m) time.
    """
    labels, count = tarjan_scc(succ)
    has_in = [False] * count
    for v, heads in enumerate(succ):
        cv = labels[v]
        for w in heads:
            if labels[w] != cv:
                has_in[labels[w]] = True
    best = [-1] * count
    for v, c in enumerate(labels):
        if has_in[c]:
            continue
        b = best[c]
        if b < 0 or (costs is not None and costs[v] < costs[b]):
            best[c] = v
    sources = tuple(c for c in range(count) if not has_in[c])
    # Order seeds by node id so the witness reads naturally.
    pairs = sorted((best[c], c) for c in sources)
    seeds = tuple(s for s, _ in pairs)
    total: int | float = len(seeds) if costs is None else sum(costs[s] for s in seeds)
    return ParResult(len(seeds), seeds, tuple(c for _, c in pairs), total)


def bfs_depths(
    succ: Sequence[Iterable[int]],
    starts: Iterable[int],
    blocked: Sequence[bool] | None = None,
) -> dict[int, int]:
    """Breadth-first distances from ``starts`` to every node they reach.

    Nodes with ``blocked[v]`` true are neither entered nor expanded (used for
    "already lit" shells). Returns ``{node: depth}`` in BFS order; O(n + m).
    """
    depth: dict[int, int] = {}
    queue: deque[int] = deque()
    for s in starts:
        if s not in depth and not (blocked is not None and blocked[s]):
            depth[s] = 0
            queue.append(s)
    while queue:
        v = queue.popleft()
        d = depth[v] + 1
        for w in succ[v]:
            if w not in depth and not (blocked is not None and blocked[w]):
                depth[w] = d
                queue.append(w)
    return depth


def reachable(succ: Sequence[Iterable[int]], starts: Iterable[int]) -> set[int]:
    """Set of nodes reachable from ``starts`` (the cascade); O(n + m)."""
    return set(bfs_depths(succ, starts))
