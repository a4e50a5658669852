"""Reading a printed book back with poppler (an independent PDF reader): pages, sections, words.

Shared by the book's tests. ``pdftotext -layout`` gives each page's text (form
feeds separate pages); ``pdftotext -bbox`` each word's box, for sizes.
"""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

ID_RE = re.compile(r"ID (\S+:\S+)")
PUZZLE_RE = re.compile(r"Puzzle (\d+)")
SOLUTION_RE = re.compile(r"Solution (\d+)(?! \(continued\))")


def page_texts(pdf: Path) -> list[str]:
    """The text of each page, in order."""
    out = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return out.split("\f")[:-1]


def section(text: str) -> str:
    """The page's section from its running head: ``rules``, ``puzzles`` or ``solutions``."""
    head = text.strip().splitlines()[0]
    for word, name in (
        ("How to play", "rules"),
        ("Puzzles", "puzzles"),
        ("Solutions", "solutions"),
    ):
        if head.strip().endswith(word):
            return name
    raise AssertionError(f"no running head: {head!r}")


def words(pdf: Path, page: int) -> list[tuple[str, float]]:
    """Each word of a page (1-based) with its box's height in points."""
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", html))
    out = []
    for el in root.iter():
        if el.tag.endswith("word"):
            out.append((el.text or "", float(el.get("yMax", 0)) - float(el.get("yMin", 0))))
    return out
