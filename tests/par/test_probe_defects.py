"""The fresh probe's ``par`` defects (issue 34, items 5-7 and 11), each by its mechanism.

Oracles: the rules as documented (``docs/par.md``): exact decimal costs with ASCII
digits and at most 18 digits either side of the point; one column per name; a
node that is None or NaN refused with its row; control characters escaped on
output; a long line searched and copied O(its length) times in all (counted
bytes, not timings); out of memory one line with its own exit status.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from proofgrid import ParInputError, par
from proofgrid.cli import main
from proofgrid.par import costs as costs_module
from proofgrid.par import scan as scanner
from proofgrid.par.costs import parse_costs
from proofgrid.par.text import EdgeListError, parse_edgelist, read_edges

GRAPH = parse_edgelist(b"a b\nb a\nc a\n")


@pytest.mark.parametrize(
    ("cost", "reason"),
    [
        ("1" * 1_000_000, "cost too large"),
        ("1" * 19, "cost too large"),
        ("0." + "1" * 1_000_000, "too many decimal places"),
        ("\u0665", "cost is not a number"),  # an Arabic-Indic five: ASCII digits only
        ("-0", "negative cost"),
    ],
)
def test_text_costs_one_rule_whatever_the_digits(cost: str, reason: str) -> None:
    with pytest.raises(EdgeListError, match=reason):
        parse_costs(f"a {cost}\n".encode(), "c.txt", GRAPH)


@pytest.mark.parametrize(
    ("cost", "reason"),
    [
        ("1" * 1_000_000, "cost too large"),
        (10**30, "cost too large"),
        ("\u0665", "cost is not a number"),
        (-0.0, "negative cost"),
        (float("-0"), "negative cost"),
    ],
)
def test_mapping_costs_one_rule(cost: object, reason: str) -> None:
    with pytest.raises(ParInputError, match=reason):
        par([("a", "b")], costs={"a": cost})


def test_eighteen_digits_still_fit() -> None:
    assert par([("a", "b")], costs={"a": "9" * 18}).cost == 10**18 - 1
    assert costs_module.to_decimal(0.0) == 0


def test_duplicate_column_names_are_one_line(tmp_path: Path) -> None:
    df = pd.DataFrame([[1, 2, 3]], columns=["x", "x", "y"])
    with pytest.raises(ParInputError, match="ambiguous"):
        par(df)
    with pytest.raises(ParInputError, match="ambiguous"):
        par(df, columns=("x", "y"))
    with pytest.raises(ParInputError, match="twice"):
        par(df, columns=("y", "y"))
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "e.parquet"
    pq.write_table(pa.table({"x": [1, 2], "y": [2, 3]}), path)
    assert main(["par", str(path), "--columns", "x,x"]) == 2


def test_duplicate_parquet_columns_cli_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "e.parquet"
    pq.write_table(pa.table({"x": [1, 2], "y": [2, 3]}), path)
    assert main(["par", str(path), "--columns", "x,x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "twice" in err


@pytest.mark.parametrize(
    "graph",
    [
        np.array([[1.0, 2.0], [np.nan, 3.0]]),
        np.array([["a", "b"], ["c", None]], dtype=object),
        [("a", "b"), ("c", None)],
        [("a", "b"), (float("nan"), "c")],
    ],
)
def test_missing_nodes_are_refused_with_their_row(graph: object) -> None:
    with pytest.raises(ParInputError, match="row 2"):
        par(graph)


def test_control_characters_in_names_are_escaped_on_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    path = tmp_path / "e.parquet"
    pq.write_table(pa.table({"s": ["a\nb", "c\td"], "d": ["x", "x"]}), path)
    comps = tmp_path / "c.tsv"
    assert main(["par", str(path), "--components", str(comps)]) == 0
    out = capsys.readouterr().out
    assert "  a\\x0ab\n" in out and "  c\\x09d\n" in out
    lines = comps.read_text().splitlines()
    assert len(lines) == 3 and lines[0] == "a\\x0ab\t0"


def test_out_of_memory_is_one_line_with_its_own_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from proofgrid.graph import sparse  # noqa: PLC0415

    def exhausted(*args: object, **kwargs: object) -> object:
        return np.zeros(1 << 62, dtype=np.uint8)  # numpy's own MemoryError, for real

    monkeypatch.setattr(sparse, "par_certificate", exhausted)
    path = tmp_path / "g.txt"
    path.write_text("a b\n")
    assert main(["par", str(path)]) == 71
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: out of memory")


def test_a_long_line_is_searched_and_copied_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of 64 pieces read from a stream: the bytes searched for newlines and the
    bytes allocated stay a few times the line (they were ~32x: once per piece)."""
    monkeypatch.setattr(scanner, "_CHUNK", 1 << 10)
    piece = scanner._CHUNK * scanner._READ
    length = 64 * piece
    searched: list[int] = []
    allocated: list[int] = []
    real_last, real_alloc = scanner._last_newline, scanner.alloc

    def last(arr: np.ndarray, lo: int, hi: int) -> int:
        searched.append(hi - lo)
        return real_last(arr, lo, hi)

    def alloc(size: int) -> np.ndarray:
        allocated.append(size)
        return real_alloc(size)

    monkeypatch.setattr(scanner, "_last_newline", last)
    monkeypatch.setattr(scanner, "alloc", alloc)
    data = b"x" * length + b" y\n" + b"a b\n" * 100
    g = read_edges(_Pipe(data), name="<pipe>")
    assert g.m == 101
    assert sum(searched) <= 3 * len(data)
    assert sum(allocated) <= 8 * len(data)


class _Pipe(io.RawIOBase):
    """A stream that cannot seek, read in pieces (as standard input is)."""

    def __init__(self, data: bytes) -> None:
        self._data, self._at = data, 0

    def readable(self) -> bool:
        return True

    def readinto(self, b: memoryview) -> int:  # type: ignore[override]
        n = min(len(b), len(self._data) - self._at)
        b[:n] = self._data[self._at : self._at + n]
        self._at += n
        return n


def _allocations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    real = scanner.alloc

    def alloc(size: int) -> np.ndarray:
        sizes.append(size)
        return real(size)

    monkeypatch.setattr(scanner, "alloc", alloc)
    return sizes


def test_piped_input_is_held_no_more_than_a_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Integer lines through a pipe: read a piece at a time, never held whole (it was:
    the text kept in memory in case a name turned out not to be an integer). Named
    lines through a pipe: read again from a spool file, the same text a file holds."""
    monkeypatch.setattr(scanner, "_CHUNK", 1 << 10)
    piece = scanner._CHUNK * scanner._READ
    ints = b"1 2\n3 4\n" * (8 * piece // 8)
    sizes = _allocations(monkeypatch)
    g = read_edges(_Pipe(ints), name="<pipe>")
    assert g.m == len(ints) // 4
    assert max(sizes) <= 2 * piece + 64  # one piece at a time (the text is 8 pieces)
    named = ints.replace(b"1 2", b"a b")
    sizes.clear()
    got = read_edges(_Pipe(named), name="<pipe>")
    via_pipe = max(sizes)
    sizes.clear()
    path = tmp_path / "n.txt"
    path.write_bytes(named)
    with path.open("rb") as fh:
        want = read_edges(fh, name="<file>")
    assert via_pipe <= max(sizes) + 64
    assert (got.n, got.m, got.names(range(got.n))) == (want.n, want.m, want.names(range(want.n)))


def test_piped_binary_after_names_is_refused_without_reading_it_all() -> None:
    """The second pass reads on from the spool into the stream, checking as it reads."""

    class Endless(io.RawIOBase):
        def __init__(self) -> None:
            self.read_bytes = 0

        def readable(self) -> bool:
            return True

        def readinto(self, b: memoryview) -> int:  # type: ignore[override]
            head = b"a b\n" if self.read_bytes == 0 else b""
            n = len(b)
            b[:n] = (head + b"\x00" * n)[:n]
            self.read_bytes += n
            return n

    stream = Endless()
    with pytest.raises(EdgeListError, match="control character"):
        read_edges(stream, name="<pipe>")
    assert stream.read_bytes < 64 << 20


@pytest.mark.parametrize("piped", [False, True])
def test_a_line_past_the_stated_longest_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch, piped: bool
) -> None:
    monkeypatch.setattr(scanner, "_CHUNK", 1 << 10)
    monkeypatch.setattr(scanner, "MAX_LINE", 1 << 15)
    ok = b"a b\n" + b"#" + b"x" * ((1 << 15) - 1) + b"\nc d\n"
    bad = b"a b\n" + b"y" * ((1 << 15) + 5) + b" z\nc d\n"
    if piped:
        assert read_edges(_Pipe(ok), name="p").m == 2
        with pytest.raises(EdgeListError, match=r"^p:2: line longer than 32,768 bytes"):
            read_edges(_Pipe(bad), name="p")
    else:
        assert parse_edgelist(ok, "p").m == 2
        with pytest.raises(EdgeListError, match=r"^p:2: line longer than 32,768 bytes"):
            parse_edgelist(bad, "p")


@pytest.mark.parametrize("sparse", [False, True])
def test_parquet_integers_read_a_batch_at_a_time_like_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sparse: bool
) -> None:
    """Two integer columns read batch by batch into the edge arrays (several batches
    here) give the graph of the equivalent text file: nodes, names, edges."""
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    from proofgrid.par import read_graph, tables  # noqa: PLC0415

    monkeypatch.setattr(tables, "_BATCH_ROWS", 7)
    rng = np.random.default_rng(11)
    top = 10**15 if sparse else 40
    s = rng.integers(0, top, 100).astype(np.int64)
    d = rng.integers(0, top, 100).astype(np.int64)
    path = tmp_path / "e.parquet"
    pq.write_table(pa.table({"s": s, "d": d}), path, row_group_size=30)
    text = tmp_path / "e.txt"
    text.write_text("".join(f"{a} {b}\n" for a, b in zip(s.tolist(), d.tolist(), strict=True)))
    calls: list[bool] = []
    real = tables._parquet_integer_edges

    def spy(*args: object) -> object:
        got = real(*args)  # type: ignore[arg-type]
        calls.append(got is not None)
        return got

    monkeypatch.setattr(tables, "_parquet_integer_edges", spy)
    got, want = read_graph(path), read_graph(text)
    assert calls == [not sparse]  # sparse values: the whole-table path
    assert got.n == want.n and got.names(range(got.n)) == want.names(range(want.n))
    assert got.src.tolist() == want.src.tolist() and got.dst.tolist() == want.dst.tolist()
