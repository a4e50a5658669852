"""``proofgrid <puzzle> book``: a printable book of boards with their solutions.

Mounted on every puzzle's group by :func:`proofgrid.cli.puzzle_commands.puzzle_app`;
the book itself is :mod:`proofgrid.book` (neutral code over the contract).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from proofgrid import book
from proofgrid.cli.puzzle_commands import hooks
from proofgrid.puzzle import Puzzle

__all__ = ["add_book_command"]


def add_book_command(group: typer.Typer, puzzle: Puzzle[Any, Any]) -> None:
    """Add ``book`` for ``puzzle`` to its group."""
    presets = ", ".join(puzzle.presets())

    @group.command("book")
    def book_cmd(  # noqa: PLR0917  (typer passes options positionally)
        out: Path = typer.Option(..., "--out", "-o", help="FILE.pdf (or FILE for FILE-001.svg…)."),
        count: int = typer.Option(10, "--count", "-n", help=f"Boards (1..{book.MAX_COUNT})."),
        preset: str | None = typer.Option(None, "--preset", "-p", help=f"Preset: {presets}."),
        params: str | None = typer.Option(None, "--params", "--size", help="Params text."),
        seed: str = typer.Option("book", "--seed", "-s", help="Seed text; board i is <seed>-<i>."),
        paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
        fmt: str = typer.Option(
            "pdf", "--format", "-f", help="pdf (one file) or svg (a page each)."
        ),
    ) -> None:
        """Print a book: puzzle pages with their game IDs, then the solutions with their reasons."""
        p = hooks(puzzle).params(params, preset)
        start = time.perf_counter()
        written = book.write_book(
            puzzle, p, count=count, seed=seed, paper=paper, out=out, fmt=fmt.strip().lower()
        )
        took = time.perf_counter() - start
        size = sum(path.stat().st_size for path in written)
        pages = 2 * count
        where = str(written[0]) if len(written) == 1 else f"{written[0]} … {written[-1]}"
        print(f"wrote {where}: {pages} pages, {size} bytes, {took / pages:.3f} s a page")
