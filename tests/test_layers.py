"""The layering rules, read statically from the source (``ast``).

* Outside the puzzle packages, no module imports a puzzle package (the
  registry names puzzles by import-path strings only);
* the puzzle packages import nothing from each other;
* puzzles plug in, they do not reach up: no module of a puzzle package
  imports the frameworks (``proofgrid.cli``, ``proofgrid.server``, nor typer,
  click, FastAPI, starlette or uvicorn) or looks a puzzle up in the registry;
  it declares its commands and routes as data (``proofgrid.frontend``,
  ``proofgrid.routes``) and the frameworks mount them;
* the graph algorithms import nothing of proofgrid but the errors;
* no puzzle module reaches :mod:`proofgrid.midend`, directly or through any
  chain of proofgrid imports (the midend calls the puzzles, never the
  reverse: what puzzles share with it, dates and :class:`~proofgrid.game.Game`,
  lives below both);
* there is no import cycle between packages at run time (networkx finds the
  strongly connected components of the package graph: the oracle is a
  second, independent SCC implementation). Imports under
  ``if TYPE_CHECKING:`` are left out of this one rule only: the contract
  (:mod:`proofgrid.puzzle`) names the types of the surfaces a puzzle may
  declare (the CLI's and the API's vocabularies), which name the contract.

Imports inside functions count, as do ``importlib.import_module("literal")``
calls; comments and strings elsewhere do not.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

from proofgrid import registry

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = SRC / "proofgrid"
PUZZLES = sorted({e.target.split(":")[0].split(".")[1] for e in registry.BUILTIN})


def _module_name(path: Path) -> str:
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_only(tree: ast.Module) -> set[int]:
    """``id`` of every node inside an ``if TYPE_CHECKING:`` block."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in {
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        }:
            for stmt in node.body:
                out.update(id(n) for n in ast.walk(stmt))
    return out


def _imports(path: Path, *, runtime: bool = False) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    skip = _type_only(tree) if runtime else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            yield mod
            for alias in node.names:
                yield f"{mod}.{alias.name}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value


def _area(module: str) -> str:
    """``proofgrid.x.y`` -> ``x`` (the package or top-level module it belongs to)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _edges(everything: bool = False, *, runtime: bool = False) -> list[tuple[str, str, str]]:
    """``(module, imported, file)`` for every import of proofgrid (of anything, if asked;
    only those made at run time, if asked)."""
    out = []
    for path in ROOT.rglob("*.py"):
        me = _module_name(path)
        for mod in _imports(path, runtime=runtime):
            if everything or (mod.startswith("proofgrid.") and _area(mod)):
                out.append((me, mod, str(path.relative_to(SRC))))
    return out


EDGES = _edges()
RUNTIME_EDGES = _edges(runtime=True)
ALL_IMPORTS = _edges(everything=True)
#: What a puzzle must not import: the frameworks that mount it, and the registry.
FRAMEWORKS = ("cli", "server", "registry")
THIRD_PARTY_FRAMEWORKS = ("typer", "click", "fastapi", "starlette", "uvicorn")


def test_the_scan_sees_imports() -> None:
    """Guard: the scanner finds the imports it must judge (else every rule passes vacuously)."""
    assert any(_area(a) == "cli" and _area(b) == "midend" for a, b, _ in EDGES) or any(
        _area(a) == "midend" and _area(b) == "puzzle" for a, b, _ in EDGES
    )
    assert len(PUZZLES) >= 2


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_shared_modules_do_not_import_puzzles(puzzle: str) -> None:
    bad = sorted(
        {
            f"{where} imports proofgrid.{_area(mod)}"
            for me, mod, where in EDGES
            if _area(mod) == puzzle and _area(me) not in PUZZLES
        }
    )
    assert not bad, "\n".join(bad)


def test_puzzles_do_not_import_each_other() -> None:
    bad = sorted(
        {
            f"{where} imports proofgrid.{_area(mod)}"
            for me, mod, where in EDGES
            if _area(me) in PUZZLES and _area(mod) in PUZZLES and _area(me) != _area(mod)
        }
    )
    assert not bad, "\n".join(bad)


def test_the_reach_up_scan_sees_framework_imports() -> None:
    """Guard: the frameworks' own modules import each other, so the scan below can see it."""
    assert any(_area(a) == "cli" and _area(b) == "server" for a, b, _ in EDGES) or any(
        _area(a) == "server" and _area(b) == "registry" for a, b, _ in EDGES
    )
    assert any(b.split(".")[0] == "fastapi" for _, b, _ in ALL_IMPORTS)


def _top(module: str) -> str:
    """``proofgrid.server.api`` of ``proofgrid.server.api.answer``; ``fastapi`` of ``fastapi.X``."""
    return ".".join(module.split(".")[: 3 if module.startswith("proofgrid.") else 1])


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_puzzles_do_not_reach_up_into_the_frameworks(puzzle: str) -> None:
    bad = sorted(
        {
            f"{where} imports {_top(mod)}"
            for me, mod, where in ALL_IMPORTS
            if _area(me) == puzzle
            and (
                (mod.startswith("proofgrid.") and _area(mod) in FRAMEWORKS)
                or mod.split(".")[0] in THIRD_PARTY_FRAMEWORKS
            )
        }
    )
    assert not bad, "\n".join(bad)


def test_graph_imports_only_errors() -> None:
    bad = sorted(
        {
            f"{where} imports proofgrid.{_area(mod)}"
            for me, mod, where in EDGES
            if _area(me) == "graph" and _area(mod) not in {"graph", "errors"}
        }
    )
    assert not bad, "\n".join(bad)


def _module_graph() -> nx.DiGraph:
    """proofgrid modules and the modules they import (type-only imports included)."""
    known = {_module_name(p) for p in ROOT.rglob("*.py")}
    g = nx.DiGraph()
    for me, mod, _ in EDGES:
        parts = mod.split(".")
        target = next(
            (".".join(parts[:k]) for k in range(len(parts), 0, -1) if ".".join(parts[:k]) in known),
            None,
        )
        if target is not None and target != me:
            g.add_edge(me, target)
    return g


def test_the_module_graph_sees_the_midend() -> None:
    """Guard: the midend is in the graph, reached from the frameworks (else the rule below
    would pass vacuously)."""
    g = _module_graph()
    assert "proofgrid.midend" in nx.descendants(g, "proofgrid.cli.puzzle_commands")


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_puzzles_do_not_reach_the_midend(puzzle: str) -> None:
    """The midend calls the puzzles, never the reverse: no module of a puzzle imports
    :mod:`proofgrid.midend`, directly or through any chain of proofgrid imports."""
    g = _module_graph()
    mine = [n for n in g if _area(n) == puzzle]
    assert mine
    bad = sorted(
        " -> ".join(nx.shortest_path(g, m, "proofgrid.midend"))
        for m in mine
        if "proofgrid.midend" in nx.descendants(g, m)
    )
    assert not bad, "\n".join(bad)


def test_no_cycle_between_packages() -> None:
    g = nx.DiGraph()
    for me, mod, _ in RUNTIME_EDGES:
        a, b = _area(me), _area(mod)
        if a and b and a != b:
            g.add_edge(a, b)
    cycles = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    assert not cycles, f"import cycles between packages: {cycles}"


def _private_imports(path: Path) -> Iterator[str]:
    """``from proofgrid.x import _name`` (or a relative twin) in ``path``: a module
    reaching into another's private names."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = node.module or ""
        if node.level == 0 and not module.startswith("proofgrid"):
            continue
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                yield f"{path.name}:{node.lineno}: {module}.{alias.name}"


def test_no_module_imports_another_modules_private_names() -> None:
    """One owner for each truth: what another module needs is public (the package's
    whole tree, read by ``ast``; a private name is one with a single leading underscore)."""
    found = [
        f"{path.parent.relative_to(SRC)}/{hit}"
        for path in sorted(ROOT.rglob("*.py"))
        for hit in _private_imports(path)
    ]
    assert found == []


def test_the_private_import_check_sees_one(tmp_path: Path) -> None:
    """The check above can fail: it finds an absolute and a relative private import."""
    probe = tmp_path / "probe.py"
    text = "from proofgrid.kirchhoff.notation import _x\nfrom .graph import _y\nfrom os import _z\n"
    probe.write_text(text, encoding="utf-8")
    hits = list(_private_imports(probe))
    assert [h.rsplit(": ", 1)[1] for h in hits] == ["proofgrid.kirchhoff.notation._x", "graph._y"]
