"""The ASGI app: the JSON API under ``/api`` and the static site everywhere else.

:class:`ApiMethods` gives every API route the same HTTP semantics from the
OpenAPI document itself (so a route a puzzle adds gets them too): ``HEAD`` for
each ``GET``, ``OPTIONS`` answered with ``Allow``, ``405`` with the right
``Allow`` for a method the path does not take, and ``422`` for a query
parameter the operation does not declare. :func:`run` serves the app with
the connection limits of :mod:`proofgrid.server.connections`.
"""

from __future__ import annotations

import contextlib
import re
import socket
import urllib.parse
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from proofgrid import __version__, registry
from proofgrid.server.api import api_routers
from proofgrid.server.connections import ConnLimits, guarded_protocol
from proofgrid.server.engine import Engine
from proofgrid.server.middleware import (
    MAX_BODY,
    ASGIApp,
    BodyLimit,
    Message,
    Receive,
    RequestContext,
    Scope,
    SecurityHeaders,
    Send,
    install_error_handlers,
    send_error,
)
from proofgrid.server.pool import PoolSettings
from proofgrid.server.site import WEB_DIR, load_site, static_handler

__all__ = ["ApiMethods", "bind", "create_app", "plain_tuples", "run", "server_config"]


def plain_tuples(node: Any) -> Any:
    """The schema with each fixed-length tuple of one item type (``prefixItems`` of equal
    schemas, e.g. ``[row, col]``) written as ``items`` plus ``minItems``/``maxItems``.

    The same constraint, in the form every OpenAPI tool reads (some validators
    mistake ``prefixItems`` for the old array form of ``items``). In place; O(size).
    """
    if isinstance(node, dict):
        prefix = node.get("prefixItems")
        if isinstance(prefix, list) and prefix and all(p == prefix[0] for p in prefix):
            del node["prefixItems"]
            node["items"] = prefix[0]
        for v in node.values():
            plain_tuples(v)
    elif isinstance(node, list):
        for v in node:
            plain_tuples(v)
    return node


_PARAM = re.compile(r"\\\{[^/]+?\\\}")


class ApiMethods:
    """Pure ASGI middleware: the HTTP semantics of every documented API operation.

    The operations are read once from the app's OpenAPI document (``openapi``):
    each path template becomes a pattern, with its methods and each method's
    declared query parameters. For a request under ``/api/`` whose path
    matches a documented path:

    * ``HEAD`` is served as ``GET`` without the body (RFC 9110 §9.3.2);
    * ``OPTIONS`` is ``204`` with ``Allow`` (RFC 9110 §9.3.7);
    * a method the path does not take is ``405`` with ``Allow`` (§15.5.6);
    * a query parameter the operation does not declare is a one-line ``422``
      naming it (a misspelled option never silently means the default).

    Anything else passes through unchanged (an undocumented path is the app's
    JSON 404). O(documented paths) per API request.
    """

    def __init__(self, app: ASGIApp, openapi: Callable[[], dict[str, Any]]) -> None:
        self.app = app
        self._openapi = openapi
        self._table: list[tuple[re.Pattern[str], dict[str, frozenset[str]]]] | None = None

    def table(self) -> list[tuple[re.Pattern[str], dict[str, frozenset[str]]]]:
        """``(path pattern, {METHOD: declared query names})`` of every documented path."""
        if self._table is None:
            table = []
            for path, ops in self._openapi().get("paths", {}).items():
                pattern = re.compile("^" + _PARAM.sub("[^/]+", re.escape(path)) + "$")
                methods = {
                    method.upper(): frozenset(
                        p["name"] for p in op.get("parameters", []) if p.get("in") == "query"
                    )
                    for method, op in ops.items()
                }
                table.append((pattern, methods))
            self._table = table
        return self._table

    def allowed(self, path: str) -> dict[str, frozenset[str]] | None:
        """The methods (with their query names) of the documented path ``path``; None if none."""
        found: dict[str, frozenset[str]] = {}
        for pattern, methods in self.table():
            if pattern.match(path):
                for method, names in methods.items():
                    found.setdefault(method, names)
        return found or None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith("/api/"):
            await self.app(scope, receive, send)
            return
        methods = self.allowed(path)
        if methods is None:
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        head = method == "HEAD" and "GET" in methods
        asked = "GET" if head else method
        allow = ", ".join(sorted({*methods, "OPTIONS"} | ({"HEAD"} if "GET" in methods else set())))
        if method == "OPTIONS":
            await send(
                {
                    "type": "http.response.start",
                    "status": 204,
                    "headers": [(b"allow", allow.encode()), (b"cache-control", b"no-store")],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return
        if asked not in methods:
            await send_error(
                send, 405, f"{method} is not allowed on {path} (allowed: {allow})", allow=allow
            )
            return
        query = urllib.parse.parse_qsl(
            scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True
        )
        unknown = sorted({k for k, _ in query} - methods[asked])
        if unknown:
            takes = ", ".join(sorted(methods[asked])) or "none"
            await send_error(
                send, 422, f"unknown query parameter {unknown[0]!r} (this route takes: {takes})"
            )
            return
        if not head:
            await self.app(scope, receive, send)
            return

        async def no_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, no_body)


def create_app(
    web_dir: Path | None = None,
    *,
    max_body: int = MAX_BODY,
    engine: PoolSettings | None = None,
) -> SecurityHeaders:
    """Build the ASGI app: JSON API under ``/api``, the site everywhere else.

    Every registered puzzle gets its routes (:func:`proofgrid.server.api.api_routers`);
    any other ``/api/...`` path is a JSON 404. Engine work runs in worker
    processes (:class:`proofgrid.server.engine.Engine`, reachable as
    ``app.state.engine``), started on first use and stopped when the app
    shuts down (or the process exits).

    Parameters
    ----------
    web_dir : Path, optional
        Folder of the static site (default: the one shipped in the package).
    max_body : int
        Largest accepted request body in bytes (413 past it).
    engine : PoolSettings, optional
        Workers, time budget, memory ceiling and queue depth of the engine pools.
    """
    files = load_site(web_dir or WEB_DIR)
    engines = Engine(engine)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            engines.close()

    titles = ", ".join(e.title or e.name.title() for e in registry.entries())
    app = FastAPI(
        title="proofgrid",
        summary=f"{titles}: daily boards, generated boards and proofs, from the Python engines.",
        version=str(__version__),
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.engine = engines
    make_schema = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = plain_tuples(make_schema())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    install_error_handlers(app)
    for router in api_routers():
        app.include_router(router)

    async def api_not_found(request: Request) -> Response:
        raise StarletteHTTPException(404, f"no API route {request.url.path}")

    app.add_api_route(
        "/api/{rest:path}",
        api_not_found,
        methods=["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"],
        include_in_schema=False,
    )
    handler = static_handler(files)
    app.add_api_route("/", handler, methods=["GET", "HEAD"], include_in_schema=False)
    app.add_api_route("/{path:path}", handler, methods=["GET", "HEAD"], include_in_schema=False)
    inner = RequestContext(BodyLimit(app, max_body))
    return SecurityHeaders(ApiMethods(inner, app.openapi), site_files=files)


def bind(host: str = "127.0.0.1", port: int = 8000) -> socket.socket:
    """A listening TCP socket on ``host:port`` (raises ``OSError`` if it cannot be had).

    The socket is made with ``proto=IPPROTO_TCP``: asyncio sets ``TCP_NODELAY`` on
    accepted connections only when the listening socket says it is TCP, and
    without it every request after the first on a kept-alive connection waits
    ~40 ms for Nagle's algorithm to meet the client's delayed ACK.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def server_config(app: Any, limits: ConnLimits | None = None, **options: Any) -> uvicorn.Config:
    """uvicorn's configuration for ``app`` with the connection ``limits``
    (:mod:`proofgrid.server.connections`); ``options`` go to ``uvicorn.Config``."""
    settings: dict[str, Any] = {
        "log_level": "warning",
        "server_header": False,
        "proxy_headers": False,
        **options,
    }
    return uvicorn.Config(app, http=guarded_protocol(limits or ConnLimits()), **settings)


def run(
    sock: socket.socket,
    web_dir: Path | None = None,
    *,
    engine: PoolSettings | None = None,
    limits: ConnLimits | None = None,
    grace: float = 10.0,
) -> None:
    """Serve the site and the API with uvicorn on an already bound socket until interrupted.

    On SIGTERM or SIGINT the requests being answered get ``grace`` seconds to
    finish (stalled connections are reset at once); then they are cancelled.
    """
    config = server_config(
        create_app(web_dir, engine=engine), limits, timeout_graceful_shutdown=grace
    )
    uvicorn.Server(config).run(sockets=[sock])
