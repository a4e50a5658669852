"""The JSON API: one set of routes for every registered puzzle, generated from the registry.

For each puzzle ``name`` of :mod:`proofgrid.registry`, one router with prefix
``/api/{name}`` holds the same four operations, answered by the midend
(:mod:`proofgrid.midend`) over the puzzle's contract
(:class:`proofgrid.puzzle.Puzzle`):

* ``GET /daily`` and ``GET /daily/{date}``: the daily board of today (the
  server's local date) or of a ``YYYY-MM-DD`` date;
* ``GET /new?params=&seed=``: the board generated from params and a seed text;
* ``GET /solve?id=`` and ``POST /solve`` (:class:`~proofgrid.server.models.PlayIn`):
  a game ID's board with its proof, and the position after some moves.

Each puzzle names its response models (:meth:`~proofgrid.puzzle.Puzzle.api_models`),
so the OpenAPI schema describes every answer exactly, and adds the routes only
it has through :meth:`~proofgrid.puzzle.Puzzle.add_routes`. The routers are
built when the app is, so the puzzle packages are imported then, not on
``import proofgrid.server``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Query

from proofgrid import midend, registry
from proofgrid.puzzle import Puzzle
from proofgrid.server.models import MAX_ID_CHARS, MAX_PARAMS_CHARS, MAX_SEED_CHARS, PlayIn

__all__ = ["api_routers", "health_router", "play", "puzzle_router", "today"]


def today() -> dt.date:
    """The server's local calendar date (what "today's daily" means here)."""
    return dt.date.today()


def health_router() -> APIRouter:
    """``GET /api/health``: a liveness check."""
    router = APIRouter(prefix="/api")

    @router.get("/health", summary="Liveness check")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    return router


def play(puzzle: Puzzle[Any, Any], gid: str, moves: Sequence[str]) -> dict[str, Any]:
    """A game ID's board JSON plus ``position``: where the game stands after ``moves``.

    The moves are played in order (an illegal one raises ``InvalidMoveError``,
    a 400); the position's fields are the puzzle's (:meth:`Puzzle.position_json`).
    """
    game = midend.resolve(puzzle, gid)
    state = game.play(moves)
    data = midend.board_json(game)
    data["position"] = puzzle.position_json(state, data)
    return data


def puzzle_router(name: str) -> APIRouter:
    """The routes ``/api/{name}/...`` of one registered puzzle (module docstring)."""
    puzzle = registry.get(name)
    models = dict(puzzle.api_models())
    title = puzzle.title or name.title()
    default = puzzle.encode_params(puzzle.default_params())
    presets = ", ".join(puzzle.presets())
    params_help = f"params text, e.g. {default}" + (f", or a preset: {presets}" if presets else "")
    router = APIRouter(prefix=f"/api/{name}", tags=[name])

    @router.get(
        "/daily",
        summary=f"Today's daily {title} (the server's local date)",
        response_model=models.get("daily"),
    )
    def daily_today() -> dict[str, Any]:
        return midend.daily_json(puzzle, today())

    @router.get(
        "/daily/{date}",
        summary=f"The daily {title} of a given date",
        response_model=models.get("daily"),
    )
    def daily_on(date: str) -> dict[str, Any]:
        return midend.daily_json(puzzle, midend.parse_date(date))

    @router.get(
        "/new",
        summary=f"Generate a {title} board for params and a seed",
        response_model=models.get("new"),
    )
    def new_board(
        params: str = Query(
            default,
            max_length=MAX_PARAMS_CHARS,
            description=params_help,
        ),
        seed: str = Query(
            ..., min_length=1, max_length=MAX_SEED_CHARS, description="digits or any text"
        ),
    ) -> dict[str, Any]:
        return midend.new_json(
            midend.seeded(puzzle, puzzle.decode_params(params), seed, strict=False)
        )

    @router.get(
        "/solve",
        summary=f"The proof of a {title} game ID",
        response_model=models.get("solve"),
    )
    def solve_get(
        id: str = Query(..., min_length=1, max_length=MAX_ID_CHARS, description="game ID"),
    ) -> dict[str, Any]:
        return play(puzzle, id, ())

    @router.post(
        "/solve",
        summary=f"The proof of a {title} game ID and the position after some moves",
        response_model=models.get("solve"),
    )
    def solve_post(body: PlayIn) -> dict[str, Any]:
        return play(puzzle, body.id, body.moves)

    puzzle.add_routes(router)
    return router


def api_routers() -> list[APIRouter]:
    """The health check, then one router per registered puzzle, in registration order."""
    return [health_router(), *(puzzle_router(e.name) for e in registry.entries())]
