"""Kirchhoff's part of the JSON API: its response models and its positions.

The generic routes (:mod:`proofgrid.server.api`) answer ``daily``, ``new`` and
``solve`` with :func:`~proofgrid.kirchhoff.contract.board_fields` (``solution``
as edge states, the API's documented meaning); this module names those
answers' models (:data:`MODELS`) and builds a position's ``position`` field
(:func:`position_json`). Its hints are the generic ``POST /api/kirchhoff/hint``
(:func:`proofgrid.midend.hint_json` over :func:`proofgrid.kirchhoff.hint.contract_hint`).

Every answer is exact: counts come from the frontier-sweep counter
(:mod:`proofgrid.kirchhoff.exact`) under a work bound and, on a board too
open for it, from the search for two distinct solutions
(:func:`proofgrid.kirchhoff.search.decide`), so an open user-made board gets
its verdict ("many solutions", ``capped: true``) in milliseconds. What
neither settles within its counted budget is a 422 "this board is too open to
decide: add clues" (:class:`~proofgrid.kirchhoff.search.TooOpenError`), never a
hang; work past the server's time budget is its own 422, with the budget.
This module imports nothing of :mod:`proofgrid.server`.
The engine work runs in the server's worker processes
(:mod:`proofgrid.server.engine`): :func:`board_json` and :func:`position_json`
are what the workers call.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from proofgrid import midend
from proofgrid.kirchhoff.board import Position, is_solution
from proofgrid.kirchhoff.codec import Params, encode_board
from proofgrid.kirchhoff.contract import board_fields
from proofgrid.kirchhoff.search import decide
from proofgrid.puzzle import Status

__all__ = [
    "MODELS",
    "ClueOut",
    "KBoardOut",
    "KDailyOut",
    "KNewOut",
    "KPositionOut",
    "KSolveOut",
    "board_json",
    "position_json",
]


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


class KNewOut(KBoardOut):
    """A generated board and the ID that regenerates it."""

    seed_id: str


class KDailyOut(KNewOut):
    """The daily board of a calendar date."""

    date: str
    number: int | None = Field(
        description="Puzzle number: days since the launch plus one (None before the launch)"
    )


class KPositionOut(BaseModel):
    """Where a position stands."""

    marks: list[int] = Field(description="Per edge: 0 free, 1 forward, 2 backward, 3 crossed")
    status: str = Field(description="won, playing or lost (exact)")
    completions: int = Field(description="Completions of the position, capped at 2")
    capped: bool = Field(
        False, description="Whether counting the completions stopped at 2 (there may be more)"
    )


class KSolveOut(KBoardOut):
    """A board plus the position after the given moves."""

    position: KPositionOut


#: Response models of the generic routes, by route.
MODELS: Mapping[str, type[BaseModel]] = {"daily": KDailyOut, "new": KNewOut, "solve": KSolveOut}


def board_json(game: midend.Game[Params, Position]) -> dict[str, Any]:
    """The board JSON of a game ID (the contract's :func:`board_fields`), decided within
    counted budgets: the bounded counter, else the two-solution search (module docstring)."""
    board = game.start().board
    verdict = decide(board)
    gid = game.puzzle.game_id(game.params, encode_board(board))
    return board_fields(board, gid, solution=verdict.solution, cnt=verdict.count)


def position_json(pos: Position, board: Mapping[str, Any]) -> dict[str, Any]:
    """The marks, the exact status and the completions (capped at 2, ``capped`` says so).

    Won when the arrows meet every clue; lost when no completion is left (the
    bounded counter, else the search: exact either way).
    """
    verdict = decide(pos.board, pos.masks(), want_solution=False)
    if is_solution(pos.board, pos.arrows()):
        state = Status.WON
    else:
        state = Status.LOST if verdict.count.value == 0 else Status.PLAYING
    return {
        "marks": [int(m) for m in pos.marks],
        "status": state.value,
        "completions": verdict.count.value,
        "capped": verdict.count.capped,
    }
