"""The static site: files read once into memory, the registry table, the stamped service worker.

Static files are read once, at start-up, into a map from relative path to
bytes; a request is answered only when its decoded path is a key of that map,
so no path (``..``, ``%2e%2e``, absolute, backslashes, NUL) can reach a file
outside the folder. Dot-files and Python files are never served.

The site is the package's ``web`` folder, plus, for each registered puzzle
whose :class:`~proofgrid.registry.WebEntry` has a ``folder``, that folder's
files at ``js/{name}/``, plus ``js/registry.json``: the registry's table
(:func:`proofgrid.registry.web_manifest`), from which the shell learns which
puzzles exist. It is generated when the site is loaded, so it replaces the copy
kept in the web folder for pages opened without a server, and it lists the
puzzles registered at run time (``PROOFGRID_PLUGINS``) too.

Offline cache tiers
-------------------
Every asset belongs to exactly one tier, decided by :func:`cache_group` from
the registry's web entries (:func:`cache_rules`):

* a file under ``js/{name}/`` belongs to puzzle ``name``'s tier, and so does
  every shared file its entry claims (``WebEntry.extra``);
* every other file belongs to the **core**.

The core (``ASSETS`` in ``sw.js``: the shell, styles, icons, manifest,
``js/registry.json`` and every puzzle whose tier is ``"core"``) is precached
at install. Each other tier is a **group** (``GROUPS`` in ``sw.js``): not
precached; the service worker stores each group file as it is first fetched,
and the shell asks it to cache the whole group on that puzzle's first route,
so one visit makes every view of that puzzle work offline.

The service worker is *stamped* when the site is loaded: its two asset lists
and the cache version (a hash of every asset's bytes) are written into
``sw.js``, so any change of any file installs a new cache and drops the old one.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from fastapi import Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from proofgrid import registry

__all__ = [
    "BUILTIN_JS",
    "CORE",
    "MIME_TYPES",
    "REGISTRY_JSON",
    "SW_NAME",
    "WEB_DIR",
    "SiteFile",
    "builtin_registry_js",
    "cache_group",
    "cache_rules",
    "cache_tiers",
    "load_site",
    "registry_json",
    "stamp_service_worker",
    "static_handler",
    "write_site",
]

WEB_DIR = Path(__file__).resolve().parents[1] / "web"
SW_NAME = "sw.js"
REGISTRY_JSON = "js/registry.json"
#: The shell's copy of the registry table for pages opened without a server.
BUILTIN_JS = "js/app/registry.js"
#: The tier name that means "precached at install".
CORE = "core"

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
}

_SKIP_SUFFIXES = {".py", ".pyc", ".map"}


@dataclass(frozen=True, slots=True)
class SiteFile:
    """One file of the site: its bytes, MIME type and strong ETag."""

    body: bytes
    media_type: str
    etag: str


def _servable(rel: Path) -> bool:
    parts = rel.parts
    if any(p.startswith(".") or p == "__pycache__" for p in parts):
        return False
    return rel.suffix not in _SKIP_SUFFIXES and rel.suffix in MIME_TYPES


def _site_paths(web_dir: Path) -> list[str]:
    """Relative POSIX paths of every servable file under ``web_dir``, sorted."""
    root = web_dir.resolve()
    out: list[str] = []
    for path in root.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        rel = path.relative_to(root)
        if _servable(rel):
            out.append(rel.as_posix())
    return sorted(out)


# --- offline cache tiers (module docstring) ---------------------------------------------------


def cache_rules() -> dict[str, tuple[str, ...]]:
    """The cache groups of the registered puzzles: tier name -> path rules.

    A rule is a folder (ending in ``/``) or one file: ``js/{name}/`` and the
    entry's ``extra`` claims. Puzzles whose tier is :data:`CORE` add no rule.
    Groups come in registration order. O(number of entries).
    """
    rules: dict[str, list[str]] = {}
    for e in registry.entries():
        if e.web is not None and e.web.tier != CORE:
            rules.setdefault(e.web.tier, []).extend((f"js/{e.name}/", *e.web.extra))
    return {tier: tuple(paths) for tier, paths in rules.items()}


def cache_group(path: str, rules: Mapping[str, Sequence[str]] | None = None) -> str | None:
    """The cache group of a site path (relative, POSIX), or ``None`` for the core.

    The single place that decides a file's tier; ``rules`` defaults to
    :func:`cache_rules`. O(total number of rules).
    """
    for name, paths in (cache_rules() if rules is None else rules).items():
        for rule in paths:
            if path == rule or (rule.endswith("/") and path.startswith(rule)):
                return name
    return None


def cache_tiers(paths: Iterable[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Split asset paths into the core list and each group's list (input order kept).

    Every path lands in exactly one list; every group of :func:`cache_rules`
    is present, possibly empty.
    """
    rules = cache_rules()
    core: list[str] = []
    groups: dict[str, list[str]] = {name: [] for name in rules}
    for path in paths:
        group = cache_group(path, rules)
        (core if group is None else groups[group]).append(path)
    return core, groups


_ASSETS_RE = re.compile(r"const ASSETS = \[[^\]]*\];")
_GROUPS_RE = re.compile(r"const GROUPS = \{[^}]*\};")
_VERSION_RE = re.compile(r'const VERSION = "[^"]*";')


def stamp_service_worker(
    source: str, assets: Sequence[str], groups: Mapping[str, Sequence[str]], version: str
) -> str:
    """Write the precache list, the cache groups and the cache version into ``sw.js``.

    ``sw.js`` holds exactly one ``const ASSETS = [...];``, one
    ``const GROUPS = {...};`` and one ``const VERSION = "...";`` line; all three
    are replaced (``ASSETS`` gains ``"./"``, the page itself). Raises
    ``ValueError`` when one is missing, so a broken worker is never shipped.
    """
    if any(len(rx.findall(source)) != 1 for rx in (_ASSETS_RE, _GROUPS_RE, _VERSION_RE)):
        raise ValueError("sw.js must contain one ASSETS list, one GROUPS map and one VERSION")
    listing = json.dumps(["./", *assets], indent=2)
    grouping = json.dumps({name: list(files) for name, files in groups.items()}, indent=2)
    out = _ASSETS_RE.sub(lambda _m: f"const ASSETS = {listing};", source)
    out = _GROUPS_RE.sub(lambda _m: f"const GROUPS = {grouping};", out)
    return _VERSION_RE.sub(lambda _m: f'const VERSION = "{version}";', out)


# --- loading and writing the site -------------------------------------------------------------


def registry_json() -> bytes:
    """The bytes of ``js/registry.json``: :func:`proofgrid.registry.web_manifest` as JSON."""
    return (json.dumps(registry.web_manifest(), indent=2) + "\n").encode()


def builtin_registry_js(rows: Sequence[Mapping[str, str]]) -> str:
    """The text of :data:`BUILTIN_JS`: the registry table ``rows`` as an ES module.

    The shell (``js/app/puzzles.js``) falls back on it when ``js/registry.json``
    cannot be fetched (a page opened from ``file://``). Its first line says it
    is generated, which is what lets it name puzzles: the shell's hand-written
    code names none. ``tools/web_registry.py`` writes it for the built-in
    puzzles; a test keeps it equal to :func:`proofgrid.registry.web_manifest`.
    """
    items = "".join(
        "  Object.freeze({ "
        + ", ".join(f"{k}: {json.dumps(v)}".replace('"', "'") for k, v in row.items())
        + " }),\n"
        for row in rows
    )
    return (
        "// Generated from src/proofgrid/registry.py by tools/web_registry.py"
        " (proofgrid.server.site.builtin_registry_js): do not edit.\n"
        "// The registry table of the puzzles shipped with proofgrid, for pages opened\n"
        "// without a server (file://); a served page reads js/registry.json instead.\n\n"
        f"export const BUILTIN = Object.freeze([\n{items}]);\n"
    )


def _sources(root: Path) -> dict[str, Path]:
    """Site path -> file on disk: the web folder, then each registered puzzle's own folder.

    A puzzle folder's files are served at ``js/{name}/``; a path already taken
    raises ``ValueError`` (two files must never compete for one URL).
    """
    sources = {p: root / p for p in _site_paths(root)}
    for e in registry.entries():
        if e.web is None or e.web.folder is None:
            continue
        folder = e.web.folder.resolve()
        for rel in _site_paths(folder):
            path = f"js/{e.name}/{rel}"
            if path in sources or path == REGISTRY_JSON:
                raise ValueError(f"puzzle {e.name!r}: {path} is already a file of the site")
            sources[path] = folder / rel
    return sources


def load_site(web_dir: Path = WEB_DIR) -> dict[str, SiteFile]:
    """Read the whole site into memory, with ``sw.js`` stamped (module docstring).

    The cache version is the first 16 hex digits of SHA-256 over every other
    file's path and bytes (both tiers, ``js/registry.json`` included), so it
    changes exactly when some asset does; the tiers come from :func:`cache_tiers`.
    """
    raw = {p: f.read_bytes() for p, f in _sources(web_dir.resolve()).items()}
    raw[REGISTRY_JSON] = registry_json()
    paths = sorted(raw)
    digest = hashlib.sha256()
    for p in paths:
        if p != SW_NAME:
            digest.update(p.encode() + b"\0" + raw[p] + b"\0")
    version = digest.hexdigest()[:16]
    if SW_NAME in raw:
        core, groups = cache_tiers(p for p in paths if p != SW_NAME)
        stamped = stamp_service_worker(raw[SW_NAME].decode(), core, groups, version)
        raw[SW_NAME] = stamped.encode()
    files: dict[str, SiteFile] = {}
    for p in paths:
        body = raw[p]
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        files[p] = SiteFile(body, MIME_TYPES[Path(p).suffix], etag)
    return files


def write_site(out: Path, web_dir: Path = WEB_DIR) -> list[str]:
    """Write the static site (stamped service worker included) into ``out``.

    The result can be hosted by any static file server, under any path: every
    URL inside the site is relative. Returns the relative paths written.
    """
    files = load_site(web_dir)
    out.mkdir(parents=True, exist_ok=True)
    for rel, f in files.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f.body)
    return sorted(files)


# --- serving ----------------------------------------------------------------------------------


def static_handler(files: dict[str, SiteFile]) -> Callable[[Request], Awaitable[Response]]:
    """The route answering a site path from ``files`` (ETag, 304, HEAD; 404 otherwise)."""
    not_found = StarletteHTTPException(404, "not found")

    async def serve_static(request: Request) -> Response:
        path: str = request.path_params.get("path", "")
        if path in ("", "index.html"):
            path = "index.html"
        f = files.get(path)
        if f is None:
            raise not_found
        headers = {"ETag": f.etag, "Cache-Control": "no-cache"}
        if path == SW_NAME:
            headers["Cache-Control"] = "no-cache, no-store, must-revalidate"
            headers["Service-Worker-Allowed"] = "/"
        if request.headers.get("if-none-match") == f.etag:
            return Response(status_code=304, headers=headers)
        if request.method == "HEAD":
            headers["Content-Length"] = str(len(f.body))
            return Response(content=b"", media_type=f.media_type, headers=headers)
        return Response(content=f.body, media_type=f.media_type, headers=headers)

    return serve_static
