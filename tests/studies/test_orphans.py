"""Issue 14: pool workers die with their parent, even when it is killed by SIGKILL.

Oracles: the kernel's process table (/proc) for which workers still run after
only the parent is killed (not its process group: nothing else reaches the
workers), and the uninterrupted bank's bytes for the resumed file.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from proofgrid.matchless.bank import BANK as MATCHLESS
from proofgrid.studies.backends import InlineBackend
from proofgrid.studies.bank import build_bank
from proofgrid.studies.runner import Runner
from tests.studies.test_interrupt import BIG, _children, _cli, _finish, _wait_for_lines


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        kids = _children(todo.pop())
        found.update(kids)
        todo.extend(kids)
    return found


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in {"Z", "X"}


def test_workers_die_with_a_killed_parent_and_the_bank_resumes(tmp_path: Path) -> None:
    path = tmp_path / "bank.txt"
    proc = _cli("bank", "matchless", str(BIG), str(path), "--workers", "2")
    _wait_for_lines(path, 300, proc)
    workers = _descendants(proc.pid)
    assert len(workers) >= 2, workers  # two workers (and a fork server, if one is used)
    os.kill(proc.pid, signal.SIGKILL)  # the parent only
    proc.communicate(timeout=60)
    deadline = time.monotonic() + 10
    while (left := {w for w in workers if _alive(w)}) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left, f"workers {sorted(left)} outlived their parent"
    n = path.read_bytes().count(b"\n") + 150
    expect = tmp_path / "expect.txt"
    build_bank(MATCHLESS, "default", n, expect, runner=Runner(InlineBackend()))
    assert _finish(path, n) == expect.read_bytes()
