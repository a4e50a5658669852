"""Issue 14: the edge-list reader's cost in time and memory, its integer fast path,
and ``proofgrid par`` on odd inputs (never a traceback).

Oracles: the line-by-line reader of ``tests.par.test_edgelist`` (names, edges,
error lines); counts of the vectorised steps taken (work per byte, not timings);
``tracemalloc``'s peak for memory; the CLI's exit status and stderr shape.
"""

from __future__ import annotations

import itertools
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from proofgrid.cli import main
from proofgrid.par import scan as scanner
from proofgrid.par import text as edgelist
from proofgrid.par.keys import words as namekeys
from proofgrid.par.keys.integers import IntegerCoder
from proofgrid.par.text import EdgeListError, parse_edgelist
from tests.par.test_edgelist import assert_reads_like_reference, edges_of, reference


def _count_words(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = namekeys._words

    def counted(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(namekeys, "_words", counted)
    return calls


def test_a_long_name_costs_a_bounded_number_of_vector_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keying a 1 MB name took one vectorised step per 8 bytes (8.6 s); now a few."""
    monkeypatch.setattr(namekeys, "_SMALL", 0, raising=False)  # hash, as for a big file
    calls = _count_words(monkeypatch)
    big = b"n" * 1_000_000
    data = big + b" " + big[:-1] + b"m\n" + big + b" x\n"
    g = parse_edgelist(data, "f")
    assert g.n == 3 and edges_of(g) == [(0, 1), (0, 2)]
    assert g.name(1) == (big[:-1] + b"m").decode()
    assert len(calls) < 200, len(calls)


def test_a_line_of_a_million_fields_is_refused_in_bounded_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Refusing such a line took 38x the file; now the buffer plus a few chunks."""
    chunk = 1 << 16
    monkeypatch.setattr(scanner, "_CHUNK", chunk)
    data = b"a b\n" + b"x " * 1_000_000 + b"\nc d\n"
    tracemalloc.start()
    try:
        with pytest.raises(EdgeListError, match=r"^f:2: .*found 1000000 fields$"):
            parse_edgelist(data, "f")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < len(data) + 32 * chunk, peak  # the padded copy of the input, and chunks


def test_long_lines_read_in_pieces_agree_with_whole_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line longer than a chunk: its fields, split anywhere between pieces, are exact."""
    monkeypatch.setattr(scanner, "_CHUNK", 7)
    text = "a,b\n" + "  long_name_one \t  long_name_two  # c, d e\n" + "é" * 9 + "\nb a"
    names, edges = reference(text)
    g = parse_edgelist(text.encode(), "f")
    assert [g.name(v) for v in range(g.n)] == names and edges_of(g) == edges
    with pytest.raises(EdgeListError, match=r"^f:2: invalid UTF-8"):
        parse_edgelist(b"a b\n" + "é".encode() * 5 + b"\xc3\n", "f")


int_name = st.one_of(
    st.integers(0, 30).map(str),
    st.integers(0, 10**20).map(str),
    st.sampled_from(["0", "00", "007", "7", "07", "9999999999999999", "10000000000000000"]),
)


@st.composite
def int_files(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 30))):
        fields = [draw(int_name) for _ in range(draw(st.sampled_from([0, 1, 2, 2, 2])))]
        lines.append(draw(st.sampled_from([" ", "\t", ","])).join(fields))
        if draw(st.integers(0, 9)) == 0:
            lines[-1] += " # 12 34"
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=300, deadline=None)
@given(int_files(), st.sampled_from([4, 64, 1 << 22]), st.booleans())
def test_integer_names_match_the_oracle(text: str, chunk: int, hashed: bool) -> None:
    """Plain integers are keyed by value, exactly; ``007`` and ``7`` stay two names."""
    names, edges = reference(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scanner, "_CHUNK", chunk)
        mp.setattr(namekeys, "_SMALL", 0 if hashed else 1 << 12, raising=False)
        g = parse_edgelist(text.encode(), "f")
    assert [g.name(v) for v in range(g.n)] == names
    assert edges_of(g) == edges


def _spy_plain(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record whether each parse went by the integer fast path to its end."""
    taken: list[bool] = []
    real = edgelist._parse_plain

    def spy(*args: object) -> object:
        got = real(*args)  # type: ignore[arg-type]
        taken.append(got is not None)
        return got

    monkeypatch.setattr(edgelist, "_parse_plain", spy)
    return taken


def test_the_integer_path_is_taken_only_for_plain_integers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    taken = _spy_plain(monkeypatch)
    g = parse_edgelist(b"10 2\n2 0\n# 007\n3\n", "f")
    assert taken == [True] and [g.name(v) for v in range(g.n)] == ["10", "2", "0", "3"]
    g = parse_edgelist(b"7 007\n007 7\n", "f")
    assert taken == [True, False] and g.n == 2 and edges_of(g) == [(0, 1), (1, 0)]
    # Sparse values (a 16-digit id) leave the table for hashing, names intact.
    g = parse_edgelist(b"5 9999999999999999\n9999999999999999 5\n", "f")
    assert taken[-1] is False and g.names([0, 1]) == ["5", "9999999999999999"]


def test_a_file_that_turns_non_integer_late_is_read_again_exactly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Many chunks of plain integers on two threads, then ``007``: the fast path
    gives up at that chunk and the general path reads the whole file."""
    monkeypatch.setattr(scanner, "_CHUNK", 64)
    monkeypatch.setattr(scanner, "THREADS", 2)
    taken = _spy_plain(monkeypatch)
    rng = np.random.default_rng(5)
    body = "".join(f"{a} {b}\n" for a, b in rng.integers(0, 300, (400, 2)).tolist())
    for tail in ["7 3\n", "007 7\n3\n"]:
        names, edges = reference(body + tail)
        g = parse_edgelist((body + tail).encode(), "f")
        assert [g.name(v) for v in range(g.n)] == names and edges_of(g) == edges
        assert g.lines == body.count("\n") + tail.count("\n")
    assert taken == [True, False]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 200), max_size=40), max_size=8),
    st.integers(1, 400),
)
def test_the_integer_coder_matches_a_dictionary(chunks: list[list[int]], limit: int) -> None:
    """Codes in first-appearance order over all chunks, the new values of each chunk,
    and a refusal exactly when a value reaches the limit."""
    coder = IntegerCoder()
    seen: dict[int, int] = {}
    for chunk in chunks:
        got = coder.add(np.array(chunk, dtype=np.int64), limit)
        if chunk and max(chunk) >= limit:
            assert got is None
            return
        assert got is not None
        codes, order = got
        before = len(seen)
        want = [seen.setdefault(v, len(seen)) for v in chunk]
        assert codes.tolist() == want and coder.count == len(seen)
        assert [chunk[i] for i in order.tolist()] == list(seen)[before:]


@pytest.mark.parametrize("count", [1, 50, 5000])
@pytest.mark.parametrize("top", [3, 1000, 10**6, 10**12])
def test_integer_codes_match_a_dictionary(count: int, top: int) -> None:
    """The general path's integer keying (dense table, dictionary or pandas): codes in
    first-appearance order and the index of each code's first value."""
    values = np.random.default_rng(count * 7 + top).integers(0, top, count, dtype=np.int64)
    seen: dict[int, int] = {}
    want = [seen.setdefault(v, len(seen)) for v in values.tolist()]
    codes, first = namekeys._integer_codes(values)
    assert codes.tolist() == want
    assert first.tolist() == [want.index(k) for k in range(len(seen))]


def test_empty_input_warns_and_directories_read_well(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"# nothing here\n\n")
    assert main(["par", str(empty)]) == 0
    out, err = capsys.readouterr()
    assert out == "par: 0\nseeds:\n"
    assert (
        err == f"warning: {empty} names no nodes (empty, or only blank and comment lines);"
        " par is 0\n"
    )
    assert main(["par", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"error: {tmp_path}: is a directory, not an edge-list file\n"


_CHUNKS = [
    b"a b\n", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00", b"\x01", b"\x7f", b"\xc3", b"\xe9", b"#",
    b" ", b",", b"\t", b"\r\n", b"\n", b"7", b"007", b"x" * 300, b"a b c\n", b"\xe2\x80\x94",
]  # fmt: skip


_OPTIONS = [
    ["--json"], ["--check"], ["--engine", "python"], ["--engine", "compiled"], ["--engine", "x"],
    ["--members-limit", "0"], ["--members-limit", "-3"], ["--members-limit", "z"], ["--costs"],
    ["--bogus"],
]  # fmt: skip


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.sampled_from(_CHUNKS) | st.binary(max_size=12), max_size=12),
    st.lists(st.sampled_from(_CHUNKS) | st.binary(max_size=8), max_size=4),
    st.lists(st.sampled_from(_OPTIONS), max_size=3),
)
def test_par_on_any_input_is_a_result_or_one_error_line(
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    parts: list[bytes],
    cost_parts: list[bytes],
    options: list[list[str]],
) -> None:
    """Fuzz: whatever the bytes and options, exit 0, 1 or 2 and, unless 0, one ``error:`` line."""
    d = tmp_path_factory.mktemp("fuzz")
    edges, costs = d / "g.txt", d / "c.txt"
    edges.write_bytes(b"".join(parts))
    costs.write_bytes(b"".join(cost_parts))
    argv = ["par", str(edges)]
    for opt in options:
        argv += [*opt, str(costs)] if opt == ["--costs"] else opt
    capsys.readouterr()
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1, 2)
    lines = err.splitlines()
    assert all(line.startswith(("error: ", "warning: ")) for line in lines), err
    assert sum(line.startswith("error: ") for line in lines) == (code != 0), err
    assert "Traceback" not in out + err


def test_every_short_file_matches_the_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    """All files of up to four characters over names, a blank, a newline and a comment,
    whole and cut into 3-byte chunks: the two-fields-per-line shortcut (``\\na b``,
    ``a b\\nc``, ...) and the counting it falls back to agree with the oracle on
    names, edges, line count and the line of an error."""
    alphabet = ["a", "b", "1", " ", "\n", "#"]
    for chunk in (1 << 20, 3):
        monkeypatch.setattr(scanner, "_CHUNK", chunk)
        for size in range(1, 5):
            for letters in itertools.product(alphabet, repeat=size):
                assert_reads_like_reference("".join(letters))


@settings(max_examples=200, deadline=None)
@given(st.one_of(int_files(), st.text(alphabet="ab7é0 \n#", max_size=60)))
def test_name_spans_spell_the_same_names(text: str) -> None:
    """The names written out at once (what a costs file is matched against) are the
    names one by one: for integer names, whose text is written only when asked for,
    as for names kept as spans of the file."""
    g = parse_edgelist(text.encode(), "f")
    spans = g.name_spans()
    spelled = [
        spans.buf[s : s + k].tobytes().decode()
        for s, k in zip(spans.starts.tolist(), spans.lengths.tolist(), strict=True)
    ]
    assert spelled == [g.name(v) for v in range(g.n)] == reference(text)[0]
