"""Kirchhoff's part of the JSON API: the models of its board and of its positions.

The generic routes (:mod:`proofgrid.server.api`) answer ``daily``, ``new``,
``solve``, ``status`` and ``hint`` with the midend's writers
(:mod:`proofgrid.midend`) over the contract
(:meth:`~proofgrid.kirchhoff.contract.Kirchhoff.board_json`,
:meth:`~proofgrid.kirchhoff.contract.Kirchhoff.position_json`), the very
functions the CLI's ``--json`` prints; this module declares the models the
OpenAPI document composes those answers from (:data:`SURFACE`).

Every answer is exact: counts come from the frontier-sweep counter
(:mod:`proofgrid.kirchhoff.exact`) under a work bound and, on a board too
open for it, from the search for two distinct solutions
(:func:`proofgrid.kirchhoff.search.decide`). What neither settles within its
counted budget is a 422 "this board is too open to decide: add clues"
(:class:`~proofgrid.kirchhoff.search.TooOpenError`), never a hang; work past
the server's time budget is its own 422, with the budget.
This module imports nothing of :mod:`proofgrid.server`.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from proofgrid.puzzle import ApiSurface

__all__ = ["SURFACE", "ClueOut", "KBoardOut", "KPositionOut"]


class ClueOut(BaseModel):
    """One non-blank clue."""

    cell: tuple[int, int] = Field(description="[row, col]")
    kind: str = Field(description="source, sink or throughput")
    value: int


class KBoardOut(BaseModel):
    """A board with its exact count (capped at 2), grade and solution."""

    id: str = Field(description="Fixed-board game ID, RxCdG:desc")
    rows: int
    cols: int
    clues: list[ClueOut]
    count: int = Field(description="Completions of the empty position, capped at 2")
    capped: bool = Field(description="Whether the count stopped at its cap")
    unique: bool
    grade: str | None = Field(description="easy, medium or hard (unique boards only)")
    solution: list[int] | None = Field(
        description="Edge states of the (first) solution: 0 unused, 1 forward, 2 backward"
    )
    arrows: list[tuple[tuple[int, int], tuple[int, int]]] | None = Field(
        description="The same solution as arrows [[r1, c1], [r2, c2]], tail to head"
    )


class KPositionOut(BaseModel):
    """Where a position stands."""

    marks: list[int] = Field(description="Per edge: 0 free, 1 forward, 2 backward, 3 crossed")
    status: str = Field(description="won, playing or lost (exact)")
    completions: int = Field(description="Completions of the position, capped at 2")
    capped: bool = Field(
        False, description="Whether counting the completions stopped at 2 (there may be more)"
    )


#: What the API documents of Kirchhoff: its board and position models.
SURFACE = ApiSurface(__name__, board=KBoardOut, position=KPositionOut)
