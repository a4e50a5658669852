"""Matchless on the command line: its text for the shared commands, and its own commands.

The shared ``new``, ``solve``, ``daily``, ``hint``, ``status`` and ``play``
come from :mod:`proofgrid.cli.puzzle_commands`; :class:`MatchlessCli` says how
Matchless prints them as text (par and its witness, the cascade of each
match); their ``--json`` is the midend's. The commands only Matchless has,
``practice``, ``xray`` and ``duel`` (whose ``--json`` is the duel route's one
writer, :func:`proofgrid.matchless.api.duel_json`), are declared in
:data:`SURFACE` for the CLI to mount (this module imports nothing of
:mod:`proofgrid.cli` nor of :mod:`proofgrid.midend`). Thin wrappers: parse,
call the engine, print.
"""

from __future__ import annotations

import datetime as dt
import sys
from dataclasses import asdict

from proofgrid.frontend import GAME_HELP, Argument, Command, Player, PuzzleCli, read_line
from proofgrid.game import Game, json_text, resolve
from proofgrid.matchless.api import MAX_BUDGET_MS, duel_json
from proofgrid.matchless.board import Board
from proofgrid.matchless.contract import MATCHLESS
from proofgrid.matchless.duel import Level, Rule, bot_move
from proofgrid.matchless.format import format_state, format_xray
from proofgrid.matchless.game import State, move_name, new_state, parse_move, strike
from proofgrid.matchless.hint import hint
from proofgrid.matchless.params import Params
from proofgrid.matchless.practice import build_practice, data_path, load_practice, practice_json
from proofgrid.matchless.solve import Solution, remaining_par, solve
from proofgrid.puzzle import (
    CliSurface,
    InvalidMoveError,
    InvalidParamsError,
    ProofgridError,
    Status,
)
from proofgrid.study_tasks import Option

__all__ = [
    "COMMANDS",
    "SURFACE",
    "MatchlessCli",
    "MatchlessPlayer",
    "duel",
    "practice",
    "xray",
]


def _board(text: str) -> Board:
    """The board of a game ID (``ProofgridError`` on a bad one)."""
    return resolve(MATCHLESS, text).start().board


def _names(board: Board, shells: tuple[int, ...] | list[int]) -> str:
    return " ".join(move_name(board, v) for v in shells)


def _summary(board: Board, sol: Solution) -> str:
    return f"par {sol.par} · witness {_names(board, sol.witness)}"


class MatchlessPlayer(Player[State]):
    """Terminal play: the sky and the par still reachable before every prompt."""

    redraw = True

    def __init__(self, game: Game[Params, State]) -> None:
        super().__init__(game)
        self.par = solve(game.start().board).par

    def intro(self) -> str:
        """One line of help."""
        return "strike a shell by cell (b3 or 3,2) · u undo · r redo · h hint · q quit"

    def show(self, state: State) -> str:
        """The sky, then matches, par, remaining par and whether par is still reachable."""
        rem = remaining_par(state.board, state.unlit).par
        best = state.matches + rem
        verdict = "par still reachable" if best == self.par else f"best now {best} (par {self.par})"
        return (
            f"{format_state(state)}\n"
            f"matches {state.matches} · par {self.par} · remaining par {rem} · {verdict}"
        )

    def hint_text(self, state: State) -> str | None:
        """``hint: b3 — `` and the hint's words."""
        h = hint(state, self.par)
        return None if h is None else f"hint: {h.move} — {' '.join(h.words)}"

    def move(self, state: State, line: str) -> tuple[State, str | None]:
        """Strike a match; say how many shells it lit and how deep the cascade ran."""
        result = strike(state, parse_move(state, line))
        depth = max(d for _, d in result.cascade)
        said = (
            f"{move_name(state.board, result.shell)} lights {len(result.cascade)} shell(s), "
            f"cascade depth {depth}"
        )
        return result.state, said

    def verdict(self, state: State, status: Status) -> str:
        """``sky clear in N matches — par!`` (a Matchless game cannot be lost)."""
        verdict = "par!" if state.matches == self.par else f"{state.matches - self.par} over par"
        return f"sky clear in {state.matches} matches — {verdict}"


class MatchlessCli(PuzzleCli[Params, State]):
    """How the shared commands print Matchless."""

    def new_text(self, game: Game[Params, State]) -> str:
        """The sky, its ID, its seed ID, par and a witness."""
        board = game.start().board
        return f"{super().new_text(game)}\n{_summary(board, solve(board))}"

    def daily_text(self, date: dt.date, preset: str | None) -> str:
        """``Matchless #N · date``, the sky, its ID and par."""
        game = self.daily_game(date, preset)
        par = solve(game.start().board).par
        play = f"proofgrid {MATCHLESS.name} play '{game.id}'"
        return f"{super().daily_text(date, preset)}\npar {par} (play it: {play})"

    def solve_text(self, game: Game[Params, State]) -> str:
        """Par with a witness, and the components behind the proof."""
        board = game.start().board
        sol = solve(board)
        return (
            f"{_summary(board, sol)}\n"
            f"{sol.xray.count} components, {len(sol.xray.sources)} of them sources"
        )

    def player(self, game: Game[Params, State]) -> MatchlessPlayer:
        """:class:`MatchlessPlayer`."""
        return MatchlessPlayer(game)


def _print_json(data: object) -> None:
    print(json_text(data))


def practice(as_json: bool, regenerate: bool) -> None:
    """The twelve practice boards, easy to expert, ordered by measured difficulty."""
    if regenerate:
        boards = build_practice()
        path = data_path()
        path.write_text(practice_json(boards), encoding="utf-8")
        print(f"wrote {len(boards)} boards to {path}", file=sys.stderr)
    else:
        boards = load_practice()
    if as_json:
        _print_json([asdict(b) for b in boards])
        return
    print(" #  level   par gap hidden difficulty  id")
    for b in boards:
        print(
            f"{b.number:>2}  {b.level:<7} {b.par:>3} {b.myopic_gap:>3} {b.hidden_sources:>6}"
            f" {b.difficulty:>10}  {b.id}"
        )


def xray(game: str) -> None:
    """Draw the proof: every shell labelled by its component, sources in parentheses."""
    board = _board(game)
    print(format_xray(board, solve(board)))


def duel(
    game: str,
    *,
    bot: str,
    rule: str,
    bot_first: bool,
    seed: int,
    budget_ms: int,
    moves: list[str] | None = None,
    as_json: bool = False,
) -> None:
    """Duel the bot: alternate matches; each is credited with the shells their match lights.

    With ``moves`` the game so far (a duel by post) is replayed and checked first,
    the movers alternating from whoever starts; then play goes on from there.
    With ``as_json`` the bot's move in that position is printed as
    :func:`proofgrid.matchless.api.duel_json` (the bytes ``POST
    /api/matchless/duel`` answers) and nothing is played.
    """
    try:
        level = Level[bot.strip().upper()]
    except KeyError:
        raise InvalidParamsError(f"unknown bot {bot!r} (random, greedy or perfect)") from None
    try:
        the_rule = Rule(rule.strip().lower())
    except ValueError:
        raise InvalidParamsError(f"unknown rule {rule!r} (fewest or most)") from None
    played = [m for text in moves or () for m in text.replace(".", " ").split()]
    if as_json:
        if not 0 <= seed < 1 << 64 or not 1 <= budget_ms <= MAX_BUDGET_MS:
            raise InvalidParamsError(
                f"--seed must be from 0 to 2^64-1 and --budget-ms from 1 to {MAX_BUDGET_MS}"
            )
        g = resolve(MATCHLESS, game)
        answer = duel_json(
            g, played, rule=the_rule.value, level=level.value, seed=seed, budget_ms=budget_ms
        )
        print(json_text(answer))
        return
    board = _board(game)
    state = new_state(board)
    scores = {"you": 0, "bot": 0}
    turn = "bot" if bot_first else "you"
    wins = "fewest" if the_rule is Rule.FEWEST else "most"
    for i, said in enumerate(played, 1):
        try:
            result = strike(state, parse_move(state, said))
        except ProofgridError as exc:
            raise InvalidMoveError(
                f"move {i} of the duel ({said[:12]}) does not replay: {exc}"
            ) from None
        scores[turn] += len(result.cascade)
        state = result.state
        turn = "bot" if turn == "you" else "you"
    if played:
        print(f"replayed {len(played)} move(s): {' '.join(played)}")
    print(f"duel vs {level.name.lower()} bot · {wins} shells wins · strike by cell, q quits")
    while state.unlit:
        print(format_state(state))
        print(f"you {scores['you']} · bot {scores['bot']} · {turn} to move")
        if turn == "bot":
            mv = bot_move(board.succ, state.unlit, the_rule, level, seed, budget_ms)
            result = strike(state, mv.shell)
            note = "" if mv.perfect else " (not proved perfect: search budget reached)"
            print(f"bot strikes {move_name(board, mv.shell)}{note}")
        else:
            cmd = read_line("> ")
            if cmd is None or cmd.lower() in ("q", "quit"):
                return
            try:
                result = strike(state, parse_move(state, cmd))
            except ProofgridError as exc:
                print(f"error: {exc}")
                continue
        scores[turn] += len(result.cascade)
        print(f"{turn} lit {len(result.cascade)} shell(s)")
        state = result.state
        turn = "bot" if turn == "you" else "you"
    print(format_state(state))
    you, them = scores["you"], scores["bot"]
    if you == them:
        outcome = "a draw"
    elif (you < them) == (the_rule is Rule.FEWEST):
        outcome = "you win"
    else:
        outcome = "the bot wins"
    print(f"sky clear · you {you} · bot {them} · {outcome}")


def _flag(name: str, flag: str, help_: str) -> Option:
    return Option(name, (flag,), False, help_, kind=bool)


#: The commands only Matchless has, declared for the CLI to mount.
COMMANDS = (
    Command(
        "practice",
        practice,
        "The twelve practice boards, easy to expert, ordered by measured difficulty.",
        (
            _flag("as_json", "--json", "Print the list as JSON."),
            _flag(
                "regenerate",
                "--regenerate",
                "Re-run the curation and rewrite the shipped practice.json.",
            ),
        ),
    ),
    Command(
        "xray",
        xray,
        "Draw the proof: every shell labelled by its component, sources in parentheses.",
        (Argument("game", GAME_HELP),),
    ),
    Command(
        "duel",
        duel,
        "Duel the bot: alternate matches; each is credited with the shells their match lights.",
        (
            Argument("game", GAME_HELP),
            Option("bot", ("--bot", "--level"), "perfect", "random, greedy or perfect"),
            Option("rule", ("--rule",), "fewest", "fewest (shipped) or most shells wins"),
            _flag("bot_first", "--bot-first", "Let the bot strike first."),
            Option("seed", ("--seed",), 0, "Seed for the random and greedy bots.", kind=int),
            Option("budget_ms", ("--budget-ms",), 1000, "Bot time budget per move.", kind=int),
            Option(
                "moves",
                ("--moves", "-m"),
                [],
                "Moves so far (e.g. from a duel link: b1.c3 or 'b1 c3'), replayed first.",
                multiple=True,
            ),
            _flag("as_json", "--json", "Print the bot's move in the position as JSON and stop."),
        ),
    ),
)


#: What the CLI mounts for Matchless: its text and its own commands.
SURFACE = CliSurface(__name__, COMMANDS, MatchlessCli)
