"""proofgrid.graph.scc against networkx and a naive mutual-reachability oracle.

The one par function is checked with both SCC kernels (pure-Python Tarjan and
scipy's compiled routine) against each other and against networkx
(``nx.condensation``, counting in-degree-0 nodes).
"""

from __future__ import annotations

from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.graph import KERNELS, Arcs, bfs_depths, condensation, par, reachable, tarjan_scc
from tests.strategies import digraphs


def _closure(succ: list[list[int]]) -> list[set[int]]:
    """Naive transitive closure: DFS from every node (the oracle)."""
    out = []
    for s in range(len(succ)):
        seen = {s}
        todo = [s]
        while todo:
            v = todo.pop()
            for w in succ[v]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        out.append(seen)
    return out


def _nx(succ: list[list[int]]) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(range(len(succ)))
    g.add_edges_from((v, w) for v, heads in enumerate(succ) for w in heads)
    return g


@settings(max_examples=400)
@given(digraphs(max_nodes=9))
def test_scc_is_mutual_reachability(succ: list[list[int]]) -> None:
    labels, count = tarjan_scc(succ)
    reach = _closure(succ)
    assert sorted(set(labels)) == list(range(count))
    for a, b in combinations(range(len(succ)), 2):
        mutual = b in reach[a] and a in reach[b]
        assert (labels[a] == labels[b]) == mutual


@settings(max_examples=1500)
@given(digraphs(max_nodes=40))
def test_condensation_matches_networkx(succ: list[list[int]]) -> None:
    g = _nx(succ)
    cond = condensation(succ)
    expected = {frozenset(c) for c in nx.strongly_connected_components(g)}
    assert {frozenset(m) for m in cond.members()} == expected
    ncond = nx.condensation(g)
    assert len(cond.edges) == ncond.number_of_edges()
    # Reverse topological numbering: every condensation edge goes to a smaller label.
    assert all(b < a for a, b in cond.edges)
    nx_sources = {frozenset(ncond.nodes[c]["members"]) for c in ncond if ncond.in_degree(c) == 0}
    members = cond.members()
    assert {frozenset(members[c]) for c in cond.sources} == nx_sources


@settings(max_examples=300)
@given(digraphs(max_nodes=8))
def test_par_is_the_minimum_by_brute_force(succ: list[list[int]]) -> None:
    n = len(succ)
    result = par(succ)
    assert reachable(succ, result.seeds) == set(range(n))
    assert len({condensation(succ).labels[s] for s in result.seeds}) == result.par
    # No smaller seed set reaches everything (exhaustive).
    for k in range(result.par):
        for subset in combinations(range(n), k):
            assert reachable(succ, subset) != set(range(n))


@settings(max_examples=300)
@given(digraphs(max_nodes=12), st.data())
def test_par_with_costs_is_cheapest_per_source(succ: list[list[int]], data: st.DataObject) -> None:
    n = len(succ)
    costs = data.draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
    result = par(succ, costs)
    cond = condensation(succ)
    members = cond.members()
    expected = sum(min(costs[v] for v in members[c]) for c in cond.sources)
    assert result.cost == expected
    assert reachable(succ, result.seeds) == set(range(n))


def test_long_path_needs_no_recursion() -> None:
    n = 200_000
    succ = [[v + 1] for v in range(n - 1)] + [[0]]
    labels, count = tarjan_scc(succ)
    assert count == 1 and set(labels) == {0}
    succ[-1] = []
    assert par(succ).seeds == (0,)


@given(digraphs(max_nodes=15))
def test_bfs_depths_match_networkx(succ: list[list[int]]) -> None:
    if not succ:
        return
    depths = bfs_depths(succ, [0])
    assert depths == nx.single_source_shortest_path_length(_nx(succ), 0)


def test_bfs_blocked_nodes_are_not_crossed() -> None:
    succ = [[1], [2], []]
    assert bfs_depths(succ, [0], blocked=[False, True, False]) == {0: 0}
    assert bfs_depths(succ, [0]) == {0: 0, 1: 1, 2: 2}


def test_empty_graph_has_par_zero() -> None:
    assert par([]).par == 0
    assert condensation([]).count == 0


@settings(max_examples=400, deadline=None)
@given(digraphs(max_nodes=25), st.data())
def test_par_kernels_agree_with_each_other_and_networkx(
    succ: list[list[int]], data: st.DataObject
) -> None:
    n = len(succ)
    costs = data.draw(st.none() | st.lists(st.integers(0, 5), min_size=n, max_size=n))
    ncond = nx.condensation(_nx(succ))
    nx_sources = [frozenset(ncond.nodes[c]["members"]) for c in ncond if ncond.in_degree(c) == 0]
    results = {k: par(succ, costs, kernel=k, canonical=True, edges=True) for k in KERNELS}
    for kernel, res in results.items():
        assert res.kernel == kernel
        assert res.par == len(nx_sources)  # par = number of in-degree-0 condensation nodes
        assert res.n_components == ncond.number_of_nodes()
        assert res.edges is not None and len(res.edges) == ncond.number_of_edges()
        # One seed per source component, the cheapest (ties to the smallest id), ascending.
        seeds = [int(v) for v in res.seeds]
        assert seeds == sorted(seeds)
        holders = [next(c for c in nx_sources if v in c) for v in seeds]
        assert set(holders) == set(nx_sources)
        for v, comp in zip(seeds, holders, strict=True):
            assert v == min(comp, key=lambda u: (1 if costs is None else costs[u], u))
        expected_cost = len(seeds) if costs is None else sum(costs[v] for v in seeds)
        assert res.cost == expected_cost
        assert [int(res.labels[v]) for v in seeds] == [int(c) for c in res.sources]
    # Canonical numbering makes the kernels agree field for field.
    tarjan, scipy = results["tarjan"], results["scipy"]
    assert tarjan.labels == tuple(scipy.labels.tolist())
    assert tarjan.seeds == tuple(scipy.seeds.tolist())
    assert tarjan.sources == tuple(scipy.sources.tolist())
    assert tarjan.edges == scipy.edges
    # The same function on edge arrays (the ``proofgrid par`` form) gives the same answer.
    src = [v for v, heads in enumerate(succ) for _ in heads]
    dst = [w for heads in succ for w in heads]
    for kernel in KERNELS:
        arrays = par(Arcs(n, src, dst), costs, kernel=kernel, canonical=True)
        assert tuple(int(v) for v in arrays.seeds) == tarjan.seeds


@settings(max_examples=200)
@given(digraphs(max_nodes=15))
def test_tarjan_completion_is_reverse_topological(succ: list[list[int]]) -> None:
    for canonical in (False, True):
        res = par(succ, canonical=canonical, edges=True)
        assert res.completion is not None and res.edges is not None
        assert sorted(res.completion) == list(range(res.n_components))
        position = {c: i for i, c in enumerate(res.completion)}
        assert all(position[b] < position[a] for a, b in res.edges)


def test_par_rejects_unknown_kernel_and_bad_arrays() -> None:
    with pytest.raises(ValueError, match="kernel"):
        par([[0]], kernel="networkx")  # type: ignore[arg-type]
    for kernel in KERNELS:
        with pytest.raises(ValueError, match=r"0 \.\. 1"):
            par(Arcs(2, [0], [2]), kernel=kernel)
