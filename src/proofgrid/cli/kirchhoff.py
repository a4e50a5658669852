"""CLI commands for Kirchhoff: new, daily, solve, count, hint, play, verify, stats.

Game IDs are ``params:desc`` (a fixed board) or ``params#seed`` (generated on
the spot). ``--json`` output of ``new``, ``daily``, ``solve`` and ``count``
carries the board plainly so anyone can check our claims: ``id``, ``rows``,
``cols``, ``clues`` (``{"cell": [r, c], "kind": "source"|"sink"|"throughput",
"value": n}``, blank cells left out), ``solution`` (arrows ``[[r1, c1], [r2,
c2]]`` tail → head, unused edges left out; ``null`` when there is none),
``count`` and ``capped``, ``grade`` (``null`` unless the board is unique).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from proofgrid.cli import common, studies
from proofgrid.kirchhoff.board import (
    Board,
    ClueKind,
    Mark,
    Position,
    cell_name,
    format_position,
)
from proofgrid.kirchhoff.codec import (
    Params,
    decode_params,
    encode_board,
    encode_params,
    parse_game_id,
    presets,
)
from proofgrid.kirchhoff.daily import DAILY_PRESET, daily, daily_id, parse_date
from proofgrid.kirchhoff.exact import Count, count, solutions
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import Hint, hint
from proofgrid.kirchhoff.moves import execute_move, execute_moves, split_moves, status
from proofgrid.kirchhoff.stats import format_table, run_stats
from proofgrid.kirchhoff.verify import run as run_verify
from proofgrid.puzzle import InvalidParamsError, ProofgridError, Status
from proofgrid.studies.runner import StudyInterrupted

__all__ = ["register"]

kirchhoff_app = typer.Typer(
    name="kirchhoff",
    help="Kirchhoff: draw arrows so that flow is conserved (exact counter, max-flow hints).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

JsonOpt = typer.Option(False, "--json", help="Machine-readable output.")


def _preset(name: str) -> Params:
    table = presets()
    if name not in table:
        raise InvalidParamsError(f"unknown preset {name!r} (choose from {', '.join(table)})")
    return table[name]


def _load(game_id: str) -> tuple[Board, str, tuple[int, ...] | None]:
    """Board, canonical ``params:desc`` ID, and the generator's solution if generated."""
    spec = parse_game_id(game_id)
    if spec.board is not None:
        return spec.board, f"{encode_params(spec.params)}:{encode_board(spec.board)}", None
    assert spec.seed is not None
    gen = generate_board(spec.params, spec.seed)
    return gen.board, f"{encode_params(spec.params)}:{encode_board(gen.board)}", gen.solution


def _solution_arrows(board: Board, states: Sequence[int] | None) -> list[list[list[int]]] | None:
    if states is None:
        return None
    out: list[list[list[int]]] = []
    C = board.cols
    for e, s in enumerate(states):
        if s:
            u, v = board.geometry.ends[e]
            a, b = (u, v) if s == 1 else (v, u)
            out.append([[a // C, a % C], [b // C, b % C]])
    return out


def _clues_json(board: Board) -> list[dict[str, Any]]:
    C = board.cols
    return [
        {"cell": [i // C, i % C], "kind": cl.kind.value, "value": cl.value}
        for i, cl in enumerate(board.clues)
        if cl.kind is not ClueKind.BLANK
    ]


def _board_json(
    gid: str,
    board: Board,
    sol: Sequence[int] | None,
    cnt: Count,
    grade: str | None,
    **extra: Any,
) -> str:
    data: dict[str, Any] = {
        "id": gid,
        "rows": board.rows,
        "cols": board.cols,
        "clues": _clues_json(board),
        "solution": _solution_arrows(board, sol),
        "count": cnt.value,
        "capped": cnt.capped,
        "grade": grade,
    }
    data.update(extra)
    return json.dumps(data)


def _show_board(gid: str, board: Board, grade: str | None, extra: str = "") -> None:
    print(gid)
    print(f"{board.rows}x{board.cols}" + (f", grade {grade}" if grade else "") + extra)
    print(format_position(Position.start(board)))


def _emit_generated(gid_seed: str, params: Params, seed: int, as_json: bool) -> None:
    gen = generate_board(params, seed)
    board = gen.board
    gid = f"{encode_params(params)}:{encode_board(board)}"
    grade = gen.report.grade.value
    if as_json:
        print(_board_json(gid, board, gen.solution, count(board), grade, seed_id=gid_seed))
        return
    _show_board(gid, board, grade, f" (regenerate with {gid_seed})")


@kirchhoff_app.command("new")
def new_cmd(
    preset: str = typer.Option("hard", "--preset", "-p", help="easy, medium, hard, expert, giant"),
    seed: str | None = typer.Option(None, "--seed", "-s", help="Seed text (random if omitted)."),
    params: str | None = typer.Option(None, "--params", help="RxCdG instead of a preset."),
    as_json: bool = JsonOpt,
) -> None:
    """Generate a new unique board and print its game ID and drawing."""
    p = decode_params(params) if params else _preset(preset)
    seed_text = seed if seed is not None else str(secrets.randbits(63))
    spec = parse_game_id(f"{encode_params(p)}#{seed_text}")
    assert spec.seed is not None
    _emit_generated(f"{encode_params(p)}#{seed_text}", p, spec.seed, as_json)


@kirchhoff_app.command("daily")
def daily_cmd(
    date: str | None = typer.Option(None, "--date", "-d", help="YYYY-MM-DD (default today)."),
    preset: str = typer.Option(DAILY_PRESET, "--preset", "-p"),
    as_json: bool = JsonOpt,
) -> None:
    """The board of the day (the same for everyone; nothing stored)."""
    day = parse_date(date)
    seed_id = daily_id(day, preset)
    gen = daily(day, preset)
    board = gen.board
    gid = f"{encode_params(_preset(preset))}:{encode_board(board)}"
    grade = gen.report.grade.value
    if as_json:
        print(
            _board_json(
                gid, board, gen.solution, count(board), grade, seed_id=seed_id, date=str(day)
            )
        )
        return
    _show_board(gid, board, grade, f" — Kirchhoff daily {day} ({seed_id})")


def _grade_if_unique(board: Board, cnt: Count) -> str | None:
    if cnt.value != 1 or cnt.capped:
        return None
    return grade_board(board).grade.value


@kirchhoff_app.command("solve")
def solve_cmd(
    game_id: str = typer.Argument(..., help="params:desc or params#seed"), as_json: bool = JsonOpt
) -> None:
    """Solve a board with the exact counter (and say whether the solution is unique)."""
    board, gid, _ = _load(game_id)
    found = solutions(board, limit=2)
    cnt = count(board, cap=2)
    sol = found[0] if found else None
    grade = _grade_if_unique(board, cnt)
    if as_json:
        print(_board_json(gid, board, sol, cnt, grade))
        return
    if sol is None:
        common.fail("the board has no solution", code=common.EXIT_CHECK_FAILED)
    pos = Position(board, tuple(_mark(s) for s in sol))
    print(format_position(pos))
    if cnt.value == 1:
        print(f"unique solution (grade {grade})")
    else:
        print("one of at least 2 solutions")


def _mark(state: int) -> Mark:
    return Mark.CROSS if state == 0 else Mark(state)


@kirchhoff_app.command("count")
def count_cmd(
    game_id: str = typer.Argument(..., help="params:desc or params#seed"),
    cap: int | None = typer.Option(None, "--cap", min=1, help="Stop counting at this many."),
    as_json: bool = JsonOpt,
) -> None:
    """Count the solutions exactly (frontier sweep; big integers)."""
    board, gid, _ = _load(game_id)
    cnt = count(board, cap=cap)
    if as_json:
        found = solutions(board, limit=1) if cnt.value else []
        grade = _grade_if_unique(board, cnt) if cnt.value == 1 else None
        print(_board_json(gid, board, found[0] if found else None, cnt, grade))
        return
    print(f"{'at least ' if cnt.capped else ''}{cnt.value} solution{'s' if cnt.value != 1 else ''}")


def _hint_lines(board: Board, h: Hint) -> list[str]:
    lines = [f"{h.kind.value}: {h.reason}"]
    if h.move:
        lines.append(f"move: {h.move}")
    for reg in h.regions:
        parts = [" ".join(cell_name(board, c) for c in reg.cells)]
        if reg.entry_only:
            parts.append("entries of " + " ".join(cell_name(board, c) for c in reg.entry_only))
        if reg.exit_only:
            parts.append("exits of " + " ".join(cell_name(board, c) for c in reg.exit_only))
        lines.append("region: " + "; ".join(p for p in parts if p))
    return lines


@kirchhoff_app.command("hint")
def hint_cmd(
    game_id: str = typer.Argument(..., help="params:desc or params#seed"),
    moves: str = typer.Option("", "--moves", "-m", help="Moves played so far, e.g. 'a1>b1 b1xb2'."),
    as_json: bool = JsonOpt,
) -> None:
    """The next forced edge of a position, with the reason a person would give."""
    board, _, _ = _load(game_id)
    pos = execute_moves(Position.start(board), moves)
    h = hint(pos)
    if as_json:
        print(
            json.dumps(
                {
                    "kind": h.kind.value,
                    "move": h.move or None,
                    "edge": h.edge if h.edge >= 0 else None,
                    "state": h.state if h.state >= 0 else None,
                    "reason": h.reason,
                    "trial": h.trial,
                    "regions": [
                        {
                            "cells": [[c // board.cols, c % board.cols] for c in r.cells],
                            "entry_only": [[c // board.cols, c % board.cols] for c in r.entry_only],
                            "exit_only": [[c // board.cols, c % board.cols] for c in r.exit_only],
                            "outward": r.outward,
                            "surplus": r.surplus,
                            "capacity": r.capacity,
                        }
                        for r in h.regions
                    ],
                }
            )
        )
        return
    print(format_position(pos))
    print("\n".join(_hint_lines(board, h)))


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


@kirchhoff_app.command("play")
def play_cmd(
    game_id: str | None = typer.Argument(None, help="params:desc or params#seed"),
    preset: str = typer.Option("hard", "--preset", "-p", help="When no ID is given."),
) -> None:
    """Play in the terminal, with undo/redo and hints that explain themselves."""
    if game_id is None:
        p = _preset(preset)
        game_id = f"{encode_params(p)}#{secrets.randbits(63)}"
    board, gid, _ = _load(game_id)
    history = [Position.start(board)]
    at = 0
    print(gid)
    print("type help for commands; a wrong arrow is reported as lost the moment it is drawn")
    print(format_position(history[at]))
    while True:
        try:
            line = input("kirchhoff> ")
        except EOFError:
            print()
            return
        cmd = line.strip().lower()
        if not cmd:
            continue
        pos = history[at]
        if cmd in ("q", "quit", "exit"):
            return
        if cmd in ("?", "help"):
            print(_PLAY_HELP)
            continue
        if cmd == "id":
            print(gid)
            continue
        if cmd in ("h", "hint", "a", "apply"):
            h = hint(pos)
            if cmd in ("h", "hint") or not h.move:
                print("\n".join(_hint_lines(board, h)))
                continue
            new = execute_move(pos, h.move)
            print(f"played {h.move} ({h.kind.value})")
        elif cmd in ("u", "undo"):
            if at == 0:
                print("nothing to undo")
                continue
            at -= 1
            print(format_position(history[at]))
            continue
        elif cmd in ("r", "redo"):
            if at + 1 >= len(history):
                print("nothing to redo")
                continue
            at += 1
            print(format_position(history[at]))
            continue
        elif cmd == "restart":
            new = Position.start(board)
        elif cmd == "solve":
            found = solutions(board, limit=1)
            if found:
                print(format_position(Position(board, tuple(_mark(s) for s in found[0]))))
            return
        else:
            try:
                new = pos
                for mv in split_moves(cmd):
                    new = execute_move(new, mv)
            except ProofgridError as exc:
                print(f"error: {exc}")
                continue
        del history[at + 1 :]
        history.append(new)
        at += 1
        print(format_position(new))
        st = status(new)
        if st is Status.WON:
            print("solved — every clue is met. well done!")
            return
        if st is Status.LOST:
            print(_hint_lines(board, hint(new))[0] + "  (undo to go back)")


@kirchhoff_app.command("verify")
def verify_cmd(
    quick: bool = typer.Option(False, "--quick", help="The fast form the test suite runs."),
    seed: int = typer.Option(2026, "--seed"),
    workers: int = studies.workers_option(),
    scheduler: str = studies.scheduler_option(),
    quiet: bool = studies.quiet_option(),
) -> None:
    """Check the engine against brute force, the baseline search and Gale certificates."""
    studies.run_verification(
        lambda runner: run_verify(quick=quick, seed=seed, runner=runner),
        workers,
        scheduler,
        quiet,
        "tasks",
    )


@kirchhoff_app.command("stats")
def stats_cmd(
    n: int = typer.Argument(..., min=1, max=100_000, help="Boards per preset."),
    *,
    preset: list[str] = typer.Option([], "--preset", "-p", help="Presets (default: all)."),
    seed: int = typer.Option(0, "--seed", help="First seed."),
    as_json: bool = JsonOpt,
    no_timing: bool = typer.Option(
        False,
        "--no-timing",
        help="Leave the times out of --json and --plot (identical on any backend).",
    ),
    plot: Path = typer.Option(
        None, "--plot", help="Also draw clues kept, grades and generation times to FILE.svg."
    ),
    workers: int = studies.workers_option(),
    scheduler: str = studies.scheduler_option(),
    quiet: bool = studies.quiet_option(),
) -> None:
    """Generation time, clues surviving and grade distribution per preset."""
    names = preset or list(presets())
    for name in names:
        if name not in presets():
            common.fail(f"unknown preset {name!r} (choose from {', '.join(presets())})")
    if plot is not None and plot.suffix.lower() != ".svg":
        common.fail(f"--plot writes SVG: give a FILE.svg, not {plot.name!r}")
    with studies.runner(workers, scheduler, quiet) as runner:
        try:
            rows = run_stats(names, n, seed, runner=runner)
        except StudyInterrupted as exc:
            part = exc.partial
            assert isinstance(part, list)
            if part:
                print(format_table(part))
            studies.interrupted(
                f"generated {exc.done} of {exc.total} boards; "
                "the table above covers the finished boards only"
            )
    if plot is not None:
        from proofgrid.studies.plots import kirchhoff_figure, save_svg  # noqa: PLC0415 (slow)

        save_svg(kirchhoff_figure(rows, timing=not no_timing), plot)
    if as_json:
        print(json.dumps([r.as_json(timing=not no_timing) for r in rows]))
        return
    print(format_table(rows))


def register(app: typer.Typer) -> None:
    """Attach the kirchhoff commands to the root app."""
    app.add_typer(kirchhoff_app, name="kirchhoff")
