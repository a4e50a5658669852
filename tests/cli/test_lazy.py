"""``proofgrid --help`` lists every registered puzzle without importing one.

Oracle: ``sys.modules`` of a fresh interpreter after the command ran (nothing
cached from other tests), and the registry's own entries for what the help
must list.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from proofgrid import registry

_PROBE = """
import json, sys
from proofgrid.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _run(*args: str) -> tuple[int, str, list[str]]:
    """Run the CLI in a fresh interpreter: exit code, help text, modules loaded."""
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "300"},
    )
    text, _, last = proc.stdout.rstrip("\n").rpartition("\n")
    data = json.loads(last)
    return data["code"], text, data["modules"]


def _loaded(modules: list[str], package: str) -> bool:
    return any(m == package or m.startswith(package + ".") for m in modules)


def test_help_lists_every_puzzle_and_imports_none() -> None:
    code, text, modules = _run("--help")
    assert code == 0
    for e in registry.BUILTIN:
        assert e.name in text and e.summary in text
    for command in ("par", "bank", "serve", "site"):
        assert command in text
    for e in registry.BUILTIN:
        package = e.target.partition(":")[0].rpartition(".")[0]
        assert not _loaded(modules, package), f"--help imported {package}"


def test_help_imports_no_heavy_library() -> None:
    _, _, modules = _run("--help")
    for heavy in ("numpy", "scipy", "pandas", "fastapi"):
        assert not _loaded(modules, heavy), f"--help imported {heavy}"


def test_a_puzzle_command_imports_that_puzzle_only() -> None:
    code, text, modules = _run("matchless", "--help")
    assert code == 0 and "new" in text and "xray" in text
    assert _loaded(modules, "proofgrid.matchless")
    assert not _loaded(modules, "proofgrid.kirchhoff")
