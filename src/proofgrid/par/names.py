"""The names of a parsed graph's nodes: byte spans of a buffer, or integer values.

A node's name is the text the file wrote for it. The general and Arrow paths
hold the names as spans of a padded buffer (the file's text, or Arrow's
dictionary of names); the integer path holds only each node's value, and its
text (the decimal digits, since a plain integer has no sign, no leading zero
and no other spelling) is written out only if something needs all the names'
bytes at once (matching a costs file's names against them). Naming a few
nodes (the seeds a command prints) is then O(1) each and the O(n) text is
never built.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from proofgrid.par.keys import IntArray
from proofgrid.par.scan import alloc

__all__ = ["NameBytes", "NameTable", "NamedGraph", "Spans", "gather", "integer_text"]


class NamedGraph(Protocol):
    """What the certificate and the writers need of a read graph: int32 edges over
    ``0 .. n-1`` and the nodes' names. :class:`~proofgrid.par.text.EdgeList` and
    :class:`~proofgrid.par.tables.ColumnarEdges` both fit."""

    @property
    def source(self) -> str: ...
    @property
    def n(self) -> int: ...
    @property
    def m(self) -> int: ...
    @property
    def src(self) -> npt.NDArray[np.int32]: ...
    @property
    def dst(self) -> npt.NDArray[np.int32]: ...
    def name(self, v: int) -> str: ...
    def names(self, nodes: npt.ArrayLike) -> list[str]: ...
    def unicode_twins(self) -> list[tuple[str, str]]: ...
    def name_bytes(self, nodes: npt.ArrayLike) -> NameBytes: ...


@dataclass(frozen=True, eq=False)
class NameBytes:
    """The UTF-8 names of several nodes: name ``i`` is ``buf[starts[i]:starts[i] + lengths[i]]``
    (usually end to end; what the writers stream, no ``str`` per name)."""

    buf: npt.NDArray[np.uint8]
    starts: npt.NDArray[np.int64]
    lengths: npt.NDArray[np.int64]
    #: True when no name holds a control character (bytes 0-31, 127): names read from
    #: text, whose scanner refuses them (the writers then test quotes only).
    plain: bool = False


def gather(
    buf: npt.NDArray[np.uint8], starts: npt.ArrayLike, lengths: npt.ArrayLike
) -> npt.NDArray[np.uint8]:
    """The spans ``buf[starts[i]:][:lengths[i]]`` end to end, by one vectorised gather.

    The index of every output byte is its position in the output plus its span's
    shift (the span's start in ``buf`` less its start in the output): one
    ``np.repeat`` of the shifts, the positions added from a shared ramp, and one
    ``take`` that does not check the indices (they are in ``buf`` by construction).
    A running sum of steps (the method before) is one serial pass more, and indexing
    checks every index:
    0.105 s against 0.072 s for the 4.7·10⁷ bytes of a real certificate's sources.
    int32 indices when the buffer and the output allow. Temporary: 4 or 8 bytes an
    output byte, and 8 bytes an output byte of one step (``_RAMP`` bytes: ``take``
    indexes by intp, and converting all the indices at once held 8 bytes an output
    byte more). O(output + spans)."""
    ln = np.asarray(lengths, dtype=np.int64)
    st = np.asarray(starts, dtype=np.int64)
    some = ln > 0
    if not bool(some.all()):
        ln, st = ln[some], st[some]
    total = int(ln.sum())
    if total == 0:
        return np.zeros(0, dtype=np.uint8)
    itype = np.int32 if max(total, buf.size) < 2**31 - 1 else np.int64
    shift = st - (np.cumsum(ln) - ln)  # where each span begins in buf, less in the output
    index = np.repeat(shift.astype(itype), ln)
    out = np.empty(total, dtype=np.uint8)
    ramp = _ramp()
    work = np.empty(min(total, _RAMP), dtype=np.intp)
    for lo in range(0, total, _RAMP):  # a step at a time: take wants intp indices
        k = min(_RAMP, total - lo)
        part = work[:k]
        np.add(index[lo : lo + k], ramp[:k], out=part)
        if lo:
            part += lo
        np.take(buf, part, mode="clip", out=out[lo : lo + k])
    return out


_RAMP = 1 << 20  # output bytes :func:`gather` indexes at once


@cache
def _ramp() -> Any:
    """``0 .. _RAMP-1`` as intp, made once (read only: threads share it)."""
    ramp: Any = np.arange(_RAMP, dtype=np.intp)
    ramp.flags.writeable = False
    return ramp


def _packed_names(buf: npt.NDArray[np.uint8], starts: Any, lengths: Any) -> NameBytes:
    ln = np.asarray(lengths, dtype=np.int64)
    packed = gather(buf, starts, ln)
    at = np.zeros(ln.size, dtype=np.int64)
    if ln.size > 1:
        np.cumsum(ln[:-1], out=at[1:])
    return NameBytes(packed, at, ln)


@dataclass(frozen=True, eq=False)
class Spans:
    """Names as spans of ``buf[:size]``: node ``v`` is ``buf[starts[v]:][:lengths[v]]``."""

    buf: npt.NDArray[np.uint8]
    size: int
    starts: IntArray
    lengths: IntArray


class NameTable:
    """Node names of a graph with ``n`` nodes, from spans or from integer values.

    The names are read from text (the scanner refuses control characters), so the
    :class:`NameBytes` it gives are ``plain``.

    Build one with :meth:`of_spans` or :meth:`of_integers`. :meth:`name` is O(1)
    (O(length) for spans); :attr:`spans` writes the integers' text on first
    use (O(n), :func:`integer_text`).
    """

    def __init__(self, spans: Spans | None, values: npt.NDArray[np.int64] | None) -> None:
        self._spans = spans
        self._values = values

    @classmethod
    def of_spans(
        cls, buf: npt.NDArray[np.uint8], size: int, starts: IntArray, lengths: IntArray
    ) -> NameTable:
        """Names that are byte spans of ``buf`` (UTF-8 text)."""
        return cls(Spans(buf, size, starts, lengths), None)

    @classmethod
    def of_integers(cls, values: npt.NDArray[np.int64]) -> NameTable:
        """Names that are the decimal text of non-negative ``values`` (``v``: ``values[v]``)."""
        return cls(None, values)

    @cached_property
    def spans(self) -> Spans:
        """All the names as spans of one buffer (written out once for integer names)."""
        if self._spans is not None:
            return self._spans
        assert self._values is not None
        buf, starts, lengths = integer_text(self._values)
        return Spans(buf, int(buf.size), starts, lengths)

    def name(self, v: int) -> str:
        """The name of node ``v`` as written in the file."""
        return self.names([v])[0]

    def names(self, nodes: npt.ArrayLike) -> list[str]:
        """The names of several nodes, in the order given: one gather of their
        values or spans, then one decode each (no array slice per name); O(k)."""
        picked = np.asarray(nodes, dtype=np.int64).ravel()
        if self._values is not None:
            return [str(v) for v in self._values[picked].tolist()]
        s = self.spans
        text = s.buf.data  # a memoryview of the bytes
        return [
            str(text[a : a + k], "utf-8")
            for a, k in zip(s.starts[picked].tolist(), s.lengths[picked].tolist(), strict=True)
        ]

    def name_bytes(self, nodes: npt.ArrayLike) -> NameBytes:
        """The names of several nodes as UTF-8 bytes, in the order given: one gather of
        their spans end to end, or the decimal text of their values; O(k + bytes). When
        at least half of all the names are asked for, the spans of the names' own
        buffer are returned as they lie (no copy)."""
        picked = np.asarray(nodes, dtype=np.int64).ravel()
        if self._values is not None:
            buf, starts, lengths = integer_text(self._values[picked])
            return NameBytes(buf, starts.astype(np.int64), lengths.astype(np.int64), plain=True)
        s = self.spans
        at: npt.NDArray[np.int64] = s.starts[picked].astype(np.int64)
        ln: npt.NDArray[np.int64] = s.lengths[picked].astype(np.int64)
        if 2 * picked.size >= s.starts.size:  # most names: the spans as they lie, no copy
            return NameBytes(s.buf, at, ln, plain=True)
        packed = _packed_names(s.buf, at, ln)
        return NameBytes(packed.buf, packed.starts, packed.lengths, plain=True)

    def non_ascii(self) -> list[int]:
        """Nodes whose names have a byte of 0x80 or more, ascending; O(text) vectorised.

        Integer names are digits: none.
        """
        if self._values is not None:
            return []
        s = self.spans
        high = np.flatnonzero(s.buf[: s.size] >= 0x80)
        if high.size == 0 or s.starts.size == 0:
            return []
        starts = s.starts.astype(np.int64)
        owner = np.searchsorted(starts, high, side="right") - 1
        ok = owner >= 0
        owner, high = owner[ok], high[ok]
        inside = high < starts[owner] + s.lengths[owner]
        found: Any = np.unique(owner[inside])
        return [int(v) for v in found.tolist()]


def integer_text(
    values: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.uint8], IntArray, IntArray]:
    """The decimal text of non-negative integers, one a line, in a padded buffer
    (as a scanned file's names are), and each one's start and length.

    Vectorised, ``_NAME_BLOCK`` values at a time (one pass per digit, at most
    20), so the temporaries stay a few megabytes whatever ``n``; starts are int32
    when the text fits (else int64), lengths uint8. O(n) time, memory: the text
    plus 5 bytes a name.
    """
    n = values.size
    digits = np.empty(n, dtype=np.uint8)
    for lo in range(0, n, _NAME_BLOCK):
        v = values[lo : lo + _NAME_BLOCK].astype(np.uint64)
        d = digits[lo : lo + _NAME_BLOCK]
        d[:] = 1
        v //= np.uint64(10)
        while bool(v.any()):
            d += v > 0
            v //= np.uint64(10)
    total = int(digits.sum(dtype=np.int64)) + n  # a newline after each
    itype = np.int32 if total < 2**31 else np.int64
    starts: IntArray = np.empty(n, dtype=itype)
    buf = alloc(total)
    at = 0
    for lo in range(0, n, _NAME_BLOCK):
        d = digits[lo : lo + _NAME_BLOCK].astype(np.int64)
        ends = np.cumsum(d + 1)
        ends += at
        first = ends - d - 1
        starts[lo : lo + d.size] = first
        buf[ends - 1] = 10
        v = values[lo : lo + _NAME_BLOCK].astype(np.uint64)
        place = ends - 2  # the last digit of each, moving left
        left = np.arange(d.size)
        while left.size:
            buf[place[left]] = (v[left] % np.uint64(10)).astype(np.uint8) + 48
            v[left] //= np.uint64(10)
            place[left] -= 1
            left = left[v[left] > 0]
        if d.size:
            at = int(ends[-1])
    return buf, starts, digits


_NAME_BLOCK = 1 << 20  # names per step of integer_text
