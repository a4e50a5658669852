"""The engine jobs of the generic routes: picklable functions a worker process runs.

Each takes plain values (where a registered puzzle lives, texts) and returns plain
JSON-able data, so it crosses the pipe to a worker of
:mod:`proofgrid.server.pool` and back. Each job is the midend's one writer of its
operation (:mod:`proofgrid.midend`), the very function the CLI's ``--json``
prints, so both answer the same bytes for the same request.
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
    "daily_job",
    "encode",
    "hint_job",
    "kept_route_job",
    "new_job",
    "play_job",
    "puzzle_at",
    "render",
    "route_job",
    "status_job",
]


def encode(answer: Any) -> bytes:
    """An answer as JSON bytes: the same rendering as FastAPI's ``JSONResponse``
    (:func:`proofgrid.midend.json_text`)."""
    return midend.json_text(answer).encode("utf-8")


def render(fn: Callable[..., Any], *args: Any) -> bytes:
    """``fn(*args)`` as JSON bytes, rendered in the worker (the event loop only sends them)."""
    return encode(fn(*args))


def puzzle_at(target: str) -> Puzzle[Any, Any]:
    """The contract object at ``"package.module:ATTRIBUTE"`` (a registry entry's ``target``).

    Jobs name a puzzle by where it lives rather than by its registry name, so a
    puzzle registered at run time in the server is found by a worker too.
    """
    module, _, attr = target.partition(":")
    puzzle: Puzzle[Any, Any] = getattr(importlib.import_module(module), attr)
    return puzzle


def play_job(target: str, gid: str, moves: Sequence[str]) -> dict[str, Any]:
    """``solve``: :func:`proofgrid.midend.solve_json` of a game ID after ``moves``."""
    return midend.solve_json(midend.resolve(puzzle_at(target), gid), moves)


def status_job(target: str, gid: str, moves: Sequence[str]) -> dict[str, Any]:
    """``status``: :func:`proofgrid.midend.status_json` of a game ID after ``moves``."""
    return midend.status_json(midend.resolve(puzzle_at(target), gid), moves)


def daily_job(target: str, iso: str, preset: str | None = None) -> dict[str, Any]:
    """``daily``: :func:`proofgrid.midend.daily_json` on the date ``iso`` (``YYYY-MM-DD``)."""
    return midend.daily_json(puzzle_at(target), dt.date.fromisoformat(iso), preset)


def new_job(target: str, params: str, seed: str) -> dict[str, Any]:
    """``new``: :func:`proofgrid.midend.new_json` of params text and a seed text."""
    puzzle = puzzle_at(target)
    return midend.new_json(midend.seeded(puzzle, puzzle.decode_params(params), seed, strict=False))


def hint_job(
    target: str, gid: str, moves: Sequence[str], options: Sequence[tuple[str, Any]] = ()
) -> dict[str, Any]:
    """``hint``: :func:`proofgrid.midend.hint_json` of the position after ``moves``, with the
    puzzle's declared hint ``options`` as ``(name, value)`` pairs."""
    return midend.hint_json(midend.resolve(puzzle_at(target), gid), moves, **dict(options))


def route_job(target: str, job: Callable[..., Any], request: str) -> Any:
    """A puzzle's declared route job (:class:`proofgrid.routes.Route`): ``job(puzzle, request)``
    with the puzzle at ``target`` and the validated request (sent as JSON text, so the
    server can key its answer cache on it)."""
    return job(puzzle_at(target), json.loads(request))


def kept_route_job(
    target: str,
    job: Callable[..., Any],
    deterministic: Callable[[Any, Any], bool],
    request: str,
) -> tuple[bytes, bool]:
    """:func:`route_job` of a route that declares which answers are deterministic
    (:attr:`proofgrid.routes.Route.deterministic`): the answer's JSON bytes and whether
    the server may keep them for the same canonical ``request``."""
    data = json.loads(request)
    answer = job(puzzle_at(target), data)
    return encode(answer), bool(deterministic(data, answer))
