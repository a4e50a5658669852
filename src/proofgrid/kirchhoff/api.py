"""Kirchhoff's part of the JSON API: its response models, its positions, and the hint route.

The generic routes (:mod:`proofgrid.server.api`) answer ``daily``, ``new`` and
``solve`` with :func:`~proofgrid.kirchhoff.contract.board_fields` (``solution``
as edge states, the API's documented meaning); this module names those
answers' models (:data:`MODELS`), builds a position's ``position`` field
(:func:`position_json`) and adds ``POST /api/kirchhoff/hint`` (:func:`add_routes`).

Every answer is exact: counts come from the frontier-sweep counter
(:mod:`proofgrid.kirchhoff.exact`), statuses from
:func:`proofgrid.kirchhoff.moves.status`, hints from
:func:`proofgrid.kirchhoff.hint.hint`. A board too open for the counter's
state limits is a 400 with a one-line reason (``CountLimitError`` is a
``ProofgridError``), never a hang.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from proofgrid import midend
from proofgrid.kirchhoff.board import Position
from proofgrid.kirchhoff.codec import Params
from proofgrid.kirchhoff.exact import count
from proofgrid.kirchhoff.hint import hint
from proofgrid.kirchhoff.moves import status
from proofgrid.kirchhoff.relax import Region
from proofgrid.puzzle import Puzzle
from proofgrid.server.models import PlayIn

__all__ = [
    "MODELS",
    "ClueOut",
    "KBoardOut",
    "KDailyOut",
    "KHintOut",
    "KNewOut",
    "KPositionOut",
    "KSolveOut",
    "RegionOut",
    "add_routes",
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


class KSolveOut(KBoardOut):
    """A board plus the position after the given moves."""

    position: KPositionOut


class RegionOut(BaseModel):
    """A Gale region: the cells it touches and its numbers."""

    cells: list[int] = Field(description="Cell indices (r*C + c), ascending")
    outward: bool
    surplus: int
    capacity: int


class KHintOut(BaseModel):
    """The hint ladder's answer for a position."""

    kind: str = Field(description="local, region, exact, lost, solved or none")
    edge: int
    state: int = Field(description="0 unused, 1 forward, 2 backward; -1 when no edge")
    move: str
    cell: int
    regions: list[RegionOut]
    trial: bool
    reason: str


#: Response models of the generic routes, by route.
MODELS: Mapping[str, type[BaseModel]] = {"daily": KDailyOut, "new": KNewOut, "solve": KSolveOut}


def position_json(pos: Position, board: Mapping[str, Any]) -> dict[str, Any]:
    """The marks, the exact status and the completions (capped at 2) of a position."""
    return {
        "marks": [int(m) for m in pos.marks],
        "status": status(pos).value,
        "completions": count(pos.board, pos.masks(), cap=2).value,
    }


def _region(r: Region) -> RegionOut:
    return RegionOut(
        cells=list(r.all_cells()), outward=r.outward, surplus=r.surplus, capacity=r.capacity
    )


def add_routes(router: APIRouter, puzzle: Puzzle[Params, Position]) -> None:
    """Add ``POST /hint`` (the hint ladder's next forced edge) to Kirchhoff's router."""

    @router.post("/hint", summary="The next forced edge of a position, with its reason")
    def hint_route(body: PlayIn) -> KHintOut:
        h = hint(midend.resolve(puzzle, body.id).play(body.moves))
        return KHintOut(
            kind=h.kind.value,
            edge=h.edge,
            state=h.state,
            move=h.move,
            cell=h.cell,
            regions=[_region(r) for r in h.regions],
            trial=h.trial,
            reason=h.reason,
        )
