"""Studies sit apart from the puzzles: no import either way, and no compatibility shims.

Oracle: the source files themselves, parsed with :mod:`ast` (every ``import``
and ``from … import``, at module level or inside a function, relative ones
resolved), so a lazy import cannot hide a dependency.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import proofgrid
from proofgrid.kirchhoff.bank import BANK as KBANK
from proofgrid.matchless import bank as mbank
from proofgrid.studies import puzzles

SRC = Path(proofgrid.__file__).parent
PUZZLES = ("proofgrid.matchless", "proofgrid.kirchhoff")
STUDIES = "proofgrid.studies"
NEUTRAL = ("tasks.py", "study_tasks.py", "figures.py")


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> Iterator[str]:
    """Every module ``path`` imports, anywhere in the file (relative imports resolved)."""
    package = _module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                head = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*head, base] if base else head)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def _under(name: str, roots: tuple[str, ...]) -> bool:
    return any(name == r or name.startswith(r + ".") for r in roots)


def _files(package: str) -> list[Path]:
    return sorted((SRC.parent / package.replace(".", "/")).rglob("*.py"))


def test_the_parser_sees_imports_inside_functions(tmp_path: Path) -> None:
    pkg = SRC / "studies"
    names = set(imported(pkg / "puzzles.py")) | set(imported(SRC / "matchless" / "tasks.py"))
    assert "proofgrid.registry" in names or "proofgrid.registry" in {
        n.rpartition(".")[0] for n in names
    }
    assert "proofgrid.matchless.stats.run_stats" in names  # imported inside _stats_job


@pytest.mark.parametrize("path", _files(STUDIES), ids=lambda p: p.name)
def test_studies_import_no_puzzle(path: Path) -> None:
    bad = sorted({n for n in imported(path) if _under(n, PUZZLES)})
    assert not bad, f"{path.name} imports {bad}"


@pytest.mark.parametrize(
    "path", [p for pkg in PUZZLES for p in _files(pkg)], ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_puzzles_import_no_studies(path: Path) -> None:
    bad = sorted({n for n in imported(path) if _under(n, (STUDIES,))})
    assert not bad, f"{path.parent.name}/{path.name} imports {bad}"


@pytest.mark.parametrize("name", NEUTRAL)
def test_the_shared_vocabulary_imports_neither(name: str) -> None:
    bad = sorted({n for n in imported(SRC / name) if _under(n, (*PUZZLES, STUDIES))})
    assert not bad, f"{name} imports {bad}"


def test_the_compatibility_shims_are_gone() -> None:
    """Issue 34: the studies package re-exports nothing of :mod:`proofgrid.tasks` under its
    old module names and answers no name through a module ``__getattr__``."""
    assert not (SRC / "studies" / "tasks.py").exists()
    assert not (SRC / "studies" / "report.py").exists()
    assert "__getattr__" not in vars(puzzles)
    with pytest.raises(AttributeError):
        _ = puzzles.MATCHLESS  # type: ignore[attr-defined]
    assert puzzles.puzzle("matchless") is mbank.BANK and puzzles.puzzle("KIRCHHOFF") is KBANK
    assert puzzles.bank_tasks() == {"matchless": mbank.BANK, "kirchhoff": KBANK}
