"""Figures for the stats commands: deterministic SVG (the old home of each puzzle's figures).

:func:`save_svg` lives in :mod:`proofgrid.figures`; each puzzle draws its own
figure in its package (``study_tasks()["plot"]``, e.g.
:mod:`proofgrid.matchless.plots`). The names this module held before
(``matchless_figure``, ``kirchhoff_series``, ...) stay importable through the
module ``__getattr__``, which finds them through the registry.
"""

from __future__ import annotations

from typing import Any

from proofgrid.figures import new_figure, save_svg
from proofgrid.studies.legacy import from_puzzles

__all__ = ["new_figure", "save_svg"]


def __getattr__(attr: str) -> Any:
    """A name of a registered puzzle's plot module (``matchless_figure``, ...)."""
    return from_puzzles("plot", attr, __name__)
