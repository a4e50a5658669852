"""What a line of a Kirchhoff bank holds (``proofgrid bank kirchhoff N OUT``).

Board ``j`` of a bank of ``params`` with base text ``base`` is generated from
:func:`proofgrid.tasks.item_seed` ``(base, params, j)`` (``params`` canonical),
so any line can be rebuilt alone and a resumed bank continues exactly where
the interrupted one stopped. Lines record the fixed game ID ``params:desc``.

Columns (tab-separated; the bank adds a CRC-32 column,
:mod:`proofgrid.studies.bank`): ``index id grade clues`` — the grade the hint
ladder gives (:mod:`proofgrid.kirchhoff.grade`) and the number of throughput
clues that survived clue removal (fewer clues push the player from counting
cell by cell to cuts across regions).
"""

from __future__ import annotations

from proofgrid.kirchhoff import codec
from proofgrid.kirchhoff.board import ClueKind
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.study_tasks import BankTask
from proofgrid.tasks import item_seed

__all__ = ["BANK", "COLUMNS", "canonical_params", "kirchhoff_lines"]

COLUMNS = ("index", "id", "grade", "clues")


def canonical_params(text: str) -> str:
    """A preset name or params text as canonical params text (``7x7dh``)."""
    return codec.encode_params(codec.decode_params(text))


def kirchhoff_lines(params: str, base: str, start: int, stop: int) -> tuple[str, ...]:
    """Bank payloads of Kirchhoff boards ``start .. stop-1`` (one task)."""
    p = codec.decode_params(params)
    out = []
    for j in range(start, stop):
        gen = generate_board(p, item_seed(base, params, j))
        clues = sum(1 for c in gen.board.clues if c.kind is ClueKind.THROUGHPUT)
        gid = f"{params}:{codec.encode_board(gen.board)}"
        out.append(f"{j}\t{gid}\t{gen.report.grade.value}\t{clues}")
    return tuple(out)


BANK = BankTask("kirchhoff", COLUMNS, "7x7dh", 2, canonical_params, kirchhoff_lines)
"""The bank task the CLI's ``bank`` command runs (2 boards a task: a giant takes a second)."""
