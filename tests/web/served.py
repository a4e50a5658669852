"""A real ``proofgrid serve`` process for the tests that need one (a helper module)."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Iterator

PROOFGRID = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]


@contextlib.contextmanager
def served(*options: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``proofgrid serve --port 0 OPTIONS`` and the base URL it printed
    (``http://127.0.0.1:PORT``, no trailing slash); terminated and reaped on exit."""
    proc = subprocess.Popen(
        [*PROOFGRID, "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        assert m, f"the server did not start: {line!r}"
        yield proc, m.group(1)
    finally:
        proc.terminate()
        proc.wait(60)
