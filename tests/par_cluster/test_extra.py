"""Without dask (the ``cluster`` extra), ``--scheduler`` is one line naming the extra.

Oracle: the message format of :func:`proofgrid.errors.missing_extra_message`.
"""

from __future__ import annotations

import sys

import pytest

from proofgrid.cli import main


def test_missing_dask_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object
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
