"""Par certificates of large digraphs given as edge arrays (``proofgrid par``).

The par theorem (see :mod:`proofgrid.graph.scc`; Tarjan 1972): the condensation
of a digraph is a DAG, the minimum number of seeds whose cascade reaches every
node equals the number of its *source components*, one node per source
component is an optimal seed set, and the cheapest node of each source
component is a minimum-cost seed set.

Par itself is computed by the one function :func:`proofgrid.graph.scc.par`;
this module adapts it to integer arrays ``src``, ``dst`` over nodes
``0 .. n-1`` for the command line: :class:`Engine` names its SCC kernel
(``python`` = ``"tarjan"``, ``compiled`` = ``"scipy"``, ``auto`` = by size),
:func:`par_certificate` returns the certificate as numpy arrays, and
:func:`unreached` re-verifies a seed set by breadth-first search from a
super-source joined to every seed. All O(n + m).

References
----------
R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM J.
Computing 1(2), 1972. D. J. Pearce, "A space-efficient algorithm for finding
strongly connected components", Information Processing Letters 116(1), 2016.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from proofgrid.graph import compiled, reach, scc
from proofgrid.graph.compiled import condensation_edge_count

__all__ = [
    "AUTO_PYTHON_LIMIT",
    "Engine",
    "ParCertificate",
    "SeedSet",
    "SourceGroups",
    "Topological",
    "condensation_edge_count",
    "par_certificate",
    "par_seeds",
    "source_groups",
    "source_members",
    "topological",
    "unreached",
]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
#: With ``Engine.AUTO``, graphs with ``n + m`` at most this use the pure-Python path.
AUTO_PYTHON_LIMIT = 20_000


class Engine(enum.Enum):
    """Which SCC kernel of :func:`proofgrid.graph.scc.par` computes par."""

    AUTO = "auto"
    PYTHON = "python"
    COMPILED = "compiled"


_KERNEL: dict[Engine, scc.Kernel] = {Engine.PYTHON: "tarjan", Engine.COMPILED: "scipy"}


@dataclass(frozen=True, eq=False)
class ParCertificate:
    """Par of a digraph with its witness and the condensation facts behind it.

    Attributes
    ----------
    n : int
        Number of nodes.
    labels : numpy.ndarray of int32
        Strong component of every node (numbering depends on the engine).
    n_components : int
        Number of strong components.
    seeds : numpy.ndarray of int64
        One node per source component, the cheapest (ties: smallest id), in
        ascending node id; ``len(seeds)`` is par.
    seed_components : numpy.ndarray of int64
        ``labels[seeds]``: the source component of each seed.
    cost : int
        Total cost of the seeds (in the caller's integer cost units; ``par``
        when no costs were given).
    condensation_edges : int or None
        Number of distinct edges between different components, if computed
        (always, by the pure-Python engine).
    engine : Engine
        The engine that produced it (``PYTHON`` or ``COMPILED``).
    """

    n: int
    labels: Int32Array
    n_components: int
    seeds: IntArray
    seed_components: IntArray
    cost: int
    condensation_edges: int | None
    engine: Engine

    @property
    def par(self) -> int:
        """The minimum number of seeds (number of source components)."""
        return int(self.seeds.size)


def _empty(engine: Engine) -> ParCertificate:
    none = np.zeros(0, dtype=np.int64)
    return ParCertificate(0, np.zeros(0, dtype=np.int32), 0, none, none, 0, 0, engine)


def _resolve(engine: Engine, n: int, m: int) -> Engine:
    if engine is Engine.AUTO:
        return Engine.PYTHON if n + m <= AUTO_PYTHON_LIMIT else Engine.COMPILED
    return engine


def par_certificate(
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    n: int,
    costs: npt.ArrayLike | None = None,
    *,
    engine: Engine = Engine.AUTO,
    condensation_edges: bool = False,
    reorder: bool = False,
    consume: bool = False,
) -> ParCertificate:
    """Par with its certificate by :func:`proofgrid.graph.scc.par`; O(n + m).

    Parameters
    ----------
    src, dst : array_like of int
        Edge ``i`` is ``src[i] -> dst[i]``; repeats and self-loops are fine.
    n : int
        Number of nodes (ids ``0 .. n-1``).
    costs : array_like of int, optional
        Non-negative integer cost of every node; default 1 each.
    engine : Engine
        The SCC kernel (``AUTO``: pure Python up to :data:`AUTO_PYTHON_LIMIT`
        nodes + edges, compiled above).
    condensation_edges : bool
        Also count the distinct condensation edges (one more O(m) pass; the
        pure-Python engine always counts them).
    reorder : bool
        ``src`` and ``dst`` may be reordered in place (afterwards they hold the same
        edges, repeats included, in another order): with edges laid out by
        :func:`proofgrid.graph.compiled.pair_arrays`, as the integer readers lay
        them out, the compiled kernel then builds its adjacency inside the edges'
        own memory, and the peak is 8 bytes an edge plus O(n) instead of 12
        (:func:`proofgrid.graph.compiled.par_arrays`). Other arrays are not touched.
    consume : bool
        As ``reorder``, and the caller will not read ``src`` and ``dst`` again (their
        contents are left undefined, their memory given back): the edges are not
        put back, which saves their 8 bytes an edge at the end (the compiled engine
        on edges laid out so; otherwise as ``reorder``).
    """
    s, d = compiled.as_index(src), compiled.as_index(dst)
    compiled.check_arcs(s, d, n)
    chosen = _resolve(engine, n, int(s.size))
    if n == 0:
        return _empty(chosen)
    c = None if costs is None else np.asarray(costs, dtype=np.int64)
    python = chosen is Engine.PYTHON
    res = scc.par(
        scc.Arcs(n, s, d),
        c,
        kernel=_KERNEL[chosen],
        edges=python or (consume and condensation_edges),
        reorder=reorder,
        consume=consume,
    )
    labels = np.asarray(res.labels, dtype=np.int32)
    if res.edge_count is not None:
        n_edges: int | None = res.edge_count
    elif res.edges is not None:
        n_edges = len(res.edges)
    elif condensation_edges:
        n_edges = condensation_edge_count(labels, s, d, res.n_components)
    else:
        n_edges = None
    return ParCertificate(
        n=n,
        labels=labels,
        n_components=res.n_components,
        seeds=np.asarray(res.seeds, dtype=np.int64),
        seed_components=np.asarray(res.sources, dtype=np.int64),
        cost=int(res.cost),
        condensation_edges=n_edges,
        engine=chosen,
    )


@dataclass(frozen=True, eq=False)
class SeedSet:
    """Par's answer without the rest of its certificate (:func:`par_seeds`).

    Attributes
    ----------
    seeds : numpy.ndarray of int64
        One node per source component, the cheapest (ties: smallest id), ascending:
        the same as :attr:`ParCertificate.seeds`.
    cost : int
        Their total cost (their number when no costs were given).
    engine : Engine
        The engine that produced them.
    """

    seeds: IntArray
    cost: int
    engine: Engine

    @property
    def par(self) -> int:
        """The minimum number of seeds (number of source components)."""
        return int(self.seeds.size)


def par_seeds(
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    n: int,
    costs: npt.ArrayLike | None = None,
    *,
    engine: Engine = Engine.AUTO,
    consume: bool = False,
) -> SeedSet:
    """Par, a minimum-cost seed set and its cost: :func:`par_certificate` without the
    component of every node (``proofgrid par``'s plain answer). O(n + m).

    With the compiled engine, ``consume`` (as in :func:`par_certificate`), edges laid
    out by :func:`proofgrid.graph.compiled.pair_arrays` and more than
    :data:`proofgrid.graph.scc.PEEL_MAX` of them (smaller graphs are peeled first,
    which most real ones finish), the source components are found by trim and reach
    (:mod:`proofgrid.graph.reach`: the nodes nothing enters, what they reach, and the
    strong components of the rest only), which on random graphs skips scipy's pass
    over every node; otherwise this is :func:`par_certificate`'s seeds and cost.
    """
    s, d = compiled.as_index(src), compiled.as_index(dst)
    chosen = _resolve(engine, n, int(s.size))
    keys = None
    if consume and chosen is Engine.COMPILED and n and s.size > scc.PEEL_MAX:
        keys = compiled.packed(s, d)
    if keys is None:  # par_certificate checks the arcs itself: once, not twice
        cert = par_certificate(s, d, n, costs, engine=chosen, reorder=consume, consume=consume)
        return SeedSet(cert.seeds, cert.cost, cert.engine)
    compiled.check_arcs(s, d, n)
    c = None if costs is None else np.asarray(costs, dtype=np.int64)
    compiled.phase("checks")
    quick = reach.relaxed_seeds(s, d, n, c)  # on the edges as they lie: no sort
    compiled.phase("reach")
    if not isinstance(quick, reach.GaveUp):
        return SeedSet(quick, int(compiled.seed_cost(quick, c)), chosen)
    adj = compiled.pack_csr(keys, n)  # the adjacency inside the edges' memory
    try:
        seeds = None
        if quick is reach.GaveUp.DEEP:  # cut short: level by level, it may settle
            seeds = reach.source_seeds(adj.indptr, adj.indices, c)
            compiled.phase("reach")
        if seeds is None:  # no trimmed node, a deep reach, or most nodes left
            seeds = compiled.csr_seeds(adj, c)
    finally:
        compiled.discard_csr(adj)
    return SeedSet(seeds, int(compiled.seed_cost(seeds, c)), chosen)


def unreached(
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    n: int,
    seeds: npt.ArrayLike,
    *,
    engine: Engine = Engine.AUTO,
) -> IntArray:
    """Nodes not reached from ``seeds`` (ascending); empty iff the seeds suffice.

    Compiled: one ``breadth_first_order`` from a super-source ``n`` with an edge
    to every seed; pure Python: :func:`proofgrid.graph.scc.reachable`. O(n + m).
    """
    s, d = compiled.as_index(src), compiled.as_index(dst)
    compiled.check_arcs(s, d, n)
    k = np.asarray(seeds, dtype=np.int64)
    if k.size and (int(k.min()) < 0 or int(k.max()) >= n):
        raise ValueError(f"seeds must lie in 0 .. {n - 1}")
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    if _resolve(engine, n, int(s.size)) is Engine.PYTHON:
        got = scc.reachable(scc.successors(scc.Arcs(n, s, d)), k.tolist())
        mask = np.ones(n, dtype=bool)
        mask[list(got)] = False
        return np.flatnonzero(mask).astype(np.int64)
    from scipy.sparse.csgraph import breadth_first_order  # noqa: PLC0415 (scipy when used)

    s2 = np.concatenate([s, np.full(k.size, n, dtype=np.int32)])
    d2 = np.concatenate([d, k.astype(np.int32)])
    order = breadth_first_order(
        compiled.csr(s2, d2, n + 1), n, directed=True, return_predecessors=False
    )
    reached = np.zeros(n + 1, dtype=bool)
    reached[np.asarray(order, dtype=np.int64)] = True
    return np.flatnonzero(~reached[:n]).astype(np.int64)


@dataclass(frozen=True, eq=False)
class SourceGroups:
    """The members of every source component, grouped in ``seeds`` order.

    Attributes
    ----------
    nodes : numpy.ndarray of int64
        Up to ``limit`` members of each source component (ascending ids), the
        groups one after another.
    offsets : numpy.ndarray of int64
        Group ``i`` is ``nodes[offsets[i]:offsets[i + 1]]`` (``k + 1`` entries).
    sizes : numpy.ndarray of int64
        The full size of each source component.
    """

    nodes: IntArray
    offsets: IntArray
    sizes: IntArray


def source_groups(cert: ParCertificate, limit: int) -> SourceGroups:
    """Up to ``limit`` members (ascending ids) and the size of each seed's source
    component, gathered by one stable sort of the nodes of source components; O(n log n)
    at worst, no Python step per component."""
    k = int(cert.seeds.size)
    if k == 0:
        none = np.zeros(0, dtype=np.int64)
        return SourceGroups(none, np.zeros(1, dtype=np.int64), none)
    pos = np.full(cert.n_components, -1, dtype=np.int64)
    pos[cert.seed_components] = np.arange(k, dtype=np.int64)
    nodes = np.flatnonzero(pos[cert.labels] >= 0)
    group = pos[cert.labels[nodes]]
    order = np.argsort(group, kind="stable")  # stable: ids stay ascending within a group
    nodes, group = nodes[order], group[order]
    sizes = np.bincount(group, minlength=k).astype(np.int64)
    starts = np.zeros(k, dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    rank = np.arange(nodes.size, dtype=np.int64) - starts[group]
    keep = rank < limit
    kept = np.minimum(sizes, limit)
    offsets = np.zeros(k + 1, dtype=np.int64)
    np.cumsum(kept, out=offsets[1:])
    return SourceGroups(nodes[keep].astype(np.int64), offsets, sizes)


def source_members(cert: ParCertificate, limit: int) -> list[tuple[IntArray, int]]:
    """For each seed (in ``cert.seeds`` order): up to ``limit`` members of its
    source component (ascending ids) and the component's size (:func:`source_groups`
    as a list, for callers that want one entry per component); O(n log n)."""
    g = source_groups(cert, limit)
    bounds = g.offsets.tolist()
    return [
        (g.nodes[a:b], size)
        for a, b, size in zip(bounds[:-1], bounds[1:], g.sizes.tolist(), strict=True)
    ]


@dataclass(frozen=True, eq=False)
class Topological:
    """The condensation in a topological order, sources first.

    Attributes
    ----------
    components : numpy.ndarray of int32
        Component of every node: the source components are ``0 .. par-1`` in
        ``seeds`` order, the others follow in a topological order of the
        condensation, so every condensation edge ``a -> b`` has ``a < b``.
    count : int
        Number of components.
    edge_src, edge_dst : numpy.ndarray of int32
        The distinct condensation edges, sorted, ``edge_src < edge_dst``.
    """

    components: Int32Array
    count: int
    edge_src: Int32Array
    edge_dst: Int32Array


def topological(cert: ParCertificate, src: npt.ArrayLike, dst: npt.ArrayLike) -> Topological:
    """Number the components of ``cert`` in a topological order of the condensation,
    sources first, and list the condensation's edges.

    Both kernels number components in a reverse topological order (Tarjan 1972:
    a component is completed after every component it reaches; scipy's Pearce
    variant likewise), so reversing the labels is a topological order; this is
    checked on every edge, and a kernel that broke it is replaced by Tarjan's
    order of the condensation itself. Sources may then move to the front: no edge
    enters them, so no edge is reversed. O(n + m log m) (the sort of the
    crossing edges).
    """
    s, d = compiled.as_index(src), compiled.as_index(dst)
    count, labels = cert.n_components, cert.labels
    keys = compiled.cross_keys(labels, s, d, count)
    a, b = keys // max(count, 1), keys % max(count, 1)
    if a.size and not bool((a > b).all()):  # not reverse topological: order the DAG itself
        succ: list[list[int]] = [[] for _ in range(count)]
        for x, y in zip(a.tolist(), b.tolist(), strict=True):
            succ[x].append(y)
        done, _ = scc.tarjan_scc(succ)  # singletons; completion order, reverse topological
        rank = np.asarray(done, dtype=np.int64)
    else:
        rank = np.arange(count, dtype=np.int64)
    order = np.argsort(-rank, kind="stable")  # components in a topological order
    is_source = np.zeros(count, dtype=bool)
    is_source[cert.seed_components] = True
    rest = order[~is_source[order]]
    new = np.empty(count, dtype=np.int32)
    new[cert.seed_components] = np.arange(cert.seeds.size, dtype=np.int32)
    new[rest] = np.arange(cert.seeds.size, count, dtype=np.int32)
    ea, eb = new[a], new[b]
    k = np.lexsort((eb, ea))
    return Topological(new[labels], count, ea[k], eb[k])
