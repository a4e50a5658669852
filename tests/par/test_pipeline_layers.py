"""The shape of ``proofgrid par``'s code, read statically (``ast``).

* ``proofgrid.graph`` holds algorithms only: no module of it opens a file or
  imports the input layer (``proofgrid.par``, ``io``, ``gzip`` ...);
* no module of the package imports another module's private names
  (``from x import _name`` or ``x._name`` through an imported module);
* ``proofgrid.par`` exists as a package and ``bridge`` (a pass-through) is gone.

Oracle: the source files themselves, parsed by Python's own ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "proofgrid"
READERS = {"io", "gzip", "bz2", "lzma", "zstandard", "pyarrow", "mmap", "proofgrid.par"}


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def test_graph_reads_no_file() -> None:
    bad = []
    files = sorted((SRC / "graph").rglob("*.py"))
    assert len(files) >= 4
    for path in files:
        for node in ast.walk(_tree(path)):
            call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            if call and node.func.id == "open":  # type: ignore[attr-defined]
                bad.append(f"{path.name}:{node.lineno} calls open()")
            if isinstance(node, ast.Attribute) and node.attr in {"open", "read_text", "fromfile"}:
                bad.append(f"{path.name}:{node.lineno} uses .{node.attr}")
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if any(name == r or name.startswith(r + ".") for r in READERS):
                    bad.append(f"{path.name}:{node.lineno} imports {name}")
    assert not bad, "\n".join(bad)


def _private_imports(path: Path) -> list[str]:
    out = []
    tree = _tree(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    out.append(f"{path.relative_to(SRC)}:{node.lineno} imports {alias.name}")
    return out


def test_no_module_imports_another_modules_private_names() -> None:
    """In this issue's area: ``graph/``, ``par/`` and the ``par`` command."""
    files = [*SRC.joinpath("graph").rglob("*.py"), *SRC.joinpath("par").rglob("*.py")]
    files.append(SRC / "cli" / "par.py")
    bad = [hit for path in sorted(files) for hit in _private_imports(path)]
    assert not bad, "\n".join(bad)


def test_the_scan_sees_private_imports(tmp_path: Path) -> None:
    """Guard: the rule above fires on a private import (so it cannot pass vacuously)."""
    probe = tmp_path / "probe.py"
    probe.write_text("from proofgrid.par.scan import _x\n", encoding="utf-8")
    global SRC  # noqa: PLW0603 (the probe lies outside the package)
    saved, SRC = SRC, tmp_path
    try:
        assert _private_imports(probe)
    finally:
        SRC = saved


def test_the_pipeline_is_one_package() -> None:
    par = SRC / "par"
    assert (par / "__init__.py").is_file()
    for stage in ("sources", "scan", "keys/__init__", "text", "tables", "certificate", "writers"):
        assert (par / f"{stage}.py").is_file(), stage
    assert not (SRC / "graph" / "bridge.py").exists()
    graph = {p.stem for p in (SRC / "graph").glob("*.py")}
    # algorithms only: strong components (and trim-and-reach for par's seeds), flow
    assert graph <= {"__init__", "scc", "reach", "flow", "compiled", "sparse"}, graph


def _module_of(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _exists(module: str) -> bool:
    base = SRC.parent.joinpath(*module.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def test_no_import_cycle_between_the_pipelines_modules() -> None:
    """Module by module (imports inside functions too): the pipeline reads one way.
    Oracle: networkx's strongly connected components of the import graph."""
    import networkx as nx  # noqa: PLC0415

    g = nx.DiGraph()
    files = [*SRC.joinpath("graph").rglob("*.py"), *SRC.joinpath("par").rglob("*.py")]
    for path in files:
        me = _module_of(path)
        g.add_node(me)
        for node in ast.walk(_tree(path)):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [
                    f"{node.module}.{a.name}" if _exists(f"{node.module}.{a.name}") else node.module
                    for a in node.names
                ]
            for t in targets:
                if t.startswith(("proofgrid.par", "proofgrid.graph")) and t != me:
                    g.add_edge(me, t)
    assert g.number_of_edges() > 10
    cycles = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    assert not cycles, cycles
