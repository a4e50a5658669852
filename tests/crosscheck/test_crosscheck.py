"""The cross-language check is part of the test command.

The full run (365 dailies across the switch to generator v2, 2,000 v1 and
2,000 v2 boards, the codec fuzz and the duel boards) is quick enough that the
suite runs it in full rather than a subset.
A second test feeds the comparator a wrong answer to prove it can fail.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "tools" / "crosscheck.py"


def _load() -> ModuleType:
    # `python tools/crosscheck.py` has tools/ on its path; loaded from a file here, it needs it too
    if str(SCRIPT.parent) not in sys.path:
        sys.path.insert(0, str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("crosscheck", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["crosscheck"] = mod  # dataclasses look their module up while being built
    spec.loader.exec_module(mod)
    return mod


def test_node_is_available() -> None:
    assert shutil.which("node") or Path("/usr/bin/node").exists(), "Node 20 is required"


@pytest.mark.slow
def test_full_crosscheck_agrees() -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--puzzle", "matchless"],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "AGREE" in out
    for name, count in (("dailies", 365), ("boards", 2000), ("moves", 2000), ("v2boards", 2000)):
        line = next(x for x in out.splitlines() if x.strip().startswith(name))
        assert f"{count} cases  ok" in line, line


def test_comparator_reports_a_wrong_answer(capsys: object) -> None:
    _load()
    common = sys.modules["crosscheck_common"]  # the shared comparator, imported by crosscheck
    cat = common.Category("demo")
    cat.jobs = [{"k": "x"}, {"k": "y"}]
    cat.expected = [{"par": 3, "ok": True}, {"ok": False}]
    cat.checks = [lambda ans: None, common.js_error_type]
    bad, _ = common.compare(cat, [{"par": 3, "ok": True}, {"ok": False, "error": "GameIdError"}])
    assert bad == 0
    bad, _ = common.compare(cat, [{"par": 4, "ok": True}, {"ok": False, "error": "TypeError"}])
    assert bad == 2
    bad, _ = common.compare(cat, [{"error": "RangeError", "message": "boom"}, {"ok": True}])
    assert bad == 2


def test_partition_comparison_ignores_labels() -> None:
    cc = _load()
    assert cc._same_partition([0, 0, 1, 2], [5, 5, 3, 9])
    assert not cc._same_partition([0, 0, 1, 2], [5, 5, 5, 9])
    assert not cc._same_partition([0, 1, 1], [0, 0, 1])
