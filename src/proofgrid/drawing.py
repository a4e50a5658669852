"""A neutral description of a board drawing: what to draw, never how.

A puzzle's ``draw`` operation (:meth:`proofgrid.puzzle.Puzzle.draw`) returns a
:class:`Drawing`: a list of shapes in *board units* (one unit is one grid cell,
``x`` to the right, ``y`` downwards, origin at the top-left corner of the
board). The book (:mod:`proofgrid.book`) scales it to the page and hands it to
a renderer; nothing here imports a graphics library, so an engine can describe
its picture without depending on one, as Tatham's back ends call the
front end's ``draw_rect``/``draw_line``/``draw_text`` and never a toolkit.

Everything prints in black and white: a :class:`Fill` is white, black, a grey
level or a hatch pattern (:data:`PATTERNS`), so meaning never rests on colour
alone. :class:`Rules` is what a puzzle's rules page says. :func:`text_drawing`
is the default for a puzzle that only has ``format``: its text in a monospaced
font, one line a row.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "PATTERNS",
    "Circle",
    "Drawing",
    "Fill",
    "Line",
    "Rect",
    "Rules",
    "Shape",
    "Text",
    "pattern",
    "text_drawing",
]

#: Hatch patterns told apart in black and white, in the order components use them.
PATTERNS: tuple[str, ...] = ("//", "\\\\", "..", "xx", "--", "||", "oo", "++", "**")


@dataclass(frozen=True, slots=True)
class Fill:
    """How an area is filled: a grey ``shade`` (0 black … 100 white) and an optional ``hatch``."""

    shade: int = 100
    hatch: str = ""


WHITE = Fill(100)
BLACK = Fill(0)


def pattern(index: int) -> Fill:
    """The ``index``-th hatch pattern (cycling), on white."""
    return Fill(100, PATTERNS[index % len(PATTERNS)])


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle; ``width`` is the outline's weight in points (0: none)."""

    x: float
    y: float
    w: float
    h: float
    fill: Fill | None = None
    width: float = 0.5


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle centred at ``(x, y)``."""

    x: float
    y: float
    r: float
    fill: Fill | None = WHITE
    width: float = 0.8


@dataclass(frozen=True, slots=True)
class Line:
    """A segment; ``arrow`` puts an arrowhead at ``(x2, y2)``; ``dashed`` draws it dashed."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.8
    arrow: bool = False
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class Text:
    """Text centred at ``(x, y)``; ``size`` is relative to one cell (1.0 = a cell's height)."""

    x: float
    y: float
    text: str
    size: float = 0.4
    mono: bool = False
    bold: bool = False


Shape = Rect | Circle | Line | Text


@dataclass(frozen=True, slots=True)
class Drawing:
    """A board picture ``width × height`` board units, shapes drawn in order."""

    width: float
    height: float
    shapes: tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class Rules:
    """What a book's rules page prints for a puzzle: its rules and a small worked example.

    ``paragraphs`` are plain sentences, one paragraph each; ``example`` is the
    game ID of a small board the page draws, unsolved and solved, with the
    puzzle's own solution notes under it (the reasons, step by step).
    """

    paragraphs: tuple[str, ...]
    example: str


def text_drawing(text: str) -> Drawing:
    """The default drawing: ``text`` in a monospaced font, one line a row.

    A monospaced character is about 0.6 of its height wide, so a text of ``w``
    columns and ``h`` lines is ``0.6 w × h`` units at size 1.
    """
    lines = text.split("\n") or [""]
    cols = max((len(line) for line in lines), default=1) or 1
    shapes = tuple(
        Text(0.3 * cols, i + 0.5, line.ljust(cols), size=0.8, mono=True)
        for i, line in enumerate(lines)
    )
    return Drawing(0.6 * cols, float(len(lines)), shapes)


def coordinate_labels(rows: int, cols: int, margin: float) -> list[Text]:
    """Column letters above and row numbers left of a grid whose cells are one unit wide,
    the grid starting ``margin`` units in (the names moves and sentences use: ``c4``)."""
    labels = [Text(margin + c + 0.5, margin / 2, chr(ord("a") + c), size=0.32) for c in range(cols)]
    labels += [Text(margin / 2, margin + r + 0.5, str(r + 1), size=0.32) for r in range(rows)]
    return labels
