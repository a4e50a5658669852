"""Strong components by peeling (:func:`proofgrid.graph.scc.peeled_components`).

Oracle: networkx's ``strongly_connected_components`` on random multigraphs with
self-loops and repeats, nearly acyclic ones among them (the kind that peels),
for every core limit from 0 up; and the reverse topological order of the labels
checked on every edge (the property :func:`proofgrid.graph.sparse.topological`
relies on).
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.graph.scc import peeled_components

_GRAPHS = st.integers(1, 40).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=120),
        st.booleans(),
        st.sampled_from([0, 3, 10, 40, 1 << 17]),
    )
)


@settings(max_examples=300, deadline=None)
@given(_GRAPHS)
def test_peeled_components_match_networkx(
    graph: tuple[int, list[tuple[int, int]], bool, int],
) -> None:
    n, pairs, acyclic, limit = graph
    if acyclic:  # mostly forward edges, a few back: a nearly acyclic graph
        pairs = [(min(a, b), max(a, b)) if i % 7 else (b, a) for i, (a, b) in enumerate(pairs)]
    edges = np.array(pairs, dtype=np.int32).reshape(-1, 2)
    src, dst = edges[:, 0].copy(), edges[:, 1].copy()
    got = peeled_components(src, dst, n, core_limit=limit)
    if got is None:  # it may give up only when the graph does not fit the limit
        assert len(pairs) + n > limit
        return
    labels, count = got
    g = nx.MultiDiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(pairs)
    want = {frozenset(c) for c in nx.strongly_connected_components(g)}
    groups: dict[int, set[int]] = {}
    for v, lab in enumerate(labels.tolist()):
        groups.setdefault(lab, set()).add(v)
    assert {frozenset(c) for c in groups.values()} == want
    assert sorted(groups) == list(range(count))
    a, b = labels[src], labels[dst]
    assert bool(((a == b) | (b < a)).all())  # reverse topological


def test_a_big_cycle_is_left_to_the_compiled_kernel() -> None:
    n = 1 << 18
    src = np.arange(n, dtype=np.int32)
    dst = np.roll(src, -1)
    assert peeled_components(src, dst, n) is None


def test_a_long_chain_is_given_up_after_a_round() -> None:
    """Each round would peel only its two ends: the first round shows the stall."""
    n = 1 << 18
    src = np.arange(n - 1, dtype=np.int32)
    assert peeled_components(src, src + 1, n) is None


def test_a_dag_under_a_big_graph_peels_whole() -> None:
    """A wide layered DAG of 2^18 nodes (each layer's nodes point into the next)."""
    rng = np.random.default_rng(5)
    n, layers = 1 << 18, 8
    layer = np.arange(n) * layers // n
    src = rng.integers(0, n, 4 * n)
    ahead = layer[src] < layers - 1
    src = src[ahead]
    lo, hi = np.searchsorted(layer, layer[src] + 1), np.searchsorted(layer, layer[src] + 2)
    dst = lo + (rng.random(src.size) * (hi - lo)).astype(np.int64)
    got = peeled_components(src.astype(np.int32), dst.astype(np.int32), n)
    assert got is not None
    labels, count = got
    assert count == n
    assert bool((labels[dst] < labels[src]).all())
