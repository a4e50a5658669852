"""The coloring algorithm of :mod:`proofgrid.par.cluster` on random graphs, in process.

Dask's synchronous scheduler runs exactly the rounds a cluster runs (the same
partition-local steps, the same hash shuffles), without processes, so hypothesis
can afford many graphs. Oracles: the one-machine :func:`proofgrid.par.par` (par,
seeds and their order, cost, every source component, ``components`` and
``condensation_edges`` of its certificate) and networkx's condensation (par and
the minimum cost, computed independently).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import dask
import dask.dataframe as dd
import networkx as nx
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from proofgrid.par import ParInputError, par
from proofgrid.par.cluster import Cluster, Rounds
from proofgrid.par.cluster_read import ClusterInputError
from proofgrid.par.cluster_run import frame_graph, solve
from tests.strategies import cost_maps, edge_rows


def _sync() -> Cluster:
    return Cluster(
        persist=lambda x: x.persist(scheduler="sync"),
        compute=lambda *xs: dask.compute(*xs, scheduler="sync"),
    )


def _cluster_answer(
    rows: list[tuple[Any, Any]],
    parts: int,
    threads: int,
    costs: dict[Any, str] | None,
    finish: int = 10**6,
) -> tuple[Any, Rounds]:
    df = pd.DataFrame(rows, columns=["src", "dst"])
    with dask.config.set({"dataframe.shuffle.method": "tasks"}):
        run = _sync()
        graph, _ = frame_graph(run, dd.from_pandas(df, npartitions=parts), None, threads)
        rounds = Rounds()
        res = solve(
            run,
            graph,
            costs=costs,
            members_limit=10**6,
            counts=True,
            finish_edges=finish,
            rounds=rounds,
        )
    return res, rounds


def _networkx(rows: list[tuple[Any, Any]], costs: dict[Any, str] | None) -> tuple[int, Decimal]:
    g = nx.DiGraph()
    g.add_edges_from(rows)
    c = nx.condensation(g)
    par_, total = 0, Decimal(0)
    for comp in c.nodes:
        if c.in_degree(comp) == 0:
            par_ += 1
            members = c.nodes[comp]["members"]
            total += min(Decimal((costs or {}).get(v, "1")) for v in members)
    return par_, total


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=edge_rows(ints=True, isolated=False, max_rows=30) | edge_rows(isolated=False),
    parts=st.integers(1, 4),
    threads=st.integers(1, 3),
    data=st.data(),
)
def test_random_graphs_agree_with_one_machine_and_networkx(
    rows: list[tuple[Any, Any]], parts: int, threads: int, data: st.DataObject
) -> None:
    if not rows:
        return
    nodes = sorted({v for r in rows for v in r}, key=str)
    costs = data.draw(st.none() | cost_maps(nodes))
    finish = data.draw(st.sampled_from([0, 4, 10**6]))  # 0: decompose by phases only
    res, rounds = _cluster_answer(rows, parts, threads, costs, finish)
    one = par(pd.DataFrame(rows, columns=["src", "dst"]), costs=costs)
    names = [res.names[s] for s in res.seeds]
    assert tuple(names) == one.seeds
    cost = (
        res.cost
        if res.costs is None or not res.costs.scale
        else Decimal(res.cost).scaleb(-res.costs.scale)
    )
    assert cost == one.cost
    comps = [tuple(res.names[v] for v in m) for m in res.members]
    assert comps == list(one.source_components())
    assert res.sizes == [len(c) for c in comps]
    cert = one.certificate()
    assert res.components == cert["components"]
    assert res.condensation_edges == cert["condensation_edges"]
    assert (len(res.seeds), cost) == _networkx(rows, costs)
    assert rounds.forward >= 1 and rounds.backward >= 1  # a fixpoint is always confirmed


def test_long_chain_needs_a_round_per_link() -> None:
    """A path 0 -> 1 -> ... -> 9 closed into a cycle: colour 9 must travel the whole
    cycle, so forward propagation takes ~10 rounds, and stopping early would be wrong."""
    rows = [(i, (i + 1) % 10) for i in range(10)] + [(10, 0)]
    res, rounds = _cluster_answer(rows, 2, 1, None)
    assert [res.names[s] for s in res.seeds] == [10]
    assert rounds.forward >= 9


def test_components_by_phases_alone() -> None:
    """Cycles downstream of the node with the largest id take its colour and hold no
    root, so with no serial finish later phases (Orzan) must decompose them; counts
    against the one machine."""
    rows = [(0, 1), (1, 0), (4, 5), (5, 4), (2, 3), (3, 2), (3, 4), (2, 0), (5, 0)]
    res, rounds = _cluster_answer(rows, 2, 1, None, finish=0)
    cert = par(pd.DataFrame(rows, columns=["src", "dst"])).certificate()
    assert (res.components, res.condensation_edges) == (
        cert["components"],
        cert["condensation_edges"],
    )
    assert rounds.phases >= 2


def test_strongly_connected_graph_is_one_source() -> None:
    rows = [(i, (i + 1) % 50) for i in range(50)] + [(i, (i * 7) % 50) for i in range(50)]
    res, _ = _cluster_answer(rows, 3, 2, {0: "5", 17: "0.5"})
    assert [res.names[s] for s in res.seeds] == [17]
    assert res.sizes == [50] and res.components == 1


def test_nulls_in_a_frame_are_one_line() -> None:
    df = pd.DataFrame({"src": ["a", None, "c"], "dst": ["b", "c", "a"]})
    with pytest.raises(
        ClusterInputError, match=r"partition 0: row 2: null or empty cell in column 'src'"
    ):
        _sync_graph(df)


def test_mixed_column_types_are_refused() -> None:
    df = pd.DataFrame({"src": [1, 2], "dst": ["a", "b"]})
    with pytest.raises(ParInputError, match="mixed types"):
        _sync_graph(df)


def _sync_graph(df: pd.DataFrame) -> Any:
    with dask.config.set({"dataframe.shuffle.method": "tasks"}):
        return frame_graph(_sync(), dd.from_pandas(df, npartitions=2), None, 1)


def test_with_costs_the_entered_colours_are_shuffled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """With costs the found nodes are read twice (the summaries, then every member of
    the source components); the entered colours behind them are made once, as without
    costs, not once a read (the shuffles of the trimmed heads and crossing colours ran
    twice). The answer is networkx's either way."""
    from proofgrid.par import cluster  # noqa: PLC0415

    rows = [(i, (i * 7 + 3) % 40) for i in range(40)] + [(40 + i, i) for i in range(5)]
    calls: list[int] = []
    real = cluster._trimmed_heads

    def counted(edges: Any, reach: Any) -> Any:
        calls.append(1)
        return real(edges, reach)

    monkeypatch.setattr(cluster, "_trimmed_heads", counted)
    made = []
    for costs in (None, {v: str(v % 3 + 1) for v in range(45)}):
        calls.clear()
        res, _ = _cluster_answer(rows, 3, 1, costs)
        made.append(len(calls))
        assert (len(res.seeds), Decimal(res.cost)) == _networkx(rows, costs)
    assert made[0] > 0 and made[1] == made[0], made
