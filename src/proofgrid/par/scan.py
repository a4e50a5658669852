"""Scanning of edge-list text: chunks of whole lines, byte checks, tokens, field counts.

The second stage of the pipeline (after :mod:`proofgrid.par.sources`, before
:mod:`proofgrid.par.keys`); the format is in :mod:`proofgrid.par.text`'s docstring.
Owns: reading a stream a piece at a time (:class:`TextStream`), the byte checks,
tokens and field counts, the longest line (:data:`MAX_LINE`) and
:class:`EdgeListError`.

Method
------
No Python loop runs over lines or tokens. The text is cut into chunks of whole
lines (``_CHUNK`` bytes, scanned on up to ``THREADS`` threads, :func:`scan_chunks`):
the bytes are classified by comparisons (numpy) written into per-thread work
arrays (:class:`_Scratch`, no megabyte temporaries and their page faults);
control characters and invalid UTF-8 are refused with their line
(:func:`_check_bytes`); comments are blanked with a difference array; token
starts and ends come from one ``np.flatnonzero`` of the mask of boundaries
(they alternate) and newlines from another, so field counts and line numbers
are exact. A line longer than a chunk is read in pieces
(:func:`_scan_long_line`), so refusing a line of millions of fields costs
O(chunk) memory. Reading (:func:`load`, :func:`_read_checked`) checks each
piece for binary data as it arrives.

O(size) time; memory beyond the token arrays O(chunk) per thread.
"""

from __future__ import annotations

import codecs
import functools
import os
import stat
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from proofgrid.errors import ProofgridError
from proofgrid.par.keys.table import WORD, IntArray
from proofgrid.par.keys.words import plain_integers

Int32Array = npt.NDArray[np.int32]

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor


class EdgeListError(ProofgridError):
    """A malformed edge-list or cost file; the message is ``FILE:LINE: reason``."""


def buffer_of(data: bytes) -> npt.NDArray[np.uint8]:
    """Copy ``data`` into a zero-padded uint8 array (see :func:`alloc`)."""
    buf = alloc(len(data))
    buf[: len(data)] = np.frombuffer(data, dtype=np.uint8)
    return buf


def alloc(size: int) -> npt.NDArray[np.uint8]:
    """A zeroed uint8 array for ``size`` bytes plus at least 16 bytes of padding,
    its length a multiple of 8 so that it can be read as little-endian words."""
    return np.zeros((size + 2 * WORD + WORD - 1) // WORD * WORD, dtype=np.uint8)


def give_back() -> None:
    """Return freed heap memory to the system (glibc's ``malloc_trim``; elsewhere a no-op).

    The scanning threads allocate their chunks' arrays in their own malloc arenas,
    and glibc keeps what they free (about 12 bytes an edge after a large file);
    called once a text is read, so the rest of the run starts from what is in use."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Any:
    """glibc's ``malloc_trim``, looked up once (None where there is none)."""
    if sys.platform != "linux":
        return None
    try:
        import ctypes  # noqa: PLC0415 (once, after a read)

        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


#: The longest line read, in bytes (a longer one is an error naming its line): a name
#: or a comment of up to 1 GiB is read in O(its length) time and memory.
MAX_LINE = 1 << 30


def _control_error(source: str, byte: int, line: int) -> EdgeListError:
    return EdgeListError(f"{source}:{line}: control character 0x{byte:02x} (not a text edge list?)")


def line_too_long(source: str, line: int) -> EdgeListError:
    """The error for a line longer than :data:`MAX_LINE`."""
    return EdgeListError(
        f"{source}:{line}: line longer than {MAX_LINE:,} bytes (the longest line par reads)"
    )


_CHUNK = 1 << 20  # bytes per scanning step: temporaries stay cache-sized (1 MB: fastest here)
THREADS = min(os.cpu_count() or 1, 4)  # chunks scanned at once


@dataclass(frozen=True, slots=True)
class Tokens:
    """Tokens of a buffer: byte ``starts`` and ``lengths``, ``paired`` (the token is
    one of the two fields of its line), ``lines`` (0-based line of each token, only
    if asked for), ``nlines`` and ``values`` (the tokens' values if all are plain
    integers, see :func:`plain_integers`)."""

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


def _last_newline(arr: npt.NDArray[np.uint8], lo: int, hi: int) -> int:
    """Index of the last newline in ``arr[lo:hi]`` (-1 if none), searched from the end
    in windows that double from 4 KB: a line is short, so this copies a few
    kilobytes, not the span. O(distance from the end)."""
    end, step = hi, _TAIL
    while end > lo:
        start = max(lo, end - step)
        k = arr[start:end].tobytes().rfind(b"\n")
        if k >= 0:
            return start + k
        end, step = start, 2 * step
    return -1


_TAIL = 1 << 12  # bytes of the first window searched for a span's last newline


def _chunk_end(arr: npt.NDArray[np.uint8], pos: int) -> tuple[int, bool]:
    """End of the chunk starting at ``pos`` (just after its last newline), and
    whether the chunk is a single line longer than a chunk."""
    size = arr.size
    end = pos + _CHUNK
    if end >= size:
        return size, False
    k = _last_newline(arr, pos, end)
    if k >= 0:
        return k + 1, False
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


def pack_spans(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.uint8]:
    """The bytes of the spans ``starts``/``lengths`` (sorted, disjoint) end to end, as
    :func:`_scan` with ``pack`` gives them: one gather by a mask made from a
    difference array over the spans' range. O(range)."""
    if not starts.size:
        return buf[:0]
    lo = int(starts[0])
    hi = int(starts[-1]) + int(lengths[-1])
    delta = np.zeros(hi - lo + 1, dtype=np.int8)
    delta[starts - lo] = 1
    delta[starts - lo + lengths] -= 1
    out: npt.NDArray[np.uint8] = buf[lo:hi][np.cumsum(delta[:-1], dtype=np.int8).view(bool)]
    return out


def line_fields(
    counts: IntArray, line0: int, source: str, *, costs: bool = False
) -> npt.NDArray[np.bool_] | None:
    """Check the fields per line of a chunk (at most two for an edge list; two or none
    for a cost file), raising the first bad line's :func:`_fields_error`; then which
    of the chunk's tokens is one of a line's two fields, or None when every one is
    (the usual edge list: no mask to make). O(lines + tokens)."""
    bad = (counts != 0) & (counts != 2) if costs else counts > 2
    if bad.any():
        k = int(np.argmax(bad))
        raise _fields_error(source, line0 + k + 1, int(counts[k]), costs=costs)
    pairs = counts == 2
    return None if bool(pairs[counts != 0].all()) else np.repeat(pairs, counts)


def _fields_error(source: str, line: int, count: int, *, costs: bool) -> EdgeListError:
    what = "expected 'node cost'" if costs else "expected 'src dst' or a single node name"
    return EdgeListError(
        f"{source}:{line}: {what}, found {count} field" + ("" if count == 1 else "s")
    )


def _scan_chunk(
    buf: npt.NDArray[np.uint8],
    lo: int,
    hi: int,
    line0: int,
    source: str,
    *,
    scratch: _Scratch,
    pack: bool = False,
) -> tuple[IntArray, IntArray, IntArray, int, bool, npt.NDArray[np.uint8] | None]:
    """Tokens of the whole lines in ``buf[lo:hi]``: global starts, lengths, the
    number of tokens on each line (the last entry counts what follows the last
    newline), the number of newlines in the chunk, whether every token byte
    is an ASCII digit (not looked at when packing: then False), and (``pack``)
    the tokens' bytes end to end (one boolean
    gather of the cache-resident chunk by its token mask). Byte-level steps work
    in ``scratch`` (no temporaries)."""
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
    digits = False  # (a packing scan keys names as bytes: their values are not wanted)
    if not pack:
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
    packed = arr[istok] if pack else None
    return starts + lo, ends - starts, counts, nnl, digits, packed


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
) -> tuple[IntArray, IntArray, IntArray, int, bool, npt.NDArray[np.uint8] | None]:
    """:func:`_scan_chunk` for one line longer than a chunk, a chunk at a time.

    Memory stays O(chunk) whatever the line's length: the line is checked and its
    fields counted piece by piece, and only the (at most two) fields of a valid
    line are kept, so a line of millions of fields is refused without ever
    listing them. O(line length) time.
    """
    lo, hi = span
    if hi - lo > MAX_LINE + 1:  # (its newline not counted)
        raise line_too_long(source, line0 + 1)
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
        return empty, empty, np.array([count]), 0, False, None
    nnl = 1 if buf[hi - 1] == 10 else 0
    return (
        np.array(first, dtype=np.int64),
        np.array(last, dtype=np.int64) - np.array(first, dtype=np.int64),
        np.array([count, 0][: 1 + nnl], dtype=np.int64),
        nnl,
        False,  # the general path keys these (rare) names
        np.concatenate([buf[s:e] for s, e in zip(first, last, strict=True)] or [buf[:0]]),
    )


Scan = tuple[
    IntArray,
    IntArray,
    IntArray,
    int,
    "npt.NDArray[np.int64] | None",
    "npt.NDArray[np.uint8] | None",
]


def _scan(
    buf: npt.NDArray[np.uint8],
    span: tuple[int, int, bool],
    line0: int,
    source: str,
    *,
    scratch: _Scratch,
    narrow: bool,
    pack: bool = False,
) -> Scan:
    """One chunk of :func:`tokenize`: starts, lengths, fields per line, newlines,
    the tokens' values if all are plain integers (:func:`plain_integers`), and
    and (``pack``) the tokens' bytes end to end.
    ``narrow``: starts and lengths as :func:`_index_type` (else int64, for callers
    that keep only a few of them)."""
    lo, hi, long_line = span
    if long_line:
        starts, lengths, counts, nnl, digits, packed = _scan_long_line(
            buf, (lo, hi), line0, source, scratch
        )
    else:
        starts, lengths, counts, nnl, digits, packed = _scan_chunk(
            buf, lo, hi, line0, source, scratch=scratch, pack=pack
        )
    values = plain_integers(buf, starts, lengths) if digits else None
    if not pack:
        packed = None
    if not narrow:
        return starts, lengths, counts, nnl, values, packed
    itype = _index_type(buf.size)
    return starts.astype(itype), lengths.astype(itype), counts, nnl, values, packed


def _index_type(size: int) -> type[np.integer[Any]]:
    """int32 when positions and line numbers in ``size`` bytes fit it, else int64."""
    return np.int32 if size < 2**31 - _CHUNK else np.int64


def scan_chunks(
    buf: npt.NDArray[np.uint8],
    size: int,
    source: str,
    *,
    narrow: bool = True,
    lo: int = 0,
    line_base: int = 0,
    pack: bool = False,
) -> Generator[tuple[int, Scan, int], None, None]:
    """``(first line, scan, end)`` of each chunk of ``buf[lo:size]`` in file order
    (``narrow``: see :func:`_scan`; ``end``: the chunk's end offset; ``line_base``:
    the lines before ``lo``), scanned by :func:`_ordered_scans`."""
    for line0, got, _base, stop in _ordered_scans(
        _spans(buf, size, lo), source, narrow=narrow, pack=pack, line_base=line_base
    ):
        yield line0, got, stop


def _spans(buf: npt.NDArray[np.uint8], size: int, lo: int, base: int = 0) -> Iterator[_Task]:
    """The chunks of whole lines of ``buf[lo:size]`` (:func:`_chunk_end`) as tasks
    (``base``: the buffer's offset in the stream)."""
    arr = buf[:size]
    pos = lo
    while pos < size:
        end, long_line = _chunk_end(arr, pos)
        yield buf, base, (pos, end, long_line)
        pos = end


@dataclass(frozen=True, slots=True)
class _Failure:
    """An error met while reading ahead, made (given its line) and raised when the scans
    reach its place, so that the error reported is still the first in the file."""

    error: Callable[[int], BaseException]


#: A chunk to scan: its buffer, the buffer's offset in the stream, and its span
#: ``(lo, hi, long_line)`` in the buffer; or an error to raise in its place.
_Task = tuple[npt.NDArray[np.uint8], int, tuple[int, int, bool]] | _Failure


def _ordered_scans(
    tasks: Iterator[_Task], source: str, *, narrow: bool, pack: bool, line_base: int
) -> Generator[tuple[int, Scan, int, int], None, None]:
    """``(first line, scan, its buffer's stream offset, end)`` of each chunk of ``tasks`` in
    order, scanned on up to ``THREADS`` threads (numpy releases the GIL in its loops).

    One window of ``2 * THREADS`` chunks in flight runs over all the tasks, pulled as it
    empties: a reader's next piece is read while the last one's chunks are scanned. The
    window, not the input, bounds the scanned chunks' token arrays (~24 bytes a token;
    submitting every chunk at once held 57 bytes an edge at 2e7 edges). A single chunk
    is scanned here, with no thread. A chunk whose scan fails is scanned again in order,
    so the error reported is the first in the file, with its line; a :class:`_Failure`
    is raised when reached; after an error the chunks not started are dropped.
    """
    window: deque[tuple[_Task, Future[Scan | None] | None]] = deque()
    pool: ThreadPoolExecutor | None = None
    local: Any = None
    own: list[_Scratch] = []  # this thread's work arrays, sized to the largest chunk

    def scratch_for(span: tuple[int, int, bool]) -> _Scratch:
        need = min(_CHUNK, max(1, span[1] - span[0]))
        if not own or own[0].u8.size < need:
            own[:] = [_Scratch.of(need)]
        return own[0]

    def attempt(task: tuple[npt.NDArray[np.uint8], int, tuple[int, int, bool]]) -> Scan | None:
        if not hasattr(local, "scratch"):
            local.scratch = _Scratch.of(_CHUNK)
        buf, _base, span = task
        try:
            return _scan(buf, span, 0, source, scratch=local.scratch, narrow=narrow, pack=pack)
        except EdgeListError:
            return None

    line0 = line_base
    more = True
    try:
        while True:
            while more and len(window) < 2 * THREADS:
                task = next(tasks, None)
                if task is None:
                    more = False
                else:
                    window.append((task, None))
            if not window:
                return
            if pool is None and THREADS > 1 and len(window) > 1:
                import threading  # noqa: PLC0415 (big inputs only)
                from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415

                local = threading.local()  # one set of work arrays per thread
                pool = ThreadPoolExecutor(THREADS)
            if pool is not None:
                for i, (task, fut) in enumerate(window):
                    if fut is None and not isinstance(task, _Failure):
                        window[i] = (task, pool.submit(attempt, task))
            task, fut = window.popleft()
            if isinstance(task, _Failure):
                raise task.error(line0 + 1)
            buf, base, span = task
            tried = None if fut is None else fut.result()
            # A failed chunk again, to raise with the line counted from the file's start.
            got = tried or _scan(
                buf, span, line0, source, scratch=scratch_for(span), narrow=narrow, pack=pack
            )
            yield line0, got, base, span[1]
            line0 += got[3]
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def tokenize(buf: npt.NDArray[np.uint8], size: int, source: str, *, costs: bool = False) -> Tokens:
    """Split the first ``size`` bytes of ``buf`` into tokens, vectorised.

    Works through the buffer in chunks of whole lines (``_CHUNK`` bytes, see
    :func:`scan_chunks`), so the byte-level temporaries stay small and cache-resident
    (a line longer than a chunk is read in pieces, :func:`_scan_long_line`); on
    the way it validates the bytes (no control characters, valid UTF-8) and the
    number of fields per line: at most two for an edge list, exactly two (or
    none) for a cost file (``costs=True``, which also keeps every token's line).
    The first error in file order is reported, as ``source:LINE: reason``.
    O(size) time; memory beyond the token arrays O(chunk) per thread.
    """
    tokens, line0 = collect(scan_chunks(buf, size, source), source, costs=costs)
    return tokens(line0 + (1 if size and buf[size - 1] != 10 else 0))


def collect(
    scans: Iterable[tuple[int, Scan, int]], source: str, *, costs: bool
) -> tuple[Callable[[int], Tokens], int]:
    """The tokens of ``scans`` checked line by line as in :func:`tokenize` (the first
    error in file order is raised as soon as its chunk is reached), and the number
    of newlines seen; the tokens are made by the function returned, given the
    number of lines. O(tokens)."""
    parts: list[tuple[IntArray, ...]] = []
    paired: list[npt.NDArray[np.bool_]] = []
    values: list[npt.NDArray[np.int64]] | None = []
    line0 = 0
    for line0, (starts, lengths, counts, nnl, chunk_values, _packed), _end in scans:
        mask = line_fields(counts, line0, source, costs=costs)
        if starts.size:
            paired.append(np.ones(starts.size, dtype=bool) if mask is None else mask)
            kept: list[IntArray] = [starts, lengths]
            if costs:
                kept.append(
                    np.repeat(np.arange(line0, line0 + counts.size, dtype=starts.dtype), counts)
                )
            parts.append(tuple(kept))
        if values is not None and chunk_values is not None:
            values.append(chunk_values)
        else:
            values = None
        line0 += nnl

    def tokens(nlines: int) -> Tokens:
        empty: IntArray = np.zeros(0, dtype=np.int32)
        cols: list[IntArray] = (
            [np.concatenate(c) for c in zip(*parts, strict=True)] if parts else [empty] * 3
        )
        return Tokens(
            starts=cols[0],
            lengths=cols[1],
            paired=np.concatenate(paired) if paired else np.zeros(0, dtype=bool),
            lines=cols[2] if costs else None,
            nlines=nlines,
            values=np.concatenate(values) if values else None,
        )

    return tokens, line0


_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_UTF32_BOMS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")


def unmark(buf: npt.NDArray[np.uint8], size: int, source: str) -> None:
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


_READ = 8  # scanning chunks per read: input is checked for binary data as it arrives


def piece_size() -> int:
    """Bytes read from a stream at a time (``_CHUNK * _READ``)."""
    return _CHUNK * _READ


def control_at(piece: npt.NDArray[np.uint8]) -> int:
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
    unmark(buf, end, source)
    try:
        tokenize(buf, end, source)
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
        buf = alloc(size)
        pos = 0
        while pos < size:
            got = fh.readinto(buf.data[pos : min(size, pos + step)])
            if not got:
                break
            at = control_at(buf[pos : pos + got])
            pos += got
            if at >= 0:
                raise _refuse(buf, pos, pos - got + at, source)
        extra = fh.read()
        if pos == size and not extra:
            return buf, size
        data = buf[:pos].tobytes() + extra  # the file changed size while we read it
        return buffer_of(data), len(data)
    parts = bytearray()
    while True:
        piece = fh.read(step)
        if not piece:
            break
        at = control_at(np.frombuffer(piece, dtype=np.uint8))
        parts += piece
        if at >= 0:
            whole = buffer_of(bytes(parts))
            raise _refuse(whole, len(parts), len(parts) - len(piece) + at, source)
    return buffer_of(bytes(parts)), len(parts)


def load(path: str, what: str) -> tuple[npt.NDArray[np.uint8], int, str]:
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


class TextStream:
    """A binary stream read a piece at a time, each piece's whole lines scanned as it arrives.

    :meth:`scans` yields ``(first line, scan, end)`` as :func:`scan_chunks` does, the
    last partial line of each piece carried into the next, so a bad line
    (control character, invalid UTF-8, too many fields) is reported once its
    piece (``_CHUNK * _READ`` bytes) is read, with its line. A line that does not
    end within a piece is checked for control characters as it grows, so binary
    input (``/dev/zero``) is refused in O(piece) memory.

    ``keep``: the whole text stays in :attr:`buf` (scan positions index it); else
    :attr:`buf` holds only the current piece and its carried line, so the text is
    never resident and only the values of the scans (integers) may be used.
    After the scans, :attr:`size` is the text's length and :attr:`lines` its
    number of lines. O(size) time; memory O(piece) plus the kept text.
    """

    def __init__(self, fh: Any, source: str, size: int | None, *, keep: bool) -> None:
        self.fh, self.source, self.keep = fh, source, keep
        self.buf = alloc(size if keep and size is not None else 0)
        self.size = 0  # bytes of text read so far (in the stream)
        self._cut = 0  # bytes of text cut into chunks so far (in the stream)
        self.lines = 0  # newlines in the scanned text
        self._base = 0  # stream offset of buf[0]
        self._last = 10  # the last byte read (a newline: no partial line)
        self.pack = False  # scan with ``pack`` (given to :meth:`scans`)

    def _room(self, need: int) -> None:
        """Make ``buf`` hold ``need`` bytes from its start (kept text doubles; a piece
        buffer is replaced, the carried bytes copied)."""
        if need + 2 * 8 <= self.buf.size:
            return
        held = self.size - self._base
        # Kept text, or a line longer than a piece that grows piece by piece: doubling,
        # so it is copied O(log) times in all, not once a piece (quadratic in its length).
        growing = self.keep or held > need - held
        size = max(need, 2 * (self.buf.size - 3 * 8)) if growing else need
        fresh = alloc(size)
        fresh[:held] = self.buf[:held]
        self.buf = fresh

    def _read(self, step: int) -> int:
        """Read up to ``step`` more bytes into ``buf``; the number read (0: end)."""
        held = self.size - self._base
        self._room(held + step)
        readinto = getattr(self.fh, "readinto", None)
        if readinto is not None:
            got = int(readinto(self.buf.data[held : held + step]) or 0)
        else:
            piece = self.fh.read(step)
            got = len(piece)
            self.buf[held : held + got] = np.frombuffer(piece, dtype=np.uint8)
        if self.size == 0 and got:
            unmark(self.buf, got, self.source)
        self.size += got
        if got:
            self._last = int(self.buf[held + got - 1])
        return got

    def _drop_cut(self) -> None:
        """Without ``keep``: move the bytes not yet cut into chunks (the last, partial
        line) to the start of a fresh piece buffer (the chunks cut from the old one
        keep it alive until they are scanned)."""
        if self.keep or self._cut == self._base:
            return
        tail = self.size - self._cut
        fresh = alloc(max(tail, _CHUNK * _READ))
        fresh[:tail] = self.buf[self._cut - self._base : self.size - self._base]
        self.buf, self._base = fresh, self._cut

    def _tasks(self) -> Iterator[_Task]:
        """The chunks of whole lines of each piece, cut as the piece is read (only its
        new bytes are searched for the last newline, so a long line is searched once,
        not per piece); an error met on the way (a piece with no newline that holds
        binary data, a line past :data:`MAX_LINE`, a failed read) is a
        :class:`_Failure` in its place, so that any error before it is raised first."""
        step = _CHUNK * _READ
        try:
            while True:
                self._drop_cut()
                got = self._read(step)
                lo = self._cut - self._base
                hi = self.size - self._base
                if got:
                    cut = _last_newline(self.buf, max(lo, hi - got), hi)
                    if cut < 0:  # no line ends in this piece: check it for binary data
                        if hi - lo > MAX_LINE:
                            yield _Failure(functools.partial(line_too_long, self.source))
                            return
                        piece = self.buf[hi - got : hi]
                        at = control_at(piece)
                        if at >= 0:
                            byte = int(piece[at])
                            yield _Failure(functools.partial(_control_error, self.source, byte))
                            return
                        continue
                    end = cut + 1
                else:
                    end = hi
                base = self._base
                yield from _spans(self.buf, end, lo, base)
                self._cut = base + end
                if not got:
                    return
        except Exception as exc:  # raised in its place (_Failure)
            error = exc  # (``exc`` is unbound when the block ends)
            yield _Failure(lambda _line: error)

    def scans(
        self, *, narrow: bool = True, pack: bool = False
    ) -> Generator[tuple[int, Scan, int], None, None]:
        """The scans of the stream's chunks in file order (positions index the piece
        buffer they were cut from, which is :attr:`buf` with ``keep``; ``end``: the
        chunk's end in the stream; ``pack``: see :func:`_scan`), the next piece read
        while the last one's chunks are scanned (:func:`_ordered_scans`)."""
        self.pack = pack
        for line0, got, base, stop in _ordered_scans(
            self._tasks(), self.source, narrow=narrow, pack=pack, line_base=self.lines
        ):
            yield line0, got, base + stop
            self.lines = line0 + got[3]

    @property
    def nlines(self) -> int:
        """Lines of the text scanned (a last line without a newline counts)."""
        return self.lines + (0 if self._last == 10 else 1)
