"""Strong components by peeling, without scipy: for the graphs people have, which are mostly DAGs.

A node with no edge in (a *source*) or no edge out (a *sink*), among the nodes
still present, is a strong component by itself; removing it may expose more.
Real dependency-like graphs (package dependencies, file -> package indexes)
are nearly acyclic: on the Debian graphs of ``bench/`` a few rounds of this
peeling leave 2,026 of 397,171 nodes. Each round is a few vectorised numpy
passes over the edges still present; the small *core* that is left is then
handed to the pure-Python Tarjan (:func:`proofgrid.graph.scc.tarjan_scc`).
So ``proofgrid par`` answers such a graph without importing scipy, whose
import alone (0.15-0.25 s on this machine) costs more than the whole peel.

The labels come out in a reverse topological order of the condensation, as
Tarjan's and scipy's do (an edge between different components goes from the
larger label to the smaller): the sinks peeled in round 1 get the smallest
labels, then those of round 2 and so on, then the core's components in Tarjan's
completion order, then the sources, those peeled last first, those of round 1
last. (A source of round ``r`` has no edge from a node present in round ``r``,
so every edge leaving it goes to a later source, the core or a sink; a sink of
round ``r`` has edges only to sinks of earlier rounds.)

When the graph is not of that kind (a round removes too few edges while the
core is still large: a random graph, a long cycle) :func:`peeled_components`
gives up and returns None, and the caller uses the compiled kernel; the work
wasted is a round or two of O(m).

Time: O(n + m) per round, on the nodes and edges still present (the node ids are
renumbered whenever half of them are gone), at most ``_ROUNDS`` rounds, plus
O(core) for Tarjan.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from proofgrid.graph.scc import tarjan_scc

__all__ = ["CORE_LIMIT", "PEEL_MAX", "peeled_components"]

Int32Array = npt.NDArray[np.int32]
IntArray = npt.NDArray[np.int64]

#: Nodes + edges of a core that the pure-Python Tarjan finishes (about 0.05 s).
CORE_LIMIT = 1 << 17
#: Edges up to which peeling is tried at all; above, scipy's import is a small
#: share of the run and the compiled kernel is used directly.
PEEL_MAX = 1 << 22
_ROUNDS = 128
#: A round that removes less than this share of the edges while the core is still
#: over ``CORE_LIMIT`` means a big strong core: give up.
_STALL = 1 / 16


def _successors(src: IntArray, dst: IntArray, k: int) -> list[list[int]]:
    """Successor lists of nodes ``0 .. k-1`` by one stable sort of the edges; O(m log m)."""
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
    order (module docstring), or None when the graph does not peel down to a core of
    at most ``core_limit`` nodes + edges (or has more than :data:`PEEL_MAX` edges).

    ``src``, ``dst``: checked int32 edge arrays over ``0 .. n-1`` (repeats and
    self-loops allowed). O(n + m) per round, at most ``_ROUNDS`` rounds.
    """
    if src.size > PEEL_MAX:
        return None
    loop = src == dst  # a self-loop changes no component: left out
    es = src[~loop] if loop.any() else src
    ed = dst[~loop] if loop.any() else dst
    ids: IntArray = np.arange(n, dtype=np.int64)  # original id of each present node
    fronts: list[IntArray] = []  # sources peeled, by round (original ids)
    backs: list[IntArray] = []  # sinks peeled, by round
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
    succ = _successors(local[es].astype(np.int64), local[ed].astype(np.int64), int(core.size))
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
