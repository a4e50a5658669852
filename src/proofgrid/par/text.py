"""Text edge lists: the reader that turns scanned text into keyed int32 edges.

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
This module owns :class:`EdgeList` and the text readers; the pipeline it drives
is: bytes from :mod:`proofgrid.par.sources` (or a path), chunks scanned by
:mod:`proofgrid.par.scan`, tokens keyed by :mod:`proofgrid.par.keys` (integers,
words, or Arrow's hash table), names held by :mod:`proofgrid.par.names`. Cost
files are :mod:`proofgrid.par.costs`.

No Python loop runs over lines or tokens. The file is cut into chunks of whole
lines (``_CHUNK`` bytes, scanned on up to ``THREADS`` threads): the bytes are
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
  by a table indexed by value (:mod:`proofgrid.par.keys.integers`;
  :func:`_parse_plain`), so no array over all tokens is built besides the
  edges. A file that turns out not to be all plain integers, or whose values
  are too sparse for the table, is read again by the general path (at most
  one wasted pass), where sparse integers go to the same hash table;
* otherwise, for a text of ``_ARROW_MIN`` bytes or more (or of unknown length)
  with pyarrow installed, each chunk's tokens' bytes (packed end to end as the
  chunk is scanned) become an Arrow ``binary`` array, split by a hash of their
  bytes into partitions each numbered by ``pyarrow.compute.dictionary_encode``
  (byte-for-byte equality), then renumbered in order of first appearance in the
  file (:mod:`proofgrid.par.keys.arrow`), so a seekable
  named file is read a piece at a time and never kept whole;
* otherwise a token of at most 8 bytes is its own little-endian 64-bit word
  (exact, since names contain no NUL), a longer one is hashed eight bytes at a
  time with the SplitMix64 finaliser (one by one with BLAKE2b past ``_LONG``
  bytes, so a huge name costs O(its length), not a vector step per word); keys
  are factorised by a numpy hash table (:mod:`proofgrid.par.keys.table`;
  first-appearance order) and every long token is compared byte for byte
  with its class representative, falling back to an exact dictionary if a
  hash collision ever merged two names. A few tokens (``_SMALL``) go straight to that dictionary.

Files and streams are read a piece at a time (:class:`.scanner.TextStream`),
each piece's whole lines scanned as it arrives, so a bad line is reported once
its piece is read. On the integer path the text is never resident (names are
kept as values), and on the Arrow path (the names are Arrow's dictionary); the
numpy general path keeps the text, whose byte spans are the names.
Total work is O(file size) (at most two passes); memory beyond the token arrays
(on the integer path, only the edges and the name table) is O(piece) plus
O(chunk) per thread, plus the integer path's table of values.
"""

from __future__ import annotations

import dataclasses
import io
import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from proofgrid.graph.compiled import grow_pairs
from proofgrid.graph.scc import successors
from proofgrid.par.keys import IntegerCoder, nfc_twins, span_codes, text_codes
from proofgrid.par.keys import arrow as arrow_keys
from proofgrid.par.names import NameBytes, NameTable, Spans
from proofgrid.par.scan import (
    EdgeListError,
    Scan,
    TextStream,
    Tokens,
    buffer_of,
    collect,
    give_back,
    line_fields,
    scan_chunks,
    tokenize,
    unmark,
)
from proofgrid.par.sources import Source

__all__ = [
    "EdgeList",
    "EdgeListError",
    "names_only",
    "parse_edgelist",
    "read_edgelist",
    "read_edges",
    "read_source",
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
    _names: NameTable = field(repr=False)

    @property
    def m(self) -> int:
        """Number of edge lines (repeats and self-loops included)."""
        return int(self.src.size)

    def name(self, v: int) -> str:
        """The name of node ``v`` as written in the file."""
        return self._names.name(v)

    def names(self, nodes: npt.ArrayLike) -> list[str]:
        """Names of several nodes, in the order given."""
        return self._names.names(nodes)

    def name_bytes(self, nodes: npt.ArrayLike) -> NameBytes:
        """The names of several nodes as UTF-8 bytes end to end (for the writers); O(k + bytes)."""
        return self._names.name_bytes(nodes)

    def name_spans(self) -> Spans:
        """All the names as byte spans of one buffer (for matching other files' names
        against them; written out on first use if the names are integers); O(n)."""
        return self._names.spans

    def unicode_twins(self) -> list[tuple[str, str]]:
        """Pairs of distinct nodes whose names are the same text in different Unicode
        normalisations (e.g. ``é`` as one code point, NFC, and as ``e`` plus a
        combining accent, NFD): names are bytes, so they stay two nodes, but the
        caller should say so. Only names with non-ASCII bytes are decoded
        (:meth:`~proofgrid.par.names.NameTable.non_ascii`); O(size)
        vectorised plus O(non-ASCII names) in Python (nothing for integer names)."""
        return nfc_twins(self.name(v) for v in self._names.non_ascii())

    def successors(self) -> list[list[int]]:
        """Successor lists (pure-Python form for :mod:`proofgrid.graph.scc`); O(n + m)."""
        return successors(self)


def _parse_plain(
    scans: Iterator[tuple[int, Scan, int]], source: str, size: int | None
) -> EdgeList | None:
    """:func:`_parse` for a text whose names are all plain integers, keyed as it is scanned.

    Each chunk's values (:func:`~proofgrid.par.keys.words.plain_integers`) are
    coded by an :class:`~proofgrid.par.keys.integers.IntegerCoder` as soon as the
    chunk is scanned, while the next chunks are scanned on other threads; only
    the values of first appearances are kept (the names are their decimal text,
    written only when asked for: :class:`~proofgrid.par.names.NameTable`),
    so neither the text nor an array over all tokens is kept besides the edges.
    Returns None as soon as a chunk has a name that is not a plain integer, or
    values too sparse for the coder's table (at most twice the projected token
    count plus 65,536 entries; ``size``: the text's length if known, else the
    table may reach ``_UNSIZED`` entries): the caller then parses the text by the general path
    (at most one wasted pass). Errors are raised exactly as :func:`tokenize`
    raises them; ``scans`` is left open (the caller may go on with it).
    """
    coder = IntegerCoder()
    # Every edge line takes at least 4 bytes ("a b\n"): with the size known, arrays of
    # size // 4 + 1 hold them all, and the pages never written are never resident
    # (no growth, no copy); else they double as they fill.
    src: Int32Array = np.zeros(0, dtype=np.int32)
    dst: Int32Array = src
    m = 0
    tokens, line0 = 0, 0
    for line0, (starts, _lengths, counts, nnl, values, _bytes), end in scans:
        mask = line_fields(counts, line0, source)
        if values is None:
            return None
        line0 += nnl
        if not starts.size:
            continue
        tokens += int(starts.size)
        limit = (
            2 * (tokens * size // max(1, end)) + (1 << 16)
            if size is not None
            else max(2 * tokens + (1 << 16), _UNSIZED)
        )
        got = coder.add(values, limit)
        if got is None:
            return None
        codes, _ = got
        if mask is not None:
            codes = codes[mask]
        k = codes.size // 2
        if m + k > src.size:  # (a regular file that grew while read also grows them)
            cap = size // 4 + 1 if size is not None and not src.size else 0
            cap = max(cap, 2 * src.size, m + k, 1 << 16)
            src, dst = grow_pairs(src, dst, m, cap)  # one int64 an edge: see compiled
        src[m : m + k] = codes[0::2]
        dst[m : m + k] = codes[1::2]
        m += k
    names = coder.values()  # from the coder's table: no list of chunks, no second copy
    return EdgeList(
        source=source,
        n=coder.count,
        src=src[:m],
        dst=dst[:m],
        lines=line0,  # the caller adds an unterminated last line
        _names=NameTable.of_integers(names),
    )


_UNSIZED = 1 << 22  # values the integer table may reach for a text of unknown length


def _general(tok: Tokens, buf: npt.NDArray[np.uint8], size: int, source: str) -> EdgeList:
    """An edge list from all the tokens of a text kept whole in ``buf``: names keyed by
    :func:`~proofgrid.par.keys.words.text_codes` (a dictionary of the text's words),
    else :func:`~proofgrid.par.keys.words.span_codes`."""
    pair = np.flatnonzero(tok.paired)
    keyed = text_codes(buf, size, tok.starts, tok.lengths) if tok.values is None else None
    codes, first = keyed or span_codes(buf, tok.starts, tok.lengths, tok.values)
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
        _names=NameTable.of_spans(buf, size, tok.starts[first], tok.lengths[first]),
    )


_ARROW_MIN = 1 << 25  # bytes: below this, importing pyarrow (0.15 s) costs more than it saves


def _use_arrow(size: int | None) -> bool:
    """Whether the general path keys names by Arrow (:mod:`proofgrid.par.keys.arrow`): pyarrow is
    installed and the text is large or of unknown length."""
    return (size is None or size >= _ARROW_MIN) and arrow_keys.available()


def _from_keyed(keyed: arrow_keys.Keyed, source: str, lines: int) -> EdgeList:
    return EdgeList(
        source=source,
        n=keyed.n,
        src=keyed.src,
        dst=keyed.dst,
        lines=lines,
        _names=NameTable.of_spans(keyed.names, keyed.size, keyed.name_start, keyed.name_len),
    )


def _key_by_arrow(scans: Iterator[tuple[int, Scan, int]], source: str) -> arrow_keys.Keyed:
    try:
        return arrow_keys.key_scans(scans, source)
    except arrow_keys.TooLongError:
        raise EdgeListError(f"{source}: a name longer than 2 GiB") from None


def _parse(buf: npt.NDArray[np.uint8], size: int, source: str) -> EdgeList:
    unmark(buf, size, source)
    scans = scan_chunks(buf, size, source, narrow=False)
    try:
        plain = _parse_plain(scans, source, size)
    finally:
        scans.close()  # stops the scanning threads if we leave early
    last = 1 if size and buf[size - 1] != 10 else 0
    if plain is not None:
        return dataclasses.replace(plain, lines=plain.lines + last)
    if _use_arrow(size):
        scans = scan_chunks(buf, size, source, pack=True)
        try:
            keyed = _key_by_arrow(scans, source)
        finally:
            scans.close()
        return _from_keyed(keyed, source, keyed.newlines + last)
    return _general(tokenize(buf, size, source), buf, size, source)


def parse_edgelist(data: bytes, source: str = "<data>") -> EdgeList:
    """Parse an edge list (format in the module docstring); O(size) vectorised.

    Raises
    ------
    EdgeListError
        ``source:LINE: reason`` for a line with more than two fields, control
        characters or invalid UTF-8.
    """
    return _parse(buffer_of(data), len(data), source)


def read_edges(stream: Any, *, name: str = "<stream>") -> EdgeList:
    """Read and parse an edge list from a binary file-like object (``read(n)``).

    Read a piece at a time and checked as it arrives (see :func:`_read_stream`);
    ``name`` is used in messages. Raises :class:`EdgeListError` as :func:`parse_edgelist`.
    """
    return _read_stream(stream, name)


class _Tee(io.RawIOBase):
    """A stream that cannot seek, read through while every byte read is written to a
    spool file (on disk), so that it can be read again without being held in memory."""

    def __init__(self, inner: Any, spool: IO[bytes]) -> None:
        self._inner, self._spool = inner, spool

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        readinto = getattr(self._inner, "readinto", None)
        if readinto is not None:
            got = int(readinto(b) or 0)
        else:
            piece = self._inner.read(len(b))
            got = len(piece)
            b[:got] = piece
        self._spool.write(memoryview(b)[:got])
        return got


class _Replay(io.RawIOBase):
    """What the first pass spooled, then the rest of the stream as it comes."""

    def __init__(self, spool: IO[bytes], inner: Any) -> None:
        self._spool, self._inner = spool, inner
        self._spooled = True

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        if self._spooled:
            piece = self._spool.read(len(b))
            if piece:
                b[: len(piece)] = piece
                return len(piece)
            self._spooled = False
        readinto = getattr(self._inner, "readinto", None)
        if readinto is not None:
            return int(readinto(b) or 0)
        piece = self._inner.read(len(b))
        b[: len(piece)] = piece
        return len(piece)


def _read_stream(fh: Any, source: str) -> EdgeList:
    """Parse a stream as it is read, a piece at a time (:class:`.scan.TextStream`).

    A bad line is reported once the piece holding it is read. Plain integer names
    are keyed piece by piece and the text is never resident. If a name turns out
    not to be a plain integer, the text is read again from its start by the
    general path: a stream that can seek by seeking, one that cannot (a pipe,
    standard input, a decompressor) from a spool file on disk that the first pass
    wrote as it read (:class:`_Tee`), then on from the stream as it comes
    (:class:`_Replay`, so a bad line is still reported once its piece is read),
    so such a stream is held in memory no more than a plain file is. O(size) time
    (at most two passes); memory O(piece) plus
    the edges and names on the integer path, plus the text and its tokens on the
    general one (none of the text on the Arrow path); disk: the text, for a stream
    that cannot seek.
    """
    size: int | None = None
    try:
        st = os.fstat(fh.fileno())
        if stat.S_ISREG(st.st_mode):
            size = st.st_size
    except (AttributeError, OSError, ValueError):
        pass  # not a file descriptor (BytesIO and the like)
    seekable = bool(getattr(fh, "seekable", lambda: False)())
    start = fh.tell() if seekable else 0
    if size is not None and seekable:
        size = max(0, size - start)
    spool: IO[bytes] | None = None
    reader = fh
    if not seekable:
        import tempfile  # noqa: PLC0415 (only for streams that cannot seek)

        spool = tempfile.TemporaryFile(prefix="proofgrid-par-")  # noqa: SIM115 (closed below)
        reader = _Tee(fh, spool)
    stream = TextStream(reader, source, size, keep=False)
    scans = stream.scans(narrow=False)
    try:
        plain = _parse_plain(scans, source, size)
        if plain is not None:
            return dataclasses.replace(plain, lines=stream.nlines)
        scans.close()
        if spool is not None:  # the spooled text again, then the rest as it comes
            spool.seek(0)
            fh = _Replay(spool, fh)
        else:
            fh.seek(start)
        if _use_arrow(size):  # names keyed as scanned: the text is never kept
            stream = TextStream(fh, source, size, keep=False)
            scans = stream.scans(pack=True)
            keyed = _key_by_arrow(scans, source)
            return _from_keyed(keyed, source, stream.nlines)
        stream = TextStream(fh, source, size, keep=True)
        scans = stream.scans()
        tokens, _ = collect(scans, source, costs=False)
        return _general(tokens(stream.nlines), stream.buf, stream.size, source)
    finally:
        scans.close()  # stops the scanning threads if we leave early
        if spool is not None:
            spool.close()
        give_back()


def read_edgelist(path: str) -> EdgeList:
    """Read and parse an edge-list file (``-`` = standard input), as it is read
    (:func:`_read_stream`)."""
    if path == "-":
        return _read_stream(sys.stdin.buffer, "<stdin>")
    what = "edge-list file"
    try:
        with open(path, "rb") as fh:
            return _read_stream(fh, path)
    except FileNotFoundError:
        raise EdgeListError(f"{path}: no such {what}") from None
    except IsADirectoryError:
        raise EdgeListError(f"{path}: is a directory, not an {what}") from None
    except OSError as exc:
        raise EdgeListError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None


def read_source(src: Source) -> EdgeList:
    """Parse the text edge list of an opened source (:func:`proofgrid.par.sources.open_source`).

    A plain regular file is read by path; any other stream (standard input, a
    device, a decompressor) as it arrives (:func:`read_edges`), checked chunk by
    chunk, so endless binary input is refused early.
    """
    if src.path is not None:
        return read_edgelist(src.path)
    return read_edges(src.stream, name=src.name)


def names_only(names: list[str], source: str) -> EdgeList:
    """An edge list of the isolated nodes ``names`` (each a valid text name), in order,
    so that a text cost file can be matched against a graph that was not read from text."""
    data = ("\n".join(names) + "\n").encode("utf-8") if names else b""
    return parse_edgelist(data, source)
