"""Real interruptions of the CLI: Ctrl-C to the whole process group, and ``kill -9``.

Oracles: the uninterrupted bank's bytes (built in this process) for the
resumed file; the exit status 130 and the ``interrupted:`` report for Ctrl-C.
The signals are sent once the bank file has grown, so the run cannot have
finished first (the banks asked for are far larger than what is written by then).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from proofgrid.matchless.bank import BANK as MATCHLESS
from proofgrid.studies.backends import InlineBackend
from proofgrid.studies.bank import build_bank
from proofgrid.studies.runner import Runner

BIG = 2_000_000
CLI = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]


def _cli(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal job would have
    )


def _wait_for_lines(path: Path, lines: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while not (path.exists() and path.read_bytes().count(b"\n") > lines):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the bank did not grow"
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (from /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _finish(path: Path, n: int) -> bytes:
    proc = subprocess.run(
        [*CLI, "bank", "matchless", str(n), str(path), "--resume", "--workers", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return path.read_bytes()


@pytest.mark.parametrize("how", ["ctrl-c, 2 workers", "kill -9, 1 worker"])
def test_interrupted_bank_resumes_to_the_uninterrupted_file(tmp_path: Path, how: str) -> None:
    path = tmp_path / "bank.txt"
    workers = "2" if how.startswith("ctrl-c") else "1"
    proc = _cli("bank", "matchless", str(BIG), str(path), "--workers", workers)
    _wait_for_lines(path, 300, proc)
    os.killpg(proc.pid, signal.SIGINT if how.startswith("ctrl-c") else signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    if how.startswith("ctrl-c"):
        assert proc.returncode == 130
        assert err.startswith("interrupted: ") and "is a valid bank" in err
        assert path.read_bytes().endswith(b"\n")  # no torn line after a clean stop
    else:
        assert proc.returncode == -signal.SIGKILL
    n = path.read_bytes().count(b"\n") + 150  # a little past where it stopped
    expect = tmp_path / "expect.txt"
    build_bank(MATCHLESS, "default", n, expect, runner=Runner(InlineBackend()))
    assert _finish(path, n) == expect.read_bytes()


def test_ctrl_c_on_stats_prints_the_finished_part() -> None:
    proc = _cli("matchless", "stats", str(BIG // 4), "--no-duel", "--workers", "2")
    deadline = time.monotonic() + 120
    while not _children(proc.pid):  # the fork server is up: the study is running
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(1.0)  # let a few chunks finish; the whole study would take minutes
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted: finished " in err and "the tables above" in err
    if "random 6x6v2" in out:  # at least one chunk had finished (the default is generator v2)
        assert "greedy (biggest cascade) matches par          100.0%" in out
