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

import codecs
import hashlib
import os
import re
import stat
import sys
from collections.abc import Generator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import numpy as np
import numpy.typing as npt

from proofgrid.errors import ProofgridError
from proofgrid.graph.intcodes import IntegerCoder
from proofgrid.graph.keying import factorize
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


_CHUNK = 1 << 20  # bytes per scanning step: temporaries stay cache-sized (1 MB: fastest here)
_THREADS = min(os.cpu_count() or 1, 4)  # chunks scanned at once
_LONG = 256  # tokens longer than this are hashed and compared one at a time (see _keys)


@dataclass(frozen=True, slots=True)
class _Tokens:
    """Tokens of a buffer: byte ``starts`` and ``lengths``, ``paired`` (the token is
    one of the two fields of its line), ``lines`` (0-based line of each token, only
    if asked for), ``nlines`` and ``values`` (the tokens' values if all are plain
    integers, see :func:`_plain_integers`)."""

    starts: IntArray
    lengths: IntArray
    paired: npt.NDArray[np.bool_]
    lines: IntArray | None
    nlines: int
    values: npt.NDArray[np.int64] | None


def _next_newline(arr: npt.NDArray[np.uint8], pos: int) -> int:
    """Index just after the first newline at or after ``pos`` (or the size), one
    chunk at a time: O(distance) time, O(chunk) memory."""
    size = arr.size
    while pos < size:
        end = min(pos + _CHUNK, size)
        k = arr[pos:end].tobytes().find(b"\n")
        if k >= 0:
            return pos + k + 1
        pos = end
    return size


def _chunk_end(arr: npt.NDArray[np.uint8], pos: int) -> tuple[int, bool]:
    """End of the chunk starting at ``pos`` (just after its last newline), and
    whether the chunk is a single line longer than a chunk."""
    size = arr.size
    end = pos + _CHUNK
    if end >= size:
        return size, False
    k = arr[pos:end].tobytes().rfind(b"\n")
    if k >= 0:
        return pos + k + 1, False
    return _next_newline(arr, end), True


@dataclass(frozen=True, slots=True)
class _Scratch:
    """Byte-sized work arrays for scanning one chunk, reused from chunk to chunk.

    One set per scanning thread. Every byte-level step writes into these
    (``out=``) rather than into a fresh temporary: a new megabyte array per
    numpy step is allocated and released each time, so its pages are faulted
    in again at every step, which cost ten times the step itself."""

    u8: npt.NDArray[np.uint8]
    mask: npt.NDArray[np.bool_]
    tmp: npt.NDArray[np.bool_]
    events: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, size: int) -> _Scratch:
        """Work arrays for chunks of up to ``size`` bytes."""
        return cls(
            np.empty(size, dtype=np.uint8),
            np.empty(size, dtype=bool),
            np.empty(size, dtype=bool),
            np.empty(size, dtype=bool),
        )


def _check_bytes(
    arr: npt.NDArray[np.uint8],
    line0: int,
    source: str,
    decoder: Any,
    final: bool,
    *,
    scratch: _Scratch,
) -> None:
    """Refuse control characters and invalid UTF-8 in ``arr`` (lines from ``line0``).

    ``decoder`` is an incremental UTF-8 decoder, so that a character split between
    two pieces of one long line is still checked exactly; ``final``: no more pieces.
    Uses ``scratch.mask`` and ``scratch.tmp``."""
    n = arr.size
    control, tmp, u8 = scratch.mask[:n], scratch.tmp[:n], scratch.u8[:n]
    np.less(arr, 9, out=control)  # tab, newline, VT, FF and CR (9 to 13) are allowed
    np.subtract(arr, np.uint8(14), out=u8)
    np.less(u8, 18, out=tmp)  # 14 to 31, by unsigned wrap-around
    control |= tmp
    np.equal(arr, 127, out=tmp)
    control |= tmp
    if control.any():
        pos = int(np.argmax(control))
        line = line0 + int(np.count_nonzero(arr[:pos] == 10)) + 1
        raise EdgeListError(
            f"{source}:{line}: control character 0x{int(arr[pos]):02x} (not a text edge list?)"
        )
    pending = len(decoder.getstate()[0])
    if pending or (arr.size and arr.max() >= 0x80):
        try:
            decoder.decode(arr.data, final)
        except UnicodeDecodeError as exc:
            start = max(0, min(arr.size, exc.start - pending))
            line = line0 + int(np.count_nonzero(arr[:start] == 10)) + 1
            raise EdgeListError(f"{source}:{line}: invalid UTF-8 (not a text edge list?)") from None


def _token_mask(arr: npt.NDArray[np.uint8], scratch: _Scratch) -> npt.NDArray[np.bool_]:
    """Bytes that belong to a name: not a separator (space, control, ``,``), in
    ``scratch.mask`` (``scratch.tmp`` is overwritten)."""
    n = arr.size
    istok, tmp = scratch.mask[:n], scratch.tmp[:n]
    np.greater(arr, 32, out=istok)  # space and the allowed control characters separate
    np.not_equal(arr, 44, out=tmp)  # ','
    istok &= tmp
    return istok


def _edges(istok: npt.NDArray[np.bool_]) -> tuple[IntArray, IntArray]:
    """Start and end (exclusive) offsets of the runs of True in ``istok``."""
    starts = np.flatnonzero(istok[1:] > istok[:-1]) + 1
    ends = np.flatnonzero(istok[:-1] > istok[1:]) + 1
    if istok.size and istok[0]:
        starts = np.concatenate([np.zeros(1, dtype=starts.dtype), starts])
    if istok.size and istok[-1]:
        ends = np.concatenate([ends, np.full(1, istok.size, dtype=ends.dtype)])
    return starts, ends


def _fields_error(source: str, line: int, count: int, *, costs: bool) -> EdgeListError:
    what = "expected 'node cost'" if costs else "expected 'src dst' or a single node name"
    return EdgeListError(
        f"{source}:{line}: {what}, found {count} field" + ("" if count == 1 else "s")
    )


def _scan_chunk(
    buf: npt.NDArray[np.uint8], lo: int, hi: int, line0: int, source: str, *, scratch: _Scratch
) -> tuple[IntArray, IntArray, IntArray, int, bool]:
    """Tokens of the whole lines in ``buf[lo:hi]``: global starts, lengths, the
    number of tokens on each line (the last entry counts what follows the last
    newline), the number of newlines in the chunk, and whether every token byte
    is an ASCII digit. Byte-level steps work in ``scratch`` (no temporaries)."""
    arr = buf[lo:hi]
    size = hi - lo
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    _check_bytes(arr, line0, source, decoder, True, scratch=scratch)
    istok = _token_mask(arr, scratch)
    tmp, u8, events_mask = scratch.tmp[:size], scratch.u8[:size], scratch.events[:size]
    np.equal(arr, 35, out=tmp)
    if tmp.any():  # '#': blank from the first '#' of each line to its newline
        hashes = np.flatnonzero(tmp)
        newlines = np.flatnonzero(arr == 10)
        hline = np.searchsorted(newlines, hashes)
        first = np.ones(hashes.size, dtype=bool)
        first[1:] = hline[1:] != hline[:-1]
        hs, hl = hashes[first], hline[first]
        stops = np.full(hs.size, size, dtype=np.int64)
        inside = hl < newlines.size
        stops[inside] = newlines[hl[inside]]
        delta = np.zeros(size + 1, dtype=np.int8)
        delta[hs] = 1
        delta[stops] = -1  # a newline position is never a '#' position
        istok &= np.cumsum(delta[:size], dtype=np.int8) == 0
    np.subtract(arr, np.uint8(48), out=u8)
    np.less(u8, 10, out=tmp)
    np.greater(istok, tmp, out=tmp)  # a token byte that is not a digit
    digits = not bool(tmp.any())
    # One pass finds where tokens start or end (they alternate).
    events_mask[0] = istok[0]
    np.not_equal(istok[1:], istok[:-1], out=events_mask[1:])
    bounds = np.flatnonzero(events_mask)
    if istok[-1]:  # a token runs to the end (only at the end of the file)
        bounds = np.append(bounds, size)
    starts, ends = bounds[0::2], bounds[1::2]
    np.equal(arr, 10, out=tmp)
    nnl = int(np.count_nonzero(tmp))
    counts = _pair_counts(arr, ends, nnl)
    if counts is None:
        counts = _line_counts(starts, np.flatnonzero(tmp))
    return starts + lo, ends - starts, counts, nnl, digits


def _pair_counts(arr: npt.NDArray[np.uint8], ends: IntArray, nnl: int) -> IntArray | None:
    """Tokens per line (as :func:`_line_counts`) if every line of the chunk holds
    exactly two tokens (the usual edge list), else None; O(tokens), no byte pass.

    Given the ``ends`` of the tokens and the number ``nnl`` of newlines: if the
    first ``nnl`` second-of-a-pair tokens (odd indices) are each followed at once
    by a newline, those are ``nnl`` distinct newlines, so all of them, and line
    ``j`` holds exactly tokens ``2j`` and ``2j + 1`` (the last, unterminated line
    the final pair if there is one)."""
    pairs = ends.size // 2
    if ends.size % 2 or pairs not in (nnl, nnl + 1):
        return None
    second = ends[1 : 2 * nnl : 2]  # a newline must follow each
    if nnl and int(second[-1]) >= arr.size:  # "\na b" (the file's end): not so
        return None
    if not bool((arr[second] == 10).all()):
        return None
    counts = np.full(nnl + 1, 2, dtype=np.int64)
    counts[-1] = 2 if pairs == nnl + 1 else 0
    return counts


def _line_counts(starts: IntArray, newlines: IntArray) -> IntArray:
    """Number of tokens on each line, given the sorted token ``starts`` and the
    ``newlines`` of a chunk (the last entry counts the tokens after the last
    newline): the tokens before each newline, by binary search. O(tokens log)."""
    before = np.searchsorted(starts, newlines)
    return np.diff(before, prepend=0, append=starts.size)


def _scan_long_line(
    buf: npt.NDArray[np.uint8], span: tuple[int, int], line0: int, source: str, scratch: _Scratch
) -> tuple[IntArray, IntArray, IntArray, int, bool]:
    """:func:`_scan_chunk` for one line longer than a chunk, a chunk at a time.

    Memory stays O(chunk) whatever the line's length: the line is checked and its
    fields counted piece by piece, and only the (at most two) fields of a valid
    line are kept, so a line of millions of fields is refused without ever
    listing them. O(line length) time.
    """
    lo, hi = span
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    first: list[int] = []  # starts and ends of the first three fields
    last: list[int] = []
    count, pos, prev, comment = 0, lo, False, False
    while pos < hi:
        end = min(pos + _CHUNK, hi)
        arr = buf[pos:end]
        _check_bytes(arr, line0, source, decoder, end == hi, scratch=scratch)
        if not comment:
            istok = _token_mask(arr, scratch)
            cut = arr.tobytes().find(b"#")
            if cut >= 0:
                istok[cut:] = False
                comment = True
            starts, ends = _edges(istok)
            if prev and istok[0]:  # the last piece's final field goes on
                if count <= 3:
                    last[count - 1] = int(ends[0]) + pos
                starts, ends = starts[1:], ends[1:]
            count += int(starts.size)
            for s, e in zip(starts[:3].tolist(), ends[:3].tolist(), strict=True):
                if len(first) < 3:
                    first.append(s + pos)
                    last.append(e + pos)
            prev = bool(istok[-1])
        pos = end
    if count > 2:  # the caller reports it, as for any other line
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.array([count]), 0, False
    nnl = 1 if buf[hi - 1] == 10 else 0
    return (
        np.array(first, dtype=np.int64),
        np.array(last, dtype=np.int64) - np.array(first, dtype=np.int64),
        np.array([count, 0][: 1 + nnl], dtype=np.int64),
        nnl,
        False,  # the general path keys these (rare) names
    )


_Scan = tuple[IntArray, IntArray, IntArray, int, "npt.NDArray[np.int64] | None"]


def _scan(
    buf: npt.NDArray[np.uint8],
    span: tuple[int, int, bool],
    line0: int,
    source: str,
    *,
    scratch: _Scratch,
    narrow: bool,
) -> _Scan:
    """One chunk of :func:`_tokenize`: starts, lengths, fields per line, newlines, and
    the tokens' values if all are plain integers (:func:`_plain_integers`).
    ``narrow``: starts and lengths as :func:`_index_type` (else int64, for callers
    that keep only a few of them)."""
    lo, hi, long_line = span
    if long_line:
        starts, lengths, counts, nnl, digits = _scan_long_line(
            buf, (lo, hi), line0, source, scratch
        )
    else:
        starts, lengths, counts, nnl, digits = _scan_chunk(
            buf, lo, hi, line0, source, scratch=scratch
        )
    values = _plain_integers(buf, starts, lengths) if digits else None
    if not narrow:
        return starts, lengths, counts, nnl, values
    itype = _index_type(buf.size)
    return starts.astype(itype), lengths.astype(itype), counts, nnl, values


def _index_type(size: int) -> type[np.integer[Any]]:
    """int32 when positions and line numbers in ``size`` bytes fit it, else int64."""
    return np.int32 if size < 2**31 - _CHUNK else np.int64


def _scans(
    buf: npt.NDArray[np.uint8], size: int, source: str, *, narrow: bool = True
) -> Generator[tuple[int, _Scan], None, None]:
    """``(first line, scan)`` of each chunk in file order (``narrow``: see :func:`_scan`).

    Chunks are scanned on up to ``_THREADS`` threads (numpy releases the GIL in
    its array loops); a chunk whose scan fails is scanned again in order, so
    the error reported is the first in the file, with its true line number.
    """
    arr = buf[:size]
    spans: list[tuple[int, int, bool]] = []
    pos = 0
    while pos < size:
        end, long_line = _chunk_end(arr, pos)
        spans.append((pos, end, long_line))
        pos = end
    line0 = 0
    chunk = min(_CHUNK, size)
    if len(spans) < 2 or _THREADS < 2:
        scratch = _Scratch.of(chunk)
        for span in spans:
            got = _scan(buf, span, line0, source, scratch=scratch, narrow=narrow)
            yield line0, got
            line0 += got[3]
        return
    import threading  # noqa: PLC0415 (big inputs only)
    from collections import deque  # noqa: PLC0415
    from concurrent.futures import Future, ThreadPoolExecutor  # noqa: PLC0415

    local = threading.local()  # one set of work arrays per thread

    def own_scratch() -> _Scratch:
        if not hasattr(local, "scratch"):
            local.scratch = _Scratch.of(chunk)
        got: _Scratch = local.scratch
        return got

    def attempt(span: tuple[int, int, bool]) -> _Scan | None:
        try:
            return _scan(buf, span, 0, source, scratch=own_scratch(), narrow=narrow)
        except EdgeListError:
            return None

    pool = ThreadPoolExecutor(_THREADS)
    # A window of 2 * _THREADS chunks in flight, not all of them: each scanned chunk's
    # token arrays (about 24 bytes a token) wait until consumed, so submitting every
    # chunk at once held them all (57 bytes an edge at 2e7 edges).
    window: deque[Future[_Scan | None]] = deque()
    ahead = iter(spans)
    try:
        for span in spans:
            while len(window) < 2 * _THREADS:
                nxt = next(ahead, None)
                if nxt is None:
                    break
                window.append(pool.submit(attempt, nxt))
            tried = window.popleft().result()
            # A failed chunk again, to raise with the line counted from the file's start.
            got = tried or _scan(buf, span, line0, source, scratch=own_scratch(), narrow=narrow)
            yield line0, got
            line0 += got[3]
    finally:  # after an error, the chunks not yet started are dropped
        pool.shutdown(wait=True, cancel_futures=True)


def _tokenize(
    buf: npt.NDArray[np.uint8], size: int, source: str, *, costs: bool = False
) -> _Tokens:
    """Split the first ``size`` bytes of ``buf`` into tokens, vectorised.

    Works through the buffer in chunks of whole lines (``_CHUNK`` bytes, see
    :func:`_scans`), so the byte-level temporaries stay small and cache-resident
    (a line longer than a chunk is read in pieces, :func:`_scan_long_line`); on
    the way it validates the bytes (no control characters, valid UTF-8) and the
    number of fields per line: at most two for an edge list, exactly two (or
    none) for a cost file (``costs=True``, which also keeps every token's line).
    The first error in file order is reported, as ``source:LINE: reason``.
    O(size) time; memory beyond the token arrays O(chunk) per thread.
    """
    itype = _index_type(buf.size)
    parts: list[tuple[IntArray, ...]] = []
    paired: list[npt.NDArray[np.bool_]] = []
    values: list[npt.NDArray[np.int64]] | None = []
    line0 = 0
    for line0, (starts, lengths, counts, nnl, chunk_values) in _scans(buf, size, source):
        bad = (counts != 0) & (counts != 2) if costs else counts > 2
        if bad.any():
            k = int(np.argmax(bad))
            raise _fields_error(source, line0 + k + 1, int(counts[k]), costs=costs)
        if starts.size:
            pairs = counts == 2
            paired.append(
                np.ones(starts.size, dtype=bool)
                if bool(pairs[counts != 0].all())
                else np.repeat(pairs, counts)
            )
            kept: list[IntArray] = [starts, lengths]
            if costs:
                kept.append(np.repeat(np.arange(line0, line0 + counts.size, dtype=itype), counts))
            parts.append(tuple(kept))
        if values is not None and chunk_values is not None:
            values.append(chunk_values)
        else:
            values = None
        line0 += nnl
    nlines = line0 + (1 if size and buf[size - 1] != 10 else 0)
    empty: IntArray = np.zeros(0, dtype=itype)
    cols: list[IntArray] = (
        [np.concatenate(c) for c in zip(*parts, strict=True)] if parts else [empty] * 3
    )
    return _Tokens(
        starts=cols[0],
        lengths=cols[1],
        paired=np.concatenate(paired) if paired else np.zeros(0, dtype=bool),
        lines=cols[2] if costs else None,
        nlines=nlines,
        values=np.concatenate(values) if values else None,
    )


def _mix(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64 finaliser on a uint64 array, in place (wrapping; a bijection)."""
    z ^= z >> np.uint64(30)
    z *= np.uint64(0xBF58476D1CE4E5B9)
    z ^= z >> np.uint64(27)
    z *= np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return z


def _raw_words(buf: npt.NDArray[np.uint8], starts: IntArray) -> npt.NDArray[np.uint64]:
    """The 8 bytes at each start as little-endian words (bytes past a name included).

    Two aligned word loads and shifts per start (``buf`` from :func:`_alloc`, so
    the padding covers the second word); about twice as fast as one gather from
    a byte-strided view, whose unaligned elements numpy copies one by one.
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
    return lo


def _words(
    buf: npt.NDArray[np.uint8], starts: IntArray, remaining: IntArray
) -> npt.NDArray[np.uint64]:
    """The 8 bytes at each start as little-endian words, masked to ``remaining``."""
    words = _raw_words(buf, starts)
    words &= _LOWMASK[np.minimum(remaining, _WORD)]
    return words


_BATCH = 1 << 18  # tokens per keying step: the buffer bytes they touch stay in cache


def _keys(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.uint64]:
    """64-bit keys of spans (:func:`_batch_keys`), ``_BATCH`` spans at a time."""
    out = np.empty(starts.size, dtype=np.uint64)
    for i in range(0, starts.size, _BATCH):
        out[i : i + _BATCH] = _batch_keys(buf, starts[i : i + _BATCH], lengths[i : i + _BATCH])
    return out


def _batch_keys(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.uint64]:
    """64-bit key of each span: a span of at most 8 bytes is its own word (mixed by a
    bijection, so exact: names contain no NUL), a longer one a hash of its length
    and all its bytes. Equal spans always get equal keys; the converse is verified
    by :func:`_codes`.

    Spans of up to ``_LONG`` bytes are hashed a word at a time across all of them
    at once (at most ``_LONG / 8`` vector steps); longer ones one by one with
    BLAKE2b, at most ``size / _LONG`` of them, so the work stays O(bytes) whatever
    the lengths.
    """
    keys = _mix(_words(buf, starts, lengths))
    long_ = np.flatnonzero(lengths > _WORD)
    if long_.size:
        ls, ll = starts[long_], lengths[long_]
        h = _mix(ll.astype(np.uint64) ^ np.uint64(0x9E3779B97F4A7C15))
        active = np.flatnonzero(ll <= _LONG)
        offset = 0
        while active.size:
            h[active] = _mix(h[active] ^ _words(buf, ls[active] + offset, ll[active] - offset))
            offset += _WORD
            active = active[ll[active] > offset]
        huge = np.flatnonzero(ll > _LONG)
        if huge.size:
            view = memoryview(buf)  # type: ignore[arg-type]
            digests = [
                hashlib.blake2b(view[s : s + n], digest_size=8).digest()
                for s, n in zip(ls[huge].tolist(), ll[huge].tolist(), strict=True)
            ]
            h[huge] = np.frombuffer(b"".join(digests), dtype="<u8")
        keys[long_] = h
    return keys


def _same_bytes(buf: npt.NDArray[np.uint8], a: IntArray, b: IntArray, lengths: IntArray) -> bool:
    """Whether spans ``a[i]`` and ``b[i]`` (both of ``lengths[i]`` bytes) are all equal.

    Word by word across all spans of up to ``_LONG`` bytes, then the longer ones
    one by one (as in :func:`_keys`); O(bytes compared)."""
    huge = lengths > _LONG
    active = np.flatnonzero(~huge)
    offset = 0
    while active.size:
        rem = lengths[active] - offset
        if not np.array_equal(
            _words(buf, a[active] + offset, rem), _words(buf, b[active] + offset, rem)
        ):
            return False
        offset += _WORD
        active = active[lengths[active] > offset]
    return all(
        s == t or np.array_equal(buf[s : s + n], buf[t : t + n])
        for s, t, n in zip(a[huge].tolist(), b[huge].tolist(), lengths[huge].tolist(), strict=True)
    )


_POW10 = np.array([10**k for k in range(_WORD + 1)], dtype=np.uint64)
_INT_DIGITS = 2 * _WORD  # the integer fast path takes names of up to 16 digits


def _digits_value(words: npt.NDArray[np.uint64], lengths: IntArray) -> npt.NDArray[np.uint64]:
    """Value of the ``lengths[i]`` (1 to 8) ASCII digits in the low bytes of each word,
    computed in place in ``words`` (which is returned).

    The digits are right-aligned (any bytes past them are shifted out, the bytes
    shifted in are leading zeros), then pairs, quads and octets are combined by
    three multiply-shift steps (SWAR), without temporaries."""
    v = words
    v &= np.uint64(0x0F0F0F0F0F0F0F0F)
    v <<= ((_WORD - lengths) * 8).astype(np.uint64)
    v *= np.uint64(2561)
    v >>= np.uint64(8)
    v &= np.uint64(0x00FF00FF00FF00FF)
    v *= np.uint64(6553601)
    v >>= np.uint64(16)
    v &= np.uint64(0x0000FFFF0000FFFF)
    v *= np.uint64(42949672960001)
    v >>= np.uint64(32)
    return v


def _plain_integers(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.int64] | None:
    """:func:`_batch_integers` over all-digit tokens, ``_BATCH`` at a time (None: not all
    plain)."""
    if starts.size and int(lengths.max()) > _INT_DIGITS:
        return None
    if starts.size <= _BATCH:  # one batch (every chunk of a file): no copy
        return _batch_integers(buf, starts, lengths)
    out = np.empty(starts.size, dtype=np.int64)
    for i in range(0, starts.size, _BATCH):
        values = _batch_integers(buf, starts[i : i + _BATCH], lengths[i : i + _BATCH])
        if values is None:
            return None
        out[i : i + _BATCH] = values
    return out


def _batch_integers(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.int64] | None:
    """The values of tokens made of ASCII digits if every one is a plain integer, else None.

    Plain: 1 to 16 digits and no leading zero (``0`` itself is plain), so distinct
    names have distinct values (``007`` is not plain: the whole file then goes by
    the general path, where ``007`` and ``7`` are different names). O(tokens),
    vectorised.
    """
    words = _raw_words(buf, starts)  # _digits_value shifts out the bytes past each name
    first = words.view(np.uint8)[::_WORD]  # each name's first byte (little-endian words)
    if ((first == 48) & (lengths > 1)).any():
        return None  # a leading zero
    values = _digits_value(words, np.minimum(lengths, _WORD))
    wide = np.flatnonzero(lengths > _WORD)
    if wide.size:
        rest = lengths[wide] - _WORD
        tail = _words(buf, starts[wide] + _WORD, rest)
        values[wide] = values[wide] * _POW10[rest] + _digits_value(tail, rest)
    return values.view(np.int64)


def _integer_codes(values: npt.NDArray[np.int64]) -> tuple[IntArray, IntArray]:
    """Exact first-appearance codes of non-negative integers, and the index of
    each code's first occurrence.

    When the values are dense (below twice their count, plus a little), by the
    table indexed by value of :class:`~proofgrid.graph.intcodes.IntegerCoder`,
    O(tokens + max value); otherwise by a dictionary (a few) or the hash table
    of :func:`~proofgrid.graph.keying.factorize`.
    """
    count = values.size
    dense = IntegerCoder().add(values, 2 * count + (1 << 16))
    if dense is not None:
        return dense
    if count <= _SMALL:
        seen: dict[int, int] = {}
        out = np.array([seen.setdefault(v, len(seen)) for v in values.tolist()], np.int64)
        return out, _first_positions(out)
    factorized = factorize(_mix(values.astype(np.uint64)))  # a bijection: keys stay exact
    return factorized, _first_positions(factorized)


def _first_positions(codes: IntArray) -> IntArray:
    """Index of the first occurrence of each code, for codes in first-appearance order."""
    if codes.size == 0:
        return np.zeros(0, dtype=np.int64)
    running = np.maximum.accumulate(codes)
    new = np.empty(codes.size, dtype=bool)
    new[0] = True
    new[1:] = running[1:] > running[:-1]
    return np.flatnonzero(new).astype(np.int64, copy=False)


_SMALL = 1 << 12  # up to this many tokens, a dictionary keys them (no hashing set-up)


def _codes(
    buf: npt.NDArray[np.uint8],
    starts: IntArray,
    lengths: IntArray,
    values: npt.NDArray[np.int64] | None = None,
) -> tuple[IntArray, IntArray]:
    """Exact codes of byte spans in first-appearance order, and the index of each
    code's first span (so their number is its size).

    Plain integers (their ``values`` given) go by :func:`_integer_codes`, a few
    spans by a dictionary;
    otherwise the spans' keys (:func:`_keys`) are factorised with keying's hash
    table, then every span is checked against its class representative (length,
    and bytes for spans over 8 bytes); if a hash collision merged two names, an
    exact dictionary decides. O(bytes) expected.
    """
    if starts.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if values is not None:
        return _integer_codes(values)
    if starts.size <= _SMALL:
        exact = _exact_codes(buf, starts, lengths)
        return exact, _first_positions(exact)
    codes: IntArray = factorize(_keys(buf, starts, lengths))
    first = _first_positions(codes)
    long_ = np.flatnonzero(lengths > _WORD)
    if long_.size == 0:
        return codes, first  # all keys are exact words: nothing to verify
    rep = first[codes]  # each span's class representative
    if not (
        np.array_equal(lengths[rep], lengths)
        and _same_bytes(buf, starts[long_], starts[rep[long_]], lengths[long_])
    ):
        exact = _exact_codes(buf, starts, lengths)  # a hash collision: be exact
        return exact, _first_positions(exact)
    return codes, first


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


_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_UTF32_BOMS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")


def _unmark(buf: npt.NDArray[np.uint8], size: int, source: str) -> None:
    """Blank out a leading UTF-8 byte-order mark (Windows editors write one); refuse UTF-16/32.

    The three bytes become spaces, a field separator, so names and line numbers
    are unchanged. A UTF-16 mark is an :class:`EdgeListError` that says what to
    do, rather than a parse of every other byte. O(1).
    """
    head = buf[: min(size, 4)].tobytes()
    if head.startswith(_UTF8_BOM):
        buf[:3] = ord(" ")
    elif head in _UTF32_BOMS:  # before UTF-16: the little-endian marks share two bytes
        raise EdgeListError(f"{source}: the file is UTF-32 text; save it as UTF-8 and try again")
    elif head[:2] in _UTF16_BOMS:
        raise EdgeListError(f"{source}: the file is UTF-16 text; save it as UTF-8 and try again")


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


_READ = 8  # scanning chunks per read: input is checked for binary data as it arrives


def _control_at(piece: npt.NDArray[np.uint8]) -> int:
    """Index of the first control character (not tab, newline, VT, FF, CR) in ``piece``, or -1."""
    bad = piece < 9
    bad |= (piece - np.uint8(14)) < 18  # 14 to 31, by unsigned wrap-around
    bad |= piece == 127
    return int(np.argmax(bad)) if bad.any() else -1


def _refuse(buf: npt.NDArray[np.uint8], size: int, pos: int, source: str) -> EdgeListError:
    """The error for a control character at ``pos``: the first error of the file up to
    the end of that line (so an earlier bad line is still the one reported)."""
    arr = buf[:size]
    end = _next_newline(arr, pos)
    _unmark(buf, end, source)
    try:
        _tokenize(buf, end, source)
    except EdgeListError as exc:
        return exc
    line = int(np.count_nonzero(arr[:pos] == 10)) + 1  # not reached: the scan refuses it
    return EdgeListError(f"{source}:{line}: control character 0x{int(arr[pos]):02x}")


def _read_checked(fh: Any, source: str, size: int | None) -> tuple[npt.NDArray[np.uint8], int]:
    """Read a stream into a padded buffer a few chunks at a time, checking each piece
    for control characters as it arrives: binary input (``/dev/zero``, an image) is
    refused after at most one piece past its first bad byte, in O(piece) memory
    (the buffer of a regular file is allocated untouched, so its pages cost nothing
    until read). ``size``: the file's size if it is a regular file."""
    step = _CHUNK * _READ
    if size is not None:
        buf = _alloc(size)
        pos = 0
        while pos < size:
            got = fh.readinto(buf.data[pos : min(size, pos + step)])
            if not got:
                break
            at = _control_at(buf[pos : pos + got])
            pos += got
            if at >= 0:
                raise _refuse(buf, pos, pos - got + at, source)
        extra = fh.read()
        if pos == size and not extra:
            return buf, size
        data = buf[:pos].tobytes() + extra  # the file changed size while we read it
        return _buffer(data), len(data)
    parts = bytearray()
    while True:
        piece = fh.read(step)
        if not piece:
            break
        at = _control_at(np.frombuffer(piece, dtype=np.uint8))
        parts += piece
        if at >= 0:
            whole = _buffer(bytes(parts))
            raise _refuse(whole, len(parts), len(parts) - len(piece) + at, source)
    return _buffer(bytes(parts)), len(parts)


def read_edges(stream: Any, *, name: str = "<stream>") -> EdgeList:
    """Read and parse an edge list from a binary file-like object (``read(n)``).

    Read a few chunks at a time and checked as it arrives (see :func:`_read_checked`);
    ``name`` is used in messages. Raises :class:`EdgeListError` as :func:`parse_edgelist`.
    """
    buf, size = _read_checked(stream, name, None)
    return _parse(buf, size, name)


def _load(path: str, what: str) -> tuple[npt.NDArray[np.uint8], int, str]:
    """Read a whole file (``-`` = standard input) into a padded buffer, checked as it
    arrives (:func:`_read_checked`).

    Returns ``(buffer, size, display name)``; raises :class:`EdgeListError`
    with a one-line reason if the file cannot be read or holds binary data.
    """
    if path == "-":
        buf, size = _read_checked(sys.stdin.buffer, "<stdin>", None)
        return buf, size, "<stdin>"
    try:
        with open(path, "rb") as fh:
            st = os.fstat(fh.fileno())
            regular = stat.S_ISREG(st.st_mode)  # else a pipe or a device
            buf, size = _read_checked(fh, path, st.st_size if regular else None)
            return buf, size, path
    except FileNotFoundError:
        raise EdgeListError(f"{path}: no such {what}") from None
    except IsADirectoryError:
        article = "an" if what[0] in "aeiou" else "a"
        raise EdgeListError(f"{path}: is a directory, not {article} {what}") from None
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
    codes = _codes(joint, joint_starts, joint_lengths)[0]
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
