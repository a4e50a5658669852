"""``proofgrid par``: minimum seed sets of real directed networks."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach the ``par`` command to the root app."""
    del app
