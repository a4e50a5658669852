"""Puzzle-agnostic graph algorithms; puzzles call these, never the reverse.

* :mod:`proofgrid.graph.scc` — Tarjan's SCC, condensation, par (pure Python).
* :mod:`proofgrid.graph.flow` — Dinic's max-flow and the minimum cut.
* :mod:`proofgrid.graph.edgelist` — fast exact reading of large edge lists (numpy).
* :mod:`proofgrid.graph.sparse` — par of large graphs: compiled SCC kernel (scipy).

The last two are not imported here, so that importing :mod:`proofgrid.graph` stays
light (no pandas/scipy).
"""

from proofgrid.graph.flow import FlowNetwork
from proofgrid.graph.scc import (
    Condensation,
    ParResult,
    bfs_depths,
    condensation,
    par,
    reachable,
    tarjan_scc,
)

__all__ = [
    "Condensation",
    "FlowNetwork",
    "ParResult",
    "bfs_depths",
    "condensation",
    "par",
    "reachable",
    "tarjan_scc",
]
