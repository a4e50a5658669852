"""Bank tasks by puzzle name, from the registry.

Board ``j`` of a bank of ``params`` with base text ``base`` is generated from
:func:`item_seed` ``(base, params, j)`` (``params`` in its canonical text), so a
bank is a pure function of ``(puzzle, params, base)`` and its length: any line
can be rebuilt alone, and a resumed bank continues exactly where the
interrupted one stopped. What a line holds is the puzzle's own business: its
:class:`~proofgrid.study_tasks.BankTask` (``study_tasks()["bank"]``, e.g.
:mod:`proofgrid.matchless.bank`, which also holds the Matchless grade).

:func:`puzzle` and :func:`bank_tasks` read the registry.
"""

from __future__ import annotations

from proofgrid import registry
from proofgrid.errors import InvalidParamsError
from proofgrid.study_tasks import BankTask
from proofgrid.tasks import item_seed

__all__ = ["BankTask", "bank_tasks", "item_seed", "puzzle"]


def bank_tasks() -> dict[str, BankTask]:
    """Every registered puzzle that has a bank task, by name (imports the puzzles)."""
    out = {}
    for name in registry.names():
        task = registry.get(name).study_tasks().get("bank")
        if isinstance(task, BankTask):
            out[name] = task
    return out


def puzzle(name: str) -> BankTask:
    """The bank task of the registered puzzle ``name`` (case and spaces ignored).

    Raises
    ------
    InvalidParamsError
        No registered puzzle of that name has a bank task.
    """
    key = name.strip().lower()
    names = registry.names()
    task = registry.get(key).study_tasks().get("bank") if key in names else None
    if not isinstance(task, BankTask):
        raise InvalidParamsError(f"unknown puzzle {name.strip()[:30]!r} ({' or '.join(names)})")
    return task
