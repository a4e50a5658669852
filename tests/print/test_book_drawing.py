"""What the boards look like on paper: Kirchhoff's clues at one size, arrows that show.

Oracles: the board's own clues (every clue drawn once, every clue's text the
same size); the printed PDF read back by ``pdftotext -bbox`` (an independent
reader): every circled ``±n`` word is as tall as the tallest plain number on the
page (before this change the circled ones printed at 0.26 of a cell, plain ones
at 0.42); the solution's arrows numbered by the chain's steps (each number once,
on the arrow of the step's edge).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from proofgrid import midend, registry
from proofgrid.drawing import Line, Text
from proofgrid.kirchhoff.board import ClueKind
from proofgrid.kirchhoff.draw import CLUE_SIZE, draw, steps
from tests.cli.conftest import Run
from tests.print.book_pdf import page_texts, section, words

K_ID = "7x7dh:FVlhySZojjCDkRKBCEJYkjES5IH7"


def test_every_clue_is_drawn_once_at_one_size() -> None:
    start = midend.resolve(registry.get("kirchhoff"), K_ID).start()
    texts = [s for s in draw(start).shapes if isinstance(s, Text)]
    clues = [s for s in texts if re.fullmatch(r"[+−]?\d+", s.text) and s.bold]
    expect = sorted(
        ("+" if c.kind is ClueKind.SOURCE else "−" if c.kind is ClueKind.SINK else "")
        + str(c.value)
        for c in start.board.clues
        if c.kind is not ClueKind.BLANK
    )
    assert sorted(s.text for s in clues) == expect
    assert {s.size for s in clues} == {CLUE_SIZE}


def test_solution_arrows_are_numbered_by_their_steps() -> None:
    start = midend.resolve(registry.get("kirchhoff"), K_ID).start()
    chain = steps(start)
    arrows = [i for i, st in enumerate(chain.steps, 1) if st.state]
    labels = [s for s in draw(start, True).shapes if isinstance(s, Text) and not s.bold]
    numbers = sorted(
        int(s.text) for s in labels if s.size < 0.3 and s.text.isdigit()
    )  # not the row numbers
    assert numbers == arrows
    lines = [s for s in draw(start, True).shapes if isinstance(s, Line)]
    assert len(lines) == len(arrows)  # one line an arrow, every one numbered
    assert all(((s.x2 - s.x1) ** 2 + (s.y2 - s.y1) ** 2) ** 0.5 >= 0.2 for s in lines)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")
def test_printed_clues_are_one_height(run: Run, tmp_path: Path) -> None:
    pdf = tmp_path / "k.pdf"
    assert run("kirchhoff", "book", "-n", "1", "--out", str(pdf))[0] == 0
    page = 1 + [section(t) for t in page_texts(pdf)].index("puzzles")
    found = words(pdf, page)
    circled = [h for w, h in found if re.fullmatch(r"[+−]\d+", w)]
    plain = [h for w, h in found if re.fullmatch(r"\d+", w)]
    assert circled and plain
    assert max(circled) == pytest.approx(min(circled), rel=0.01)
    assert min(circled) == pytest.approx(max(plain), rel=0.02)
