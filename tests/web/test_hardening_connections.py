"""Slow and huge connections are shed, and the server still answers (a real ``proofgrid
serve`` process with small limits).

Oracles: the socket itself (closed by the server, or answered 408/431), the
server's resident size (psutil) while unfinished huge headers arrive, and
``/api/health`` answered while far more connections are held open than the
server may have file descriptors for.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import psutil
import pytest

PROOFGRID = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]
LIMITS = [
    "--header-timeout",
    "1",
    "--body-timeout",
    "1",
    "--max-header-bytes",
    "8192",
    "--max-connections",
    "40",
]
#: The server's file descriptor limit: fewer than the connections the tests open.
NOFILE = 200


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[int, int]]:
    """``(pid, port)`` of a ``proofgrid serve`` with :data:`LIMITS` and :data:`NOFILE`."""
    argv = " ".join(shlex.quote(a) for a in [*PROOFGRID, "serve", "--port", "0", *LIMITS])
    proc = subprocess.Popen(  # the shell sets both the soft and the hard limit, then execs
        ["/bin/sh", "-c", f"ulimit -n {NOFILE} && exec {argv}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert m, "the server did not start"
        yield proc.pid, int(m.group(1))
    finally:
        proc.terminate()
        proc.wait(60)


def _connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def _closed_by_server(s: socket.socket) -> bool:
    """True once the server has closed ``s`` (EOF, a reset, or its final answer read)."""
    try:
        data = s.recv(65536, socket.MSG_DONTWAIT)
    except BlockingIOError:
        return False
    except OSError:
        return True
    if not data:
        return True
    return _closed_by_server(s) if b"HTTP/1.1 " in data else False


def _health(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=20) as r:
        return int(r.status)


def test_slowloris_connections_are_closed_by_the_head_deadline(server: tuple[int, int]) -> None:
    _, port = server
    socks = [_connect(port) for _ in range(30)]
    for s in socks:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    closed: set[int] = set()
    for tick in range(40):  # a header line every 0.2 s for up to 8 s
        for i, s in enumerate(socks):
            if i in closed:
                continue
            if _closed_by_server(s):
                closed.add(i)
                continue
            with contextlib.suppress(OSError):
                s.sendall(b"X-Slow-%d: y\r\n" % tick)
        if len(closed) == len(socks):
            break
        time.sleep(0.2)
    for s in socks:
        s.close()
    assert len(closed) == len(socks), f"{len(socks) - len(closed)} slow connections still open"
    assert _health(port) == 200


def test_unfinished_huge_headers_are_refused_without_growing_memory(
    server: tuple[int, int],
) -> None:
    pid, port = server
    proc = psutil.Process(pid)
    assert _health(port) == 200
    before = proc.memory_info().rss
    chunk = b"a" * (1 << 20)
    answers = []
    peak = before
    deadline = time.monotonic() + 60  # a bound on the test, not a timing claim
    for _ in range(10):  # 10 headers of up to 8 MB that never end
        assert time.monotonic() < deadline, "the server is still reading huge headers"
        s = _connect(port)
        with contextlib.suppress(OSError):
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
            for _ in range(8):
                s.sendall(chunk)
                peak = max(peak, proc.memory_info().rss)
        s.settimeout(10)
        try:
            answers.append(s.recv(200))
        except OSError:
            answers.append(b"")
        s.close()
    assert all(a == b"" or a.startswith(b"HTTP/1.1 431 ") for a in answers), answers
    assert any(a.startswith(b"HTTP/1.1 431 ") for a in answers)
    # 80 MB were sent; the server holds at most the cap plus a read or two at a time
    assert peak - before < 24 * 1024 * 1024, (before, peak)
    assert _health(port) == 200


def test_a_body_that_stops_arriving_is_cut_by_the_body_deadline(server: tuple[int, int]) -> None:
    _, port = server
    s = _connect(port)
    s.sendall(
        b"POST /api/kirchhoff/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"id": '
    )
    s.settimeout(8)
    try:
        got = s.recv(200)
    except TimeoutError:
        got = None
    s.close()
    assert got is not None, "the connection was still open after 8 s"
    assert got == b"" or got.startswith(b"HTTP/1.1 408 "), got


def test_health_answers_while_more_connections_are_held_than_the_server_has_descriptors(
    server: tuple[int, int],
) -> None:
    _, port = server
    held = []
    try:
        for _ in range(NOFILE + 100):  # idle: connected, not a byte sent
            held.append(_connect(port))
        assert _health(port) == 200
        assert _health(port) == 200
        # and a cheap engine request on a fresh connection too
        url = f"http://127.0.0.1:{port}/api/kirchhoff/new?params=easy&seed=3"
        with urllib.request.urlopen(url, timeout=60) as r:
            assert r.status == 200
    finally:
        for s in held:
            s.close()
