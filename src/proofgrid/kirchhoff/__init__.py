"""Kirchhoff: draw arrows so that flow is conserved — the puzzle that knows when you have lost.

The puzzle contract of :mod:`proofgrid.puzzle` (after Tatham's collection), in
the order params → codec → solver → generator → moves → status:

* params: :func:`default_params`, :func:`presets`, :func:`encode_params`,
  :func:`decode_params`, :func:`validate_params`;
* descriptions: :func:`generate` ``(params, seed) -> desc``,
  :func:`validate_desc`, :func:`new_game` ``-> Position``;
* moves: :func:`execute_move` (pure; raises ``InvalidMoveError``);
* answers: :func:`solve`, :func:`hint`, :func:`status`;
* text: :func:`format`.

The engines behind it: :mod:`~proofgrid.kirchhoff.exact` (the frontier-sweep
counter, the oracle for feasibility, uniqueness and forced edges),
:mod:`~proofgrid.kirchhoff.relax` (the max-flow relaxation and Gale's
certificates, for explanations), :mod:`~proofgrid.kirchhoff.hint`,
:mod:`~proofgrid.kirchhoff.generate`, :mod:`~proofgrid.kirchhoff.grade`,
:mod:`~proofgrid.kirchhoff.daily`.
"""

from __future__ import annotations

from proofgrid.kirchhoff import hint as _hint
from proofgrid.kirchhoff.board import Board, Position, format_position
from proofgrid.kirchhoff.codec import (
    Params,
    decode_board,
    decode_params,
    default_params,
    encode_board,
    encode_params,
    presets,
    validate_desc,
    validate_params,
)
from proofgrid.kirchhoff.exact import first_solution
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.moves import execute_move, status

__all__ = [
    "Board",
    "Params",
    "Position",
    "decode_params",
    "default_params",
    "encode_params",
    "execute_move",
    "format",
    "generate",
    "hint",
    "name",
    "new_game",
    "presets",
    "solve",
    "status",
    "validate_desc",
    "validate_params",
]

name = "kirchhoff"


def generate(params: Params, seed: int) -> str:
    """A unique board of ``params``' size and grade from ``seed``, as a description."""
    return encode_board(generate_board(params, seed).board)


def new_game(params: Params, desc: str) -> Position:
    """The starting position (every edge free) of a described board."""
    board: Board = decode_board(desc, params)
    return Position.start(board)


def solve(position: Position) -> tuple[int, ...] | None:
    """A completion of ``position`` (edge states 0/1/2), or None when it is lost.

    On a published board, from any position that is not lost, it is the solution.
    """
    return first_solution(position.board, position.masks())


def hint(position: Position) -> _hint.Hint:
    """The next forced edge with its reason (:func:`proofgrid.kirchhoff.hint.hint`)."""
    return _hint.hint(position)


def format(position: Position) -> str:
    """The terminal drawing of a position."""
    return format_position(position)
