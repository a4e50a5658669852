"""Par's seeds without every strong component: trim the nodes nothing enters, then reach.

For ``proofgrid par``'s plain answer (par, the seeds, their cost), which needs the
*source* components only, not the component of every node.

Theorem (trim and reach). Let ``Z`` be the nodes of in-degree 0 and ``U`` the
nodes reached from no node of ``Z`` (by a path of one edge or more, or being in
``Z``). Then the source components of ``G`` are the singletons ``{z}``, ``z`` in
``Z``, and the source components of the induced subgraph ``G[U]``.

Proof. A node nothing enters is a strong component by itself, and a source. A
source component ``C`` of ``G`` other than those contains no node of ``Z`` and is
reached from none: a path from ``z`` outside ``C`` into ``C`` would enter ``C``.
So ``C`` lies in ``U``; it stays strongly connected there (its paths stay in
``C``) and nothing in ``U`` enters it, so it is a source component of ``G[U]``.
Conversely, let ``D`` be a source component of ``G[U]``. Every node with a path
into ``D`` lies in ``U`` (else ``D`` would be reached), so a node strongly connected
to ``D`` in ``G`` is so in ``G[U]``, and ``D`` is a strong component of ``G``. No
edge enters ``D`` from ``U`` (it is a source there), nor from outside ``U`` (the
edge would reach ``D``): ``D`` is a source component of ``G``. QED.

The cheapest node of each source component (ties to the smallest id) is then the
node itself for ``Z`` and, in ``G[U]`` with its nodes renumbered in ascending
order (so that ties fall the same way), the cheapest of each of its source
components (:func:`proofgrid.graph.scc.par`). This is the trimming step of Slota,
Rajamanickam and Madduri's Multistep method (and of Hong et al.'s), with the
forward reach from every trimmed node at once.

On a random graph with a few in-degree-0 nodes, they reach almost everything in a
few levels and ``G[U]`` is empty or tiny, where the strong components of the whole
graph cost scipy's import and its depth-first pass. Two ways to reach:

* :func:`relaxed_seeds`, on the edges as they lie (no adjacency, no sort): passes
  over the edges, a block at a time, mark the head of every edge whose tail is
  marked, until a pass marks nothing (the fixpoint is the reach: every marked node
  is reached, by induction, and at the fixpoint no edge leaves the marked set).
  Marks made early in a pass are used later in the same pass, so a random graph
  needs a handful of passes; each is O(m) vectorised work. It gives up past
  ``max_passes`` passes (a long path in an unlucky order);
* :func:`source_seeds`, on a CSR adjacency: a level-synchronous breadth-first
  search, O(n + m) work in O(levels) vectorised steps; it gives up past
  ``max_levels`` levels (a long path: one numpy step a level would be slow).

Both give up (``None``) when there is no in-degree-0 node or when most nodes are
left unreached, and the caller finds every component as before.

References
----------
G. M. Slota, S. Rajamanickam, K. Madduri, "BFS and coloring-based parallel
algorithms for strongly connected components and related problems", IPDPS 2014.
S. Hong, N. C. Rodia, K. Olukotun, "On fast parallel detection of strongly
connected components (SCC) in small-world graphs", SC 2013.
"""

from __future__ import annotations

import enum
import itertools
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from proofgrid.graph import scc
from proofgrid.graph.compiled import distinct

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["GaveUp", "forward_reach", "induced", "relaxed_seeds", "source_seeds"]

IntArray = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
BoolArray = npt.NDArray[np.bool_]


class GaveUp(enum.Enum):
    """Why :func:`relaxed_seeds` gave the source components up: the caller then finds
    them another way, and only a reach cut short (``DEEP``) is worth trying again by
    levels (:func:`source_seeds`); the other two reasons hold for any reach."""

    NO_SOURCE = "no node of in-degree 0"
    DEEP = "the reach had not settled after its passes"
    MOSTLY_LEFT = "more than half the nodes unreached"


#: Heads gathered per vectorised step: temporaries stay ~16 MB whatever the level's size.
_STEP = 1 << 20
#: Levels before :func:`source_seeds` gives the reach up (one numpy step each, ~50 µs).
MAX_LEVELS = 4096
#: Edges per block of :func:`relaxed_seeds`' passes (temporaries ~ 13 bytes an edge of it).
_BLOCK = 1 << 20
#: :func:`relaxed_seeds` keeps the open edges once they are at most ``m`` / this.
_OPEN_SHARE = 8
#: Passes over the edges before :func:`relaxed_seeds` gives the reach up.
MAX_PASSES = 16


def _ranges(indices: Int32Array, lo: IntArray, lengths: IntArray) -> Int32Array:
    """``indices[lo[i] : lo[i] + lengths[i]]`` for every ``i``, concatenated; O(total)."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int32)
    ends = np.cumsum(lengths)
    shift = lo - (ends - lengths)  # position in indices minus position in the output
    at = np.arange(total, dtype=np.int64)
    at += np.repeat(shift, lengths)
    return indices[at]


def forward_reach(
    indptr: Int32Array, indices: Int32Array, starts: IntArray, *, max_levels: int = MAX_LEVELS
) -> BoolArray | None:
    """Which nodes a path (of zero edges or more) from ``starts`` reaches, or None past
    ``max_levels`` levels.

    ``indptr``, ``indices``: a CSR adjacency over ``0 .. n-1`` (row ``v`` lists the
    heads of the edges leaving ``v``). Level-synchronous breadth-first search: each
    level gathers the rows of its frontier ``_STEP`` heads at a time, keeps the heads
    not yet reached, marks them, and their distinct values are the next frontier.
    O(n + m) work; memory ``n`` bytes (which are reached), 4 bytes a node of the
    frontier and of the next, and ~16 bytes a head of one step.
    """
    n = indptr.size - 1
    reached = np.zeros(n, dtype=np.bool_)
    reached[starts] = True
    front = np.asarray(starts, dtype=np.int32)
    for _ in range(max_levels):
        if front.size == 0:
            return reached
        parts: list[Int32Array] = []
        for at in range(0, front.size, _STEP):  # a piece of the frontier at a time
            piece = front[at : at + _STEP]
            lo = indptr[piece].astype(np.int64)
            lengths = indptr[piece + 1] - lo
            ends = np.cumsum(lengths)
            cuts = np.searchsorted(ends, np.arange(_STEP, int(ends[-1]), _STEP), side="left")
            bounds = np.unique(np.concatenate([[0], cuts, [piece.size]])).tolist()
            for a, b in itertools.pairwise(bounds):  # ~_STEP heads at a time
                heads = _ranges(indices, lo[a:b], lengths[a:b])
                fresh = heads[~reached[heads]]
                if fresh.size:
                    reached[fresh] = True
                    parts.append(distinct(fresh))  # a sort: np.unique hashes, 20x slower
        front = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
    return reached if front.size == 0 else None


def induced(
    indptr: Int32Array, indices: Int32Array, nodes: IntArray
) -> tuple[Int32Array, Int32Array]:
    """The edges of the subgraph induced by ``nodes`` (ascending), renumbered ``0 ..
    len(nodes)-1`` in that order: ``(src, dst)``; O(len(nodes) + their out-edges)."""
    n = indptr.size - 1
    local = np.full(n, -1, dtype=np.int32)
    local[nodes] = np.arange(nodes.size, dtype=np.int32)
    lo = indptr[nodes].astype(np.int64)
    lengths = indptr[nodes + 1] - lo
    heads = _ranges(indices, lo, lengths)
    tails = np.repeat(np.arange(nodes.size, dtype=np.int32), lengths)
    inside = local[heads]
    keep = inside >= 0
    return tails[keep], inside[keep]


def source_seeds(
    indptr: Int32Array,
    indices: Int32Array,
    costs: npt.NDArray[np.int64] | npt.NDArray[np.float64] | None,
    *,
    max_levels: int = MAX_LEVELS,
) -> IntArray | None:
    """The cheapest node of every source component (ties: the smallest id), ascending,
    by trim and reach (module docstring), or None when that does not pay: no node of
    in-degree 0, a reach of more than ``max_levels`` levels, or more than half the
    nodes unreached.

    ``indptr``, ``indices``: a CSR adjacency over ``0 .. n-1`` (repeats and self-loops
    allowed; a node whose only entering edge is a self-loop is left to ``G[U]``).
    ``costs``: every node's cost, or None for 1 each. O(n + m) besides ``G[U]``'s
    own strong components (:func:`proofgrid.graph.scc.par`).
    """
    n = indptr.size - 1
    if n == 0:
        return None
    entered = np.zeros(n, dtype=np.bool_)
    entered[indices] = True
    zero = np.flatnonzero(~entered).astype(np.int64)
    del entered
    if zero.size == 0:
        return None
    reached = forward_reach(indptr, indices, zero, max_levels=max_levels)
    if reached is None:
        return None
    rest = np.flatnonzero(~reached).astype(np.int64)
    del reached
    if rest.size == 0:
        return zero
    if 2 * rest.size > n:
        return None
    src, dst = induced(indptr, indices, rest)
    return _with_rest(zero, rest, src, dst, costs)


def _with_rest(
    zero: IntArray,
    rest: IntArray,
    src: Int32Array,
    dst: Int32Array,
    costs: npt.NDArray[np.int64] | npt.NDArray[np.float64] | None,
) -> IntArray:
    """The seeds: ``zero`` and the cheapest node of each source component of ``G[U]``
    (``rest`` ascending; ``src``, ``dst`` its edges renumbered in that order)."""
    sub = scc.par(
        scc.Arcs(int(rest.size), src, dst),
        None if costs is None else costs[rest],
        kernel="scipy",  # peels first: a small G[U] is finished by Tarjan, without scipy
    )
    seeds = np.concatenate([zero, rest[np.asarray(sub.seeds, dtype=np.int64)]])
    seeds.sort()
    return seeds


def _entered(dst: Int32Array, reached: BoolArray, blocks: list[tuple[int, int]]) -> None:
    """Unmark the heads of the edges of ``blocks`` (only ever sets False: two threads
    may run it on different blocks at once)."""
    for a, b in blocks:
        reached[dst[a:b]] = False


def _relax(
    src: Int32Array,
    dst: Int32Array,
    reached: BoolArray,
    blocks: list[tuple[int, int]],
    by_tail: bool,
    *,
    keep: int = 0,
) -> tuple[int, list[tuple[Int32Array, Int32Array]] | None]:
    """One pass of :func:`relaxed_seeds` over ``blocks``: mark the head of every edge
    whose tail is marked; the number of marks made (repeats counted: 0 iff none),
    and (``keep`` > 0, filtering by head) the edges whose head was unmarked when read,
    as long as they number at most ``keep`` (else None; and None when filtering by tail).

    Two threads may run it on different blocks at once: they only ever set entries of
    ``reached`` to True, so a mark one misses is made or found on a later pass, and a
    pass in which neither marks anything read a ``reached`` that did not change."""
    marked = 0
    kept: list[tuple[Int32Array, Int32Array]] | None = [] if keep and not by_tail else None
    total = 0
    for a, b in blocks:
        if by_tail:
            heads = dst[a:b][reached[src[a:b]]]
            fresh = heads[~reached[heads]]
        else:
            open_ = ~reached[dst[a:b]]
            heads = dst[a:b][open_]
            tails = src[a:b][open_]
            fresh = heads[reached[tails]]
            if kept is not None:
                total += int(heads.size)
                if total > keep:
                    kept = None
                else:
                    kept.append((tails, heads))
        if fresh.size:
            reached[fresh] = True
            marked += int(fresh.size)
    return marked, kept


def _blocks(m: int) -> list[tuple[int, int]]:
    """The ``_BLOCK``-edge blocks of ``m`` edges."""
    return [(a, min(a + _BLOCK, m)) for a in range(0, m, _BLOCK)]


def relaxed_seeds(
    src: Int32Array,
    dst: Int32Array,
    n: int,
    costs: npt.NDArray[np.int64] | npt.NDArray[np.float64] | None,
    *,
    max_passes: int = MAX_PASSES,
) -> IntArray | GaveUp:
    """:func:`source_seeds` on the edges as they lie, by passes of relaxation (module
    docstring): no adjacency, no sort, the edges only read.

    ``src``, ``dst``: int32 arrays over ``0 .. n-1`` (any strides; repeats and
    self-loops allowed). :class:`GaveUp` with its reason when there is no node of
    in-degree 0, when the reach has not settled after ``max_passes`` passes, or when
    more than half the nodes are left unreached. O(m) a pass until a pass filtering by
    head finds at most ``m / 8`` edges still open, then O(those) a pass; besides
    ``G[U]``'s own strong components.
    Memory ``2n`` bytes, O(``_BLOCK``) temporaries and at most ``m / 8`` open edges
    (8 bytes each: 1 byte an edge), plus ``G[U]``'s edges, 8 bytes each.
    """
    m = src.size
    if n == 0:
        return GaveUp.NO_SOURCE
    blocks = _blocks(m)
    halves = blocks[0::2], blocks[1::2]  # dealt alternately to two threads
    pool: ThreadPoolExecutor | None = None
    if len(blocks) > 1:  # a second thread only for a graph of more than one block
        from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415 (start-up: on use)

        pool = ThreadPoolExecutor(1, thread_name_prefix="par-reach")
    reached = np.ones(n, dtype=np.bool_)
    # Once most nodes are marked, a pass keeps the edges whose head it found unmarked
    # (when they are at most an eighth of all: 1 byte an edge of memory at most), and
    # the passes after it read only those: the last passes of a reach, which mark a
    # few nodes each, then cost what is left open, not m (measured: the reach on
    # 5·10⁶ random edges, bench/README.md).
    keep = m // _OPEN_SHARE
    edges = (src, dst)
    try:
        if pool is None:  # reached = nodes of in-degree 0, to begin with
            _entered(dst, reached, blocks)
        else:
            unmark = pool.submit(_entered, dst, reached, halves[1])
            _entered(dst, reached, halves[0])
            unmark.result()
        zero = np.flatnonzero(reached)
        if zero.size == 0:
            return GaveUp.NO_SOURCE
        count = int(zero.size)
        for _ in range(max_passes):
            by_tail = 2 * count < n  # filter first by whichever end is more often unmarked
            s, d = edges
            if pool is None or len(halves[1]) == 0:
                marked, kept = _relax(s, d, reached, halves[0] + halves[1], by_tail, keep=keep)
            else:  # two threads (numpy lets go of the interpreter lock in its gathers)
                other = pool.submit(_relax, s, d, reached, halves[1], by_tail, keep=keep // 2)
                marked, kept = _relax(s, d, reached, halves[0], by_tail, keep=keep // 2)
                marked_other, kept_other = other.result()
                marked += marked_other
                kept = None if kept is None or kept_other is None else kept + kept_other
            if marked == 0:
                break
            count += marked
            if kept is not None:  # the open edges only, from now on
                edges = (
                    np.concatenate([t for t, _ in kept]) if kept else src[:0],
                    np.concatenate([h for _, h in kept]) if kept else dst[:0],
                )
                left = _blocks(edges[0].size)
                halves = left[0::2], left[1::2]
                keep = edges[0].size
        else:
            return GaveUp.DEEP
    finally:
        if pool is not None:
            pool.shutdown()
    rest = np.flatnonzero(~reached)
    if rest.size == 0:
        return zero
    if 2 * rest.size > n:
        return GaveUp.MOSTLY_LEFT
    local = np.full(n, -1, dtype=np.int32)
    local[rest] = np.arange(rest.size, dtype=np.int32)
    tails: list[Int32Array] = []
    heads_: list[Int32Array] = []
    for a, b in blocks:  # the edges of G[U]: a reached tail's head is reached too
        t = local[src[a:b]]
        h = local[dst[a:b]]
        inside = (t >= 0) & (h >= 0)
        tails.append(t[inside])
        heads_.append(h[inside])
    del local
    return _with_rest(zero, rest, np.concatenate(tails), np.concatenate(heads_), costs)
