"""One whole process timed from outside, for the benchmarks that compare commands.

``run_child(argv)`` starts ``argv``, waits for it and reaps it with
``os.wait4``: wall seconds (a monotonic clock around it), CPU seconds (user +
system, the kernel's accounting of the child) and peak resident memory in MB.

A child's peak starts from its parent's: Python starts children by vfork/exec,
and at exec Linux carries the parent's high-water mark into the child's
``maxrss``. So the measuring process must stay small for its whole life. It
imports no numpy, and it never holds a child's output: the output goes to a
temporary file, and only its first ``keep`` bytes are read back (enough for
``par: N`` or the head of a JSON certificate). Reading a 90 MB certificate into
the parent once made every later child report the parent's 378 MB.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time


def run_child(argv: list[str], keep: int | None = 1 << 16) -> tuple[float, float, float, str]:
    """Run a subprocess; return (wall s, CPU s (user + system), peak RSS MB, the first
    ``keep`` bytes of its stdout, or all of it when ``keep`` is None).

    Its standard output and error go to temporary files (so no pipe can fill and
    stall it, and the parent never grows by the child's output); raises
    RuntimeError with the end of its stderr if the child fails."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code != 0:
            err.seek(0)
            raise RuntimeError(f"{argv[:3]} failed ({code}): {err.read().decode()[-500:]}")
        out.seek(0)
        head = out.read() if keep is None else out.read(keep)
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, head.decode(errors="replace")
