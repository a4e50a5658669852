"""The API's one request model and its limits, and the one error shape, shared by every route.

A puzzle's own routes (``add_routes``) take :class:`PlayIn` or a subclass of
it, so every route that reads a game ID and moves has the same limits, and
declare ``responses=ERROR_RESPONSES``, so the OpenAPI document names every
error status an API route can answer, each with the body :class:`ErrorOut`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ERROR_RESPONSES",
    "MAX_ID_CHARS",
    "MAX_MOVES",
    "MAX_PARAMS_CHARS",
    "MAX_SEED_CHARS",
    "ErrorOut",
    "PlayIn",
    "Strict",
]

#: Longest game ID accepted (the largest built-in board's ID is ~230 characters).
MAX_ID_CHARS = 600
#: Most moves in one request: one per edge of a 16x16 grid (480), the largest
#: limit any puzzle's routes had before they shared this model.
MAX_MOVES = 480
#: Longest params text of ``/new``.
MAX_PARAMS_CHARS = 20
#: Longest seed text of ``/new``.
MAX_SEED_CHARS = 64


class Strict(BaseModel):
    """A request body that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid")


class PlayIn(Strict):
    """A game ID and the moves played so far, in the puzzle's move notation."""

    id: str = Field(min_length=1, max_length=MAX_ID_CHARS, description="game ID")
    moves: list[str] = Field(default_factory=list, max_length=MAX_MOVES)


class ErrorOut(BaseModel):
    """Every error the API answers (4xx, 503): one line saying what went wrong."""

    detail: str = Field(description="One line, fit to show a person")


_ERRORS = {
    400: "Bad input: a game ID, params, a move or a date that cannot be used (e.g. 2026-02-30)",
    404: "No such route",
    413: "Request body too large",
    422: "Malformed request (a field, or a query parameter the route does not take), "
    "or a board too open to decide within the time budget",
    503: "The engine workers would make this request wait too long: retry after "
    "`Retry-After` seconds",
}

#: ``responses=`` of every API route: each error status with the :class:`ErrorOut` body.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text} for code, text in _ERRORS.items()
}
ERROR_RESPONSES[503]["headers"] = {
    "Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}
}
