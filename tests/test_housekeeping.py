"""Housekeeping the tree keeps: no tracker citations in src/, no sys.path edits in
tools/ or bench/, no source file over 900 lines.

Each rule is a function on text, tested first on planted violations (so the
scan cannot pass by matching nothing), then run over the files themselves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "proofgrid"  # the package (not the egg-info pip writes beside it)
MAX_LINES = 900
#: Files allowed over MAX_LINES, each only while it still is (none today); once
#: such a file is under the limit its allowance fails the test below.
OVER_LIMIT_ALLOWED: set[str] = set()

# A citation: "issue 12", "Issue #12", "ticket 3", "PR 40", "bug #7", "stop 4".
_CITED = re.compile(r"\b(?:issue|ticket|pr|bug)s?\s*(?:#|no\.?\s*)?\d+|\bstop \d+", re.IGNORECASE)
# A bare "#12" that is not a hex colour (#000, #123456, #12345678) nor a daily's
# number as the player reads it: "(#1)", "is #1", "puzzle #1", "day #1", "Daily #3".
_HASH_NUMBER = re.compile(r"#\d+\b")
_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\b")
_DAILY_NUMBER = re.compile(r"(?:\(|\bis |\bpuzzle |\bday |\bDaily )#\d+\b")

# Editing the import path: sys.path.insert/append/extend/remove, sys.path = / += / [..] =.
_SYS_PATH_EDIT = re.compile(
    r"\bsys\.path\s*(?:\.\s*(?:insert|append|extend|remove)\b|\+=|=(?!=)|\[[^\]]*\]\s*=(?!=))"
    r"|\bsite\.addsitedir\b"
)


def issue_citations(text: str) -> list[str]:
    """Lines of ``text`` that cite a tracker number instead of saying what and why."""
    bad = []
    for line in text.splitlines():
        if _CITED.search(line):
            bad.append(line.strip())
            continue
        rest = _DAILY_NUMBER.sub("", line)
        if any(not _COLOUR.fullmatch(m.group()) for m in _HASH_NUMBER.finditer(rest)):
            bad.append(line.strip())
    return bad


def sys_path_edits(text: str) -> list[str]:
    """Lines of ``text`` that change Python's import path."""
    return [line.strip() for line in text.splitlines() if _SYS_PATH_EDIT.search(line)]


def _text_files(root: Path, suffixes: set[str] | None = None) -> list[Path]:
    out = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or ".venvs" in path.parts:
            continue  # .venvs: the benchmark peers' own environments (bench/peers.py)
        if suffixes is not None and path.suffix not in suffixes:
            continue
        try:
            path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # icons and other binaries
            continue
        out.append(path)
    return out


@pytest.mark.parametrize(
    "line",
    [
        "# the lost proof (issue 12) must use the wrong mark",
        "// see Issue #14 for the launch",
        "/* --- issue 13 --- */",
        "fixed in ticket 7",
        "    #: as PR 40 decided",
        "done at stop 3 of the plan",
        "see #12 for why",
        "follow-up to #1234",
    ],
)
def test_citation_check_catches_a_planted_citation(line: str) -> None:
    assert issue_citations(f"ok line\n{line}\nok line") == [line.strip()]


@pytest.mark.parametrize(
    "line",
    [
        "  --bg: light-dark(#f7f3ea, #10141f);",
        '<rect fill="#000"/> <g fill="#56b4e9">',
        "fill: #000000; stroke: #12345678;",
        "Puzzle number: days since LAUNCH plus one (2026-11-30 is #1).",
        'raise InvalidParamsError(f"daily boards begin on {LAUNCH} (#1)")',
        "The first daily board's date (puzzle #1; dates before it are refused",
        "the route's title (e.g. 'Daily #3')",
        "The site's launch, day #1 of every puzzle's dailies",
        "a bare #ID (a shared game ID, e.g. #6x6:AbCd or #5x5%235)",
        "the issue's text says what a proof is",
    ],
)
def test_citation_check_allows_colours_and_daily_numbers(line: str) -> None:
    assert issue_citations(line) == []


def test_no_src_file_cites_an_issue_number() -> None:
    found = {
        str(p.relative_to(ROOT)): bad
        for p in _text_files(SRC)
        if (bad := issue_citations(p.read_text(encoding="utf-8")))
    }
    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        'sys.path.insert(0, str(ROOT / "src"))',
        "sys.path.append(str(ROOT))",
        "sys.path .extend([a, b])",
        "sys.path = [str(ROOT), *sys.path]",
        "sys.path += [str(ROOT)]",
        "sys.path[0] = str(ROOT)",
        "site.addsitedir(str(ROOT))",
    ],
)
def test_sys_path_check_catches_a_planted_edit(line: str) -> None:
    assert sys_path_edits(f"import sys\n{line}\n") == [line.strip()]


def test_sys_path_check_allows_reading_it() -> None:
    text = "print(sys.path)\nif str(ROOT) in sys.path: pass\nok = sys.path[0] == here\n"
    assert sys_path_edits(text) == []


def test_no_tools_or_bench_script_edits_sys_path() -> None:
    found = {
        str(p.relative_to(ROOT)): bad
        for d in ("tools", "bench")
        for p in _text_files(ROOT / d, {".py"})
        if (bad := sys_path_edits(p.read_text(encoding="utf-8")))
    }
    assert found == {}


def over_limit(files: dict[str, int], limit: int = MAX_LINES) -> list[str]:
    """The files (path -> line count) over ``limit`` lines, allowance not applied."""
    return sorted(name for name, n in files.items() if n > limit)


def test_line_limit_check_catches_a_planted_long_file() -> None:
    assert over_limit({"a.py": 900, "b.js": 901, "c.css": 12}) == ["b.js"]


def test_no_src_file_over_900_lines() -> None:
    counts = {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
        for p in _text_files(SRC)
    }
    over = over_limit(counts)
    assert sorted(set(over) - OVER_LIMIT_ALLOWED) == []
    # an allowance lasts only while the file is over the limit
    assert sorted(name for name in OVER_LIMIT_ALLOWED if counts.get(name, 0) <= MAX_LINES) == []
