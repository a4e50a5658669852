"""Kirchhoff on the command line: its text for the shared commands, and its own commands.

The shared ``new``, ``solve``, ``daily``, ``hint``, ``status`` and ``play``
come from :mod:`proofgrid.cli.puzzle_commands`; :class:`KirchhoffCli` says how
Kirchhoff prints them as text. Their ``--json`` is the midend's (the API's
bytes): the board is :func:`proofgrid.kirchhoff.contract.board_fields`, which
carries it plainly so anyone can check our claims: ``id``, ``rows``, ``cols``,
``clues``, ``count``, ``capped``, ``unique``, ``grade``, ``solution`` (edge
states) and ``arrows`` (``[[r1, c1], [r2, c2]]`` tail → head). The command
only Kirchhoff has, ``count``, writes the same fields with its own uncapped
count; it is declared in :data:`SURFACE` for the CLI to mount. This module
imports nothing of :mod:`proofgrid.cli` nor of :mod:`proofgrid.midend`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from proofgrid.frontend import GAME_HELP, Argument, CheckFailed, Command, Player, PuzzleCli, Reply
from proofgrid.game import Game, History, json_text, resolve
from proofgrid.kirchhoff.board import (
    Board,
    Mark,
    Position,
    format_position,
)
from proofgrid.kirchhoff.codec import Params
from proofgrid.kirchhoff.contract import KIRCHHOFF, board_fields
from proofgrid.kirchhoff.exact import count, first_solution, is_lost
from proofgrid.kirchhoff.generate import MAX_ATTEMPTS
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.moves import (
    execute_move,
    execute_moves,
    split_moves,
)
from proofgrid.puzzle import CliSurface, Status
from proofgrid.study_tasks import Option

__all__ = ["COMMANDS", "SURFACE", "KirchhoffCli", "KirchhoffPlayer", "count_cmd"]


def _board(game: Game[Params, Position]) -> Board:
    return game.start().board


def _show_board(game: Game[Params, Position], extra: str) -> str:
    board = _board(game)
    grade = grade_board(board).grade
    note = grade.value
    if game.seed_id is not None and grade is not game.params.grade:
        # the generator's closest board when no attempt met the asked grade
        note = (
            f"{grade.value}, not {game.params.grade.value}: no {game.params.grade.value} "
            f"{board.rows}x{board.cols} board came out of {MAX_ATTEMPTS} attempts"
        )
    return f"{game.id}\n{board.rows}x{board.cols}, grade {note}{extra}\n" + format_position(
        Position.start(board)
    )


def _mark(state: int) -> Mark:
    return Mark.CROSS if state == 0 else Mark(state)


def _solved(board: Board, states: tuple[int, ...]) -> str:
    return format_position(Position(board, tuple(_mark(s) for s in states)))


def _hint_lines(hint: Mapping[str, Any]) -> list[str]:
    """A hint's JSON (:meth:`Puzzle.hint_json`) as lines: kind and headline, move, regions,
    then the proof's sentences, indented."""
    own = hint["kirchhoff"]
    headline, *steps = hint["words"]
    lines = [f"{own['kind']}: {headline.removeprefix('lost — ')}"]
    if hint["move"]:
        lines.append(f"move: {hint['move']}")
    for reg in own["regions"]:
        parts = [" ".join(reg["cells"])]
        if reg["entry_only"]:
            parts.append("entries of " + " ".join(reg["entry_only"]))
        if reg["exit_only"]:
            parts.append("exits of " + " ".join(reg["exit_only"]))
        lines.append("region: " + "; ".join(p for p in parts if p))
    lines.extend(f"  {w}" for w in steps)
    return lines


def _hint_of(state: Position) -> dict[str, Any]:
    json = KIRCHHOFF.hint_json(KIRCHHOFF.hint(state))
    assert json is not None  # Kirchhoff always answers (solved is a kind of its own)
    return json


_PLAY_HELP = """commands:
  <move> [<move> ...]   e.g. b3>c3 (arrow b3→c3), b3<c3, b3xc3 (cross), b3.c3 (clear),
                        or by edge id: e17> e17< e17x e17.
  hint (h)              show the next forced edge and why
  apply (a)             play the hinted move
  undo (u) / redo (r)   step back / forward
  restart               back to the empty board
  solve                 show the solution and stop
  id                    print the game ID
  help (?)              this text
  quit (q)              leave"""


class KirchhoffPlayer(Player[Position]):
    """Terminal play with hints that explain themselves; a wrong arrow is reported at once."""

    prompt = "kirchhoff> "

    def intro(self) -> str:
        """The game ID and one line of help."""
        return (
            f"{self.game.id}\n"
            "type help for commands; a wrong arrow is reported as lost the moment it is drawn"
        )

    def hint_text(self, state: Position) -> str:
        """The hint's kind and reason, its move and the regions behind it."""
        return "\n".join(_hint_lines(_hint_of(state)))

    def command(self, word: str, history: History[Position]) -> Reply[Position] | None:
        """help, id, apply, restart, solve (and the shared hint)."""
        pos = history.current
        if word in ("?", "help"):
            return Reply(_PLAY_HELP)
        if word == "id":
            return Reply(self.game.id)
        if word in ("a", "apply"):
            h = _hint_of(pos)
            if not h["move"]:
                return Reply(self.hint_text(pos))
            kind = h["kirchhoff"]["kind"]
            return Reply(f"played {h['move']} ({kind})", execute_move(pos, h["move"]))
        if word == "restart":
            return Reply(None, Position.start(pos.board))
        if word == "solve":
            found = first_solution(pos.board)
            return Reply(None if found is None else _solved(pos.board, found), stop=True)
        return super().command(word, history)

    def move(self, state: Position, line: str) -> tuple[Position, str | None]:
        """One or more moves (``b3>c3 c3xd3``)."""
        for mv in split_moves(line.lower()):
            state = execute_move(state, mv)
        return state, None

    def verdict(self, state: Position, status: Status) -> str:
        """Solved, or the reason the position is lost, naming only marks that are needed.

        The lost proof's ``uses`` may include a harmless earlier mark; each used
        mark is dropped in turn while the others alone still leave no completion
        (the exact counter decides), and the verdict is the lost proof of the
        position with only the marks left, so every mark it names is needed.
        O(uses) exact counts.
        """
        if status is Status.WON:
            return "solved — every clue is met. well done!"
        h = _hint_of(state)
        proof = h.get("proof")
        if h["kirchhoff"]["kind"] == "lost" and proof is not None and len(proof["uses"]) > 1:
            start = Position.start(state.board)
            keep = list(proof["uses"])
            for mv in list(keep):
                trial = [m for m in keep if m != mv]
                if is_lost(state.board, execute_moves(start, " ".join(trial)).masks()):
                    keep = trial
            if len(keep) < len(proof["uses"]):
                fewer = _hint_of(execute_moves(start, " ".join(keep)))
                if fewer["kirchhoff"]["kind"] == "lost" and fewer.get("proof") is not None:
                    h = fewer
        return _hint_lines(h)[0] + "  (undo to go back)"


class KirchhoffCli(PuzzleCli[Params, Position]):
    """How the shared commands print Kirchhoff as text (their JSON is the midend's)."""

    def new_text(self, game: Game[Params, Position]) -> str:
        """ID, size and grade, the seed ID, and the empty board."""
        return _show_board(game, f" (regenerate with {game.seed_id})")

    def daily_text(self, date: dt.date, preset: str | None) -> str:
        """The board with ``— Kirchhoff daily DATE (SEED ID)``."""
        game = self.daily_game(date, preset)
        return _show_board(game, f" — Kirchhoff daily {date} ({game.seed_id})")

    def solve_text(self, game: Game[Params, Position]) -> str:
        """The solved board and whether it is unique (exit 1 when there is no solution)."""
        data = KIRCHHOFF.board_json(game.params, game.desc)
        if data["solution"] is None:
            raise CheckFailed("the board has no solution")
        solved = _solved(_board(game), tuple(data["solution"]))
        if data["count"] == 1:
            return f"{solved}\nunique solution (grade {data['grade']})"
        return f"{solved}\none of at least 2 solutions"

    def hint_text(
        self, game: Game[Params, Position], moves: list[str], data: dict[str, Any]
    ) -> str:
        """The position's drawing, the edges ``--mark-empties`` crossed, then the hint's lines."""
        lines = [format_position(game.play(moves))]
        hint = data["hint"]
        if hint is None:
            return "\n".join([*lines, "solved: every clue is met"])
        marked = hint["kirchhoff"]["marked_empty"]
        if marked:
            lines.append("marked empty: " + " ".join(marked))
        return "\n".join([*lines, *_hint_lines(hint)])

    def player(self, game: Game[Params, Position]) -> KirchhoffPlayer:
        """:class:`KirchhoffPlayer`."""
        return KirchhoffPlayer(game)


def count_cmd(game_id: str, cap: int | None, as_json: bool) -> None:
    """Count the solutions exactly (frontier sweep; big integers)."""
    game = resolve(KIRCHHOFF, game_id)
    board = _board(game)
    cnt = count(board, cap=cap)
    if as_json:
        solution = first_solution(board) if cnt.value else None
        print(json_text(board_fields(board, game.id, cnt, solution)))
        return
    print(f"{'at least ' if cnt.capped else ''}{cnt.value} solution{'s' if cnt.value != 1 else ''}")


#: The commands only Kirchhoff has, declared for the CLI to mount.
COMMANDS = (
    Command(
        "count",
        count_cmd,
        "Count the solutions exactly (frontier sweep; big integers).",
        (
            Argument("game_id", GAME_HELP),
            Option("cap", ("--cap",), None, "Stop counting at this many.", kind=int, min=1),
            Option("as_json", ("--json",), False, "Machine-readable output.", kind=bool),
        ),
    ),
)


#: What the CLI mounts for Kirchhoff: its text and its own commands.
SURFACE = CliSurface(__name__, COMMANDS, KirchhoffCli)
