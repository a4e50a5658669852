"""``proofgrid <puzzle> book``: a printable book of boards with their rules and solutions.

Mounted on every puzzle's group by :func:`proofgrid.cli.puzzle_commands.puzzle_app`;
the book itself is :mod:`proofgrid.book` (neutral code over the contract).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from proofgrid import book
from proofgrid.cli.common import fail
from proofgrid.cli.puzzle_commands import hooks
from proofgrid.puzzle import Puzzle

__all__ = ["add_book_command"]

#: The book's exit statuses, as its ``--help`` shows them.
EXIT_HELP = (
    "Exit status: 0 written; 2 bad options (one line 'error: ...'); "
    f"{book.EXIT_CANNOT_WRITE} the destination cannot be written (no such folder, a folder, "
    "read-only, /proc, a full disk: one line 'error: cannot write ...', and no file is left "
    "behind: the book is written beside the destination and renamed over it)."
)


def add_book_command(group: typer.Typer, puzzle: Puzzle[Any, Any]) -> None:
    """Add ``book`` for ``puzzle`` to its group."""
    presets = ", ".join(puzzle.presets())
    per_page = "|".join(map(str, book.PER_PAGE))

    @group.command(
        "book",
        help="Print a book: the rules with a worked example, the puzzles (each with what it "
        "asks, its grade and its game ID), then the solutions with their reasons.\n\n" + EXIT_HELP,
    )
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
        per: int = typer.Option(1, "--per-page", help=f"Puzzles a page: {per_page}."),
    ) -> None:
        p = hooks(puzzle).params(params, preset)
        start = time.perf_counter()
        try:
            done = book.write_book(
                puzzle,
                p,
                count=count,
                seed=seed,
                paper=paper,
                out=out,
                fmt=fmt.strip().lower(),
                per_page=per,
            )
        except book.DestinationError as exc:
            fail(str(exc), book.EXIT_CANNOT_WRITE)
        took = time.perf_counter() - start
        first, last = done.paths[0], done.paths[-1]
        where = str(first) if len(done.paths) == 1 else f"{first} … {last}"
        print(
            f"wrote {where}: {done.pages} pages, {done.size} bytes, "
            f"{took / done.pages:.3f} s a page"
        )
