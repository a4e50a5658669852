"""The commands every puzzle gets, generated from its contract: new, solve, daily, hint,
status, play.

:func:`puzzle_app` builds the ``proofgrid <puzzle>`` group of any registered
:class:`~proofgrid.puzzle.Puzzle`: the shared commands below (through
:mod:`proofgrid.midend`), then ``verify`` and ``stats`` from the studies
commands, then whatever only that puzzle has: the
:class:`~proofgrid.frontend.Command` rows its ``cli`` surface declares
(:meth:`~proofgrid.puzzle.Puzzle.commands`), mounted by :func:`add_declared_commands`.

What a puzzle prints as text differs; how it is asked does not, and its JSON
never does. A :class:`PuzzleCli` holds the text of the shared commands with
defaults that serve any puzzle through the contract alone; a puzzle whose text
differs names its own subclass in its :class:`~proofgrid.puzzle.CliSurface`.
Every ``--json`` is the midend's one writer of the operation, printed as the
API's bytes (:func:`emit`). A puzzle imports nothing from here: it declares,
this module mounts. Nothing here names a puzzle.
"""

from __future__ import annotations

import inspect
import secrets
from typing import Any, TypeVar

import typer

from proofgrid import midend
from proofgrid.cli import common
from proofgrid.cli.play import run_play
from proofgrid.cli.studies import add_study_commands
from proofgrid.frontend import GAME_HELP, Argument, CheckFailed, PuzzleCli
from proofgrid.puzzle import Puzzle

__all__ = [
    "GAME_HELP",
    "PuzzleCli",
    "add_declared_commands",
    "add_puzzle_commands",
    "emit",
    "hooks",
    "puzzle_app",
]

P = TypeVar("P")
S = TypeVar("S")


def hooks(puzzle: Puzzle[Any, Any]) -> PuzzleCli[Any, Any]:
    """The puzzle's own :class:`PuzzleCli` (its ``cli()`` hook), or the defaults."""
    own = puzzle.cli()
    return own if own is not None else PuzzleCli(puzzle)


def emit(answer: str | dict[str, Any]) -> None:
    """Print text as is, or a JSON answer as :func:`proofgrid.midend.json_text` (the API's
    bytes for the same request, plus a newline)."""
    print(midend.json_text(answer) if isinstance(answer, dict) else answer)


def _random_seed() -> str:
    return str(secrets.randbits(63))


def _moves_option() -> Any:
    return typer.Option("", "--moves", "-m", help="Moves played so far, separated by spaces.")


def add_puzzle_commands(group: typer.Typer, cli: PuzzleCli[Any, Any]) -> None:
    """Add ``new``, ``solve``, ``daily``, ``hint``, ``status`` and ``play`` for
    ``cli.puzzle`` to ``group``.

    Every ``--json`` prints the midend's one writer of that operation
    (:func:`proofgrid.midend.new_json`, :func:`~proofgrid.midend.solve_json`,
    :func:`~proofgrid.midend.daily_json`, :func:`~proofgrid.midend.hint_json`,
    :func:`~proofgrid.midend.status_json`): the bytes the API answers for the
    same request. ``solve``, ``hint`` and ``status`` take ``--moves`` as the API
    does; ``hint`` also takes the puzzle's declared
    :attr:`~proofgrid.puzzle.Puzzle.hint_options`.
    """
    puzzle = cli.puzzle
    # each preset with the params it stands for: a preset named "default" need not be the default
    presets = ", ".join(f"{k} ({puzzle.encode_params(v)})" for k, v in puzzle.presets().items())
    presets += f"; no preset: {puzzle.encode_params(puzzle.default_params())}"
    params_help = f"Params text, e.g. {puzzle.encode_params(puzzle.default_params())}."
    json_help = "Print the answer as JSON (the API's bytes)."

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
        emit(midend.new_json(game) if as_json else cli.new_text(game))

    @group.command("solve")
    def solve(
        game: str = typer.Argument(..., help=GAME_HELP),
        moves: str = _moves_option(),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        """Solve a board and show the proof (and where the game stands after --moves)."""
        g = midend.resolve(puzzle, game)
        played = moves.split()
        if as_json:
            emit(midend.solve_json(g, played))
            return
        state = g.play(played)  # an illegal move is refused before any solving
        try:
            text = cli.solve_text(g)
        except CheckFailed as exc:
            common.fail(str(exc), code=common.EXIT_CHECK_FAILED)
        if played:
            text += f"\nafter {len(played)} move(s): {puzzle.status(state).value}"
        emit(text)

    @group.command("status")
    def status(
        game: str = typer.Argument(..., help=GAME_HELP),
        moves: str = _moves_option(),
        as_json: bool = typer.Option(False, "--json", help=json_help),
    ) -> None:
        """Whether the game is won, lost or still playing after --moves."""
        g = midend.resolve(puzzle, game)
        data = midend.status_json(g, moves.split())
        emit(data if as_json else f"{data['status']} after {data['moves']} move(s)")

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
        emit(midend.daily_json(puzzle, day, preset) if as_json else cli.daily_text(day, preset))

    def hint(values: dict[str, Any]) -> None:
        g = midend.resolve(puzzle, values.pop("game"))
        moves = values.pop("moves").split()
        as_json = values.pop("as_json")
        data = midend.hint_json(g, moves, **values)
        emit(data if as_json else cli.hint_text(g, moves, data))

    reserved = {"game", "moves", "as_json"}
    hint_params = [
        inspect.Parameter(
            "game",
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Argument(..., help=GAME_HELP, metavar="GAME"),
            annotation=str,
        ),
        inspect.Parameter(
            "moves", inspect.Parameter.KEYWORD_ONLY, default=_moves_option(), annotation=str
        ),
        *(common.option_parameter(o) for o in puzzle.hint_options if o.name not in reserved),
        inspect.Parameter(
            "as_json",
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(False, "--json", help="Print the hint as JSON."),
            annotation=bool,
        ),
    ]
    group.command(
        "hint", help="The next move of a position with its reason and proof (or why it is lost)."
    )(common.keyword_command("hint", hint_params, hint))

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


def _parameter(row: Any) -> inspect.Parameter:
    """A declared :class:`~proofgrid.frontend.Argument` or
    :class:`~proofgrid.study_tasks.Option` as a typer parameter."""
    if isinstance(row, Argument):
        default = typer.Argument(row.default, help=row.help, metavar=row.name.upper())
        return inspect.Parameter(
            row.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=row.kind
        )
    return common.option_parameter(row)


def add_declared_commands(group: typer.Typer, puzzle: Puzzle[Any, Any]) -> None:
    """Mount the commands only ``puzzle`` has (:meth:`Puzzle.commands`) on its group.

    Each :class:`~proofgrid.frontend.Command` becomes a typer command with its
    declared parameters; its ``run`` gets their values by name, and a
    :class:`~proofgrid.frontend.CheckFailed` it raises is one line, exit status 1.
    """
    for command in puzzle.commands():

        def body(values: dict[str, Any], run: Any = command.run) -> None:
            try:
                run(**values)
            except CheckFailed as exc:
                common.fail(str(exc), code=common.EXIT_CHECK_FAILED)

        params = [_parameter(row) for row in command.params]
        group.command(command.name, help=command.help)(
            common.keyword_command(command.name, params, body)
        )


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
    add_declared_commands(group, puzzle)
    from proofgrid.cli import print_commands  # noqa: PLC0415  (book, result, check-result)

    print_commands.add(group, puzzle)
    return group
