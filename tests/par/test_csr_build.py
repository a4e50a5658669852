"""The CSR adjacency built for scipy's strong components (:func:`proofgrid.graph.compiled.csr`).

Oracle: scipy's own COO → CSR conversion, canonicalised (duplicates summed then
set to one, indices sorted), on random multigraphs with self-loops and repeats,
with the rows cut into many buckets (``_BUCKET`` shrunk) and into one.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse import coo_array

from proofgrid.graph import compiled


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 40),
    st.lists(st.tuples(st.integers(0, 39), st.integers(0, 39)), max_size=200),
    st.sampled_from([1, 2, 3, 7, 64, 1 << 23]),
    st.sampled_from([1, 4, 1 << 20]),
)
def test_csr_is_scipys_canonical_matrix(
    n: int, pairs: list[tuple[int, int]], bucket: int, step: int
) -> None:
    edges = np.array([(a % n, b % n) for a, b in pairs], dtype=np.int32).reshape(-1, 2)
    src, dst = edges[:, 0].copy(), edges[:, 1].copy()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(compiled, "_BUCKET", bucket)
        mp.setattr(compiled, "_STEP", step)
        got = compiled.csr(src, dst, n)
    want = coo_array((np.ones(src.size), (src, dst)), shape=(n, n)).tocsr()
    want.sum_duplicates()
    want.sort_indices()
    assert np.array_equal(got.indptr, want.indptr)
    assert np.array_equal(got.indices, want.indices)
    assert got.indices.dtype == np.int32 and np.all(got.data == 1.0)
