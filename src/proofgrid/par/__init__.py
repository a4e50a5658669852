"""Par from Python: the smallest set of seeds whose cascade reaches every node.

:func:`par` takes the graphs people already hold — a networkx graph, an igraph
``Graph``, a scipy sparse square matrix, a pandas or polars ``DataFrame``, a
numpy ``(m, 2)`` array, an iterable of ``(src, dst)`` pairs, or the path of a
file that ``proofgrid par`` reads — and returns a frozen :class:`Par`.

The theorem (Tarjan 1972; see :mod:`proofgrid.graph.scc`): contract every
strongly connected component; the condensation is a DAG, and the minimum number
of seeds is its number of *source components*. One node per source component
is an optimal seed set, and the cheapest node of each is a minimum-cost one.
O(n + m) after the input is converted (O(m) for arrays and tables, one Python
step per edge for networkx graphs and pairs).

Node order
----------
Every kind has an order of its nodes, which decides the order of ``seeds`` and
which of two equally cheap nodes is the seed (the earlier):

* networkx: the graph's own node order (``list(G)``); igraph and scipy: the
  vertex index (igraph's ``name`` attribute, when set, gives the seeds' names);
* DataFrames, arrays, pairs and files: first appearance, row by row, the source
  before the destination — exactly the order of ``proofgrid par`` on the
  equivalent text file.

Isolated nodes count (each is its own source): a networkx, igraph or scipy node
without edges. A node that is None, NaN or null (pandas' NA, a polars null) is
refused with its row, in every kind (``<DataFrame>: row 2: the destination node
is None``).

Nothing here imports networkx, igraph, pandas or polars: a graph's kind is told
by the module names of its type, so each library is used only when the caller
passed one of its objects (and has therefore loaded it already).

Examples
--------
>>> from proofgrid import par
>>> par([("a", "b"), ("b", "c"), ("c", "b"), ("d", "c")])
Par(par=2, seeds=('a', 'd'), cost=2)
>>> par([(1, 2), (2, 1)], costs={2: 0.5})
Par(par=1, seeds=(2,), cost=Decimal('0.5'))
"""

from __future__ import annotations

import itertools
import math
import os
import re
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from proofgrid.errors import ParInputError

if TYPE_CHECKING:
    from proofgrid.graph.sparse import ParCertificate
    from proofgrid.par.costs import CostTable
    from proofgrid.par.names import NamedGraph

__all__ = ["Condensation", "Par", "ParInputError", "par", "read_costs", "read_graph"]


# --- files: the same reading as ``proofgrid par`` ---------------------------------------


def read_graph(path: str | os.PathLike[str], *, columns: tuple[str, str] | None = None) -> Any:
    """Read a graph file as ``proofgrid par FILE [--columns SRC,DST]`` does.

    Compressed files (gzip, bzip2, xz, zstd) are recognised by their magic
    bytes; Parquet and Arrow files by theirs (``columns`` default: the first
    two); with ``columns``, any other file is CSV with a header; else it is a
    text edge list. ``-`` is standard input. Returns an
    :class:`~proofgrid.par.text.EdgeList` or a
    :class:`~proofgrid.par.tables.ColumnarEdges` (both have ``src``,
    ``dst``, ``n``, ``m``, ``source`` and ``names``). O(file size).
    """
    from proofgrid.par import tables, text  # noqa: PLC0415 (numpy on use)
    from proofgrid.par.sources import open_source  # noqa: PLC0415 (as above)

    with open_source(os.fspath(path), "edge-list file") as src:
        if columns is not None or tables.table_kind(src.head) is not None:
            return tables.read_columnar_edges(src, columns)
        return text.read_source(src)


_NOT_A_TEXT_NAME = re.compile(r"[\s,#\x00-\x1f\x7f]|^$")


def read_costs(
    path: str | os.PathLike[str], graph: NamedGraph, *, columns: tuple[str, str] | None = None
) -> CostTable:
    """Read a cost file for ``graph`` as ``proofgrid par --costs FILE [--cost-columns ...]``.

    Text ``node cost`` lines, or (``columns``, or a Parquet/Arrow file) two
    columns of a table; either kind goes with a graph of either kind. O(file
    size + n).
    """
    from proofgrid.par import costs, tables, text  # noqa: PLC0415 (numpy on use)
    from proofgrid.par.sources import open_source  # noqa: PLC0415 (as above)

    with open_source(os.fspath(path), "costs file") as src:
        if columns is not None or tables.table_kind(src.head) is not None:
            return tables.read_columnar_costs(src, columns, graph)
        if isinstance(graph, text.EdgeList):
            return costs.read_source_costs(src, graph)
        # A table's names, matched by the text reader itself (one matching rule).
        import numpy as np  # noqa: PLC0415 (loaded by the graph already)

        names = graph.names(np.arange(graph.n))
        if any(_NOT_A_TEXT_NAME.search(name) for name in names):
            raise ParInputError(
                f"{src.name}: the graph has names a text cost file cannot write"
                " (spaces, commas, '#'); give the costs as a table (--cost-columns)"
            )
        return costs.read_source_costs(src, text.names_only(names, graph.source))


# --- in-memory graphs ------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Nodes:
    """The caller's node objects by id: a Python list, or a numpy array of values."""

    n: int
    _values: Any  # list, numpy array, range, or a callable ids -> list
    _index: dict[Any, int] | None = field(default=None, repr=False)

    def take(self, ids: Any) -> list[Any]:
        import numpy as np  # noqa: PLC0415 (loaded by the engine already)

        idx = np.asarray(ids, dtype=np.int64).ravel()
        v = self._values
        if callable(v):
            return list(v(idx))
        if isinstance(v, range):
            return idx.tolist()
        if isinstance(v, list):
            return [v[i] for i in idx.tolist()]
        return list(v[idx].tolist())

    def index(self) -> dict[Any, int]:
        """Node object -> id (built on first use; O(n))."""
        import numpy as np  # noqa: PLC0415 (loaded by the engine already)

        return {obj: i for i, obj in enumerate(self.take(np.arange(self.n)))}


@dataclass(frozen=True, eq=False)
class _Input:
    src: Any  # int32 arrays over 0 .. n-1
    dst: Any
    nodes: _Nodes
    source: str
    graph: Any = None  # the file's graph, for path inputs


def _kinds(obj: object) -> set[str]:
    """Top-level module names of the classes ``obj`` is an instance of (its MRO)."""
    return {c.__module__.partition(".")[0] for c in type(obj).__mro__}


def _null(v: Any) -> bool:
    """None, NaN (a float, numpy's included) and pandas' NA: a missing node."""
    if v is None or type(v).__name__ in {"NAType", "NaTType"}:
        return True
    return isinstance(v, float) and math.isnan(v)


def _refuse_missing(tokens: list[Any], source: str) -> None:
    """A node that is None or NaN is refused, naming its row (1-based) and side; O(len)."""
    for k, v in enumerate(tokens):
        if _null(v):
            side = "source" if k % 2 == 0 else "destination"
            raise ParInputError(f"{source}: row {k // 2 + 1}: the {side} node is {v!r}")


def _refuse_mask(missing: Any, value_at: Any, source: str) -> None:
    """As :func:`_refuse_missing`, for interleaved tokens flagged missing in a numpy mask."""
    if missing.any():
        k = int(missing.argmax())
        side = "source" if k % 2 == 0 else "destination"
        v = value_at(k)
        if type(v).__module__ == "numpy":  # a numpy scalar: shown as a Python one, ``nan``
            v = v.item()
        raise ParInputError(f"{source}: row {k // 2 + 1}: the {side} node is {v!r}")


def _from_tokens(codes: Any, n: int, values: Any, source: str) -> _Input:
    """Edges from interleaved token codes (``src0, dst0, src1, ...``; -1 = no name)."""
    import numpy as np  # noqa: PLC0415

    if n >= 2**31:
        raise ParInputError(f"{source}: more than 2**31 - 1 nodes")
    s, d = codes[0::2], codes[1::2]
    both = (s >= 0) & (d >= 0)
    if not bool(both.all()):
        s, d = s[both], d[both]
    return _Input(s.astype(np.int32), d.astype(np.int32), _Nodes(n, values), source)


def _from_networkx(g: Any) -> _Input:
    import numpy as np  # noqa: PLC0415

    nodes = list(g)
    index = {v: i for i, v in enumerate(nodes)}
    # Successors (both directions of an undirected edge; parallel edges once). The
    # plain dict-of-dicts under the read-only views, when there is one: iterating
    # the views costs an object per node; map and chain keep the loop in C.
    adj = getattr(g, "_adj", None)
    if not isinstance(adj, dict):
        adj = g.adj
    degree = np.fromiter(map(len, adj.values()), dtype=np.int64, count=len(nodes))
    m = int(degree.sum())
    heads = map(index.__getitem__, itertools.chain.from_iterable(adj.values()))
    dst = np.fromiter(heads, dtype=np.int32, count=m)
    src = np.repeat(np.arange(len(nodes), dtype=np.int32), degree)
    return _Input(src, dst, _Nodes(len(nodes), nodes), "<networkx>")


def _from_igraph(g: Any) -> _Input:
    import numpy as np  # noqa: PLC0415

    n = int(g.vcount())
    e = np.asarray(g.get_edgelist(), dtype=np.int32).reshape(-1, 2)
    src, dst = e[:, 0].copy(), e[:, 1].copy()
    if not g.is_directed():
        src, dst = np.concatenate([src, dst]), np.concatenate([dst, src])
    values: Any = list(g.vs["name"]) if "name" in g.vs.attributes() else range(n)
    return _Input(src, dst, _Nodes(n, values), "<igraph>")


def _from_scipy(a: Any) -> _Input:
    import numpy as np  # noqa: PLC0415

    shape = getattr(a, "shape", None)
    if shape is None or len(shape) != 2 or shape[0] != shape[1]:
        raise ParInputError(f"a sparse matrix must be square, not of shape {shape}")
    coo = a.tocoo()
    nz = np.asarray(coo.data) != 0  # an entry of value 0 is no edge
    src = np.asarray(coo.row)[nz].astype(np.int32)
    dst = np.asarray(coo.col)[nz].astype(np.int32)
    return _Input(src, dst, _Nodes(int(shape[0]), range(int(shape[0]))), "<scipy>")


def _pick_columns(names: list[Any], columns: tuple[Any, Any] | None, what: str) -> tuple[Any, Any]:
    if columns is None:
        if len(names) < 2:
            raise ParInputError(f"a {what} needs two columns (src, dst), not {len(names)}")
        for c in names[:2]:
            if names.count(c) > 1:
                raise ParInputError(
                    f"the {what} has {names.count(c)} columns named {c!r}: ambiguous"
                )
        return names[0], names[1]
    if len(columns) != 2:
        raise ParInputError(f"columns must name two columns (src, dst), not {columns!r}")
    if columns[0] == columns[1]:
        raise ParInputError(f"columns must name two different columns, not {columns[0]!r} twice")
    for c in columns:
        if names.count(c) > 1:
            raise ParInputError(f"the {what} has {names.count(c)} columns named {c!r}: ambiguous")
        if c not in names:
            raise ParInputError(f"the {what} has no column {c!r} (columns: {names[:8]!r})")
    return columns[0], columns[1]


def _interleave(m: int) -> Any:
    import numpy as np  # noqa: PLC0415

    order = np.empty(2 * m, dtype=np.int64)
    order[0::2] = np.arange(m, dtype=np.int64)
    order[1::2] = order[0::2] + m
    return order


def _from_pandas(df: Any, columns: tuple[Any, Any] | None) -> _Input:
    import pandas as pd  # noqa: PLC0415 (the caller passed a DataFrame: pandas is loaded)

    if not isinstance(df, pd.DataFrame):
        raise ParInputError(f"cannot read a {type(df).__name__} as a graph; pass a DataFrame")
    a, b = _pick_columns(list(df.columns), columns, "DataFrame")
    from proofgrid.par.keys import first_appearance  # noqa: PLC0415

    both = pd.concat([df[a], df[b]], ignore_index=True).take(_interleave(len(df)))
    cols = (df[a], df[b])
    _refuse_mask(both.isna().to_numpy(), lambda k: cols[k % 2].iloc[k // 2], "<DataFrame>")
    plain = both.dtype.kind in "iu"
    codes, uniq = first_appearance(both.to_numpy() if plain else both.to_numpy(object))
    values = uniq.tolist()
    return _from_tokens(codes, len(values), values, "<DataFrame>")


def _from_polars(df: Any, columns: tuple[Any, Any] | None) -> _Input:
    import numpy as np  # noqa: PLC0415

    from proofgrid.par.keys import first_appearance  # noqa: PLC0415

    if not hasattr(df, "get_column"):
        raise ParInputError(f"cannot read a {type(df).__name__} as a graph; pass a DataFrame")
    a, b = _pick_columns(list(df.columns), columns, "DataFrame")
    sa, sb = df.get_column(a), df.get_column(b)
    m = len(sa)
    if sa.dtype == sb.dtype and sa.dtype.is_numeric():
        filled = [s.fill_null(0).to_numpy() for s in (sa, sb)]  # nulls would make floats
        both = np.empty(2 * m, dtype=np.result_type(*filled))
        missing = np.empty(2 * m, dtype=bool)
        for k, s in enumerate((sa, sb)):
            missing[k::2] = s.is_null().to_numpy()
            both[k::2] = filled[k]
        nulls = missing.copy()
        if both.dtype.kind == "f":
            missing |= np.isnan(both)
        _refuse_mask(missing, lambda k: None if nulls[k] else both[k], "<DataFrame>")
        codes, uniq = first_appearance(both)
        return _from_tokens(codes, int(uniq.size), uniq, "<DataFrame>")
    tokens: list[Any] = [None] * (2 * m)
    tokens[0::2] = sa.to_list()
    tokens[1::2] = sb.to_list()
    _refuse_missing(tokens, "<DataFrame>")
    codes, uniq = first_appearance(np.array(tokens, dtype=object))
    return _from_tokens(codes, int(uniq.size), list(uniq), "<DataFrame>")


def _from_numpy(arr: Any) -> _Input:
    import numpy as np  # noqa: PLC0415

    from proofgrid.par.keys import first_appearance, object_codes  # noqa: PLC0415

    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ParInputError(f"an edge array must have shape (m, 2), not {arr.shape}")
    flat = arr.ravel()  # row-major: src0, dst0, src1, ... (first-appearance order)
    if flat.dtype.kind == "O":
        tokens = flat.tolist()
        _refuse_missing(tokens, "<array>")
        codes, values = object_codes(tokens)
        return _from_tokens(codes, len(values), values, "<array>")
    if flat.dtype.kind in "fc":
        nan = np.isnan(flat)
        if nan.any():
            k = int(np.argmax(nan))
            side = "source" if k % 2 == 0 else "destination"
            raise ParInputError(f"<array>: row {k // 2 + 1}: the {side} node is nan")
    codes, uniq = first_appearance(flat)
    return _from_tokens(codes, int(uniq.size), uniq, "<array>")


def _from_pairs(pairs: Iterable[Any]) -> _Input:
    from proofgrid.par.keys import object_codes  # noqa: PLC0415

    tokens: list[Any] = []
    for k, item in enumerate(pairs):
        try:
            a, b = item
            hash(a), hash(b)
        except (TypeError, ValueError):
            raise ParInputError(
                f"item {k} is not a hashable (src, dst) pair: {repr(item)[:60]}"
            ) from None
        tokens += (a, b)
    _refuse_missing(tokens, "<pairs>")
    codes, values = object_codes(tokens)
    return _from_tokens(codes, len(values), values, "<pairs>")


def _from_path(path: str | os.PathLike[str], columns: tuple[str, str] | None) -> _Input:
    graph = read_graph(path, columns=columns)
    values = graph.values if hasattr(graph, "values") else graph.names
    return _Input(graph.src, graph.dst, _Nodes(graph.n, values), graph.source, graph)


def _read_input(graph: Any, columns: tuple[Any, Any] | None) -> _Input:
    if isinstance(graph, str | os.PathLike):
        return _from_path(graph, columns)
    kinds = _kinds(graph)
    if columns is not None and not kinds & {"pandas", "polars"}:
        raise ParInputError("columns= applies to DataFrames and table files only")
    if "networkx" in kinds:
        return _from_networkx(graph)
    if "igraph" in kinds:
        return _from_igraph(graph)
    if "scipy" in kinds:
        return _from_scipy(graph)
    if "pandas" in kinds:
        return _from_pandas(graph, columns)
    if "polars" in kinds:
        return _from_polars(graph, columns)
    if "numpy" in kinds and hasattr(graph, "ndim"):
        return _from_numpy(graph)
    if isinstance(graph, bytes | Mapping) or not isinstance(graph, Iterable):
        raise ParInputError(
            f"cannot read a {type(graph).__name__} as a graph: pass a networkx or igraph graph,"
            " a scipy sparse matrix, a DataFrame, an (m, 2) array, (src, dst) pairs or a path"
        )
    return _from_pairs(graph)


def _costs(inp: _Input, costs: Any, cost_columns: tuple[str, str] | None) -> CostTable:
    from proofgrid.par.costs import scale_costs  # noqa: PLC0415

    if isinstance(costs, str | os.PathLike):
        if inp.graph is None:
            raise ParInputError(
                "a cost file goes with a graph file; for an in-memory graph pass"
                " costs as a mapping {node: cost}"
            )
        return read_costs(costs, inp.graph, columns=cost_columns)
    if not hasattr(costs, "items"):
        raise ParInputError(
            f"costs must be a mapping {{node: cost}} or a path, not a {type(costs).__name__}"
        )
    index = inp.nodes.index()
    entries = ((index.get(k), v, f"node {k!r}"[:60], 0, str(k)) for k, v in costs.items())
    table = scale_costs(ParInputError, inp.nodes.n, entries, "costs")
    return table


# --- the result ------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Run:
    """What a computed :class:`Par` keeps to answer on demand."""

    inp: _Input
    cert: ParCertificate
    costs: CostTable | None


@dataclass(frozen=True, eq=False)
class Condensation:
    """The condensation of a graph given to :func:`par`, numbered topologically.

    Attributes
    ----------
    components : numpy.ndarray of int32
        ``components[v]`` is the component of node id ``v``: the source
        components are ``0 .. par-1`` in ``seeds`` order, the others follow in a
        topological order (every edge of the condensation goes from a smaller
        number to a larger one).
    edges : numpy.ndarray of int32, shape (e, 2)
        The condensation's distinct edges ``(a, b)``, ``a < b``, sorted.
    nodes : list
        The caller's node objects by id (the map from ids to nodes).
    """

    components: Any
    edges: Any
    nodes: list[Any]


@dataclass(frozen=True)
class Par:
    """The answer of :func:`par`: the minimum, a witness, and its cost.

    Attributes
    ----------
    par : int
        The minimum number of seeds (the number of source components).
    seeds : tuple
        One node per source component, the cheapest (ties: the earliest in the
        input's node order), in that order; the caller's own node objects.
    cost : int or decimal.Decimal
        Total cost of the seeds (``par`` without costs); exact.

    A :class:`Par` built by :func:`par` also answers :meth:`components`,
    :meth:`source_components` and :meth:`certificate`; one pasted back from its
    ``repr`` compares equal but has no graph behind it.

    Examples
    --------
    >>> from decimal import Decimal
    >>> r = par([("x", "y"), ("y", "x"), ("z", "x")])
    >>> r
    Par(par=1, seeds=('z',), cost=1)
    >>> eval(repr(r)) == r
    True
    >>> r.components()
    (('x', 'y'), ('z',))
    """

    par: int
    seeds: tuple[Any, ...]
    cost: int | Decimal
    _run: _Run | None = field(default=None, repr=False, compare=False)

    def _need(self) -> _Run:
        if self._run is None:
            raise ValueError("this Par was not computed by par(): it has no graph behind it")
        return self._run

    def components(self) -> tuple[tuple[Any, ...], ...]:
        """Every strongly connected component, as tuples of nodes in node order,
        ordered by their first node; O(n log n).

        >>> par([(1, 2), (2, 1), (2, 3)]).components()
        ((1, 2), (3,))
        """
        import numpy as np  # noqa: PLC0415

        run = self._need()
        labels = np.asarray(run.cert.labels, dtype=np.int64)
        order = np.argsort(labels, kind="stable")
        cuts = np.flatnonzero(np.diff(labels[order])) + 1
        groups = np.split(order, cuts) if order.size else []
        groups.sort(key=lambda g: int(g[0]))
        return tuple(tuple(run.inp.nodes.take(g)) for g in groups)

    def condensation(self) -> Condensation:
        """The condensation in a topological order, sources first (as ``proofgrid par
        --components`` and ``--condensation`` write it): the component of every node
        id, the DAG's edges ``a < b`` (an ``(e, 2)`` int32 array, sorted, each once)
        and the node objects by id (the name map); O(n + m log m).

        >>> c = par([("x", "y"), ("y", "x"), ("z", "x")]).condensation()
        >>> c.components.tolist(), c.edges.tolist(), c.nodes
        ([1, 1, 0], [[0, 1]], ['x', 'y', 'z'])
        """
        import numpy as np  # noqa: PLC0415

        from proofgrid.graph.sparse import topological  # noqa: PLC0415

        run = self._need()
        topo = topological(run.cert, run.inp.src, run.inp.dst)
        edges = np.stack([topo.edge_src, topo.edge_dst], axis=1).astype(np.int32)
        nodes = run.inp.nodes.take(np.arange(run.inp.nodes.n))
        return Condensation(topo.components, edges, nodes)

    def source_components(self) -> tuple[tuple[Any, ...], ...]:
        """The source component of each seed (in ``seeds`` order), nodes in node order; O(n).

        >>> par([(1, 2), (2, 1), (2, 3)]).source_components()
        ((1, 2),)
        """
        from proofgrid.graph.sparse import source_members  # noqa: PLC0415

        run = self._need()
        members = source_members(run.cert, run.cert.n)
        return tuple(tuple(run.inp.nodes.take(ids)) for ids, _ in members)

    def certificate(self, members_limit: int = 10, *, check: bool = False) -> dict[str, Any]:
        """The certificate ``proofgrid par --json`` prints (``docs/par.md``), nodes as
        the caller's objects; ``check`` re-verifies the seeds by breadth-first search.

        >>> c = par([("a", "b")]).certificate(check=True)
        >>> c["par"], c["seeds"], c["components"], c["check"]
        (1, ['a'], 2, {'ok': True, 'unreached': 0})
        """
        from proofgrid.graph import sparse  # noqa: PLC0415
        from proofgrid.par.certificate import certificate_dict  # noqa: PLC0415

        run = self._need()
        cert = run.cert
        if cert.condensation_edges is None:
            count = sparse.condensation_edge_count(
                cert.labels, run.inp.src, run.inp.dst, cert.n_components
            )
            cert = _with_edges(cert, count)
        missing = None
        if check:
            missing = int(
                sparse.unreached(
                    run.inp.src, run.inp.dst, cert.n, cert.seeds, engine=cert.engine
                ).size
            )
        return certificate_dict(
            source=run.inp.source,
            n=cert.n,
            m=int(run.inp.src.size),
            labels=run.inp.nodes.take,
            cert=cert,
            costs=run.costs,
            members_limit=members_limit,
            missing=missing,
        )


def _with_edges(cert: ParCertificate, count: int) -> ParCertificate:
    import dataclasses  # noqa: PLC0415

    return dataclasses.replace(cert, condensation_edges=count)


def par(
    graph: Any,
    costs: Mapping[Any, Any] | str | os.PathLike[str] | None = None,
    *,
    columns: tuple[Any, Any] | None = None,
    cost_columns: tuple[str, str] | None = None,
    engine: str = "auto",
) -> Par:
    """Minimum seed set of a directed graph: one node per source component of the condensation.

    Parameters
    ----------
    graph
        A networkx graph (undirected edges go both ways), an igraph ``Graph``,
        a scipy sparse square matrix (a nonzero entry ``[i, j]`` is the edge
        ``i -> j``), a pandas or polars ``DataFrame`` (its first two columns,
        or ``columns``; a null or NaN cell is refused with its row), a numpy
        ``(m, 2)`` array, an iterable of ``(src, dst)`` pairs, or a path (as
        ``proofgrid par`` reads it: text, compressed, Parquet, Arrow, or CSV
        with ``columns``).
    costs
        Node costs: a mapping ``{node: cost}`` (a dict, a pandas Series...;
        ints, decimals, floats by their shortest repr, or decimal text; nodes
        not given cost 1, nodes not in the graph are ignored with a warning),
        or, with a path ``graph``, the path of a cost file.
    columns
        ``(src, dst)`` column names of a DataFrame or table file.
    cost_columns
        ``(node, cost)`` column names of a table cost file.
    engine
        ``"auto"``, ``"python"`` (pure-Python Tarjan) or ``"compiled"`` (scipy).

    Returns
    -------
    Par
        ``par``, ``seeds`` (the caller's node objects, in node order — module
        docstring), ``cost``, and on demand the components and the certificate.

    Raises
    ------
    ParInputError
        An object that is not a graph of these kinds, a bad shape or column.
    proofgrid.errors.ProofgridError
        A file or cost that cannot be read (one-line message).

    Notes
    -----
    The par theorem (Tarjan 1972; :mod:`proofgrid.graph.scc`): the minimum
    number of seeds equals the number of source components of the
    condensation. O(n + m) plus the conversion of the input.

    Examples
    --------
    >>> par([("a", "b"), ("c", "b")])
    Par(par=2, seeds=('a', 'c'), cost=2)
    >>> par([("a", "b"), ("b", "a")], costs={"a": 3, "b": "2.5"}).cost
    Decimal('2.5')
    >>> import numpy as np
    >>> par(np.array([[10, 20], [20, 10], [30, 30]])).seeds
    (10, 30)
    >>> import networkx as nx
    >>> G = nx.DiGraph([(1, 2)]); G.add_node(0)
    >>> par(G)
    Par(par=2, seeds=(1, 0), cost=2)
    """
    if "dask" in _kinds(graph):  # a Dask DataFrame: on the cluster (proofgrid.par.cluster)
        from proofgrid.par.cluster_run import par_dask  # noqa: PLC0415 (dask on use)

        count, seeds, total = par_dask(graph, costs, columns=columns)  # type: ignore[arg-type]
        return Par(count, seeds, total)
    from proofgrid.graph import sparse  # noqa: PLC0415 (numpy engine, loaded on use)

    try:
        chosen = sparse.Engine(engine)
    except ValueError:
        raise ParInputError(f"engine must be auto, python or compiled, not {engine!r}") from None
    if cost_columns is not None and not isinstance(costs, str | os.PathLike):
        raise ParInputError("cost_columns= applies to a cost file only")
    inp = _read_input(graph, columns)
    table = None if costs is None else _costs(inp, costs, cost_columns)
    if table is not None and table.unknown_count:
        _line, name = table.unknown[0]
        warnings.warn(
            f"{table.unknown_count} cost(s) name nodes not in the graph (first: {name!r}); ignored",
            stacklevel=2,
        )
    cert = sparse.par_certificate(
        inp.src, inp.dst, inp.nodes.n, None if table is None else table.values, engine=chosen
    )
    cost: int | Decimal = cert.cost
    if table is not None and table.scale:
        cost = Decimal(cert.cost).scaleb(-table.scale)
    return Par(cert.par, tuple(inp.nodes.take(cert.seeds)), cost, _Run(inp, cert, table))
