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

One function, two kernels
-------------------------
:func:`par` is the only implementation of the theorem in Python; every caller
(Matchless's solver and X-ray, ``proofgrid par`` through
:mod:`proofgrid.graph.sparse`) goes through it. The SCC kernel is a parameter:
``"tarjan"`` is :func:`tarjan_scc` below (pure Python, no start-up cost, the
fastest on board-sized graphs), ``"scipy"`` is scipy's compiled strong
components with vectorised bookkeeping (:mod:`proofgrid.graph.compiled`,
imported only when asked), for millions of edges; a graph that peels down to a
small core (:func:`peeled_components`: sources and sinks removed round by round,
numpy) has the core's components found by Tarjan instead, and scipy is never
imported. Both run in O(n + m) and are tested to agree with each other and with
networkx.

References
----------
R. E. Tarjan, "Depth-first search and linear graph algorithms",
SIAM J. Computing 1(2), 1972.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol, TypeAlias, cast

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Int32Array: TypeAlias = npt.NDArray[np.int32]
    #: Integer vectors: tuples from the Tarjan kernel, numpy arrays from scipy's.
    Ints: TypeAlias = tuple[int, ...] | npt.NDArray[np.int32] | npt.NDArray[np.int64]

__all__ = [
    "KERNELS",
    "ArcArrays",
    "Arcs",
    "Condensation",
    "Kernel",
    "ParResult",
    "bfs_depths",
    "condensation",
    "par",
    "peeled_components",
    "reachable",
    "successors",
    "tarjan_scc",
]

#: The SCC kernels :func:`par` accepts.
Kernel = Literal["tarjan", "scipy"]
KERNELS: tuple[Kernel, ...] = ("tarjan", "scipy")


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
    """SCCs, the condensation edges and its source components; O(n + m).

    The condensation part of :func:`par` (Tarjan kernel, Tarjan's numbering).
    """
    res = par(succ, edges=True)
    labels = cast("tuple[int, ...]", res.labels)
    edges = cast("tuple[tuple[int, int], ...]", res.edges)
    return Condensation(
        labels, res.n_components, edges, tuple(sorted(cast("tuple[int, ...]", res.sources)))
    )


class ArcArrays(Protocol):
    """A digraph as edge arrays: edge ``i`` is ``src[i] -> dst[i]`` over nodes ``0 .. n-1``.

    :class:`Arcs` and :class:`proofgrid.par.text.EdgeList` are two.
    """

    @property
    def n(self) -> int:
        """Number of nodes."""

    @property
    def src(self) -> npt.ArrayLike:
        """Tails of the edges."""

    @property
    def dst(self) -> npt.ArrayLike:
        """Heads of the edges."""


@dataclass(frozen=True, slots=True, eq=False)
class Arcs:
    """Edge arrays ``src[i] -> dst[i]`` over nodes ``0 .. n-1`` (repeats and self-loops allowed)."""

    n: int
    src: npt.ArrayLike
    dst: npt.ArrayLike


def successors(arcs: ArcArrays) -> list[list[int]]:
    """Successor lists of an edge-array graph, heads in edge order; O(n + m)."""
    from proofgrid.graph import compiled  # noqa: PLC0415 (numpy only for array graphs)

    succ: list[list[int]] = [[] for _ in range(arcs.n)]
    src, dst = compiled.as_index(arcs.src), compiled.as_index(arcs.dst)
    for a, b in zip(src.tolist(), dst.tolist(), strict=True):
        succ[a].append(b)
    return succ


class ParResult(NamedTuple):
    """Par of a digraph, an optimal seed set and the condensation facts behind it.

    A named tuple (cheap to build: :func:`par` is on Matchless's hot path).
    The containers follow the kernel: tuples for ``"tarjan"``, numpy arrays
    (labels int32, seeds and sources int64) for ``"scipy"``.

    Attributes
    ----------
    par : int
        The minimum number of seeds: the number of source components.
    seeds : tuple of int or numpy.ndarray
        The witness: the cheapest node of each source component (ties to the
        smallest id), in ascending node id.
    sources : tuple of int or numpy.ndarray
        ``sources[i]`` is the source component holding ``seeds[i]``.
    cost : int or float
        Total cost of the seeds (their number when no costs were given).
    labels : tuple of int or numpy.ndarray
        Component of every node, numbered by the kernel (Tarjan: completion
        order, which is reverse topological) or, with ``canonical=True``, by
        first appearance in node order (the same numbering for every kernel).
    n_components : int
        Number of components.
    edges : tuple of (int, int) or None
        Distinct condensation edges ``(from, to)``, sorted; only if asked for.
    completion : tuple of int or None
        The components in the order Tarjan completed them, a reverse
        topological order of the condensation (every condensation edge goes
        from a later to an earlier entry); ``None`` for the scipy kernel.
    kernel : str
        The SCC kernel used.
    edge_count : int or None
        The number of distinct condensation edges, when ``par(..., consume=True,
        edges=True)`` counted them instead of listing them.
    """

    par: int
    seeds: Ints
    sources: Ints
    cost: int | float
    labels: Ints
    n_components: int
    edges: tuple[tuple[int, int], ...] | None
    completion: tuple[int, ...] | None
    kernel: Kernel
    edge_count: int | None = None


def par(
    graph: Sequence[Iterable[int]] | ArcArrays,
    costs: Sequence[int | float] | npt.ArrayLike | None = None,
    *,
    kernel: Kernel = "tarjan",
    canonical: bool = False,
    edges: bool = False,
    reorder: bool = False,
    consume: bool = False,
) -> ParResult:
    """Minimum number of seeds whose cascade reaches every node, with a witness.

    The one par function. By the par theorem (module docstring; components by
    Tarjan 1972) the condensation is a DAG and the answer is the number of its
    source components; the cheapest node of each source component (ties to
    the smallest id) is a minimum-cost seed set.

    Parameters
    ----------
    graph : sequence of iterables of int, or ArcArrays
        Successor lists (``graph[v]`` lists the heads of edges leaving ``v``)
        or edge arrays (:class:`Arcs`, an ``EdgeList``); repeats and self-loops
        are fine. Converted to the kernel's form when needed.
    costs : sequence or array of numbers, optional
        Non-negative cost of every node; default 1 each.
    kernel : {"tarjan", "scipy"}
        The SCC kernel: the pure-Python iterative Tarjan (:func:`tarjan_scc`,
        bookkeeping in Python: fastest on small graphs) or
        ``scipy.sparse.csgraph.connected_components(connection="strong")``
        (compiled, bookkeeping vectorised in numpy: for millions of edges).
    canonical : bool
        Number components by first appearance in node order instead of by
        the kernel, so that every kernel gives the same labels.
    edges : bool
        Also list the distinct condensation edges.
    reorder : bool
        Edge arrays only, scipy kernel: the caller lets the edges be reordered in
        place (the same edges, repeats included, in another order afterwards), so
        that edges laid out by :func:`proofgrid.graph.compiled.pair_arrays` hold
        the kernel's adjacency in their own memory (peak 8 bytes an edge instead
        of 12; :func:`proofgrid.graph.compiled.par_arrays`).
    consume : bool
        As ``reorder``, and the caller does not read the edge arrays again: their
        contents are left undefined and their memory is given back; ``edges``
        then counts the condensation edges (``edge_count``) instead of listing
        them.

    Returns
    -------
    ParResult

    Raises
    ------
    ValueError
        For an unknown kernel or edge arrays that are not a graph on ``0 .. n-1``.

    Notes
    -----
    O(n + m) time, either kernel (listing the condensation edges adds a sort
    of them).
    """
    if kernel == "tarjan":
        if type(graph) is tuple or type(graph) is list:  # the fast common case
            succ: Sequence[Iterable[int]] = graph
        elif isinstance(graph, Sequence):
            succ = graph
        else:
            _checked(graph)
            succ = successors(graph)
        cost_list: Sequence[int | float] | None = None
        if costs is not None:
            tolist = getattr(costs, "tolist", None)  # numpy costs: exact Python numbers
            cost_list = tolist() if tolist is not None else cast("Sequence[int | float]", costs)
        return _par_tarjan(succ, cost_list, canonical, edges)
    if kernel == "scipy":
        from proofgrid.graph import compiled  # noqa: PLC0415 (numpy/scipy only when asked)

        n, src, dst = _checked(_arcs(graph))
        peeled = peeled_components(src, dst, n) if n else None  # most real graphs: no scipy
        got = compiled.par_arrays(
            src,
            dst,
            n,
            costs,
            canonical=canonical,
            edges=edges,
            components=peeled,
            reorder=reorder,
            consume=consume,
        )
        return ParResult(
            par=int(got.seeds.size),
            seeds=got.seeds,
            sources=got.sources,
            cost=got.cost,
            labels=got.labels,
            n_components=got.count,
            edges=got.edges,
            completion=None,
            kernel="scipy",
            edge_count=got.edge_count,
        )
    raise ValueError(f"kernel must be one of {', '.join(KERNELS)}, not {kernel!r}")


def _arcs(graph: Sequence[Iterable[int]] | ArcArrays) -> ArcArrays:
    if not isinstance(graph, Sequence):
        return graph
    heads = [list(h) for h in graph]
    src = [v for v, h in enumerate(heads) for _ in h]
    return Arcs(len(heads), src, [w for h in heads for w in h])


def _checked(arcs: ArcArrays) -> tuple[int, Int32Array, Int32Array]:
    from proofgrid.graph import compiled  # noqa: PLC0415 (numpy only for array graphs)

    src, dst = compiled.as_index(arcs.src), compiled.as_index(arcs.dst)
    compiled.check_arcs(src, dst, arcs.n)
    return arcs.n, src, dst


def _par_tarjan(
    succ: Sequence[Iterable[int]],
    costs: Sequence[int | float] | None,
    canonical: bool,
    edges: bool,
) -> ParResult:
    """:func:`par` by the Tarjan kernel, bookkeeping in plain Python; O(n + m)."""
    labels, count = tarjan_scc(succ)
    first: list[int] = []  # canonical: lowest node of each component
    if canonical:
        canon = [-1] * count
        for v, lab in enumerate(labels):
            c = canon[lab]
            if c < 0:
                c = canon[lab] = len(first)
                first.append(v)
            labels[v] = c
        completion = tuple(canon)
    else:
        completion = tuple(range(count))
    has_in = [False] * count
    cedges: set[tuple[int, int]] = set()  # collected always: cheaper than a test per edge
    for v, heads in enumerate(succ):
        cv = labels[v]
        for w in heads:
            cw = labels[w]
            if cw != cv:
                has_in[cw] = True
                cedges.add((cv, cw))
    sources = [c for c in range(count) if not has_in[c]]
    if canonical and costs is None:
        seeds = [first[c] for c in sources]  # ascending, as sources are
    else:
        best = [-1] * count
        for v, c in enumerate(labels):
            if has_in[c]:
                continue
            b = best[c]
            if b < 0 or (costs is not None and costs[v] < costs[b]):
                best[c] = v
        pairs = sorted([(best[c], c) for c in sources])  # the witness in node order
        seeds = [s for s, _ in pairs]
        sources = [c for _, c in pairs]
    total: int | float = len(seeds) if costs is None else sum(costs[s] for s in seeds)
    return ParResult(  # positional: this is on Matchless's hot path
        len(seeds),
        tuple(seeds),
        tuple(sources),
        total,
        tuple(labels),
        count,
        tuple(sorted(cedges)) if edges else None,
        completion,
        "tarjan",
    )


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


# --- strong components by peeling, without scipy ------------------------------
#
# For the graphs people have, which are mostly DAGs. A node with no edge in (a
# *source*) or no edge out (a *sink*), among the nodes still present, is a strong
# component by itself; removing it may expose more.
# Real dependency-like graphs (package dependencies, file -> package indexes)
# are nearly acyclic: on the Debian graphs of ``bench/`` a few rounds of this
# peeling leave 2,026 of 397,171 nodes. Each round is a few vectorised numpy
# passes over the edges still present; the small *core* that is left is then
# handed to the pure-Python Tarjan (:func:`tarjan_scc`). numpy is imported on use.
# So ``proofgrid par`` answers such a graph without importing scipy, whose
# import alone (0.15-0.25 s on this machine) costs more than the whole peel.
#
# The labels come out in a reverse topological order of the condensation, as
# Tarjan's and scipy's do (an edge between different components goes from the
# larger label to the smaller): the sinks peeled in round 1 get the smallest
# labels, then those of round 2 and so on, then the core's components in Tarjan's
# completion order, then the sources, those peeled last first, those of round 1
# last. (A source of round ``r`` has no edge from a node present in round ``r``,
# so every edge leaving it goes to a later source, the core or a sink; a sink of
# round ``r`` has edges only to sinks of earlier rounds.)
#
# When the graph is not of that kind (a round removes too few edges while the
# core is still large: a random graph, a long cycle) :func:`peeled_components`
# gives up and returns None, and the caller uses the compiled kernel; the work
# wasted is a round or two of O(m).
#
# Time: O(n + m) per round, on the nodes and edges still present (the node ids are
# renumbered whenever half of them are gone), at most ``_ROUNDS`` rounds, plus
# O(core) for Tarjan.

#: Nodes + edges of a core that the pure-Python Tarjan finishes (about 0.05 s).
CORE_LIMIT = 1 << 17
#: Edges up to which peeling is tried at all; above, scipy's import is a small
#: share of the run and the compiled kernel is used directly.
PEEL_MAX = 1 << 22
_ROUNDS = 128
#: A round that removes less than this share of the edges while the core is still
#: over ``CORE_LIMIT`` means a big strong core: give up.
_STALL = 1 / 16


def _core_successors(src: Any, dst: Any, k: int) -> list[list[int]]:
    """Successor lists of nodes ``0 .. k-1`` by one stable sort of the edges; O(m log m)."""
    import numpy as np  # noqa: PLC0415 (numpy only for array graphs)

    if k == 0:
        return []
    order = np.argsort(src, kind="stable")
    heads = dst[order].tolist()
    ends = np.cumsum(np.bincount(src, minlength=k)).tolist()
    return [heads[a:b] for a, b in zip([0, *ends[:-1]], ends, strict=True)]


def peeled_components(
    src: Int32Array, dst: Int32Array, n: int, *, core_limit: int = CORE_LIMIT
) -> tuple[Int32Array, int] | None:
    """The strong component of every node and their number, in a reverse topological
    order (the notes above), or None when the graph does not peel down to a core of
    at most ``core_limit`` nodes + edges (or has more than :data:`PEEL_MAX` edges).

    ``src``, ``dst``: checked int32 edge arrays over ``0 .. n-1`` (repeats and
    self-loops allowed). O(n + m) per round, at most ``_ROUNDS`` rounds.
    """
    import numpy as np  # noqa: PLC0415 (numpy only for array graphs)

    if src.size > PEEL_MAX:
        return None
    loop = src == dst  # a self-loop changes no component: left out
    es = src[~loop] if loop.any() else src
    ed = dst[~loop] if loop.any() else dst
    ids: Any = np.arange(n, dtype=np.int64)  # original id of each present node
    fronts: list[Any] = []  # sources peeled, by round (original ids)
    backs: list[Any] = []  # sinks peeled, by round
    present = np.ones(n, dtype=bool)
    left = n
    for _ in range(_ROUNDS):
        if es.size + left <= core_limit and not fronts:
            break  # small from the start: Tarjan takes it whole
        k = ids.size
        no_in = np.bincount(ed, minlength=k) == 0
        no_out = np.bincount(es, minlength=k) == 0
        no_in &= present
        no_out &= present
        no_out &= ~no_in
        front, back = np.flatnonzero(no_in), np.flatnonzero(no_out)
        peeled = int(front.size + back.size)
        if peeled == 0:
            break
        fronts.append(ids[front])
        backs.append(ids[back])
        present[front] = False
        present[back] = False
        left -= peeled
        before = es.size
        keep = present[es]
        keep &= present[ed]
        es, ed = es[keep], ed[keep]
        small = es.size + left <= core_limit
        if es.size < before * (1 - _STALL) and not small:
            pass  # good progress on a big graph: peel on
        elif small:
            if es.size > before * 3 // 4 or not es.size:
                break  # small, and peeling slows down: Tarjan finishes
        else:
            return None  # a big core that does not peel
        if 2 * left <= k:  # renumber the present nodes 0 .. left-1
            new = np.cumsum(present) - 1
            es, ed = new[es], new[ed]
            ids = ids[present]
            present = np.ones(left, dtype=bool)
    else:
        if es.size + left > core_limit:
            return None
    core = np.flatnonzero(present)
    if es.size + core.size > core_limit:
        return None
    local = np.cumsum(present) - 1  # present node -> 0 .. core.size-1
    succ = _core_successors(local[es].astype(np.int64), local[ed].astype(np.int64), int(core.size))
    core_labels, core_count = tarjan_scc(succ)
    labels = np.empty(n, dtype=np.int32)
    at = 0
    for part in backs:  # sinks, round 1 first: the smallest labels
        labels[part] = np.arange(at, at + part.size, dtype=np.int32)
        at += int(part.size)
    labels[ids[core]] = np.asarray(core_labels, dtype=np.int32) + at
    at += core_count
    for part in reversed(fronts):  # sources, round 1 last: the largest labels
        labels[part] = np.arange(at, at + part.size, dtype=np.int32)
        at += int(part.size)
    return labels, at
