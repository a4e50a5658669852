"""The tally every verification study keeps: checks run and one line per failure.

Both puzzles' ``verify`` modules count into a :class:`VerifyReport`; a study
split into chunks merges the chunk reports in chunk order with
:meth:`VerifyReport.merge`, so the failures keep their order whatever the
backend.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["VerifyReport"]


@dataclass
class VerifyReport:
    """Running tally: number of checks and a line per failure."""

    checks: int = 0
    failures: list[str] = field(default_factory=list)

    def check(self, ok: bool, what: str) -> None:
        """Count one check; record ``what`` if it failed."""
        self.checks += 1
        if not ok:
            self.failures.append(what)

    def summary(self) -> str:
        """``N checks, F failures``."""
        return f"{self.checks} checks, {len(self.failures)} failures"

    @classmethod
    def merge(cls, parts: Iterable[VerifyReport]) -> VerifyReport:
        """Concatenate reports in order: checks add up, failures keep their order."""
        report = cls()
        for part in parts:
            report.checks += part.checks
            report.failures.extend(part.failures)
        return report
