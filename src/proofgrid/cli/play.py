"""Terminal play for any puzzle: one loop over :class:`proofgrid.game.History`.

The loop owns what every puzzle shares (read a line, quit, undo, redo, play a
move, judge the new position); a :class:`proofgrid.frontend.Player` supplies
what a puzzle says and any commands only it has. The defaults serve any puzzle through the
contract alone (``format``, ``hint``, ``execute_move``, ``status``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from proofgrid.frontend import Player, Reply, read_line
from proofgrid.game import History
from proofgrid.puzzle import ProofgridError, Status, ascii_move

__all__ = ["Player", "Reply", "read_line", "run_play"]

S = TypeVar("S")

QUIT = frozenset({"q", "quit", "exit"})
UNDO = frozenset({"u", "undo"})
REDO = frozenset({"r", "redo"})


def run_play(player: Player[S], read: Callable[[str], str | None] = read_line) -> None:
    """Play one game in the terminal until it is won, the player quits or input ends.

    Undo and redo step through a :class:`~proofgrid.game.History` of
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
                new, said = player.move(state, ascii_move(line))
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
