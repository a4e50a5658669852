"""Matchless: light the whole sky with the fewest matches; par is proved, not tuned.

Shells on a grid carry fuses pointing at neighbouring shells; a match lights a
shell and everything its fuses reach. Par is the number of source components
of the condensation of the shell graph (Tarjan 1972; see
:mod:`proofgrid.matchless.solve`).

The puzzle contract (:class:`proofgrid.puzzle.Puzzle`), in module order:

* params — :mod:`~proofgrid.matchless.params`
* codec — :mod:`~proofgrid.matchless.board`, :mod:`~proofgrid.matchless.codec`
* solver — :mod:`~proofgrid.matchless.solve`
* generator — :mod:`~proofgrid.matchless.generate`
* moves, status, hint — :mod:`~proofgrid.matchless.game`
* text — :mod:`~proofgrid.matchless.format`

:data:`MATCHLESS` bundles them as one object satisfying the contract.
"""

from __future__ import annotations

from proofgrid.matchless import format as text
from proofgrid.matchless import game, generate, params, solve
from proofgrid.matchless.board import Board, Direction
from proofgrid.matchless.codec import CodecError, decode_desc, encode_desc
from proofgrid.matchless.game import (
    Hint,
    State,
    Strike,
    execute_move,
    game_id,
    new_game,
    new_state,
    parse_game_id,
    status,
    strike,
)
from proofgrid.matchless.generate import GENERATOR_VERSION, generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import Solution, XRay, analyse
from proofgrid.puzzle import Status

__all__ = [
    "GENERATOR_VERSION",
    "MATCHLESS",
    "Board",
    "CodecError",
    "Direction",
    "Hint",
    "Matchless",
    "Params",
    "Solution",
    "State",
    "Strike",
    "XRay",
    "analyse",
    "decode_desc",
    "encode_desc",
    "execute_move",
    "game_id",
    "generate_board",
    "new_game",
    "new_state",
    "parse_game_id",
    "status",
    "strike",
]


class Matchless:
    """The Matchless back end behind the uniform puzzle contract."""

    name = "matchless"

    def default_params(self) -> Params:
        """The default parameters (6x6, density 70%, up to 2 fuses per shell)."""
        return params.default_params()

    def presets(self) -> dict[str, Params]:
        """Named presets."""
        return params.presets()

    def encode_params(self, p: Params) -> str:
        """Params as text, full form."""
        return params.encode_params(p)

    def decode_params(self, text: str) -> Params:
        """Params from text; raises InvalidParamsError."""
        return params.decode_params(text)

    def validate_params(self, p: Params) -> None:
        """Raise InvalidParamsError unless the params are in range."""
        params.validate_params(p)

    def generate(self, p: Params, seed: int) -> str:
        """Description of the generated board for ``(p, seed)``."""
        return generate.generate(p, seed)

    def validate_desc(self, p: Params, desc: str) -> None:
        """Raise InvalidDescError unless ``desc`` decodes to a board of ``p``'s size."""
        game.parse_game_id(f"{params.encode_params(p, full=False)}:{desc}")

    def new_game(self, p: Params, desc: str) -> State:
        """Starting state of the described board."""
        self.validate_desc(p, desc)
        return game.new_game(desc)

    def execute_move(self, state: State, move: str) -> State:
        """Strike the shell named by ``move`` (e.g. ``b3``)."""
        return game.execute_move(state, move)

    def solve(self, state: State) -> Solution:
        """Par, witness and X-ray of the state's board."""
        return solve.solve(state.board)

    def hint(self, state: State) -> Hint | None:
        """A shell in a source component of the unlit shells, with the reason."""
        return game.hint(state)

    def status(self, state: State) -> Status:
        """WON or PLAYING."""
        return game.status(state)

    def format(self, state: State) -> str:
        """Text drawing of the position."""
        return text.format_state(state)


MATCHLESS = Matchless()
