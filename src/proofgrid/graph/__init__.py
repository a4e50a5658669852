"""Puzzle-agnostic graph algorithms; puzzles call these, never the reverse.

* :mod:`proofgrid.graph.scc` — Tarjan's SCC, condensation, par (pure Python).
* :mod:`proofgrid.graph.flow` — Dinic's max-flow and the minimum cut.
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
