"""Issue 14: accepted connections have TCP_NODELAY (no 40 ms Nagle/delayed-ACK stall).

Mechanism test: serve on :func:`proofgrid.server.bind`'s socket with asyncio
(as uvicorn does) and read the option off the server side of an accepted
connection. Oracle: the kernel's own ``getsockopt``.
"""

from __future__ import annotations

import asyncio
import socket
import threading

from proofgrid.server import bind


def test_accepted_sockets_have_tcp_nodelay() -> None:
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    seen: list[int] = []

    async def main() -> None:
        done = asyncio.Event()

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            raw = writer.get_extra_info("socket")
            seen.append(raw.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()
            done.set()

        server = await asyncio.start_server(handle, sock=sock)
        async with server:
            _r, w = await asyncio.open_connection("127.0.0.1", port)
            await asyncio.wait_for(done.wait(), 5)
            w.close()

    # A thread of its own: another test on this worker (the browser's sync API) may
    # leave an event loop running in the main thread.
    runner = threading.Thread(target=asyncio.run, args=(main(),))
    runner.start()
    runner.join(30)
    assert seen and seen[0] != 0
