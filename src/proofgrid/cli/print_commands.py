"""The print-and-pass-on commands every puzzle gets: ``book``, ``result``, ``check-result``.

:func:`add` is the one hook :func:`proofgrid.cli.puzzle_commands.puzzle_app` calls.
"""

from __future__ import annotations

from typing import Any

import typer

from proofgrid.puzzle import Puzzle

__all__ = ["add"]


def add(group: typer.Typer, puzzle: Puzzle[Any, Any]) -> None:
    """Add ``book``, ``result`` and ``check-result`` for ``puzzle`` to its group."""
    from proofgrid.cli.book import add_book_command  # noqa: PLC0415  (after puzzle_commands)
    from proofgrid.cli.results import add_result_commands  # noqa: PLC0415

    add_book_command(group, puzzle)
    add_result_commands(group, puzzle)
