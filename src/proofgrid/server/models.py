"""The API's one request model and its limits, shared by every puzzle's routes.

A puzzle's own routes (``add_routes``) take :class:`PlayIn` or a subclass of
it, so every route that reads a game ID and moves has the same limits.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["MAX_ID_CHARS", "MAX_MOVES", "MAX_PARAMS_CHARS", "MAX_SEED_CHARS", "PlayIn", "Strict"]

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
