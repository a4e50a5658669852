"""Limits on connections: deadlines for a request's head, body and answer, a head size cap,
a cap on unread output, and a cap on open connections that sheds the slow ones first.

uvicorn's HTTP protocols bound none of this on their own: ``timeout_keep_alive``
only runs between requests, ``limit_concurrency`` answers 503 to *every* new
request once the cap is reached (the health check too, and the excess
connections stay open), httptools has no header size limit, and an answer
the client never reads waits for it forever (``transport.close()`` waits for
the output to drain first). So :func:`guarded_protocol` subclasses uvicorn's
httptools protocol (the fast parser it uses by default) and adds, per
connection:

* **head deadline**: a request line and headers must be complete within
  ``head_timeout`` seconds of the connection opening or of the previous
  answer (an idle kept-alive connection), or, for a request pipelined behind
  one still being answered, of its own first byte; past it the connection
  gets ``408`` and is closed. The clock does not run while the server itself
  has stopped reading (a pipelined request waits its turn);
* **head size cap**: a head of more than ``max_head`` bytes is answered
  ``431`` and the connection closed, whether it arrived complete in one read
  (counted from the parsed request line and headers) or is still unfinished
  (counted in raw bytes before they are parsed, so an unfinished huge header
  costs at most ``max_head`` plus one read of memory);
* **body deadline**: a request body must arrive within ``body_timeout``
  seconds of its headers; past it the app sees ``http.disconnect`` and the
  connection is closed;
* **write deadline and unread cap**: output the kernel will not take (the
  client does not read) may wait in the server at most ``write_timeout``
  seconds without any of it being taken, and at most ``max_unread`` bytes of
  it; past either the connection is aborted (reset: a close would wait for
  the output to drain, which is never). At most :data:`PIPELINE_DEPTH`
  parsed requests wait behind the one being answered; the rest of what the
  client sent stays unparsed (one read) until they are answered;
* **connection cap**: with ``max_connections`` open, a new connection first
  evicts the stalled one (output unread, or closing with output unread)
  stalled longest, else the oldest one waiting for its head or idle between
  requests (those cost the server nothing to drop and hold no answer); only
  when every open connection is busy with a request is the new one refused
  (closed at once). So ``/api/health`` and cheap requests still answer while
  thousands of slow connections come and go, and the server never runs out
  of file descriptors;
* **shutdown**: a stalled connection is aborted at once; the others finish
  the request they are answering (uvicorn's ``timeout_graceful_shutdown``
  bounds that), and a client that goes away mid-answer ends its requests
  quietly (every queued request sees ``http.disconnect``, not a write to a
  closed transport).

Each check is O(1) per read or write, except eviction, which scans the open
connections (O(max_connections)) only when the cap is reached.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import resource
import time
from dataclasses import dataclass
from typing import Any

import httptools
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle

__all__ = ["PIPELINE_DEPTH", "ConnLimits", "fd_headroom", "guarded_protocol"]

#: File descriptors kept free for everything that is not a client connection
#: (worker pipes, the listening socket, site files, logs), at most a quarter of the limit.
_FD_RESERVE = 256
#: Parsed requests that may wait behind the one being answered on a connection.
PIPELINE_DEPTH = 16
#: What a connection sent is parsed this many bytes at a time (so at most
#: :data:`PIPELINE_DEPTH` plus one slice's worth of requests are ever parsed and waiting).
_SLICE = 1024
#: Bytes of a request line and head the parsed fields do not count (method, version,
#: separators, the blank line), added to the parsed size.
_HEAD_FRAME = 16


@dataclass(frozen=True, slots=True)
class ConnLimits:
    """Limits of :func:`guarded_protocol` (module docstring).

    Attributes
    ----------
    head_timeout : float
        Seconds for a request's line and headers to arrive.
    body_timeout : float
        Seconds for a request's body to arrive once its headers have.
    max_head : int
        Bytes of request line and headers (431 past it).
    max_connections : int
        Open connections; more evict the slow ones, else are refused.
    write_timeout : float
        Seconds output may wait for the client to take any of it (aborted past it).
    max_unread : int
        Bytes of output that may wait in the server for the client (aborted past it).
    """

    head_timeout: float = 10.0
    body_timeout: float = 10.0
    max_head: int = 32 * 1024
    max_connections: int = 1000
    write_timeout: float = 10.0
    max_unread: int = 1024 * 1024


def fd_headroom(wanted: int) -> int:
    """At most ``wanted`` connections, fewer if the file descriptor limit is lower.

    Raises the soft ``RLIMIT_NOFILE`` to the hard limit first (a process may);
    keeps :data:`_FD_RESERVE` descriptors (at most a quarter of the limit) for
    everything else.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, wanted + _FD_RESERVE)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return max(1, min(wanted, soft - min(_FD_RESERVE, soft // 4)))


def _reply(status: bytes) -> bytes:
    return (
        b"HTTP/1.1 " + status + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
        b"content-length: 0\r\nconnection: close\r\n\r\n"
    )


_TIMEOUT = _reply(b"408 Request Timeout")
_TOO_BIG = _reply(b"431 Request Header Fields Too Large")


class _HeadTooBigError(Exception):
    """Raised from a parser callback: the head passed the cap (stops the parser)."""


_trim_pending = False


def _return_memory(loop: asyncio.AbstractEventLoop) -> None:
    """Soon, give the C heap's free memory back to the system (glibc ``malloc_trim``).

    A stalled connection's queued output and parsed requests are freed when it
    closes, but glibc keeps freed heap pages for reuse; trimming returns them.
    At most one trim is pending at a time (O(heap) each, about a millisecond).
    """
    global _trim_pending  # noqa: PLW0603  (one per process)
    if _trim_pending:
        return
    _trim_pending = True

    def trim() -> None:
        global _trim_pending  # noqa: PLW0603
        _trim_pending = False
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).malloc_trim(0)

    loop.call_later(1.0, trim)


class _Watched:
    """The connection's transport, seen by uvicorn: every write and close is reported to
    the protocol (:meth:`GuardedProtocol._wrote`), so output the client does not take is
    bounded in bytes and time. Everything else is the transport's own."""

    __slots__ = ("_on_write", "_transport")

    def __init__(self, transport: asyncio.Transport, on_write: Any) -> None:
        self._transport = transport
        self._on_write = on_write

    def write(self, data: bytes) -> None:
        self._transport.write(data)
        self._on_write()

    def close(self) -> None:
        self._transport.close()
        self._on_write()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class _Flow(FlowControl):
    """uvicorn's flow control, except that reading stays paused while ``full()`` (the
    connection has as many parsed requests waiting as it may, or unparsed bytes held):
    uvicorn resumes reading whenever an app reads its body or an answer completes."""

    def __init__(self, transport: Any, full: Any) -> None:
        super().__init__(transport)
        self._full = full

    def resume_reading(self) -> None:
        if not self._full():
            super().resume_reading()


def guarded_protocol(limits: ConnLimits) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol with ``limits`` (pass it as ``uvicorn.Config(http=...)``)."""
    max_connections = fd_headroom(limits.max_connections)

    class GuardedProtocol(HttpToolsProtocol):
        """One client connection under :class:`ConnLimits` (module docstring)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._raw: asyncio.Transport | None = None
            self._reading = "idle"  # what the parser reads: "idle", "head" or "body"
            self._outstanding = 0  # requests whose head is in and whose answer is not done
            self._head_bytes = 0  # raw bytes of an unfinished head
            self._parsed = 0  # parsed bytes of the current head
            self._since = time.monotonic()
            self._deadline: asyncio.TimerHandle | None = None
            self._write_deadline: asyncio.TimerHandle | None = None
            self._stalled_since: float | None = None
            self._unread_mark = 0
            self._running: RequestResponseCycle | None = None
            self._held = b""  # received, not parsed yet (the pipeline is full)
            self._big = False

        # --- read deadlines -------------------------------------------------------------

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._since = time.monotonic()
            self._deadline = self.loop.call_later(seconds, self._expired, seconds)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self, seconds: float) -> None:
            self._deadline = None
            if self._raw is None or self._raw.is_closing():
                return
            if self.flow.read_paused:
                # the server stopped reading (requests wait their turn): not the client's fault
                self._deadline = self.loop.call_later(seconds, self._expired, seconds)
                return
            if self._reading == "body":
                self._drop()
            else:
                self._close(_TIMEOUT)

        def _close(self, reply: bytes | None = None) -> None:
            """Answer ``reply`` (if no answer has started) and close the connection."""
            if reply is not None and self._outstanding == 0:  # no answer has started
                self.transport.write(reply)
            self._drop()

        def _drop(self) -> None:
            """Close the connection (abort it if output waits: a close would wait for the
            client to read it); the app, if running, sees ``http.disconnect``."""
            self._disconnect_all()
            self._disarm()
            if self._raw is None:
                return
            if self._raw.get_write_buffer_size() > 0:
                self._raw.abort()
            else:
                self._raw.close()

        def _disconnect_all(self) -> None:
            """Every request of the connection not answered yet sees ``http.disconnect``."""
            cycles = [self._running, self.cycle, *(c for c, _ in self.pipeline)]
            for cycle in cycles:
                if cycle is not None and not cycle.response_complete:
                    cycle.disconnected = True
                    cycle.message_event.set()
            self.pipeline.clear()
            self._held = b""

        # --- output the client does not take ----------------------------------------------

        @property
        def stalled(self) -> bool:
            """True while output waits in the server for a client that takes too little of
            it: past the transport's high-water mark, or after the connection was closed."""
            raw = self._raw
            return (
                raw is not None
                and raw.get_write_buffer_size() > 0
                and (self.flow.write_paused or raw.is_closing())
            )

        def _wrote(self) -> None:
            """After a write or close: abort past ``max_unread``; start the write deadline
            when output is left waiting."""
            raw = self._raw
            if raw is None:
                return
            size = raw.get_write_buffer_size()
            if size > limits.max_unread:
                self._abort()
            elif size > 0 and self._write_deadline is None:
                self._stalled_since = time.monotonic()
                self._unread_mark = size
                self._write_deadline = self.loop.call_later(
                    limits.write_timeout, self._write_expired
                )

        def _write_expired(self) -> None:
            """The write deadline: progress (less waiting than before) re-arms it; none aborts."""
            self._write_deadline = None
            raw = self._raw
            if raw is None:
                return
            size = raw.get_write_buffer_size()
            if size == 0:
                self._stalled_since = None
            elif size < self._unread_mark:
                self._unread_mark = size
                self._write_deadline = self.loop.call_later(
                    limits.write_timeout, self._write_expired
                )
            else:
                self._abort()

        def _abort(self) -> None:
            """Reset the connection now (its unread output is dropped)."""
            self._disconnect_all()
            self._disarm()
            if self._write_deadline is not None:
                self._write_deadline.cancel()
                self._write_deadline = None
            if self._raw is not None:
                self._raw.abort()
            _return_memory(self.loop)

        # --- uvicorn's protocol ---------------------------------------------------------

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self._raw = transport
            super().connection_made(_Watched(transport, self._wrote))  # type: ignore[arg-type]
            self.flow = _Flow(self.transport, self._full)
            self._arm(limits.head_timeout)
            if len(self.connections) > max_connections and not self._evict():
                self._drop()

        def _evict(self) -> bool:
            """Close the stalled connection stalled longest, else the oldest other one
            waiting for its head; False if there is none."""
            stalled: GuardedProtocol | None = None
            oldest: GuardedProtocol | None = None
            for conn in self.connections:
                if conn is self or not isinstance(conn, GuardedProtocol):
                    continue
                if conn.stalled:
                    since = conn._stalled_since or time.monotonic()
                    if stalled is None or since < (stalled._stalled_since or time.monotonic()):
                        stalled = conn
                elif (
                    conn._outstanding == 0
                    and conn._reading != "body"
                    and (oldest is None or conn._since < oldest._since)
                ):
                    oldest = conn
            if stalled is not None:
                stalled._abort()
                self.connections.discard(stalled)
                return True
            if oldest is None:
                return False
            oldest._close(_TIMEOUT)
            self.connections.discard(oldest)
            return True

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._write_deadline is not None:
                self._write_deadline.cancel()
                self._write_deadline = None
            had_backlog = self._stalled_since is not None or bool(self.pipeline) or bool(self._held)
            self._disconnect_all()
            self._raw = None
            super().connection_lost(exc)
            self._running = None
            if had_backlog:
                _return_memory(self.loop)

        def shutdown(self) -> None:
            """Graceful shutdown: abort a stalled connection, close an idle one, let the
            request being answered finish (then close); requests waiting behind it are
            dropped unanswered (a client retries them on another connection)."""
            if self.stalled:
                self._abort()
                return
            self.pipeline.clear()
            self._held = b""
            running = self._running
            if running is None or running.response_complete:
                self._drop()
            else:
                running.keep_alive = False

        def _full(self) -> bool:
            """True while no more of what the client sends may be parsed."""
            return bool(self._held) or len(self.pipeline) >= PIPELINE_DEPTH

        def _start_asgi_task(self, cycle: RequestResponseCycle, app: Any) -> None:
            self._running = cycle
            super()._start_asgi_task(cycle, app)

        def data_received(self, data: bytes) -> None:
            if self._raw is None or self._raw.is_closing():
                return
            self._unset_keepalive_if_required()
            if self._held or len(self.pipeline) >= PIPELINE_DEPTH:
                self._held += data
                self.flow.pause_reading()
                return
            self._feed(data)

        def _feed(self, data: bytes) -> None:
            """Parse ``data`` a slice at a time, keeping what is left once
            :data:`PIPELINE_DEPTH` requests wait."""
            while data:
                if len(data) > _SLICE:
                    piece, data = data[:_SLICE], data[_SLICE:]
                else:
                    piece, data = data, b""
                if not self._parse(piece):
                    return
                if data and len(self.pipeline) >= PIPELINE_DEPTH:
                    self._held = data
                    self.flow.pause_reading()
                    return

        def _parse(self, data: bytes) -> bool:
            """Feed ``data`` to the parser; False if the connection was closed."""
            if self._reading != "body":
                self._head_bytes += len(data)
            try:
                self.parser.feed_data(data)
            except httptools.HttpParserUpgrade:
                if self._should_upgrade():
                    self.handle_websocket_upgrade()
                else:
                    self._unsupported_upgrade_warning()
                return False
            except httptools.HttpParserError as exc:
                if self._big or isinstance(exc.__context__, _HeadTooBigError):
                    self._close(_TOO_BIG)
                else:
                    msg = "Invalid HTTP request received."
                    self.logger.warning(msg)
                    self._disconnect_all()
                    self.send_400_response(msg)
                return False
            if self._reading == "head" and self._head_bytes > limits.max_head:
                # the headers did not end within the cap (else on_headers_complete ran)
                self._close(_TOO_BIG)
                return False
            return True

        def _count(self, n: int) -> None:
            self._parsed += n
            if self._parsed + _HEAD_FRAME > limits.max_head:
                self._big = True
                raise _HeadTooBigError

        def on_message_begin(self) -> None:
            self._reading = "head"
            self._parsed = 0
            if self._outstanding:
                self._arm(limits.head_timeout)  # a pipelined request: from its first byte
            super().on_message_begin()

        def on_url(self, url: bytes) -> None:
            self._count(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count(len(name) + len(value) + 4)
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._count(0)
            self._reading = "body"
            self._head_bytes = 0
            self._outstanding += 1
            self._arm(limits.body_timeout)
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._disarm()
            self._reading = "idle"
            super().on_message_complete()

        def on_response_complete(self) -> None:
            self._outstanding = max(0, self._outstanding - 1)
            super().on_response_complete()
            if self._raw is None or self._raw.is_closing():
                return
            if self._outstanding == 0 and self._reading == "idle":
                self._arm(limits.head_timeout)
            if self._held and len(self.pipeline) < PIPELINE_DEPTH:
                held, self._held = self._held, b""
                self._feed(held)
            self.flow.resume_reading()  # unless the connection is still full (_Flow)

    return GuardedProtocol
