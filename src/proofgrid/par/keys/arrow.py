"""First-appearance codes of names by Arrow's hash table, partition by partition.

A strategy of :mod:`proofgrid.par.keys`: the named path of
:mod:`proofgrid.par.text` for large texts, and string columns of tables
(:mod:`proofgrid.par.tables`), when pyarrow is installed (the ``arrow`` extra).
Each scanned chunk brings its tokens' bytes end to end (a scan with ``pack``,
:func:`proofgrid.par.scan.scan_chunks`) and their lengths:
exactly an Arrow ``binary`` array (offsets = running sum of the lengths).

Method
------
1. *Partition* (on worker threads, as chunks arrive): every token gets a
   partition ``0 .. P-1`` from a hash of its length and its first and last eight
   bytes (equal names, equal partitions), and the chunk's tokens are reordered,
   stably, partition by partition (``pyarrow.compute.take``).
2. *Encode* each partition on its own (``pyarrow.compute.dictionary_encode``, two
   threads): one hash table per partition, a P-th of the names, small enough to
   stay in cache. One hash table over all 10^7 tokens of
   ``bench/bench_par_igraph.py``'s named file took 3.4 s; 64 of them, 0.35 s
   (2026-12-02, this machine: the big table's every probe missed the cache).
   Arrow compares candidates byte for byte (exact: ``007`` ≠ ``7``) and numbers a
   partition's names in order of first appearance in it.
3. *Renumber*: a name's first appearance in the file is its partition's first
   appearance (the partitions keep file order), found where a partition's codes
   pass their running maximum (for table columns, read column by column, the
   least position of each code: :func:`key_columns`); ranking those positions
   gives every name its code in order of first appearance in the whole file, and
   the tokens' codes are scattered back to file order. The dictionaries, taken in
   that order, are the table of names, so the text itself need not be kept.

O(bytes + tokens) expected time, plus O(n log n) to rank the n names; memory: the
tokens' bytes plus about 16 bytes a token.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from proofgrid.par.keys.table import LOWMASK, first_positions, mix
from proofgrid.par.scan import (
    THREADS,
    EdgeListError,
    Scan,
    alloc,
    give_back,
    line_fields,
)

Int32Array = npt.NDArray[np.int32]
IntArray = npt.NDArray[np.integer[Any]]

_LIMIT = 2**31 - 1  # bytes an Arrow ``binary`` chunk (int32 offsets) may hold
_PARTS = 64  # hash partitions: at 10^6 names, ~16k each, a table that fits in L2


def available() -> bool:
    """Whether pyarrow can be imported (it is then imported: ask only when it will be used)."""
    try:
        import pyarrow.compute  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def _ints(values: npt.NDArray[np.integer[Any]]) -> Any:
    """A numpy int32/int64 array as an Arrow array, without a copy (and without
    ``pyarrow.array``, which imports pandas to ask whether the input is pandas)."""
    import pyarrow as pa  # noqa: PLC0415

    if values.dtype != np.int32:
        values = values.astype(np.int64, copy=False)
    values = np.ascontiguousarray(values)
    kind = pa.int32() if values.dtype == np.int32 else pa.int64()
    return pa.Array.from_buffers(kind, int(values.size), [None, pa.py_buffer(values)])


def _no_names() -> Any:
    """An empty Arrow ``binary`` array."""
    import pyarrow as pa  # noqa: PLC0415

    return pa.Array.from_buffers(
        pa.binary(), 0, [None, pa.py_buffer(np.zeros(1, np.int32)), pa.py_buffer(b"")]
    )


class TooLongError(Exception):
    """A chunk's names exceed an Arrow ``binary`` array (2 GiB); the reader says so."""


@dataclass(frozen=True, slots=True)
class Keyed:
    """The edges and names of a scanned text: ``src``, ``dst`` (int32 codes in
    first-appearance order), the number of nodes, each node's name as a span
    ``(name_start, name_len)`` of ``names`` (a padded buffer), and the newlines."""

    src: Int32Array
    dst: Int32Array
    n: int
    names: npt.NDArray[np.uint8]
    size: int
    name_start: IntArray
    name_len: IntArray
    newlines: int


def _partitions(packed: npt.NDArray[np.uint8], offsets: Int32Array, parts: int) -> Any:
    """The partition (``0 .. parts-1``, uint16) of each token of a packed chunk
    (token ``i`` is ``packed[offsets[i]:offsets[i + 1]]``): the top bits of the
    SplitMix64 finaliser of its length and its first and last eight bytes (the
    same for equal tokens). O(tokens)."""
    k = packed.size
    room = np.zeros(k + 16, dtype=np.uint8)  # 8 bytes of zeros either side
    room[8 : 8 + k] = packed
    words = np.ndarray((k + 9,), dtype="<u8", buffer=room, strides=(1,))  # words[i] = room[i:i+8]
    lengths = np.diff(offsets)
    take = np.minimum(lengths, 8)
    first = words[offsets[:-1] + 8] & LOWMASK[take]
    last = words[offsets[1:]] >> ((8 - take).astype(np.uint64) << np.uint64(3))
    first *= np.uint64(0x9E3779B97F4A7C15)
    first ^= last
    first ^= lengths.astype(np.uint64) << np.uint64(56)
    bits = (parts - 1).bit_length()
    if bits == 0:
        return np.zeros(offsets.size - 1, dtype=np.uint16)
    part = mix(first) >> np.uint64(64 - bits)
    if parts & (parts - 1):
        part %= np.uint64(parts)
    return part.astype(np.uint16)


@dataclass(slots=True)
class _Chunk:
    """A chunk's tokens in partition order: the binary array, where each partition
    begins in it, and each token's position in the file."""

    tokens: Any  # pyarrow.BinaryArray (None once encoded)
    bounds: npt.NDArray[np.int64]  # parts + 1
    where: IntArray  # file position (token index) of each token, in partition order


def _split(
    packed: npt.NDArray[np.uint8],
    lengths: IntArray,
    at: int | IntArray,
    parts: int,
    itype: Any,
    *,
    step: int = 1,
) -> _Chunk:
    """One chunk's tokens reordered partition by partition (stable); ``at``: the
    file position of its first token (the others every ``step`` after it), or of
    each token. O(tokens + bytes)."""
    import pyarrow as pa  # noqa: PLC0415
    import pyarrow.compute as pc  # noqa: PLC0415

    offsets = np.empty(lengths.size + 1, dtype=np.int32)
    offsets[0] = 0
    np.cumsum(lengths, out=offsets[1:])
    arr = pa.Array.from_buffers(
        pa.binary(), int(lengths.size), [None, pa.py_buffer(offsets), pa.py_buffer(packed)]
    )
    part = _partitions(packed, offsets, parts)
    perm = np.argsort(part, kind="stable")
    bounds = np.zeros(parts + 1, dtype=np.int64)
    np.cumsum(np.bincount(part, minlength=parts), out=bounds[1:])
    tokens = pc.take(arr, _ints(perm.astype(np.int32)))
    if isinstance(at, int):
        where = perm.astype(itype)
        if step != 1:
            where *= step
        where += at
    else:
        where = at[perm].astype(itype, copy=False)
    return _Chunk(tokens, bounds, where)


def _indices(encoded: Any) -> Int32Array:
    """The int32 codes of a dictionary-encoded chunked array, chunk after chunk."""
    parts = []
    for chunk in encoded.chunks:
        ind = chunk.indices
        if len(ind):
            parts.append(
                np.frombuffer(
                    ind.buffers()[1], dtype=np.int32, count=len(ind), offset=4 * ind.offset
                )
            )
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)


def _where(chunks: list[_Chunk], p: int) -> IntArray:
    """The file positions of partition ``p``'s tokens, in file order."""
    return np.concatenate([c.where[c.bounds[p] : c.bounds[p + 1]] for c in chunks])


def _encode(chunks: list[_Chunk], ordered: bool, p: int) -> tuple[Any, Int32Array, IntArray]:
    """Partition ``p`` dictionary-encoded: its names, its tokens' codes (in the
    chunks' order), and the file position of each name's first token (``ordered``:
    the chunks hold their tokens in file order, so a name's first token is its
    first code; else the least position of each code). O(its bytes) expected."""
    import pyarrow as pa  # noqa: PLC0415
    import pyarrow.compute as pc  # noqa: PLC0415

    pieces = [c.tokens.slice(c.bounds[p], c.bounds[p + 1] - c.bounds[p]) for c in chunks]
    encoded = pc.dictionary_encode(pa.chunked_array(pieces, type=pa.binary()))
    local = _indices(encoded)
    names = encoded.chunks[0].dictionary if encoded.num_chunks else _no_names()
    where = _where(chunks, p)
    if ordered:
        return names, local, where[first_positions(local)]
    first = np.full(len(names), np.iinfo(where.dtype).max, dtype=where.dtype)
    np.minimum.at(first, local, where)
    return names, local, first


def _renumber(
    chunks: list[_Chunk], keyed: list[tuple[Any, Int32Array, IntArray]], total: int, pool: Any
) -> tuple[Int32Array, npt.NDArray[np.intp]]:
    """The code of the token at each of ``total`` positions (-1 where none is), in
    order of first appearance in the whole file, and for each code its index among
    the partitions' names taken one partition after another: ranking the names'
    first positions. O(tokens + n log n)."""
    firsts = np.concatenate([f for _d, _l, f in keyed])
    n = firsts.size
    order = np.argsort(firsts)  # (partition, code) -> its rank is the name's code
    del firsts
    rank = np.empty(n, dtype=np.int32)
    rank[order] = np.arange(n, dtype=np.int32)
    codes = np.full(total, -1, dtype=np.int32)
    at = np.cumsum([0] + [len(d) for d, _l, _f in keyed])

    def scatter(p: int) -> None:  # disjoint positions: partitions in parallel
        # The positions are gathered again (a copy of slices, ~2 ms a partition at
        # 10^7 tokens) rather than kept from _encode: 4 more bytes a token at the peak.
        codes[_where(chunks, p)] = rank[at[p] : at[p + 1]][keyed[p][1]]

    list(pool.map(scatter, range(len(keyed))))
    return codes, order


class TooManyError(Exception):
    """More than 2**31 - 1 distinct names (codes are int32); the reader says so."""


def _key_chunks(
    chunks: list[_Chunk], total: int, parts: int, pool: Any, *, ordered: bool
) -> tuple[Int32Array, Any]:
    """The code of the token at each of ``total`` positions (-1 where none is) in
    order of first appearance, and the names by code (an Arrow ``binary`` array),
    from ``chunks`` split into ``parts`` partitions (steps 2 and 3 of the module
    docstring; ``ordered`` as for :func:`_encode`)."""
    import pyarrow as pa  # noqa: PLC0415
    import pyarrow.compute as pc  # noqa: PLC0415

    give_back()  # the scanned chunks' bytes, freed once taken partition by partition
    keyed = list(pool.map(functools.partial(_encode, chunks, ordered), range(parts)))
    if sum(len(d) for d, _l, _f in keyed) >= 2**31:
        raise TooManyError
    for c in chunks:
        c.tokens = None  # the dictionaries hold each name once
    pa.default_memory_pool().release_unused()
    codes, order = _renumber(chunks, keyed, total, pool)
    names = pc.take(pa.concat_arrays([d for d, _l, _f in keyed]), _ints(order))
    return codes, names


def key_scans(
    scans: Iterable[tuple[int, Scan, int]], source: str, *, parts: int | None = None
) -> Keyed:
    """Check field counts (at most two a line) and key every token of ``scans``
    (scanned with ``pack=True``) in ``parts`` hash partitions (default ``_PARTS``;
    the module docstring gives the method). The codes do not depend on ``parts``.

    Raises :class:`EdgeListError` for a line of more than two fields, as
    :func:`proofgrid.par.scan.line_fields` does (the first in file order), and
    :class:`TooLongError` for a chunk whose names pass 2 GiB. O(bytes + tokens)
    expected, plus O(n log n) for n names.
    """
    parts = _PARTS if parts is None else parts
    itype: Any = np.int32
    pending: list[Future[_Chunk]] = []
    masks: list[tuple[int, npt.NDArray[np.bool_] | None]] = []
    total = line0 = nnl = 0
    with ThreadPoolExecutor(max(1, THREADS)) as pool:
        try:
            for line0, (_s, lengths, counts, nnl, _v, packed), _end in scans:  # noqa: B007
                mask = line_fields(counts, line0, source)
                if not lengths.size:
                    continue
                assert packed is not None, "scans must be made with pack=True"
                if packed.size > _LIMIT:
                    raise TooLongError
                if total + lengths.size >= 2**31:
                    itype = np.int64
                pending.append(pool.submit(_split, packed, lengths, total, parts, itype))
                masks.append((int(lengths.size), mask))
                total += int(lengths.size)
        except BaseException:
            for f in pending:
                f.cancel()
            raise
        if not pending:
            empty = np.zeros(0, dtype=np.int32)
            return Keyed(empty, empty, 0, alloc(0), 0, empty, empty, line0 + nnl)
        chunks = [f.result() for f in pending]
        del pending
        try:
            codes, names = _key_chunks(chunks, total, parts, pool, ordered=True)
        except TooManyError:
            raise EdgeListError(f"{source}: more than 2**31 - 1 nodes") from None
    if any(mask is not None for _k, mask in masks):
        keep = np.concatenate([np.ones(k, bool) if mask is None else mask for k, mask in masks])
        codes = codes[keep]
    src = codes[0::2].copy()
    dst = codes[1::2].copy()
    del codes
    n = len(names)
    ends = np.frombuffer(names.buffers()[1], dtype=np.int32, count=n + 1, offset=4 * names.offset)
    base = int(ends[0])
    size = int(ends[-1]) - base
    buf = alloc(size)
    data = names.buffers()[2]
    if size:
        buf[:size] = np.frombuffer(data, dtype=np.uint8, count=size, offset=base)
    start = (ends[:-1] - base).astype(np.int64)
    return Keyed(src, dst, n, buf, size, start, np.diff(ends).astype(np.int64), line0 + nnl)


_ROWS = 1 << 16  # column cells per split step (about a scanning chunk's tokens)


def _cells(arr: Any) -> tuple[npt.NDArray[np.uint8], IntArray]:
    """The bytes (end to end, no copy) and lengths of a string or binary array's cells."""
    import pyarrow as pa  # noqa: PLC0415

    wide = pa.types.is_large_string(arr.type) or pa.types.is_large_binary(arr.type)
    dtype = np.int64 if wide else np.int32
    _, offsets, data = arr.buffers()
    off = np.frombuffer(
        offsets, dtype=dtype, count=len(arr) + 1, offset=arr.offset * np.dtype(dtype).itemsize
    )
    lo, hi = int(off[0]), int(off[-1])
    raw = (
        np.frombuffer(data, dtype=np.uint8, count=hi - lo, offset=lo)
        if data is not None and hi > lo
        else np.zeros(0, dtype=np.uint8)
    )
    return raw, np.diff(off)


def valid_mask(arr: Any) -> npt.NDArray[np.bool_]:
    """Which cells of an Arrow array are not null (its validity bitmap, unpacked)."""
    if arr.null_count == 0:
        return np.ones(len(arr), dtype=bool)
    if arr.null_count == len(arr):  # a null-typed array has no bitmap
        return np.zeros(len(arr), dtype=bool)
    bitmap = arr.buffers()[0]
    bits = np.unpackbits(np.frombuffer(bitmap, dtype=np.uint8), bitorder="little")
    return bits[arr.offset : arr.offset + len(arr)].astype(bool)


def _split_cells(arr: Any, first: int, step: int, parts: int, itype: Any) -> _Chunk | None:
    """:func:`_split` for a slice of a string column whose cell ``i`` is at position
    ``first + i * step``; null and empty cells are left out (None if all are)."""
    import pyarrow.compute as pc  # noqa: PLC0415

    packed, lengths = _cells(arr)
    keep = valid_mask(arr) & (lengths > 0)
    at: int | IntArray = first
    if not keep.all():
        at = np.flatnonzero(keep).astype(itype) * step + first
        packed, lengths = _cells(pc.take(arr, _ints(np.flatnonzero(keep))))
    if packed.size > _LIMIT:
        raise TooLongError
    if not lengths.size:
        return None
    return _split(packed, lengths, at, parts, itype, step=step)


def key_columns(columns: list[Any], *, parts: int | None = None) -> tuple[Int32Array, Any]:
    """First-appearance codes of the cells of equal-length string (or binary)
    arrays or chunked arrays read row by row (position ``row * k + column`` of k
    columns), -1 for a null or empty cell, and the names by code (an Arrow
    ``binary`` array): the method of the module docstring over the columns' own
    buffers, a ``_ROWS`` slice at a time. Raises :class:`TooManyError` past
    2**31 - 1 names, :class:`TooLongError` for a slice of over 2 GiB.
    O(bytes + cells) expected, plus O(n log n) for n names."""

    parts = _PARTS if parts is None else parts
    k = len(columns)
    rows = len(columns[0]) if columns else 0
    total = k * rows
    itype: Any = np.int32 if total < 2**31 else np.int64
    pending: list[Future[_Chunk | None]] = []
    with ThreadPoolExecutor(max(1, THREADS)) as pool:
        try:
            for j, col in enumerate(columns):
                r = 0
                for piece in getattr(col, "chunks", [col]):
                    for i in range(0, len(piece), _ROWS):
                        arr = piece.slice(i, _ROWS)
                        pending.append(
                            pool.submit(_split_cells, arr, (r + i) * k + j, k, parts, itype)
                        )
                    r += len(piece)
            chunks = [c for c in (f.result() for f in pending) if c is not None]
        except BaseException:
            for f in pending:
                f.cancel()
            raise
        del pending
        if not chunks:
            return np.full(total, -1, dtype=np.int32), _no_names()
        return _key_chunks(chunks, total, parts, pool, ordered=False)
