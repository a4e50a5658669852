"""CLI commands for kirchhoff (filled in by its issue)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach the kirchhoff commands to the root app."""
    del app
