"""CLI commands for the web app: ``proofgrid serve`` and ``proofgrid site OUT/``."""

from __future__ import annotations

from pathlib import Path

import typer

from proofgrid.cli import common


def register(app: typer.Typer) -> None:
    """Attach the web commands to the root app."""

    @app.command("serve")
    def serve(  # noqa: PLR0917  (typer passes options positionally)
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
        port: int = typer.Option(8000, "--port", min=0, max=65535, help="TCP port."),
        workers: int = typer.Option(
            2,
            "--workers",
            min=1,
            max=64,
            help="Engine worker processes per lane (generated boards; user-made boards).",
        ),
        budget: float = typer.Option(
            5.0,
            "--budget",
            min=0.1,
            max=600.0,
            help="Seconds of engine work one request may use, counted from when a worker "
            "starts it (past it: 422). Work on a generated board of a puzzle that bounds it "
            "by counted steps (Kirchhoff) has no such limit: only --bound (past it: 503).",
        ),
        memory: int = typer.Option(
            1024,
            "--worker-memory",
            min=64,
            max=1 << 20,
            help="Memory ceiling of one worker in MB (past it: 422, and the worker is replaced).",
        ),
        queue: int = typer.Option(
            200,
            "--queue",
            min=0,
            max=100_000,
            help="Requests that may wait for a worker, per lane (past it: 503 + Retry-After).",
        ),
        max_wait: float = typer.Option(
            10.0,
            "--max-wait",
            min=0.0,
            max=3600.0,
            help="Seconds a request may expect to wait for a worker (past it: 503 with "
            "Retry-After = when it would not).",
        ),
        bound: float = typer.Option(
            30.0,
            "--bound",
            min=0.5,
            max=3600.0,
            help="Seconds from a request's arrival to its answer, end to end: engine work "
            "that would wait and run past it is refused (503 with Retry-After), and none "
            "runs past it.",
        ),
        head_timeout: float = typer.Option(
            10.0,
            "--header-timeout",
            min=0.1,
            max=3600.0,
            help="Seconds for a request's line and headers to arrive (past it: 408, closed).",
        ),
        body_timeout: float = typer.Option(
            10.0,
            "--body-timeout",
            min=0.1,
            max=3600.0,
            help="Seconds for a request's body to arrive after its headers (past it: closed).",
        ),
        max_head: int = typer.Option(
            32 * 1024,
            "--max-header-bytes",
            min=1024,
            max=1 << 24,
            help="Bytes of request line and headers (past it: 431, closed).",
        ),
        max_connections: int = typer.Option(
            1000,
            "--max-connections",
            min=1,
            max=1_000_000,
            help="Open connections (past it the oldest slow one is closed, else the new one).",
        ),
        write_timeout: float = typer.Option(
            10.0,
            "--write-timeout",
            min=0.1,
            max=3600.0,
            help="Seconds an answer may wait for the client to read any of it (past it: "
            "the connection is reset).",
        ),
        max_unread: int = typer.Option(
            1024 * 1024,
            "--max-unread-bytes",
            min=64 * 1024,
            max=1 << 30,
            help="Bytes of answers that may wait in the server for one client to read them "
            "(past it: the connection is reset).",
        ),
        grace: float = typer.Option(
            10.0,
            "--grace",
            min=0.0,
            max=3600.0,
            help="Seconds SIGTERM or Ctrl+C lets the requests being answered finish; "
            "then they are cancelled and the server exits.",
        ),
    ) -> None:
        """Serve the web app (every registered puzzle, offline-capable) and its JSON API."""
        from proofgrid import server  # noqa: PLC0415  (FastAPI is slow to import; only serve/site need it)
        from proofgrid.server.connections import ConnLimits  # noqa: PLC0415  (as above)
        from proofgrid.server.pool import PoolSettings  # noqa: PLC0415  (as above)

        try:
            sock = server.bind(host, port)
        except OSError as exc:
            common.fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
        listening = sock.getsockname()[1]  # the port given, or the one --port 0 got
        shown = f"[{host}]" if ":" in host else host
        print(
            f"proofgrid is running at http://{shown}:{listening}/"
            "  (API: /openapi.json; Ctrl+C stops)",
            flush=True,
        )
        try:
            server.run(
                sock,
                engine=PoolSettings(
                    workers=workers,
                    budget=budget,
                    memory_mb=memory,
                    queue_depth=queue,
                    max_wait=max_wait,
                    bound=bound,
                ),
                limits=ConnLimits(
                    head_timeout=head_timeout,
                    body_timeout=body_timeout,
                    max_head=max_head,
                    max_connections=max_connections,
                    write_timeout=write_timeout,
                    max_unread=max_unread,
                ),
                grace=grace,
            )
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
