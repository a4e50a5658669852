"""The CSR adjacency built for scipy's strong components (:func:`proofgrid.graph.compiled.csr`).

Oracle: the rows written out in Python (each row's distinct successors,
ascending), on random multigraphs with self-loops and repeats; and the fact the
canonical form exists for: scipy's strong components on the matrix agree with
networkx's.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph import connected_components

from proofgrid.graph import compiled

_GRAPHS = st.integers(1, 40).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=200),
    )
)


def _arrays(pairs: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    edges = np.array(pairs, dtype=np.int32).reshape(-1, 2)
    return edges[:, 0].copy(), edges[:, 1].copy()


@settings(max_examples=150, deadline=None)
@given(_GRAPHS)
def test_csr_is_the_canonical_matrix(graph: tuple[int, list[tuple[int, int]]]) -> None:
    n, pairs = graph
    src, dst = _arrays(pairs)
    got = compiled.csr(src, dst, n)
    rows = [sorted({b for a, b in pairs if a == r}) for r in range(n)]
    assert got.shape == (n, n)
    assert got.indptr.tolist() == [0, *np.cumsum([len(r) for r in rows]).tolist()]
    assert got.indices.tolist() == [c for r in rows for c in r]
    assert got.indices.dtype == np.int32 and np.all(got.data == 1.0)
    assert src.tolist() == [a for a, _ in pairs]  # the inputs are not touched
    assert dst.tolist() == [b for _, b in pairs]


@settings(max_examples=100, deadline=None)
@given(_GRAPHS)
def test_strong_components_of_the_matrix_match_networkx(
    graph: tuple[int, list[tuple[int, int]]],
) -> None:
    n, pairs = graph
    src, dst = _arrays(pairs)
    count, labels = connected_components(compiled.csr(src, dst, n), connection="strong")
    g = nx.MultiDiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(pairs)
    want = {frozenset(c) for c in nx.strongly_connected_components(g)}
    got: dict[int, set[int]] = {}
    for v, lab in enumerate(labels.tolist()):
        got.setdefault(lab, set()).add(v)
    assert count == len(want)
    assert {frozenset(c) for c in got.values()} == want
