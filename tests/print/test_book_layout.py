"""The book's layout on its own (no renderer): slots a page, flowed notes, no lone lines.

Oracles: counting — ``per_page`` slots on each puzzle page (the last holds the
rest); a solution whose notes are paragraphs of exactly three lines (checked by
:func:`proofgrid.book.layout.wrap` itself) never has one split over two pages,
since a split would leave a line alone on one side (so every page holds a
multiple of three note lines); every word of every note is placed once, in order.
A fixed-width measure (half the size a character) stands in for font metrics.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.book.content import Entry
from proofgrid.book.layout import PAPERS, Words, lay_out, wrap
from proofgrid.drawing import text_drawing


def measure(text: str, size: float, bold: bool = False, mono: bool = False) -> float:
    return 0.5 * size * len(text)


def entry(number: int, notes: tuple[str, ...] = ("Done.",)) -> Entry:
    d = text_drawing("a b\nc d")
    return Entry(number, f"5:{number}", "easy", "Solve it.", d, d, notes)


@pytest.mark.parametrize(("per_page", "count"), [(1, 3), (2, 5), (4, 9), (4, 4)])
def test_puzzle_pages_hold_per_page_slots(per_page: int, count: int) -> None:
    pages = lay_out(
        "T",
        None,
        [entry(i) for i in range(1, count + 1)],
        per_page=per_page,
        paper=PAPERS["a4"],
        measure=measure,
    )
    puzzles = [p for p in pages if p.section == "puzzles"]
    held = [
        sum(1 for i in p.items if isinstance(i, Words) and i.text.startswith("Puzzle "))
        for p in puzzles
    ]
    assert held == [min(per_page, count - k) for k in range(0, count, per_page)]


@pytest.mark.parametrize("shift", [0, 1, 2])
def test_long_notes_continue_without_a_line_alone(shift: int) -> None:
    width = PAPERS["a4"].width - 2 * PAPERS["a4"].margin
    words = " ".join(f"w{k:03d}" for k in range(50))  # 50 words of 4 letters
    paragraphs = tuple(f"{words} p{n:03d}" for n in range(120))
    assert all(len(wrap(n, width - 9, 9, measure, first=width)) == 3 for n in paragraphs)
    notes = ("x",) * shift + paragraphs  # one-line paragraphs shift where pages break
    pages = lay_out("T", None, [entry(1, notes)], per_page=1, paper=PAPERS["a4"], measure=measure)
    solutions = [p for p in pages if p.section == "solutions"]
    assert len(solutions) > 2
    placed = []
    for k, page in enumerate(solutions):
        body = [i for i in page.items if isinstance(i, Words) and i.size == 9 and not i.bold]
        long = [i for i in body if i.text != "x"]
        assert len(long) % 3 == 0, (k, len(long))  # no three-line paragraph split 1 + 2 or 2 + 1
        placed += [w for i in body for w in i.text.split()]
        if k:
            assert any(
                i.text == "Solution 1 (continued)" for i in page.items if isinstance(i, Words)
            )
    assert placed == " ".join(notes).split()


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(st.sampled_from("ab c—→·"), max_size=300),
    width=st.floats(10, 400),
    first=st.one_of(st.none(), st.floats(10, 400)),
)
def test_wrap_keeps_every_character_and_the_width(
    text: str, width: float, first: float | None
) -> None:
    """Oracle: the text itself (no character lost or moved) and the measure (no line too wide,
    but a single character, which cannot be cut)."""
    lines = wrap(text, width, 10, measure, first=first)
    assert "".join("".join(line.split()) for line in lines) == "".join(text.split())
    for k, line in enumerate(lines):
        room = first if k == 0 and first is not None else width
        assert measure(line, 10) <= room or len(line) == 1
    assert all(line == line.strip() for line in lines)
