"""The web app: the static site shipped in ``proofgrid/web`` and a JSON API.

One process (FastAPI on uvicorn) serves both. The site needs nothing from the
API: the browser engines (``web/js``) build every board and solve it offline.
The API exposes the *Python* engines for other programs and for checking the
browser's claims. The package splits by role:

* :mod:`~proofgrid.server.site`: the static site read into memory, the
  registry table ``js/registry.json``, the offline cache tiers and the
  stamped service worker;
* :mod:`~proofgrid.server.middleware`: security headers, the body cap and
  one-line JSON errors;
* :mod:`~proofgrid.server.models`: the one request model and its limits, and
  the one error shape;
* :mod:`~proofgrid.server.pool`: a bounded pool of engine worker processes
  (time budget, memory ceiling, prices learned per kind of job, an end-to-end
  bound, 503 with a booked ``Retry-After`` when saturated, a stopped fork
  server replaced);
* :mod:`~proofgrid.server.engine`: the app's three lanes of pools (cheap
  generated boards; costly boards by the puzzle's price; user-made boards),
  its answer cache and the dropping of abandoned work;
* :mod:`~proofgrid.server.jobs`: the engine calls the workers run;
* :mod:`~proofgrid.server.api`: one set of routes per registered puzzle,
  generated from :mod:`proofgrid.registry`;
* :mod:`~proofgrid.server.connections`: deadlines for a request's head, body
  and answer, a head size cap, a cap on unread output and on pipelined
  requests, and a connection cap that sheds stalled and idle connections first
  (uvicorn's httptools protocol, extended);
* :mod:`~proofgrid.server.app`: the app itself, its HTTP semantics
  (HEAD, OPTIONS, 405, unknown query parameters), and serving it.

Nothing here names a puzzle.
"""

from __future__ import annotations

from proofgrid.server.api import today
from proofgrid.server.app import bind, create_app, run
from proofgrid.server.middleware import (
    CSP,
    MAX_BODY,
    SECURITY_HEADERS,
    BodyLimit,
    SecurityHeaders,
)
from proofgrid.server.site import (
    MIME_TYPES,
    REGISTRY_JSON,
    SW_NAME,
    WEB_DIR,
    SiteFile,
    cache_group,
    cache_rules,
    cache_tiers,
    load_site,
    stamp_service_worker,
    write_site,
)

__all__ = [
    "CSP",
    "MAX_BODY",
    "MIME_TYPES",
    "REGISTRY_JSON",
    "SECURITY_HEADERS",
    "SW_NAME",
    "WEB_DIR",
    "BodyLimit",
    "SecurityHeaders",
    "SiteFile",
    "bind",
    "cache_group",
    "cache_rules",
    "cache_tiers",
    "create_app",
    "load_site",
    "run",
    "stamp_service_worker",
    "today",
    "write_site",
]
