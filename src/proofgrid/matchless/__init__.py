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
* moves, status — :mod:`~proofgrid.matchless.game`; hint — :mod:`~proofgrid.matchless.hint`
* text — :mod:`~proofgrid.matchless.format`

:data:`MATCHLESS` bundles them as one object satisfying the contract.
"""

from __future__ import annotations

from proofgrid.matchless.board import Board, Direction
from proofgrid.matchless.codec import CodecError, decode_desc, encode_desc
from proofgrid.matchless.contract import MATCHLESS, Matchless
from proofgrid.matchless.game import (
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

__all__ = [
    "GENERATOR_VERSION",
    "MATCHLESS",
    "Board",
    "CodecError",
    "Direction",
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
