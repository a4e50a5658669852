"""Matchless's part of the JSON API: its board and position models, and the duel.

The generic routes (:mod:`proofgrid.server.api`) answer ``daily``, ``new``,
``solve``, ``status`` and ``hint`` with the midend's writers over the contract
(:func:`~proofgrid.matchless.contract.proof_json`: par, witness and the X-ray
certificate; :meth:`~proofgrid.matchless.contract.Matchless.position_json`);
this module declares their models and ``POST /api/matchless/duel``
(:data:`SURFACE`, mounted by the server). The duel's one JSON writer is
:func:`duel_json`: the route's job (:func:`duel_job`, run in a server worker,
so ``budget_ms`` starts when the bot starts) and ``proofgrid matchless duel
--json`` both call it. This module imports nothing of :mod:`proofgrid.server`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from proofgrid.game import Game, resolve
from proofgrid.matchless import duel as m_duel
from proofgrid.matchless.game import State, move_name
from proofgrid.matchless.params import Params
from proofgrid.puzzle import ApiSurface, Puzzle
from proofgrid.routes import PlayIn, Route

__all__ = [
    "MAX_BUDGET_MS",
    "ROUTES",
    "SURFACE",
    "BoardOut",
    "DuelIn",
    "DuelOut",
    "PositionOut",
    "ProofOut",
    "duel_deterministic",
    "duel_job",
    "duel_json",
]

#: The longest search a duel request may ask for.
MAX_BUDGET_MS = 2000


class BoardOut(BaseModel):
    """A board as a plain graph, so anyone can check the claims independently."""

    id: str = Field(description="Fixed-board game ID, RxC:desc")
    rows: int
    cols: int
    shells: list[tuple[int, int]] = Field(description="[row, col] of every shell, row-major")
    fuses: list[tuple[tuple[int, int], tuple[int, int]]] = Field(
        description="[[r1, c1], [r2, c2]]: a fuse from the first shell to the second"
    )


class ProofOut(BoardOut):
    """A board with its par and the X-ray certificate behind it."""

    par: int = Field(description="Number of source components of the condensation")
    witness: list[tuple[int, int]] = Field(description="One shell per source component")
    components: list[int] = Field(description="Component of every shell, in `shells` order")
    sources: list[int] = Field(description="Source components, ascending")
    condensation: list[tuple[int, int]] = Field(description="Edges between components")
    myopic_gap: int = Field(description="Extra matches the biggest-fan-out player pays")
    hidden_sources: int = Field(description="Source components of two or more shells")
    explanation: str


class PositionOut(BaseModel):
    """Where a game stands after some moves."""

    matches: int
    remaining_par: int
    best_reachable: int = Field(description="matches + remaining_par: best final score left")
    par_reachable: bool
    lit: list[tuple[int, int]]
    won: bool


class DuelIn(PlayIn):
    """A duel position (the moves so far, both players') and the bot to ask."""

    rule: Literal["fewest", "most"] = "fewest"
    level: Literal["random", "greedy", "perfect"] = "perfect"
    seed: int = Field(0, ge=0, lt=2**64, description="Used by the random level only")
    budget_ms: int = Field(1000, ge=1, le=MAX_BUDGET_MS, description="Search time budget")


class DuelOut(BaseModel):
    """The bot's move."""

    move: str = Field(description="Cell name of the shell to strike, e.g. b3")
    shell: tuple[int, int]
    perfect: bool = Field(description="True iff the move is proved optimal")
    value: int | None = Field(description="Exact value of the position for the mover, if known")


def duel_json(
    game: Game[Params, State],
    moves: Sequence[str],
    *,
    rule: str = "fewest",
    level: str = "perfect",
    seed: int = 0,
    budget_ms: int = 1000,
) -> dict[str, Any]:
    """``duel``: the bot's move in the position after ``moves`` (both players'), as
    ``{"move", "shell", "perfect", "value"}`` (:class:`DuelOut`).

    The one writer of the duel's answer: ``POST /api/matchless/duel`` and
    ``proofgrid matchless duel ID --moves ... --json`` both call it. ``rule``
    is ``fewest`` or ``most``, ``level`` ``random``, ``greedy`` or ``perfect``;
    the bot's search stops at ``budget_ms`` (then ``perfect`` is false).
    """
    state = game.play(moves)
    board = state.board
    bot = m_duel.bot_move(
        board.succ, state.unlit, m_duel.Rule(rule), m_duel.Level(level), seed, budget_ms
    )
    return {
        "move": move_name(board, bot.shell),
        "shell": list(board.shell_rc(bot.shell)),
        "perfect": bot.perfect,
        "value": bot.value,
    }


def duel_job(puzzle: Puzzle[Params, State], body: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`duel_json` of a :class:`DuelIn` body (as a dict): the route's worker job,
    so the bot's ``budget_ms`` starts when this starts."""
    b = DuelIn.model_validate(body)
    game = resolve(puzzle, b.id)
    return duel_json(game, b.moves, rule=b.rule, level=b.level, seed=b.seed, budget_ms=b.budget_ms)


def duel_deterministic(body: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
    """Whether a duel answer is a function of its request alone, so the server may cache it.

    The random bot draws from ``SplitMix64(seed)``, the request's own seed, and
    the greedy bot has no randomness: both answers are deterministic. The
    perfect bot's move is deterministic when its exact search finished
    (``perfect`` true: the lowest optimal shell and the exact value, whether
    the exact solve or a deepening without cut-off proved it); a move cut by
    ``budget_ms`` is the deepest depth a wall clock allowed, so it depends on
    the machine's speed and load and is not kept. O(1).
    """
    return body.get("level") != "perfect" or answer.get("perfect") is True


#: The routes only Matchless has, declared for the server to mount.
ROUTES = (
    Route(
        "/duel",
        duel_job,
        "The duel bot's move in a position",
        request=DuelIn,
        response=DuelOut,
        deterministic=duel_deterministic,
    ),
)

#: What the API mounts and documents for Matchless.
SURFACE = ApiSurface(__name__, board=ProofOut, position=PositionOut, routes=ROUTES)
