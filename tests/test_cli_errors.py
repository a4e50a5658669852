"""Every usage error of every command group is one line on stderr with exit status 2."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest

from proofgrid.cli import main
from proofgrid.cli.common import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK, EXIT_STREAM
from proofgrid.kirchhoff.board import Grade
from proofgrid.kirchhoff.codec import decode_board, decode_params
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.matchless.daily import daily as matchless_daily
from proofgrid.matchless.verify import daily_days, last_start

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


# --- the edges a probe found (each failed before: a traceback, a wrong code or text)

EDGES = [
    # (argv, a phrase the one-line error must contain)
    (["matchless", "verify", "--start", "9999-12-31", "--quick"], "latest start 9999-12-30"),
    (["matchless", "verify", "--start", "9999-12-03"], "latest start 9999-12-02"),
    (["kirchhoff", "stats", "1", "--seed", "-1", "--preset", "easy"], "'--seed'"),
    (["kirchhoff", "verify", "--quick", "--seed", "-1"], "'--seed'"),
    (["kirchhoff", "new", "--size", "1000x1000"], "rows must be 2..16, got 1000"),
    (["kirchhoff", "new", "--size", "16x99999999999999999999"], "cols must be 2..16"),
    (["matchless", "new", "--size", "1000x1000"], "size 1000x1000 out of range (2..12"),
    (["matchless", "new", "--size", "13x13"], "size 13x13 out of range (2..12"),
    (["kirchhoff", "solve", "-1x-1#1"], "proofgrid kirchhoff solve -- '-1x-1#1'"),
    (["matchless", "solve", "-6x6:abc"], "proofgrid matchless solve -- -6x6:abc"),
]


@pytest.mark.parametrize(("argv", "phrase"), EDGES, ids=[" ".join(a) for a, _ in EDGES])
def test_edges_are_one_line_errors(
    argv: list[str], phrase: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == EXIT_BAD_INPUT
    captured = capsys.readouterr()
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1, captured.err
    assert phrase in captured.err and "Traceback" not in captured.err + captured.out


def test_the_latest_allowed_start_has_its_dailies() -> None:
    # the oracle of the bound: the calendar's last day still has a daily
    assert last_start(quick=True) + dt.timedelta(days=daily_days(True) - 1) == dt.date.max
    assert matchless_daily(dt.date.max).date == dt.date.max


def test_a_dashed_id_after_double_dash_is_read_as_the_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # read as a game ID, it fails as one: the params, not an option
    assert main(["kirchhoff", "solve", "--", "-1x-1#1"]) == EXIT_BAD_INPUT
    assert "bad params '-1x-1'" in capsys.readouterr().err
    # an ordinary unknown option keeps click's message
    assert main(["kirchhoff", "solve", "-x"]) == EXIT_BAD_INPUT
    assert "No such option: -x" in capsys.readouterr().err


@pytest.mark.parametrize("puzzle", ["kirchhoff", "matchless"])
@pytest.mark.parametrize("text", ["", "  "])
def test_an_empty_date_means_today_for_every_puzzle(
    puzzle: str, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([puzzle, "daily", "--date", text, "--json"]) == 0
    empty = json.loads(capsys.readouterr().out)
    assert main([puzzle, "daily", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == empty
    assert empty["date"] == dt.date.today().isoformat()


def test_the_exit_statuses_are_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"{EXIT_STREAM} a standard stream failed" in out
    assert len({EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_STREAM}) == 4


def _shell(cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m proofgrid {cmd}'],
        stdout=subprocess.DEVNULL if ">" not in cmd else None,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("cmd", "message"),
    [
        ("kirchhoff play '5x5de#1' <&-", "error: standard input is closed\n"),
        ("kirchhoff new >&-", "error: standard output is closed\n"),
        pytest.param(
            "kirchhoff new >/dev/full",
            "error: cannot write the output: No space left on device\n",
            marks=pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full"),
        ),
    ],
)
def test_a_failed_stream_has_its_own_exit_status(cmd: str, message: str) -> None:
    r = _shell(cmd)
    assert (r.returncode, r.stderr) == (EXIT_STREAM, message)
    assert EXIT_STREAM != EXIT_CHECK_FAILED


def test_a_grade_the_generator_could_not_meet_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # oracle: the grader on the printed board says easy, the ID asks for hard
    assert main(["kirchhoff", "new", "--size", "3x3dh", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    board = decode_board(out.split()[0].partition(":")[2], decode_params("3x3dh"))
    assert grade_board(board).grade is Grade.EASY
    assert "grade easy, not hard: no hard 3x3 board came out of 400 attempts" in out
    assert main(["kirchhoff", "new", "--size", "5x5dh", "--seed", "1"]) == 0
    assert "grade hard (" in capsys.readouterr().out
