"""CLI commands for web (filled in by its issue)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach the web commands to the root app."""
    del app
