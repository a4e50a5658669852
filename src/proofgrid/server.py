"""The web app: the static site shipped in ``proofgrid/web`` and a JSON API.

One process (FastAPI on uvicorn) serves both. The site needs nothing from the
API: the browser engine (``web/js``) builds the daily board and solves it
offline. The API exposes the *Python* engine for other programs and for
checking the browser's claims: today's or a given date's daily, a generated
board for params and seed, the par proof (witness and X-ray) of a game ID, and
a duel bot move.

Hardening
---------
* Static files are read once, at start-up, into a map from relative path to
  bytes; a request is answered only when its decoded path is a key of that
  map, so no path (``..``, ``%2e%2e``, absolute, backslashes, NUL) can reach a
  file outside the folder. Dot-files and Python files are never served.
* Request bodies are capped (:data:`MAX_BODY`, 413 past it) by a pure ASGI
  middleware that counts bytes whether or not ``Content-Length`` is sent.
* Every error is JSON ``{"detail": "<one line>"}`` with a 4xx status (5xx only
  for a bug, without a traceback).
* Security headers on every response, with a Content-Security-Policy the site
  satisfies (no inline script or style, no third-party origin).
* The service worker is *stamped* when the site is loaded: its two asset
  lists and the cache version (a hash of every asset's bytes) are written into
  ``sw.js``, so any change of any file installs a new cache and drops the old one.

Offline cache tiers
-------------------
Every asset belongs to exactly one tier, decided by its path in one place,
:func:`cache_group` (rules in :data:`CACHE_GROUPS`, exceptions in
:data:`CORE_PINNED`):

* the **core** (``ASSETS`` in ``sw.js``): the shell, styles, icons, manifest,
  ``js/app``, ``js/core`` and ``js/matchless`` — everything the Matchless
  modes need offline. The service worker precaches it at install, so a first
  visit to the daily transfers the page plus the core and nothing else.
* **groups** (``GROUPS`` in ``sw.js``), today one: ``kirchhoff``
  (``js/kirchhoff/`` and ``js/core/flow.js``). Not precached: the service
  worker stores each group file as it is first fetched, and the Kirchhoff app,
  on its first route, asks it to cache the whole group (``js/app/offline.js``),
  so one Kirchhoff visit makes every Kirchhoff view work offline. A group
  already in the previous version's cache is cached again when a new version
  installs, so an update never takes a puzzle away offline.

A group file that core code imports statically would be fetched on a core-only
visit, so it is pinned to the core (:data:`CORE_PINNED`); ``tests/web`` scans the
import statements of every core module to check that none reaches a group file.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
import socket
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import uvicorn
from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from proofgrid import __version__
from proofgrid.matchless import daily as m_daily
from proofgrid.matchless import duel as m_duel
from proofgrid.matchless import solve as m_solve
from proofgrid.matchless.board import Board
from proofgrid.matchless.daily import parse_date
from proofgrid.matchless.game import execute_move, game_id, move_name, new_state, parse_game_id
from proofgrid.matchless.generate import generate_board, seed_value
from proofgrid.matchless.params import decode_params, encode_params
from proofgrid.matchless.solve import Solution
from proofgrid.puzzle import InvalidGameIdError, ProofgridError
from proofgrid.server_kirchhoff import kirchhoff_router

__all__ = [
    "CACHE_GROUPS",
    "CORE_PINNED",
    "CSP",
    "MAX_BODY",
    "WEB_DIR",
    "SiteFile",
    "bind",
    "cache_group",
    "cache_tiers",
    "create_app",
    "load_site",
    "run",
    "stamp_service_worker",
    "write_site",
]

WEB_DIR = Path(__file__).resolve().parent / "web"
MAX_BODY = 16 * 1024

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)

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
SW_NAME = "sw.js"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# --- the static site ------------------------------------------------------------------------


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

#: Cache groups: name -> path rules (a folder ending in "/" or one file). A file matching
#: a group's rules is cached on that puzzle's first use instead of at install.
CACHE_GROUPS: dict[str, tuple[str, ...]] = {
    "kirchhoff": ("js/kirchhoff/", "js/core/flow.js"),
}

#: Files matching a group's rules that core code imports statically
#: (``js/app/router.js`` imports ``js/kirchhoff/routes.js``, which imports
#: ``records.js``): fetched by every visit, so they belong to the core.
CORE_PINNED: frozenset[str] = frozenset({"js/kirchhoff/records.js", "js/kirchhoff/routes.js"})


def cache_group(path: str) -> str | None:
    """The cache group of a site path (relative, POSIX), or ``None`` for the core.

    O(total number of rules). The single place that decides a file's tier.
    """
    if path in CORE_PINNED:
        return None
    for name, rules in CACHE_GROUPS.items():
        for rule in rules:
            if path == rule or (rule.endswith("/") and path.startswith(rule)):
                return name
    return None


def cache_tiers(paths: Iterable[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Split asset paths into the core list and each group's list (input order kept).

    Every path lands in exactly one list; every group of :data:`CACHE_GROUPS`
    is present, possibly empty.
    """
    core: list[str] = []
    groups: dict[str, list[str]] = {name: [] for name in CACHE_GROUPS}
    for path in paths:
        group = cache_group(path)
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


def load_site(web_dir: Path = WEB_DIR) -> dict[str, SiteFile]:
    """Read the whole site into memory, with ``sw.js`` stamped (module docstring).

    The cache version is the first 16 hex digits of SHA-256 over every other
    file's path and bytes (both tiers), so it changes exactly when some asset
    does; the tiers come from :func:`cache_tiers`.
    """
    root = web_dir.resolve()
    paths = _site_paths(root)
    raw = {p: (root / p).read_bytes() for p in paths}
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
    for p, body in raw.items():
        media = MIME_TYPES[Path(p).suffix]
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        files[p] = SiteFile(body, media, etag)
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


# --- ASGI middleware ----------------------------------------------------------------------


def _json_bytes(status: int, detail: str) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    body = json.dumps({"detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    return body, headers


class SecurityHeaders:
    """Pure ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response.

    It is the outermost layer of :func:`create_app`'s result, so it also carries
    ``site_files``, the served map of files (replace its contents with a new
    :func:`load_site` to publish a new version without a restart).
    """

    def __init__(self, app: ASGIApp, site_files: dict[str, SiteFile] | None = None) -> None:
        self.app = app
        self.site_files = site_files if site_files is not None else {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() not in {name for name, _ in SECURITY_HEADERS}
                ]
                headers.extend(SECURITY_HEADERS)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Pure ASGI middleware: reject request bodies longer than ``limit`` bytes with 413.

    A declared ``Content-Length`` over the limit is refused before reading; a
    body without one (chunked) is read up to ``limit + 1`` bytes and refused
    when it goes past. Accepted bodies are replayed to the app unchanged.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def _refuse(self, send: Send) -> None:
        body, headers = _json_bytes(413, f"request body larger than {self.limit} bytes")
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name.lower() == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    body, headers = _json_bytes(400, "malformed Content-Length header")
                    await send({"type": "http.response.start", "status": 400, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                    return
                if declared > self.limit:
                    await self._refuse(send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


# --- errors -------------------------------------------------------------------------------


def _one_line(text: str, limit: int = 200) -> str:
    stripped = text.strip()
    line = stripped.splitlines()[0] if stripped else "bad request"
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _validation_detail(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "invalid request"
    first = errors[0]
    loc = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
    msg = str(first.get("msg", "invalid value"))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return _one_line(f"{loc}: {msg}{more}")


def _install_error_handlers(app: FastAPI) -> None:
    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        detail = exc.detail if isinstance(exc.detail, str) else "error"
        return JSONResponse(
            {"detail": _one_line(detail)}, status_code=exc.status_code, headers=exc.headers
        )

    async def validation_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return JSONResponse({"detail": _validation_detail(exc)}, status_code=422)

    async def proofgrid_error(request: Request, exc: Exception) -> Response:
        return JSONResponse({"detail": _one_line(str(exc))}, status_code=400)

    async def server_error(request: Request, exc: Exception) -> Response:
        return JSONResponse({"detail": "internal error"}, status_code=500)

    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(ProofgridError, proofgrid_error)
    app.add_exception_handler(Exception, server_error)


# --- static route -------------------------------------------------------------------------


def _static_handler(files: dict[str, SiteFile]) -> Callable[[Request], Awaitable[Response]]:
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


# --- JSON API -----------------------------------------------------------------------------

_MAX_ID_CHARS = 600  # a 12x12 board's ID is ~200 characters
_MAX_BUDGET_MS = 2000
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BoardOut(BaseModel):
    """A board as a plain graph, so anyone can check the claims independently."""

    id: str = Field(description="Fixed-board game ID, RxC:desc")
    rows: int
    cols: int
    shells: list[tuple[int, int]] = Field(description="[row, col] of every shell, row-major")
    fuses: list[tuple[tuple[int, int], tuple[int, int]]] = Field(
        description="[[r1, c1], [r2, c2]]: a fuse from the first shell to the second"
    )


class ProofOut(BoardOut):
    """A board with its par and the X-ray certificate behind it."""

    par: int = Field(description="Number of source components of the condensation")
    witness: list[tuple[int, int]] = Field(description="One shell per source component")
    components: list[int] = Field(description="Component of every shell, in `shells` order")
    sources: list[int] = Field(description="Source components, ascending")
    condensation: list[tuple[int, int]] = Field(description="Edges between components")
    myopic_gap: int = Field(description="Extra matches the biggest-fan-out player pays")
    hidden_sources: int = Field(description="Source components of two or more shells")
    explanation: str


class NewOut(ProofOut):
    """A generated board: its seeded ID as well as its fixed one."""

    seed_id: str = Field(description="params#seed game ID that regenerates this board")


class DailyOut(ProofOut):
    """The daily board of a calendar date (the same for everyone, built from the date alone)."""

    date: str = Field(description="Calendar date, YYYY-MM-DD")
    number: int = Field(description="Puzzle number: days since the launch, plus one")


class SolveIn(_Strict):
    """A game ID and, optionally, the moves played so far (cell names such as b3)."""

    id: str = Field(min_length=1, max_length=_MAX_ID_CHARS)
    moves: list[str] = Field(default_factory=list, max_length=144)


class PositionOut(BaseModel):
    """Where a game stands after some moves."""

    matches: int
    remaining_par: int
    best_reachable: int = Field(description="matches + remaining_par: best final score left")
    par_reachable: bool
    lit: list[tuple[int, int]]
    won: bool


class SolveOut(ProofOut):
    """Proof of par, plus the position after the given moves."""

    position: PositionOut


class DuelIn(_Strict):
    """A duel position (the moves so far, both players') and the bot to ask."""

    id: str = Field(min_length=1, max_length=_MAX_ID_CHARS)
    moves: list[str] = Field(default_factory=list, max_length=144)
    rule: Literal["fewest", "most"] = "fewest"
    level: Literal["random", "greedy", "perfect"] = "perfect"
    seed: int = Field(0, ge=0, lt=2**64, description="Used by the random level only")
    budget_ms: int = Field(1000, ge=1, le=_MAX_BUDGET_MS, description="Search time budget")


class DuelOut(BaseModel):
    """The bot's move."""

    move: str = Field(description="Cell name of the shell to strike, e.g. b3")
    shell: tuple[int, int]
    perfect: bool = Field(description="True iff the move is proved optimal")
    value: int | None = Field(description="Exact value of the position for the mover, if known")


def _proof(board: Board) -> dict[str, Any]:
    sol = m_solve.solve(board)
    rc = board.shell_rc
    return {
        "id": game_id(board),
        "rows": board.rows,
        "cols": board.cols,
        "shells": [rc(v) for v in range(board.n)],
        "fuses": [(rc(a), rc(b)) for a, b in board.fuses()],
        "par": sol.par,
        "witness": [rc(v) for v in sol.witness],
        "components": list(sol.xray.components),
        "sources": list(sol.xray.sources),
        "condensation": list(sol.xray.edges),
        "myopic_gap": m_solve.myopic_gap(board),
        "hidden_sources": m_solve.hidden_sources(sol),
        "explanation": _explain(sol, board.n),
    }


def _explain(sol: Solution, shells: int) -> str:
    comps, k = sol.xray.count, sol.par
    which = (
        "only 1 of them has no fuse coming in from another component, so it needs a match"
        if k == 1
        else f"exactly {k} of them have no fuse coming in from another component, "
        "so each needs its own match"
    )
    return (
        f"Par is {k} because the fuses group the {shells} shells into {comps} "
        f"component{'s' if comps != 1 else ''}, and {which}; one match in each reaches everything."
    )


def _parse_id(text: str) -> Board:
    if len(text) > _MAX_ID_CHARS:
        raise InvalidGameIdError(f"game ID longer than {_MAX_ID_CHARS} characters")
    return parse_game_id(text)[1]


def api_router() -> APIRouter:
    """The JSON API over the Python Matchless engine."""
    router = APIRouter(prefix="/api")

    @router.get("/health", summary="Liveness check")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @router.get("/matchless/daily", summary="Today's daily board (the server's local date)")
    def daily_today() -> DailyOut:
        return _daily(today())

    @router.get("/matchless/daily/{date}", summary="The daily board of a given date")
    def daily_on(date: str) -> DailyOut:
        if not _DATE_RE.match(date):
            raise StarletteHTTPException(400, f"cannot read date {date[:20]!r} (use YYYY-MM-DD)")
        return _daily(parse_date(date))

    @router.get("/matchless/new", summary="Generate a board for params and a seed")
    def new_board(
        params: str = Query("6x6", max_length=20, description="RxC[dNN][fK], e.g. 6x6d75f2"),
        seed: str = Query(..., min_length=1, max_length=64, description="digits or any text"),
    ) -> NewOut:
        p = decode_params(params)
        board = generate_board(p, seed_value(seed))
        return NewOut(**_proof(board), seed_id=f"{encode_params(p)}#{seed.strip()}")

    @router.get("/matchless/solve", summary="Par, witness and X-ray of a game ID")
    def solve_get(
        id: str = Query(..., min_length=1, max_length=_MAX_ID_CHARS, description="game ID"),
    ) -> SolveOut:
        return _solve(SolveIn(id=id))

    @router.post("/matchless/solve", summary="Par, X-ray and the position after some moves")
    def solve_post(body: SolveIn) -> SolveOut:
        return _solve(body)

    @router.post("/matchless/duel", summary="The duel bot's move in a position")
    def duel(body: DuelIn) -> DuelOut:
        board = _parse_id(body.id)
        state = new_state(board)
        for move in body.moves:
            state = execute_move(state, move)
        bot = m_duel.bot_move(
            board.succ,
            state.unlit,
            m_duel.Rule(body.rule),
            m_duel.Level(body.level),
            body.seed,
            body.budget_ms,
        )
        return DuelOut(
            move=move_name(board, bot.shell),
            shell=board.shell_rc(bot.shell),
            perfect=bot.perfect,
            value=bot.value,
        )

    return router


def _daily(date: _dt.date) -> DailyOut:
    d = m_daily.daily(date)
    return DailyOut(**_proof(d.board), date=date.isoformat(), number=d.number)


def _solve(body: SolveIn) -> SolveOut:
    board = _parse_id(body.id)
    state = new_state(board)
    for move in body.moves:
        state = execute_move(state, move)
    proof = _proof(board)
    rem = m_solve.remaining_par(board, state.unlit).par
    lit = [board.shell_rc(v) for v in range(board.n) if state.is_lit(v)]
    position = PositionOut(
        matches=state.matches,
        remaining_par=rem,
        best_reachable=state.matches + rem,
        par_reachable=state.matches + rem == proof["par"],
        lit=lit,
        won=state.unlit == 0,
    )
    return SolveOut(**proof, position=position)


# --- app ----------------------------------------------------------------------------------


def create_app(web_dir: Path | None = None, *, max_body: int = MAX_BODY) -> SecurityHeaders:
    """Build the ASGI app: JSON API under ``/api``, the site everywhere else.

    Parameters
    ----------
    web_dir : Path, optional
        Folder of the static site (default: the one shipped in the package).
    max_body : int
        Largest accepted request body in bytes (413 past it).
    """
    files = load_site(web_dir or WEB_DIR)
    app = FastAPI(
        title="proofgrid",
        summary="Matchless: daily boards, par proofs and a duel bot, from the Python engine.",
        version=_package_version(),
        docs_url=None,
        redoc_url=None,
    )
    _install_error_handlers(app)
    app.include_router(api_router())
    app.include_router(kirchhoff_router())

    async def api_not_found(request: Request) -> Response:
        raise StarletteHTTPException(404, f"no API route {request.url.path}")

    app.add_api_route(
        "/api/{rest:path}",
        api_not_found,
        methods=["GET", "POST", "PUT", "DELETE", "PATCH"],
        include_in_schema=False,
    )
    handler = _static_handler(files)
    app.add_api_route("/", handler, methods=["GET", "HEAD"], include_in_schema=False)
    app.add_api_route("/{path:path}", handler, methods=["GET", "HEAD"], include_in_schema=False)
    return SecurityHeaders(BodyLimit(app, max_body), site_files=files)


def _package_version() -> str:
    return str(__version__)


def today() -> _dt.date:
    """The server's local calendar date (what "today's daily" means here)."""
    return _dt.date.today()


def bind(host: str = "127.0.0.1", port: int = 8000) -> socket.socket:
    """A listening TCP socket on ``host:port`` (raises ``OSError`` if it cannot be had)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def run(sock: socket.socket, web_dir: Path | None = None) -> None:
    """Serve the site and the API with uvicorn on an already bound socket until interrupted."""
    config = uvicorn.Config(
        create_app(web_dir),
        log_level="warning",
        server_header=False,
        proxy_headers=False,
    )
    uvicorn.Server(config).run(sockets=[sock])
