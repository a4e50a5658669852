"""Puzzle-agnostic graph algorithms; puzzles call these, never the reverse.

* :mod:`proofgrid.graph.scc` — Tarjan's SCC, condensation, and :func:`par`, the one
  par function (the SCC kernel is a parameter: pure-Python Tarjan or scipy's).
* :mod:`proofgrid.graph.flow` — Dinic's max-flow and the minimum cut.
* :mod:`proofgrid.graph.compiled` — the scipy kernel and par's vectorised bookkeeping.
* :mod:`proofgrid.graph.edgelist` — fast exact reading of large edge lists (numpy).
* :mod:`proofgrid.graph.sparse` — par certificates of large graphs for ``proofgrid par``.

The last three are not imported here, so that importing :mod:`proofgrid.graph` stays
light (no numpy/pandas/scipy).
"""

from proofgrid.graph.flow import FlowNetwork
from proofgrid.graph.scc import (
    KERNELS,
    Arcs,
    Condensation,
    ParResult,
    bfs_depths,
    condensation,
    par,
    reachable,
    tarjan_scc,
)

__all__ = [
    "KERNELS",
    "Arcs",
    "Condensation",
    "FlowNetwork",
    "ParResult",
    "bfs_depths",
    "condensation",
    "par",
    "reachable",
    "tarjan_scc",
]
