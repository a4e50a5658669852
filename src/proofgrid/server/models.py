"""The API's one request model and its limits, and the one error shape, shared by every route.

A puzzle's own routes (``add_routes``) take :class:`PlayIn` or a subclass of
it, so every route that reads a game ID and moves has the same limits, and
declare ``responses=ERROR_RESPONSES``, so the OpenAPI document names every
error status an API route can answer, each with the body :class:`ErrorOut`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

__all__ = [
    "ERROR_RESPONSES",
    "MAX_ID_CHARS",
    "MAX_MOVES",
    "MAX_PARAMS_CHARS",
    "MAX_SEED_CHARS",
    "ErrorOut",
    "PlayIn",
    "Strict",
    "hint_model",
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


def hint_model(puzzle: str, title: str) -> type[BaseModel]:
    """The response model of ``POST /api/{puzzle}/hint``: :func:`proofgrid.midend.hint_json`.

    One shape for every puzzle; only the name of the key holding what is the
    puzzle's own differs, so each puzzle gets its own model (``LampsHintOut``).
    """
    hint: dict[str, Any] = {
        "move": (
            str | None,
            Field(
                description="The move to play, in the puzzle's move notation; "
                "null when the position is lost"
            ),
        ),
        "words": (list[str], Field(description="Sentences, the headline first")),
        "proof": (
            dict[str, Any] | None,
            Field(description="The checkable proof (the puzzle's format); null when none"),
        ),
        puzzle: (dict[str, Any], Field(description=f"What only {title} says about the hint")),
    }
    body = create_model(
        f"{title}Hint",
        __doc__="The hint: the move, its reason in words, its proof, and the puzzle's own fields.",
        **hint,
    )
    out: dict[str, Any] = {
        "id": (str, Field(description="Fixed-board game ID")),
        "status": (Literal["playing", "won", "lost"], Field(description="The position's status")),
        "hint": (body | None, Field(description="null when the game is won")),
    }
    return create_model(
        f"{title}HintOut",
        __doc__="A position's hint (null once the game is won) and where the position stands.",
        **out,
    )


class ErrorOut(BaseModel):
    """Every error the API answers (4xx, 503): one line saying what went wrong."""

    detail: str = Field(description="One line, fit to show a person")


_ERRORS = {
    400: "Bad input: a game ID, params, a move or a date that cannot be used",
    404: "No such route, or a path that is not a valid date",
    413: "Request body too large",
    422: "Malformed request, or a board too open to decide within the time budget",
    503: "The engine workers are saturated: retry after `Retry-After` seconds",
}

#: ``responses=`` of every API route: each error status with the :class:`ErrorOut` body.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text} for code, text in _ERRORS.items()
}
ERROR_RESPONSES[503]["headers"] = {
    "Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}
}
