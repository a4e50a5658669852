"""The compiled SCC kernel and the vectorised bookkeeping of par (numpy, scipy).

This is the ``kernel="scipy"`` half of :func:`proofgrid.graph.scc.par`, for
graphs of millions of edges given as integer arrays ``src``, ``dst`` over nodes
``0 .. n-1``; :func:`~proofgrid.graph.scc.par` imports it lazily, so importing
:mod:`proofgrid.graph` never loads numpy, pandas or scipy.

* strong components by ``scipy.sparse.csgraph.connected_components(...,
  connection="strong")`` (Pearce's iterative variant of Tarjan's algorithm,
  compiled; O(n + m)) on a canonical CSR matrix built here (:func:`csr`: int32 indices, no float64
  copy of the adjacency);
* a component is entered iff some edge has ``labels[src] != labels[dst]`` and
  heads into it — one vectorised pass over the edges;
* the cheapest member of each source component (ties to the smaller node id)
  by ``np.minimum.at`` or one ``np.lexsort`` over the nodes of source
  components; seeds come out in ascending node id.

The par theorem these compute is stated in :mod:`proofgrid.graph.scc`.

References
----------
R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM J.
Computing 1(2), 1972. D. J. Pearce, "A space-efficient algorithm for finding
strongly connected components", Information Processing Letters 116(1), 2016.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from scipy.sparse import csr_array

__all__ = [
    "ArrayPar",
    "as_index",
    "check_arcs",
    "condensation_edge_count",
    "cross_keys",
    "csr",
    "par_arrays",
    "strong_components",
]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
#: Node costs in the vectorised path: exact int64, or float64 if any cost is fractional.
CostArray = npt.NDArray[np.int64] | npt.NDArray[np.float64]


def as_index(a: npt.ArrayLike) -> Int32Array:
    """``a`` as an int32 array (no copy when it already is one)."""
    out = np.asarray(a)
    if out.dtype != np.int32:
        out = out.astype(np.int32)
    return out


def check_arcs(src: Int32Array, dst: Int32Array, n: int) -> None:
    """Raise :class:`ValueError` unless ``src``, ``dst`` are equal 1-D arrays over ``0 .. n-1``."""
    if src.shape != dst.shape or src.ndim != 1:
        raise ValueError("src and dst must be 1-D arrays of equal length")
    if src.size and (
        min(int(src.min()), int(dst.min())) < 0 or max(int(src.max()), int(dst.max())) >= n
    ):
        raise ValueError(f"edge endpoints must lie in 0 .. {n - 1}")


_STEP = 1 << 20  # edges per vectorised step: temporaries stay a few megabytes


def csr(src: Int32Array, dst: Int32Array, n: int) -> csr_array:
    """Canonical CSR adjacency (duplicates merged, indices sorted); O(n + m log d)
    for out-degrees at most d.

    The canonical form matters: scipy's strong-components routine loops
    forever on CSR input with a repeated entry in a row (scipy 1.17). scipy's
    own COO conversion builds it: a counting sort of the edges by row (compiled,
    linear), then each row's few entries sorted and their repeats merged in
    place. Its values are one byte an edge (``bool``) and its index arrays stay
    int32 (``src``, ``dst`` are not copied); the matrix handed on shares those
    indices and replaces the values by one float64 broadcast to every entry
    (zero bytes an edge), which scipy's csgraph validation keeps without the
    float64 copy it would otherwise make. Peak beyond ``src`` and ``dst``: 6
    bytes an edge while the conversion runs, 4 after it.
    """
    from scipy.sparse import coo_array, csr_array  # noqa: PLC0415 (scipy loads only when used)

    flags = np.ones(src.size, dtype=np.bool_)
    built = coo_array((flags, (src, dst)), shape=(n, n)).tocsr()  # sums repeats, sorts rows
    del flags
    indices, indptr = built.indices, built.indptr
    del built
    data = np.broadcast_to(np.float64(1.0), (indices.size,))
    return csr_array((data, indices, indptr), shape=(n, n))


def strong_components(src: Int32Array, dst: Int32Array, n: int) -> tuple[Int32Array, int]:
    """The scipy kernel: strong component of every node, and their number; O(n + m)."""
    if n == 0:
        return np.zeros(0, dtype=np.int32), 0
    from scipy.sparse.csgraph import connected_components  # noqa: PLC0415 (as in csr)

    count, lab = connected_components(csr(src, dst, n), directed=True, connection="strong")
    return np.asarray(lab, dtype=np.int32), int(count)  # int32 halves the memory traffic


def condensation_edge_count(
    labels: npt.NDArray[np.integer], src: npt.ArrayLike, dst: npt.ArrayLike, n_components: int
) -> int:
    """Number of distinct condensation edges ``(labels[u], labels[v])``, ``labels`` differing.

    Sort-based distinct count of the crossing edges (:func:`cross_keys`); O(m log m).
    """
    return int(cross_keys(labels, as_index(src), as_index(dst), n_components).size)


def cross_keys(
    labels: npt.NDArray[np.integer], src: Int32Array, dst: Int32Array, count: int
) -> IntArray:
    """Sorted distinct keys ``labels[u] * count + labels[v]`` of the edges between
    different components, computed ``_STEP`` edges at a time (so only the
    crossing edges' keys are held, 8 bytes each); O(m log m)."""
    parts: list[IntArray] = []
    for lo in range(0, src.size, _STEP):
        ls = labels[src[lo : lo + _STEP]]
        ld = labels[dst[lo : lo + _STEP]]
        cross = ls != ld
        key = ls[cross].astype(np.int64)  # widened only where the labels differ
        key *= count
        key += ld[cross]
        parts.append(_distinct(key))
    if not parts:
        return np.zeros(0, dtype=np.int64)
    return _distinct(np.concatenate(parts)) if len(parts) > 1 else parts[0]


def _distinct(key: IntArray) -> IntArray:
    """The distinct values of ``key``, sorted: one sort in place and a mask of the
    changes; O(k log k). (``np.unique`` took 14x as long on 6·10^5 int64 keys, numpy 2.4.)"""
    key.sort()
    keep = np.ones(key.size, dtype=bool)
    np.not_equal(key[1:], key[:-1], out=keep[1:])
    return key[keep]


def _canonical(labels: Int32Array, count: int) -> Int32Array:
    """Renumber components by their lowest node (first appearance in node order); O(n + c log c)."""
    first = np.full(count, labels.size, dtype=np.int64)
    np.minimum.at(first, labels, np.arange(labels.size, dtype=np.int64))
    rank = np.empty(count, dtype=np.int32)
    rank[np.argsort(first)] = np.arange(count, dtype=np.int32)
    return rank[labels]


def _cheapest_per_source(
    labels: Int32Array, entered: npt.NDArray[np.bool_], costs: CostArray | None
) -> IntArray:
    """The cheapest node of every non-entered component (ties: smallest id), ascending ids."""
    cand = np.flatnonzero(~entered[labels])  # nodes of source components, ascending
    comp = labels[cand]
    if costs is None:
        first = np.full(entered.size, labels.size, dtype=np.int64)
        np.minimum.at(first, comp, cand)
        return np.sort(first[~entered])
    order = np.lexsort((cand, costs[cand], comp))
    sorted_comp = comp[order]
    head = np.ones(order.size, dtype=bool)
    head[1:] = sorted_comp[1:] != sorted_comp[:-1]
    return np.sort(cand[order[head]]).astype(np.int64)


def _distinct_edges(
    labels: Int32Array, src: Int32Array, dst: Int32Array, count: int
) -> tuple[tuple[int, int], ...]:
    """Distinct condensation edges, sorted; O(m log m)."""
    keys = cross_keys(labels, src, dst, count)
    return tuple(zip((keys // count).tolist(), (keys % count).tolist(), strict=True))


@dataclass(frozen=True, slots=True, eq=False)
class ArrayPar:
    """What :func:`par_arrays` computes (see :class:`proofgrid.graph.scc.ParResult`)."""

    labels: Int32Array
    count: int
    seeds: IntArray
    sources: IntArray
    cost: int | float
    edges: tuple[tuple[int, int], ...] | None


def par_arrays(
    src: Int32Array,
    dst: Int32Array,
    n: int,
    costs: npt.ArrayLike | None,
    *,
    canonical: bool,
    edges: bool,
    components: tuple[Int32Array, int] | None = None,
) -> ArrayPar:
    """Par of a checked edge-array graph by the scipy kernel; O(n + m) (edges: O(m log m)).

    Parameters as :func:`proofgrid.graph.scc.par`; ``costs`` are kept exact
    (int64, summed as Python ints) unless some cost is fractional; ``components``:
    the labels and their number if already found (:func:`proofgrid.graph.scc.peeled_components`).
    """
    c: CostArray | None = None
    if costs is not None:
        raw = np.asarray(costs)
        if raw.dtype.kind == "f":
            c = raw.astype(np.float64, copy=False)
        else:
            c = raw.astype(np.int64, copy=False)
    labels, count = components or strong_components(src, dst, n)  # given: already found
    if canonical:
        labels = _canonical(labels, count)
    entered = np.zeros(count, dtype=bool)
    for lo in range(0, src.size, _STEP):  # a step at a time: no edge-sized temporaries
        ld = labels[dst[lo : lo + _STEP]]
        entered[ld[labels[src[lo : lo + _STEP]] != ld]] = True
    seeds = _cheapest_per_source(labels, entered, c)
    total: int | float = int(seeds.size) if c is None else sum(c[seeds].tolist())
    return ArrayPar(
        labels=labels,
        count=count,
        seeds=seeds,
        sources=labels[seeds].astype(np.int64),
        cost=total,
        edges=_distinct_edges(labels, src, dst, count) if edges else None,
    )
