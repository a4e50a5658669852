"""The compiled par kernel vs the pure-Python path vs networkx (the oracle).

For random digraphs (self-loops and repeated edges included, which scipy's
strong-components routine mishandles unless the CSR is canonical) both engines
must give the same seeds, cost, component partition and condensation-edge
count, and these must match networkx's condensation; the min-cost seed set is
checked against the cheapest member of every networkx source component, and
the BFS check against networkx descendants.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.graph.sparse import (
    Engine,
    ParCertificate,
    condensation_edge_count,
    par_certificate,
    source_members,
    unreached,
)
from proofgrid.rng import SplitMix64

Graph = tuple[int, list[tuple[int, int]]]


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 14) -> Graph:
    n = draw(st.integers(0, max_nodes))
    if n == 0:
        return 0, []
    node = st.integers(0, n - 1)
    return n, draw(st.lists(st.tuples(node, node), max_size=3 * n))


def arrays(edges: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    if not edges:
        return np.zeros(0, np.int32), np.zeros(0, np.int32)
    a = np.array(edges, dtype=np.int32)
    return a[:, 0].copy(), a[:, 1].copy()


def par_python(
    src: np.ndarray, dst: np.ndarray, n: int, costs: np.ndarray | None = None
) -> ParCertificate:
    """The certificate by the Tarjan kernel of :func:`proofgrid.graph.scc.par`."""
    return par_certificate(src, dst, n, costs, engine=Engine.PYTHON)


def par_compiled(
    src: np.ndarray,
    dst: np.ndarray,
    n: int,
    costs: np.ndarray | None = None,
    *,
    condensation_edges: bool = False,
) -> ParCertificate:
    """The certificate by the scipy kernel of :func:`proofgrid.graph.scc.par`."""
    return par_certificate(
        src, dst, n, costs, engine=Engine.COMPILED, condensation_edges=condensation_edges
    )


def nx_facts(n: int, edges: list[tuple[int, int]]) -> tuple[nx.DiGraph, list[set[int]], int]:
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    G.add_edges_from(edges)
    C = nx.condensation(G)
    sources = [set(C.nodes[c]["members"]) for c in C if C.in_degree(c) == 0]
    return G, sources, C.number_of_edges()


def partition(labels: np.ndarray) -> set[frozenset[int]]:
    groups: dict[int, set[int]] = {}
    for v, c in enumerate(labels.tolist()):
        groups.setdefault(c, set()).add(v)
    return {frozenset(g) for g in groups.values()}


@settings(max_examples=700, deadline=None)
@given(graphs(), st.data())
def test_engines_agree_with_each_other_and_networkx(g: Graph, data: st.DataObject) -> None:
    n, edges = g
    src, dst = arrays(edges)
    costs = None
    if n and data.draw(st.booleans()):
        costs = np.array(data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)))
    py = par_python(src, dst, n, costs)
    cc = par_compiled(src, dst, n, costs, condensation_edges=True)
    # The engines agree exactly (same tie-break: cheapest, then smallest id).
    assert py.seeds.tolist() == cc.seeds.tolist()
    assert py.cost == cc.cost and py.n_components == cc.n_components
    assert py.condensation_edges == cc.condensation_edges
    assert partition(py.labels) == partition(cc.labels)
    # ... and match networkx's condensation.
    G, sources, n_cond_edges = nx_facts(n, edges)
    assert cc.par == len(sources)
    assert cc.n_components == nx.number_strongly_connected_components(G)
    assert cc.condensation_edges == n_cond_edges
    assert condensation_edge_count(py.labels, src, dst, py.n_components) == n_cond_edges
    seeds = cc.seeds.tolist()
    assert seeds == sorted(seeds)
    # One seed in every source component, the cheapest (ties to the smallest id).
    for comp in sources:
        inside = [s for s in seeds if s in comp]
        assert len(inside) == 1
        assert inside[0] == min(comp, key=lambda v: (1 if costs is None else int(costs[v]), v))
    expected_cost = len(sources) if costs is None else sum(int(costs[s]) for s in seeds)
    assert cc.cost == expected_cost
    # The seeds reach everything (networkx descendants), and both checks say so.
    reach = set(seeds).union(*(nx.descendants(G, s) for s in seeds)) if seeds else set()
    assert reach == set(range(n))
    for engine in (Engine.PYTHON, Engine.COMPILED):
        assert unreached(src, dst, n, cc.seeds, engine=engine).size == 0


@settings(max_examples=300, deadline=None)
@given(graphs(), st.data())
def test_unreached_matches_networkx_for_any_seed_set(g: Graph, data: st.DataObject) -> None:
    n, edges = g
    if n == 0:
        return
    src, dst = arrays(edges)
    seeds = data.draw(st.lists(st.integers(0, n - 1), max_size=4))
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    G.add_edges_from(edges)
    reach = set(seeds).union(*(nx.descendants(G, s) for s in seeds)) if seeds else set()
    expected = sorted(set(range(n)) - reach)
    for engine in (Engine.PYTHON, Engine.COMPILED):
        assert unreached(src, dst, n, np.array(seeds, dtype=np.int64), engine=engine).tolist() == (
            expected
        )


@settings(max_examples=200, deadline=None)
@given(graphs(), st.integers(0, 4))
def test_source_members(g: Graph, limit: int) -> None:
    n, edges = g
    src, dst = arrays(edges)
    cert = par_compiled(src, dst, n)
    _, sources, _ = nx_facts(n, edges)
    got = source_members(cert, limit)
    assert len(got) == cert.par
    for seed, (members, size) in zip(cert.seeds.tolist(), got, strict=True):
        comp = next(c for c in sources if seed in c)
        assert size == len(comp)
        assert members.tolist() == sorted(comp)[:limit]


def test_larger_random_graphs_agree() -> None:
    """A few thousand-node graphs from proofgrid.rng: both engines and networkx."""
    for seed in range(4):
        rng = SplitMix64(seed)
        n = 3000
        edges = [(rng.below(n), rng.below(n)) for _ in range(4000 + 500 * seed)]
        src, dst = arrays(edges)
        py, cc = par_python(src, dst, n), par_compiled(src, dst, n, condensation_edges=True)
        assert py.seeds.tolist() == cc.seeds.tolist()
        _, sources, n_cond_edges = nx_facts(n, edges)
        assert cc.par == len(sources) and cc.condensation_edges == n_cond_edges


def test_duplicate_edges_do_not_hang_the_compiled_kernel() -> None:
    """Regression: scipy's strong components looped on a CSR with duplicates."""
    rng = np.random.default_rng(1)
    src = rng.integers(0, 1000, 5000).astype(np.int32)
    dst = rng.integers(0, 1000, 5000).astype(np.int32)
    src, dst = np.concatenate([src, src]), np.concatenate([dst, dst])
    edges = list(zip(src.tolist(), dst.tolist(), strict=True))
    assert par_compiled(src, dst, 1000).par == len(nx_facts(1000, edges)[1])


def test_auto_engine_switches_on_size() -> None:
    src, dst = arrays([(0, 1)])
    assert par_certificate(src, dst, 2).engine is Engine.PYTHON
    n = 30_000
    assert par_certificate(np.zeros(0, np.int32), np.zeros(0, np.int32), n).engine is (
        Engine.COMPILED
    )
    big = par_certificate(np.zeros(0, np.int32), np.zeros(0, np.int32), n)
    assert big.par == n  # isolated nodes are each their own source


def test_empty_graph() -> None:
    empty = np.zeros(0, np.int32)
    for cert in (par_python(empty, empty, 0), par_compiled(empty, empty, 0)):
        assert cert.par == 0 and cert.cost == 0 and cert.n_components == 0
    assert unreached(empty, empty, 0, []).size == 0


def test_bad_arrays_raise() -> None:
    with pytest.raises(ValueError, match=r"0 \.\. 1"):
        par_compiled(np.array([0]), np.array([2]), 2)
    with pytest.raises(ValueError, match="equal length"):
        par_compiled(np.array([0, 1]), np.array([1]), 2)
    with pytest.raises(ValueError, match="seeds"):
        unreached(np.array([0]), np.array([1]), 2, [5])


def test_costs_are_exact_python_ints() -> None:
    big = 2**61
    src, dst = arrays([(0, 1), (2, 3), (4, 5)])
    costs = np.array([big, 1, big, 1, big, 1], dtype=np.int64)
    for cert in (par_python(src, dst, 6, costs), par_compiled(src, dst, 6, costs)):
        assert cert.cost == 3 * big  # exceeds int64: summed exactly


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-(2**62), 2**62) | st.integers(0, 20), max_size=60),
    st.sampled_from([1, 2, 7, 1 << 18]),
)
def test_distinct_is_numpys_unique(values: list[int], pair_sort: int) -> None:
    """:func:`proofgrid.graph.compiled.distinct` against ``np.unique``, sorting on one
    thread or (from ``pair_sort`` keys on) two halves on two threads, then merged."""
    from proofgrid.graph import compiled  # noqa: PLC0415

    key = np.array(values, dtype=np.int64)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(compiled, "_PAIR_SORT", pair_sort)
        got = compiled.distinct(key.copy())
    assert got.tolist() == np.unique(key).tolist()
