"""The site on a free loopback port, in a background thread of this process.

What the raw-HTTP and browser tests and the browser benchmarks serve: the real
application (:func:`proofgrid.server.create_app`) on a real uvicorn server, bound
to ``127.0.0.1:0`` so that any number of them run side by side.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from proofgrid.server.app import bind, create_app
from proofgrid.server.middleware import SecurityHeaders


@contextmanager
def live_server(web_dir: Path | None = None, app: SecurityHeaders | None = None) -> Iterator[str]:
    """Serve the app on 127.0.0.1:<free port>; yields the base URL, stops on exit."""
    sock: socket.socket = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    config = uvicorn.Config(app or create_app(web_dir), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60  # generous: CI shares two cores
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
