"""Round three of the connection probe (issue 34): slow readers, pipelined deadlines, the
head cap on complete heads, the connection cap with stalled clients, SIGTERM's grace.

Oracles: the server's own table of open connections (uvicorn's
``server_state.connections``) and each connection's queued output
(``transport.get_write_buffer_size()``), the bytes a raw socket receives (an
answer's status line, EOF or a reset), the process table and the server's
log (a real ``proofgrid serve`` for SIGTERM), and the RFC 9110 statuses the
options promise (408, 431). The app under the protocol is a few lines of ASGI
so that what is measured is the protocol, not the engines.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import psutil
import pytest
import uvicorn

from proofgrid.server.app import bind, server_config
from proofgrid.server.connections import PIPELINE_DEPTH, ConnLimits

PROOFGRID = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]
BIG = 64 * 1024
#: Seconds ``/slow`` takes: longer than the head deadline of the servers below.
SLOW = 2.5


async def tiny_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """``/slow`` answers after :data:`SLOW` s, ``/big`` :data:`BIG` bytes, anything else ``ok``."""
    if scope["type"] != "http":
        return
    path = scope["path"]
    if path == "/slow":
        await asyncio.sleep(SLOW)
    body = b"x" * BIG if path == "/big" else b"ok"
    headers = [(b"content-length", str(len(body)).encode()), (b"content-type", b"text/plain")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@contextlib.contextmanager
def serving(limits: ConnLimits, **options: Any) -> Iterator[tuple[uvicorn.Server, int]]:
    """``tiny_app`` under ``limits`` on a free port, in a thread; ``(server, port)``."""
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(server_config(tiny_app, limits, lifespan="off", **options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield server, sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()


def _until(cond: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds  # a bound on the test, not a timing claim
    while not cond():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _connect(port: int, rcvbuf: int | None = None) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:  # before connect, so the window the server sees is small
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.connect(("127.0.0.1", port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    s.settimeout(15)
    return s


def _statuses(s: socket.socket, n: int) -> list[int]:
    """The statuses of the next ``n`` answers on ``s`` (fewer if the server closes it)."""
    data = b""
    out: list[int] = []
    while len(out) < n:
        m = re.search(rb"HTTP/1.1 (\d{3}) [^\r]*\r\n(.*?)\r\n\r\n", data, re.S)
        if m:
            length = re.search(rb"content-length: (\d+)", m.group(2), re.I)
            end = m.end() + (int(length.group(1)) if length else 0)
            if len(data) >= end:
                out.append(int(m.group(1)))
                data = data[end:]
                continue
        try:
            chunk = s.recv(65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    return out


def _slow_reader(port: int, path: bytes = b"/big", count: int = 400) -> socket.socket:
    """A client that pipelines ``count`` GETs of ``path`` and never reads an answer."""
    s = _connect(port, rcvbuf=4096)
    req = b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    s.setblocking(False)
    data = req * count
    sent = 0
    deadline = time.monotonic() + 2
    while sent < len(data) and time.monotonic() < deadline:
        try:
            sent += s.send(data[sent:])
        except BlockingIOError:
            time.sleep(0.01)
    return s


# --- probe 3: a pipelined request's time runs from its own first byte ------------------


def test_a_pipelined_request_is_not_cut_by_the_head_deadline_of_the_one_before() -> None:
    # on main: the head deadline re-armed when /fast's answer completed killed /slow at 1 s
    with serving(ConnLimits(head_timeout=1.0, body_timeout=1.0)) as (_, port):
        s = _connect(port)
        s.sendall(b"GET /fast HTTP/1.1\r\nHost: x\r\n\r\nGET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _statuses(s, 2) == [200, 200]
        # the connection lives on: a third request on it is answered too
        s.sendall(b"GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _statuses(s, 1) == [200]
        s.close()


def test_a_request_pipelined_behind_slow_ones_waits_its_turn_without_a_408() -> None:
    # three slow answers take 3 x SLOW > the head deadline; the fourth head was parsed
    # (or held unparsed) all along, so its clock never ran while the server was busy
    with serving(ConnLimits(head_timeout=1.0, body_timeout=1.0)) as (_, port):
        s = _connect(port)
        s.sendall(b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n" * 3 + b"GET /fast HTTP/1.1\r\n")
        time.sleep(0.2)
        s.sendall(b"Host: x\r\n\r\n")
        assert _statuses(s, 4) == [200, 200, 200, 200]
        s.close()


def test_an_unfinished_head_is_still_cut_by_its_deadline() -> None:
    with serving(ConnLimits(head_timeout=1.0, body_timeout=1.0)) as (server, port):
        s = _connect(port)
        s.sendall(b"GET /fast HTTP/1.1\r\nHost: x\r\n")
        assert _statuses(s, 1) == [408]
        s.close()
        assert _until(lambda: not server.server_state.connections, 10)


# --- probe 9: the head cap applies to every head, complete or not -------------------------


@pytest.mark.parametrize("writes", [1, 2])
def test_a_complete_head_over_the_cap_is_a_431(writes: int) -> None:
    # on main: a 16 KiB head that arrives complete in one read was answered 200
    with serving(ConnLimits(max_head=8192)) as (_, port):
        head = b"GET /fast HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 16384 + b"\r\n\r\n"
        s = _connect(port)
        if writes == 1:
            s.sendall(head)
        else:  # the first part under the cap, the rest completing it
            s.sendall(head[:6000])
            time.sleep(0.2)
            s.sendall(head[6000:])
        assert _statuses(s, 1) == [431]
        s.close()


def test_many_headers_each_small_are_counted_together() -> None:
    with serving(ConnLimits(max_head=8192)) as (_, port):
        lines = b"".join(b"X-H%d: %s\r\n" % (i, b"v" * 40) for i in range(400))
        s = _connect(port)
        s.sendall(b"GET /fast HTTP/1.1\r\nHost: x\r\n" + lines + b"\r\n")
        assert _statuses(s, 1) == [431]
        s.close()


def test_a_head_under_the_cap_is_answered() -> None:
    with serving(ConnLimits(max_head=8192)) as (_, port):
        s = _connect(port)
        s.sendall(b"GET /fast HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 7000 + b"\r\n\r\n")
        assert _statuses(s, 1) == [200]
        s.close()


# --- probe 2: slow readers ----------------------------------------------------------------


def test_a_slow_reader_is_closed_by_the_write_deadline_with_its_output_bounded() -> None:
    limits = ConnLimits(write_timeout=1.0, max_unread=256 * 1024, head_timeout=30)
    with serving(limits) as (server, port):
        s = _slow_reader(port)
        conns = server.server_state.connections
        assert _until(lambda: len(conns) == 1, 10)
        (conn,) = tuple(conns)
        worst_queue = worst_pipeline = 0

        def gone() -> bool:
            nonlocal worst_queue, worst_pipeline
            with contextlib.suppress(Exception):
                worst_queue = max(worst_queue, conn.transport.get_write_buffer_size())
                worst_pipeline = max(worst_pipeline, len(conn.pipeline))
            return not conns

        # on main: never closed (the answer waits for a reader forever), 400 parsed requests
        assert _until(gone, 20), "the slow reader is still connected"
        assert worst_queue <= limits.max_unread + BIG
        assert worst_pipeline <= PIPELINE_DEPTH + 64
        # and the client sees the end of the connection (EOF or a reset), not more waiting
        s.setblocking(True)
        s.settimeout(15)
        with contextlib.suppress(ConnectionResetError):
            while s.recv(1 << 20):
                pass
        s.close()


def _server_sockets(port: int) -> int:
    """Sockets this process holds open on the server's side of ``port`` (the OS's count)."""
    return sum(
        1
        for c in psutil.Process().net_connections(kind="tcp")
        if c.laddr and c.laddr.port == port and c.raddr and c.fd != -1
    )


def test_the_connection_cap_holds_against_slow_readers_and_health_answers() -> None:
    # on main: a connection closed for its head deadline or evicted kept its unread output
    # and its socket open (a close waits for the reader), so the server held far more
    # sockets than the cap
    limits = ConnLimits(max_connections=5, write_timeout=30.0, head_timeout=1.0)
    with serving(limits) as (_, port):
        readers = [_slow_reader(port, count=200) for _ in range(8)]
        time.sleep(2.5)  # past the head deadline of every idle one
        readers += [_slow_reader(port, count=200) for _ in range(8)]
        time.sleep(0.5)
        assert _server_sockets(port) <= 5 + 1, _server_sockets(port)
        s = _connect(port)
        s.sendall(b"GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _statuses(s, 1) == [200]
        s.close()
        assert _server_sockets(port) <= 5 + 1, _server_sockets(port)
        for r in readers:
            r.close()


def test_a_client_that_goes_away_mid_pipeline_ends_its_requests_quietly() -> None:
    # on main: the request being answered wrote to the closed transport and uvicorn logged
    # "Exception in ASGI application" (uvloop's "the handler is closed")
    limits = ConnLimits(write_timeout=30.0, head_timeout=30.0)
    with serving(limits) as (server, port):
        readers = [_slow_reader(port, count=200) for _ in range(4)]
        time.sleep(0.5)
        errors: list[logging.LogRecord] = []
        handler = _Collect(errors)
        logging.getLogger("uvicorn.error").addHandler(handler)
        try:
            for r in readers:
                r.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
                )
                r.close()  # a reset, at once
            assert _until(lambda: not server.server_state.connections, 10)
            assert _until(lambda: not server.server_state.tasks, 10)
        finally:
            logging.getLogger("uvicorn.error").removeHandler(handler)
        assert not [e for e in errors if e.levelno >= logging.ERROR], errors[0].getMessage()


class _Collect(logging.Handler):
    def __init__(self, out: list[logging.LogRecord]) -> None:
        super().__init__()
        self.out = out

    def emit(self, record: logging.LogRecord) -> None:
        self.out.append(record)


@pytest.mark.slow
def test_sigterm_ends_the_server_within_its_grace_whatever_the_clients_do() -> None:
    # on main: one slow reader blocked SIGTERM for as long as it stayed connected
    proc = subprocess.Popen(
        [*PROOFGRID, "serve", "--port", "0", "--grace", "2", "--write-timeout", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert m, "the server did not start"
        port = int(m.group(1))
        server = psutil.Process(proc.pid)
        idle = server.memory_info().rss
        path = b"/js/kirchhoff/ui/view.js"
        readers = [_slow_reader(port, path=path, count=2000) for _ in range(20)]
        time.sleep(2)
        grown = server.memory_info().rss - idle
        # a slow reader holds at most its unread cap and a few parsed requests, not all
        # of what it sent (on main: 20 of them grew the server by over 100 MB)
        assert grown < 40 * 2**20, grown / 2**20
        for r in readers:
            r.close()
        # and what they took is given back once they are gone (on main: kept)
        assert _until(lambda: server.memory_info().rss - idle < 16 * 2**20, 10), (
            server.memory_info().rss - idle
        ) / 2**20
        readers = [_slow_reader(port, path=path, count=2000) for _ in range(5)]
        # slowloris too: a head that never ends, and a body that never comes
        loris = _connect(port)
        loris.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        began = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            pytest.fail("the server was still running 30 s after SIGTERM (--grace 2)")
        took = time.monotonic() - began
        assert took < 2 + 8, took  # the grace, plus the engines' stop; never the clients'
        for r in [*readers, loris]:
            r.close()
        assert proc.stderr is not None
        log = proc.stderr.read()
        assert "Traceback" not in log and "Exception in ASGI" not in log, log[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
