"""Where everything goes on the paper: pages of positioned words and pictures, in points.

The book's pages, in order:

1. **How to play** (when the puzzle has rules): the rules, then the worked
   example drawn unsolved and solved side by side, with its solution notes.
2. **Puzzles**, ``per_page`` (1, 2 or 4) to a page: the page is cut into that
   many equal slots (one; two stacked; two by two). Each slot carries
   ``Puzzle n`` and the grade, what the puzzle asks (its goal: Matchless's par,
   Kirchhoff's grade), the board as large as the slot allows (at most
   :data:`MAX_CELL` points a cell) and the game ID in full on one line (its font
   shrinks to keep it on one line), so that anyone can open it in the app or the CLI.
3. **Solutions**, flowed: each is a heading, the solved drawing (its height
   capped by ``per_page``, unless its notes run long or the board is big: then
   as much as :data:`READABLE_CELL`-point cells need) and the notes; notes
   longer than the page continue on the next one under ``Solution n (continued)``.

Every page has a running head (the book's title and section) and a footer
``proofgrid · page i of N``. Text is wrapped by measured widths (a ``Measure``
from the renderer), greedily, word by word.

Cost: O(boards + note lines) placements; one width measurement per word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from proofgrid.book.content import Entry, Example
from proofgrid.drawing import Drawing

__all__ = [
    "MAX_CELL",
    "PAPERS",
    "PER_PAGE",
    "READABLE_CELL",
    "Measure",
    "Page",
    "Paper",
    "Picture",
    "Words",
    "lay_out",
    "wrap",
]

MAX_CELL = 56.0  # points per board unit at most
READABLE_CELL = 30.0  # points per unit a solved drawing gets if its page allows
PER_PAGE = (1, 2, 4)
_MM = 72 / 25.4

#: ``measure(text, size, bold, mono)``: the width of ``text`` in points.
Measure = Callable[[str, float, bool, bool], float]


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
class Words:
    """One line of text; ``y`` is its vertical centre, ``x`` its left end (``align``
    ``right``: its right end; ``center``: its middle)."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    mono: bool = False
    align: str = "left"


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawing placed with its top-left corner at ``(x, y)``, ``scale`` points a unit."""

    x: float
    y: float
    scale: float
    drawing: Drawing


Item = Words | Picture


@dataclass(frozen=True, slots=True)
class Page:
    """One page: its section (``rules``, ``puzzles``, ``solutions``) and what is on it."""

    section: str
    items: tuple[Item, ...]


def wrap(
    text: str,
    width: float,
    size: float,
    measure: Measure,
    *,
    mono: bool = False,
    first: float | None = None,
) -> list[str]:
    """``text`` cut into lines no wider than ``width`` points (the first line: ``first``
    points, when given), greedily at spaces; a word wider than a line is cut between
    characters. Kerning is not measured: lines keep 2% spare."""
    out: list[str] = []
    line = ""

    def room() -> float:
        return 0.98 * (width if out or first is None else first)

    for word in text.split():
        trial = f"{line} {word}" if line else word
        if measure(trial, size, False, mono) <= room():
            line = trial
            continue
        if line:
            out.append(line)
        line = ""
        while measure(word, size, False, mono) > room() and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and measure(word[:cut], size, False, mono) > room():
                cut -= 1
            out.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not out:
        out.append(line)
    return out


def _fit(d: Drawing, width: float, height: float) -> float:
    return max(0.0, min(width / d.width, height / d.height, MAX_CELL))


class _Book:
    """Pages being laid out: a cursor ``y`` on the current page and what is on it."""

    def __init__(self, paper: Paper, title: str, measure: Measure) -> None:
        self.paper, self.title, self.measure = paper, title, measure
        m = paper.margin
        self.left, self.width = m, paper.width - 2 * m
        self.top, self.bottom = m + 26, paper.height - m - 14
        self.pages: list[Page] = []
        self.items: list[Item] = []
        self.section = ""
        self.y = self.top
        self.continued: tuple[str, str] | None = None

    # pages
    def open(self, section: str) -> None:
        if self.items:
            self.pages.append(Page(self.section, tuple(self.items)))
        self.section, self.items, self.y = section, [], self.top
        names = {"rules": "How to play", "puzzles": "Puzzles", "solutions": "Solutions"}
        self.items.append(
            Words(self.left, self.paper.margin + 6, f"{self.title} · {names[section]}", 9.5)
        )
        if self.continued is not None and section == "solutions":
            self.heading(f"{self.continued[0]} (continued)", self.continued[1])

    def close(self) -> list[Page]:
        if self.items:
            self.pages.append(Page(self.section, tuple(self.items)))
        total = len(self.pages)
        out = []
        for i, page in enumerate(self.pages, 1):
            foot = Words(
                self.paper.width / 2,
                self.paper.height - self.paper.margin / 2 - 4,
                f"proofgrid · page {i} of {total}",
                8,
                align="center",
            )
            out.append(Page(page.section, (*page.items, foot)))
        return out

    def room(self, height: float) -> None:
        """Start a new page unless ``height`` points still fit on this one."""
        if self.y + height > self.bottom and self.y > self.top + 40:
            self.open(self.section)

    # flowed content
    def heading(self, text: str, right: str = "", size: float = 13) -> None:
        self.room(size + 10)
        self.items.append(Words(self.left, self.y + size / 2, text, size, bold=True))
        if right:
            self.items.append(
                Words(self.left + self.width, self.y + size / 2, right, 10, align="right")
            )
        self.y += size + 9

    def lines(
        self, notes: Sequence[str], size: float, leading: float, gap: float = 0, hang: bool = True
    ) -> None:
        """Paragraphs wrapped to the text width, each line after the first hanging by one
        em (``hang``); two leading spaces indent a paragraph by two ems. An unindented
        paragraph's lead, the words before its first ``" — "`` (``Step 4 · b2→c2``), is bold.
        A paragraph split over two pages leaves at least two lines on each side."""
        for note in notes:
            body = note.lstrip(" ")
            indent = 2 * size * ((len(note) - len(body)) // 2)
            lead, sep, rest = body.partition(" — ")
            if indent or not sep or len(lead) > 40:
                lead, rest = "", body
            else:
                lead += sep
            lead_w = self.measure(lead, size, True, False)
            shift, more = 0.0, size if hang else 0.0
            width = self.width - indent - more
            wrapped = wrap(rest, width, size, self.measure, first=width + more - lead_w)
            fit = int((self.bottom - self.y) // leading)
            # no line alone at the foot or the head of a page: at least two on each side
            early = -1
            if len(wrapped) > fit:
                stay = min(fit, len(wrapped) - 2)
                if stay >= 2:
                    early = stay
                elif fit > 0:
                    self.room(self.bottom)  # the whole paragraph starts the next page
            for i, line in enumerate(wrapped):
                if i == early:
                    self.room(self.bottom)
                self.room(leading)
                x = self.left + indent + shift
                if lead:
                    self.items.append(
                        Words(x, self.y + leading / 2, lead.rstrip(), size, bold=True)
                    )
                    x, lead = x + lead_w, ""
                self.items.append(Words(x, self.y + leading / 2, line, size))
                self.y += leading
                shift = more
            self.y += gap

    def one_line(self, text: str, size: float) -> None:
        """``text`` on one line in a monospaced font, shrunk to the width when it is long."""
        fitted = min(size, size * self.width / max(1.0, self.measure(text, size, False, True)))
        self.room(size + 6)
        self.items.append(Words(self.left, self.y + size / 2, text, fitted, mono=True))
        self.y += size + 6

    def pictures(self, drawings: Sequence[tuple[Drawing, str]], max_height: float) -> None:
        """Drawings side by side, centred, the same scale, each with a caption under it."""
        gap = 24.0
        each = (self.width - gap * (len(drawings) - 1)) / len(drawings)
        caption = 14.0 if any(c for _, c in drawings) else 0.0
        scale = min(_fit(d, each, max_height) for d, _ in drawings)
        tall = max(d.height for d, _ in drawings) * scale
        self.room(tall + caption + 8)
        total = sum(d.width * scale for d, _ in drawings) + gap * (len(drawings) - 1)
        x = self.left + (self.width - total) / 2
        for d, text in drawings:
            self.items.append(Picture(x, self.y, scale, d))
            if text:
                mid = x + d.width * scale / 2
                self.items.append(Words(mid, self.y + tall + 8, text, 9.5, align="center"))
            x += d.width * scale + gap
        self.y += tall + caption + 8

    # the three sections
    def rules(self, ex: Example) -> None:
        """The rules page: on one page if a tighter setting fits it (Letter is shorter)."""
        tight = (
            (10.5, 14.0, 150.0, 9.0, 11.5),
            (10.0, 13.0, 120.0, 8.5, 10.5),
            (9.5, 12.0, 100.0, 8.0, 9.8),
        )
        for k, (size, leading, picture, small, small_leading) in enumerate(tight):
            self.open("rules")
            self.heading(f"How to play {ex.title}", size=18)
            self.lines(ex.paragraphs, size, leading, gap=5, hang=False)
            e = ex.entry
            self.y += 6
            self.heading("Worked example", f"grade: {e.grade}")
            self.lines([e.goal], size, leading, hang=False)
            self.pictures(((e.puzzle, "The puzzle"), (e.solution, "Its solution")), picture)
            self.one_line(f"ID {e.game_id}", 8)
            self.lines(e.notes, small, small_leading)
            if not self.pages or k == len(tight) - 1:
                return
            self.pages, self.items = [], []  # it ran over: again, tighter

    def puzzles(self, entries: Sequence[Entry], per_page: int) -> None:
        cols = 2 if per_page == 4 else 1
        rows = per_page // cols
        gap = 22.0
        w = (self.width - gap * (cols - 1)) / cols
        h = (self.bottom - self.top - gap * (rows - 1)) / rows
        for start in range(0, len(entries), per_page):
            self.open("puzzles")
            for k, e in enumerate(entries[start : start + per_page]):
                r, c = divmod(k, cols)
                self._slot(e, self.left + c * (w + gap), self.top + r * (h + gap), w, h)

    def _slot(self, e: Entry, x: float, y: float, w: float, h: float) -> None:
        size = 14.0
        slot_bottom = y + h
        self.items.append(Words(x, y + size / 2, f"Puzzle {e.number}", size, bold=True))
        self.items.append(Words(x + w, y + size / 2, f"grade: {e.grade}", 10, align="right"))
        y += size + 8
        for line in wrap(e.goal, w, 10.5, self.measure):
            self.items.append(Words(x, y + 7, line, 10.5))
            y += 14
        id_text = f"ID {e.game_id}"
        id_size = min(9.0, 9.0 * w / max(1.0, self.measure(id_text, 9.0, False, True)))
        self.items.append(Words(x, slot_bottom - id_size / 2, id_text, id_size, mono=True))
        box = slot_bottom - id_size - 10 - (y + 6)
        d = e.puzzle
        scale = _fit(d, w, box)
        self.items.append(Picture(x + (w - d.width * scale) / 2, y + 6, scale, d))

    def solutions(self, entries: Sequence[Entry], per_page: int) -> None:
        frac = {1: 0.42, 2: 0.34, 4: 0.26}[per_page]
        self.open("solutions")
        for e in entries:
            if self.y > self.top:
                self.y += 14
            # a long chain of reasons takes pages anyway: its drawing keeps the full size,
            # and a big board gets the height it needs for cells of READABLE_CELL points
            content = self.bottom - self.top
            share = (0.42 if len(e.notes) > 12 else frac) * content
            share = max(share, min(e.solution.height * READABLE_CELL, 0.8 * content))
            tall = e.solution.height * _fit(e.solution, self.width, share)
            self.room(22 + tall + 8 + 14 + 2 * 11.5)  # heading, drawing, ID, two lines together
            head = f"Solution {e.number}"
            self.heading(head, f"grade: {e.grade}")
            self.continued = (head, f"grade: {e.grade}")
            self.pictures(((e.solution, ""),), share)
            self.one_line(f"ID {e.game_id}", 8)
            self.lines(e.notes, 9, 11.5)
            self.continued = None


def lay_out(
    title: str,
    example: Example | None,
    entries: Sequence[Entry],
    *,
    per_page: int,
    paper: Paper,
    measure: Measure,
) -> list[Page]:
    """Every page of the book, in order (module docstring)."""
    book = _Book(paper, title, measure)
    if example is not None:
        book.rules(example)
    book.puzzles(entries, per_page)
    book.solutions(entries, per_page)
    return book.close()
