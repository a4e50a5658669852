"""The browser's practice module is generated from practice.json and must not go stale."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_practice_module_is_up_to_date() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "practice_js.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
