"""Node-cost files for ``proofgrid par --costs``: exact decimal costs, scaled to integers.

Format: ``node cost`` lines, with comments, blank lines and separators as in
edge lists (:mod:`proofgrid.graph.edgelist`); scanned by
:mod:`proofgrid.graph.scanner`, names matched exactly by
:mod:`proofgrid.graph.namekeys`. O(size) plus one Python step per cost line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from proofgrid.graph.namekeys import IntArray, _codes
from proofgrid.graph.scanner import EdgeListError, _alloc, _buffer, _load, _tokenize, _unmark

if TYPE_CHECKING:
    from proofgrid.graph.edgelist import EdgeList

__all__ = ["CostTable", "parse_costs", "read_costs"]


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
    names = graph.name_spans()
    joint = _alloc(names.size + 1 + size)
    joint[: names.size] = names.buf[: names.size]
    joint[names.size] = 10
    offset = names.size + 1
    joint[offset : offset + size] = buf[:size]
    joint_starts = np.concatenate(
        [names.starts.astype(np.int64), tok.starts[name_tok].astype(np.int64) + offset]
    )
    joint_lengths = np.concatenate([names.lengths, tok.lengths[name_tok]])
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
