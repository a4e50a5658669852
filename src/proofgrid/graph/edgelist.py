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
This module is the public face (:class:`EdgeList`, the readers, the cost
format re-exported from :mod:`proofgrid.graph.costs`); scanning lives in
:mod:`proofgrid.graph.scanner` and the keying of names in
:mod:`proofgrid.graph.namekeys`.

No Python loop runs over lines or tokens. The file is cut into chunks of whole
lines (``_CHUNK`` bytes, scanned on up to ``_THREADS`` threads): the bytes are
classified by comparisons (numpy) written into per-thread work arrays
(:class:`_Scratch`, no megabyte temporaries and their page faults), comments
are blanked with a difference array, token starts and ends come from one
``np.flatnonzero`` of the mask of boundaries (they alternate) and newlines from
another, so field counts and line numbers are exact. A line longer than a
chunk is read in pieces, so refusing a line of millions of fields costs O(chunk)
memory. Tokens are then *keyed*:

* if every name is a plain integer (digits, no leading zero: ``007`` and ``7``
  stay distinct, by taking the general path), its value is parsed eight digits
  at a time (SWAR, one unaligned word load per name) and each chunk is coded
  as soon as it is scanned, while the next ones are scanned on other threads,
  by a table indexed by value (:mod:`proofgrid.graph.intcodes`;
  :func:`_parse_plain`), so no array over all tokens is built besides the
  edges. A file that turns out not to be all plain integers, or whose values
  are too sparse for the table, is read again by the general path (at most
  one wasted pass), where sparse integers go to the same hash table;
* otherwise a token of at most 8 bytes is its own little-endian 64-bit word
  (exact, since names contain no NUL), a longer one is hashed eight bytes at a
  time with the SplitMix64 finaliser (one by one with BLAKE2b past ``_LONG``
  bytes, so a huge name costs O(its length), not a vector step per word); keys
  are factorised by a numpy hash table (:mod:`proofgrid.graph.keying`;
  first-appearance order) and every long token is compared byte for byte
  with its class representative, falling back to an exact dictionary if a
  hash collision ever merged two names. A few tokens (``_SMALL``) go straight to that dictionary.

Total work is O(file size) (at most two passes); memory beyond the token arrays
(on the integer path, only the edges and the name table) and the file's own
buffer is O(chunk) per thread, plus the integer path's table of values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from proofgrid.graph.costs import CostTable, parse_costs, read_costs
from proofgrid.graph.intcodes import IntegerCoder
from proofgrid.graph.namekeys import IntArray, _codes
from proofgrid.graph.scanner import (
    EdgeListError,
    _buffer,
    _fields_error,
    _index_type,
    _load,
    _read_checked,
    _scans,
    _tokenize,
    _unmark,
)
from proofgrid.graph.scc import successors

__all__ = [
    "CostTable",
    "EdgeList",
    "EdgeListError",
    "parse_costs",
    "parse_edgelist",
    "read_costs",
    "read_edgelist",
    "read_edges",
]

Int32Array = npt.NDArray[np.int32]


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

    def unicode_twins(self) -> list[tuple[str, str]]:
        """Pairs of distinct nodes whose names are the same text in different Unicode
        normalisations (e.g. ``é`` as one code point, NFC, and as ``e`` plus a
        combining accent, NFD): names are bytes, so they stay two nodes, but the
        caller should say so. Only names with non-ASCII bytes are decoded
        (found by one search over the first occurrences, which are in file
        order); O(size) vectorised plus O(non-ASCII names) in Python."""
        import unicodedata  # noqa: PLC0415 (only for files with non-ASCII names)

        high = np.flatnonzero(self._buf[: self._size] >= 0x80)
        if high.size == 0 or self.n == 0:
            return []
        starts = self._name_start.astype(np.int64)
        owner = np.searchsorted(starts, high, side="right") - 1
        ok = owner >= 0
        owner, high = owner[ok], high[ok]
        inside = high < starts[owner] + self._name_len[owner]
        seen: dict[str, str] = {}
        twins: list[tuple[str, str]] = []
        for v in np.unique(owner[inside]).tolist():
            name = self.name(v)
            key = unicodedata.normalize("NFC", name)
            first = seen.setdefault(key, name)
            if first != name:
                twins.append((first, name))
        return twins

    def successors(self) -> list[list[int]]:
        """Successor lists (pure-Python form for :mod:`proofgrid.graph.scc`); O(n + m)."""
        return successors(self)


def _parse_plain(buf: npt.NDArray[np.uint8], size: int, source: str) -> EdgeList | None:
    """:func:`_parse` for a file whose names are all plain integers, keyed as it is scanned.

    Each chunk's values (:func:`_plain_integers`) are coded by an
    :class:`~proofgrid.graph.intcodes.IntegerCoder` as soon as the chunk is
    scanned, while the next chunks are scanned on other threads; a chunk's
    token positions are dropped once its first appearances are noted, so no
    array over all tokens is built besides the edges. Returns None as soon as a
    chunk has a name that is not a plain integer, or values too sparse for the
    coder's table (at most twice the projected token count plus 65,536 entries):
    the caller then parses the file by the general path (at most one wasted pass).
    Errors are raised exactly as :func:`_tokenize` raises them.
    """
    coder = IntegerCoder()
    itype = _index_type(buf.size)
    # Every edge line takes at least 4 bytes ("a b\n"): arrays of size // 4 + 1 hold
    # them all, and the pages never written are never resident (no growth, no copy).
    src: Int32Array = np.zeros(0, dtype=np.int32)  # allocated at the first edges
    dst: Int32Array = src
    m = 0
    name_start: list[IntArray] = []
    name_len: list[IntArray] = []
    tokens, line0 = 0, 0
    scans = _scans(buf, size, source, narrow=False)
    try:
        for line0, (starts, lengths, counts, nnl, values) in scans:
            bad = counts > 2
            if bad.any():
                k = int(np.argmax(bad))
                raise _fields_error(source, line0 + k + 1, int(counts[k]), costs=False)
            if values is None:
                return None
            line0 += nnl
            if not starts.size:
                continue
            tokens += int(starts.size)
            projected = tokens * size // (int(starts[-1]) + 1)
            got = coder.add(values, 2 * projected + (1 << 16))
            if got is None:
                return None
            codes, order = got
            pairs = counts == 2
            if not bool(pairs[counts != 0].all()):
                codes = codes[np.repeat(pairs, counts)]
            k = codes.size // 2
            if not src.size:
                src = np.empty(size // 4 + 1, dtype=np.int32)
                dst = np.empty(size // 4 + 1, dtype=np.int32)
            src[m : m + k] = codes[0::2]
            dst[m : m + k] = codes[1::2]
            m += k
            name_start.append(starts[order].astype(itype))
            name_len.append(lengths[order].astype(itype))
    finally:
        scans.close()  # stops the scanning threads if we leave early
    empty: IntArray = np.zeros(0, dtype=itype)
    return EdgeList(
        source=source,
        n=coder.count,
        src=src[:m],
        dst=dst[:m],
        lines=line0 + (1 if size and buf[size - 1] != 10 else 0),
        _buf=buf,
        _size=size,
        _name_start=np.concatenate(name_start) if name_start else empty,
        _name_len=np.concatenate(name_len) if name_len else empty,
    )


def _parse(buf: npt.NDArray[np.uint8], size: int, source: str) -> EdgeList:
    _unmark(buf, size, source)
    plain = _parse_plain(buf, size, source)
    if plain is not None:
        return plain
    tok = _tokenize(buf, size, source)
    pair = np.flatnonzero(tok.paired)
    codes, first = _codes(buf, tok.starts, tok.lengths, tok.values)
    n = int(first.size)
    if n >= 2**31:
        raise EdgeListError(f"{source}: more than 2**31 - 1 nodes")
    if pair.size == codes.size:  # every line an edge: no gather needed
        src, dst = codes[0::2].astype(np.int32), codes[1::2].astype(np.int32)
    else:
        src, dst = codes[pair[0::2]].astype(np.int32), codes[pair[1::2]].astype(np.int32)
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


def read_edges(stream: Any, *, name: str = "<stream>") -> EdgeList:
    """Read and parse an edge list from a binary file-like object (``read(n)``).

    Read a few chunks at a time and checked as it arrives (see :func:`_read_checked`);
    ``name`` is used in messages. Raises :class:`EdgeListError` as :func:`parse_edgelist`.
    """
    buf, size = _read_checked(stream, name, None)
    return _parse(buf, size, name)


def read_edgelist(path: str) -> EdgeList:
    """Read and parse an edge-list file (``-`` = standard input)."""
    buf, size, name = _load(path, "edge-list file")
    return _parse(buf, size, name)
