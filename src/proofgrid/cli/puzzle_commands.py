"""The commands every puzzle gets, generated from its contract: new, solve, daily, play.

:func:`puzzle_app` builds the ``proofgrid <puzzle>`` group of any registered
:class:`~proofgrid.puzzle.Puzzle`: the shared commands below (through
:mod:`proofgrid.midend`), then ``verify`` and ``stats`` from the studies
commands, then whatever only that puzzle has (its ``add_commands`` hook).

What a puzzle prints differs; how it is asked does not. A :class:`PuzzleCli`
holds the text and JSON of the shared commands with defaults that serve any
puzzle through the contract alone; a puzzle whose output differs returns its
own subclass from the contract's ``cli()`` hook. Nothing here names a puzzle.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from typing import Any, Generic, TypeVar

import typer

from proofgrid import midend
from proofgrid.cli.play import Player, run_play
from proofgrid.cli.studies import add_study_commands
from proofgrid.midend import Game
from proofgrid.puzzle import InvalidParamsError, Puzzle

__all__ = ["PuzzleCli", "add_puzzle_commands", "emit", "hooks", "puzzle_app"]

P = TypeVar("P")
S = TypeVar("S")

GAME_HELP = "Game ID: params:desc (a fixed board) or params#seed (generated)."


class PuzzleCli(Generic[P, S]):
    """How one puzzle's shared commands read their options and print; override what differs.

    Text methods return what is printed (without the final newline); JSON
    methods return the object printed with :func:`json.dumps`.
    """

    def __init__(self, puzzle: Puzzle[P, S]) -> None:
        self.puzzle = puzzle

    # --- options ------------------------------------------------------------------------

    def params(self, text: str | None, preset: str | None) -> P:
        """Params from ``--params`` text, else the ``--preset`` name, else the default."""
        if text:
            return midend.decode_params(self.puzzle, text)
        if preset is not None:
            return midend.preset(self.puzzle, preset)  # case-insensitive, like --params
        return self.puzzle.default_params()

    def parse_date(self, text: str | None) -> dt.date:
        """The ``--date`` (``YYYY-MM-DD``; today when omitted)."""
        return midend.parse_date(text) if text else dt.date.today()

    # --- new ----------------------------------------------------------------------------

    def new_text(self, game: Game[P, S]) -> str:
        """A generated board: its drawing, game ID and seed ID."""
        return f"{self.puzzle.format(game.start())}\nid: {game.id}\nseed id: {game.seed_id}"

    def new_json(self, game: Game[P, S]) -> dict[str, Any]:
        """:func:`proofgrid.midend.new_json`."""
        return midend.new_json(game)

    # --- daily --------------------------------------------------------------------------

    def _one_daily(self, preset: str | None) -> None:
        if preset is not None:
            raise InvalidParamsError(f"{self.puzzle.name} has one daily board (drop --preset)")

    def daily_game(self, date: dt.date, preset: str | None) -> Game[P, S]:
        """The daily board of ``date`` (one a day: a ``--preset`` is refused)."""
        self._one_daily(preset)
        return midend.daily(self.puzzle, date)

    def daily_text(self, date: dt.date, preset: str | None) -> str:
        """``Title #N · date`` (no number before the launch), the drawing and the game ID."""
        game = self.daily_game(date, preset)
        title = self.puzzle.title or self.puzzle.name
        if date >= self.puzzle.launch:
            title = f"{title} #{midend.puzzle_number(self.puzzle, date)}"
        return f"{title} · {date.isoformat()}\n{self.puzzle.format(game.start())}\nid: {game.id}"

    def daily_json(self, date: dt.date, preset: str | None) -> dict[str, Any]:
        """:func:`proofgrid.midend.daily_json`."""
        self._one_daily(preset)
        return midend.daily_json(self.puzzle, date)

    # --- solve --------------------------------------------------------------------------

    def solve_text(self, game: Game[P, S]) -> str:
        """The contract's answer, as text."""
        return f"solution: {self.puzzle.solve(game.start())}"

    def solve_json(self, game: Game[P, S]) -> dict[str, Any]:
        """:func:`proofgrid.midend.board_json` (the board with its proof)."""
        return midend.board_json(game)

    # --- play ---------------------------------------------------------------------------

    def player(self, game: Game[P, S]) -> Player[S]:
        """What is said during terminal play (:class:`proofgrid.cli.play.Player`)."""
        return Player(game)


def hooks(puzzle: Puzzle[Any, Any]) -> PuzzleCli[Any, Any]:
    """The puzzle's own :class:`PuzzleCli` (its ``cli()`` hook), or the defaults."""
    own = puzzle.cli()
    return own if own is not None else PuzzleCli(puzzle)


def emit(answer: str | dict[str, Any]) -> None:
    """Print text as is, or a JSON object on one line."""
    print(json.dumps(answer) if isinstance(answer, dict) else answer)


def _random_seed() -> str:
    return str(secrets.randbits(63))


def add_puzzle_commands(group: typer.Typer, cli: PuzzleCli[Any, Any]) -> None:
    """Add ``new``, ``solve``, ``daily`` and ``play`` for ``cli.puzzle`` to ``group``."""
    puzzle = cli.puzzle
    presets = ", ".join(puzzle.presets())
    params_help = f"Params text, e.g. {puzzle.encode_params(puzzle.default_params())}."
    json_help = "Print the board and its proof as JSON."

    @group.command("new")
    def new(
        params: str | None = typer.Option(None, "--params", "--size", help=params_help),
        preset: str | None = typer.Option(None, "--preset", "-p", help=f"Preset: {presets}."),
        seed: str | None = typer.Option(
            None, "--seed", "-s", help="Seed text (random if omitted)."
        ),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        """Generate a board from a seed and print its game ID and drawing."""
        p = cli.params(params, preset)
        game = midend.seeded(puzzle, p, seed if seed is not None else _random_seed())
        emit(cli.new_json(game) if as_json else cli.new_text(game))

    @group.command("solve")
    def solve(
        game: str = typer.Argument(..., help=GAME_HELP),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        """Solve a board and show the proof."""
        g = midend.resolve(puzzle, game)
        emit(cli.solve_json(g) if as_json else cli.solve_text(g))

    @group.command("daily")
    def daily(
        date: str | None = typer.Option(None, "--date", "-d", help="YYYY-MM-DD (default today)."),
        preset: str | None = typer.Option(
            None, "--preset", "-p", help="Preset, if it has dailies."
        ),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        """The board of the day: the same for everyone, rebuilt from the date."""
        day = cli.parse_date(date)
        emit(cli.daily_json(day, preset) if as_json else cli.daily_text(day, preset))

    @group.command("play")
    def play(
        game: str | None = typer.Argument(None, help=GAME_HELP + " Random if omitted."),
        preset: str | None = typer.Option(None, "--preset", "-p", help="When no ID is given."),
    ) -> None:
        """Play in the terminal, with undo (u), redo (r), hints (h); q quits."""
        if game is None:
            g = midend.seeded(puzzle, cli.params(None, preset), _random_seed())
        else:
            g = midend.resolve(puzzle, game)
        run_play(cli.player(g))


def puzzle_app(puzzle: Puzzle[Any, Any]) -> typer.Typer:
    """The ``proofgrid <puzzle>`` group: shared commands, studies, then the puzzle's own."""
    group = typer.Typer(
        name=puzzle.name,
        help=puzzle.summary,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )
    add_puzzle_commands(group, hooks(puzzle))
    add_study_commands(group, puzzle)
    from proofgrid.cli import print_commands  # noqa: PLC0415  (book, result, check-result)

    print_commands.add(group, puzzle)
    puzzle.add_commands(group)
    return group
