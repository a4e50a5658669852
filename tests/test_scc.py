"""proofgrid.graph.scc against networkx and a naive mutual-reachability oracle."""

from __future__ import annotations

from itertools import combinations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.graph import bfs_depths, condensation, par, reachable, tarjan_scc
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
