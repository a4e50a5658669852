"""Old import paths of what moved into the puzzle packages, answered through the registry.

Until issue 11, :mod:`proofgrid.studies.puzzles` and :mod:`proofgrid.studies.plots`
held each puzzle's bank lines, grade and figures, and so imported both
puzzles. Those now live in the puzzle packages (``proofgrid.<puzzle>.bank``,
``proofgrid.<puzzle>.plots``), named by the puzzle's
:meth:`~proofgrid.puzzle.Puzzle.study_tasks`; the two old modules keep their
names importable through a module ``__getattr__`` that calls
:func:`from_puzzles`, which asks the registry, never a puzzle by name.
"""

from __future__ import annotations

import importlib
from typing import Any

from proofgrid import registry

__all__ = ["from_puzzles"]


def from_puzzles(kind: str, attr: str, where: str) -> Any:
    """``attr`` of the first registered puzzle's ``kind`` task module that has it.

    ``kind`` is a key of :meth:`~proofgrid.puzzle.Puzzle.study_tasks` whose
    task has a ``module`` (``"bank"``, ``"plot"``). Imports the puzzles (on
    this first use only: the registry caches them).

    Raises
    ------
    AttributeError
        No registered puzzle's module has ``attr`` (``where`` names the old module).
    """
    if not attr.startswith("__"):
        for e in registry.entries():
            module = getattr(e.load().study_tasks().get(kind), "module", None)
            if module is not None:
                found = importlib.import_module(module)
                if hasattr(found, attr):
                    return getattr(found, attr)
    raise AttributeError(f"module {where!r} has no attribute {attr!r}")
