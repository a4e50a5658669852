"""The ASGI app: the JSON API under ``/api`` and the static site everywhere else."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from proofgrid import __version__, registry
from proofgrid.server.api import api_routers
from proofgrid.server.engine import Engine
from proofgrid.server.middleware import (
    MAX_BODY,
    BodyLimit,
    SecurityHeaders,
    install_error_handlers,
)
from proofgrid.server.pool import PoolSettings
from proofgrid.server.site import WEB_DIR, load_site, static_handler

__all__ = ["bind", "create_app", "plain_tuples", "run"]


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
        methods=["GET", "POST", "PUT", "DELETE", "PATCH"],
        include_in_schema=False,
    )
    handler = static_handler(files)
    app.add_api_route("/", handler, methods=["GET", "HEAD"], include_in_schema=False)
    app.add_api_route("/{path:path}", handler, methods=["GET", "HEAD"], include_in_schema=False)
    return SecurityHeaders(BodyLimit(app, max_body), site_files=files)


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


def run(
    sock: socket.socket, web_dir: Path | None = None, *, engine: PoolSettings | None = None
) -> None:
    """Serve the site and the API with uvicorn on an already bound socket until interrupted."""
    config = uvicorn.Config(
        create_app(web_dir, engine=engine),
        log_level="warning",
        server_header=False,
        proxy_headers=False,
    )
    uvicorn.Server(config).run(sockets=[sock])
