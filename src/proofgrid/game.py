"""A game ID resolved to a board, and a game's positions: what every layer shares.

* :class:`Game`: a puzzle, its params and a description (and the ``params#seed``
  ID, if it was generated); its starting position and the position after moves;
* :func:`resolve` reads a game ID (``params:desc`` or ``params#seed``),
  :func:`seeded` generates a board, :func:`daily` gives a date's board, and
  :func:`decode_params` / :func:`preset` read params text or a preset name;
* :class:`History`: a game's positions with undo and redo;
* :func:`json_text`: the one text of every JSON answer.

This module sits below both the midend and the puzzles (it imports only the
contract, :mod:`proofgrid.puzzle`, the errors and the dates): a puzzle's own
commands resolve game IDs here, the midend writes its JSON answers from here,
and neither imports the other. Every error is a one-line
:class:`~proofgrid.errors.ProofgridError`.

Game IDs, params and moves are ASCII: a params text, a description or a move
holding any other character (a Unicode digit such as ``٥``) is refused with
one line, for every puzzle, before the puzzle's own codec reads it; a seed
text may be any text (it is hashed, :func:`proofgrid.puzzle.parse_seed`).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from proofgrid.dates import puzzle_number
from proofgrid.errors import (
    InvalidDescError,
    InvalidGameIdError,
    InvalidParamsError,
)
from proofgrid.puzzle import Puzzle, ascii_move, parse_seed, split_game_id

__all__ = [
    "Game",
    "History",
    "daily",
    "decode_params",
    "json_text",
    "preset",
    "resolve",
    "seeded",
]

P = TypeVar("P")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Game(Generic[P, S]):
    """A resolved board: its puzzle, params and description (and seed ID, if generated)."""

    puzzle: Puzzle[P, S]
    params: P
    desc: str
    seed_id: str | None = None

    @property
    def id(self) -> str:
        """The fixed-board game ID ``params:desc``."""
        return self.puzzle.game_id(self.params, self.desc)

    def start(self) -> S:
        """The starting position."""
        return self.puzzle.new_game(self.params, self.desc)

    def play(self, moves: Iterable[str]) -> S:
        """The position after ``moves`` from the start (an illegal one raises InvalidMoveError,
        as does a move holding a character that is not ASCII: ``a١`` is not ``a1``)."""
        state = self.start()
        for move in moves:
            state = self.puzzle.execute_move(state, ascii_move(move))
        return state


def _ascii(text: str, what: str, error: type[InvalidParamsError | InvalidDescError]) -> str:
    """``text`` unchanged if it is ASCII, else ``error``: one rule for every puzzle's IDs."""
    if not text.isascii():
        bad = next(ch for ch in text if not ch.isascii())
        raise error(f"{what} {text[:20]!r} holds {bad!r}: game IDs use ASCII letters and digits")
    return text


def preset(puzzle: Puzzle[P, Any], name: str) -> P:
    """The preset called ``name``, case-insensitively (``GIANT`` = ``giant``), else raise.

    The one rule for preset names everywhere (CLI ``--preset`` and ``--params``,
    the API's ``params``, the JavaScript engines): case does not matter.
    """
    table = puzzle.presets()
    key = name.strip().lower()
    for k, v in table.items():
        if k.lower() == key:
            return v
    raise InvalidParamsError(f"unknown preset {name[:20]!r} (choose from {', '.join(table)})")


def decode_params(puzzle: Puzzle[P, Any], text: str) -> P:
    """Params text or a preset name (any case) to params; raises :class:`InvalidParamsError`
    (non-ASCII text included: ``٥x٥`` is not ``5x5``)."""
    _ascii(text, "params", InvalidParamsError)
    try:
        return preset(puzzle, text)
    except InvalidParamsError:
        return puzzle.decode_params(text)


def seeded(puzzle: Puzzle[P, S], params: P, seed_text: str, *, strict: bool = True) -> Game[P, S]:
    """The game generated from ``params`` and a seed text (:func:`parse_seed`).

    ``strict`` (``proofgrid new``) refuses a seed text that is empty or holds
    ``#`` or ``:``; the API's ``/new`` and :func:`resolve` take any text, as
    they always have (``6x6#a:b`` names the board of seed text ``a:b``).
    """
    seed_text = seed_text.strip()
    if strict and (not seed_text or "#" in seed_text or ":" in seed_text):
        raise InvalidGameIdError("seed text must be non-empty and contain neither '#' nor ':'")
    desc = puzzle.generate(params, parse_seed(seed_text))
    return Game(puzzle, params, desc, f"{puzzle.encode_params(params)}#{seed_text}")


def resolve(puzzle: Puzzle[P, S], text: str) -> Game[P, S]:
    """Resolve ``params:desc`` or ``params#seed``; every error is a one-line ``ProofgridError``.

    The params and the description must be ASCII (module docstring).
    """
    gid = split_game_id(text)
    params = decode_params(puzzle, gid.params)
    if gid.desc is not None:
        puzzle.validate_desc(params, _ascii(gid.desc, "description", InvalidDescError))
        return Game(puzzle, params, gid.desc)
    assert gid.seed is not None
    return seeded(puzzle, params, gid.seed, strict=False)


def daily(puzzle: Puzzle[P, S], date: dt.date, preset: str | None = None) -> Game[P, S]:
    """The daily board of ``date`` (refused before the puzzle's launch unless it allows
    it), of a named ``preset`` where the puzzle has one series per preset
    (:meth:`Puzzle.daily_of`); its ``seed_id`` is :meth:`Puzzle.daily_seed_id`."""
    if not puzzle.daily_before_launch:
        puzzle_number(puzzle.launch, date)
    params, desc = puzzle.daily(date) if preset is None else puzzle.daily_of(date, preset)
    return Game(puzzle, params, desc, puzzle.daily_seed_id(date, preset))


def json_text(data: Any) -> str:
    """``data`` as the one JSON text of every answer: UTF-8 characters as they are, no
    NaN, compact separators (FastAPI's ``JSONResponse`` rendering). The API sends it
    and the CLI's ``--json`` prints it (plus a newline). O(size of the text)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))


@dataclass(slots=True)
class History(Generic[S]):
    """Positions of one game with undo and redo (states are immutable: a list suffices)."""

    states: list[S]
    index: int = 0
    moves: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, state: S) -> History[S]:
        """A history holding only the starting position."""
        return cls([state])

    @property
    def current(self) -> S:
        """The position shown now."""
        return self.states[self.index]

    def push(self, state: S, move: str = "") -> S:
        """Play to ``state``: drops any redo tail."""
        del self.states[self.index + 1 :]
        del self.moves[self.index :]
        self.states.append(state)
        self.moves.append(move)
        self.index += 1
        return state

    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return self.index > 0

    def can_redo(self) -> bool:
        """Whether there is an undone move to replay."""
        return self.index < len(self.states) - 1

    def undo(self) -> S:
        """Step back one move (no-op at the start)."""
        if self.index > 0:
            self.index -= 1
        return self.current

    def redo(self) -> S:
        """Step forward one undone move (no-op at the end)."""
        if self.can_redo():
            self.index += 1
        return self.current

    def restart(self) -> S:
        """Back to the starting position (redo still replays the game)."""
        self.index = 0
        return self.current
