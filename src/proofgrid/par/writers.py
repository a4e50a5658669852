"""Writers: the answer of ``proofgrid par`` as bytes, streamed a block at a time.

The last stage of the pipeline. Every writer takes plain arrays (node ids,
component numbers, the certificate of :mod:`proofgrid.graph.sparse`) and a name
source (anything with ``name_bytes(ids)``: :class:`~proofgrid.par.names.NameBytes`
of those nodes, decoded in bulk), and writes to a binary stream:

* :func:`write_certificate_json` — the certificate of ``--json`` (keys in
  ``docs/par.md``) as one compact JSON document, written as it is produced;
* :func:`write_components` — ``node<TAB>component`` for every node;
* :func:`write_condensation` — ``a<TAB>b`` for every condensation edge;
* :func:`write_seed_lines` — the ``  name`` lines of the plain answer;
* :func:`plain_name` — a name for a line of plain text (control characters escaped).

Method
------
Nothing is built per source or per node in Python. A block of output is a list
of *segments* (start and length in a small pool of bytes: the literals, the
decimal digits of the numbers, the block's names); the segments' positions are
computed with numpy (each source has a fixed number of segments plus three per
listed member), and the block is one gather of the pool
(:func:`~proofgrid.par.names.gather`). Names that JSON (``"``, ``\\``, control
characters) or a TSV line (control characters) must escape are found by one
vectorised test of their bytes and re-encoded one by one (text files have
none but quotes and backslashes, which are rare). O(output) time; memory
O(block).
"""

from __future__ import annotations

import collections
import functools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from proofgrid.par.names import NameBytes, gather, integer_text

if TYPE_CHECKING:
    from proofgrid.graph.sparse import ParCertificate
    from proofgrid.par.costs import CostTable

__all__ = [
    "NameSource",
    "plain_name",
    "write_certificate_json",
    "write_components",
    "write_condensation",
    "write_seed_lines",
]

_BLOCK = 1 << 12  # sources (or 16x as many nodes) per written block
_AHEAD = 4  # blocks of JSON made ahead of the one being written (:func:`_write_blocks`)


class NameSource(Protocol):
    """Anything that gives the UTF-8 names of node ids in bulk (a read graph)."""

    def name_bytes(self, nodes: npt.ArrayLike) -> NameBytes: ...


_CONTROL = {c: f"\\x{c:02x}" for c in [*range(32), 127]}


def plain_name(name: str) -> str:
    """A name for one line of plain output: control characters (possible only in
    names from tables and Python objects; a text file has none) written ``\\xNN``."""
    if name.isprintable() or not any(ord(c) < 32 or ord(c) == 127 for c in name):
        return name
    return name.translate(_CONTROL)


def _escaped(names: NameBytes, encode: Callable[[str], str], json_quotes: bool) -> NameBytes:
    """``names`` with the ones that need escaping re-encoded by ``encode`` (appended to
    the buffer); the test is vectorised (the positions of the bytes to escape, then
    two binary searches a name: O(buffer + k log)), the re-encoding one name at a time.
    ``plain`` names (no control characters) are tested for JSON's quotes only."""
    buf = names.buf
    if names.plain and not json_quotes:  # no control characters, nothing to escape
        return names
    at = _to_escape(buf, *_extent(names), names.plain, json_quotes)
    if not at.size:
        return names
    inside = np.searchsorted(at, names.starts + names.lengths) - np.searchsorted(at, names.starts)
    flagged = np.flatnonzero(inside)
    if not flagged.size:
        return names
    extra = bytearray()
    starts, lengths = names.starts.copy(), names.lengths.copy()
    for i in flagged.tolist():
        a = int(names.starts[i])
        fixed = encode(buf[a : a + int(names.lengths[i])].tobytes().decode("utf-8")).encode("utf-8")
        starts[i] = buf.size + len(extra)
        lengths[i] = len(fixed)
        extra += fixed
    return NameBytes(np.concatenate([buf, np.frombuffer(bytes(extra), np.uint8)]), starts, lengths)


_SCAN = 1 << 20  # bytes of a name buffer tested at a time (small temporaries)


def _extent(names: NameBytes) -> tuple[int, int]:
    """The part ``lo:hi`` of ``names.buf`` the names lie in (a file's text may be
    padded, or hold more than the names)."""
    if not names.starts.size:
        return 0, 0
    return int(names.starts.min()), int((names.starts + names.lengths).max())


def _to_escape(
    buf: npt.NDArray[np.uint8], lo: int, hi: int, plain: bool, json_quotes: bool
) -> npt.NDArray[np.int64]:
    """The positions in ``buf[lo:hi]`` of the bytes to escape (``"``, ``\\`` for JSON;
    bytes 0-31 unless ``plain``; 127 outside JSON), tested ``_SCAN`` bytes at a time
    into small reused arrays: a whole-buffer temporary was as large as a file's text,
    and its fresh pages cost more than the test (0.2 s on 33 MB)."""
    found: list[npt.NDArray[np.int64]] = []
    bad = np.empty(min(_SCAN, max(hi - lo, 0)), dtype=bool)
    more = np.empty_like(bad)
    for a in range(lo, hi, _SCAN):
        chunk = buf[a : min(hi, a + _SCAN)]
        b, o = bad[: chunk.size], more[: chunk.size]
        if plain:
            np.equal(chunk, 0x22, out=b)
        else:
            np.less(chunk, 32, out=b)
            np.logical_or(b, np.equal(chunk, 0x22 if json_quotes else 127, out=o), out=b)
        if json_quotes:
            np.logical_or(b, np.equal(chunk, 0x5C, out=o), out=b)
        if b.any():
            found.append(np.flatnonzero(b) + a)
    if not found:
        return np.zeros(0, dtype=np.int64)
    return np.concatenate(found).astype(np.int64)


def _json_body(name: str) -> str:
    return json.dumps(name, ensure_ascii=False)[1:-1]


def _digits(values: npt.NDArray[np.integer[Any]]) -> NameBytes:
    """Decimal text of non-negative integers, as name-like spans."""
    buf, starts, lengths = integer_text(np.asarray(values, dtype=np.int64))
    return NameBytes(buf, starts.astype(np.int64), lengths.astype(np.int64))


class _Pool:
    """Byte pools laid end to end; :meth:`add` returns the offset of a pool."""

    def __init__(self) -> None:
        self.parts: list[npt.NDArray[np.uint8]] = []
        self.size = 0

    def add(self, data: bytes | npt.NDArray[np.uint8]) -> int:
        arr = np.frombuffer(data, dtype=np.uint8) if isinstance(data, bytes) else data
        at = self.size
        self.parts.append(arr)
        self.size += int(arr.size)
        return at

    def bytes_of(self, seg_start: npt.NDArray[np.int64], seg_len: npt.NDArray[np.int64]) -> bytes:
        pool = np.concatenate(self.parts) if self.parts else np.zeros(0, dtype=np.uint8)
        return gather(pool, seg_start, seg_len).tobytes()


def _number(value: Any) -> bytes:
    return json.dumps(value).encode("ascii")


def _spans_at(offsets: npt.NDArray[np.int64], lengths: npt.NDArray[np.int64]) -> Any:
    """Start offsets of consecutive spans of ``lengths`` beginning at 0."""
    at = np.zeros(lengths.size, dtype=np.int64)
    if lengths.size > 1:
        np.cumsum(lengths[:-1], out=at[1:])
    return at


@dataclass(frozen=True, eq=False)
class _Doc:
    """One pool of bytes for the whole certificate, made once: the literals, the
    escaped names, the sizes' digits and the seeds' costs; ``seed``/``member``: the
    span (start in the pool, length) of each seed's and each listed member's name,
    ``size``/``cost`` of each source's numbers."""

    pool: npt.NDArray[np.uint8]
    lit: dict[bytes, int]
    seed: tuple[Any, Any]
    member: tuple[Any, Any]
    size: tuple[Any, Any]
    cost: tuple[Any, Any] | None


_LITS = (
    b",",
    b',"',
    b'{"seed":"',
    b'","size":',
    b',"seed_cost":',
    b',"members":[',
    b'"',
    b'",',
    b"]}",
)


def _doc(graph: NameSource, cert: ParCertificate, groups: Any, costs: CostTable | None) -> _Doc:
    """The pool of :class:`_Doc`. The names of every node are decoded at once when the
    output names many of them (about as many as there are nodes), else only those
    named; either way each name's bytes are copied once into the pool."""
    k, listed = int(cert.seeds.size), int(groups.nodes.size)
    n = int(cert.n)
    if 2 * (k + listed) >= n:
        names = graph.name_bytes(np.arange(n, dtype=np.int64))
        seed_ix, member_ix = cert.seeds, groups.nodes
    else:
        names = graph.name_bytes(np.concatenate([cert.seeds, groups.nodes]))
        seed_ix = np.arange(k, dtype=np.int64)
        member_ix = np.arange(k, k + listed, dtype=np.int64)
    names = _escaped(names, _json_body, True)
    sizes = _digits(groups.sizes)
    parts: list[npt.NDArray[np.uint8]] = []
    lit: dict[bytes, int] = {}
    at = 0
    for x in _LITS:
        lit[x] = at
        parts.append(np.frombuffer(x, dtype=np.uint8))
        at += len(x)
    lo, hi = _extent(names)  # not the buffer's padding (a copy's fresh pages cost)
    names_at = at - lo
    parts.append(names.buf[lo:hi])
    at += hi - lo
    sizes_at = at
    parts.append(sizes.buf)
    at += int(sizes.buf.size)
    cost = None
    if costs is not None:
        text = [_number(costs.to_number(int(v))) for v in costs.values[cert.seeds]]
        cost_len = np.array([len(x) for x in text], dtype=np.int64)
        parts.append(np.frombuffer(b"".join(text), dtype=np.uint8))
        cost = (_spans_at(np.zeros(0, np.int64), cost_len) + at, cost_len)
    return _Doc(
        pool=np.concatenate(parts),
        lit=lit,
        seed=(names.starts[seed_ix] + names_at, names.lengths[seed_ix]),
        member=(names.starts[member_ix] + names_at, names.lengths[member_ix]),
        size=(sizes.starts + sizes_at, sizes.lengths),
        cost=cost,
    )


def write_certificate_json(
    out: IO[bytes],
    *,
    source: str,
    n: int,
    m: int,
    graph: NameSource,
    cert: ParCertificate,
    costs: CostTable | None,
    members_limit: int,
    missing: int | None,
) -> None:
    """Stream the certificate ``proofgrid par --json`` prints (keys in ``docs/par.md``)
    to ``out`` as compact JSON, sources a block at a time.

    The same document as the Python API's
    :meth:`proofgrid.par.Par.certificate` with names for nodes. Members are
    gathered by one sort (:func:`proofgrid.graph.sparse.source_groups`), names
    decoded in bulk into one pool with the numbers (:class:`_Doc`), and each block
    of output is one gather of that pool; with costs, each seed's cost is one
    Python step (exact decimals). O(n log n + output); memory the groups, the
    names and O(block).
    """
    from proofgrid.graph.sparse import source_groups  # noqa: PLC0415 (numpy: loaded)

    groups = source_groups(cert, members_limit)
    doc = _doc(graph, cert, groups, costs)
    w = out.write
    w(b'{"file":' + json.dumps(source, ensure_ascii=False).encode("utf-8"))
    w(b',"nodes":%d,"edges":%d,"par":%d,"seeds":[' % (n, m, cert.par))
    _name_list(out, doc)
    cost = cert.cost if costs is None else costs.to_number(cert.cost)
    w(b'],"cost":' + _number(cost))
    w(b',"components":%d,"condensation_edges":' % cert.n_components)
    w(_number(cert.condensation_edges))
    w(b',"members_limit":%d,"sources":[' % members_limit)
    _sources(out, doc, groups)
    w(b'],"engine":' + _number(cert.engine.value))
    if missing is not None:
        w(b',"check":{"ok":%s,"unreached":%d}' % (b"true" if missing == 0 else b"false", missing))
    w(b"}\n")


def _name_list(out: IO[bytes], doc: _Doc) -> None:
    """``"a","b",...`` (JSON strings, comma-separated) of the seeds' names."""
    step = 4 * _BLOCK  # about a megabyte of names a block: gather's work stays small
    _write_blocks(
        out,
        (
            functools.partial(_name_block, doc, lo, step)
            for lo in range(0, int(doc.seed[0].size), step)
        ),
    )


def _name_block(doc: _Doc, lo: int, step: int) -> npt.NDArray[np.uint8]:
    """The bytes of seeds ``lo .. lo+step-1`` in :func:`_name_list` (a comma before
    each but the first seed's)."""
    starts, lengths = doc.seed
    s, ln = starts[lo : lo + step], lengths[lo : lo + step]
    k = int(s.size)
    start = np.empty((k, 3), dtype=np.int64)
    length = np.empty((k, 3), dtype=np.int64)
    start[:, 0], length[:, 0] = doc.lit[b',"'], 2
    if lo == 0:  # the first seed: its quote without a comma
        start[0, 0], length[0, 0] = doc.lit[b'"'], 1
    start[:, 1], length[:, 1] = s, ln
    start[:, 2], length[:, 2] = doc.lit[b'"'], 1
    return gather(doc.pool, start.ravel(), length.ravel())


def _write_blocks(out: IO[bytes], blocks: Iterator[Callable[[], npt.NDArray[np.uint8]]]) -> None:
    """Write the bytes each of ``blocks`` makes, in order, making them on two threads.

    A block's work is numpy's (index arithmetic and one gather of the pool, which
    reads the pool at random: memory latency more than arithmetic), and numpy lets
    go of the interpreter lock for it, so a second thread nearly halves it on two
    cores (measured: 0.19 -> 0.11 s for 2·10^7 bytes in 10^6 spans). At most
    ``_AHEAD`` blocks wait to be written: memory O(block)."""
    first = next(blocks, None)
    if first is None:
        return
    second = next(blocks, None)
    if second is None:  # one block: no thread
        out.write(first().data)
        return
    from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415 (only for many blocks)

    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="par-json") as pool:
        pending = collections.deque([pool.submit(first), pool.submit(second)])
        for make in blocks:
            if len(pending) >= _AHEAD:
                out.write(pending.popleft().result().data)
            pending.append(pool.submit(make))
        while pending:
            out.write(pending.popleft().result().data)


def _sources(out: IO[bytes], doc: _Doc, groups: Any) -> None:
    """The entries of ``"sources"``, a block of sources at a time (module docstring)."""
    k_all = int(groups.sizes.size)
    _write_blocks(
        out,
        (
            functools.partial(_source_block, doc, groups, lo, min(k_all, lo + _BLOCK))
            for lo in range(0, k_all, _BLOCK)
        ),
    )


def _source_block(doc: _Doc, groups: Any, lo: int, hi: int) -> npt.NDArray[np.uint8]:
    """The bytes of sources ``lo .. hi-1`` in ``"sources"`` (a comma before each but
    the very first source's)."""
    lit = doc.lit
    a, b = int(groups.offsets[lo]), int(groups.offsets[hi])
    counts = np.diff(groups.offsets[lo : hi + 1])
    head: list[tuple[Any, Any]] = [
        (lit[b","], 1),
        (lit[b'{"seed":"'], 9),
        (doc.seed[0][lo:hi], doc.seed[1][lo:hi]),
        (lit[b'","size":'], 9),
        (doc.size[0][lo:hi], doc.size[1][lo:hi]),
    ]
    if doc.cost is not None:
        head += [(lit[b',"seed_cost":'], 13), (doc.cost[0][lo:hi], doc.cost[1][lo:hi])]
    head.append((lit[b',"members":['], 12))
    h = len(head)
    per = h + 1 + 3 * counts  # segments of each source: head, 3 a member, tail
    first = _spans_at(np.zeros(0, np.int64), per)
    total = int(per.sum())
    seg_start = np.empty(total, dtype=np.int64)
    seg_len = np.empty(total, dtype=np.int64)
    for j, (s, ln) in enumerate(head):
        seg_start[first + j] = s
        seg_len[first + j] = ln
    if lo == 0:
        seg_len[0] = 0  # no comma before the first source
    mcount = b - a
    mpos = np.repeat(first + h, counts) + 3 * (
        np.arange(mcount, dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
    )
    seg_start[mpos], seg_len[mpos] = lit[b'"'], 1
    seg_start[mpos + 1], seg_len[mpos + 1] = doc.member[0][a:b], doc.member[1][a:b]
    seg_start[mpos + 2], seg_len[mpos + 2] = lit[b'",'], 2
    if mcount:  # the last member of each group: '"' without the comma
        ends = np.cumsum(counts)[np.flatnonzero(counts)] - 1
        seg_len[mpos[ends] + 2] = 1
    tail = first + per - 1
    seg_start[tail], seg_len[tail] = lit[b"]}"], 2
    return gather(doc.pool, seg_start, seg_len)


def write_components(
    out: IO[bytes], graph: NameSource, components: npt.NDArray[np.integer[Any]]
) -> None:
    """``name<TAB>component`` for every node ``0 .. n-1``, in node order; a name's
    control characters are written ``\\xNN`` (:func:`plain_name`). O(n + bytes)."""
    n = int(components.size)
    step = 16 * _BLOCK
    for lo in range(0, n, step):
        ids = np.arange(lo, min(n, lo + step), dtype=np.int64)
        names = _escaped(graph.name_bytes(ids), plain_name, False)
        nums = _digits(components[lo : lo + step])
        _write_pairs(out, names, nums)


def write_seed_lines(
    out: IO[bytes], graph: NameSource, seeds: npt.NDArray[np.integer[Any]]
) -> None:
    """``  name`` (two spaces, a newline) for every seed, in the order given: the seed
    lines of the plain answer, names decoded in bulk and control characters written
    ``\\xNN`` (:func:`plain_name`). The names come end to end (one gather); the
    three bytes around each are put in place by one boolean-mask copy, not a second
    gather. O(k + bytes), no ``str`` per name."""
    step = 16 * _BLOCK
    for lo in range(0, int(seeds.size), step):
        names = _escaped(graph.name_bytes(seeds[lo : lo + step]), plain_name, False)
        ln = names.lengths
        if not ln.size:
            continue
        if names.starts.size and int(names.starts[-1]) + int(ln[-1]) != int(ln.sum()):
            packed = gather(names.buf, names.starts, ln)  # escaped names sit elsewhere
        else:
            packed = names.buf[: int(ln.sum())]
        ends = np.cumsum(ln + 3)
        line = np.zeros(int(ends[-1]), dtype=np.uint8)
        lit = np.zeros(line.size, dtype=bool)
        first = ends - ln - 3
        lit[first] = lit[first + 1] = lit[ends - 1] = True
        line[first] = line[first + 1] = 0x20
        line[ends - 1] = 0x0A
        line[~lit] = packed
        out.write(line.data)


def write_condensation(
    out: IO[bytes], edge_src: npt.NDArray[np.integer[Any]], edge_dst: npt.NDArray[np.integer[Any]]
) -> None:
    """``a<TAB>b`` for every condensation edge (as given: sorted, ``a < b``); O(edges)."""
    step = 16 * _BLOCK
    for lo in range(0, int(edge_src.size), step):
        _write_pairs(out, _digits(edge_src[lo : lo + step]), _digits(edge_dst[lo : lo + step]))


def _write_pairs(out: IO[bytes], left: NameBytes, right: NameBytes) -> None:
    """Lines ``left[i]<TAB>right[i]``."""
    pool = _Pool()
    a = pool.add(left.buf)
    b = pool.add(right.buf)
    lit = pool.add(b"\t\n")
    k = left.starts.size
    start = np.empty((k, 4), dtype=np.int64)
    length = np.ones((k, 4), dtype=np.int64)
    start[:, 0], length[:, 0] = left.starts + a, left.lengths
    start[:, 1] = lit
    start[:, 2], length[:, 2] = right.starts + b, right.lengths
    start[:, 3] = lit + 1
    out.write(pool.bytes_of(start.ravel(), length.ravel()))
