"""``proofgrid <puzzle> book``: every printed game ID resolves to the board of its page.

Oracles: the PDF read back by poppler's ``pdftotext`` (an independent PDF
reader), page by page; the boards regenerated through the midend from the
book's documented seed rule (board i = seed text ``<seed>-<i>``); par and the
witness of each Matchless solution page against networkx's condensation; the
bytes of a second run (determinism).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest

from proofgrid import midend, registry
from proofgrid.matchless.board import cell_name
from proofgrid.matchless.codec import decode_desc
from tests.cli.conftest import Run

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")

ID_RE = re.compile(r"^ID (\S+)$", re.MULTILINE)


def page_texts(pdf: Path) -> list[str]:
    """The text of each page (form feeds separate pages in pdftotext's output)."""
    out = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return out.split("\f")[:-1]


def check_book(pdf: Path, name: str, params: str | None, seed: str, count: int) -> list[str]:
    """Each page's one ID line resolves to board ``seed-<page's number>`` of ``params``."""
    puzzle = registry.get(name)
    p = puzzle.default_params() if params is None else midend.decode_params(puzzle, params)
    pages = page_texts(pdf)
    assert len(pages) == 2 * count
    ids = []
    for i, text in enumerate(pages):
        found = ID_RE.findall(text)
        assert len(found) == 1, text
        number = i % count + 1
        kind = "puzzle" if i < count else "solution"
        assert f"{puzzle.title} · {kind} {number}" in text
        game = midend.resolve(puzzle, found[0])  # resolves: a printed ID is a real board
        expected = midend.seeded(puzzle, p, f"{seed}-{number}")
        assert game.id == expected.id
        assert found[0] == game.id  # canonical params:desc, in full, on one line
        ids.append(found[0])
    return ids


def test_matchless_book_ids_par_and_determinism(run: Run, tmp_path: Path) -> None:
    pdf, again = tmp_path / "m.pdf", tmp_path / "m2.pdf"
    code, out, err = run("matchless", "book", "--count", "3", "--seed", "s", "--out", str(pdf))
    assert code == 0, err
    assert "6 pages" in out
    ids = check_book(pdf, "matchless", None, "s", 3)
    for text, gid in zip(page_texts(pdf)[3:], ids[3:], strict=True):
        board = decode_desc(gid.split(":", 1)[1])
        g = nx.DiGraph()
        g.add_nodes_from(range(board.n))
        g.add_edges_from(board.fuses())
        cond = nx.condensation(g)
        sources = [c for c in cond if cond.in_degree(c) == 0]
        m = re.search(r"Par (\d+): strike ([a-l0-9, ]+) \(marked", text)
        assert m and int(m.group(1)) == len(sources)
        struck = [board.shell_at(int(s[1:]) - 1, ord(s[0]) - 97) for s in m.group(2).split(", ")]
        hit = {cond.graph["mapping"][v] for v in struck}
        assert hit == set(sources)  # one shell in every source component: an optimal set
        assert "Par is" in text
        assert all(cell_name(*board.shell_rc(v)) for v in struck)
    assert run("matchless", "book", "--count", "3", "--seed", "s", "--out", str(again))[0] == 0
    assert pdf.read_bytes() == again.read_bytes()


@pytest.mark.slow
def test_kirchhoff_book_ids_reasons_and_determinism(run: Run, tmp_path: Path) -> None:
    pdf, again = tmp_path / "k.pdf", tmp_path / "k2.pdf"
    argv = ("kirchhoff", "book", "-n", "2", "--preset", "easy", "--paper", "letter")
    assert run(*argv, "--out", str(pdf))[0] == 0
    check_book(pdf, "kirchhoff", "easy", "book", 2)
    for text in page_texts(pdf)[2:]:
        assert "The arrows above are the only solution." in text
        assert "Step 1" in text and "the arrow goes" in text.lower()
    assert run(*argv, "--out", str(again))[0] == 0
    assert pdf.read_bytes() == again.read_bytes()


def test_toy_book_and_svg_pages(run: Run, lamps: str, tmp_path: Path) -> None:
    pdf = tmp_path / "toy.pdf"
    assert run(lamps, "book", "-n", "2", "--preset", "small", "--out", str(pdf))[0] == 0
    check_book(pdf, lamps, "small", "book", 2)
    texts = page_texts(pdf)
    puzzle = registry.get(lamps)
    for text, gid in zip(texts, [*ID_RE.findall("".join(texts))], strict=False):
        state = midend.resolve(puzzle, gid).start()
        assert puzzle.format(state) in text  # the default drawing: the format text
    stem = tmp_path / "toy"
    code, _out, _ = run(lamps, "book", "-n", "2", "--format", "svg", "--out", str(stem) + ".svg")
    assert code == 0
    files = sorted(tmp_path.glob("toy-*.svg"))
    assert [f.name for f in files] == [f"toy-{i:03d}.svg" for i in range(1, 5)]
    first = files[0].read_bytes()
    assert "ID 5:" in "".join(ET.fromstring(first).itertext())
    assert run(lamps, "book", "-n", "2", "--format", "svg", "--out", str(stem))[0] == 0
    assert files[0].read_bytes() == first


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("--count", "0"), "--count"),
        (("--paper", "a5"), "paper"),
        (("--format", "png"), "format"),
        (("--params", "99x99"), ""),
    ],
)
def test_bad_options_are_one_line(
    run: Run, tmp_path: Path, argv: tuple[str, ...], says: str
) -> None:
    code, _out, err = run("matchless", "book", *argv, "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and err.startswith("error:") and err.count("\n") == 1 and says in err
    assert not (tmp_path / "x.pdf").exists()


def test_a_missing_folder_is_one_line_before_any_work(run: Run, tmp_path: Path) -> None:
    code, _out, err = run("kirchhoff", "book", "--out", str(tmp_path / "no" / "x.pdf"))
    assert code == 2 and err.startswith("error: cannot write") and err.count("\n") == 1


def test_without_matplotlib_names_the_extra(tmp_path: Path) -> None:
    script = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from proofgrid.cli import main\n"
        f"sys.exit(main(['matchless', 'book', '-n', '1', '--out', {str(tmp_path / 'x.pdf')!r}]))\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", script], check=False, capture_output=True, text=True
    )
    assert res.returncode == 2
    assert res.stderr.strip() == "error: the book needs matplotlib: pip install 'proofgrid[plots]'"
