"""`proofgrid serve` and `proofgrid site` as a user runs them (real processes).

Oracle: the files on disk (the written site equals what the server serves) and
the printed URL (it answers with the site).
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from proofgrid.server import WEB_DIR, load_site

PROOFGRID = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]


def test_serve_prints_a_url_that_serves_the_site_and_the_api() -> None:
    proc = subprocess.Popen(
        [*PROOFGRID, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        assert m, line
        url = m.group(1)
        with urllib.request.urlopen(url, timeout=60) as r:
            assert r.read() == (WEB_DIR / "index.html").read_bytes()
        with urllib.request.urlopen(url + "api/matchless/daily/2026-12-01", timeout=60) as r:
            assert json.loads(r.read())["number"] == 2
        with urllib.request.urlopen(url + "openapi.json", timeout=60) as r:
            assert "/api/matchless/solve" in json.loads(r.read())["paths"]
    finally:
        proc.terminate()
        proc.wait(timeout=60)


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
