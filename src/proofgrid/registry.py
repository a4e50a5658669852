"""The registry: the one place that names the puzzles.

Each :class:`Entry` holds a puzzle's name, its one-line help and the import
path of its contract object (a :class:`proofgrid.puzzle.Puzzle`), plus what
the site shell needs to route to it (:class:`WebEntry`). Nothing here imports
a puzzle package: :func:`get` imports one the first time one of its commands,
routes or tasks runs, so ``proofgrid --help`` stays fast.

Adding a puzzle
---------------
Write a package that ends with one ``Puzzle`` instance (see
``docs/architecture.md``), then either add an :class:`Entry` to
:data:`BUILTIN` (a puzzle shipped with proofgrid) or call :func:`register`
from your own code. For a process started from the shell (the CLI, the
server), name modules that call :func:`register` in the environment variable
``PROOFGRID_PLUGINS`` (comma-separated); they are imported when the registry
is first read.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from proofgrid.errors import UnknownPuzzleError

if TYPE_CHECKING:
    from proofgrid.puzzle import Puzzle

__all__ = [
    "BUILTIN",
    "PLUGINS_ENV",
    "Entry",
    "WebEntry",
    "entries",
    "entry",
    "get",
    "names",
    "register",
    "unregister",
    "web_manifest",
]

PLUGINS_ENV = "PROOFGRID_PLUGINS"


@dataclass(frozen=True, slots=True)
class WebEntry:
    """How the site shell reaches a puzzle's browser app.

    Attributes
    ----------
    route : str
        The first segment of the puzzle's hash routes (``""`` for the site's
        default puzzle, whose routes carry no prefix).
    module : str
        The puzzle's UI entry module, relative to the site root; the shell
        imports it lazily and calls its ``mount`` export.
    tier : str
        ``"core"`` when its files are precached on the first visit, otherwise
        the name of the cache group fetched in the background once idle.
    folder : Path | None
        A folder of the puzzle's own web files served at ``js/{name}/``
        (``None`` for a puzzle shipped inside ``proofgrid/web``).
    extra : tuple[str, ...]
        Shared site files only this puzzle uses (a path, or a folder ending in
        ``/``): they join the puzzle's cache tier instead of the core.
    style : str
        The puzzle's own stylesheet, relative to the site root (``""``: none).
        The shell links it before the puzzle's first page shows, so a first
        visit to another puzzle never downloads it.
    home : str
        A small module of the puzzle's, relative to the site root, exporting
        ``card`` (what the site's home shows of it; the UI module re-exports
        it), so the home loads no puzzle's whole app (``""``: the shell reads
        ``card`` from ``module``).
    engine : str
        The puzzle's engine mirror (its ``engine/index.js``, filling
        ``ENGINE_CONTRACT``), relative to the site root; the shell's midend
        (``js/app/midend.js``) imports it and hands it to ``module``'s
        ``mount``, so no view imports an engine (``""``: the puzzle has none).
    worker : str
        The puzzle's Web Worker module answering the midend's ``hint``,
        ``status`` and ``solve`` (``""``: none), so no answer is computed on
        the page's thread.
    """

    route: str
    module: str
    tier: str = "core"
    folder: Path | None = None
    extra: tuple[str, ...] = ()
    style: str = ""
    home: str = ""
    engine: str = ""
    worker: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """A registered puzzle: name, one-line help and where its contract object lives."""

    name: str
    summary: str
    target: str
    """``"package.module:ATTRIBUTE"`` of the :class:`~proofgrid.puzzle.Puzzle` instance."""
    title: str = ""
    web: WebEntry | None = None
    cached: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def load(self) -> Puzzle[Any, Any]:
        """Import the puzzle's package (once) and return its contract object."""
        puzzle = self.cached.get("puzzle")
        if puzzle is None:
            module_name, _, attr = self.target.partition(":")
            puzzle = getattr(importlib.import_module(module_name), attr)
            self.cached["puzzle"] = puzzle
        return puzzle  # type: ignore[no-any-return]


BUILTIN: tuple[Entry, ...] = (
    Entry(
        name="matchless",
        title="Matchless",
        summary="Matchless: light the whole sky with the fewest matches (par is proved).",
        target="proofgrid.matchless.contract:MATCHLESS",
        web=WebEntry(
            route="",
            module="js/matchless/ui/app.js",
            tier="core",
            style="css/matchless.css",
            home="js/matchless/ui/card.js",
            engine="js/matchless/engine/index.js",
            worker="js/matchless/ui/worker.js",
        ),
    ),
    Entry(
        name="kirchhoff",
        title="Kirchhoff",
        summary="Kirchhoff: draw arrows so flow is conserved; one solution, exact hints.",
        target="proofgrid.kirchhoff.contract:KIRCHHOFF",
        web=WebEntry(
            route="kirchhoff",
            module="js/kirchhoff/ui/app.js",
            tier="kirchhoff",
            extra=("js/core/flow.js",),
            style="css/kirchhoff.css",
            home="js/kirchhoff/ui/card.js",
            engine="js/kirchhoff/engine/index.js",
            worker="js/kirchhoff/ui/worker.js",
        ),
    ),
)

_entries: dict[str, Entry] = {}
_state = {"plugins_loaded": False}


def _ensure() -> dict[str, Entry]:
    if not _state["plugins_loaded"]:
        _state["plugins_loaded"] = True
        for e in BUILTIN:
            _entries.setdefault(e.name, e)
        for module in filter(None, (m.strip() for m in os.environ.get(PLUGINS_ENV, "").split(","))):
            importlib.import_module(module)
    return _entries


def register(e: Entry, *, replace: bool = False) -> Entry:
    """Register a puzzle (the extension point); refuses a taken name unless ``replace``."""
    table = _ensure()
    if not e.name.isidentifier() or e.name != e.name.lower():
        raise ValueError(f"puzzle name {e.name!r} must be a lower-case identifier")
    if e.name in table and not replace:
        raise ValueError(f"a puzzle named {e.name!r} is already registered")
    table[e.name] = e
    return e


def unregister(name: str) -> None:
    """Remove a registered puzzle (tests use it to undo :func:`register`)."""
    _ensure().pop(name, None)


def entries() -> Iterator[Entry]:
    """Every registered puzzle, in registration order (built-ins first)."""
    return iter(tuple(_ensure().values()))


def names() -> list[str]:
    """The registered puzzle names."""
    return list(_ensure())


def entry(name: str) -> Entry:
    """The entry of a puzzle; raises :class:`UnknownPuzzleError`."""
    table = _ensure()
    try:
        return table[name]
    except KeyError:
        raise UnknownPuzzleError(
            f"no puzzle named {name[:40]!r} (choose from {', '.join(table)})"
        ) from None


def get(name: str) -> Puzzle[Any, Any]:
    """The contract object of a puzzle (imports its package on first use)."""
    return entry(name).load()


def web_manifest() -> list[dict[str, str]]:
    """The site shell's registry table: one row per puzzle with a browser app.

    The server writes it as ``js/registry.json`` (and the service worker's
    cache tiers are read from the same rows), so Python and the browser share
    one list of puzzles. A row carries ``style``, ``home``, ``engine`` and
    ``worker`` only when the puzzle has them.
    """
    rows: list[dict[str, str]] = []
    for e in entries():
        if e.web is not None:
            row = {
                "name": e.name,
                "title": e.title or e.name.title(),
                "route": e.web.route,
                "module": e.web.module,
                "tier": e.web.tier,
            }
            if e.web.style:
                row["style"] = e.web.style
            if e.web.home:
                row["home"] = e.web.home
            if e.web.engine:
                row["engine"] = e.web.engine
            if e.web.worker:
                row["worker"] = e.web.worker
            rows.append(row)
    return rows
