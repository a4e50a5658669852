"""`proofgrid serve` and `proofgrid site` as a user runs them (real processes).

Oracle: the files on disk (the written site equals what the server serves) and
the printed URL (it answers with the site).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from proofgrid.server import WEB_DIR, load_site
from tests.web.served import served

PROOFGRID = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]


def test_serve_prints_a_url_that_serves_the_site_and_the_api() -> None:
    with served() as (_, base):
        url = base + "/"
        with urllib.request.urlopen(url, timeout=60) as r:
            assert r.read() == (WEB_DIR / "index.html").read_bytes()
        with urllib.request.urlopen(url + "api/matchless/daily/2026-12-01", timeout=60) as r:
            assert json.loads(r.read())["number"] == 2
        with urllib.request.urlopen(url + "openapi.json", timeout=60) as r:
            assert "/api/matchless/solve" in json.loads(r.read())["paths"]


def test_serve_on_a_busy_port_is_a_one_line_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = subprocess.run(
            [*PROOFGRID, "serve", "--port", str(port)],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,  # a start-up on a busy machine; the error itself comes at once
        )
    assert r.returncode == 2
    assert r.stderr.startswith("error: cannot listen on") and r.stderr.count("\n") == 1
    r = subprocess.run(
        [*PROOFGRID, "serve", "--port", "70000"], check=False, capture_output=True, text=True
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_site_writes_the_stamped_site(tmp_path: Path) -> None:
    out = tmp_path / "public"
    r = subprocess.run(
        [*PROOFGRID, "site", str(out)], check=False, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    files = load_site()
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == sorted(files)
    for rel, f in files.items():
        assert (out / rel).read_bytes() == f.body
    assert 'const VERSION = "dev"' not in (out / "sw.js").read_text()
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    r = subprocess.run(
        [*PROOFGRID, "site", str(blocker)], check=False, capture_output=True, text=True
    )
    assert r.returncode == 2 and r.stderr.startswith("error:") and r.stderr.count("\n") == 1


def test_serve_defaults_are_the_pool_defaults() -> None:
    """`proofgrid serve` repeats PoolSettings' defaults in its options (importing the server
    package at `--help` time would load FastAPI), so the two must not drift apart."""
    import typer  # noqa: PLC0415
    import typer.main  # noqa: PLC0415

    from proofgrid.cli import web  # noqa: PLC0415
    from proofgrid.server.pool import PoolSettings  # noqa: PLC0415

    app = typer.Typer()
    web.register(app)
    serve = typer.main.get_command(app).commands["serve"]  # type: ignore[attr-defined]
    got = {p.name: p.default for p in serve.params}
    want = PoolSettings()
    assert (got["workers"], got["budget"], got["memory"], got["queue"]) == (
        want.workers,
        want.budget,
        want.memory_mb,
        want.queue_depth,
    )


def test_serve_hands_every_option_to_the_settings_it_names(monkeypatch: Any) -> None:
    """Each `serve` option reaches the pool or connection setting of its name, not a
    local of the same name: `--bound` was once overwritten by the port the socket got
    (so the end-to-end bound was tens of thousands of seconds). Oracle: the settings
    `server.run` receives, against the values given (all unlike the defaults and the
    port)."""
    from typer.testing import CliRunner  # noqa: PLC0415

    import proofgrid.server  # noqa: PLC0415
    from proofgrid.cli import app  # noqa: PLC0415

    seen: dict[str, Any] = {}

    def fake_run(sock: socket.socket, **kwargs: Any) -> None:
        seen.update(kwargs, port=sock.getsockname()[1])

    monkeypatch.setattr(proofgrid.server, "run", fake_run)
    argv = ["serve", "--port", "0", "--workers", "3", "--budget", "4.5", "--worker-memory", "700"]
    argv += ["--queue", "9", "--max-wait", "7.5", "--bound", "21.5"]
    argv += ["--header-timeout", "3.5", "--body-timeout", "4.25", "--max-header-bytes", "4096"]
    argv += ["--max-connections", "33", "--write-timeout", "6.5", "--max-unread-bytes", "99999"]
    argv += ["--grace", "2.5"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    engine, limits = seen["engine"], seen["limits"]
    assert seen["port"] > 0
    assert (engine.workers, engine.budget, engine.memory_mb, engine.queue_depth) == (3, 4.5, 700, 9)
    assert (engine.max_wait, engine.bound) == (7.5, 21.5)
    assert (limits.head_timeout, limits.body_timeout, limits.max_head) == (3.5, 4.25, 4096)
    assert (limits.max_connections, limits.write_timeout, limits.max_unread) == (33, 6.5, 99999)
    assert seen["grace"] == 2.5
    assert f":{seen['port']}/" in result.output


@pytest.mark.slow
def test_serve_answers_a_long_job_at_its_bound() -> None:
    """A real `serve --bound 1`: a hint on a generated 16x16 Kirchhoff board that takes
    seconds of counted work (`16x16dh#3007`: 3.2 s in `proofgrid kirchhoff hint` here;
    most seeds take under 1 s), worker start-up besides, is answered within the bound and
    a little slack: 200 if it was done by then, else 503 with Retry-After; never after
    the work. Oracle: the client's own clock."""
    with served("--bound", "1") as (_, base):
        body = json.dumps({"id": "16x16dh#3007", "moves": []}).encode()
        req = urllib.request.Request(
            f"{base}/api/kirchhoff/hint", data=body, headers={"Content-Type": "application/json"}
        )
        t0 = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                status, retry = resp.status, resp.headers.get("Retry-After")
        except urllib.error.HTTPError as exc:
            status, retry = exc.code, exc.headers.get("Retry-After")
        took = time.monotonic() - t0
        assert status in (200, 503)
        assert took < 1 + 1.5, f"answered {status} after {took:.1f} s with --bound 1"
        if status == 503:
            assert retry is not None and int(retry) >= 1
