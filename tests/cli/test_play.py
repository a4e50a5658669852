"""``proofgrid <puzzle> play``: undo and redo through standard input, for every kind of puzzle.

Oracle: the positions printed after each command, compared with the positions
the contract's ``execute_move`` gives for the same moves (undo shows the
position before, redo the one after, a new move drops what could be redone).
"""

from __future__ import annotations

import re

from proofgrid import midend, registry
from tests.cli.conftest import Run

KIRCHHOFF_ID = "5x5de:EzQhxySCGIxxDEAM5"


def test_toy_puzzle_undo_redo_and_win(run: Run, lamps: str) -> None:
    puzzle = registry.get(lamps)
    start = puzzle.new_game(5, "10101")
    one = puzzle.execute_move(start, "1")
    script = "1\nu\nu\nr\nr\nu\n3\nr\nq\n"
    code, out, _ = run(lamps, "play", "5:10101", stdin=script)
    assert code == 0
    lines = [ln for ln in out.splitlines() if ln.strip("> ")]
    shown = [ln.removeprefix("> ") for ln in lines if set(ln.removeprefix("> ")) <= {"*", "."}]
    three = puzzle.execute_move(start, "3")
    fmt = puzzle.format
    assert shown == [fmt(start), fmt(one), fmt(start), fmt(one), fmt(start), fmt(three)]
    assert out.count("nothing to undo") == 1 and out.count("nothing to redo") == 2
    code, out, _ = run(lamps, "play", "5:10101", stdin="1\n3\nu\nr\n5\n")
    assert code == 0 and out.rstrip().endswith("solved!")


def test_matchless_undo_redo(run: Run) -> None:
    puzzle = registry.get("matchless")
    game = midend.resolve(puzzle, "5x5#42")
    start = game.start()
    move = puzzle.solve(start).witness[0]
    name = "abcdefghij"[start.board.shell_rc(move)[1]] + str(start.board.shell_rc(move)[0] + 1)
    script = f"{name}\nu\nr\nr\nu\nu\nq\n"
    code, out, _ = run("matchless", "play", "5x5#42", stdin=script)
    assert code == 0
    matches = [int(m) for m in re.findall(r"^(?:> )?matches (\d+) ·", out, re.M)]
    # start, move, undo, redo, failed redo, undo, failed undo (redrawn each prompt)
    assert matches == [0, 1, 0, 1, 1, 0, 0]
    assert out.count("nothing to redo") == 1 and out.count("nothing to undo") == 1
    after = puzzle.execute_move(start, name)
    assert puzzle.format(after) in out


def test_kirchhoff_undo_redo_and_lost(run: Run) -> None:
    puzzle = registry.get("kirchhoff")
    start = midend.resolve(puzzle, KIRCHHOFF_ID).start()
    crossed = puzzle.execute_move(start, "a1xb1")
    script = "a1xb1\nundo\nredo\nredo\nundo\nundo\nb1>a1\nundo\nquit\n"
    code, out, _ = run("kirchhoff", "play", KIRCHHOFF_ID, stdin=script)
    assert code == 0
    fmt = puzzle.format
    boards = out.split("kirchhoff> ")
    assert fmt(crossed) in boards[1] and fmt(start) in boards[2] and fmt(crossed) in boards[3]
    assert boards[4].strip() == "nothing to redo" and boards[6].strip() == "nothing to undo"
    assert "lost:" in boards[7] and "(undo to go back)" in boards[7]
    assert fmt(start) in boards[8]


def test_play_ends_at_end_of_input(run: Run) -> None:
    code, out, _ = run("kirchhoff", "play", KIRCHHOFF_ID, stdin="")
    assert code == 0 and out.endswith("kirchhoff> \n")


def test_a_move_in_foreign_digits_is_refused_and_play_goes_on(run: Run, lamps: str) -> None:
    # oracle: the ASCII move plays ("solved!" after the three lit lamps); "\u0661" is
    # Arabic-Indic one, which int() reads as 1 (issue 34: moves are ASCII at every door)
    code, out, _ = run(lamps, "play", "5:10101", stdin="\u0661\n1\n3\n5\n")
    assert code == 0
    assert out.count("error: ") == 1 and "moves are ASCII" in out
    assert out.rstrip().endswith("solved!")
