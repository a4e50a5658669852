"""The shell's built-in registry table (its file:// fallback) is the Python registry's.

Oracle: ``proofgrid.registry.web_manifest()`` for the built-in puzzles, the rows
the server publishes as ``js/registry.json``; ``tools/web_registry.py --check``
compares the written block with it, and Node reads ``BUILTIN`` back to check it
as JavaScript sees it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
WEB = ROOT / "src" / "proofgrid" / "web"


def test_the_builtin_table_is_current() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "web_registry.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr


def test_the_shell_reads_the_same_rows_as_python() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing")
    url = (WEB / "js" / "app" / "registry.js").as_uri()
    script = f"import({json.dumps(url)}).then((m) => console.log(JSON.stringify(m.BUILTIN)))"
    out = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    ).stdout
    table = json.loads(
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "web_registry.py"), "--print"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert json.loads(out) == table
    for row in table:
        assert (WEB / row["module"]).is_file(), row["module"]
