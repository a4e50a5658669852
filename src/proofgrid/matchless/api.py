"""Matchless's part of the JSON API: its response models, its positions, and the duel route.

The generic routes (:mod:`proofgrid.server.api`) answer ``daily``, ``new`` and
``solve`` with :func:`~proofgrid.matchless.contract.proof_json` (par, witness
and the X-ray certificate); this module names those answers' models
(:data:`MODELS`), builds a position's ``position`` field
(:func:`position_json`) and declares ``POST /api/matchless/duel`` (:data:`ROUTES`,
mounted by the server), whose bot runs in a server worker (:func:`duel_job`), so
its ``budget_ms`` starts when the bot starts, not when the request arrived.
This module imports nothing of :mod:`proofgrid.server`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

from proofgrid import midend
from proofgrid.matchless import duel as m_duel
from proofgrid.matchless.game import State, move_name
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import remaining_par
from proofgrid.puzzle import Puzzle
from proofgrid.routes import PlayIn, Route

__all__ = [
    "MODELS",
    "ROUTES",
    "BoardOut",
    "DailyOut",
    "DuelIn",
    "DuelOut",
    "NewOut",
    "PositionOut",
    "ProofOut",
    "SolveOut",
    "duel_job",
    "position_json",
]

_MAX_BUDGET_MS = 2000


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


class NewOut(ProofOut):
    """A generated board: its seeded ID as well as its fixed one."""

    seed_id: str = Field(description="params#seed game ID that regenerates this board")


class DailyOut(ProofOut):
    """The daily board of a calendar date (the same for everyone, built from the date alone)."""

    date: str = Field(description="Calendar date, YYYY-MM-DD")
    number: int = Field(description="Puzzle number: days since the launch, plus one")


class PositionOut(BaseModel):
    """Where a game stands after some moves."""

    matches: int
    remaining_par: int
    best_reachable: int = Field(description="matches + remaining_par: best final score left")
    par_reachable: bool
    lit: list[tuple[int, int]]
    won: bool


class SolveOut(ProofOut):
    """Proof of par, plus the position after the given moves."""

    position: PositionOut


class DuelIn(PlayIn):
    """A duel position (the moves so far, both players') and the bot to ask."""

    rule: Literal["fewest", "most"] = "fewest"
    level: Literal["random", "greedy", "perfect"] = "perfect"
    seed: int = Field(0, ge=0, lt=2**64, description="Used by the random level only")
    budget_ms: int = Field(1000, ge=1, le=_MAX_BUDGET_MS, description="Search time budget")


class DuelOut(BaseModel):
    """The bot's move."""

    move: str = Field(description="Cell name of the shell to strike, e.g. b3")
    shell: tuple[int, int]
    perfect: bool = Field(description="True iff the move is proved optimal")
    value: int | None = Field(description="Exact value of the position for the mover, if known")


#: Response models of the generic routes, by route.
MODELS: Mapping[str, type[BaseModel]] = {"daily": DailyOut, "new": NewOut, "solve": SolveOut}


def position_json(state: State, board: Mapping[str, Any]) -> dict[str, Any]:
    """Matches so far, the remaining par of the unlit shells and what is still reachable.

    ``remaining_par`` is the par of the subgraph the unlit shells induce (its
    source components), so ``matches + remaining_par`` is the best final score
    left, and par is still reachable iff that equals the board's ``par``. O(n + m).
    """
    b = state.board
    rem = remaining_par(b, state.unlit).par
    best = state.matches + rem
    return {
        "matches": state.matches,
        "remaining_par": rem,
        "best_reachable": best,
        "par_reachable": best == board["par"],
        "lit": [list(b.shell_rc(v)) for v in range(b.n) if state.is_lit(v)],
        "won": state.unlit == 0,
    }


def duel_job(puzzle: Puzzle[Params, State], body: Mapping[str, Any]) -> dict[str, Any]:
    """The duel bot's move for a :class:`DuelIn` body (as a dict), as :class:`DuelOut` JSON.

    A worker job: the bot's ``budget_ms`` starts when this starts.
    """
    b = DuelIn.model_validate(body)
    state = midend.resolve(puzzle, b.id).play(b.moves)
    board = state.board
    bot = m_duel.bot_move(
        board.succ, state.unlit, m_duel.Rule(b.rule), m_duel.Level(b.level), b.seed, b.budget_ms
    )
    return DuelOut(
        move=move_name(board, bot.shell),
        shell=board.shell_rc(bot.shell),
        perfect=bot.perfect,
        value=bot.value,
    ).model_dump()


#: The routes only Matchless has, declared for the server to mount.
ROUTES = (
    Route(
        "/duel",
        duel_job,
        "The duel bot's move in a position",
        request=DuelIn,
        response=DuelOut,
    ),
)
