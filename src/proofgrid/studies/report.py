"""The tally every verification study keeps: checks run and one line per failure.

:class:`VerifyReport` lives in :mod:`proofgrid.tasks` (the puzzles count into
it without importing this package); it is re-exported here.
"""

from __future__ import annotations

from proofgrid.tasks import VerifyReport

__all__ = ["VerifyReport"]
