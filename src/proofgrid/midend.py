"""The midend: what is the same for every puzzle (after Tatham's ``midend.c``).

Given any registered :class:`~proofgrid.puzzle.Puzzle`, the midend resolves
game IDs and dailies (:mod:`proofgrid.game`, re-exported here: :func:`resolve`,
:func:`seeded`, :func:`daily`, :class:`Game`, :class:`History`) and writes the
JSON answer of every contract operation, **one function each**, which the
CLI's ``--json`` prints and the API sends, byte for byte (:func:`json_text`):

==========  =====================================  =======================================
operation   writer                                 keys, in order
==========  =====================================  =======================================
new         :func:`new_json`                       board keys, ``seed_id``
daily       :func:`daily_json`                     board keys, ``date``, ``number``
                                                   (and ``seed_id`` where the puzzle has one)
solve       :func:`solve_json`                     board keys, ``position``
hint        :func:`hint_json`                      ``id``, ``status``, ``hint``
status      :func:`status_json`                    ``id``, ``moves``, ``status``
==========  =====================================  =======================================

The board keys are the puzzle's :meth:`~proofgrid.puzzle.Puzzle.board_json`
(``id`` first) and ``position`` its :meth:`~proofgrid.puzzle.Puzzle.position_json`;
a route only one puzzle has (Matchless's duel) has its own one writer, which
its CLI command and its route both call. The midend calls the puzzles; no
puzzle imports it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from proofgrid import dates
from proofgrid.dates import date_option, parse_date, utc_today
from proofgrid.game import (
    Game,
    History,
    daily,
    decode_params,
    json_text,
    preset,
    resolve,
    seeded,
)
from proofgrid.puzzle import Puzzle, Status

__all__ = [
    "Game",
    "History",
    "board_json",
    "daily",
    "daily_json",
    "date_option",
    "decode_params",
    "hint_json",
    "json_text",
    "new_json",
    "parse_date",
    "preset",
    "puzzle_number",
    "resolve",
    "seeded",
    "solve_json",
    "status_json",
    "utc_today",
]


def puzzle_number(puzzle: Puzzle[Any, Any], date: dt.date) -> int:
    """Days since the puzzle's launch plus one; raises before the launch."""
    return dates.puzzle_number(puzzle.launch, date)


def board_json(game: Game[Any, Any]) -> dict[str, Any]:
    """The board with its proof (:meth:`Puzzle.board_json`), with ``id`` first."""
    return game.puzzle.board_json(game.params, game.desc)


def new_json(game: Game[Any, Any]) -> dict[str, Any]:
    """``new``: a generated board's JSON, :func:`board_json` plus its ``seed_id``."""
    data = board_json(game)
    if game.seed_id is not None:
        data["seed_id"] = game.seed_id
    return data


def daily_json(
    puzzle: Puzzle[Any, Any], date: dt.date, preset: str | None = None
) -> dict[str, Any]:
    """``daily``: :func:`board_json` of the date's board plus ``date``, ``number``
    (``None`` before the launch) and, when the puzzle has one, the ``seed_id`` that
    regenerates it; ``preset`` picks a series where the puzzle has one per preset."""
    game = daily(puzzle, date, preset)
    data = board_json(game)
    data["date"] = date.isoformat()
    data["number"] = puzzle_number(puzzle, date) if date >= puzzle.launch else None
    if game.seed_id is not None:
        data["seed_id"] = game.seed_id
    return data


def solve_json(game: Game[Any, Any], moves: Sequence[str] = ()) -> dict[str, Any]:
    """``solve``: :func:`board_json` plus ``position``, where the game stands after
    ``moves`` (:meth:`Puzzle.position_json`; an illegal move raises ``InvalidMoveError``)."""
    state = game.play(moves)
    data = board_json(game)
    data["position"] = game.puzzle.position_json(state, data)
    return data


def status_json(game: Game[Any, Any], moves: Sequence[str] = ()) -> dict[str, Any]:
    """``status``: ``{"id", "moves", "status"}``, the contract's status of the position
    after ``moves`` (``moves`` is how many were played). The cost is the puzzle's status."""
    state = game.play(moves)
    return {"id": game.id, "moves": len(moves), "status": game.puzzle.status(state).value}


def hint_json(game: Game[Any, Any], moves: Sequence[str] = (), **options: Any) -> dict[str, Any]:
    """``hint``: the hint of the position after ``moves``, one shape for every puzzle.

    ``{"id", "status", "hint"}``: ``id`` is the board's fixed game ID,
    ``status`` the position's (``playing``, ``won`` or ``lost``) and ``hint``
    ``null`` when the game is won, otherwise :meth:`Puzzle.hint_json`
    (``move``, ``words``, ``proof`` and the puzzle's own key). ``options`` are
    the puzzle's declared hint options (:attr:`Puzzle.hint_options`). The cost
    is the puzzle's ``hint`` and ``status``.
    """
    puzzle = game.puzzle
    state = game.play(moves)
    hint = puzzle.hint(state, last_move=moves[-1] if moves else None, **options)
    status = puzzle.status(state)
    return {
        "id": game.id,
        "status": status.value,
        "hint": None if status is Status.WON else puzzle.hint_json(hint),
    }
