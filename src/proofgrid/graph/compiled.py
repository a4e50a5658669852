"""The compiled SCC kernel and the vectorised bookkeeping of par (numpy, scipy).

This is the ``kernel="scipy"`` half of :func:`proofgrid.graph.scc.par`, for
graphs of millions of edges given as integer arrays ``src``, ``dst`` over nodes
``0 .. n-1``; :func:`~proofgrid.graph.scc.par` imports it lazily, so importing
:mod:`proofgrid.graph` never loads numpy, pandas or scipy.

* strong components by ``scipy.sparse.csgraph.connected_components(...,
  connection="strong")`` (Pearce's iterative variant of Tarjan's algorithm,
  compiled; O(n + m)) on a canonical CSR matrix built here: by scipy's COO
  conversion beside the edges (:func:`csr`: int32 indices, no float64 copy of
  the adjacency), or, when the caller lets the edges be reordered and they are
  packed one int64 an edge (:func:`pair_arrays`), inside the edges' own memory
  (:func:`pack_csr`: sorted in place, heads compacted, the rest given back);
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

import functools
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
    "csr_seeds",
    "discard_csr",
    "distinct",
    "exact_costs",
    "pack_csr",
    "packed",
    "par_arrays",
    "seed_cost",
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
_WALK = 1 << 18  # edges per step of pack_csr / unpack_csr (~30 bytes of temporaries each)


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
    return _components(csr(src, dst, n))


def _components(matrix: csr_array) -> tuple[Int32Array, int]:
    from scipy.sparse.csgraph import connected_components  # noqa: PLC0415 (as in csr)

    count, lab = connected_components(matrix, directed=True, connection="strong")
    return np.asarray(lab, dtype=np.int32), int(count)  # int32 halves the memory traffic


# --- edges packed one int64 an edge, and the CSR built inside them ----------------------

#: Which int32 word of an edge's int64 holds its tail, so that the int64 is
#: ``src * 2**32 + dst`` and sorting the int64s sorts the edges by (src, dst).
_SRC_WORD = 1 if sys.byteorder == "little" else 0


def pair_arrays(size: int) -> tuple[Int32Array, Int32Array]:
    """Empty edge arrays ``src``, ``dst`` of ``size`` entries laid out as one int64 an
    edge (``src[i] * 2**32 + dst[i]``): two int32 views of stride 8 into one buffer.

    Readers that lay their edges out so let :func:`par_arrays` (``reorder=True``)
    build the CSR adjacency inside the edges' own 8 bytes (:func:`pack_csr`). Pages
    never written are never resident, so a generous ``size`` costs nothing."""
    words = np.empty(size, dtype=np.int64).view(np.int32)
    return words[_SRC_WORD::2], words[1 - _SRC_WORD :: 2]


def grow_pairs(
    src: Int32Array, dst: Int32Array, used: int, size: int
) -> tuple[Int32Array, Int32Array]:
    """Fresh :func:`pair_arrays` of ``max(size, used)`` entries holding the first ``used``
    edges of ``src``, ``dst``."""
    new_src, new_dst = pair_arrays(max(size, used))
    new_src[:used] = src[:used]
    new_dst[:used] = dst[:used]
    return new_src, new_dst


def packed(src: npt.NDArray[Any], dst: npt.NDArray[Any]) -> IntArray | None:
    """The int64 array ``src * 2**32 + dst`` sharing the memory of ``src`` and ``dst``
    when they are laid out as :func:`pair_arrays` makes them (writable, non-empty);
    else None."""
    m = src.size
    if (
        m == 0
        or src.dtype != np.int32
        or dst.dtype != np.int32
        or src.ndim != 1
        or dst.shape != src.shape
        or not (src.flags.writeable and dst.flags.writeable)
        or (m > 1 and (src.strides[0] != 8 or dst.strides[0] != 8))
    ):
        return None
    at_src = src.__array_interface__["data"][0]
    at_dst = dst.__array_interface__["data"][0]
    first = dst if _SRC_WORD else src
    if at_src - at_dst != (4 if _SRC_WORD else -4) or min(at_src, at_dst) % 8:
        return None
    words = np.lib.stride_tricks.as_strided(first, shape=(m, 2), strides=(8, 4))
    return words.view(np.int64).reshape(m)


@dataclass(frozen=True, eq=False)
class PackedCsr:
    """The canonical CSR adjacency built inside packed edges (:func:`pack_csr`).

    Attributes
    ----------
    keys : numpy.ndarray of int64
        The packed edges it was built in (their memory; meaningless until
        :func:`unpack_csr`).
    indptr : numpy.ndarray of int32
        Row ``v`` is ``indices[indptr[v]:indptr[v + 1]]`` (``n + 1`` entries).
    indices : numpy.ndarray of int32
        The distinct heads of every row, ascending: the first ``4 * len(indices)``
        bytes of ``keys``.
    repeats : numpy.ndarray of int32
        For every edge beyond the first of a repeated pair, the position in
        ``indices`` of its pair (what :func:`unpack_csr` writes back).
    """

    keys: IntArray
    indptr: Int32Array
    indices: Int32Array
    repeats: Int32Array

    def matrix(self) -> csr_array:
        """The adjacency as a scipy matrix sharing ``indptr`` and ``indices`` (values: one
        float64 broadcast to every entry, as in :func:`csr`)."""
        from scipy.sparse import csr_array  # noqa: PLC0415 (as in csr)

        n = self.indptr.size - 1
        data = np.broadcast_to(np.float64(1.0), (self.indices.size,))
        return csr_array((data, self.indices, self.indptr), shape=(n, n), copy=False)

    def row_steps(self) -> Iterator[tuple[int, int, Int32Array]]:
        """``(lo, hi, rows)``: positions ``lo:hi`` of ``indices``, ``_STEP`` at a time,
        and the row of each; O(step + rows of the step) each."""
        indptr, total = self.indptr, self.indices.size
        for lo in range(0, total, _STEP):
            hi = min(total, lo + _STEP)
            yield lo, hi, _rows(indptr, lo, hi)


def _rows(indptr: Int32Array, lo: int, hi: int) -> Int32Array:
    """The row of each position ``lo .. hi-1`` of a CSR's indices (``lo < hi``)."""
    # int32 needles: a Python int would make numpy search an int64 copy of indptr.
    r0 = int(np.searchsorted(indptr, np.int32(lo), side="right")) - 1
    r1 = int(np.searchsorted(indptr, np.int32(hi - 1), side="right"))  # past the last row
    starts: Int32Array = np.clip(indptr[r0 : r1 + 1], lo, hi)
    counts: Int32Array = np.diff(starts)
    return np.repeat(np.arange(r0, r1, dtype=np.int32), counts)


def pack_csr(keys: IntArray, n: int) -> PackedCsr:
    """Build the canonical CSR adjacency of the packed edges ``keys`` (``src * 2**32 +
    dst``, :func:`packed`) inside their own memory; :func:`unpack_csr` puts the edges
    back (as a multiset: the order changes).

    Steps: sort ``keys`` in place (numpy's in-place sort: no extra memory); walk
    them ``_STEP`` at a time, writing each distinct edge's head as int32 at the
    front of the same buffer (a write never passes the keys still to be read: the
    ``j``-th distinct edge goes to bytes ``4j``, the ``i``-th key is read at
    ``8i``, ``j <= i``), the first position of every row into ``indptr``, and the
    position of every repeated edge into ``repeats``; then give the pages past the
    heads back to the system (:func:`_release`). O(m log m) time (the sort), O(n)
    memory besides the edges' own (``indptr``; ``repeats``, 4 bytes a repeat).

    Memory at each step, beyond the edges' 8 bytes each: the sort, nothing;
    the walk, one step (``_STEP`` keys); after it, the edges take 4 bytes a
    distinct edge.
    """
    m = keys.size
    phase("checks")
    keys.sort()
    phase("sort")
    words = keys.view(np.int32)
    first = np.full(n + 1, np.iinfo(np.int32).max, dtype=np.int32)
    parts: list[Int32Array] = []
    w = 0
    last_key, last_row = -1, -1
    for lo in range(0, m, _WALK):
        chunk = keys[lo : lo + _WALK]
        fresh = np.empty(chunk.size, dtype=np.bool_)
        fresh[0] = int(chunk[0]) != last_key
        np.not_equal(chunk[1:], chunk[:-1], out=fresh[1:])
        distinct = chunk[fresh]  # a copy: the writes below may cover this step's keys
        last_key = int(chunk[-1])
        if distinct.size < chunk.size:
            place = np.cumsum(fresh, dtype=np.int64)
            place += w - 1
            parts.append(place[~fresh].astype(np.int32))
        rows = distinct >> 32
        starts = np.empty(distinct.size, dtype=np.bool_)
        if distinct.size:
            starts[0] = int(rows[0]) != last_row
            np.not_equal(rows[1:], rows[:-1], out=starts[1:])
            at = np.flatnonzero(starts)
            first[rows[at]] = at + w
            last_row = int(rows[-1])
        k = distinct.size
        words[w : w + k] = distinct.astype(np.int32)  # the low word: the head (< 2**31)
        w += k
    first[n] = w
    back = first[::-1]
    np.minimum.accumulate(back, out=back)  # a row without edges starts where the next does
    _release(keys, 4 * w, 8 * m)
    trim()
    repeats = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
    # A view whose base is itself: scipy copies indices whose base array is over twice
    # their size (``scipy._lib._util._prune_array``), as ``words`` (8 bytes an edge) is.
    heads = np.lib.stride_tricks.as_strided(words, shape=(w,), strides=(4,))
    phase("csr")
    return PackedCsr(keys, first, heads, repeats)


def unpack_csr(csr: PackedCsr) -> None:
    """Write the edges back into ``csr.keys`` as ``src * 2**32 + dst``: the distinct
    edges sorted, then every repeat; O(m) in ``_WALK`` steps. Consumes ``csr``
    (its ``indptr`` is given back to the system as it is read).

    The repeats go first, to ``keys[distinct:]`` (bytes past the heads); then the
    distinct edges from the last step to the first, so the ``j``-th goes to bytes
    ``8j`` only once the heads at ``4j`` and above are read. Memory: as the edges
    grow back from 4 bytes to 8, the row starts already used (4 bytes a node) are
    given back."""
    keys, indptr, heads = csr.keys, csr.indptr, csr.indices
    k = heads.size
    at = k
    work = np.empty(_WALK, dtype=np.int64)  # one buffer for every step: no heap churn
    for lo in range(0, csr.repeats.size, _WALK):
        pos = csr.repeats[lo : lo + _WALK]
        out = work[: pos.size]
        np.subtract(np.searchsorted(indptr, pos, side="right"), 1, out=out)
        out <<= 32
        out |= heads[pos]
        keys[at : at + pos.size] = out
        at += pos.size
    top = indptr.size  # indptr[:top] is still needed (the rest is given back as it is done)
    for hi in range(k, 0, -_WALK):
        lo = max(0, hi - _WALK)
        out = work[: hi - lo]
        rows = _rows(indptr[:top], lo, hi)
        out[:] = rows
        out <<= 32
        out |= heads[lo:hi]  # read before the write below covers them
        keys[lo:hi] = out
        top = int(rows[0]) + 2  # rows past rows[0] are done: their starts are not read again
        _release(indptr, 4 * top, 4 * indptr.size)
    trim()


_MADV_DONTNEED = 4  # Linux
_CLOCK = [time.perf_counter(), time.process_time()]


def phase(name: str) -> None:
    """With ``PROOFGRID_PAR_PHASES`` set in the environment, print to standard error
    the phase of ``proofgrid par`` that just ended: its wall and CPU seconds (since
    the previous phase, or since this module was imported) and the process's peak
    resident memory so far; otherwise nothing. Opt-in, for the benchmarks."""
    if not os.environ.get("PROOFGRID_PAR_PHASES"):
        return
    import resource  # noqa: PLC0415 (only when asked)

    wall, cpu = time.perf_counter(), time.process_time()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(
        f"phase {name}: {wall - _CLOCK[0]:.2f} s wall, {cpu - _CLOCK[1]:.2f} s CPU,"
        f" peak so far {peak:,.0f} MB",
        file=sys.stderr,
        flush=True,
    )
    _CLOCK[:] = [wall, cpu]


def trim() -> None:
    """Return the heap memory freed so far to the system (glibc's ``malloc_trim``;
    elsewhere nothing): freed temporaries of a few megabytes stay in the heap
    otherwise and count in the peak of what follows."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def _release(arr: npt.NDArray[Any], start: int, end: int) -> None:
    """Give the whole pages within bytes ``start:end`` of ``arr``'s buffer back to the
    system (Linux ``madvise(MADV_DONTNEED)``: they read as zeros afterwards, and
    cost memory again only when written); elsewhere nothing."""
    libc = _libc()
    if libc is None or end <= start:
        return
    import ctypes  # noqa: PLC0415 (loaded by _libc already)

    page = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
    base = arr.__array_interface__["data"][0]
    lo = -(-(base + start) // page) * page
    hi = (base + end) // page * page
    if hi > lo:
        libc.madvise(ctypes.c_void_p(lo), ctypes.c_size_t(hi - lo), _MADV_DONTNEED)


@functools.cache
def _libc() -> Any:
    if sys.platform != "linux":
        return None
    try:
        import ctypes  # noqa: PLC0415 (once)

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        libc.madvise.restype = ctypes.c_int
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        libc.malloc_trim.restype = ctypes.c_int
    except (OSError, AttributeError):
        return None
    return libc


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
        parts.append(distinct(key))
    if not parts:
        return np.zeros(0, dtype=np.int64)
    return distinct(np.concatenate(parts)) if len(parts) > 1 else parts[0]


def distinct(key: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The distinct values of ``key``, sorted: one sort in place and a mask of the
    changes; O(k log k). (``np.unique`` took 14x as long on 6·10^5 int64 keys, numpy 2.4.)

    From ``_PAIR_SORT`` keys on, the two halves are sorted on two threads (numpy lets
    go of the interpreter lock) and merged by a stable sort, which finds the two runs
    and merges them in O(k): 0.030 -> 0.017 s on 6.3·10^5 random int64 keys."""
    if key.size >= _PAIR_SORT:
        from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415 (big keys only)

        half = key.size // 2
        with ThreadPoolExecutor(1, thread_name_prefix="par-sort") as pool:
            other = pool.submit(key[half:].sort)
            key[:half].sort()
            other.result()
        key.sort(kind="stable")
    else:
        key.sort()
    keep = np.ones(key.size, dtype=bool)
    np.not_equal(key[1:], key[:-1], out=keep[1:])
    return key[keep]


_PAIR_SORT = 1 << 18  # keys from which :func:`distinct` sorts on two threads


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
    if costs is None:  # each source's smallest node, marked: ascending without a sort
        first = np.full(entered.size, labels.size, dtype=np.int64)
        np.minimum.at(first, comp, cand)
        seed = np.zeros(labels.size, dtype=np.bool_)
        seed[first[~entered]] = True
        return np.flatnonzero(seed)
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
    edge_count: int | None = None  # distinct condensation edges, if counted in the kernel


def par_arrays(
    src: Int32Array,
    dst: Int32Array,
    n: int,
    costs: npt.ArrayLike | None,
    *,
    canonical: bool,
    edges: bool,
    components: tuple[Int32Array, int] | None = None,
    reorder: bool = False,
    consume: bool = False,
) -> ArrayPar:
    """Par of a checked edge-array graph by the scipy kernel; O(n + m) (edges: O(m log m)).

    Parameters as :func:`proofgrid.graph.scc.par`; ``costs`` are kept exact
    (int64, summed as Python ints) unless some cost is fractional; ``components``:
    the labels and their number if already found
    (:func:`proofgrid.graph.scc.peeled_components`: then neither ``reorder`` nor
    ``consume`` applies, the edges are read as they are). With
    ``reorder`` and edges laid out by :func:`pair_arrays`, the adjacency is built
    inside the edges' own memory (:func:`pack_csr`) and the edges are put back
    afterwards in another order (:func:`unpack_csr`); O(m log m) then. With
    ``consume`` as well, they are not put back: their contents are left undefined
    (their memory given back to the system), and the distinct condensation edges
    are counted here instead (``edge_count``), from the adjacency.

    Memory beyond the edges (``m`` edges, ``n`` nodes; bytes)
    ----------------------------------------------------------
    * Laid out by :func:`pair_arrays`, ``reorder``: the sort adds nothing; the
      walk one step; while scipy runs, the edges' 8 bytes each shrink to the 4 of
      ``indices`` (the rest given back), plus ``indptr`` (4 a node), the labels
      (4 a node) and scipy's own (a successor position, 4 a node, and two
      stacks, up to 8 a node); putting the edges back returns to 8 an edge, the
      labels still held, as the row starts are given back. So the peak is
      ``8 m + 20 n`` at most; with ``consume``, ``8 m`` (the sort) or ``4 m +
      20 n`` (scipy), whichever is more.
    * Otherwise (:func:`csr`): ``src`` and ``dst`` stay, and the CSR adds 6 an
      edge while scipy builds it and 4 after, plus the same ``20 n``.

    Counted on ``proofgrid par`` of 2·10^7 random Parquet edges over 4·10^6 nodes
    (MiB, resident, above the process's 124 before reading; ``PROOFGRID_PAR_PHASES``
    and /proc sampling): read 153 (edges) + 15 (values) + 17 (coder table) + a
    batch, 221 at most; sort 174; CSR 76 (heads) + 15 + 16 (row starts), 116,
    with one step of the walk and the row starts' scan on top while it runs
    (peak 200); scipy 115 + 16 (labels) + ~30 (its work arrays), ~180; with
    ``consume`` nothing after. So the read's peak is the command's (11.7 bytes an
    edge). Without ``consume``, putting the edges back ends at 153 + 15 + 16
    (labels) + what the row starts not yet given back hold.
    """
    c = exact_costs(costs)
    keys = packed(src, dst) if components is None and (reorder or consume) and n else None
    edge_count: int | None = None
    if keys is None:
        labels, count = components or strong_components(src, dst, n)  # given: found
        if canonical:
            labels = _canonical(labels, count)
        entered = np.zeros(count, dtype=bool)
        for lo in range(0, src.size, _STEP):  # a step at a time: no edge-sized temporaries
            ld = labels[dst[lo : lo + _STEP]]
            entered[ld[labels[src[lo : lo + _STEP]] != ld]] = True
    else:
        adj = pack_csr(keys, n)
        del keys
        try:
            labels, count = _components(adj.matrix())
            phase("scc")
            if canonical:
                labels = _canonical(labels, count)
            entered = _entered_rows(labels, adj, count)
            if consume and edges:
                edge_count = _csr_cross_count(labels, adj, count)
        finally:
            if consume:
                discard_csr(adj)
            else:
                trim()  # scipy's freed work arrays, before the edges take 8 bytes again
                unpack_csr(adj)
                phase("unpack")
    seeds = _cheapest_per_source(labels, entered, c)
    return ArrayPar(
        labels=labels,
        count=count,
        seeds=seeds,
        sources=labels[seeds].astype(np.int64),
        cost=seed_cost(seeds, c),
        edges=_distinct_edges(labels, src, dst, count) if edges and not consume else None,
        edge_count=edge_count,
    )


def csr_seeds(adj: PackedCsr, costs: CostArray | None) -> IntArray:
    """The cheapest node of every source component (ties: the smallest id), ascending,
    of a packed adjacency (:func:`pack_csr`), by scipy's strong components as in
    :func:`par_arrays`; O(n + m)."""
    labels, count = _components(adj.matrix())
    phase("scc")
    return _cheapest_per_source(labels, _entered_rows(labels, adj, count), costs)


def discard_csr(adj: PackedCsr) -> None:
    """Give the memory of a packed adjacency (and of the edges it was built in) back to
    the system; ``adj`` is not read again (``consume``)."""
    trim()
    _release(adj.keys, 0, 8 * adj.keys.size)
    _release(adj.indptr, 0, 4 * adj.indptr.size)


def exact_costs(costs: npt.ArrayLike | None) -> CostArray | None:
    """Costs kept exact: int64, or float64 if any cost is fractional."""
    if costs is None:
        return None
    raw = np.asarray(costs)
    if raw.dtype.kind == "f":
        return raw.astype(np.float64, copy=False)
    return raw.astype(np.int64, copy=False)


def seed_cost(seeds: IntArray, costs: CostArray | None) -> int | float:
    """The seeds' total cost (their number without costs), summed as Python numbers."""
    return int(seeds.size) if costs is None else sum(costs[seeds].tolist())


def _entered_rows(labels: Int32Array, adj: PackedCsr, count: int) -> npt.NDArray[np.bool_]:
    """Which components an edge of the adjacency enters from another; O(m) in steps."""
    entered = np.zeros(count, dtype=bool)
    for lo, hi, rows in adj.row_steps():
        ld = labels[adj.indices[lo:hi]]
        entered[ld[labels[rows] != ld]] = True
    return entered


def _csr_cross_count(labels: Int32Array, adj: PackedCsr, count: int) -> int:
    """Number of distinct condensation edges, from the adjacency (as :func:`cross_keys`)."""
    parts: list[IntArray] = []
    for lo, hi, rows in adj.row_steps():
        ls = labels[rows]
        ld = labels[adj.indices[lo:hi]]
        cross = ls != ld
        key = ls[cross].astype(np.int64)
        key *= count
        key += ld[cross]
        parts.append(distinct(key))
    if not parts:
        return 0
    return int((distinct(np.concatenate(parts)) if len(parts) > 1 else parts[0]).size)
