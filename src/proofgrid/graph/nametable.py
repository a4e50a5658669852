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

from proofgrid.graph.namekeys import IntArray, _integer_names

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
    use (O(n), :func:`~proofgrid.graph.namekeys._integer_names`).
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
        buf, starts, lengths = _integer_names(self._values)
        return Spans(buf, int(buf.size), starts, lengths)

    def name(self, v: int) -> str:
        """The name of node ``v`` as written in the file."""
        if self._values is not None:
            return str(int(self._values[v]))
        s = self.spans
        start = int(s.starts[v])
        return s.buf[start : start + int(s.lengths[v])].tobytes().decode("utf-8")

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
