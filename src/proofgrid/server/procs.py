"""What ``/proc`` says of a process (Linux): its sizes, its state, the CPU time it used,
and killing one until it is gone. The engine pool's view of its workers and fork server.

Every reader answers a neutral value (0, None, False) where ``/proc`` cannot be read (another
system, or the process is gone), so callers need no special case; each is one small file
read, O(1).
"""

from __future__ import annotations

import contextlib
import os
import signal
import time

__all__ = ["cpu_seconds", "kill_and_wait", "rss_bytes", "state", "statm_bytes", "stopped"]

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def statm_bytes(field: int, pid: int | None = None) -> int:
    """Field ``field`` of ``/proc/PID/statm`` (0 total size, 1 resident) in bytes; 0 if unknown."""
    try:
        with open(f"/proc/{pid or 'self'}/statm", encoding="ascii") as f:
            return int(f.read().split()[field]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def rss_bytes(pid: int | None = None) -> int:
    """Resident set size of a process (this one by default); 0 if unknown."""
    return statm_bytes(1, pid)


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (field 3 on); None if gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rpartition(")")[2].split()
    except OSError:
        return None


def state(pid: int) -> str | None:
    """The state letter of process ``pid`` (``R``, ``S``, ``T``, ``Z``...); None if it is gone."""
    fields = _stat_fields(pid)
    return fields[0] if fields else None


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds (user + system) process ``pid`` has used; None if unknown."""
    fields = _stat_fields(pid)
    try:
        return None if fields is None else (int(fields[11]) + int(fields[12])) / _TICK
    except (IndexError, ValueError):  # utime and stime are fields 14 and 15
        return None


def stopped(pid: int) -> bool:
    """True if process ``pid`` is stopped (``T``: SIGSTOP; ``t``: a tracer)."""
    return state(pid) in ("T", "t")


def kill_and_wait(pid: int) -> None:
    """SIGKILL ``pid`` and wait (at most 2 s) until it is dead, without reaping it (its
    parent, multiprocessing, reaps it and then starts a new fork server)."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 2
    while state(pid) not in ("Z", "X", None) and time.monotonic() < deadline:
        time.sleep(0.01)
