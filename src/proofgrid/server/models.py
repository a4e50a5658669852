"""The API's one request model and its limits, the hint's model, and the one error shape.

The request model and its limits live in :mod:`proofgrid.routes` (a puzzle's
own routes, declared there, take :class:`PlayIn` or a subclass of it) and are
re-exported here. Every route declares ``responses=ERROR_RESPONSES``, so the
OpenAPI document names every error status an API route can answer, each with
the body :class:`ErrorOut`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from proofgrid.routes import (
    MAX_ID_CHARS,
    MAX_MOVES,
    MAX_PARAMS_CHARS,
    MAX_SEED_CHARS,
    PlayIn,
    Strict,
)

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
    400: "Bad input: a game ID, params, a move or a date that cannot be used (e.g. 2026-02-30)",
    404: "No such route",
    413: "Request body too large",
    422: "Malformed request (a field, or a query parameter the route does not take), "
    "a board too open to decide (blank cells the counter cannot settle), a board that ran "
    "out of work, or work that took longer than the time budget",
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
