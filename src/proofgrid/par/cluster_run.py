"""``proofgrid par DATASET --scheduler ADDRESS|local[:N]`` and ``par(dask_frame)``.

What it owns: connecting to a Dask cluster (or starting a local one), keying a
dataset or a Dask DataFrame on it (:mod:`proofgrid.par.cluster_read`), running
:mod:`proofgrid.par.cluster` and printing the certificate exactly as one
machine prints it (``par``, ``cost``, ``seeds``; with ``--json`` the keys of
``docs/par.md`` plus ``rounds``). Costs are read on the client by the
one-machine reader (:func:`proofgrid.par.read_costs`), matched against the
members of the source components (the only nodes a cost can change).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

import numpy as np

from proofgrid.errors import ParInputError, extra_imports
from proofgrid.par.cluster import (
    Cluster,
    ClusterError,
    Graph,
    Rounds,
    Sources,
    count_components,
    find_sources,
)
from proofgrid.par.cluster_read import (
    EXTRA,
    FEATURE,
    PACKAGES,
    ClusterInputError,
    Dataset,
    list_pieces,
    read_pieces,
    tokens,
)

if TYPE_CHECKING:
    from proofgrid.par.costs import CostTable
    from proofgrid.par.names import NameBytes

__all__ = ["ClusterPar", "connect", "par_dask", "run_cli", "solve"]

#: Rows a partition of edges holds at most (and a piece a worker reads at once).
ROWS_PER_PARTITION = 1_000_000
#: Bytes of the smallest worker memory limit a partition may have per row: a task on
#: a partition of integer edges needed over 200 B a row above the worker's own
#: ~160 MiB (workers held at 384 MiB were killed in such tasks at 10^6 rows), so
#: 2 KiB a row leaves room for the interpreter and the data the worker holds.
BYTES_PER_ROW = 2048
#: Rows a partition holds at least (fewer would cost more in tasks than it saves).
MIN_ROWS_PER_PARTITION = 50_000
#: The remainder gathered for the one-machine finish of ``components`` (``--json``).
FINISH_EDGES = 2_000_000


@contextmanager
def connect(scheduler: str, *, memory_limit: str | None = None) -> Iterator[Any]:
    """A ``distributed.Client`` of the scheduler at ``ADDRESS``, or of a LocalCluster
    of ``N`` worker processes (one thread each) for ``local[:N]`` (default 2); closed
    (and the local cluster stopped) on exit. Errors are one line."""
    with extra_imports(extra=EXTRA, feature=FEATURE, packages=PACKAGES):
        import dask.dataframe  # noqa: F401, PLC0415 (the cluster path only)
        import pyarrow  # noqa: F401, PLC0415 (as above)
        from distributed import Client, LocalCluster  # noqa: PLC0415 (as above)
    address = scheduler.strip()
    cluster = None
    if address == "local" or address.startswith("local:"):
        count = address.partition(":")[2] or "2"
        if not count.isdigit() or int(count) < 1:
            raise ClusterInputError(f"--scheduler local:N needs a worker count, not {count!r}")
        with warnings.catch_warnings():  # "port 8787 is in use": no dashboard is asked for
            warnings.simplefilter("ignore", UserWarning)
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=int(count),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                memory_limit=memory_limit or "auto",
                silence_logs=logging.ERROR,
            )
        address = cluster.scheduler_address
    if not address:
        raise ClusterInputError("empty scheduler address")
    try:
        client = Client(address, timeout=10, set_as_default=False)  # type: ignore[no-untyped-call]
    except Exception as exc:
        if cluster is not None:
            cluster.close()
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ClusterInputError(f"cannot use the Dask scheduler at {address!r}: {msg}") from None
    try:
        yield client
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()


@contextmanager
def _p2p() -> Iterator[None]:
    """Every shuffle of the run by Dask's P2P method: its shards go worker to worker and
    spill to each worker's own local directory under its memory limit. Without a
    default client (ours is not made the default) Dask picks its ``disk`` method,
    whose partd store lives in the local directory of the one worker that made it:
    right only when every worker shares that disk (one machine), and its buffers
    are not under the worker's memory manager (workers held under a limit were
    killed in its tasks). Set while the graph is built and computed, unless the
    user chose a method (``DASK_DATAFRAME__SHUFFLE__METHOD``, Dask's config)."""
    import dask  # noqa: PLC0415 (the cluster path only)

    chosen = dask.config.get("dataframe.shuffle.method", None)
    with dask.config.set({"dataframe.shuffle.method": chosen or "p2p"}):
        yield


def _runner(client: Any) -> Cluster:
    def compute(*xs: Any) -> Any:
        return client.compute(list(xs), sync=True)

    return Cluster(persist=client.persist, compute=compute)


def _meta(**cols: Any) -> Any:
    import pandas as pd  # noqa: PLC0415

    return pd.DataFrame({k: pd.Series([], dtype=v) for k, v in cols.items()})


def _tails_in(edges: Any, nodes: Any) -> Any:
    import pandas as pd  # noqa: PLC0415

    return pd.DataFrame({"k": [int((~edges["s"].isin(nodes["id"])).sum())]})


def key(run: Cluster, rows: Any, name_dtype: Any, parts: int, rounds: Rounds) -> Graph:
    """Names to ids across the cluster (:mod:`proofgrid.par.cluster_read`), and the
    graph co-partitioned: edges by tail, nodes by id; checked aligned."""
    import dask.dataframe as dd  # noqa: PLC0415

    i8 = "int64"
    if name_dtype != np.int64:  # strings: as the frame declares them ("str" or "string")
        name_dtype = rows.dtypes["a"]
    tok = rows.map_partitions(tokens, meta=_meta(name=name_dtype, pos=i8))
    first = tok.groupby("name")["pos"].min(split_out=parts).reset_index()
    nodes = run.persist(first.rename(columns={"pos": "id"}))
    e = rows.merge(nodes.rename(columns={"name": "a", "id": "s"}), on="a", how="inner")
    e = e.merge(nodes.rename(columns={"name": "b", "id": "d"}), on="b", how="inner")
    edges = run.persist(e[["s", "d"]].shuffle(on="s", npartitions=parts))
    nodes = run.persist(nodes[["id", "name"]].shuffle(on="id", npartitions=parts))
    rounds.keying += 4
    guard = dd.map_partitions(  # type: ignore[no-untyped-call]
        _tails_in, edges, nodes, meta=_meta(k=i8), align_dataframes=False, enforce_metadata=False
    )
    n, m, bad = run.compute(nodes.shape[0], edges.shape[0], guard["k"].sum())
    if int(bad):
        raise ClusterError(
            "internal: edges and nodes are not co-partitioned on this cluster; no answer"
        )
    return Graph(edges=edges, nodes=nodes, n=int(n), m=int(m), partitions=parts)


def _pick(nodes: Any, wanted: Any) -> Any:
    return nodes[nodes["id"].isin(wanted["id"])]


def names_of(run: Cluster, graph: Graph, ids: Any) -> dict[int, Any]:
    """The names (the cells' values) of some node ids, fetched from the cluster: the ids
    go there as a frame hash-partitioned like the nodes (one shuffle), so no task
    carries the whole list."""
    import dask.dataframe as dd  # noqa: PLC0415
    import pandas as pd  # noqa: PLC0415

    want = np.unique(np.asarray(ids, dtype=np.int64))
    if not want.size:
        return {}
    chunks = max(1, min(graph.partitions, want.size // 100_000))
    frame = dd.from_pandas(pd.DataFrame({"id": want}), npartitions=chunks)  # type: ignore[no-untyped-call]
    wanted = frame.shuffle(on="id", npartitions=graph.partitions)
    picked = dd.map_partitions(  # type: ignore[no-untyped-call]
        _pick, graph.nodes, wanted, meta=graph.nodes._meta, align_dataframes=False
    )
    (got,) = run.compute(picked)
    if len(got) != want.size:
        raise ClusterError("internal: some node names were not found on the cluster; no answer")
    return dict(zip(got["id"].tolist(), got["name"].tolist(), strict=True))


@dataclass(frozen=True)
class ClusterPar:
    """What a cluster run found.

    ``seeds`` are ids in ascending order (first appearance); ``members`` the
    first members of each seed's component by id, ``sizes`` their sizes;
    ``seed_costs`` the scaled costs (None without costs); ``names`` maps every
    id mentioned to its name.
    """

    n: int
    m: int
    seeds: list[int]
    sizes: list[int]
    members: list[list[int]]
    cost: int
    seed_costs: list[int] | None
    costs: CostTable | None
    names: dict[int, Any]
    components: int | None
    condensation_edges: int | None
    rounds: Rounds


class _Candidates:
    """The members of the source components as a named graph, for the cost readers."""

    def __init__(self, names: list[str], source: str) -> None:
        self._names = names
        self.source = source
        self.n = len(names)
        self.m = 0
        self.src = np.zeros(0, dtype=np.int32)
        self.dst = np.zeros(0, dtype=np.int32)

    def name(self, v: int) -> str:
        return self._names[v]

    def names(self, nodes: Any) -> list[str]:
        return [self._names[i] for i in np.asarray(nodes, dtype=np.int64).ravel().tolist()]

    def unicode_twins(self) -> list[tuple[str, str]]:
        """Names equal but for their Unicode normalisation (as one machine warns)."""
        from proofgrid.par.keys import nfc_twins  # noqa: PLC0415

        return nfc_twins(n for n in self._names if not n.isascii())

    def name_bytes(self, nodes: Any) -> NameBytes:
        """The names of ``nodes`` as UTF-8 bytes end to end (the writers' form)."""
        from proofgrid.par.names import NameBytes  # noqa: PLC0415

        raw = [n.encode("utf-8") for n in self.names(nodes)]
        lengths = np.fromiter((len(b) for b in raw), dtype=np.int64, count=len(raw))
        starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
        buf = np.frombuffer(b"".join(raw), dtype=np.uint8).copy()
        return NameBytes(buf, starts, lengths)


CostSpec = tuple[str, tuple[str, str] | None] | Mapping[Any, Any] | None


#: The one-machine cost reader (``proofgrid.par.read_costs``), handed in by the CLI so
#: the cluster path reads cost files exactly as one machine does without importing
#: the package that calls it.
CostReader = Callable[..., "CostTable"]


def _cost_table(
    spec: CostSpec, names: list[Any], source: str, read_costs: CostReader | None
) -> CostTable:
    if isinstance(spec, tuple):
        if read_costs is None:
            raise ParInputError("a cost file on the cluster needs the cost reader")
        path, columns = spec
        return read_costs(path, _Candidates([str(x) for x in names], source), columns=columns)
    from proofgrid.par.costs import scale_costs  # noqa: PLC0415

    assert spec is not None
    index = {v: i for i, v in enumerate(names)}
    entries = ((index.get(k), v, f"node {k!r}"[:60], 0, str(k)) for k, v in spec.items())
    return scale_costs(ParInputError, len(names), entries, "costs")


def solve(
    run: Cluster,
    graph: Graph,
    *,
    costs: CostSpec = None,
    members_limit: int = 1,
    counts: bool = False,
    finish_edges: int = FINISH_EDGES,
    rounds: Rounds | None = None,
    read_costs: CostReader | None = None,
) -> ClusterPar:
    """Par, the seeds and their cost on the cluster (:mod:`proofgrid.par.cluster`).

    ``costs``: ``(path, cost_columns)`` of a cost file, or a mapping ``{node: cost}``;
    ``counts``: also ``components`` and ``condensation_edges``.
    """
    rounds = rounds or Rounds()
    keep = None if costs is not None else max(1, members_limit)
    src: Sources = find_sources(run, graph, keep, rounds)
    starts = (
        np.flatnonzero(np.r_[True, src.labels[1:] != src.labels[:-1]])
        if src.labels.size
        else np.zeros(0, np.int64)
    )
    table = None
    seed_rows = starts
    seed_costs: list[int] | None = None
    names: dict[int, Any] = {}
    if costs is not None:
        names = names_of(run, graph, src.ids)
        table = _cost_table(costs, [names[i] for i in src.ids.tolist()], "candidates", read_costs)
        values = np.asarray(table.values, dtype=np.int64)
        comp = np.repeat(np.arange(starts.size), np.diff(np.r_[starts, src.ids.size]))
        order = np.lexsort((src.ids, values, comp))  # by component, then cost, then id
        firsts = np.flatnonzero(np.r_[True, comp[order][1:] != comp[order][:-1]])
        seed_rows = order[firsts] if order.size else starts
        seed_costs = values[seed_rows].tolist()
    seeds = src.ids[seed_rows]
    order = np.argsort(seeds, kind="stable")
    ends = np.r_[starts[1:], src.ids.size]
    limit = max(0, members_limit)
    members = [src.ids[starts[k] : min(ends[k], starts[k] + limit)].tolist() for k in order]
    sizes = src.sizes[starts[order]].tolist() if starts.size else []
    seed_list = seeds[order].tolist()
    if seed_costs is not None:
        seed_costs = [seed_costs[k] for k in order]
    need = (
        np.unique(np.r_[seeds, *[np.asarray(x, dtype=np.int64) for x in members]])
        if seed_list
        else np.zeros(0, np.int64)
    )
    missing = [i for i in need.tolist() if i not in names]
    names.update(names_of(run, graph, missing))
    components = condensation = None
    if counts:
        components, condensation = count_components(run, graph, src, finish_edges, rounds)
    return ClusterPar(
        n=graph.n,
        m=graph.m,
        seeds=seed_list,
        sizes=sizes,
        members=members,
        cost=len(seed_list) if seed_costs is None else int(sum(seed_costs)),
        seed_costs=seed_costs,
        costs=table,
        names=names,
        components=components,
        condensation_edges=condensation,
        rounds=rounds,
    )


def _threads(client: Any) -> int:
    return int(max(1, sum(client.nthreads().values())))


def rows_per_partition(client: Any) -> int:
    """Rows a partition holds on this cluster: :data:`ROWS_PER_PARTITION`, fewer when the
    smallest worker memory limit gives less than :data:`BYTES_PER_ROW` a row (at least
    :data:`MIN_ROWS_PER_PARTITION`), so every task fits a worker held under its limit
    and what the workers hold beyond it is spilled, not the task killed."""
    workers = client.scheduler_info(n_workers=-1).get("workers", {})
    limits = [int(w.get("memory_limit") or 0) for w in workers.values()]
    limits = [x for x in limits if x > 0]
    if not limits:
        return ROWS_PER_PARTITION
    return max(MIN_ROWS_PER_PARTITION, min(ROWS_PER_PARTITION, min(limits) // BYTES_PER_ROW))


def _partitions(client: Any, rows: int, per: int) -> int:
    return max(2 * _threads(client), -(-rows // per))


def _failure(exc: BaseException) -> ClusterError:
    msg = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return ClusterError(f"the cluster could not finish ({type(exc).__name__}: {msg}); no answer")


@contextmanager
def _one_line() -> Iterator[None]:
    """Errors from the cluster as one line: input errors as they are, the rest named."""
    try:
        yield
    except (ClusterInputError, ClusterError):
        raise
    except Exception as exc:
        from proofgrid.errors import ProofgridError  # noqa: PLC0415

        if isinstance(exc, ProofgridError):
            raise
        raise _failure(exc) from None


def dataset_graph(run: Cluster, client: Any, data: Dataset, rounds: Rounds) -> tuple[Graph, str]:
    """Read and key a Parquet dataset on the cluster; returns the graph and its source name.
    Pieces are cut again when the workers' memory limits call for smaller partitions
    (:func:`rows_per_partition`)."""
    per = rows_per_partition(client)
    if per < ROWS_PER_PARTITION:
        data = list_pieces(data.source, data.columns, per)  # the footers again
    parts = _partitions(client, data.rows, per)
    rows = read_pieces(data)
    return key(run, rows, np.int64 if data.integers else "str", parts, rounds), data.source


def _document(res: ClusterPar, source: str, members_limit: int) -> dict[str, Any]:
    table = res.costs
    sources: list[dict[str, Any]] = []
    for k, seed in enumerate(res.seeds):
        entry: dict[str, Any] = {
            "seed": str(res.names[seed]),
            "size": res.sizes[k],
            "members": [str(res.names[v]) for v in res.members[k]],
        }
        if table is not None and res.seed_costs is not None:
            entry["seed_cost"] = table.to_number(res.seed_costs[k])
        sources.append(entry)
    return {
        "file": source,
        "nodes": res.n,
        "edges": res.m,
        "par": len(res.seeds),
        "seeds": [str(res.names[s]) for s in res.seeds],
        "cost": res.cost if table is None else table.to_number(res.cost),
        "components": res.components,
        "condensation_edges": res.condensation_edges,
        "members_limit": members_limit,
        "sources": sources,
        "engine": "dask",
        "rounds": res.rounds.as_dict(),
    }


def run_cli(
    dataset: str,
    *,
    scheduler: str,
    columns: tuple[str, str] | None,
    costs_file: str | None,
    cost_columns: tuple[str, str] | None,
    as_json: bool,
    members_limit: int,
    indent: int | None = None,
    read_costs: CostReader | None = None,
) -> None:
    """``proofgrid par DATASET --scheduler ...``: prints what one machine prints
    (``read_costs``: the one-machine cost reader, for ``--costs``)."""
    if dataset == "-" or costs_file == "-":
        raise ClusterInputError("--scheduler reads a Parquet dataset, not standard input")
    rounds = Rounds()
    if os.environ.get("PROOFGRID_PAR_PROGRESS"):  # one stderr line a round (the bench)
        start = time.perf_counter()
        rounds.progress = lambda line: print(
            f"{time.perf_counter() - start:.1f} s: {line}", file=sys.stderr, flush=True
        )
    with extra_imports(extra=EXTRA, feature=FEATURE, packages=PACKAGES):
        import dask.dataframe  # noqa: F401, PLC0415 (the cluster path only)
        import distributed  # noqa: F401, PLC0415 (as above)
    data = list_pieces(dataset, columns, ROWS_PER_PARTITION)  # the footers: before a cluster
    spec = None if costs_file is None else (costs_file, cost_columns)
    if data.rows == 0:
        print(f"warning: {data.source} names no nodes (no rows); par is 0", file=sys.stderr)
        table0 = None if spec is None else _cost_table(spec, [], data.source, read_costs)
        res0 = ClusterPar(
            0, 0, [], [], [], 0, None if spec is None else [], table0, {}, 0, 0, rounds
        )
        _print(res0, data.source, costs_file, as_json, members_limit)
        return
    with connect(scheduler) as client, _one_line(), _p2p():
        run = _runner(client)
        graph, source = dataset_graph(run, client, data, rounds)
        res = solve(
            run,
            graph,
            costs=spec,
            members_limit=members_limit if as_json else 1,
            counts=as_json,
            rounds=rounds,
            read_costs=read_costs,
        )
    _print(res, source, costs_file, as_json, members_limit, indent=indent)


def _print(
    res: ClusterPar,
    source: str,
    costs_file: str | None,
    as_json: bool,
    members_limit: int,
    *,
    indent: int | None = None,
) -> None:
    table = res.costs
    if table is not None and table.unknown_count:
        line, name = table.unknown[0]
        print(
            f"warning: {costs_file}: {table.unknown_count} cost line(s) name no node of a"
            f" source component (first: line {line}, {name!r}); they cannot change the"
            " answer; ignored",
            file=sys.stderr,
        )
    if as_json:
        doc = _document(res, source, members_limit)
        # compact unless asked, as one machine's streamed writer (proofgrid.par.writers)
        compact = (",", ":") if indent is None else None
        sys.stdout.write(
            json.dumps(doc, indent=indent, separators=compact, ensure_ascii=False) + "\n"
        )
        return
    lines = [f"par: {len(res.seeds)}"]
    if table is not None:
        lines.append(f"cost: {table.format(res.cost)}")
    lines.append("seeds:")
    lines.extend(f"  {res.names[s]}" for s in res.seeds)
    sys.stdout.write("\n".join(lines) + "\n")


# --- the Python API: par(dask_dataframe) -------------------------------------------------


def _frame_rows(df: Any, offsets: Any, partition_info: Any = None) -> Any:
    import pandas as pd  # noqa: PLC0415

    number = 0 if partition_info is None else int(partition_info["number"])
    a, b = df.iloc[:, 0], df.iloc[:, 1]
    for col in (a, b):
        bad = col.isna().to_numpy()
        if col.dtype.kind not in "iu":
            bad = bad | (col.astype("str") == "").to_numpy()
        if bad.any():
            r = int(np.argmax(bad))
            raise ClusterInputError(
                f"<DataFrame> partition {number}: row {r + 1}: null or empty cell in"
                f" column {col.name!r}"
            )
    start = int(offsets[number])
    row = np.arange(start, start + len(df), dtype=np.int64)
    return pd.DataFrame(
        {"a": a.to_numpy(), "b": b.to_numpy(), "row": row}, index=pd.RangeIndex(len(df))
    )


def frame_graph(
    run: Cluster, frame: Any, columns: tuple[Any, Any] | None, threads: int
) -> tuple[Graph, bool]:
    """Key a Dask DataFrame's two columns on the cluster; also whether names are integers."""

    cols = list(frame.columns)
    if columns is None:
        if len(cols) < 2:
            raise ParInputError(f"a DataFrame needs two columns (src, dst), not {len(cols)}")
        columns = (cols[0], cols[1])
    for c in columns:
        if c not in cols:
            raise ParInputError(f"the DataFrame has no column {c!r} (columns: {cols[:8]!r})")
    kinds = {frame[c].dtype.kind for c in columns}
    integers = kinds <= {"i", "u"}
    if not integers and kinds & {"i", "u", "f", "b"}:
        raise ParInputError(f"mixed types: columns {columns!r} are not all integers or strings")
    sub = frame[list(columns)]
    (lengths,) = run.compute(sub.map_partitions(len))
    offsets = np.r_[0, np.cumsum(np.asarray(lengths, dtype=np.int64))]
    dtype: Any = np.int64 if integers else "str"
    rows = sub.map_partitions(_frame_rows, offsets, meta=_meta(a=dtype, b=dtype, row="int64"))
    parts = max(2 * threads, -(-int(offsets[-1]) // ROWS_PER_PARTITION))
    return key(run, rows, dtype, parts, Rounds()), integers


def par_dask(
    frame: Any, costs: Mapping[Any, Any] | None = None, *, columns: tuple[Any, Any] | None = None
) -> tuple[int, tuple[Any, ...], int | Decimal]:
    """``proofgrid.par.par`` of a ``dask.dataframe.DataFrame`` (its first two columns, or
    ``columns``), computed on the current Dask client (or a local 2-worker cluster).

    Node order is first appearance over the partitions in order, row by row, the
    source cell before the destination cell, as for a pandas DataFrame. Returns
    ``(par, seeds as the cells' values, cost)``, which :func:`proofgrid.par.par` wraps
    in its :class:`~proofgrid.par.Par`.
    """

    with extra_imports(extra=EXTRA, feature="par() of a Dask DataFrame", packages=PACKAGES):
        from distributed import default_client  # noqa: PLC0415

    try:
        client = default_client()  # type: ignore[no-untyped-call]
        ctx: Any = None
    except ValueError:
        ctx = connect("local")
        client = ctx.__enter__()
    try:
        with _one_line(), _p2p():
            run = _runner(client)
            graph, integers = frame_graph(run, frame, columns, _threads(client))
            res = solve(run, graph, costs=costs)
    finally:
        if ctx is not None:
            ctx.__exit__(None, None, None)
    table = res.costs
    if table is not None and table.unknown_count:
        _line, name = table.unknown[0]
        warnings.warn(
            f"{table.unknown_count} cost(s) name no node of a source component"
            f" (first: {name!r}); ignored",
            stacklevel=3,
        )
    cost: int | Decimal = res.cost
    if table is not None and table.scale:
        cost = Decimal(res.cost).scaleb(-table.scale)
    seeds = tuple(res.names[s] for s in res.seeds)
    if integers:
        seeds = tuple(int(s) for s in seeds)
    return len(res.seeds), seeds, cost
