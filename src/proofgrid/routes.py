"""What the API asks of a puzzle, as plain data: the shared request models and declared routes.

A puzzle's ``api`` surface lists the routes only it has in ``ROUTES``, one
:class:`Route` row each; the server (:mod:`proofgrid.server.api`) mounts them
under ``/api/{name}``, runs each one's job in a worker process and names its
request and response models in the OpenAPI document. A puzzle imports
nothing of :mod:`proofgrid.server`.

Every request that reads a game ID and moves is :class:`PlayIn` or a
subclass of it, so every such route has the same limits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "MAX_ID_CHARS",
    "MAX_MOVES",
    "MAX_PARAMS_CHARS",
    "MAX_SEED_CHARS",
    "PlayIn",
    "Route",
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


@dataclass(frozen=True, slots=True)
class Route:
    """A route only one puzzle has: ``{method} /api/{puzzle}{path}``.

    Attributes
    ----------
    path : str
        Under the puzzle's prefix, e.g. ``"/duel"``.
    job : callable
        ``job(puzzle, request) -> JSON-able``: a module-level function (a
        worker process runs it) given the puzzle's contract object and the
        validated request as a plain mapping. It raises a
        :class:`~proofgrid.errors.ProofgridError` for bad input (a 400, or its
        ``http_status``).
    summary : str
        One line for the OpenAPI document.
    request : type of BaseModel
        The request model: the JSON body of a POST, the query of a GET. A
        ``request`` with an ``id`` field is run in the lane of that game ID.
    response : type of BaseModel or None
        The response model (for the OpenAPI document; the job's answer is sent as is).
    method : {"POST", "GET"}
    pure : bool
        The answer depends on the request alone, so the server may cache it
        (and a GET answer is ``Cache-Control: immutable``).
    deterministic : callable or None
        ``deterministic(request, answer) -> bool``, a module-level function (a
        worker runs it beside ``job``): whether this answer is a function of the
        canonical request alone (the validated model's JSON: its fields in
        order, defaults filled in), with no clock or machine in it, so the
        server keeps it and answers the same request again from its cache
        (:data:`proofgrid.server.engine.CACHE_SIZE` answers at most) without
        running the job. For a route whose answers are deterministic for some
        requests only (the duel bot's: a move cut by its time budget is not).
        ``None``: only ``pure`` decides.
    """

    path: str
    job: Callable[[Any, Mapping[str, Any]], Any]
    summary: str
    request: type[BaseModel]
    response: type[BaseModel] | None = None
    method: Literal["POST", "GET"] = "POST"
    pure: bool = False
    deterministic: Callable[[Mapping[str, Any], Any], bool] | None = None
