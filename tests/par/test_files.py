"""``proofgrid par`` on compressed files and tables: the same answer as the text file.

Oracle: the plain text edge list of the same rows, read by the text reader
(itself tested against a line-by-line reference in ``test_edgelist.py``): its
``--json`` certificate (par, seeds in first-appearance order, members, counts,
costs) must come out identical, but for the ``file`` key, from every other
kind of file. Compression is written by the standard library and zstandard;
tables by pyarrow's writers.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
import zstandard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyarrow import feather

from proofgrid.cli import main
from tests.strategies import cost_maps, edge_rows

Rows = list[tuple[Any, Any]]


def text_of(rows: Rows) -> bytes:
    return "".join(f"{a} {b}\n" if b is not None else f"{a}\n" for a, b in rows).encode()


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["par", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def certificate(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = run([*argv, "--json", "--members-limit", "3"], capsys)
    assert code == 0, err
    doc = json.loads(out)
    doc.pop("file")
    return dict(doc)


COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    "gz": gzip.compress,
    "bz2": bz2.compress,
    "xz": lzma.compress,
    "zst": lambda b: zstandard.ZstdCompressor().compress(b),
    # two gzip members, as `cat a.gz b.gz` makes
    "2.gz": lambda b: gzip.compress(b[: len(b) // 2]) + gzip.compress(b[len(b) // 2 :]),
    "2.zst": lambda b: b"".join(zstandard.ZstdCompressor().compress(h) for h in (b[:3], b[3:])),
}


def table_of(rows: Rows, ints: bool) -> pa.Table:
    t = pa.int64() if ints else pa.string()
    return pa.table(
        {
            "weight": pa.array([1] * len(rows), pa.int8()),
            "src": pa.array([a for a, _ in rows], t),
            "dst": pa.array([b for _, b in rows], t),
        }
    )


def write_tables(d: Path, rows: Rows, ints: bool) -> dict[str, list[str]]:
    """Every table kind of the same rows, with the arguments that read it."""
    table = table_of(rows, ints)
    pq.write_table(table, d / "g.parquet")
    feather.write_feather(table, d / "g.feather")
    with pa.ipc.new_stream(d / "g.arrows", table.schema) as w:
        w.write_table(table)
    pacsv.write_csv(table, d / "g.csv")
    (d / "g.tsv").write_text(
        "weight\tsrc\tdst\n" + "".join(f"1\t{a}\t{'' if b is None else b}\n" for a, b in rows)
    )
    (d / "g.csv.gz").write_bytes(gzip.compress((d / "g.csv").read_bytes()))
    cols = ["--columns", "src,dst"]
    out = {
        name: [str(d / name), *cols]
        for name in ("g.parquet", "g.feather", "g.arrows", "g.csv", "g.tsv")
    }
    out["g.csv.gz"] = [str(d / "g.csv.gz"), *cols]
    pq.write_table(table.select(["src", "dst"]), d / "two.parquet")
    out["two.parquet (first two columns)"] = [str(d / "two.parquet")]
    return out


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ints=st.booleans(), data=st.data())
def test_every_kind_gives_the_text_files_certificate(
    ints: bool, data: st.DataObject, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = data.draw(edge_rows(ints=ints))
    costs = data.draw(cost_maps(sorted({v for r in rows for v in r if v is not None}, key=str)))
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        text = d / "g.txt"
        text.write_bytes(text_of(rows))
        cost_text = d / "c.txt"
        cost_text.write_text("".join(f"{k} {v}\n" for k, v in costs.items()))
        want = certificate([str(text), "--costs", str(cost_text)], capsys)
        kinds = write_tables(d, rows, ints)
        for ext, compress in COMPRESSORS.items():
            f = d / f"g.txt.{ext}"
            f.write_bytes(compress(text.read_bytes()))
            kinds[f.name] = [str(f)]
        cost_table = pa.table(
            {
                "node": pa.array(list(costs), pa.int64() if ints else pa.string()),
                "cost": pa.array(list(costs.values()), pa.string()),
            }
        )
        pq.write_table(cost_table, d / "c.parquet")
        pacsv.write_csv(cost_table, d / "c.csv")
        cost_kinds = {
            "text": ["--costs", str(cost_text)],
            "parquet": ["--costs", str(d / "c.parquet"), "--cost-columns", "node,cost"],
            "csv": ["--costs", str(d / "c.csv"), "--cost-columns", "node,cost"],
        }
        for name, argv in kinds.items():
            for cname, cargv in cost_kinds.items():
                got = certificate([*argv, *cargv], capsys)
                assert got == want, (name, cname)


def test_integer_costs_column_and_decimal_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = Path(__file__).resolve().parents[2] / "examples"
    deps = str(root / "build-deps.txt")
    want = certificate([deps, "--costs", str(root / "build-costs.txt")], capsys)
    lines = [ln.split() for ln in (root / "build-costs.txt").read_text().splitlines()]
    pairs = [(p[0], p[1]) for p in lines if p and not p[0].startswith("#")]
    for typ, conv in (
        (pa.float64(), float),
        (pa.decimal128(10, 2), Decimal),
        (pa.string(), str),
    ):
        t = pa.table({"n": [a for a, _ in pairs], "c": pa.array([conv(b) for _, b in pairs], typ)})
        pq.write_table(t, tmp_path / "c.parquet")
        got = certificate([deps, "--costs", str(tmp_path / "c.parquet")], capsys)
        assert got["seeds"] == want["seeds"] and got["cost"] == want["cost"], typ
    ints = pa.table({"n": ["proto", "config"], "c": pa.array([0, 0], pa.int32())})
    pq.write_table(ints, tmp_path / "i.parquet")
    got = certificate([deps, "--costs", str(tmp_path / "i.parquet")], capsys)
    assert got["cost"] == 2  # proto and config free; the two other sources cost 1


def test_stdin_gzip_and_parquet(tmp_path: Path) -> None:
    rows: Rows = [("a", "b"), ("c", "a"), ("d", None)]
    want = "par: 2\nseeds:\n  c\n  d\n"
    pq.write_table(table_of(rows, False), tmp_path / "g.parquet")
    for data, args in (
        (gzip.compress(text_of(rows)), []),
        (lzma.compress(text_of(rows)), []),
        ((tmp_path / "g.parquet").read_bytes(), ["--columns", "src,dst"]),
    ):
        r = subprocess.run(
            [sys.executable, "-m", "proofgrid", "par", "-", *args],
            input=data,
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert (r.returncode, r.stdout.decode(), r.stderr) == (0, want, b"")


def test_the_names_not_the_file_name_decide(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "plain.gz").write_bytes(b"a b\n")  # plain text under a .gz name
    (tmp_path / "g.txt").write_bytes(gzip.compress(b"a b\n"))  # gzip under a .txt name
    for f in ("plain.gz", "g.txt"):
        assert run([str(tmp_path / f)], capsys)[:2] == (0, "par: 1\nseeds:\n  a\n")
    # A text node named like a Parquet magic stays text.
    (tmp_path / "par1.txt").write_bytes(b"PAR1 x\n")
    assert run([str(tmp_path / "par1.txt")], capsys)[:2] == (0, "par: 1\nseeds:\n  PAR1\n")


def test_csv_cells_stay_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "g.csv").write_text("src,dst\n007,7\n7,007\n8,\n")
    code, out, _ = run([str(tmp_path / "g.csv"), "--columns", "src,dst"], capsys)
    assert (code, out) == (0, "par: 2\nseeds:\n  007\n  8\n")


def one_line_error(argv: list[str], capsys: pytest.CaptureFixture[str], match: str) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and match in err, err


def test_bad_files_and_columns_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows: Rows = [("a", "b")]
    pq.write_table(table_of(rows, False), tmp_path / "g.parquet")
    (tmp_path / "g.csv").write_text("src,dst\na,b\n")
    g, c = str(tmp_path / "g.parquet"), str(tmp_path / "g.csv")
    one_line_error([g, "--columns", "src,nope"], capsys, "no column 'nope' (columns: 'weight',")
    one_line_error([c, "--columns", "src,nope"], capsys, "no column 'nope'")
    one_line_error([g, "--columns", "src"], capsys, "--columns takes two column names")
    pq.write_table(pa.table({"s": [1.5], "d": [2.0]}), tmp_path / "f.parquet")
    one_line_error([str(tmp_path / "f.parquet")], capsys, "column 's' holds double")
    pq.write_table(pa.table({"s": [[1]], "d": [[2]]}), tmp_path / "l.parquet")
    one_line_error([str(tmp_path / "l.parquet")], capsys, "column 's' holds list<")
    (tmp_path / "trunc.parquet").write_bytes((tmp_path / "g.parquet").read_bytes()[:40])
    one_line_error([str(tmp_path / "trunc.parquet")], capsys, "cannot read the table")
    (tmp_path / "bad.csv").write_text("src,dst\na,b,c\n")
    one_line_error([str(tmp_path / "bad.csv"), "--columns", "src,dst"], capsys, "cannot read")
    one_line_error([c, "--costs", c, "--cost-columns", "src,dst"], capsys, "cost is not a number")
    (tmp_path / "neg.csv").write_text("n,c\na,-2\n")
    costs = [str(tmp_path / "neg.csv"), "--cost-columns", "n,c"]
    one_line_error([c, "--columns", "src,dst", "--costs", *costs], capsys, "row 1: negative cost")
    (tmp_path / "dup.csv").write_text("n,c\na,2\nzz,1\na,3\n")
    costs = [str(tmp_path / "dup.csv"), "--cost-columns", "n,c"]
    one_line_error([g, "--costs", *costs], capsys, "row 3: second cost for the same node")
    one_line_error([g, "--cost-columns", "n,c"], capsys, "--cost-columns needs --costs")
    for ext, compress in COMPRESSORS.items():
        bad = tmp_path / f"t.{ext}"
        whole = compress("".join(f"n{i} n{i + 1}\n" for i in range(3000)).encode())
        bad.write_bytes(whole[: len(whole) // 2])
        one_line_error([str(bad)], capsys, "corrupt")
    one_line_error([str(tmp_path / "none.gz")], capsys, "no such edge-list file")


def test_mixed_int_and_string_columns_compare_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = pa.table({"s": pa.array([1, 2], pa.int16()), "d": pa.array(["2", "1"])})
    pq.write_table(t, tmp_path / "m.parquet")
    assert run([str(tmp_path / "m.parquet")], capsys)[:2] == (0, "par: 1\nseeds:\n  1\n")


BLOCK = (
    "import sys, importlib.abc\n"
    "class Block(importlib.abc.MetaPathFinder):\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in {blocked!r}:\n"
    "            raise ModuleNotFoundError(f'No module named {{name!r}}', name=name)\n"
    "sys.meta_path.insert(0, Block())\n"
    "from proofgrid.cli import main\n"
    "sys.exit(main({argv!r}))\n"
)


def blocked_run(blocked: set[str], argv: list[str]) -> subprocess.CompletedProcess[str]:
    code = BLOCK.format(blocked=blocked, argv=argv)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_missing_pyarrow_and_zstandard_name_their_extras(tmp_path: Path) -> None:
    pq.write_table(table_of([("a", "b")], False), tmp_path / "g.parquet")
    r = blocked_run({"pyarrow"}, ["par", str(tmp_path / "g.parquet")])
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == (
        "error: reading Parquet, Arrow and CSV tables needs pyarrow, which is not installed:"
        " pip install 'proofgrid[arrow]'\n"
    )
    (tmp_path / "g.zst").write_bytes(zstandard.ZstdCompressor().compress(b"a b\n"))
    r = blocked_run({"zstandard"}, ["par", str(tmp_path / "g.zst")])
    assert (r.returncode, r.stderr) == (
        2,
        "error: a zstd-compressed input needs zstandard, which is not installed:"
        " pip install 'proofgrid[zstd]'\n",
    )
    # Text and the standard library's formats need neither.
    (tmp_path / "g.gz").write_bytes(gzip.compress(b"a b\n"))
    r = blocked_run({"pyarrow", "zstandard"}, ["par", str(tmp_path / "g.gz")])
    assert (r.returncode, r.stdout) == (0, "par: 1\nseeds:\n  a\n")


def test_nfc_nfd_twins_in_a_table_warn_as_in_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Parquet table's names are text too: the same warning as the text file's."""
    nfc, nfd = (unicodedata.normalize(f, "café") for f in ("NFC", "NFD"))
    rows: Rows = [(nfc, "x"), (nfd, "y"), ("plain", "z")]
    pq.write_table(table_of(rows, False), tmp_path / "g.parquet")
    (tmp_path / "g.txt").write_bytes(text_of(rows))
    code, out, err = run([str(tmp_path / "g.parquet"), "--columns", "src,dst"], capsys)
    code_t, out_t, err_t = run([str(tmp_path / "g.txt")], capsys)
    assert (code, out) == (code_t, out_t) == (0, out_t) and out.startswith("par: 3")
    assert ascii(nfc) in err and ascii(nfd) in err and "NFC/NFD" in err
    assert err.replace("g.parquet", "F") == err_t.replace("g.txt", "F")
    pq.write_table(table_of([(nfc, "x"), ("plain", "z")], False), tmp_path / "h.parquet")
    assert "NFC/NFD" not in run([str(tmp_path / "h.parquet"), "--columns", "src,dst"], capsys)[2]
