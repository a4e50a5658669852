"""Blame only what is wrong: a minimal set of the player's marks that cannot all stand.

A lost position's marks contain a *minimal infeasible subset* (an irreducible
infeasible subsystem, Chinneck & Dravnieks 1991): a set of marks with no
completion such that dropping any one of them leaves a set that has one.
:func:`blame` finds one, deciding every question with the exact counter
(:mod:`proofgrid.kirchhoff.exact`), so it is never a guess.

The method
----------
Feasibility is *monotone*: a subset of a feasible set of marks is feasible
(every completion of the larger set completes the smaller one). Two steps:

1. **One wrong mark.** The marginals of the bare board (one frontier sweep)
   give, for every edge, the states some solution uses. A mark no solution
   uses is, alone, infeasible — a minimal infeasible subset of size one. The
   first such mark the game did not place, by edge id, is named alone; else
   the first placed one, unless the player's own marks are lost without the
   game's (then step 2 spares the game's marks). On a board with one
   solution every mark that disagrees with it is such a mark, so the wrong
   mark alone is named.
2. **Deletion filter** (Chinneck & Dravnieks), when every mark alone is
   possible: walk the marks, the game's own (``placed``: the Hint's marks,
   the obvious empties it crossed) first, then by edge id; drop a mark when
   the rest is still lost. By monotonicity each kept mark is needed by the
   final set, so the result is minimal, and a placed mark is kept only when
   no set without it is found first.

A counter past its limits (:class:`~proofgrid.kirchhoff.exact.CountLimitError`,
only on very open user boards) keeps the mark it was asked about: the result
is then still lost, perhaps not minimal.

Complexity: one marginal sweep, plus one exact count per mark (and one more) in step 2 —
``O(k · RC · S)`` for ``k`` marks and ``S`` live frontier states.
The JavaScript mirror (``js/kirchhoff/engine/blame.js``) follows it exactly.
"""

from __future__ import annotations

from collections.abc import Collection

from proofgrid.kirchhoff.board import ALL_STATES, Mark, Position, mark_mask
from proofgrid.kirchhoff.exact import CountLimitError, analyse, is_lost

__all__ = ["blame", "wrong_marks"]


def wrong_marks(position: Position) -> list[int]:
    """Edges whose mark no solution of the board uses, ascending (exact marginals, one sweep).

    Each is, alone, a lost position. On a board with one solution these are
    exactly the marks that disagree with it.
    """
    sup = analyse(position.board, None, cap=1).support
    return [
        e for e, m in enumerate(position.marks) if m is not Mark.FREE and not sup[e] & mark_mask(m)
    ]


def _lost_with(position: Position, keep: Collection[int]) -> bool:
    """Whether the marks on ``keep`` alone leave no completion (limits: treated as not lost)."""
    masks = [mark_mask(m) if e in keep else ALL_STATES for e, m in enumerate(position.marks)]
    try:
        return is_lost(position.board, masks)
    except CountLimitError:
        return False


def blame(position: Position, *, placed: Collection[int] = ()) -> tuple[int, ...]:
    """A minimal infeasible subset of ``position``'s marks, as edge ids ascending.

    ``placed``: edges whose marks the game made (the Hint's, the obvious
    empties); they are dropped first and named only when needed. Empty when
    the board itself has no solution. Assumes the position is lost (the
    exact counter decided it); see the module docstring for the method.
    """
    board = position.board
    marked = [e for e, m in enumerate(position.marks) if m is not Mark.FREE]
    try:
        if is_lost(board, None):
            return ()
        wrong = wrong_marks(position)
    except CountLimitError:
        wrong = []
    own = [e for e in wrong if e not in placed]
    if own:
        return (own[0],)
    if wrong and not _lost_with(position, set(marked) - set(placed)):
        return (wrong[0],)
    kept = set(marked)
    for e in sorted(marked, key=lambda f: (f not in placed, f)):
        rest = kept - {e}
        if _lost_with(position, rest):
            kept = rest
    return tuple(sorted(kept))
