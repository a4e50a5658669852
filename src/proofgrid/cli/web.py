"""CLI commands for the web app: ``proofgrid serve`` and ``proofgrid site OUT/``."""

from __future__ import annotations

from pathlib import Path

import typer

from proofgrid.cli import common


def register(app: typer.Typer) -> None:
    """Attach the web commands to the root app."""

    @app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: int = typer.Option(8000, "--port", min=0, max=65535, help="TCP port."),
    ) -> None:
        """Serve the web app (every registered puzzle, offline-capable) and its JSON API."""
        from proofgrid import server  # noqa: PLC0415  (FastAPI is slow to import; only serve/site need it)

        try:
            sock = server.bind(host, port)
        except OSError as exc:
            common.fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
        bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        print(
            f"proofgrid is running at http://{shown}:{bound}/  (API: /openapi.json; Ctrl+C stops)",
            flush=True,
        )
        try:
            server.run(sock)
        except KeyboardInterrupt:
            pass
        finally:
            sock.close()

    @app.command("site")
    def site(
        out: Path = typer.Argument(..., help="Folder to write the static site into."),
    ) -> None:
        """Write the static site alone (host it anywhere; no Python needed to play)."""
        from proofgrid import server  # noqa: PLC0415  (FastAPI is slow to import; only serve/site need it)

        if out.exists() and not out.is_dir():
            common.fail(f"{out} exists and is not a folder")
        try:
            written = server.write_site(out)
        except OSError as exc:
            common.fail(f"cannot write the site into {out}: {exc.strerror or exc}")
        print(
            f"wrote {len(written)} files to {out}/ — open index.html through any static web server"
        )
