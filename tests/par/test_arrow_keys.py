"""Names keyed by Arrow's hash table (:mod:`proofgrid.par.keys.arrow`), the general
path for large named files when pyarrow is installed.

Oracles: the line-by-line reader (its property tests run both keyings, ``KEYINGS``
in ``tests.par.test_edgelist`` and ``tests.par.test_streamed_read``); the keying of
the text kept whole (:mod:`proofgrid.par.keys.words`) on the same text, costs
included; and the bytes the scanner allocates (a seekable named file is never
held whole).
"""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.par import scan as scanner
from proofgrid.par import text as edgelist
from proofgrid.par.costs import parse_costs
from proofgrid.par.keys import arrow as arrowkeys
from proofgrid.par.text import parse_edgelist, read_edgelist, read_edges
from tests.par.test_edgelist import assert_reads_like_reference, edge_files, edges_of, reference
from tests.par.test_streamed_read import (
    small_pieces_and_buffer_sizes,
)

pytest.importorskip("pyarrow")


@pytest.fixture(autouse=True)
def arrow_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take the Arrow path whatever the text's size (it is kept for big ones)."""
    monkeypatch.setattr(edgelist, "_ARROW_MIN", 0)


def test_same_codes_as_the_numpy_keying(monkeypatch: pytest.MonkeyPatch) -> None:
    """3,000 names of 1–30 bytes sharing prefixes (word boundaries included) over
    50,000 edges: the two keyings give the same nodes, names and edges."""
    rng = np.random.default_rng(5)
    pool = [
        "p" * int(k) + str(int(i))
        for k, i in zip(rng.integers(0, 26, 3000), range(3000), strict=True)
    ]
    pick = rng.integers(0, len(pool), (50_000, 2))
    text = "".join(f"{pool[a]} {pool[b]}\n" for a, b in pick.tolist()).encode()
    arrow = parse_edgelist(text)
    monkeypatch.setattr(edgelist, "_ARROW_MIN", 1 << 62)
    plain = parse_edgelist(text)
    assert arrow.n == plain.n and arrow.names(range(arrow.n)) == plain.names(range(plain.n))
    assert np.array_equal(arrow.src, plain.src) and np.array_equal(arrow.dst, plain.dst)


def test_a_named_file_is_never_held_whole(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Read from a seekable file, the named path scans piece by piece too: no scanning
    buffer bigger than a piece (plus a carried line), names from Arrow's dictionary."""
    piece, sizes = small_pieces_and_buffer_sizes(monkeypatch)
    text = "".join(f"n{(i * 7919) % 20011} m{(i * 104729) % 20011}\n" for i in range(50_000))
    path = tmp_path / "g.txt"
    path.write_text(text)
    g = read_edgelist(str(path))
    names, edges = reference(text)
    assert [g.name(v) for v in range(g.n)] == names and edges_of(g) == edges
    # The last allocation is the table of names (its own size), not the text.
    scanning = sizes[:-1]
    assert len(text) > 10 * piece and scanning and max(scanning) <= piece + 64


def test_unicode_twins_are_found_among_arrow_names() -> None:
    text = "caf\u00e9 x\ncafe\u0301 x\n" + "".join(f"v{i} w{i}\n" for i in range(10))
    g = read_edges(io.BytesIO(text.encode()), name="s")
    assert g.unicode_twins() == [("caf\u00e9", "cafe\u0301")]
    assert g.name(0) == "caf\u00e9" and g.n == 23


def test_costs_read_against_arrow_names_as_against_the_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cost file is matched to the nodes by name: the same costs whichever keying
    named them (Arrow's dictionary, or spans of the kept text)."""
    text = b"alpha beta\nbeta gamma\ngamma alpha\ndelta alpha\nsolo\n"
    costs = b"gamma 2.5\ndelta 7\nnobody 3\nalpha 0\n"
    arrow = parse_edgelist(text)
    monkeypatch.setattr(edgelist, "_ARROW_MIN", 1 << 62)
    plain = parse_edgelist(text)
    a, p = parse_costs(costs, "c", arrow), parse_costs(costs, "c", plain)
    assert a.values.tolist() == p.values.tolist() and a.unknown == p.unknown
    by_name = dict(zip(arrow.names(range(arrow.n)), a.values.tolist(), strict=True))
    assert by_name["alpha"] == 0 and by_name["beta"] == by_name["solo"] and by_name["gamma"] > 0


@settings(max_examples=200, deadline=None)
@given(
    edge_files(allow_bad=True),
    st.sampled_from([1, 2, 3, 7, 64, 300]),
    st.sampled_from([5, 64, 1 << 20]),
)
def test_any_number_of_partitions_gives_the_oracles_codes(
    text: str, parts: int, chunk: int
) -> None:
    """One partition (one hash table, the whole file), a few, a number that is not a
    power of two, more partitions than names: the same nodes, names (in order of first
    appearance in the file), edges and errors as the line-by-line reader, over chunks
    of any size (a name's first token may lie in any chunk of its partition)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(arrowkeys, "_PARTS", parts)
        mp.setattr(scanner, "_CHUNK", chunk)
        assert_reads_like_reference(text)


def test_equal_names_share_a_partition_and_the_partitions_are_even() -> None:
    """The partition of a token depends on its bytes only (the same name at other
    places of other chunks lands in the same partition, whatever its neighbours),
    and 20,000 package-like names spread over 64 partitions within 30% of even."""
    rng = np.random.default_rng(11)
    pool = [f"lib{'x' * int(k)}{i}-dev".encode() for i, k in enumerate(rng.integers(0, 20, 20_000))]
    pool += [b"a", b"ab", b"abcdefgh", b"abcdefghi"]

    def parts_of(words: list[bytes]) -> dict[bytes, int]:
        packed = np.frombuffer(b"".join(words), dtype=np.uint8)
        offsets = np.cumsum([0] + [len(w) for w in words], dtype=np.int32)
        got = arrowkeys._partitions(packed, offsets, 64)
        return dict(zip(words, got.tolist(), strict=True))

    whole = parts_of(pool)
    shuffled = [pool[i] for i in rng.permutation(len(pool))]
    assert parts_of(shuffled) == whole
    assert parts_of(shuffled[:7]) == {w: whole[w] for w in shuffled[:7]}
    counts = np.bincount(list(whole.values()), minlength=64)
    assert counts.min() > 0.7 * len(pool) / 64 and counts.max() < 1.3 * len(pool) / 64


def _row_major_oracle(cols: list[list[str | None]]) -> tuple[list[int], list[str]]:
    """First-appearance codes of the cells read row by row, -1 for null or empty."""
    seen: dict[str, int] = {}
    codes = []
    for row in zip(*cols, strict=True):
        for cell in row:
            codes.append(-1 if not cell else seen.setdefault(cell, len(seen)))
    return codes, list(seen)


_cells = st.one_of(st.none(), st.just(""), st.sampled_from(["a", "b", "007", "7", "é", "x" * 9]))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 40).flatmap(
        lambda n: st.lists(
            st.lists(_cells | st.text(max_size=12), min_size=n, max_size=n), min_size=1, max_size=3
        )
    ),
    st.sampled_from([1, 2, 5, 64]),
    st.sampled_from([1, 3, 1 << 16]),
    st.lists(st.integers(0, 40), max_size=3),
    st.sampled_from(["string", "large_string"]),
)
def test_columns_are_keyed_row_by_row_like_the_oracle(
    cols: list[list[str | None]], parts: int, rows: int, cuts: list[int], kind: str
) -> None:
    """Cells of k columns (strings, nulls, empties; chunked at any rows, sliced
    ``rows`` at a time, any number of partitions): codes row by row, null and empty
    cells -1, names in order of first appearance."""
    import pyarrow as pa  # noqa: PLC0415

    n = len(cols[0])
    bounds = sorted({0, n, *(c for c in cuts if c <= n)})
    typ = getattr(pa, kind)()
    arrays = [
        pa.chunked_array([pa.array(col[a:b], typ) for a, b in itertools.pairwise(bounds)], typ)
        if len(bounds) > 2
        else pa.array(col, typ)
        for col in cols
    ]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(arrowkeys, "_ROWS", rows)
        codes, names = arrowkeys.key_columns(arrays, parts=parts)
    want_codes, want_names = _row_major_oracle(cols)
    assert codes.tolist() == want_codes
    assert [b.decode() for b in names.to_pylist()] == want_names


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["int8", "int32", "int64", "uint8", "uint64"]).flatmap(
        lambda t: st.tuples(
            st.just(t),
            st.lists(
                st.integers(int(np.iinfo(t).min), int(np.iinfo(t).max))
                | st.integers(max(int(np.iinfo(t).min), -3), min(int(np.iinfo(t).max), 40)),
                max_size=60,
            ),
        )
    )
)
def test_integer_cells_get_first_appearance_codes(case: tuple[str, list[int]]) -> None:
    """Integers of every width and sign, dense or spread over the whole range (the
    table indexed by value, or hashing): the codes and values a dictionary gives."""
    from proofgrid.par.keys import first_appearance  # noqa: PLC0415

    dtype, values = case
    seen: dict[int, int] = {}
    want = [seen.setdefault(v, len(seen)) for v in values]
    codes, uniq = first_appearance(np.array(values, dtype=dtype))
    assert codes.tolist() == want and uniq.tolist() == list(seen)
