"""Terminal play for any puzzle: one loop over :class:`proofgrid.midend.History`.

The loop owns what every puzzle shares (read a line, quit, undo, redo, play a
move, judge the new position); a :class:`Player` supplies what a puzzle says
and any commands only it has. The defaults serve any puzzle through the
contract alone (``format``, ``hint``, ``execute_move``, ``status``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from proofgrid.midend import Game, History
from proofgrid.puzzle import ProofgridError, Status

__all__ = ["Player", "Reply", "read_line", "run_play"]

S = TypeVar("S")

QUIT = frozenset({"q", "quit", "exit"})
UNDO = frozenset({"u", "undo"})
REDO = frozenset({"r", "redo"})
HINT = frozenset({"h", "hint"})


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
        return None if h is None else f"hint: {h}"

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


def run_play(player: Player[S], read: Callable[[str], str | None] = read_line) -> None:
    """Play one game in the terminal until it is won, the player quits or input ends.

    Undo and redo step through a :class:`~proofgrid.midend.History` of
    immutable positions; a new move drops the redo tail.
    """
    history = History.start(player.game.start())
    print(player.intro())
    draw, judge = True, False
    while True:
        state = history.current
        if draw or player.redraw:
            print(player.show(state))
        if judge or player.redraw:
            status = player.puzzle.status(state)
            if status is not Status.PLAYING:
                print(player.verdict(state, status))
                if status is Status.WON:
                    return
        draw = judge = False
        line = read(player.prompt)
        if line is None:
            return
        word = line.lower()
        if not word:
            continue
        if word in QUIT:
            return
        if word in UNDO or word in REDO:
            can = history.can_undo() if word in UNDO else history.can_redo()
            if not can:
                print(f"nothing to {'undo' if word in UNDO else 'redo'}")
                continue
            history.undo() if word in UNDO else history.redo()
            draw = True
            continue
        reply = player.command(word, history)
        if reply is None:
            try:
                new, said = player.move(state, line)
            except ProofgridError as exc:
                print(f"error: {exc}")
                continue
            reply = Reply(said, new)
        if reply.text is not None:
            print(reply.text)
        if reply.stop:
            return
        if reply.state is not None:
            history.push(reply.state, line)
            draw = judge = True
