"""One whole process timed from outside, for the benchmarks that compare commands.

``run_child(argv)`` starts ``argv``, reads its output and reaps it with
``os.wait4``: wall seconds (a monotonic clock around it), CPU seconds (user +
system, the kernel's accounting of the child) and peak resident memory in MB.
A child's peak starts from its parent's resident size at the fork, so a
benchmark that wants small peaks keeps its own process small (generates its
inputs in a child, imports no numpy).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time


def run_child(argv: list[str]) -> tuple[float, float, float, str]:
    """Run a subprocess; return (wall s, CPU s (user + system), peak RSS MB, stdout).

    Its standard error goes to a temporary file (so neither pipe can fill and
    stall it); raises RuntimeError with the end of it if the child fails."""
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err)
        assert proc.stdout is not None
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code != 0:
            err.seek(0)
            raise RuntimeError(f"{argv[:3]} failed ({code}): {err.read().decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.decode()
