"""A puzzle book for any puzzle: puzzle pages, then solution pages, as PDF or SVG.

Neutral code: the book reaches a puzzle only through its contract — boards
from :func:`proofgrid.midend.seeded`, pictures from
:meth:`proofgrid.puzzle.Puzzle.draw` (a :class:`proofgrid.drawing.Drawing`),
and, from the puzzle's ``draw`` surface when it has one, ``grade(state)`` and
``solution_notes(state)``. A puzzle with neither (the toy of the test suite)
prints its ``format`` text and its ``solve`` answer.

Layout (:func:`plan` then :func:`render`)
-----------------------------------------
One board a page, sized to the paper's printable area (A4 or US Letter with
15 mm margins) and capped at :data:`MAX_CELL` points a cell. Each puzzle page
carries its number, its grade and its game ID in full, in the canonical
``params:desc`` form on one line (the font shrinks to keep it on one line),
so that anyone can open it in the app or the CLI. The solution pages follow
in the same order, each with the solved drawing and its notes.

Determinism: board ``i`` (1-based) is the board of seed text ``<seed>-<i>``;
the renderer writes no date (``CreationDate`` ``None``, a fixed
``svg.hashsalt``) and no random identifiers, so the same command gives the
same bytes. Rendering uses matplotlib's PDF and SVG backends, imported only
when a book is rendered (matplotlib is the ``plots`` extra); without it
:class:`PlotsMissingError` says which package to install.

Cost: generation and solving per board as the puzzle's own, then
O(shapes) drawing per page.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from proofgrid import midend
from proofgrid.drawing import Circle, Drawing, Line, Rect, Text
from proofgrid.errors import ProofgridError
from proofgrid.puzzle import InvalidParamsError, Puzzle

__all__ = [
    "MAX_CELL",
    "MAX_COUNT",
    "PAPERS",
    "Entry",
    "Page",
    "Paper",
    "PlotsMissingError",
    "plan",
    "render",
    "write_book",
]

MAX_COUNT = 200
MAX_CELL = 46.0  # points per board unit at most
_MM = 72 / 25.4
_SALT = "proofgrid-book"


class PlotsMissingError(ProofgridError):
    """Rendering was asked for but matplotlib (the ``plots`` extra) is not installed."""


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size in PostScript points and its margin."""

    name: str
    width: float
    height: float
    margin: float = 15 * _MM


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210 * _MM, 297 * _MM),
    "letter": Paper("letter", 8.5 * 72, 11 * 72),
}


@dataclass(frozen=True, slots=True)
class Entry:
    """One board of the book: its number, game ID, grade, drawings and solution notes."""

    number: int
    game_id: str
    grade: str
    puzzle: Drawing
    solution: Drawing
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Page:
    """One page: a heading, a drawing, the game ID line, and notes under it."""

    heading: str
    grade: str
    drawing: Drawing
    game_id: str
    notes: tuple[str, ...] = ()


def _grade(puzzle: Puzzle[Any, Any], params: Any, state: Any) -> str:
    own = puzzle.draw_surface()
    if own is not None and own.grade is not None:
        return own.grade(state)
    for name, p in puzzle.presets().items():
        if p == params:
            return name
    return "unrated"


def _notes(puzzle: Puzzle[Any, Any], state: Any) -> tuple[str, ...]:
    own = puzzle.draw_surface()
    if own is not None and own.solution_notes is not None:
        return tuple(own.solution_notes(state))
    return (f"Solution: {puzzle.solve(state)}",)


def plan(puzzle: Puzzle[Any, Any], params: Any, seed: str, count: int) -> list[Entry]:
    """The book's boards: board ``i`` is the one of seed text ``<seed>-<i>``, i = 1..count."""
    if not 1 <= count <= MAX_COUNT:
        raise InvalidParamsError(f"--count must be from 1 to {MAX_COUNT}")
    puzzle.validate_params(params)
    entries = []
    for i in range(1, count + 1):
        game = midend.seeded(puzzle, params, f"{seed}-{i}")
        state = game.start()
        entries.append(
            Entry(
                i,
                game.id,
                _grade(puzzle, params, state),
                puzzle.draw(state, False),
                puzzle.draw(state, True),
                _notes(puzzle, state),
            )
        )
    return entries


def pages(puzzle: Puzzle[Any, Any], entries: Sequence[Entry]) -> list[Page]:
    """Puzzle pages in order, then solution pages in the same order."""
    title = puzzle.title or puzzle.name
    out = [Page(f"{title} · puzzle {e.number}", e.grade, e.puzzle, e.game_id) for e in entries]
    out += [
        Page(f"{title} · solution {e.number}", e.grade, e.solution, e.game_id, e.notes)
        for e in entries
    ]
    return out


def _plots() -> Any:
    try:
        import matplotlib  # noqa: PLC0415  (the plots extra, loaded only to render)
    except ImportError:
        raise PlotsMissingError(
            "the book needs matplotlib: pip install 'proofgrid[plots]'"
        ) from None
    return matplotlib


_RC = {
    "pdf.fonttype": 42,  # TrueType: text stays text, so pdftotext reads IDs back
    "svg.fonttype": "none",
    "svg.hashsalt": _SALT,
    "hatch.linewidth": 0.6,
    "font.family": "DejaVu Sans",
}


def _figure(page: Page, paper: Paper, number: int, total: int) -> Any:
    """The page as a matplotlib figure, in points with ``y`` downwards."""
    from matplotlib.figure import Figure  # noqa: PLC0415
    from matplotlib.patches import Circle as MCircle  # noqa: PLC0415
    from matplotlib.patches import FancyArrowPatch, Rectangle  # noqa: PLC0415

    W, H, m = paper.width, paper.height, paper.margin
    fig = Figure(figsize=(W / 72, H / 72), dpi=72)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, W)
    ax.set_ylim(H, 0)
    ax.set_axis_off()
    inner = W - 2 * m
    ax.text(m, m + 10, page.heading, fontsize=15, weight="bold", va="center")
    ax.text(W - m, m + 10, f"grade: {page.grade}", fontsize=11, ha="right", va="center")
    id_text = f"ID {page.game_id}"
    id_size = min(9.0, inner / (0.61 * len(id_text)))
    notes: list[str] = []
    for note in page.notes:
        indent = len(note) - len(note.lstrip())
        notes += textwrap.wrap(
            note.strip(),
            width=int(inner / (0.61 * 9.5)) - indent,
            initial_indent=" " * indent,
            subsequent_indent=" " * indent,
        ) or [""]
    top = m + 34
    notes_h = 13.5 * len(notes)
    box_h = H - m - 30 - top - 24 - notes_h
    d = page.drawing
    scale = min(inner / d.width, box_h / d.height, MAX_CELL)
    ox = m + (inner - d.width * scale) / 2
    oy = top

    def pt(x: float, y: float) -> tuple[float, float]:
        return ox + x * scale, oy + y * scale

    for s in d.shapes:
        if isinstance(s, Rect):
            face = "none" if s.fill is None else str(s.fill.shade / 100)
            ax.add_patch(
                Rectangle(
                    pt(s.x, s.y),
                    s.w * scale,
                    s.h * scale,
                    facecolor=face,
                    edgecolor="black",
                    hatch=(s.fill.hatch or None) if s.fill else None,
                    linewidth=s.width,
                )
            )
        elif isinstance(s, Circle):
            face = "none" if s.fill is None else str(s.fill.shade / 100)
            ax.add_patch(
                MCircle(
                    pt(s.x, s.y),
                    s.r * scale,
                    facecolor=face,
                    edgecolor="black",
                    hatch=(s.fill.hatch or None) if s.fill else None,
                    linewidth=s.width,
                )
            )
        elif isinstance(s, Line):
            ax.add_patch(
                FancyArrowPatch(
                    pt(s.x1, s.y1),
                    pt(s.x2, s.y2),
                    arrowstyle="-|>" if s.arrow else "-",
                    mutation_scale=max(4.0, scale * 0.28),
                    linewidth=s.width,
                    linestyle="--" if s.dashed else "-",
                    color="black",
                    shrinkA=0,
                    shrinkB=0,
                )
            )
        elif isinstance(s, Text):
            x, y = pt(s.x, s.y)
            ax.text(
                x,
                y,
                s.text,
                fontsize=s.size * scale,
                ha="center",
                va="center",
                family="DejaVu Sans Mono" if s.mono else "DejaVu Sans",
                weight="bold" if s.bold else "normal",
            )
    y = oy + d.height * scale + 16
    ax.text(m, y, id_text, fontsize=id_size, family="DejaVu Sans Mono", va="center")
    y += 20
    for line in notes:
        ax.text(m, y, line, fontsize=9.5, family="DejaVu Sans Mono", va="center")
        y += 13.5
    ax.text(
        W / 2,
        H - m / 2 - 4,
        f"proofgrid · page {number} of {total}",
        fontsize=8,
        ha="center",
        va="center",
    )
    return fig


def render(book: Sequence[Page], paper: Paper, out: Path, fmt: str, title: str) -> list[Path]:
    """Write the pages: one PDF at ``out``, or ``<stem>-001.svg``… beside it; the paths written."""
    mpl = _plots()
    from matplotlib.backends.backend_pdf import PdfPages  # noqa: PLC0415

    total = len(book)
    with mpl.rc_context(_RC):
        if fmt == "pdf":
            meta = {
                "Title": title,
                "Creator": "proofgrid book",
                "Producer": "proofgrid",
                "CreationDate": None,
                "ModDate": None,
            }
            with PdfPages(out, metadata=meta) as pdf:
                for i, page in enumerate(book, 1):
                    pdf.savefig(_figure(page, paper, i, total))
            return [out]
        stem = out.with_suffix("") if out.suffix.lower() in (".svg", ".pdf") else out
        written = []
        for i, page in enumerate(book, 1):
            path = stem.with_name(f"{stem.name}-{i:03d}.svg")
            fig = _figure(page, paper, i, total)
            fig.savefig(
                path,
                format="svg",
                metadata={"Date": None, "Creator": "proofgrid book", "Title": title},
            )
            written.append(path)
        return written


def write_book(
    puzzle: Puzzle[Any, Any],
    params: Any,
    *,
    count: int,
    seed: str,
    paper: str,
    out: Path,
    fmt: str = "pdf",
) -> list[Path]:
    """Plan and render a book of ``count`` boards; the paths written."""
    key = paper.strip().lower()
    if key not in PAPERS:
        raise InvalidParamsError(f"unknown paper {paper[:20]!r} (choose from a4, letter)")
    if fmt not in ("pdf", "svg"):
        raise InvalidParamsError(f"unknown format {fmt[:20]!r} (choose from pdf, svg)")
    _plots()  # fail before the slow part
    folder = out.parent if str(out.parent) else Path()
    if not folder.is_dir():
        raise InvalidParamsError(f"cannot write {str(out)[:80]}: no folder {str(folder)[:80]}")
    entries = plan(puzzle, params, seed, count)
    title = f"{puzzle.title or puzzle.name} — {count} puzzles"
    return render(pages(puzzle, entries), PAPERS[key], out, fmt, title)
