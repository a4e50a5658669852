"""The engine jobs of the generic routes: picklable functions a worker process runs.

Each takes plain values (where a registered puzzle lives, texts) and returns plain
JSON-able data, so it crosses the pipe to a worker of
:mod:`proofgrid.server.pool` and back. A puzzle's ``api`` surface may provide
``board_json(game)`` to answer a game ID's board its own way (Kirchhoff decides
open user-made boards within counted budgets); otherwise the midend's is used.
"""

from __future__ import annotations

import datetime as dt
import importlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from proofgrid import midend
from proofgrid.puzzle import Puzzle

__all__ = [
    "board_json",
    "daily_job",
    "hint_job",
    "new_job",
    "play",
    "play_job",
    "puzzle_at",
    "render",
    "route_job",
]


def render(fn: Callable[..., Any], *args: Any) -> bytes:
    """``fn(*args)`` as JSON bytes, rendered in the worker (the event loop only sends them).

    The same rendering as FastAPI's ``JSONResponse`` (:func:`proofgrid.midend.json_text`).
    """
    return midend.json_text(fn(*args)).encode("utf-8")


def puzzle_at(target: str) -> Puzzle[Any, Any]:
    """The contract object at ``"package.module:ATTRIBUTE"`` (a registry entry's ``target``).

    Jobs name a puzzle by where it lives rather than by its registry name, so a
    puzzle registered at run time in the server is found by a worker too.
    """
    module, _, attr = target.partition(":")
    puzzle: Puzzle[Any, Any] = getattr(importlib.import_module(module), attr)
    return puzzle


def board_json(game: midend.Game[Any, Any]) -> dict[str, Any]:
    """The board JSON of a resolved game: the ``api`` surface's ``board_json`` if it has one."""
    api = game.puzzle.surface("api")
    if api is not None and hasattr(api, "board_json"):
        return dict(api.board_json(game))
    return midend.board_json(game)


def play(puzzle: Puzzle[Any, Any], gid: str, moves: Sequence[str]) -> dict[str, Any]:
    """A game ID's board JSON plus ``position``: where the game stands after ``moves``.

    The moves are played in order (an illegal one raises ``InvalidMoveError``,
    a 400); the position's fields are the puzzle's (:meth:`Puzzle.position_json`).
    """
    game = midend.resolve(puzzle, gid)
    state = game.play(moves)
    data = board_json(game)
    data["position"] = puzzle.position_json(state, data)
    return data


def play_job(target: str, gid: str, moves: Sequence[str]) -> dict[str, Any]:
    """:func:`play` for the puzzle at ``target``."""
    return play(puzzle_at(target), gid, moves)


def daily_job(target: str, iso: str) -> dict[str, Any]:
    """The daily JSON of the puzzle at ``target`` on the date ``iso`` (``YYYY-MM-DD``)."""
    return midend.daily_json(puzzle_at(target), dt.date.fromisoformat(iso))


def new_job(target: str, params: str, seed: str) -> dict[str, Any]:
    """The board generated from params text and a seed text, with its ``seed_id``."""
    puzzle = puzzle_at(target)
    return midend.new_json(midend.seeded(puzzle, puzzle.decode_params(params), seed, strict=False))


def hint_job(target: str, gid: str, moves: Sequence[str]) -> dict[str, Any]:
    """:func:`proofgrid.midend.hint_json` of the position after ``moves`` (the generic hint)."""
    return midend.hint_json(midend.resolve(puzzle_at(target), gid), moves)


def route_job(target: str, job: Callable[..., Any], request: str) -> Any:
    """A puzzle's declared route job (:class:`proofgrid.routes.Route`): ``job(puzzle, request)``
    with the puzzle at ``target`` and the validated request (sent as JSON text, so the
    server can key its answer cache on it)."""
    return job(puzzle_at(target), json.loads(request))
