"""What the front ends ask of a puzzle, as plain classes and data: a puzzle fills these in
and the CLI (:mod:`proofgrid.cli`) mounts them; nothing here imports typer or FastAPI.

* :class:`PuzzleCli`: the text of the shared commands (``new``, ``solve``,
  ``daily``, ``hint``), with defaults that serve any puzzle through the
  contract alone; a puzzle whose text differs subclasses it and names it in
  its :class:`~proofgrid.puzzle.CliSurface`. Their ``--json`` is never the
  puzzle's: it is the midend's one writer per operation
  (:mod:`proofgrid.midend`), the same bytes the API answers.
* :class:`Player` and :class:`Reply`: what terminal play says and the commands
  only a puzzle has (the loop itself is :func:`proofgrid.cli.play.run_play`).
* :class:`Command` and :class:`Argument`: a command only one puzzle has,
  declared as data (its options are :class:`proofgrid.study_tasks.Option`
  rows); the ``cli`` surface lists them in ``COMMANDS`` and the CLI builds
  the ``typer`` command.
* :class:`CheckFailed`: a command's answer is "no" (exit status 1, one line).
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from proofgrid import dates
from proofgrid.game import Game, History, daily, decode_params
from proofgrid.game import preset as preset_of
from proofgrid.puzzle import Puzzle, Status

__all__ = [
    "GAME_HELP",
    "HINT",
    "Argument",
    "CheckFailed",
    "Command",
    "Player",
    "PuzzleCli",
    "Reply",
    "read_line",
]

P = TypeVar("P")
S = TypeVar("S")

GAME_HELP = "Game ID: params:desc (a fixed board) or params#seed (generated)."
HINT = frozenset({"h", "hint"})


class CheckFailed(Exception):  # noqa: N818 (an answer, not a fault)
    """A command's honest "no" (the board has no solution): one line, exit status 1."""


@dataclass(frozen=True, slots=True)
class Argument:
    """A positional argument of a declared :class:`Command`.

    ``default`` of ``...`` makes it required; ``kind`` is ``str`` or ``int``.
    """

    name: str
    help: str
    default: Any = ...
    kind: type = str


@dataclass(frozen=True, slots=True)
class Command:
    """A command only one puzzle has: ``proofgrid <puzzle> <name> ...``.

    ``run`` is called with every parameter's value by name; it prints its
    answer and raises a :class:`~proofgrid.errors.ProofgridError` (exit 2) or
    :class:`CheckFailed` (exit 1) with a one-line message. ``params`` are
    :class:`Argument` and :class:`proofgrid.study_tasks.Option` rows, in order.
    """

    name: str
    run: Callable[..., None]
    help: str
    params: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Reply(Generic[S]):
    """What a puzzle's own command did: text to print, a position to play to, or stop."""

    text: str | None = None
    state: S | None = None
    stop: bool = False


class Player(Generic[S]):
    """What a puzzle says during terminal play; override what differs.

    Attributes
    ----------
    prompt : str
        Printed before each line is read.
    redraw : bool
        Draw and judge the position before every prompt (otherwise only when
        it changes: after a move, an undo or a redo).
    """

    prompt = "> "
    redraw = False

    def __init__(self, game: Game[Any, S]) -> None:
        self.game = game
        self.puzzle = game.puzzle

    def intro(self) -> str:
        """The lines printed once, before the first position."""
        return f"{self.game.id}\nplay a move · h hint · u undo · r redo · q quit"

    def show(self, state: S) -> str:
        """The drawing of a position (the contract's ``format``)."""
        return self.puzzle.format(state)

    def hint_text(self, state: S) -> str | None:
        """The hint as printed (None prints nothing)."""
        h = self.puzzle.hint(state)
        if h is None:
            return None
        return f"hint: {h.move or 'no move'} — {' '.join(h.words)}".rstrip(" —")

    def command(self, word: str, history: History[S]) -> Reply[S] | None:
        """A command of this puzzle's own (``word`` is lower case), or None for a move."""
        if word in HINT:
            return Reply(self.hint_text(history.current))
        return None

    def move(self, state: S, line: str) -> tuple[S, str | None]:
        """Play ``line``: the new position and a line to print (raises ``ProofgridError``)."""
        return self.puzzle.execute_move(state, line), None

    def verdict(self, state: S, status: Status) -> str:
        """What to say when a position is won (the game ends) or lost (it goes on)."""
        return "solved!" if status is Status.WON else "lost: no way to win from here (undo)"


def read_line(prompt: str) -> str | None:
    """Print ``prompt`` and read a line from standard input (None at end of input)."""
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print()
        return None
    return line.strip()


class PuzzleCli(Generic[P, S]):
    """How one puzzle's shared commands read their options and print text; override what
    differs. Methods return what is printed (without the final newline); the JSON of
    every command is the midend's (:mod:`proofgrid.midend`), not this class's.
    """

    def __init__(self, puzzle: Puzzle[P, S]) -> None:
        self.puzzle = puzzle

    # --- options ------------------------------------------------------------------------

    def params(self, text: str | None, preset: str | None) -> P:
        """Params from ``--params`` text, else the ``--preset`` name, else the default."""
        if text:
            return decode_params(self.puzzle, text)
        if preset is not None:
            return preset_of(self.puzzle, preset)  # case-insensitive, like --params
        return self.puzzle.default_params()

    def parse_date(self, text: str | None) -> dt.date:
        """The ``--date`` (``YYYY-MM-DD``; today when omitted or empty)."""
        return dates.date_option(text)

    # --- new ----------------------------------------------------------------------------

    def new_text(self, game: Game[P, S]) -> str:
        """A generated board: its drawing, game ID and seed ID."""
        return f"{self.puzzle.format(game.start())}\nid: {game.id}\nseed id: {game.seed_id}"

    # --- daily --------------------------------------------------------------------------

    def daily_game(self, date: dt.date, preset: str | None) -> Game[P, S]:
        """The daily board of ``date`` (of ``preset``'s series where the puzzle has one)."""
        return daily(self.puzzle, date, preset)

    def daily_text(self, date: dt.date, preset: str | None) -> str:
        """``Title #N · date`` (no number before the launch), the drawing and the game ID."""
        game = self.daily_game(date, preset)
        title = self.puzzle.title or self.puzzle.name
        if date >= self.puzzle.launch:
            title = f"{title} #{dates.puzzle_number(self.puzzle.launch, date)}"
        return f"{title} · {date.isoformat()}\n{self.puzzle.format(game.start())}\nid: {game.id}"

    # --- solve --------------------------------------------------------------------------

    def solve_text(self, game: Game[P, S]) -> str:
        """The contract's answer, as text."""
        return f"solution: {self.puzzle.solve(game.start())}"

    # --- hint ---------------------------------------------------------------------------

    def hint_text(self, game: Game[P, S], moves: list[str], data: dict[str, Any]) -> str:
        """The position's drawing, then the move and the words of the hint JSON
        (:func:`proofgrid.midend.hint_json`)."""
        lines = [self.puzzle.format(game.play(moves))]
        hint = data["hint"]
        if hint is None:
            lines.append("solved: nothing left to hint")
        else:
            lines.append(
                f"{data['status']}: " + (f"play {hint['move']}" if hint["move"] else "no move")
            )
            lines.extend(f"  {w}" for w in hint["words"])
        return "\n".join(lines)

    # --- play ---------------------------------------------------------------------------

    def player(self, game: Game[P, S]) -> Player[S]:
        """What is said during terminal play (:class:`proofgrid.cli.play.Player`)."""
        return Player(game)
