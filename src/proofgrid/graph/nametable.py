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
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from proofgrid.graph.namekeys import IntArray
from proofgrid.graph.scanner import _alloc

__all__ = ["NameTable", "Spans"]


@dataclass(frozen=True, eq=False)
class Spans:
    """Names as spans of ``buf[:size]``: node ``v`` is ``buf[starts[v]:][:lengths[v]]``."""

    buf: npt.NDArray[np.uint8]
    size: int
    starts: IntArray
    lengths: IntArray


class NameTable:
    """Node names of a graph with ``n`` nodes, from spans or from integer values.

    Build one with :meth:`of_spans` or :meth:`of_integers`. :meth:`name` is O(1)
    (O(length) for spans); :attr:`spans` writes the integers' text on first
    use (O(n), :func:`_integer_text`).
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
        buf, starts, lengths = _integer_text(self._values)
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


def _integer_text(
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
    buf = _alloc(total)
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


_NAME_BLOCK = 1 << 20  # names per step of _integer_text
