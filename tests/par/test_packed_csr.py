"""The CSR built inside packed edges (:func:`proofgrid.graph.compiled.pack_csr`) and
par with ``reorder`` / ``consume`` (the memory path of ``proofgrid par``).

Oracles: :func:`proofgrid.graph.compiled.csr` (scipy's own COO conversion) for the
matrix; the multiset of edges for :func:`~proofgrid.graph.compiled.unpack_csr`;
the untouched-edges path and networkx for par; a dictionary for the integer coder.
Steps are made tiny so that every step boundary (a repeat across two steps, a row
across two steps) is crossed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse.csgraph._validation import validate_graph

from proofgrid.graph import compiled, sparse
from proofgrid.par.keys import IntegerCoder

Edges = list[tuple[int, int]]

_GRAPHS = st.integers(1, 30).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).flatmap(
                lambda e: st.lists(st.just(e), min_size=1, max_size=3)  # repeats, adjacent
            ),
            max_size=60,
        ).map(lambda runs: [e for run in runs for e in run]),
        st.integers(0, 3),  # spare capacity past the edges
    )
)


@pytest.fixture(autouse=True)
def tiny_steps(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(compiled, "_WALK", 3)
    monkeypatch.setattr(compiled, "_STEP", 5)
    yield


def _packed(edges: Edges, spare: int) -> tuple[np.ndarray, np.ndarray]:
    src, dst = compiled.pair_arrays(len(edges) + spare)
    src, dst = src[: len(edges)], dst[: len(edges)]
    src[:] = [a for a, _ in edges]
    dst[:] = [b for _, b in edges]
    return src, dst


def _plain(edges: Edges) -> tuple[np.ndarray, np.ndarray]:
    arr = np.array(edges, dtype=np.int32).reshape(-1, 2)
    return arr[:, 0].copy(), arr[:, 1].copy()


@settings(max_examples=200, deadline=None)
@given(_GRAPHS)
def test_pack_csr_is_the_canonical_matrix_and_unpack_gives_the_edges_back(
    graph: tuple[int, Edges, int],
) -> None:
    n, edges, spare = graph
    src, dst = _packed(edges, spare)
    keys = compiled.packed(src, dst)
    if not edges:
        assert keys is None
        return
    assert keys is not None and np.shares_memory(keys, src) and np.shares_memory(keys, dst)
    want = compiled.csr(*_plain(edges), n)
    adj = compiled.pack_csr(keys, n)
    assert adj.indptr.tolist() == want.indptr.tolist()
    assert adj.indices.tolist() == want.indices.tolist()
    assert adj.repeats.size == len(edges) - len(set(edges))
    # scipy takes the indices as they are: no copy (its validation and _prune_array).
    matrix = validate_graph(adj.matrix(), True, dense_output=False)
    assert np.shares_memory(matrix.indices, keys) and matrix.indices.dtype == np.int32
    compiled.unpack_csr(adj)
    assert Counter(zip(src.tolist(), dst.tolist(), strict=True)) == Counter(edges)


def test_packed_is_only_the_pair_layout() -> None:
    s, d = compiled.pair_arrays(10)
    assert compiled.packed(s, d) is not None
    assert compiled.packed(s[:7], d[:7]) is not None
    assert compiled.packed(d, s) is None  # the words the other way round
    assert compiled.packed(s[1:], d[:-1]) is None  # not the same edges
    assert compiled.packed(*_plain([(0, 1), (1, 0)])) is None  # two separate arrays
    s.flags.writeable = False
    assert compiled.packed(s, d) is None


def _source_components(n: int, edges: Edges) -> int:
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    cond = nx.condensation(g)
    return sum(1 for c in cond.nodes if cond.in_degree(c) == 0)


@settings(max_examples=150, deadline=None)
@given(_GRAPHS, st.sampled_from(["reorder", "consume"]), st.booleans())
def test_par_reordering_or_consuming_the_edges_is_par(
    graph: tuple[int, Edges, int], mode: str, count_edges: bool
) -> None:
    n, edges, spare = graph
    s0, d0 = _plain(edges)
    want = sparse.par_certificate(s0, d0, n, engine=sparse.Engine.COMPILED, condensation_edges=True)
    src, dst = _packed(edges, spare)
    got = sparse.par_certificate(
        src,
        dst,
        n,
        engine=sparse.Engine.COMPILED,
        condensation_edges=count_edges,
        reorder=mode == "reorder",
        consume=mode == "consume",
    )
    assert got.par == want.par == _source_components(n, edges)
    assert got.seeds.tolist() == want.seeds.tolist()
    assert got.labels.tolist() == want.labels.tolist()
    if count_edges:
        assert got.condensation_edges == want.condensation_edges
    if mode == "reorder":  # the same edges, repeats included, in another order
        assert Counter(zip(src.tolist(), dst.tolist(), strict=True)) == Counter(edges)
    assert s0.tolist() == [a for a, _ in edges]  # plain arrays are never touched


def test_consume_on_plain_arrays_leaves_them_alone() -> None:
    edges = [(0, 1), (1, 0), (2, 1), (2, 1)]
    src, dst = _plain(edges)
    got = sparse.par_certificate(
        src, dst, 3, engine=sparse.Engine.COMPILED, condensation_edges=True, consume=True
    )
    assert (got.par, got.condensation_edges) == (1, 1)
    assert list(zip(src.tolist(), dst.tolist(), strict=True)) == edges


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 60), max_size=25), max_size=6))
def test_integer_coder_numbers_by_first_appearance(chunks: list[list[int]]) -> None:
    coder = IntegerCoder()
    seen: dict[int, int] = {}
    for chunk in chunks:
        values = np.array(chunk, dtype=np.int64)
        got = coder.add(values, 1 << 20)
        assert got is not None
        codes, order = got
        fresh = [v for v in dict.fromkeys(chunk) if v not in seen]
        assert values[order].tolist() == fresh  # the first appearances, in order
        for v in chunk:
            seen.setdefault(v, len(seen))
        assert codes.tolist() == [seen[v] for v in chunk]
    assert coder.count == len(seen)
    assert coder.values().tolist() == list(seen)
