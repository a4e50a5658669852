"""Hardening shared by every response: security headers, a body cap, one-line JSON errors.

* Request bodies are capped (:data:`MAX_BODY`, 413 past it) by a pure ASGI
  middleware that counts bytes whether or not ``Content-Length`` is sent.
* Every error is JSON ``{"detail": "<one line>"}`` with a 4xx status, or 503
  with ``Retry-After`` when the engine workers are saturated (500 only for a
  bug, without a traceback); errors are ``Cache-Control: no-store``.
* :class:`RequestContext` makes the current request's scope and its client's
  ``http.disconnect`` reachable from the engine (:data:`current_request`), so
  work nobody waits for any more is dropped.
* Security headers on every response, with a Content-Security-Policy the site
  satisfies (no inline script or style, no third-party origin). The headers
  that only a document or a worker reads (CSP, frame and opener policy,
  permissions; CSP Level 3 §4.2, HTML's "initialize the policy container")
  are left off static subresources a page merely loads (stylesheets, module
  scripts that are not worker entry points, raster images, fonts, the web
  manifest): they would be ignored there, and on the 56 requests of a first
  visit they cost about 20 KB.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from proofgrid.errors import ProofgridError
from proofgrid.server.pool import SaturatedError, WorkerLostError, WorkTooBigError

if TYPE_CHECKING:
    from proofgrid.server.site import SiteFile

__all__ = [
    "CSP",
    "DOCUMENT_ONLY",
    "MAX_BODY",
    "SECURITY_HEADERS",
    "SUBRESOURCE_HEADERS",
    "ASGIApp",
    "BodyLimit",
    "ClientGoneError",
    "RequestContext",
    "SecurityHeaders",
    "current_request",
    "install_error_handlers",
    "is_subresource",
    "one_line",
    "send_error",
]

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
_SECURITY_NAMES = frozenset(name for name, _ in SECURITY_HEADERS)

DOCUMENT_ONLY = frozenset(
    {
        b"content-security-policy",
        b"x-frame-options",
        b"cross-origin-opener-policy",
        b"permissions-policy",
    }
)
"""Headers read only from a document's or a worker's own response."""

SUBRESOURCE_HEADERS: tuple[tuple[bytes, bytes], ...] = tuple(
    (k, v) for k, v in SECURITY_HEADERS if k not in DOCUMENT_ONLY
)
"""What a static subresource carries: ``nosniff`` and the referrer policy (which
also governs the fetches a stylesheet makes)."""

_SUBRESOURCE_TYPES = (
    b"text/css",
    b"text/javascript",
    b"application/javascript",
    b"image/png",
    b"image/webp",
    b"image/jpeg",
    b"image/x-icon",
    b"font/",
    b"application/manifest+json",
)


def is_subresource(path: str, content_type: bytes) -> bool:
    """True when a response at ``path`` of ``content_type`` is a static subresource.

    Documents (HTML, SVG, JSON and everything unrecognised) and worker entry
    points (``sw.js``, ``*worker.js``, whose response sets the worker's policy)
    are not. O(1).
    """
    ctype = content_type.lower()
    if not ctype.startswith(_SUBRESOURCE_TYPES):
        return False
    return not (b"javascript" in ctype and path.endswith(("/sw.js", "worker.js")))


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _json_bytes(detail: str) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    body = json.dumps({"detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
    return body, headers


async def send_error(send: Send, status: int, detail: str, *, allow: str | None = None) -> None:
    """Answer the one-line JSON error ``detail`` with ``status`` (and ``Allow``, if given)."""
    body, headers = _json_bytes(detail)
    if allow is not None:
        headers.append((b"allow", allow.encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Pure ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response.

    It is the outermost layer of :func:`proofgrid.server.create_app`'s result,
    so it also carries ``site_files``, the served map of files (replace its
    contents with a new :func:`proofgrid.server.load_site` to publish a new
    version without a restart).
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
                    if k.lower() not in _SECURITY_NAMES
                ]
                ctype = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                sub = is_subresource(scope.get("path", ""), ctype)
                headers.extend(SUBRESOURCE_HEADERS if sub else SECURITY_HEADERS)
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

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = f"request body larger than {self.limit} bytes"
        for name, value in scope.get("headers", []):
            if name.lower() == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await send_error(send, 400, "malformed Content-Length header")
                    return
                if declared > self.limit:
                    await send_error(send, 413, too_big)
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
                await send_error(send, 413, too_big)
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


class ClientGoneError(Exception):
    """The client disconnected before its answer was ready (the work was dropped)."""


class Current:
    """The request being served: its ASGI scope, and a way to wait for its client to go."""

    __slots__ = ("_gone", "_receive", "began", "scope")

    def __init__(self, scope: Scope, receive: Receive) -> None:
        self.scope = scope
        self._receive = receive
        self._gone = False
        #: When the request reached the app (the event loop's clock): its bound runs from here.
        self.began = asyncio.get_running_loop().time()

    async def disconnected(self) -> None:
        """Return once the client has disconnected.

        Reads the ASGI ``receive`` channel, which after the body (already read
        by :class:`BodyLimit`) yields only ``http.disconnect``: the server
        sends it when the connection is lost. Safe to cancel and call again.
        """
        while not self._gone:
            message = await self._receive()
            if message["type"] == "http.disconnect":
                self._gone = True


#: The request the current task serves (set by :class:`RequestContext`).
current_request: contextvars.ContextVar[Current | None] = contextvars.ContextVar(
    "proofgrid_request", default=None
)


class RequestContext:
    """Pure ASGI middleware setting :data:`current_request` for the app beneath it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = current_request.set(Current(scope, receive))
        try:
            await self.app(scope, receive, send)
        finally:
            current_request.reset(token)


# --- errors -------------------------------------------------------------------------------


def one_line(text: str, limit: int = 200) -> str:
    """The first line of ``text``, at most ``limit`` characters (an ellipsis marks a cut)."""
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
    return one_line(f"{loc}: {msg}{more}")


def _error(status: int, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(
        {"detail": one_line(detail)},
        status_code=status,
        headers={**(headers or {}), "Cache-Control": "no-store"},
    )


def install_error_handlers(app: FastAPI) -> None:
    """Make every error a one-line JSON ``{"detail": ...}``: 4xx for the client's, 503 when
    the engines are saturated, 500 for bugs.

    A :class:`~proofgrid.errors.ProofgridError` (anything a user can get wrong:
    a game ID, params, a move, a date) is a 400 with its own message, or the
    error's ``http_status`` when it has one (a board too open to decide: 422).
    """

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        detail = exc.detail if isinstance(exc.detail, str) else "error"
        return _error(exc.status_code, detail, dict(exc.headers or {}))

    async def validation_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return _error(422, _validation_detail(exc))

    async def proofgrid_error(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "http_status", 400)
        return _error(status if isinstance(status, int) else 400, str(exc))

    async def saturated(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, SaturatedError)
        return _error(503, str(exc), {"Retry-After": str(exc.retry_after)})

    async def client_gone(request: Request, exc: Exception) -> Response:
        # nobody reads this answer: the connection is closed
        return _error(503, "the client closed the connection", {"Retry-After": "1"})

    async def worker_lost(request: Request, exc: Exception) -> Response:
        return _error(503, "the engine stopped unexpectedly: try again", {"Retry-After": "1"})

    async def too_big(request: Request, exc: Exception) -> Response:
        return _error(422, "this request needs more memory than the server allows")

    async def server_error(request: Request, exc: Exception) -> Response:
        return _error(500, "internal error")

    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(ProofgridError, proofgrid_error)
    app.add_exception_handler(SaturatedError, saturated)
    app.add_exception_handler(WorkerLostError, worker_lost)
    app.add_exception_handler(ClientGoneError, client_gone)
    app.add_exception_handler(WorkTooBigError, too_big)
    app.add_exception_handler(Exception, server_error)
