"""Issue 14: the edge-list reader's cost in time and memory, its integer fast path,
and ``proofgrid par`` on odd inputs (never a traceback).

Oracles: the line-by-line reader of ``tests.par.test_edgelist`` (names, edges,
error lines); counts of the vectorised steps taken (work per byte, not timings);
``tracemalloc``'s peak for memory; the CLI's exit status and stderr shape.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from proofgrid.cli import main
from proofgrid.graph import edgelist
from proofgrid.graph.edgelist import EdgeListError, parse_edgelist
from tests.par.test_edgelist import edges_of, reference


def _count_words(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = edgelist._words

    def counted(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(edgelist, "_words", counted)
    return calls


def test_a_long_name_costs_a_bounded_number_of_vector_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keying a 1 MB name took one vectorised step per 8 bytes (8.6 s); now a few."""
    monkeypatch.setattr(edgelist, "_SMALL", 0, raising=False)  # hash, as for a big file
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
    monkeypatch.setattr(edgelist, "_CHUNK", chunk)
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
    monkeypatch.setattr(edgelist, "_CHUNK", 7)
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
        mp.setattr(edgelist, "_CHUNK", chunk)
        mp.setattr(edgelist, "_SMALL", 0 if hashed else 1 << 12, raising=False)
        g = parse_edgelist(text.encode(), "f")
    assert [g.name(v) for v in range(g.n)] == names
    assert edges_of(g) == edges


def test_the_integer_path_is_taken_only_for_plain_integers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    used: list[int] = []
    real = edgelist._integer_codes

    def spy(values: np.ndarray) -> object:
        used.append(values.size)
        return real(values)

    monkeypatch.setattr(edgelist, "_integer_codes", spy)
    g = parse_edgelist(b"10 2\n2 0\n# 007\n3\n", "f")
    assert used == [5] and [g.name(v) for v in range(g.n)] == ["10", "2", "0", "3"]
    g = parse_edgelist(b"7 007\n007 7\n", "f")
    assert used == [5] and g.n == 2 and edges_of(g) == [(0, 1), (1, 0)]


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
