"""Writers: the answer of ``proofgrid par`` as bytes, streamed a block at a time.

The last stage of the pipeline. Every writer takes plain arrays (node ids,
component numbers, the certificate of :mod:`proofgrid.graph.sparse`) and a name
source (anything with ``name_bytes(ids)``: :class:`~proofgrid.par.names.NameBytes`
of those nodes, decoded in bulk), and writes to a binary stream:

* :func:`write_certificate_json` — the certificate of ``--json`` (keys in
  ``docs/par.md``) as one compact JSON document, written as it is produced;
* :func:`write_components` — ``node<TAB>component`` for every node;
* :func:`write_condensation` — ``a<TAB>b`` for every condensation edge;
* :func:`plain_name` — a name for a line of plain text (control characters escaped).

Method
------
Nothing is built per source or per node in Python. A block of output is a list
of *segments* (start and length in a small pool of bytes: the literals, the
decimal digits of the numbers, the block's names); the segments' positions are
computed with numpy (each source has a fixed number of segments plus four per
listed member), and the block is one gather of the pool
(:func:`~proofgrid.par.names.gather`). Names that JSON (``"``, ``\\``, control
characters) or a TSV line (control characters) must escape are found by one
vectorised test of their bytes and re-encoded one by one (text files have
none but quotes and backslashes, which are rare). O(output) time; memory
O(block).
"""

from __future__ import annotations

import json
from collections.abc import Callable
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
]

_BLOCK = 1 << 12  # sources (or 16x as many nodes) per written block


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
    the buffer); the test is vectorised, the re-encoding one name at a time."""
    buf = names.buf
    bad = buf < 32
    bad |= buf == 127 if not json_quotes else False
    if json_quotes:
        bad |= buf == 0x22
        bad |= buf == 0x5C
    if not bad.any():
        return names
    counts = np.zeros(buf.size + 1, dtype=np.int64)
    np.cumsum(bad, out=counts[1:])
    flagged = np.flatnonzero(counts[names.starts + names.lengths] - counts[names.starts])
    raw = buf.tobytes()
    extra = bytearray()
    starts, lengths = names.starts.copy(), names.lengths.copy()
    for i in flagged.tolist():
        a = int(names.starts[i])
        fixed = encode(raw[a : a + int(names.lengths[i])].decode("utf-8")).encode("utf-8")
        starts[i] = buf.size + len(extra)
        lengths[i] = len(fixed)
        extra += fixed
    return NameBytes(np.concatenate([buf, np.frombuffer(bytes(extra), np.uint8)]), starts, lengths)


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


def _name_list(out: IO[bytes], graph: NameSource, ids: npt.NDArray[np.int64]) -> None:
    """``"a","b",...`` (JSON strings, comma-separated) of the names of ``ids``."""
    for lo in range(0, ids.size, 16 * _BLOCK):
        block = ids[lo : lo + 16 * _BLOCK]
        names = _escaped(graph.name_bytes(block), _json_body, True)
        pool = _Pool()
        base = pool.add(names.buf)
        lit = pool.add(b'",""')  # ',' at lit + 2, '"' at lit + 3
        k = block.size
        start = np.empty((k, 4), dtype=np.int64)
        length = np.ones((k, 4), dtype=np.int64)
        start[:, 0] = lit + 1  # ','
        if lo == 0:
            length[0, 0] = 0
        start[:, 1] = lit + 3  # '"'
        start[:, 2] = names.starts + base
        length[:, 2] = names.lengths
        start[:, 3] = lit + 3
        out.write(pool.bytes_of(start.ravel(), length.ravel()))


def _number(value: Any) -> bytes:
    return json.dumps(value).encode("ascii")


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
    gathered by one sort (:func:`proofgrid.graph.sparse.source_groups`) and named in
    bulk; with costs, each seed's cost is one Python step (exact decimals).
    O(n log n + output); memory the groups plus O(block).
    """
    from proofgrid.graph.sparse import source_groups  # noqa: PLC0415 (numpy: loaded)

    groups = source_groups(cert, members_limit)
    w = out.write
    w(b'{"file":' + json.dumps(source, ensure_ascii=False).encode("utf-8"))
    w(b',"nodes":%d,"edges":%d,"par":%d,"seeds":[' % (n, m, cert.par))
    _name_list(out, graph, cert.seeds)
    cost = cert.cost if costs is None else costs.to_number(cert.cost)
    w(b'],"cost":' + _number(cost))
    w(b',"components":%d,"condensation_edges":' % cert.n_components)
    w(_number(cert.condensation_edges))
    w(b',"members_limit":%d,"sources":[' % members_limit)
    _sources(out, graph, cert, groups, costs)
    w(b'],"engine":' + _number(cert.engine.value))
    if missing is not None:
        w(b',"check":{"ok":%s,"unreached":%d}' % (b"true" if missing == 0 else b"false", missing))
    w(b"}\n")


def _sources(
    out: IO[bytes], graph: NameSource, cert: ParCertificate, groups: Any, costs: CostTable | None
) -> None:
    """The entries of ``"sources"``, a block of sources at a time (module docstring)."""
    k_all = int(cert.seeds.size)
    lits = [b",", b'{"seed":"', b'","size":', b',"seed_cost":', b',"members":[', b'"', b'",']
    lits += [b"]}"]
    for lo in range(0, k_all, _BLOCK):
        hi = min(k_all, lo + _BLOCK)
        k = hi - lo
        a, b = int(groups.offsets[lo]), int(groups.offsets[hi])
        members = groups.nodes[a:b]
        counts = np.diff(groups.offsets[lo : hi + 1])
        ids = np.concatenate([cert.seeds[lo:hi], members])
        names = _escaped(graph.name_bytes(ids), _json_body, True)
        pool = _Pool()
        at = [pool.add(x) for x in lits]
        base = pool.add(names.buf)
        sizes = _digits(groups.sizes[lo:hi])
        size_at = pool.add(sizes.buf)
        head: list[tuple[Any, Any]] = [
            (at[0], 1),
            (at[1], len(lits[1])),
            (names.starts[:k] + base, names.lengths[:k]),
            (at[2], len(lits[2])),
            (sizes.starts + size_at, sizes.lengths),
        ]
        if costs is not None:
            text = [_number(costs.to_number(int(v))) for v in costs.values[cert.seeds[lo:hi]]]
            cost_len = np.array([len(t) for t in text], dtype=np.int64)
            cost_at = pool.add(b"".join(text))
            cost_start = np.zeros(k, dtype=np.int64)
            if k > 1:
                np.cumsum(cost_len[:-1], out=cost_start[1:])
            head += [(at[3], len(lits[3])), (cost_start + cost_at, cost_len)]
        head.append((at[4], len(lits[4])))
        h = len(head)
        per = h + 1 + 4 * counts  # segments of each source: head, 4 a member, tail
        first = np.zeros(k, dtype=np.int64)
        if k > 1:
            np.cumsum(per[:-1], out=first[1:])
        total = int(per.sum())
        seg_start = np.empty(total, dtype=np.int64)
        seg_len = np.empty(total, dtype=np.int64)
        for j, (s, ln) in enumerate(head):
            seg_start[first + j] = s
            seg_len[first + j] = ln
        if lo == 0:
            seg_len[0] = 0  # no comma before the first source
        mpos = np.repeat(first + h, counts) + 4 * (
            np.arange(members.size, dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
        )
        mname = names.starts[k:] + base
        seg_start[mpos], seg_len[mpos] = at[5], 1  # '"'
        seg_start[mpos + 1], seg_len[mpos + 1] = mname, names.lengths[k:]
        seg_start[mpos + 2], seg_len[mpos + 2] = at[6], 2  # '",'
        seg_start[mpos + 3], seg_len[mpos + 3] = at[0], 0  # spare (kept empty)
        if members.size:  # the last member of each group: '"' without the comma
            last = np.flatnonzero(counts) if counts.size else counts
            ends = np.cumsum(counts)[last] - 1
            seg_len[mpos[ends] + 2] = 1
        tail = first + per - 1
        seg_start[tail], seg_len[tail] = at[7], 2
        out.write(pool.bytes_of(seg_start, seg_len))


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
