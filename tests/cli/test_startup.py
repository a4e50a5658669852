"""Issue 14: start-up loads only what a command needs.

Oracle: the interpreter's own import log (``python -X importtime``) of a fresh
``python -m proofgrid`` process: the modules it names were imported.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def _imported(*args: str) -> set[str]:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "proofgrid", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    names = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip())
    assert names, proc.stderr[-500:]
    return names


def _packages(names: set[str]) -> set[str]:
    return {n.partition(".")[0] for n in names}


def test_help_imports_no_engine_library_and_no_subcommand_machinery() -> None:
    names = _imported("--help")
    loaded = _packages(names)
    assert "typer" in loaded  # the log is read right
    assert not loaded & {"numpy", "scipy", "pandas", "fastapi", "pydantic"}, loaded
    machinery = ("proofgrid.studies", "proofgrid.study_tasks", "proofgrid.tasks", "proofgrid.graph")
    assert not {n for n in names if n.startswith(machinery)}, names


def test_par_on_a_small_file_imports_no_scipy_pandas_pydantic_or_studies(tmp_path: Path) -> None:
    edges = tmp_path / "small.txt"
    edges.write_text("".join(f"{i} {(i * 7 + 3) % 10}\n" for i in range(10)))
    names = _imported("par", str(edges))
    assert "proofgrid.par.text" in names  # the command did run
    assert not _packages(names) & {"scipy", "pandas", "fastapi", "pydantic"}, names
    assert not {n for n in names if n.startswith("proofgrid.studies")}, names
