"""What the browser benchmarks and the browser tests share: Chromium and the JSON API.

``python bench/bench_web.py`` puts ``bench/`` on the path, so the scripts import
this module as ``browser``; ``tests/e2e/conftest.py`` imports it as ``bench.browser``.
"""

from __future__ import annotations

import json
import os
import urllib.request
from typing import Any

#: Debian's chromium unless ``PROOFGRID_CHROMIUM`` names another binary.
CHROMIUM = os.environ.get("PROOFGRID_CHROMIUM", "/usr/bin/chromium")
#: Headless, sandbox-free (containers), and quiet: no first-run, sync or update traffic.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """Call the JSON API (the Python engine) directly: POST ``body`` or GET without one."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base.rstrip("/") + path,
        data=data,
        headers={"content-type": "application/json"} if data else {},
        method="POST" if data else "GET",
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())
