"""Limits on connections: deadlines for a request's head and body, a head size cap, and a
cap on open connections that sheds the slow ones first.

uvicorn's HTTP protocols bound none of this on their own: ``timeout_keep_alive``
only runs between requests, ``limit_concurrency`` answers 503 to *every* new
request once the cap is reached (the health check too, and the excess
connections stay open), and httptools has no header size limit (h11's
``h11_max_incomplete_event_size`` does, but not the deadlines). So
:func:`guarded_protocol` subclasses uvicorn's httptools protocol (the fast
parser it uses by default) and adds, per connection:

* **head deadline**: the request line and headers must be complete within
  ``head_timeout`` seconds of the connection opening (or of the previous
  answer on a kept-alive connection); past it the connection gets ``408`` and
  is closed, so a slowloris client that sends a header line every few seconds
  holds its socket for at most that long;
* **head size cap**: more than ``max_head`` bytes without the end of the
  headers is answered ``431`` and the connection closed; bytes are counted
  before they are parsed, so an unfinished huge header costs at most
  ``max_head`` plus one read (64 KiB) of memory;
* **body deadline**: a request body must arrive within ``body_timeout``
  seconds of its headers; past it the app sees ``http.disconnect`` and the
  connection is closed;
* **connection cap**: with ``max_connections`` open, a new connection first
  evicts the oldest one that is still waiting for its head or idle between
  requests (those cost the server nothing to drop and hold no answer); only
  when every open connection is busy with a request is the new one refused
  (closed at once). So ``/api/health`` and cheap requests still answer while
  thousands of slow connections come and go, and the server never runs out
  of file descriptors.

Each check is O(1) per read, except eviction, which scans the open
connections (O(max_connections)) only when the cap is reached.
"""

from __future__ import annotations

import asyncio
import resource
import time
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["ConnLimits", "fd_headroom", "guarded_protocol"]

#: File descriptors kept free for everything that is not a client connection
#: (worker pipes, the listening socket, site files, logs), at most a quarter of the limit.
_FD_RESERVE = 256


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
    """

    head_timeout: float = 10.0
    body_timeout: float = 10.0
    max_head: int = 32 * 1024
    max_connections: int = 1000


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


def guarded_protocol(limits: ConnLimits) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol with ``limits`` (pass it as ``uvicorn.Config(http=...)``)."""
    max_connections = fd_headroom(limits.max_connections)

    class GuardedProtocol(HttpToolsProtocol):
        """One client connection under :class:`ConnLimits` (module docstring)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._phase = "head"  # "head" (or idle), "body", "busy"
            self._head_bytes = 0
            self._since = time.monotonic()
            self._deadline: asyncio.TimerHandle | None = None

        # --- phases ---------------------------------------------------------------------

        def _arm(self, seconds: float, phase: str) -> None:
            self._disarm()
            self._phase = phase
            self._since = time.monotonic()
            self._deadline = self.loop.call_later(seconds, self._expired)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self) -> None:
            self._deadline = None
            if self.transport is None or self.transport.is_closing():
                return
            if self._phase == "head":
                self._close(_TIMEOUT)
            elif self._phase == "body":
                self._drop()

        def _close(self, reply: bytes | None = None) -> None:
            """Answer ``reply`` (if no answer has started) and close the connection."""
            if reply is not None and (self.cycle is None or not self.cycle.response_started):
                self.transport.write(reply)
            self._drop()

        def _drop(self) -> None:
            """Close the connection; the app, if running, sees ``http.disconnect``."""
            if self.cycle is not None and not self.cycle.response_complete:
                self.cycle.disconnected = True
                self.cycle.message_event.set()
            self._disarm()
            self.transport.close()

        # --- uvicorn's protocol ---------------------------------------------------------

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm(limits.head_timeout, "head")
            if len(self.connections) > max_connections and not self._evict():
                self._drop()

        def _evict(self) -> bool:
            """Close the oldest other connection waiting for its head; False if none is."""
            oldest: GuardedProtocol | None = None
            for conn in self.connections:
                if (
                    conn is not self
                    and isinstance(conn, GuardedProtocol)
                    and conn._phase == "head"
                    and (oldest is None or conn._since < oldest._since)
                ):
                    oldest = conn
            if oldest is None:
                return False
            oldest._close(_TIMEOUT)
            self.connections.discard(oldest)
            return True

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.transport.is_closing():
                return
            if self._phase == "head":
                self._head_bytes += len(data)
            super().data_received(data)
            if self._phase == "head" and self._head_bytes > limits.max_head:
                # the headers did not end within the cap (else on_headers_complete ran)
                self._close(_TOO_BIG)

        def on_headers_complete(self) -> None:
            self._arm(limits.body_timeout, "body")
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._disarm()
            self._phase = "busy"
            super().on_message_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._head_bytes = 0
                self._arm(limits.head_timeout, "head")

    return GuardedProtocol
