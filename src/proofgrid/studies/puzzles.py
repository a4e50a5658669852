"""What a bank line holds, per puzzle, and the Matchless grade.

Board ``j`` of a bank of ``params`` with base text ``base`` is generated from
``seed_from_text(f"{base}/{params}/{j}")`` (``params`` in its canonical text),
so a bank is a pure function of ``(puzzle, params, base)`` and its length: any
line can be rebuilt alone, and a resumed bank continues exactly where the
interrupted one stopped. Lines record the *fixed* game ID (``params:desc``),
which stays playable even if a later generator version changes what a seed
produces.

Columns (tab-separated; the bank adds a CRC-32 column, :mod:`~proofgrid.studies.bank`):

* Matchless: ``index id grade par gap hidden`` — par (proved minimum
  matches), the myopic gap (extra matches of the biggest-fan-out player) and
  the hidden sources (source components that are cycles), from
  :func:`proofgrid.matchless.solve.analyse`; the grade is :func:`matchless_grade`.
* Kirchhoff: ``index id grade clues`` — the grade the hint ladder gives
  (:mod:`proofgrid.kirchhoff.grade`) and the number of throughput clues that
  survived clue removal (fewer clues push the player from counting cell by
  cell to cuts across regions).

The Matchless grade
-------------------
The seed redefined Matchless difficulty around the two mistakes players make
(its measurement tables, reproduced in ``docs/matchless.md``): *myopic play*
(striking the biggest immediate fan-out costs extra matches) and *hidden
sources* (a source component that is a cycle, where "strike what nothing
points at" fails). The grade counts the traps a board sets:

* **easy** — neither trap: the myopic player makes par and every source is a
  shell nothing points at (gap 0, hidden 0);
* **medium** — one kind of trap (gap ≥ 1 or hidden ≥ 1, not both);
* **hard** — both traps (gap ≥ 1 and hidden ≥ 1; the daily board's bar);
* **expert** — both, twice over (gap ≥ 2 and hidden ≥ 2).

Par is reported beside the grade, not folded into it: it measures how long a
board is, not how easy it is to get wrong.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from proofgrid.kirchhoff import codec as kcodec
from proofgrid.kirchhoff.board import ClueKind
from proofgrid.kirchhoff.generate import generate_board as kirchhoff_board
from proofgrid.matchless.game import game_id
from proofgrid.matchless.generate import generate_board as matchless_board
from proofgrid.matchless.params import PRESETS
from proofgrid.matchless.params import decode_params as matchless_params
from proofgrid.matchless.params import encode_params as encode_matchless
from proofgrid.matchless.solve import analyse
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import seed_from_text

__all__ = [
    "KIRCHHOFF",
    "MATCHLESS",
    "PUZZLES",
    "BankPuzzle",
    "MatchlessGrade",
    "item_seed",
    "kirchhoff_lines",
    "matchless_grade",
    "matchless_lines",
    "puzzle",
]


class MatchlessGrade(enum.Enum):
    """Matchless difficulty by the traps a board sets (module docstring)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    def __repr__(self) -> str:
        return f"MatchlessGrade.{self.name}"


def matchless_grade(myopic_gap: int, hidden: int) -> MatchlessGrade:
    """The grade of a board with this myopic gap and number of hidden sources."""
    if myopic_gap < 0 or hidden < 0:
        raise ValueError("gap and hidden sources are counts (≥ 0)")
    if myopic_gap >= 2 and hidden >= 2:
        return MatchlessGrade.EXPERT
    if myopic_gap >= 1 and hidden >= 1:
        return MatchlessGrade.HARD
    if myopic_gap >= 1 or hidden >= 1:
        return MatchlessGrade.MEDIUM
    return MatchlessGrade.EASY


def item_seed(base: str, params: str, index: int) -> int:
    """Seed of board ``index`` of a bank (module docstring)."""
    return seed_from_text(f"{base}/{params}/{index}")


# --- Matchless ------------------------------------------------------------------


def _matchless_params(text: str) -> str:

    t = text.strip().lower()
    return encode_matchless(PRESETS[t] if t in PRESETS else matchless_params(t))


def matchless_lines(params: str, base: str, start: int, stop: int) -> tuple[str, ...]:
    """Bank payloads of Matchless boards ``start .. stop-1`` (one task)."""

    p = matchless_params(params)
    out = []
    for j in range(start, stop):
        board = matchless_board(p, item_seed(base, params, j))
        a = analyse(board)
        grade = matchless_grade(a.myopic_gap, a.hidden).value
        out.append(f"{j}\t{game_id(board)}\t{grade}\t{a.par}\t{a.myopic_gap}\t{a.hidden}")
    return tuple(out)


# --- Kirchhoff ------------------------------------------------------------------


def _kirchhoff_params(text: str) -> str:

    return kcodec.encode_params(kcodec.decode_params(text))


def kirchhoff_lines(params: str, base: str, start: int, stop: int) -> tuple[str, ...]:
    """Bank payloads of Kirchhoff boards ``start .. stop-1`` (one task)."""

    p = kcodec.decode_params(params)
    out = []
    for j in range(start, stop):
        gen = kirchhoff_board(p, item_seed(base, params, j))
        clues = sum(1 for c in gen.board.clues if c.kind is ClueKind.THROUGHPUT)
        gid = f"{params}:{kcodec.encode_board(gen.board)}"
        out.append(f"{j}\t{gid}\t{gen.report.grade.value}\t{clues}")
    return tuple(out)


# --- the table --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BankPuzzle:
    """How to bank one puzzle.

    Attributes
    ----------
    name : str
    columns : tuple of str
        Column names of a line, before the checksum.
    default_params : str
        Params used when no ``--preset`` is given.
    chunk : int
        Boards per task.
    canonical : callable
        Preset name or params text to canonical params text (raises
        :class:`~proofgrid.puzzle.InvalidParamsError`).
    lines : callable
        ``lines(params, base, start, stop)``: the payloads of a chunk; top-level.
    """

    name: str
    columns: tuple[str, ...]
    default_params: str
    chunk: int
    canonical: Callable[[str], str]
    lines: Callable[[str, str, int, int], tuple[str, ...]]

    @property
    def default_base(self) -> str:
        """Seed base text when none is given: ``PUZZLE/bank``."""
        return f"{self.name}/bank"


MATCHLESS = BankPuzzle(
    "matchless",
    ("index", "id", "grade", "par", "gap", "hidden"),
    "6x6d70f2",
    250,
    _matchless_params,
    matchless_lines,
)
KIRCHHOFF = BankPuzzle(
    "kirchhoff",
    ("index", "id", "grade", "clues"),
    "7x7dh",
    2,
    _kirchhoff_params,
    kirchhoff_lines,
)
PUZZLES = {p.name: p for p in (MATCHLESS, KIRCHHOFF)}


def puzzle(name: str) -> BankPuzzle:
    """The bank adapter for ``name`` (``matchless`` or ``kirchhoff``)."""
    key = name.strip().lower()
    if key not in PUZZLES:
        raise InvalidParamsError(f"unknown puzzle {name.strip()[:30]!r} (matchless or kirchhoff)")
    return PUZZLES[key]
