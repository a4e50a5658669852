"""Node costs for ``proofgrid par --costs`` and ``par(costs=...)``: exact decimals, scaled
to integers.

Owns the cost rule for every input kind: a cost is a non-negative integer or
decimal written with ASCII digits (``3``, ``2.5``, ``.75``, ``+1``; no other
sign, no exponent; ``-0`` and a float ``-0.0`` are negative), at most 18 digits
before the point and 18 after (past that, "cost too large" or "too many decimal
places", whatever the number of digits). :class:`CostTable` is the result;
:func:`scale_costs` scales any costs (table cells, a Python mapping);
:func:`parse_costs` / :func:`read_costs` read the text ``node cost`` lines
(comments, blank lines and separators as in edge lists, :mod:`proofgrid.par.text`),
scanned by :mod:`proofgrid.par.scan`, names matched exactly by
:mod:`proofgrid.par.keys`. O(size) plus one Python step per cost line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from proofgrid.par.keys import IntArray, span_codes
from proofgrid.par.names import Spans
from proofgrid.par.scan import EdgeListError, alloc, buffer_of, load, tokenize, unmark
from proofgrid.par.sources import Source

__all__ = [
    "COST_RE",
    "MAX_SCALED",
    "CostTable",
    "parse_costs",
    "read_costs",
    "read_source_costs",
    "scale_costs",
    "to_decimal",
]

#: The text form of a cost (ASCII digits only: ``re.ASCII`` keeps ``\d`` out of it).
COST_RE = re.compile(r"\+?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
#: Scaled costs stay below this (int64, with room to sum).
MAX_SCALED = 1 << 62
_MAX_DIGITS = 18  # 10**18 < MAX_SCALED: digits allowed before the point, and after it


class NamedBySpans(Protocol):
    """A graph whose names a text cost file is matched against (``EdgeList``)."""

    @property
    def n(self) -> int: ...
    def name_spans(self) -> Spans: ...


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


_NEGATIVE = Decimal(-1)


def to_decimal(value: Any) -> Decimal | None:
    """An exact cost from a cell or a Python value: the number, ``Decimal(-1)`` for a
    negative one (a sign, ``-0`` and ``-0.0`` included), None if not a number.

    Text by :data:`COST_RE` (ASCII digits); ints exactly; floats by their shortest
    ``repr`` (``2.5`` is exactly 2.5). O(digits)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, Decimal):
        d = value
    elif isinstance(value, str):
        text = value.strip()
        if not COST_RE.fullmatch(text):
            return _NEGATIVE if text.startswith("-") and COST_RE.fullmatch(text[1:]) else None
        d = Decimal(text)
    elif hasattr(value, "__index__"):
        d = Decimal(int(value.__index__()))
    elif isinstance(value, float) or hasattr(value, "__float__"):
        try:
            f = float(value)
        except (ValueError, TypeError):
            return None
        if not math.isfinite(f):
            return None
        d = Decimal(repr(f))
    else:
        return None
    if not d.is_finite():
        return None
    return _NEGATIVE if d.is_signed() else d


def decimal_places(d: Decimal) -> int:
    """Places after the point that ``d`` is written with (0 for an integer)."""
    exponent = d.as_tuple().exponent
    assert isinstance(exponent, int)  # finite
    return max(0, -exponent)


def too_large(d: Decimal) -> bool:
    """Whether ``d`` has more than 18 digits before the point, whatever its length
    (no power of ten is built: :meth:`Decimal.adjusted` reads the exponent)."""
    return d.adjusted() >= _MAX_DIGITS


def scaled(d: Decimal, scale: int) -> int | None:
    """``d * 10**scale`` as an int, or None if it reaches :data:`MAX_SCALED`
    (``d`` not :func:`too_large`, ``scale`` at most 18: no overflow)."""
    v = int(d.scaleb(scale))
    return v if v < MAX_SCALED else None


def scale_costs(
    error: Callable[[str], Exception],
    n: int,
    entries: Iterable[tuple[int | None, Any, str, int, str]],
    source: str,
) -> CostTable:
    """Exact costs scaled to integers, as a text cost file's are (nodes not given cost 1).

    ``entries`` are ``(node id or None if not in the graph, value, where, line, name)``:
    ``where`` prefixes messages (``row 7``), ``line`` and ``name`` are what
    :attr:`CostTable.unknown` lists for a node not in the graph. The scale is the most
    decimal places of any value, so arithmetic is exact, never floating point. Raises
    ``error("SOURCE: WHERE: reason")`` on a negative, non-numeric or too large cost.
    O(entries).
    """
    parsed: list[tuple[int | None, Decimal, str, int, str]] = []
    scale, scale_where = 0, ""
    for node, value, where, line, name in entries:
        d = to_decimal(value)
        if d is None or d < 0:
            reason = "cost is not a number" if d is None else "negative cost"
            raise error(f"{source}: {where}: {reason}: {str(value)[:40]!r}")
        if too_large(d):
            raise error(f"{source}: {where}: cost too large")
        places = decimal_places(d)
        if places > scale:
            scale, scale_where = places, where
        parsed.append((node, d, where, line, name))
    if scale > _MAX_DIGITS:
        raise error(f"{source}: {scale_where}: cost has too many decimal places")
    values = np.full(n, 10**scale, dtype=np.int64)
    unknown: list[tuple[int, str]] = []
    unknown_count = 0
    for node, d, where, line, name in parsed:
        if node is None:
            unknown_count += 1
            if len(unknown) < 5:
                unknown.append((line, name))
            continue
        v = scaled(d, scale)
        if v is None:
            raise error(f"{source}: {where}: cost too large")
        values[node] = v
    return CostTable(values, scale, tuple(unknown), unknown_count)


def parse_costs(data: bytes, source: str, graph: NamedBySpans) -> CostTable:
    """Parse ``node cost`` lines against ``graph``; costs are exact decimals.

    A cost is a non-negative integer or decimal (``3``, ``2.5``, ``.75``; no
    sign other than ``+``, no exponent). Nodes without a line cost 1. A node
    named twice, a negative or non-numeric cost, or a line without exactly two
    fields is an error ``source:LINE: reason``; a node that is not in the graph
    is ignored and reported in :attr:`CostTable.unknown`. Comments, blank lines
    and separators are as in edge lists.
    """
    return _parse_costs(buffer_of(data), len(data), source, graph)


def read_costs(path: str, graph: NamedBySpans) -> CostTable:
    """Read and parse a cost file for ``graph`` (see :func:`parse_costs`)."""
    buf, size, name = load(path, "costs file")
    return _parse_costs(buf, size, name, graph)


def _parse_costs(
    buf: npt.NDArray[np.uint8], size: int, source: str, graph: NamedBySpans
) -> CostTable:
    unmark(buf, size, source)
    tok = tokenize(buf, size, source, costs=True)
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
        if not COST_RE.fullmatch(text):
            reason = "negative cost" if text.startswith("-") else "cost is not a number"
            raise EdgeListError(f"{source}:{line + 1}: {reason}: {text[:40]!r}")
        d = Decimal(text)
        places = decimal_places(d)
        if places > scale:
            scale, scale_line = places, line
        decimals.append(d)
    if scale > _MAX_DIGITS:
        raise EdgeListError(f"{source}:{scale_line + 1}: cost has too many decimal places")
    unit = 10**scale
    # Match names exactly: factorise the graph's names and the cost names together,
    # graph names first (all distinct), so a cost name's code is < n iff it is a node.
    names = graph.name_spans()
    joint = alloc(names.size + 1 + size)
    joint[: names.size] = names.buf[: names.size]
    joint[names.size] = 10
    offset = names.size + 1
    joint[offset : offset + size] = buf[:size]
    joint_starts = np.concatenate(
        [names.starts.astype(np.int64), tok.starts[name_tok].astype(np.int64) + offset]
    )
    joint_lengths = np.concatenate([names.lengths, tok.lengths[name_tok]])
    codes = span_codes(joint, joint_starts, joint_lengths)[0]
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
        v = None if too_large(d) else scaled(d, scale)
        if v is None:
            raise EdgeListError(f"{source}:{line + 1}: cost too large")
        values[code] = v
    return CostTable(values, scale, tuple(unknown), unknown_count)


def read_source_costs(src: Source, graph: NamedBySpans) -> CostTable:
    """Parse the text ``node cost`` lines of an opened source against ``graph``: a plain
    file by path, any other stream (standard input, a decompressor) as read."""
    if src.path is not None:
        return read_costs(src.path, graph)
    return parse_costs(src.stream.read(), src.name, graph)
