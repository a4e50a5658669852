"""Every usage error of every command group is one line on stderr with exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from proofgrid.cli import main

BAD = [
    ["nosuch"],
    ["matchless", "nosuch"],
    ["matchless", "solve"],
    ["matchless", "verify", "--bogus"],
    ["kirchhoff", "stats", "0"],
    ["kirchhoff", "count", "zz"],
    ["par"],
    ["matchless", "solve", "6x6:@@@@"],
]


@pytest.mark.parametrize("argv", BAD, ids=" ".join)
def test_bad_usage_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("error: ")
    assert captured.err.count("\n") == 1, captured.err
    assert "Traceback" not in captured.err + captured.out


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "matchless" in capsys.readouterr().out


def test_console_script_exit_status() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "proofgrid", "matchless", "nosuch"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: No such command") and proc.stderr.count("\n") == 1
