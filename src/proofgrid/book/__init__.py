"""A puzzle book for any puzzle: a rules page, puzzle pages, then solution pages, as PDF or SVG.

Neutral code over the puzzle contract, in four steps, one module each:

* :mod:`~proofgrid.book.content` — what is printed: the boards (board ``i`` is
  the board of seed text ``<seed>-<i>``), each with its grade, its goal, its
  drawings and solution notes, and the rules page's worked example;
* :mod:`~proofgrid.book.layout` — where: pages of positioned words and
  pictures (``per_page`` puzzles a page, solutions flowed and continued);
* :mod:`~proofgrid.book.render` — the pages as PDF or SVG bytes (matplotlib);
* :mod:`~proofgrid.book.output` — the bytes written beside the destination and
  renamed over it, so a failure leaves nothing behind and says one line.

Determinism: the same arguments give the same bytes (no dates, no random
identifiers; the boards come from the seed rule). Cost: generation and solving
per board as the puzzle's own, then O(shapes) drawing per page.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from proofgrid.book.content import MAX_COUNT, Entry, Example, example, plan
from proofgrid.book.layout import MAX_CELL, PAPERS, PER_PAGE, Page, Paper, lay_out
from proofgrid.book.output import EXIT_CANNOT_WRITE, DestinationError, check, write
from proofgrid.book.render import PlotsMissingError, measure, plots, render_pdf, render_svgs
from proofgrid.puzzle import InvalidParamsError, Puzzle

__all__ = [
    "EXIT_CANNOT_WRITE",
    "MAX_CELL",
    "MAX_COUNT",
    "PAPERS",
    "PER_PAGE",
    "DestinationError",
    "Entry",
    "Example",
    "Page",
    "Paper",
    "PlotsMissingError",
    "Written",
    "example",
    "pages",
    "plan",
    "render",
    "svg_paths",
    "write_book",
]


def svg_paths(out: Path, count: int) -> list[Path]:
    """The files of an SVG book of ``count`` pages: ``<stem>-001.svg`` … beside ``out``."""
    stem = out.with_suffix("") if out.suffix.lower() in (".svg", ".pdf") else out
    return [stem.with_name(f"{stem.name}-{i:03d}.svg") for i in range(1, count + 1)]


def pages(
    puzzle: Puzzle[Any, Any],
    entries: list[Entry],
    *,
    per_page: int = 1,
    paper: Paper = PAPERS["a4"],
) -> list[Page]:
    """The book laid out: the rules page (if the puzzle has rules), puzzles, solutions."""
    if per_page not in PER_PAGE:
        raise InvalidParamsError(
            f"--per-page must be one of {', '.join(map(str, PER_PAGE))}, not {per_page}"
        )
    title = puzzle.title or puzzle.name
    return lay_out(title, example(puzzle), entries, per_page=per_page, paper=paper, measure=measure)


def render(book: list[Page], paper: Paper, fmt: str, title: str) -> list[bytes]:
    """The pages as one PDF (a list of one) or one SVG a page."""
    if fmt == "pdf":
        return [render_pdf(book, paper, title)]
    return render_svgs(book, paper, title)


@dataclass(frozen=True, slots=True)
class Written:
    """What :func:`write_book` wrote: the paths, the number of pages and of bytes."""

    paths: tuple[Path, ...]
    pages: int
    size: int


def write_book(
    puzzle: Puzzle[Any, Any],
    params: Any,
    *,
    count: int,
    seed: str,
    paper: str,
    out: Path,
    fmt: str = "pdf",
    per_page: int = 1,
) -> Written:
    """Plan, lay out, render and write a book of ``count`` boards.

    Bad options raise :class:`~proofgrid.puzzle.InvalidParamsError`; a
    destination that cannot be written raises :class:`DestinationError`
    (checked before the slow work, and again when writing), leaving no file.
    """
    key = paper.strip().lower()
    if key not in PAPERS:
        raise InvalidParamsError(f"unknown paper {paper[:20]!r} (choose from a4, letter)")
    if fmt not in ("pdf", "svg"):
        raise InvalidParamsError(f"unknown format {fmt[:20]!r} (choose from pdf, svg)")
    if per_page not in PER_PAGE:
        raise InvalidParamsError(
            f"--per-page must be one of {', '.join(map(str, PER_PAGE))}, not {per_page}"
        )
    plots()  # fail before the slow part
    check([out] if fmt == "pdf" else svg_paths(out, 1))
    entries = plan(puzzle, params, seed, count)
    laid = pages(puzzle, entries, per_page=per_page, paper=PAPERS[key])
    title = f"{puzzle.title or puzzle.name} — {count} puzzles"
    blobs = render(laid, PAPERS[key], fmt, title)
    paths = [out] if fmt == "pdf" else svg_paths(out, len(blobs))
    write(list(zip(paths, blobs, strict=True)))
    return Written(tuple(paths), len(laid), sum(len(b) for b in blobs))
