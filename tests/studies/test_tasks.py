"""Chunk plans: every item in exactly one chunk, in order, of the agreed size.

Oracle: the plain list ``range(first, n)`` and the formula of the issue
(chunk i covers ``[first + i*k, first + (i+1)*k)``).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofgrid.tasks import CHUNKS_PER_SLOT, Chunk, Task, chunk_size, chunked, plan
from tests.studies.helpers import square_range


@given(st.integers(0, 500), st.integers(1, 60), st.integers(0, 80))
def test_plan_covers_each_item_once_in_order(n: int, k: int, first: int) -> None:
    chunks = plan(n, k, first=first)
    items = [j for c in chunks for j in range(c.start, c.stop)]
    assert items == list(range(first, n))
    for i, c in enumerate(chunks):
        assert c.index == i
        assert c.start == first + i * k
        assert c.stop == min(first + (i + 1) * k, n)
        assert 1 <= c.size <= k


def test_plan_rejects_bad_sizes() -> None:
    with pytest.raises(ValueError, match="chunk size"):
        plan(10, 0)
    with pytest.raises(ValueError, match="first item"):
        plan(10, 3, first=-1)
    assert plan(3, 5, first=3) == ()
    assert plan(7, 3) == (Chunk(0, 0, 3), Chunk(1, 3, 6), Chunk(2, 6, 7))


def test_chunked_appends_the_range_and_weights_by_size() -> None:
    tasks = chunked(square_range, (), 7, 3, first=1)
    assert [t.args for t in tasks] == [(1, 4), (4, 7)]
    assert [t.items for t in tasks] == [3, 3]
    assert [x for t in tasks for x in t.run()] == [j * j for j in range(1, 7)]
    assert Task(square_range, (2, 4)).run() == [4, 9]


@given(st.integers(0, 10**6), st.integers(1, 64), st.integers(1, 5000), st.integers(1, 200))
def test_chunk_size_is_the_even_share_within_bounds(
    n: int, slots: int, most: int, least: int
) -> None:
    k = chunk_size(n, slots, most=most, least=least)
    assert 1 <= k <= most
    if least <= most:
        assert k >= least
    tasks = len(plan(n, k))
    if least < k < most:  # unclamped: the even share, about CHUNKS_PER_SLOT per slot
        assert tasks <= CHUNKS_PER_SLOT * slots
        assert k == 1 or len(plan(n, k - 1)) > CHUNKS_PER_SLOT * slots


def test_chunk_size_rejects_no_slots() -> None:
    with pytest.raises(ValueError, match="slots"):
        chunk_size(10, 0, most=5)
    with pytest.raises(ValueError, match="most"):
        chunk_size(10, 2, most=0)
    assert chunk_size(64_000, 2, most=2000, least=40) == 2000
    assert chunk_size(10_000, 2, most=2000, least=40) == 313
    assert chunk_size(130, 2, most=2000, least=40) == 40
