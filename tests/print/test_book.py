"""``proofgrid <puzzle> book``: rules page, puzzles a page, what each asks, whole solutions.

Oracles: the PDF read back by poppler's ``pdftotext`` (an independent PDF
reader), page by page; the boards regenerated through the midend from the
book's documented seed rule (board i = seed text ``<seed>-<i>``); Matchless par
(on each puzzle page, the rules page and each solution) against the number of
source components of networkx's condensation; Kirchhoff's grade against the
grader, and its solution chain against the exact counter (every printed step
is the only state any completion allows, the chain ends at the unique
solution) and the hint engine (as many steps as it takes from the obvious
empties to solved); the bytes of a second run (determinism).
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest

from proofgrid import midend, registry
from proofgrid.kirchhoff.board import Board as KBoard
from proofgrid.kirchhoff.board import Mark, cell_name
from proofgrid.kirchhoff.exact import analyse, count, first_solution
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import HintKind, hint, obvious_empties
from proofgrid.kirchhoff.moves import execute_move
from proofgrid.matchless.board import Board as MBoard
from proofgrid.matchless.codec import decode_desc
from tests.cli.conftest import Run
from tests.print.book_pdf import ID_RE, PUZZLE_RE, SOLUTION_RE, page_texts, section

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")


def scc_par(board: MBoard) -> int:
    """Par by networkx: the source components of the condensation."""
    g = nx.DiGraph()
    g.add_nodes_from(range(board.n))
    g.add_edges_from(board.fuses())
    cond = nx.condensation(g)
    return sum(1 for c in cond if cond.in_degree(c) == 0)


def split(pdf: Path) -> dict[str, list[str]]:
    """The pages by section, in order; the sections come in the order rules, puzzles, solutions."""
    out: dict[str, list[str]] = {"rules": [], "puzzles": [], "solutions": []}
    order = []
    for text in page_texts(pdf):
        name = section(text)
        out[name].append(text)
        if not order or order[-1] != name:
            order.append(name)
    assert order == [k for k in ("rules", "puzzles", "solutions") if out[k]]
    return out


def check_puzzle_pages(
    pages: list[str], name: str, params: str | None, *, seed: str, count_: int, per_page: int
) -> list[tuple[int, str, str]]:
    """Each puzzle page holds ``per_page`` puzzles (the last the rest), numbered in order, each
    ID the board of seed ``seed-<n>``; returns (number, ID, page text) per puzzle."""
    puzzle = registry.get(name)
    p = puzzle.default_params() if params is None else midend.decode_params(puzzle, params)
    assert len(pages) == math.ceil(count_ / per_page)
    found = []
    for k, text in enumerate(pages):
        numbers = [int(n) for n in PUZZLE_RE.findall(text)]
        ids = ID_RE.findall(text)
        expect = list(range(k * per_page + 1, min(count_, (k + 1) * per_page) + 1))
        assert sorted(numbers) == expect and len(ids) == len(expect), text
        for n, gid in zip(sorted(numbers), ids, strict=True):
            assert gid == midend.seeded(puzzle, p, f"{seed}-{n}").id  # canonical, in full
            found.append((n, gid, text))
    return found


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_matchless_book_rules_per_page_and_par(run: Run, tmp_path: Path, per_page: int) -> None:
    pdf = tmp_path / "m.pdf"
    n = 5
    argv = ("matchless", "book", "-n", str(n), "--seed", "s", "--per-page", str(per_page))
    code, out, err = run(*argv, "--out", str(pdf))
    assert code == 0, err
    pages = split(pdf)
    assert f"{len(page_texts(pdf))} pages" in out
    # the rules page: rules, and the worked example's par by networkx
    rules = "\n".join(pages["rules"])
    assert "How to play Matchless" in rules and "Worked example" in rules
    assert len(pages["rules"]) == 1
    (example_id,) = ID_RE.findall(rules)
    example = decode_desc(example_id.split(":", 1)[1])
    assert f"Light every shell with {scc_par(example)} matches." in rules
    # each puzzle asks for its par
    for text in pages["puzzles"]:
        goals = [int(g) for g in re.findall(r"Light every shell with (\d+) match", text)]
        ids = ID_RE.findall(text)
        assert len(goals) == len(ids) == len(PUZZLE_RE.findall(text))
        for goal, gid in zip(goals, ids, strict=True):
            assert goal == scc_par(decode_desc(gid.split(":", 1)[1]))
    check_puzzle_pages(pages["puzzles"], "matchless", None, seed="s", count_=n, per_page=per_page)
    # one solution each, in order, with par and an optimal set
    sol = "\n".join(pages["solutions"])
    assert [int(k) for k in SOLUTION_RE.findall(sol)] == list(range(1, n + 1))
    blocks = re.split(SOLUTION_RE, sol)[2::2]
    for block, k in zip(blocks, range(1, n + 1), strict=True):
        gid = ID_RE.findall(block)[0]
        assert (
            gid
            == midend.seeded(
                registry.get("matchless"), registry.get("matchless").default_params(), f"s-{k}"
            ).id
        )
        board = decode_desc(gid.split(":", 1)[1])
        m = re.search(r"Par (\d+): strike ([a-l0-9, ]+) \(marked", block)
        assert m and int(m.group(1)) == scc_par(board)
        g = nx.DiGraph()
        g.add_nodes_from(range(board.n))
        g.add_edges_from(board.fuses())
        cond = nx.condensation(g)
        struck = [board.shell_at(int(s[1:]) - 1, ord(s[0]) - 97) for s in m.group(2).split(", ")]
        sources = {c for c in cond if cond.in_degree(c) == 0}
        assert {cond.graph["mapping"][v] for v in struck} == sources  # an optimal set
    if per_page == 2:  # the same bytes again, from a fresh process too
        again = tmp_path / "m2.pdf"
        assert run(*argv, "--out", str(again))[0] == 0
        assert pdf.read_bytes() == again.read_bytes()
        fresh = tmp_path / "m3.pdf"
        subprocess.run([sys.executable, "-m", "proofgrid", *argv, "--out", str(fresh)], check=True)
        assert pdf.read_bytes() == fresh.read_bytes()


def chain_from_text(board: KBoard, text: str) -> tuple[list[str], list[tuple[int, int]]]:
    """The obvious empties (edge names) and the numbered steps (edge, state) a solution prints."""
    flat = " ".join(text.split())
    m = re.search(r"leave (\d+) edges? empty \([^)]*\): ([a-p0-9–, ]+)\.", flat)
    empties = m.group(2).split(", ") if m else []
    assert m is None or int(m.group(1)) == len(empties)
    steps = []
    for i, (k, a, sep, b, empty) in enumerate(
        re.findall(r"Step (\d+) · ([a-p]\d+)(→|–)([a-p]\d+)( stays empty)?", flat), 1
    ):
        assert int(k) == i  # numbered 1, 2, 3, … with none left out
        u, v = (cell_index(board, a), cell_index(board, b))
        e = board.geometry.edge_between(u, v)
        assert (sep == "–") == bool(empty)
        lo = board.geometry.ends[e][0]
        steps.append((e, 0 if empty else (1 if u == lo else 2)))
    return empties, steps


def cell_index(board: KBoard, name: str) -> int:
    return (int(name[1:]) - 1) * board.cols + ord(name[0]) - 97


def check_kirchhoff_solution(gid: str, text: str) -> int:
    """The printed chain against the exact counter and the hint engine; its step count."""
    start = midend.resolve(registry.get("kirchhoff"), gid).start()
    board = start.board
    empties, steps = chain_from_text(board, text)
    oracle = obvious_empties(start)
    names = [
        f"{cell_name(board, board.geometry.ends[e][0])}–"
        f"{cell_name(board, board.geometry.ends[e][1])}"
        for e in oracle
    ]
    assert empties == names
    position = start
    unique = first_solution(board)
    assert unique is not None and count(board).value == 1
    for e in oracle:
        assert unique[e] == 0
        position = position.with_mark(e, Mark.CROSS)
    # the hint engine's own count of forced steps from there to solved
    engine, walk = 0, position
    while (h := hint(walk)).kind not in (HintKind.SOLVED, HintKind.LOST, HintKind.NONE):
        walk = execute_move(walk, h.move)
        engine += 1
    assert h.kind is HintKind.SOLVED
    assert len(steps) == engine
    # every printed step is forced (the exact counter's support has that state alone)
    for e, state in steps:
        support = analyse(board, position.masks()).support[e]
        assert support == 1 << state, (e, state, support)
        position = position.with_mark(e, Mark(3 if state == 0 else state))
    assert tuple(position.arrows()) == unique  # and the chain ends at the unique solution
    return len(steps)


@pytest.mark.slow
def test_kirchhoff_book_grade_rules_and_whole_chain(run: Run, tmp_path: Path) -> None:
    pdf, again = tmp_path / "k.pdf", tmp_path / "k2.pdf"
    argv = ("kirchhoff", "book", "-n", "3", "--preset", "easy", "--paper", "letter")
    assert run(*argv, "--per-page", "2", "--out", str(pdf))[0] == 0
    pages = split(pdf)
    rules = "\n".join(pages["rules"])
    assert "How to play Kirchhoff" in rules and "Worked example" in rules
    assert len(pages["rules"]) == 1  # on US Letter too
    (example_id,) = ID_RE.findall(rules)
    assert check_kirchhoff_solution(example_id, rules) > 0
    found = check_puzzle_pages(
        pages["puzzles"], "kirchhoff", "easy", seed="book", count_=3, per_page=2
    )
    for _, gid, text in found:
        grade = grade_board(midend.resolve(registry.get("kirchhoff"), gid).start().board)
        assert f"grade: {grade.grade.value}" in text and f"Grade {grade.grade.value}" in text
    sol = "\n".join(pages["solutions"])
    blocks = re.split(SOLUTION_RE, sol)[2::2]
    assert len(blocks) == 3
    for (_, gid, _), block in zip(found, blocks, strict=True):
        assert ID_RE.findall(block)[0] == gid
        assert check_kirchhoff_solution(gid, block) > 3  # the whole chain, not three steps
    assert run(*argv, "--per-page", "2", "--out", str(again))[0] == 0
    assert pdf.read_bytes() == again.read_bytes()


@pytest.mark.slow
def test_a_long_kirchhoff_solution_continues_over_pages(run: Run, tmp_path: Path) -> None:
    pdf = tmp_path / "k.pdf"
    assert run("kirchhoff", "book", "-n", "1", "--out", str(pdf))[0] == 0
    pages = split(pdf)
    assert len(pages["solutions"]) > 1
    assert all("Solution 1 (continued)" in t for t in pages["solutions"][1:])
    (gid,) = ID_RE.findall("\n".join(pages["puzzles"]))
    assert check_kirchhoff_solution(gid, "\n".join(pages["solutions"])) > 10


def test_toy_book_and_svg_pages(run: Run, lamps: str, tmp_path: Path) -> None:
    pdf = tmp_path / "toy.pdf"
    assert run(lamps, "book", "-n", "2", "--preset", "small", "--out", str(pdf))[0] == 0
    pages = split(pdf)
    assert pages["rules"] == []  # the toy declares no rules
    found = check_puzzle_pages(pages["puzzles"], lamps, "small", seed="book", count_=2, per_page=1)
    puzzle = registry.get(lamps)
    for _, gid, text in found:
        assert puzzle.format(midend.resolve(puzzle, gid).start()) in text  # the format text
    stem = tmp_path / "toy"
    code, _out, _ = run(lamps, "book", "-n", "2", "--format", "svg", "--out", str(stem) + ".svg")
    assert code == 0
    files = sorted(tmp_path.glob("toy-*.svg"))
    assert [f.name for f in files] == [f"toy-{i:03d}.svg" for i in range(1, 4)]
    first = files[0].read_bytes()
    assert "ID 5:" in "".join(ET.fromstring(first).itertext())
    assert run(lamps, "book", "-n", "2", "--format", "svg", "--out", str(stem))[0] == 0
    assert files[0].read_bytes() == first
    assert not list(tmp_path.glob(".*.part"))


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("--count", "0"), "--count"),
        (("--paper", "a5"), "paper"),
        (("--format", "png"), "format"),
        (("--params", "99x99"), ""),
        (("--per-page", "3"), "--per-page"),
    ],
)
def test_bad_options_are_one_line(
    run: Run, tmp_path: Path, argv: tuple[str, ...], says: str
) -> None:
    code, _out, err = run("matchless", "book", *argv, "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and err.startswith("error:") and err.count("\n") == 1 and says in err
    assert not (tmp_path / "x.pdf").exists()


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
