"""The one place where the input layer calls the edge-list reader and the par engine.

:mod:`proofgrid.graph.sources` (compressed streams), :mod:`proofgrid.graph.columnar`
(Parquet, Arrow, CSV), :mod:`proofgrid.par` (the Python API) and ``proofgrid par``
reach :mod:`proofgrid.graph.edgelist` and :mod:`proofgrid.graph.sparse` only
through these functions, so a change of the reader's or the engine's entry
points is made here and nowhere else. Every function is a thin call; the
complexity is the callee's (O(file size) to read, O(n + m) for par).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from proofgrid.graph import edgelist, sparse

if TYPE_CHECKING:
    from proofgrid.graph.sources import Source

__all__ = [
    "CostTable",
    "EdgeList",
    "EdgeListError",
    "Engine",
    "NamedGraph",
    "ParCertificate",
    "certificate",
    "condensation_edge_count",
    "make_costs",
    "names_only",
    "read_text_costs",
    "read_text_edges",
    "source_members",
    "unreached",
]

EdgeList = edgelist.EdgeList
CostTable = edgelist.CostTable
EdgeListError = edgelist.EdgeListError
Engine = sparse.Engine
ParCertificate = sparse.ParCertificate
IntArray = npt.NDArray[np.integer[Any]]


class NamedGraph(Protocol):
    """What printing a par answer needs of a graph: edges over ``0 .. n-1`` and names.

    :class:`~proofgrid.graph.edgelist.EdgeList` and
    :class:`~proofgrid.graph.columnar.ColumnarEdges` both fit.
    """

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


def read_text_edges(src: Source) -> edgelist.EdgeList:
    """Parse the text edge list of an opened source (format: :mod:`~proofgrid.graph.edgelist`).

    A plain regular file is read by path (one ``readinto``); any other stream
    (standard input, a device, a decompressor) through :func:`edgelist.read_edges`,
    which checks each chunk as it arrives, so endless binary input is refused early.
    """
    if src.path is not None:
        return edgelist.read_edgelist(src.path)
    return edgelist.read_edges(src.stream, name=src.name)


def read_text_costs(src: Source, graph: edgelist.EdgeList) -> edgelist.CostTable:
    """Parse the text ``node cost`` lines of an opened source against ``graph``."""
    if src.path is not None:
        return edgelist.read_costs(src.path, graph)
    return edgelist.parse_costs(src.stream.read(), src.name, graph)


def names_only(names: list[str], source: str) -> edgelist.EdgeList:
    """An edge list of the isolated nodes ``names`` (each a valid text name), in order,
    so that a text cost file can be matched against a graph that was not read from text."""
    data = ("\n".join(names) + "\n").encode("utf-8") if names else b""
    return edgelist.parse_edgelist(data, source)


def make_costs(
    values: npt.NDArray[np.int64],
    scale: int,
    unknown: tuple[tuple[int, str], ...],
    unknown_count: int,
) -> edgelist.CostTable:
    """A cost table from scaled integer costs (node ``v`` costs ``values[v] / 10**scale``)."""
    return edgelist.CostTable(values, scale, unknown, unknown_count)


def certificate(
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    n: int,
    costs: npt.ArrayLike | None,
    *,
    engine: sparse.Engine = sparse.Engine.AUTO,
    condensation_edges: bool = False,
) -> sparse.ParCertificate:
    """Par with its certificate from integer endpoint arrays over ``0 .. n-1``."""
    return sparse.par_certificate(
        src, dst, n, costs, engine=engine, condensation_edges=condensation_edges
    )


def unreached(
    src: npt.ArrayLike,
    dst: npt.ArrayLike,
    n: int,
    seeds: npt.ArrayLike,
    *,
    engine: sparse.Engine = sparse.Engine.AUTO,
) -> npt.NDArray[np.int64]:
    """Nodes the seeds do not reach (breadth-first search; empty iff they suffice)."""
    return sparse.unreached(src, dst, n, seeds, engine=engine)


def source_members(
    cert: sparse.ParCertificate, limit: int
) -> list[tuple[npt.NDArray[np.int64], int]]:
    """Up to ``limit`` members and the size of each seed's source component."""
    return sparse.source_members(cert, limit)


def condensation_edge_count(
    labels: npt.ArrayLike, src: npt.ArrayLike, dst: npt.ArrayLike, n_components: int
) -> int:
    """Distinct edges between different components."""
    return sparse.condensation_edge_count(np.asarray(labels), src, dst, n_components)
