"""The API's one request model and its limits, the answers' models, and the one error shape.

Every shared answer's model is composed here from what the puzzle declares
(:class:`~proofgrid.puzzle.ApiSurface`: its board and position models), in the
key order the midend writes (:mod:`proofgrid.midend`): ``new`` is the board
plus ``seed_id``; ``daily`` the board plus ``date``, ``number`` (and
``seed_id``); ``solve`` the board plus ``position``; ``status`` ``id``,
``moves``, ``status``; ``hint`` ``id``, ``status``, ``hint``
(:func:`answer_models`).

The request model and its limits live in :mod:`proofgrid.routes` (a puzzle's
own routes, declared there, take :class:`PlayIn` or a subclass of it) and are
re-exported here. Every route declares ``responses=ERROR_RESPONSES``, so the
OpenAPI document names every error status an API route can answer, each with
the body :class:`ErrorOut`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from proofgrid.puzzle import ApiSurface
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
    "StatusOut",
    "Strict",
    "answer_models",
    "hint_model",
    "hint_request",
]


def hint_request(title: str, options: tuple[Any, ...]) -> type[PlayIn]:
    """The request model of ``POST /api/{puzzle}/hint``: :class:`PlayIn` plus the
    puzzle's declared hint options (:attr:`proofgrid.puzzle.Puzzle.hint_options`,
    e.g. Kirchhoff's ``mark_empties``), each with its default, as the CLI's
    ``hint`` offers them (``--mark-empties``). :class:`PlayIn` itself when it has none."""
    fields: dict[str, Any] = {
        o.name: (o.kind, Field(o.default, description=o.help or ""))
        for o in options
        if not o.multiple and o.name not in PlayIn.model_fields
    }
    if not fields:
        return PlayIn
    return create_model(
        f"{title}HintIn",
        __base__=PlayIn,
        __doc__="A game ID, the moves played so far, and the puzzle's own hint options.",
        **fields,
    )


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


class StatusOut(BaseModel):
    """``status``: the contract's status of a position (:func:`proofgrid.midend.status_json`)."""

    id: str = Field(description="Fixed-board game ID")
    moves: int = Field(description="How many moves were played")
    status: Literal["playing", "won", "lost"] = Field(description="The position's status")


class _PlainBoard(BaseModel):
    """A board as the puzzle writes it (:meth:`proofgrid.puzzle.Puzzle.board_json`)."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(description="Fixed-board game ID")


class _PlainPosition(BaseModel):
    """Where a position stands (:meth:`proofgrid.puzzle.Puzzle.position_json`)."""

    model_config = ConfigDict(extra="allow")
    status: str = Field(description="won, playing or lost")


def answer_models(puzzle: str, title: str, api: ApiSurface | None) -> dict[str, type[BaseModel]]:
    """The response models of a puzzle's shared routes, by operation: ``new``, ``daily``,
    ``solve``, ``status``, ``hint`` (module docstring), from its declared board and
    position models (a plain object with ``id`` when it declares none)."""
    board: type[BaseModel] = api.board if api is not None and api.board else _PlainBoard
    position: Any = api.position if api is not None and api.position else _PlainPosition
    new = create_model(
        f"{title}NewOut",
        __base__=board,
        __doc__="`new`: a generated board and the ID that regenerates it.",
        seed_id=(str, Field(description="params#seed game ID that regenerates this board")),
    )
    daily = create_model(
        f"{title}DailyOut",
        __base__=board,
        __doc__="`daily`: the board of a calendar date (the same for everyone).",
        date=(str, Field(description="Calendar date, YYYY-MM-DD")),
        number=(
            int | None,
            Field(description="Puzzle number: days since the launch plus one (null before it)"),
        ),
        seed_id=(
            str | None,
            Field(None, description="params#seed ID that regenerates it (absent if none)"),
        ),
    )
    solve = create_model(
        f"{title}SolveOut",
        __base__=board,
        __doc__="`solve`: the board with its proof, and where the game stands after the moves.",
        position=(position, Field(description="The position after the given moves")),
    )
    return {
        "new": new,
        "daily": daily,
        "solve": solve,
        "status": StatusOut,
        "hint": hint_model(puzzle, title),
    }


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
