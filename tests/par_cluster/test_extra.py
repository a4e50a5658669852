"""``--scheduler`` without a cluster: the missing extra, and what is checked first.

Oracles: the message format of :func:`proofgrid.errors.missing_extra_message`; one
machine on the same rows.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from proofgrid.cli import main


def test_missing_dask_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for mod in [m for m in sys.modules if m == "distributed" or m.startswith("distributed.")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setitem(sys.modules, "distributed", None)
    code = main(["par", "g.parquet", "--columns", "a,b", "--scheduler", "local:2"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == (
        "error: proofgrid par --scheduler needs distributed, which is not installed:"
        " pip install 'proofgrid[cluster]'\n"
    )


# The dataset's footers are read before any cluster is used: these need none (the
# address below has nobody listening). Oracle: one machine on the same rows.

NOBODY = "tcp://127.0.0.1:9"


def test_an_empty_dataset_is_par_zero_as_on_one_machine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = pa.table({"src": pa.array([], pa.int64()), "dst": pa.array([], pa.int64())})
    (tmp_path / "d").mkdir()
    pq.write_table(empty, tmp_path / "d" / "part.0.parquet")
    pq.write_table(empty, tmp_path / "one.parquet")
    assert main(["par", str(tmp_path / "d"), "--columns", "src,dst", "--scheduler", NOBODY]) == 0
    got = capsys.readouterr()
    assert main(["par", str(tmp_path / "one.parquet"), "--columns", "src,dst"]) == 0
    want = capsys.readouterr()
    assert got.out == want.out == "par: 0\nseeds:\n"
    assert "names no nodes" in got.err


def test_bad_footers_are_one_line_naming_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pq.write_table(pa.table({"src": [1], "dst": [2]}), tmp_path / "part.0.parquet")
    pq.write_table(pa.table({"src": ["a"], "dst": ["b"]}), tmp_path / "part.1.parquet")
    (tmp_path / "_SUCCESS").write_text("")  # skipped, as Spark and Dask write it
    code = main(["par", str(tmp_path), "--columns", "src,dst", "--scheduler", NOBODY])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        f"error: {tmp_path / 'part.1.parquet'}: mixed types: its node columns hold strings,"
        f" those of {tmp_path / 'part.0.parquet'} integers\n"
    )
    (tmp_path / "part.1.parquet").write_bytes(b"not parquet")
    code = main(["par", str(tmp_path), "--columns", "src,dst", "--scheduler", NOBODY])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"error: {tmp_path / 'part.1.parquet'}: not a readable")
    assert err.count("\n") == 1
    code = main(["par", str(tmp_path / "nope"), "--scheduler", NOBODY])
    assert code == 2
    assert (
        capsys.readouterr().err == f"error: {tmp_path / 'nope'}: no such file, directory or glob\n"
    )
