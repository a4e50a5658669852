"""Fast, exact reading of large edge lists and node-cost files.

Format (``proofgrid par``)
--------------------------
* One record per line (``\\n``; a trailing ``\\r`` is ignored). Fields are
  separated by runs of spaces, tabs or commas (also ``\\r``, ``\\v``, ``\\f``), so
  ``a b``, ``a,b``, ``a<TAB>b`` and ``a , b`` all mean the edge ``a -> b``.
* ``#`` starts a comment that runs to the end of the line, whole-line or
  trailing; a node name therefore never contains ``#``, a separator or a
  control character. Any other non-blank UTF-8 text is a name, and names are
  compared byte for byte (``7`` and ``07`` are different nodes).
* A line with two fields is an edge ``src dst``; a line with one field names an
  isolated node (or mentions a node again); blank and comment lines are skipped.
  More fields is an error. Self-loops and repeated edges are allowed.
* Nodes are numbered ``0 .. n-1`` in order of first appearance in the file.

Errors are :class:`EdgeListError` (a :class:`~proofgrid.errors.ProofgridError`)
with the message ``FILE:LINE: reason``; control characters (binary data) and
invalid UTF-8 are rejected with the line they occur on.

Method
------
No Python loop runs over lines or tokens. The bytes are classified with one
table lookup (numpy), comments are blanked with a difference array, token
boundaries come from ``np.diff`` of the token mask and every token's line from
``np.searchsorted`` over the newline positions, so field counts and line
numbers are exact and free. Tokens are then *keyed*: a token of at most 8 bytes
is its own little-endian 64-bit word (exact, since names contain no NUL), a
longer one is hashed eight bytes at a time with the SplitMix64 finaliser; keys
are factorised by pandas' hash table (first-appearance order) and every long
token is compared byte for byte with its class representative, falling back to
an exact dictionary if a hash collision ever merged two names. Total work is
O(file size) vectorised; peak memory is a small multiple of the file size.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from proofgrid.errors import ProofgridError
from proofgrid.graph.scc import successors

__all__ = [
    "CostTable",
    "EdgeList",
    "EdgeListError",
    "parse_costs",
    "parse_edgelist",
    "read_costs",
    "read_edgelist",
]

IntArray = npt.NDArray[np.integer[Any]]  # int32 for files under 2 GB, else int64
Int32Array = npt.NDArray[np.int32]


class EdgeListError(ProofgridError):
    """A malformed edge-list or cost file; the message is ``FILE:LINE: reason``."""


_WORD = 8  # bytes per key word
# _LOWMASK[k] keeps the low k bytes of a little-endian word.
_LOWMASK = np.array([(1 << (8 * k)) - 1 for k in range(_WORD)] + [(1 << 64) - 1], dtype=np.uint64)


def _buffer(data: bytes) -> npt.NDArray[np.uint8]:
    """Copy ``data`` into a zero-padded uint8 array (see :func:`_alloc`)."""
    buf = _alloc(len(data))
    buf[: len(data)] = np.frombuffer(data, dtype=np.uint8)
    return buf


def _alloc(size: int) -> npt.NDArray[np.uint8]:
    """A zeroed uint8 array for ``size`` bytes plus at least 16 bytes of padding,
    its length a multiple of 8 so that it can be read as little-endian words."""
    return np.zeros((size + 2 * _WORD + _WORD - 1) // _WORD * _WORD, dtype=np.uint8)


_CHUNK = 1 << 22  # bytes per scanning step: temporaries stay cache-sized and are reused


@dataclass(frozen=True, slots=True)
class _Tokens:
    """Tokens of a buffer: byte ``starts`` and ``lengths``, 64-bit ``keys`` (see
    :func:`_keys`), ``paired`` (the token is one of the two fields of its line),
    ``lines`` (0-based line of each token, only if asked for) and ``nlines``."""

    starts: IntArray
    lengths: IntArray
    keys: npt.NDArray[np.uint64]
    paired: npt.NDArray[np.bool_]
    lines: IntArray | None
    nlines: int


def _chunk_end(arr: npt.NDArray[np.uint8], pos: int) -> int:
    """End of the chunk starting at ``pos``: just after its last newline."""
    size = arr.size
    end = pos + _CHUNK
    if end >= size:
        return size
    k = arr[pos:end].tobytes().rfind(b"\n")
    if k >= 0:
        return pos + k + 1
    nl = np.flatnonzero(arr[end:] == 10)  # a line longer than a chunk (rare)
    return end + int(nl[0]) + 1 if nl.size else size


def _scan_chunk(
    buf: npt.NDArray[np.uint8], lo: int, hi: int, line0: int, source: str
) -> tuple[IntArray, IntArray, IntArray, int]:
    """Tokens of the whole lines in ``buf[lo:hi]``: global starts, lengths, lines,
    and the number of newlines in the chunk."""
    arr = buf[lo:hi]
    size = hi - lo
    control = arr < 32
    if control.any():
        control &= (arr < 9) | (arr > 13)  # tab, newline, VT, FF and CR are allowed
    control |= arr == 127
    if control.any():
        pos = int(np.argmax(control))
        line = line0 + int(np.count_nonzero(arr[:pos] == 10)) + 1
        raise EdgeListError(
            f"{source}:{line}: control character 0x{int(arr[pos]):02x} (not a text edge list?)"
        )
    if (arr >= 0x80).any():
        try:
            codecs.utf_8_decode(arr.data, "strict", True)
        except UnicodeDecodeError as exc:
            line = line0 + int(np.count_nonzero(arr[: exc.start] == 10)) + 1
            raise EdgeListError(f"{source}:{line}: invalid UTF-8 (not a text edge list?)") from None
    nlmask = arr == 10
    istok = arr > 32  # space and the allowed control characters separate
    istok &= arr != 44  # ','
    hashmask = arr == 35  # '#'
    if hashmask.any():
        # Blank from the first '#' of each line to that line's newline.
        hashes = np.flatnonzero(hashmask)
        newlines = np.flatnonzero(nlmask)
        hline = np.searchsorted(newlines, hashes)
        first = np.ones(hashes.size, dtype=bool)
        first[1:] = hline[1:] != hline[:-1]
        hs, hl = hashes[first], hline[first]
        ends = np.full(hs.size, size, dtype=np.int64)
        inside = hl < newlines.size
        ends[inside] = newlines[hl[inside]]
        delta = np.zeros(size + 1, dtype=np.int8)
        delta[hs] = 1
        delta[ends] = -1  # a newline position is never a '#' position
        istok &= np.cumsum(delta[:size], dtype=np.int8) == 0
    # A token starts where the mask rises and ends where it falls.
    rise = istok.copy()
    rise[1:] &= ~istok[:-1]
    fall = np.empty(size, dtype=bool)  # fall[i]: a token ends just after byte i
    fall[:-1] = istok[:-1] & ~istok[1:]
    fall[-1] = istok[-1]
    last = np.flatnonzero(fall) + 1
    # Merge token starts with newlines to number every token's line, in one pass.
    rise |= nlmask
    events = np.flatnonzero(rise)
    is_nl = nlmask[events]
    lines_before = np.cumsum(is_nl, dtype=np.int64)
    is_tok = ~is_nl
    starts = events[is_tok]
    lines = lines_before[is_tok]
    lines += line0
    nnl = int(lines_before[-1]) if lines_before.size else 0
    return starts + lo, last - starts, lines, nnl


def _tokenize(
    buf: npt.NDArray[np.uint8], size: int, source: str, *, costs: bool = False
) -> _Tokens:
    """Split the first ``size`` bytes of ``buf`` into keyed tokens, vectorised.

    Works through the buffer in chunks of whole lines (``_CHUNK`` bytes), so the
    byte-level temporaries stay small and cache-resident; on the way it validates
    the bytes (no control characters, valid UTF-8) and the number of fields per
    line: at most two for an edge list, exactly two (or none) for a cost file
    (``costs=True``, which also keeps every token's line). The first error in
    file order is reported, as ``source:LINE: reason``.
    """
    arr = buf[:size]
    small = size < 2**31 - _CHUNK  # positions and lines then fit in int32
    itype = np.int32 if small else np.int64
    parts: list[tuple[IntArray, ...]] = []
    keys: list[npt.NDArray[np.uint64]] = []
    paired: list[npt.NDArray[np.bool_]] = []
    pos, line0 = 0, 0
    while pos < size:
        end = _chunk_end(arr, pos)
        starts, lengths, lines, nnl = _scan_chunk(buf, pos, end, line0, source)
        if starts.size:
            local = lines - line0
            per_line = np.bincount(local)
            bad = (per_line != 0) & (per_line != 2) if costs else per_line > 2
            if bad.any():
                k = int(np.argmax(bad))
                count = int(per_line[k])
                what = (
                    "expected 'node cost'" if costs else "expected 'src dst' or a single node name"
                )
                raise EdgeListError(
                    f"{source}:{line0 + k + 1}: {what}, found {count} field"
                    + ("" if count == 1 else "s")
                )
            paired.append(per_line[local] == 2)
        keys.append(_keys(buf, starts, lengths))
        kept = (starts, lengths, lines) if costs else (starts, lengths)
        parts.append(tuple(a.astype(itype) for a in kept))
        pos, line0 = end, line0 + nnl
    nlines = line0 + (1 if size and arr[-1] != 10 else 0)
    empty: IntArray = np.zeros(0, dtype=itype)
    cols: list[IntArray] = (
        [np.concatenate(c) for c in zip(*parts, strict=True)] if parts else [empty] * 3
    )
    return _Tokens(
        starts=cols[0],
        lengths=cols[1],
        keys=np.concatenate(keys) if keys else np.zeros(0, dtype=np.uint64),
        paired=np.concatenate(paired) if paired else np.zeros(0, dtype=bool),
        lines=cols[2] if costs else None,
        nlines=nlines,
    )


def _mix(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64 finaliser on a uint64 array, in place (wrapping; a bijection)."""
    z ^= z >> np.uint64(30)
    z *= np.uint64(0xBF58476D1CE4E5B9)
    z ^= z >> np.uint64(27)
    z *= np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return z


def _words(
    buf: npt.NDArray[np.uint8], starts: IntArray, remaining: IntArray
) -> npt.NDArray[np.uint64]:
    """The 8 bytes at each start as little-endian words, masked to ``remaining``.

    Two aligned word loads and shifts per start (``buf`` from :func:`_alloc`).
    """
    view = buf.view("<u8")
    q = starts >> 3
    r = (starts & 7).astype(np.uint64)
    r <<= np.uint64(3)
    lo: npt.NDArray[np.uint64] = view[q]
    lo >>= r
    q += 1
    hi = view[q]
    r >>= np.uint64(1)
    np.subtract(np.uint64(32), r, out=r)  # two shifts of 32 - r/2: never 64 at once
    hi <<= r
    hi <<= r
    lo |= hi
    lo &= _LOWMASK[np.minimum(remaining, _WORD)]
    return lo


def _keys(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.uint64]:
    """64-bit key of each span: a span of at most 8 bytes is its own word (mixed by a
    bijection, so exact: names contain no NUL), a longer one a hash of its length
    and all its words. Equal spans always get equal keys; the converse is verified
    by :func:`_codes`."""
    keys = _mix(_words(buf, starts, lengths))
    long_ = np.flatnonzero(lengths > _WORD)
    if long_.size:
        ls, ll = starts[long_], lengths[long_]
        h = _mix(ll.astype(np.uint64) ^ np.uint64(0x9E3779B97F4A7C15))
        active = np.arange(long_.size)
        offset = 0
        while active.size:
            h[active] = _mix(h[active] ^ _words(buf, ls[active] + offset, ll[active] - offset))
            offset += _WORD
            active = active[ll[active] > offset]
        keys[long_] = h
    return keys


def _same_bytes(buf: npt.NDArray[np.uint8], a: IntArray, b: IntArray, lengths: IntArray) -> bool:
    """Whether spans ``a[i]`` and ``b[i]`` (both of ``lengths[i]`` bytes) are all equal."""
    active = np.arange(a.size)
    offset = 0
    while active.size:
        rem = lengths[active] - offset
        if not np.array_equal(
            _words(buf, a[active] + offset, rem), _words(buf, b[active] + offset, rem)
        ):
            return False
        offset += _WORD
        active = active[lengths[active] > offset]
    return True


def _first_positions(codes: IntArray) -> IntArray:
    """Index of the first occurrence of each code, for codes in first-appearance order."""
    if codes.size == 0:
        return np.zeros(0, dtype=np.int64)
    running = np.maximum.accumulate(codes)
    new = np.empty(codes.size, dtype=bool)
    new[0] = True
    new[1:] = running[1:] > running[:-1]
    return np.flatnonzero(new).astype(np.int64, copy=False)


def _codes(
    buf: npt.NDArray[np.uint8],
    starts: IntArray,
    lengths: IntArray,
    keys: npt.NDArray[np.uint64],
) -> tuple[IntArray, int]:
    """Exact codes of byte spans in first-appearance order, and their number.

    Factorises the keys with pandas' hash table, then checks every span against
    its class representative (length, and bytes for spans over 8 bytes); if a
    hash collision merged two names, falls back to an exact dictionary.
    """
    if starts.size == 0:
        return np.zeros(0, dtype=np.int64), 0
    factorized, uniques = pd.factorize(keys)
    codes: IntArray = np.asarray(factorized, dtype=np.int64)
    long_ = np.flatnonzero(lengths > _WORD)
    if long_.size == 0:
        return codes, len(uniques)  # all keys are exact words: nothing to verify
    rep = _first_positions(codes)[codes]  # each span's class representative
    if not (
        np.array_equal(lengths[rep], lengths)
        and _same_bytes(buf, starts[long_], starts[rep[long_]], lengths[long_])
    ):
        exact = _exact_codes(buf, starts, lengths)  # a hash collision: be exact
        return exact, int(exact.max()) + 1
    return codes, len(uniques)


def _exact_codes(buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray) -> IntArray:
    """Dictionary factorisation of byte spans (first-appearance order); slow, exact."""
    raw = buf.tobytes()
    seen: dict[bytes, int] = {}
    out = np.empty(starts.size, dtype=np.int64)
    for i, (s, n) in enumerate(zip(starts.tolist(), lengths.tolist(), strict=True)):
        out[i] = seen.setdefault(raw[s : s + n], len(seen))
    return out


@dataclass(frozen=True, eq=False)
class EdgeList:
    """A parsed edge list: integer edges over nodes numbered by first appearance.

    Attributes
    ----------
    source : str
        File name used in messages (``<stdin>`` for standard input).
    n : int
        Number of distinct nodes.
    src, dst : numpy.ndarray of int32
        The ``m`` edges ``src[i] -> dst[i]`` in file order (repeats kept).
    lines : int
        Number of lines in the file.
    """

    source: str
    n: int
    src: Int32Array
    dst: Int32Array
    lines: int
    _buf: npt.NDArray[np.uint8] = field(repr=False)
    _size: int = field(repr=False)
    _name_start: IntArray = field(repr=False)
    _name_len: IntArray = field(repr=False)

    @property
    def m(self) -> int:
        """Number of edge lines (repeats and self-loops included)."""
        return int(self.src.size)

    def name(self, v: int) -> str:
        """The name of node ``v`` as written in the file."""
        s = int(self._name_start[v])
        return self._buf[s : s + int(self._name_len[v])].tobytes().decode("utf-8")

    def names(self, nodes: npt.ArrayLike) -> list[str]:
        """Names of several nodes, in the order given."""
        return [self.name(v) for v in np.asarray(nodes, dtype=np.int64).ravel().tolist()]

    def successors(self) -> list[list[int]]:
        """Successor lists (pure-Python form for :mod:`proofgrid.graph.scc`); O(n + m)."""
        return successors(self)


_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _unmark(buf: npt.NDArray[np.uint8], size: int, source: str) -> None:
    """Blank out a leading UTF-8 byte-order mark (Windows editors write one); refuse UTF-16.

    The three bytes become spaces, a field separator, so names and line numbers
    are unchanged. A UTF-16 mark is an :class:`EdgeListError` that says what to
    do, rather than a parse of every other byte. O(1).
    """
    head = buf[: min(size, 3)].tobytes()
    if head.startswith(_UTF8_BOM):
        buf[:3] = ord(" ")
    elif head[:2] in _UTF16_BOMS:
        raise EdgeListError(f"{source}: the file is UTF-16 text; save it as UTF-8 and try again")


def _parse(buf: npt.NDArray[np.uint8], size: int, source: str) -> EdgeList:
    _unmark(buf, size, source)
    tok = _tokenize(buf, size, source)
    pair = np.flatnonzero(tok.paired)
    codes, n = _codes(buf, tok.starts, tok.lengths, tok.keys)
    if n >= 2**31:
        raise EdgeListError(f"{source}: more than 2**31 - 1 nodes")
    first = _first_positions(codes)
    src = codes[pair[0::2]].astype(np.int32)
    dst = codes[pair[1::2]].astype(np.int32)
    return EdgeList(
        source=source,
        n=n,
        src=src,
        dst=dst,
        lines=tok.nlines,
        _buf=buf,
        _size=size,
        _name_start=tok.starts[first],
        _name_len=tok.lengths[first],
    )


def parse_edgelist(data: bytes, source: str = "<data>") -> EdgeList:
    """Parse an edge list (format in the module docstring); O(size) vectorised.

    Raises
    ------
    EdgeListError
        ``source:LINE: reason`` for a line with more than two fields, control
        characters or invalid UTF-8.
    """
    return _parse(_buffer(data), len(data), source)


def _load(path: str, what: str) -> tuple[npt.NDArray[np.uint8], int, str]:
    """Read a whole file (``-`` = standard input) into a padded buffer.

    Returns ``(buffer, size, display name)``; raises :class:`EdgeListError`
    with a one-line reason if the file cannot be read.
    """
    if path == "-":
        data = sys.stdin.buffer.read()
        return _buffer(data), len(data), "<stdin>"
    try:
        with open(path, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # a pipe or a device
                data = fh.read()
                return _buffer(data), len(data), path
            size = os.fstat(fh.fileno()).st_size
            buf = _alloc(size)
            got = fh.readinto(buf.data[:size])
            extra = fh.read()
            if got != size or extra:  # the file changed size while we read it
                data = buf[:got].tobytes() + extra
                return _buffer(data), len(data), path
            return buf, size, path
    except FileNotFoundError:
        raise EdgeListError(f"{path}: no such {what}") from None
    except IsADirectoryError:
        raise EdgeListError(f"{path}: is a directory, not a {what}") from None
    except OSError as exc:
        raise EdgeListError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None


def read_edgelist(path: str) -> EdgeList:
    """Read and parse an edge-list file (``-`` = standard input)."""
    buf, size, name = _load(path, "edge-list file")
    return _parse(buf, size, name)


# --- costs ------------------------------------------------------------------------------

_COST_RE = re.compile(r"\+?(?:\d+(?:\.\d*)?|\.\d+)")
_MAX_SCALED = 1 << 62


@dataclass(frozen=True, eq=False)
class CostTable:
    """Exact node costs, scaled to integers: node ``v`` costs ``values[v] / 10**scale``.

    Attributes
    ----------
    values : numpy.ndarray of int64
        Scaled cost of every node of the graph (nodes without a line cost 1).
    scale : int
        Number of decimal places kept (the most any cost line used).
    unknown : tuple of (int, str)
        ``(line, name)`` of cost lines naming nodes absent from the graph
        (ignored), at most the first 5.
    unknown_count : int
        How many such lines there were in all.
    """

    values: IntArray
    scale: int
    unknown: tuple[tuple[int, str], ...]
    unknown_count: int

    def format(self, scaled: int) -> str:
        """Exact decimal text of a scaled amount (e.g. a total)."""
        if self.scale == 0:
            return str(scaled)
        return str(Decimal(scaled).scaleb(-self.scale))

    def to_number(self, scaled: int) -> int | float:
        """A JSON-friendly number: an int when whole, else the nearest float."""
        if scaled % 10**self.scale == 0:
            return scaled // int(10**self.scale)
        return float(str(Decimal(scaled).scaleb(-self.scale)))


def parse_costs(data: bytes, source: str, graph: EdgeList) -> CostTable:
    """Parse ``node cost`` lines against ``graph``; costs are exact decimals.

    A cost is a non-negative integer or decimal (``3``, ``2.5``, ``.75``; no
    sign other than ``+``, no exponent). Nodes without a line cost 1. A node
    named twice, a negative or non-numeric cost, or a line without exactly two
    fields is an error ``source:LINE: reason``; a node that is not in the graph
    is ignored and reported in :attr:`CostTable.unknown`. Comments, blank lines
    and separators are as in edge lists.
    """
    return _parse_costs(_buffer(data), len(data), source, graph)


def read_costs(path: str, graph: EdgeList) -> CostTable:
    """Read and parse a cost file for ``graph`` (see :func:`parse_costs`)."""
    buf, size, name = _load(path, "costs file")
    return _parse_costs(buf, size, name, graph)


def _parse_costs(buf: npt.NDArray[np.uint8], size: int, source: str, graph: EdgeList) -> CostTable:
    _unmark(buf, size, source)
    tok = _tokenize(buf, size, source, costs=True)
    assert tok.lines is not None
    raw = buf[:size].tobytes()
    name_tok = np.arange(0, tok.starts.size, 2)
    entry_line = tok.lines[name_tok].tolist()
    name_span = list(
        zip(tok.starts[name_tok].tolist(), tok.lengths[name_tok].tolist(), strict=True)
    )
    cost_span = zip(
        tok.starts[name_tok + 1].tolist(), tok.lengths[name_tok + 1].tolist(), strict=True
    )
    # Parse the cost texts exactly (one Python step per cost line).
    decimals: list[Decimal] = []
    scale, scale_line = 0, 0
    for (s, n), line in zip(cost_span, entry_line, strict=True):
        text = raw[s : s + n].decode("utf-8")
        if not _COST_RE.fullmatch(text):
            reason = "negative cost" if text.startswith("-") else "cost is not a number"
            raise EdgeListError(f"{source}:{line + 1}: {reason}: {text[:40]!r}")
        d = Decimal(text)
        exponent = d.as_tuple().exponent
        assert isinstance(exponent, int)  # finite, by the pattern
        if -exponent > scale:
            scale, scale_line = -exponent, line
        decimals.append(d)
    unit = 10**scale
    if unit >= _MAX_SCALED:
        raise EdgeListError(f"{source}:{scale_line + 1}: cost has too many decimal places")
    # Match names exactly: factorise the graph's names and the cost names together,
    # graph names first (all distinct), so a cost name's code is < n iff it is a node.
    joint = _alloc(graph._size + 1 + size)
    joint[: graph._size] = graph._buf[: graph._size]
    joint[graph._size] = 10
    offset = graph._size + 1
    joint[offset : offset + size] = buf[:size]
    joint_starts = np.concatenate(
        [graph._name_start.astype(np.int64), tok.starts[name_tok].astype(np.int64) + offset]
    )
    joint_lengths = np.concatenate([graph._name_len, tok.lengths[name_tok]])
    codes, _ = _codes(joint, joint_starts, joint_lengths, _keys(joint, joint_starts, joint_lengths))
    values = np.full(graph.n, unit, dtype=np.int64)
    first_line: dict[int, int] = {}
    unknown: list[tuple[int, str]] = []
    unknown_count = 0
    for code, d, line, (s, n) in zip(
        codes[graph.n :].tolist(), decimals, entry_line, name_span, strict=True
    ):
        if code in first_line:
            raise EdgeListError(
                f"{source}:{line + 1}: second cost for the same node"
                f" (first on line {first_line[code] + 1})"
            )
        first_line[code] = line
        if code >= graph.n:
            unknown_count += 1
            if len(unknown) < 5:
                unknown.append((line + 1, raw[s : s + n].decode("utf-8")))
            continue
        scaled = int(d.scaleb(scale))
        if scaled >= _MAX_SCALED:
            raise EdgeListError(f"{source}:{line + 1}: cost too large")
        values[code] = scaled
    return CostTable(values, scale, tuple(unknown), unknown_count)
