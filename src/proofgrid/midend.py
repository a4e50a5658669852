"""The midend: what is the same for every puzzle (after Tatham's ``midend.c``).

Given any registered :class:`~proofgrid.puzzle.Puzzle`, the midend

* resolves game IDs, ``params:desc`` (a fixed board) and ``params#seed`` (a
  generated one, :func:`proofgrid.puzzle.parse_seed`), into a :class:`Game`;
* keeps a :class:`History` of immutable positions with undo and redo, for
  terminal play;
* answers dailies by date (:func:`daily`), refusing dates before the puzzle's
  launch;
* builds the JSON shapes the CLI and the API share (:func:`board_json`,
  :func:`daily_json`, :func:`new_json`, :func:`hint_json`).

Nothing here names a puzzle: the CLI, the API and the studies runner reach the
puzzles through :mod:`proofgrid.registry` and this module.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from proofgrid.errors import InvalidGameIdError, InvalidParamsError
from proofgrid.puzzle import Puzzle, Status, parse_seed, split_game_id

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
    "utc_today",
]

P = TypeVar("P")
S = TypeVar("S")

_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


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
        """The position after ``moves`` from the start (an illegal one raises InvalidMoveError)."""
        state = self.start()
        for move in moves:
            state = self.puzzle.execute_move(state, move)
        return state


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
    """Resolve ``params:desc`` or ``params#seed``; every error is a one-line ``ProofgridError``."""
    gid = split_game_id(text)
    params = decode_params(puzzle, gid.params)
    if gid.desc is not None:
        puzzle.validate_desc(params, gid.desc)
        return Game(puzzle, params, gid.desc)
    assert gid.seed is not None
    return seeded(puzzle, params, gid.seed, strict=False)


def parse_date(text: str) -> dt.date:
    """A calendar date written exactly ``YYYY-MM-DD`` (ASCII digits, nothing before or
    after, not even a newline); raises :class:`InvalidParamsError`."""
    if _DATE_RE.fullmatch(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    raise InvalidParamsError(f"cannot read date {text[:20]!r} (use YYYY-MM-DD)")


def date_option(text: str | None) -> dt.date:
    """A command line's ``--date``: today (local time) when omitted or empty, else
    :func:`parse_date` of the text with its surrounding spaces trimmed.

    The one reading of ``--date`` for every puzzle, so ``--date ''`` (a script's
    unset variable) means today everywhere.
    """
    t = (text or "").strip(" ")
    return parse_date(t) if t else dt.date.today()


def utc_today() -> dt.date:
    """Today's date in UTC (what "today's daily" means on a server)."""
    return dt.datetime.now(dt.UTC).date()


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
    """Params text or a preset name (any case) to params; raises :class:`InvalidParamsError`."""
    try:
        return preset(puzzle, text)
    except InvalidParamsError:
        return puzzle.decode_params(text)


def puzzle_number(puzzle: Puzzle[Any, Any], date: dt.date) -> int:
    """Days since the puzzle's launch plus one; raises before the launch."""
    number = (date - puzzle.launch).days + 1
    if number < 1:
        raise InvalidParamsError(f"daily boards begin on {puzzle.launch.isoformat()} (#1)")
    return number


def daily(puzzle: Puzzle[P, S], date: dt.date) -> Game[P, S]:
    """The daily board of ``date`` (refused before the puzzle's launch unless it allows it)."""
    if not puzzle.daily_before_launch:
        puzzle_number(puzzle, date)
    params, desc = puzzle.daily(date)
    return Game(puzzle, params, desc)


def board_json(game: Game[Any, Any]) -> dict[str, Any]:
    """The board with its proof (the puzzle's own fields), with ``id`` first."""
    return game.puzzle.board_json(game.params, game.desc)


def new_json(game: Game[Any, Any]) -> dict[str, Any]:
    """A generated board's JSON: :func:`board_json` plus its ``seed_id``."""
    data = board_json(game)
    if game.seed_id is not None:
        data["seed_id"] = game.seed_id
    return data


def daily_json(puzzle: Puzzle[Any, Any], date: dt.date) -> dict[str, Any]:
    """A daily board's JSON: :func:`board_json` plus ``date``, ``number`` (``None``
    before the launch) and, when the puzzle has one, the ``seed_id`` that regenerates it."""
    data = board_json(daily(puzzle, date))
    data["date"] = date.isoformat()
    data["number"] = puzzle_number(puzzle, date) if date >= puzzle.launch else None
    seed_id = puzzle.daily_seed_id(date)
    if seed_id is not None:
        data["seed_id"] = seed_id
    return data


def json_text(data: Any) -> str:
    """``data`` as the one JSON text the API answers: UTF-8 characters as they are, no NaN,
    compact separators (FastAPI's ``JSONResponse`` rendering). The CLI prints the same
    text where it promises the API's bytes (``hint --json``)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))


def hint_json(game: Game[Any, Any], moves: Sequence[str] = (), **options: Any) -> dict[str, Any]:
    """The hint of the position after ``moves``: one JSON shape for every puzzle.

    ``{"id", "status", "hint"}``: ``id`` is the board's fixed game ID,
    ``status`` the position's (``playing``, ``won`` or ``lost``) and ``hint``
    ``null`` when the game is won, otherwise :meth:`Puzzle.hint_json`
    (``move``, ``words``, ``proof`` and the puzzle's own key). The CLI's
    ``hint --json`` prints it and the API's ``POST /hint`` answers it, so both
    give the same bytes for the same position. ``options`` are the puzzle's
    declared hint options (:attr:`Puzzle.hint_options`). The cost is the
    puzzle's ``hint`` and ``status``.
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
