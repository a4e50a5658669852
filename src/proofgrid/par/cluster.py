"""Par on a Dask cluster: the source components by one round of coloring, proved.

What it owns: the algorithm that finds par, a minimum-cost seed set and the
certificate's counts on Dask DataFrames of integer ids (edges ``s, d``, nodes
``id, name``; :mod:`proofgrid.par.cluster_read` makes them), as rounds of
merges and group-bys that Dask shuffles between workers and spills to disk
under a worker's memory limit. The connection to the cluster and the printed
certificate live in :mod:`proofgrid.par.cluster_run`.

The theorem (the one-machine one: Tarjan 1972, :mod:`proofgrid.graph.scc`)
---------------------------------------------------------------------------
par is the number of *source* components of the condensation (strong
components no edge enters from outside), and the cheapest node of each source
component is a minimum-cost seed set. Only the source components are needed.

The method (after Orzan's coloring and Slota et al.'s Multistep)
----------------------------------------------------------------
Node ids are distinct integers (first-appearance positions).

1. **Trim.** A node no other node enters (in-degree 0, self-loops aside) is a
   strong component by itself and a source. It is labelled with its own id and
   removed; what it enters is marked *entered* in step 4 like any other edge.
2. **Forward coloring.** On the remaining graph ``R``, ``color(v)`` is the
   largest id of a node of ``R`` that reaches ``v`` (``v`` reaches itself).
   Computed by max-propagation: start with ``color(v) = v``; each round, every
   node whose colour rose last round sends it along its out-edges, and each node
   keeps the largest colour it receives. The colours only rise and are bounded,
   so this reaches the fixpoint, which is the reachability maximum (by
   induction on path length a colour ``c`` reaches every node ``c`` reaches, and
   no colour ever travels against an edge). The loop stops only after a round
   in which no colour changed.
3. **Backward within a colour.** A *root* is a node with ``color(r) = r``. From
   the roots, propagate backwards along edges whose tail has the same colour as
   the head, to a fixpoint. Claim: the nodes reached from root ``r`` are exactly
   ``SCC(r)``. (⊇) if ``v ∈ SCC(r)`` then every node ``w`` on a path
   ``v → … → r`` inside ``SCC(r)`` is reached by ``r`` and reaches ``r``, so
   ``color(w) ≥ r``; and whatever reaches ``w`` reaches ``r``, so
   ``color(w) ≤ color(r) = r``; the path is of colour ``r`` and found.
   (⊆) a node found from ``r`` reaches ``r``; it has colour ``r``, so ``r``
   reaches it: it is in ``SCC(r)``.
4. **Sources.** Every found set is a strong component. **Every source component
   ``S`` is found in this one round:** no node outside ``S`` reaches ``S`` (an
   outside node reaching ``S`` would make some edge enter ``S``), so for
   ``v ∈ S`` the nodes reaching ``v`` are exactly ``S``, and
   ``color(v) = max(S)`` for every ``v ∈ S``; ``r = max(S)`` is a root, and by
   step 3 its found set is ``S``. (A trimmed node is the case ``|S| = 1``.)
   A found component is a source iff no edge enters it from outside. Those
   edges are seen without moving the edges again. (a) An edge ``u → v`` from
   a trimmed ``u`` into a found ``v`` always enters (a trimmed node is a
   component alone): the heads of the trimmed nodes' edges are sent to their
   partitions. (b) Every other edge into a found node ``v`` of colour ``c``
   carried ``(u, c)`` to its tail in step 3, exactly once (in the round after
   ``v`` was reached), and it enters ``SCC(c)`` iff ``color(u) ≠ c``: if
   ``color(u) = c`` then ``c`` reaches ``u``, which reaches ``v`` and so ``c``,
   and ``u ∈ SCC(c)``; if ``u ∈ SCC(c)`` then ``color(u) = c`` (as in step 3).
   Each round's crossing colours are kept (one row per colour and partition);
   their roots are marked *entered*, then a group-by on the label in two stages
   (each partition sums up its labels in a few rows, then those rows meet by
   label), so no component, however large, is gathered into one partition. Hence par =
   the number of found components no edge enters, and the cheapest node of
   each (ties: the smaller id, i.e. the earlier in the input, as on one
   machine) is a minimum-cost seed set.

For ``components`` and ``condensation_edges`` of the JSON certificate, the
nodes left unlabelled are decomposed by further phases of steps 1–3 on the
graph they induce (the found sets are unions of whole components, so the
remaining components are those of the remainder: Orzan), until the remainder
has at most ``finish_edges`` edges, which are gathered and finished by the
one-machine kernel (Multistep's serial finish).

Cost
----
Each round is one shuffle of the messages (``O(changed nodes' out-degree)``
rows), and the edges never move after keying: edges are hash-partitioned by
their tail and nodes by their id with the same partition count, so an edge and
its tail's colour meet in the same partition without a shuffle. Forward rounds
are bounded by the longest chain of colour improvements (at most the length of
a longest simple path; ~ the diameter on random graphs: ``O(log n)``); the
backward rounds by the largest source component's radius. Work O((n + m) ·
rounds) in the worst case, much less with frontiers. A guard in every
partition-local join checks that a message's node lives in that partition, so
a partitioning mismatch is an error, never a wrong answer.

References
----------
S. Orzan, "On distributed verification and verified distribution", PhD
thesis, Vrije Universiteit Amsterdam, 2004 (the coloring method).
G. M. Slota, S. Rajamanickam, K. Madduri, "BFS and coloring-based parallel
algorithms for strongly connected components and related problems", IPDPS 2014
(Multistep: trim, coloring, serial finish).
R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM J.
Computing 1(2), 1972.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ClusterError", "Graph", "Rounds", "Sources", "count_components", "find_sources"]

from proofgrid.errors import ProofgridError


class ClusterError(ProofgridError):
    """The cluster could not finish (lost workers, a partitioning mismatch): no answer."""


@dataclass
class Rounds:
    """What the run cost: rounds (each one shuffle) and the message rows they moved."""

    keying: int = 0
    trim: int = 0
    forward: int = 0
    backward: int = 0
    sources: int = 0
    counting: int = 0  # shuffles for ``components`` and ``condensation_edges``
    phases: int = 0
    finish_edges: int = 0  # edges gathered for the serial finish
    messages: int = 0  # message rows shuffled by the propagation rounds
    per_phase: list[tuple[int, int]] = field(default_factory=list)  # (forward, backward)
    progress: Callable[[str], None] | None = None  # told after every round

    def tell(self, what: str, changed: int) -> None:
        """Report a finished round to :attr:`progress` (if any)."""
        if self.progress is not None:
            self.progress(
                f"{what} round: {changed} changed; {self.forward} forward,"
                f" {self.backward} backward so far; {self.messages} message rows"
            )

    @property
    def propagation(self) -> int:
        """Forward plus backward rounds (the ones whose number depends on the graph)."""
        return self.forward + self.backward

    @property
    def shuffles(self) -> int:
        """Every shuffle of the run."""
        return self.keying + self.trim + self.forward + self.backward + self.sources + self.counting

    def as_dict(self) -> dict[str, Any]:
        """For the JSON certificate and the bench."""
        return {
            "keying": self.keying,
            "trim": self.trim,
            "forward": self.forward,
            "backward": self.backward,
            "sources": self.sources,
            "counting": self.counting,
            "shuffles": self.shuffles,
            "phases": self.phases,
            "message_rows": self.messages,
            "finish_edges": self.finish_edges,
        }


@dataclass(frozen=True)
class Graph:
    """The keyed graph on the cluster, co-partitioned (``P`` partitions).

    ``edges``: ``s, d`` hash-partitioned by ``s``; ``nodes``: ``id, name``
    hash-partitioned by ``id``; persisted. ``n`` nodes, ``m`` edges.
    """

    edges: Any
    nodes: Any
    n: int
    m: int
    partitions: int


@dataclass(frozen=True)
class Sources:
    """The source components found on the cluster, gathered on the client.

    ``labels``, ``ids`` and ``sizes`` are numpy arrays over rows sorted by
    ``(label, id)``: for every source component its first ``keep`` members
    (all of them when ``keep`` is None), each row with the component's size.
    ``labels_frame`` is the Dask frame of every node's label (``id, label``;
    -1 = not decomposed yet), for the counts of the certificate.
    """

    labels: Any
    ids: Any
    sizes: Any
    labels_frame: Any


# --- partition-local steps (run on the workers; pandas) --------------------------------


def _misaligned(what: str) -> ClusterError:
    return ClusterError(
        f"internal: a {what} message reached a partition that does not hold its node"
        " (the cluster's partitioning differs); no answer"
    )


def _in_degree(edges: Any) -> Any:
    """Heads entered by another node: ``v`` (unique in the partition)."""
    import pandas as pd  # noqa: PLC0415

    d = edges["d"][edges["s"] != edges["d"]].drop_duplicates()
    return pd.DataFrame({"v": d.to_numpy()})


def _start(nodes: Any, entered: Any) -> Any:
    """Colour table of the nodes left after the trim: ``id, color, changed, recv``."""
    import numpy as np  # noqa: PLC0415
    import pandas as pd  # noqa: PLC0415

    ids = nodes["id"].to_numpy()
    got = entered["v"].to_numpy()
    if not np.isin(got, ids).all():
        raise _misaligned("trim")
    keep = ids[np.isin(ids, got)]
    return pd.DataFrame({"id": keep, "color": keep, "changed": np.ones(keep.size, bool), "recv": 0})


def _residual_edges(edges: Any, colors: Any) -> Any:
    """Edges between two nodes left after the trim (tail in this partition), no self-loops."""
    e = edges[edges["s"] != edges["d"]]
    return e[e["s"].isin(colors["id"])]


def _push(edges: Any, front: Any) -> Any:
    """Forward messages ``v, color``: each frontier node's colour along its out-edges,
    reduced to the largest per head within the partition."""
    j = edges.merge(front[["id", "color"]], left_on="s", right_on="id", how="inner")
    out = j.groupby("d", sort=False)["color"].max()
    return out.rename_axis("v").reset_index()


def _received(out: Any, msgs: Any) -> Any:
    """Count the partition's message rows once (on its first row) for the report."""
    out["recv"] = 0
    if len(out):
        out.iloc[0, out.columns.get_loc("recv")] = len(msgs)
    return out


def _raise(colors: Any, msgs: Any) -> Any:
    """Keep the largest colour; ``changed`` marks the nodes whose colour rose."""
    import numpy as np  # noqa: PLC0415

    best = msgs.groupby("v", sort=False)["color"].max()
    ids = colors["id"].to_numpy()
    if not best.index.isin(ids).all():
        raise _misaligned("forward")
    cand = best.reindex(ids, fill_value=-1).to_numpy()
    old = colors["color"].to_numpy()
    out = colors.copy()
    out["changed"] = cand > old
    out["color"] = np.maximum(old, cand)
    return _received(out, msgs)


def _roots(colors: Any) -> Any:
    """Reach table: ``id, color, reached, changed, recv`` with the roots reached."""
    out = colors[["id", "color"]].copy()
    out["reached"] = out["id"] == out["color"]
    out["changed"] = out["reached"]
    out["recv"] = 0
    return out


def _pull(rev: Any, front: Any) -> Any:
    """Backward messages ``v, color``: to the tails of edges into newly reached nodes."""
    j = rev.merge(front[["id", "color"]], left_on="d", right_on="id", how="inner")
    return j[["s", "color"]].drop_duplicates().rename(columns={"s": "v"})


def _reach(reach: Any, msgs: Any) -> Any:
    """A node of the message's colour is reached; ``changed`` marks the new ones."""
    import numpy as np  # noqa: PLC0415

    ids = reach["id"].to_numpy()
    if not msgs["v"].isin(ids).all():
        raise _misaligned("backward")
    hit = msgs.merge(reach[["id", "color"]], left_on=["v", "color"], right_on=["id", "color"])
    new = np.isin(ids, hit["v"].to_numpy()) & ~reach["reached"].to_numpy()
    out = reach.copy()
    out["changed"] = new
    out["reached"] = reach["reached"].to_numpy() | new
    return _received(out, msgs)


def _crossing(reach: Any, msgs: Any) -> Any:
    """``v``: the colours of backward messages whose tail has another colour (each such
    edge enters the component of that colour from outside); distinct."""
    import pandas as pd  # noqa: PLC0415

    j = msgs.merge(reach[["id", "color"]], left_on="v", right_on="id", suffixes=("", "_v"))
    c = j["color"][j["color"] != j["color_v"]].drop_duplicates()
    return pd.DataFrame({"v": c.to_numpy()})


def _trimmed_heads(edges: Any, reach: Any) -> Any:
    """``v``: heads of the edges leaving trimmed nodes (tails not in the reach table)."""
    import pandas as pd  # noqa: PLC0415

    e = edges[edges["s"] != edges["d"]]
    d = e["d"][~e["s"].isin(reach["id"])].drop_duplicates()
    return pd.DataFrame({"v": d.to_numpy()})


def _reached_colours(reach: Any, heads: Any) -> Any:
    """``v``: the colours of the found nodes among ``heads`` (their components are entered)."""
    import pandas as pd  # noqa: PLC0415

    r = reach.set_index("id")
    if not heads["v"].isin(r.index).all():
        raise _misaligned("trimmed")
    got = r.loc[heads["v"].to_numpy()]
    c = got["color"][got["reached"]].drop_duplicates()
    return pd.DataFrame({"v": c.to_numpy()})


def _label(nodes: Any, reach: Any) -> Any:
    """Every node's label: its own id if trimmed, its colour if found, -1 otherwise."""
    import numpy as np  # noqa: PLC0415
    import pandas as pd  # noqa: PLC0415

    ids = nodes["id"].to_numpy()
    r = reach.set_index("id")
    if not r.index.isin(ids).all():
        raise _misaligned("label")
    lab = np.where(r["reached"].to_numpy(), r["color"].to_numpy(), -1)
    out = pd.Series(ids, index=ids)  # trimmed: own id
    out.loc[r.index.to_numpy()] = lab
    return pd.DataFrame({"id": ids, "label": out.to_numpy()})


def _tail_labels(edges: Any, labels: Any) -> Any:
    """``v, ls``: each head with the labels of the other nodes entering it (distinct)."""
    e = edges[edges["s"] != edges["d"]]
    j = e.merge(labels, left_on="s", right_on="id", how="inner")
    return j[["d", "label"]].drop_duplicates().rename(columns={"d": "v", "label": "ls"})


def _entered(labels: Any, roots: Any) -> Any:
    """``label, id, entered``: labelled nodes; a root is marked if its component is
    entered (``roots``: the colours some edge enters, sent to the roots' partitions)."""
    import numpy as np  # noqa: PLC0415

    ids = labels["id"].to_numpy()
    if not roots["v"].isin(ids).all():
        raise _misaligned("entered")
    out = labels[labels["label"] >= 0].copy()
    out["entered"] = np.isin(out["id"].to_numpy(), roots["v"].to_numpy())
    return out[["label", "id", "entered"]]


def _partial(found: Any, keep: int) -> Any:
    """``label, id, size, entered`` of one partition's labelled nodes: for each label, its
    first ``keep`` ids here, the count here on the first of them (0 on the others), and
    ``entered`` if an entered mark is among its nodes here. A few rows a label, so the
    largest component is never gathered into one partition."""
    import numpy as np  # noqa: PLC0415

    s = found.sort_values(["label", "id"])
    g = s.groupby("label", sort=False)
    rank = g.cumcount().to_numpy()
    out = s.assign(
        size=np.where(rank == 0, g["id"].transform("size").to_numpy(), 0),
        entered=g["entered"].transform("any").to_numpy(),
    )
    return out[rank < keep][["label", "id", "size", "entered"]]


def _combine(parts: Any, keep: int) -> Any:
    """The source components among the partials of their labels (all in this partition):
    ``label, id, size`` for the first ``keep`` members by id, with the whole size."""
    g = parts.groupby("label", sort=False)
    entered = g["entered"].transform("any").to_numpy()
    s = parts.assign(size=g["size"].transform("sum").to_numpy())[~entered]
    s = s.sort_values(["label", "id"])
    s = s[s.groupby("label").cumcount() < keep]
    return s[["label", "id", "size"]]


def _members(found: Any, labels: Any) -> Any:
    """``label, id`` of the nodes of this partition whose label is in ``labels``."""
    return found[found["label"].isin(labels)][["label", "id"]]


# --- the rounds -------------------------------------------------------------------------


Persist = Callable[[Any], Any]
Compute = Callable[..., Any]


@dataclass(frozen=True)
class Cluster:
    """How to run on the cluster: persist a collection, compute values (``client``)."""

    persist: Persist
    compute: Compute


def _shuffle(frame: Any, on: str, parts: int) -> Any:
    return frame.shuffle(on=on, npartitions=parts)


def _pair(func: Any, a: Any, b: Any, meta: Any) -> Any:
    import dask.dataframe as dd  # noqa: PLC0415

    return dd.map_partitions(  # type: ignore[no-untyped-call]
        func, a, b, meta=meta, align_dataframes=False, enforce_metadata=False
    )


def _meta(**cols: Any) -> Any:
    import pandas as pd  # noqa: PLC0415

    return pd.DataFrame({k: pd.Series([], dtype=v) for k, v in cols.items()})


def _phase(
    run: Cluster,
    nodes: Any,
    edges: Any,
    parts: int,
    rounds: Rounds,
    *,
    crossings: list[Any] | None = None,
) -> Any:
    """Steps 1–3 on ``nodes`` (``id``) and the edges among them (by tail): the reach
    table of the nodes left after the trim (``id, color, reached``).

    ``crossings``: if given, each backward round appends the colours its messages
    show entered from another colour (step 4 (b)), persisted.
    """
    i8, b1 = "int64", "bool"
    entered = _shuffle(edges.map_partitions(_in_degree, meta=_meta(v=i8)), "v", parts)
    colors = run.persist(_pair(_start, nodes, entered, _meta(id=i8, color=i8, changed=b1, recv=i8)))
    rounds.trim += 1
    live = run.persist(_pair(_residual_edges, edges, colors, _meta(s=i8, d=i8)))
    forward = backward = 0
    front = colors
    while True:  # never stop while a colour changed
        msgs = _shuffle(_pair(_push, live, front, _meta(v=i8, color=i8)), "v", parts)
        colors = run.persist(
            _pair(_raise, colors, msgs, _meta(id=i8, color=i8, changed=b1, recv=i8))
        )
        changed, recv = run.compute(colors["changed"].sum(), colors["recv"].sum())
        forward += 1
        rounds.messages += int(recv)
        rounds.forward += 1
        rounds.tell("forward", int(changed))
        if int(changed) == 0:
            break
        front = colors[colors["changed"]]
    rev = run.persist(_shuffle(live, "d", parts))
    reach = run.persist(
        colors.map_partitions(_roots, meta=_meta(id=i8, color=i8, reached=b1, changed=b1, recv=i8))
    )
    front = reach[reach["changed"]]
    while True:
        msgs = _shuffle(_pair(_pull, rev, front, _meta(v=i8, color=i8)), "v", parts)
        if crossings is not None:
            msgs = run.persist(msgs)  # read twice: the reach and the crossings
            crossings.append(run.persist(_pair(_crossing, reach, msgs, _meta(v=i8))))
        reach = run.persist(
            _pair(_reach, reach, msgs, _meta(id=i8, color=i8, reached=b1, changed=b1, recv=i8))
        )
        changed, recv = run.compute(reach["changed"].sum(), reach["recv"].sum())
        backward += 1
        rounds.messages += int(recv)
        rounds.backward += 1
        rounds.tell("backward", int(changed))
        if int(changed) == 0:
            break
        front = reach[reach["changed"]]
    rounds.phases += 1
    rounds.per_phase.append((forward, backward))
    return reach


def find_sources(run: Cluster, graph: Graph, keep: int | None, rounds: Rounds) -> Sources:
    """Steps 1–4: every source component, its size and its first ``keep`` members by id.

    Proof in the module docstring. The members come to the client (``keep=None``:
    all, for choosing the cheapest by cost); everything else stays on the cluster.
    """
    import dask.dataframe as dd  # noqa: PLC0415
    import numpy as np  # noqa: PLC0415

    i8, b1, parts = "int64", "bool", graph.partitions
    ids = graph.nodes[["id"]]
    crossings: list[Any] = []
    reach = _phase(run, ids, graph.edges, parts, rounds, crossings=crossings)
    labels = run.persist(_pair(_label, ids, reach, _meta(id=i8, label=i8)))
    heads = _shuffle(_pair(_trimmed_heads, graph.edges, reach, _meta(v=i8)), "v", parts)
    crossings.append(_pair(_reached_colours, reach, heads, _meta(v=i8)))
    roots = _shuffle(dd.concat(crossings), "v", parts)  # type: ignore[no-untyped-call]
    if keep is None:  # ``found`` is read twice (summaries, then members): shuffle once
        roots = run.persist(roots)
    found = _pair(_entered, labels, roots, _meta(label=i8, id=i8, entered=b1))
    first = 1 if keep is None else keep
    partial = found.map_partitions(
        _partial, first, meta=_meta(label=i8, id=i8, size=i8, entered=b1)
    )
    summary = _shuffle(partial, "label", parts).map_partitions(
        _combine, first, meta=_meta(label=i8, id=i8, size=i8)
    )
    rounds.sources += 3
    (table,) = run.compute(summary)
    if keep is None:  # every member of the source components, for the cheapest by cost
        size = dict(zip(table["label"].tolist(), table["size"].tolist(), strict=True))
        want = np.fromiter(size, dtype=np.int64, count=len(size))
        (table,) = run.compute(found.map_partitions(_members, want, meta=_meta(label=i8, id=i8)))
        table = table.assign(size=table["label"].map(size).astype(np.int64))
    table = table.sort_values(["label", "id"], kind="stable")
    return Sources(
        labels=table["label"].to_numpy(np.int64),
        ids=table["id"].to_numpy(np.int64),
        sizes=table["size"].to_numpy(np.int64),
        labels_frame=labels,
    )


def _unlabelled_tails(edges: Any, labels: Any) -> Any:
    """Edges whose tail is not decomposed yet (tail in this partition), no self-loops."""
    e = edges[edges["s"] != edges["d"]]
    return e[e["s"].isin(labels["id"][labels["label"] < 0])]


def _unlabelled_heads(labels: Any, edges: Any) -> Any:
    """Of edges by head, those whose head is not decomposed yet either."""
    return edges[edges["d"].isin(labels["id"][labels["label"] < 0])]


def _relabel(labels: Any, new: Any) -> Any:
    """Labels updated by ``new`` (``id, label``) for nodes of this partition."""
    import numpy as np  # noqa: PLC0415

    ids = labels["id"].to_numpy()
    if not new["id"].isin(ids).all():
        raise _misaligned("relabel")
    out = labels.copy()
    pos = np.searchsorted(ids, new["id"].to_numpy(), sorter=np.argsort(ids))
    order = np.argsort(ids)
    lab = out["label"].to_numpy().copy()
    lab[order[pos]] = new["label"].to_numpy()
    out["label"] = lab
    return out


def _phase_labels(nodes: Any, reach: Any) -> Any:
    """Labels a phase found for the nodes ``id`` it ran on (trimmed: own id)."""
    return _label(nodes, reach)


def _pairs(labels: Any, msgs: Any) -> Any:
    """``ls, ld``: distinct label pairs of edges between different components."""
    if not msgs["v"].isin(labels["id"]).all():
        raise _misaligned("condensation")
    j = msgs.merge(labels, left_on="v", right_on="id")
    j = j[j["ls"] != j["label"]]
    return j[["ls", "label"]].rename(columns={"label": "ld"}).drop_duplicates()


def _distinct(pairs: Any) -> Any:
    import pandas as pd  # noqa: PLC0415

    return pd.DataFrame({"k": [len(pairs.drop_duplicates())]})


def count_components(
    run: Cluster, graph: Graph, sources: Sources, finish_edges: int, rounds: Rounds
) -> tuple[int, int]:
    """``(components, condensation_edges)`` of the whole graph.

    The nodes left unlabelled by :func:`find_sources` are decomposed by more
    phases (Orzan) until their edges number at most ``finish_edges``, which are
    gathered and finished by the one-machine kernel (Multistep). Then each
    edge's two labels are joined and the distinct pairs counted.
    """
    import dask.dataframe as dd  # noqa: PLC0415
    import numpy as np  # noqa: PLC0415
    import pandas as pd  # noqa: PLC0415

    from proofgrid.graph import sparse  # noqa: PLC0415

    i8, parts = "int64", graph.partitions
    labels = sources.labels_frame
    while True:
        left = run.persist(labels[labels["label"] < 0][["id"]])
        by_head = _shuffle(
            _pair(_unlabelled_tails, graph.edges, labels, _meta(s=i8, d=i8)), "d", parts
        )
        inner = run.persist(_pair(_unlabelled_heads, labels, by_head, _meta(s=i8, d=i8)))
        rounds.counting += 1
        n_left, m_left = run.compute(left.shape[0], inner.shape[0])
        if int(n_left) == 0:
            break
        if int(m_left) <= finish_edges:
            e, v = run.compute(inner, left)
            ids = np.sort(v["id"].to_numpy(np.int64))
            s = np.searchsorted(ids, e["s"].to_numpy(np.int64))
            d = np.searchsorted(ids, e["d"].to_numpy(np.int64))
            cert = sparse.par_certificate(s, d, int(ids.size), None)
            comp = np.asarray(cert.labels, dtype=np.int64)
            rep = np.full(int(cert.n_components), -1, dtype=np.int64)
            np.maximum.at(rep, comp, ids)  # a member's id names its component
            new = pd.DataFrame({"id": ids, "label": rep[comp]})
            rounds.finish_edges += int(m_left)
            rounds.counting += 1
            upload = _shuffle(
                dd.from_pandas(new, npartitions=max(1, parts)),  # type: ignore[no-untyped-call]
                "id",
                parts,
            )
            labels = run.persist(_pair(_relabel, labels, upload, _meta(id=i8, label=i8)))
            break
        tails = run.persist(_shuffle(inner, "s", parts))
        rounds.counting += 1
        reach = _phase(run, left, tails, parts, rounds)
        found = _pair(_phase_labels, left, reach, _meta(id=i8, label=i8))
        labels = run.persist(_pair(_relabel, labels, found, _meta(id=i8, label=i8)))
    is_root = labels["id"] == labels["label"]
    msgs = _shuffle(_pair(_tail_labels, graph.edges, labels, _meta(v=i8, ls=i8)), "v", parts)
    pairs = _shuffle(_pair(_pairs, labels, msgs, _meta(ls=i8, ld=i8)), "ld", parts)
    counts = pairs.map_partitions(_distinct, meta=_meta(k=i8))
    rounds.counting += 2
    components, edges = run.compute(is_root.sum(), counts["k"].sum())
    return int(components), int(edges)
