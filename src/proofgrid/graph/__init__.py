"""Puzzle-agnostic graph algorithms; puzzles call these, never the reverse.

* :mod:`proofgrid.graph.scc` — Tarjan's SCC, condensation, and :func:`par`, the one
  par function (the SCC kernel is a parameter: pure-Python Tarjan or scipy's).
* :mod:`proofgrid.graph.flow` — Dinic's max-flow and the minimum cut.
* :mod:`proofgrid.graph.compiled` — the scipy kernel and par's vectorised bookkeeping.
* :mod:`proofgrid.graph.reach` — par's seeds by trim and reach, without every component.
* :mod:`proofgrid.par.text` — fast exact reading of large edge lists (numpy).
* :mod:`proofgrid.graph.sparse` — par certificates of large graphs for ``proofgrid par``.

The last four are not imported here, so that importing :mod:`proofgrid.graph` stays
light (no numpy/scipy); their two entry points load on first use:
``read_edges(stream, name=...)`` (an edge list from any binary file-like object) and
``par_certificate(src, dst, n, costs=None, ...)`` (par of int32 endpoint arrays, the
certificate ``proofgrid par`` prints).
"""

from typing import Any

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

_LAZY = {
    "EdgeList": "proofgrid.par.text",
    "EdgeListError": "proofgrid.par.text",
    "read_edges": "proofgrid.par.text",
    "ParCertificate": "proofgrid.graph.sparse",
    "par_certificate": "proofgrid.graph.sparse",
}


def __getattr__(name: str) -> Any:
    """The numpy-backed entry points, imported on first use (see the module doc)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'proofgrid.graph' has no attribute {name!r}")
    import importlib  # noqa: PLC0415 (lazy by design)

    return getattr(importlib.import_module(module), name)


__all__ = [
    "KERNELS",
    "Arcs",
    "Condensation",
    "FlowNetwork",
    "ParCertificate",
    "ParResult",
    "bfs_depths",
    "condensation",
    "par",
    "par_certificate",
    "reachable",
    "tarjan_scc",
]
