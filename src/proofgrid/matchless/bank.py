"""What a line of a Matchless bank holds (``proofgrid bank matchless N OUT``).

Board ``j`` of a bank of ``params`` with base text ``base`` is generated from
:func:`proofgrid.tasks.item_seed` ``(base, params, j)`` (``params`` in its
canonical text), so a bank is a pure function of ``(params, base)`` and its
length: any line can be rebuilt alone, and a resumed bank continues exactly
where the interrupted one stopped. Lines record the *fixed* game ID
(``RxC:desc``), which stays playable even if a later generator version changes
what a seed produces.

Columns (tab-separated; the bank adds a CRC-32 column,
:mod:`proofgrid.studies.bank`): ``index id grade par gap hidden`` — par (proved
minimum matches), the myopic gap (extra matches of the biggest-fan-out player)
and the hidden sources (source components that are cycles), from
:func:`proofgrid.matchless.solve.analyse`; the grade is
:func:`~proofgrid.matchless.grade.matchless_grade`.
"""

from __future__ import annotations

from proofgrid.matchless.game import game_id
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.grade import MatchlessGrade, matchless_grade
from proofgrid.matchless.params import PRESETS, decode_params, encode_params
from proofgrid.matchless.solve import analyse
from proofgrid.study_tasks import BankTask
from proofgrid.tasks import item_seed

__all__ = [
    "BANK",
    "COLUMNS",
    "MatchlessGrade",
    "canonical_params",
    "matchless_grade",
    "matchless_lines",
]

COLUMNS = ("index", "id", "grade", "par", "gap", "hidden")


def canonical_params(text: str) -> str:
    """A preset name or params text as canonical params text (``6x6d70f2``)."""
    t = text.strip().lower()
    return encode_params(PRESETS[t] if t in PRESETS else decode_params(t))


def matchless_lines(params: str, base: str, start: int, stop: int) -> tuple[str, ...]:
    """Bank payloads of Matchless boards ``start .. stop-1`` (one task)."""
    p = decode_params(params)
    out = []
    for j in range(start, stop):
        board = generate_board(p, item_seed(base, params, j))
        a = analyse(board)
        grade = matchless_grade(a.myopic_gap, a.hidden).value
        out.append(f"{j}\t{game_id(board)}\t{grade}\t{a.par}\t{a.myopic_gap}\t{a.hidden}")
    return tuple(out)


BANK = BankTask("matchless", COLUMNS, "6x6d70f2", 250, canonical_params, matchless_lines)
"""The bank task the CLI's ``bank`` command runs (250 boards a task)."""
