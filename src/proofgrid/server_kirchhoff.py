"""The JSON API over the Python Kirchhoff engine (mounted by :mod:`proofgrid.server`).

The browser plays Kirchhoff offline with its own engine mirror; this API
exposes the *Python* engine so other programs (and tests) can check the
browser's claims: a date's daily board, a generated board for params and a
seed, the exact count, grade and solution of a game ID with the status of a
position, and the hint ladder's next forced edge with its Gale regions.

Every answer is exact: counts come from the frontier-sweep counter
(:mod:`proofgrid.kirchhoff.exact`), statuses from
:func:`proofgrid.kirchhoff.moves.status`, hints from
:func:`proofgrid.kirchhoff.hint.hint`. A board too open for the counter's
state limits is a 400 with a one-line reason (``CountLimitError`` is a
``ProofgridError``), never a hang.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from proofgrid.kirchhoff.board import Board, ClueKind, Position
from proofgrid.kirchhoff.codec import (
    Params,
    decode_params,
    encode_board,
    encode_params,
    parse_game_id,
    parse_seed,
    presets,
)
from proofgrid.kirchhoff.daily import DAILY_PRESET, daily, daily_id, parse_date
from proofgrid.kirchhoff.exact import count, first_solution
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import hint
from proofgrid.kirchhoff.moves import execute_move, status
from proofgrid.kirchhoff.relax import Region
from proofgrid.puzzle import InvalidGameIdError

__all__ = ["kirchhoff_router"]

_MAX_ID_CHARS = 600
_MAX_MOVES = 480  # the edges of a 16x16 board
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


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


class KPlayIn(_Strict):
    """A game ID and the moves played so far (``b3>c3``, ``e17x``, ...)."""

    id: str = Field(min_length=1, max_length=_MAX_ID_CHARS)
    moves: list[str] = Field(default_factory=list, max_length=_MAX_MOVES)


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


def _load(text: str) -> tuple[Board, Params, str]:
    if len(text) > _MAX_ID_CHARS:
        raise InvalidGameIdError(f"game ID longer than {_MAX_ID_CHARS} characters")
    spec = parse_game_id(text)
    board = spec.board
    if board is None:
        assert spec.seed is not None
        board = generate_board(spec.params, spec.seed).board
    return board, spec.params, f"{encode_params(spec.params)}:{encode_board(board)}"


def _board_out(board: Board, gid: str, solution: Sequence[int] | None = None) -> dict[str, Any]:
    cnt = count(board, cap=2)
    unique = cnt.value == 1 and not cnt.capped
    if solution is None and cnt.value:
        solution = first_solution(board)
    C = board.cols
    return {
        "id": gid,
        "rows": board.rows,
        "cols": board.cols,
        "clues": [
            {"cell": (i // C, i % C), "kind": cl.kind.value, "value": cl.value}
            for i, cl in enumerate(board.clues)
            if cl.kind is not ClueKind.BLANK
        ],
        "count": cnt.value,
        "unique": unique,
        "grade": grade_board(board).grade.value if unique else None,
        "solution": list(solution) if solution is not None else None,
    }


def _region(r: Region) -> RegionOut:
    return RegionOut(
        cells=list(r.all_cells()), outward=r.outward, surplus=r.surplus, capacity=r.capacity
    )


def _position(board: Board, moves: list[str]) -> Position:
    pos = Position.start(board)
    for mv in moves:
        pos = execute_move(pos, mv)
    return pos


def kirchhoff_router() -> APIRouter:
    """Routes under ``/api/kirchhoff``."""
    router = APIRouter(prefix="/api/kirchhoff")

    def _daily(text: str) -> KDailyOut:
        if not _DATE_RE.match(text):
            raise StarletteHTTPException(400, f"cannot read date {text[:20]!r} (use YYYY-MM-DD)")
        day = parse_date(text)
        gen = daily(day)
        gid = f"{encode_params(presets()[DAILY_PRESET])}:{encode_board(gen.board)}"
        return KDailyOut(
            **_board_out(gen.board, gid, gen.solution),
            seed_id=daily_id(day),
            date=day.isoformat(),
        )

    @router.get("/daily", summary="Today's daily Kirchhoff (the server's local date)")
    def daily_today() -> KDailyOut:
        return _daily(parse_date(None).isoformat())

    @router.get("/daily/{date}", summary="The daily Kirchhoff of a given date")
    def daily_on(date: str) -> KDailyOut:
        return _daily(date)

    @router.get("/new", summary="Generate a unique, graded board for params and a seed")
    def new_board(
        params: str = Query("hard", max_length=20, description="preset name or RxC[dG]"),
        seed: str = Query(..., min_length=1, max_length=64, description="digits or any text"),
    ) -> KNewOut:
        p = decode_params(params)
        gen = generate_board(p, parse_seed(seed.strip()))
        gid = f"{encode_params(p)}:{encode_board(gen.board)}"
        return KNewOut(
            **_board_out(gen.board, gid, gen.solution),
            seed_id=f"{encode_params(p)}#{seed.strip()}",
        )

    @router.post("/solve", summary="Count, grade and solution of a board; a position's status")
    def solve(body: KPlayIn) -> KSolveOut:
        board, _params, gid = _load(body.id)
        pos = _position(board, body.moves)
        left = count(board, pos.masks(), cap=2)
        return KSolveOut(
            **_board_out(board, gid),
            position=KPositionOut(
                marks=[int(m) for m in pos.marks],
                status=status(pos).value,
                completions=left.value,
            ),
        )

    @router.post("/hint", summary="The next forced edge of a position, with its reason")
    def hint_route(body: KPlayIn) -> KHintOut:
        board, _params, _gid = _load(body.id)
        h = hint(_position(board, body.moves))
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

    return router
