"""The surfaces a puzzle declares are typed values, not modules looked up by string.

Until issue 34 a puzzle handed the frameworks four module paths and the
frameworks probed them with ``hasattr``/``getattr`` for optional names, so a
misspelt name was silently "absent". Now each puzzle declares one frozen
:class:`proofgrid.puzzle.Surfaces` of typed loaders, mypy checks every field a
framework reads, and this test checks the values at run time. Oracles: the
types themselves (``isinstance``), the registry (every registered puzzle is
checked, the toy included) and the source (``ast``: no framework asks a puzzle
for a surface by name).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pytest

import proofgrid
from proofgrid import registry
from proofgrid.frontend import Command, PuzzleCli
from proofgrid.puzzle import ApiSurface, CliSurface, DrawSurface, Puzzle, Surfaces, TasksSurface
from proofgrid.routes import Route
from tests.toy.entry import ENTRY

SRC = Path(proofgrid.__file__).parent
KINDS = {"cli": CliSurface, "api": ApiSurface, "tasks": TasksSurface, "draw": DrawSurface}


@pytest.fixture(autouse=True)
def toy() -> None:
    registry.register(ENTRY, replace=True)
    yield
    registry.unregister(ENTRY.name)


@pytest.mark.parametrize("name", ["matchless", "kirchhoff", "lamps"])
def test_every_declared_surface_loads_to_its_type(name: str) -> None:
    puzzle = registry.get(name)
    declared = type(puzzle).surfaces
    assert isinstance(declared, Surfaces)
    assert dataclasses.is_dataclass(declared) and type(declared).__dataclass_params__.frozen  # type: ignore[attr-defined]
    for role, kind in KINDS.items():
        load = getattr(declared, role)
        if load is None:
            continue
        surface = load()
        assert isinstance(surface, kind), (name, role)
        importlib.import_module(surface.origin)  # the module a server preloads
    assert set(declared.values()) == {s.origin for s in declared.loaded()}
    assert all(isinstance(c, Command) for c in puzzle.commands())
    assert all(isinstance(r, Route) for r in puzzle.routes())
    own = puzzle.cli()
    assert own is None or isinstance(own, PuzzleCli)


def test_the_builtin_puzzles_declare_every_role() -> None:
    for name in ("matchless", "kirchhoff"):
        declared = type(registry.get(name)).surfaces
        assert all(getattr(declared, role) is not None for role in KINDS), name


#: The optional names the frameworks used to probe a surface module for.
PROBED = {"MODELS", "ROUTES", "COMMANDS", "STUDY_TASKS", "puzzle_cli", "position_json"}


def _probes_a_surface(call: ast.Call) -> bool:
    """``hasattr(x, NAME)`` / ``getattr(x, NAME, ...)`` on a surface or for a surface's name."""
    if "surface" in ast.unparse(call.args[0]).lower():
        return True
    name = call.args[1] if len(call.args) > 1 else None
    return isinstance(name, ast.Constant) and name.value in PROBED


def test_no_module_asks_a_puzzle_for_a_surface_by_name() -> None:
    """No ``puzzle.surface("api")`` and no ``hasattr``/``getattr`` on a surface anywhere."""
    assert not hasattr(Puzzle, "surface")
    bad = []
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            by_name = isinstance(func, ast.Attribute) and func.attr == "surface"
            probe = isinstance(func, ast.Name) and func.id in {"hasattr", "getattr"}
            if by_name or (probe and _probes_a_surface(node)):
                bad.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not bad, bad
