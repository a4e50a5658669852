"""The Matchless grade: a board's difficulty by the traps it sets.

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
board is, not how easy it is to get wrong. The measures come from
:func:`proofgrid.matchless.solve.analyse`; banks (:mod:`proofgrid.matchless.bank`)
record the grade of every board.
"""

from __future__ import annotations

import enum

__all__ = ["MatchlessGrade", "matchless_grade"]


class MatchlessGrade(enum.Enum):
    """Matchless difficulty by the traps a board sets (module docstring)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    def __repr__(self) -> str:
        return f"MatchlessGrade.{self.name}"


def matchless_grade(myopic_gap: int, hidden: int) -> MatchlessGrade:
    """The grade of a board with this myopic gap and number of hidden sources; O(1)."""
    if myopic_gap < 0 or hidden < 0:
        raise ValueError("gap and hidden sources are counts (≥ 0)")
    if myopic_gap >= 2 and hidden >= 2:
        return MatchlessGrade.EXPERT
    if myopic_gap >= 1 and hidden >= 1:
        return MatchlessGrade.HARD
    if myopic_gap >= 1 or hidden >= 1:
        return MatchlessGrade.MEDIUM
    return MatchlessGrade.EASY
