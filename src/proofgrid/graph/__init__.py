"""Puzzle-agnostic graph algorithms; puzzles call these, never the reverse.

* :mod:`proofgrid.graph.scc` — Tarjan's SCC, condensation, par (pure Python).
"""

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
    "ParResult",
    "bfs_depths",
    "condensation",
    "par",
    "reachable",
    "tarjan_scc",
]
