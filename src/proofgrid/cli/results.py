"""``proofgrid <puzzle> result`` and ``check-result``: result codes anyone can verify.

The codec and the replay are :mod:`proofgrid.results`; this module only
parses options and prints. A damaged or forged code is one ``error:`` line
and exit status 2 (the CLI's rule for bad input).
"""

from __future__ import annotations

from typing import Any

import typer

from proofgrid import results
from proofgrid.cli.puzzle_commands import GAME_HELP, emit
from proofgrid.puzzle import Puzzle

__all__ = ["add_result_commands", "split_moves"]


def split_moves(texts: list[str]) -> list[str]:
    """Moves from ``--moves`` values: each split on spaces and semicolons (commas too,
    unless the value is one Matchless ``row,col`` cell such as ``3,2``)."""
    out: list[str] = []
    for text in texts:
        for part in text.replace(";", " ").split():
            if "," in part and not part.replace(",", "").isdigit():
                out += [p for p in part.split(",") if p]
            else:
                out.append(part)
    return out


def add_result_commands(group: typer.Typer, puzzle: Puzzle[Any, Any]) -> None:
    """Add ``result`` and ``check-result`` for ``puzzle`` to its group."""

    @group.command("result")
    def result_cmd(
        game: str = typer.Argument(..., help=GAME_HELP),
        moves: list[str] = typer.Option(
            [], "--moves", "-m", help="The moves played, in order (space-separated or repeated)."
        ),
        hints: int = typer.Option(0, "--hints", help="Hints taken (the player's own record)."),
        xray: bool = typer.Option(False, "--xray", help="The X-ray was used (self-reported)."),
        as_json: bool = typer.Option(False, "--json", help='Print {"code","link","id","moves"}.'),
    ) -> None:
        """Make a result code for a game: its ID, its moves and a checksum; prints the link."""
        r = results.make(puzzle, game, split_moves(moves), hints=hints, xray=xray)
        code = results.encode(r)
        if as_json:
            emit({"code": code, "link": results.link(code), "id": r.id, "moves": list(r.moves)})
        else:
            emit(f"{code}\n{results.link(code)}")

    @group.command("check-result")
    def check_cmd(
        code: str = typer.Argument(..., help="A result code (or its #result/ link)."),
        as_json: bool = typer.Option(False, "--json", help="Print the verdict as JSON."),
    ) -> None:
        """Replay a result code and say what it proves (hints and X-ray are self-reported)."""
        answer = results.check(puzzle, results.decode(code))
        if as_json:
            emit(answer)
            return
        lines = [
            f"verified: {answer['id']}",
            f"moves ({len(answer['moves'])}): " + " ".join(answer["moves"]),
            f"solved: {'yes' if answer['solved'] else 'no'}",
        ]
        lines += [
            f"{k}: {v}"
            for k, v in answer.items()
            if k not in ("verified", "id", "moves", "solved", "hints", "xray")
        ]
        lines.append(f"hints (self-reported): {answer['hints']}")
        lines.append(f"X-ray (self-reported): {'used' if answer['xray'] else 'not used'}")
        emit("\n".join(lines))
