"""``proofgrid matchless …``: daily, practice, new, solve, xray, play, duel, verify, stats.

Thin wrappers: parse, call :mod:`proofgrid.matchless`, print. Every command
that takes a game ID rejects a bad one with ``error: …`` and exit status 2.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import typer

from proofgrid.cli import common, studies
from proofgrid.matchless.board import Board
from proofgrid.matchless.daily import LAUNCH, parse_date
from proofgrid.matchless.daily import daily as daily_board
from proofgrid.matchless.duel import Level, Rule, bot_move
from proofgrid.matchless.format import format_state, format_xray
from proofgrid.matchless.game import (
    State,
    game_id,
    hint,
    move_name,
    new_state,
    parse_game_id,
    parse_move,
    strike,
)
from proofgrid.matchless.params import DEFAULT_PARAMS, Params, decode_params, encode_params
from proofgrid.matchless.practice import build_practice, data_path, load_practice, practice_json
from proofgrid.matchless.solve import Solution, remaining_par, solve
from proofgrid.matchless.stats import StatsReport, run_stats
from proofgrid.matchless.verify import run_verify
from proofgrid.puzzle import ProofgridError
from proofgrid.studies.runner import StudyInterrupted

__all__ = ["board_json", "register"]

matchless_app = typer.Typer(
    name="matchless",
    help="Matchless: light the whole sky with the fewest matches (par is proved).",
    no_args_is_help=True,
)


def _board(game: str) -> tuple[Params, Board]:
    try:
        return parse_game_id(game)
    except ProofgridError as exc:
        common.fail(str(exc))


def board_json(board: Board, sol: Solution) -> dict[str, Any]:
    """The board as a plain graph with its proof (the ``--json`` fields of the issue)."""
    rc = [list(board.shell_rc(v)) for v in range(board.n)]
    return {
        "id": game_id(board),
        "rows": board.rows,
        "cols": board.cols,
        "shells": rc,
        "fuses": [[rc[v], rc[w]] for v, w in board.fuses()],
        "par": sol.par,
        "witness": [rc[v] for v in sol.witness],
        "components": list(sol.xray.components),
        "sources": list(sol.xray.sources),
    }


def _print_json(data: object) -> None:
    print(json.dumps(data))


def _names(board: Board, shells: tuple[int, ...] | list[int]) -> str:
    return " ".join(move_name(board, v) for v in shells)


def _summary(board: Board, sol: Solution) -> str:
    return f"par {sol.par} · witness {_names(board, sol.witness)}"


@matchless_app.command()
def daily(
    date: str = typer.Option(None, "--date", help="ISO date (default: today)"),
    as_json: bool = typer.Option(False, "--json", help="Print the board and proof as JSON."),
) -> None:
    """Today's (or DATE's) daily board: the same for everyone, rebuilt from the date."""
    try:
        day = parse_date(date) if date else dt.date.today()
        d = daily_board(day)
    except ProofgridError as exc:
        common.fail(str(exc))
    if as_json:
        data = board_json(d.board, d.solution)
        data["date"] = d.date.isoformat()
        data["number"] = d.number
        _print_json(data)
        return
    print(f"Matchless #{d.number} · {d.date.isoformat()}")
    print(format_state(new_state(d.board)))
    print(f"id: {game_id(d.board)}")
    print(f"par {d.solution.par} (play it: proofgrid matchless play '{game_id(d.board)}')")


@matchless_app.command()
def practice(
    as_json: bool = typer.Option(False, "--json", help="Print the list as JSON."),
    regenerate: bool = typer.Option(
        False, "--regenerate", help="Re-run the curation and rewrite the shipped practice.json."
    ),
) -> None:
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


@matchless_app.command()
def new(
    size: str = typer.Option(
        encode_params(DEFAULT_PARAMS), "--size", help="RxC, optionally with dNN (density %) fK"
    ),
    seed: str = typer.Option(None, "--seed", help="Seed text (default: random)"),
    as_json: bool = typer.Option(False, "--json", help="Print the board and proof as JSON."),
) -> None:
    """Generate a board from a seed."""
    try:
        params = decode_params(size)
    except ProofgridError as exc:
        common.fail(str(exc))
    seed_text = seed if seed is not None else str(int.from_bytes(os.urandom(8), "big"))
    if not seed_text.strip() or "#" in seed_text or ":" in seed_text:
        common.fail("seed text must be non-empty and contain neither '#' nor ':'")
    seed_id = f"{encode_params(params)}#{seed_text.strip()}"
    _, board = _board(seed_id)
    sol = solve(board)
    if as_json:
        _print_json(board_json(board, sol))
        return
    print(format_state(new_state(board)))
    print(f"id: {game_id(board)}")
    print(f"seed id: {seed_id}")
    print(_summary(board, sol))


@matchless_app.command("solve")
def solve_cmd(
    game: str = typer.Argument(..., help="Game ID: RxC:code or RxCdNNfK#seed"),
    as_json: bool = typer.Option(False, "--json", help="Print the board and proof as JSON."),
) -> None:
    """Par, an optimal set of matches, and the proof's components."""
    _, board = _board(game)
    sol = solve(board)
    if as_json:
        _print_json(board_json(board, sol))
        return
    print(_summary(board, sol))
    print(f"{sol.xray.count} components, {len(sol.xray.sources)} of them sources")


@matchless_app.command()
def xray(game: str = typer.Argument(..., help="Game ID")) -> None:
    """Draw the proof: every shell labelled by its component, sources in parentheses."""
    _, board = _board(game)
    print(format_xray(board, solve(board)))


def _status_line(state: State, par: int) -> str:
    rem = remaining_par(state.board, state.unlit).par
    best = state.matches + rem
    verdict = "par still reachable" if best == par else f"best now {best} (par {par})"
    return f"matches {state.matches} · par {par} · remaining par {rem} · {verdict}"


def _read(prompt: str) -> str | None:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print()
        return None
    return line.strip()


@matchless_app.command()
def play(game: str = typer.Argument(..., help="Game ID")) -> None:
    """Play in the terminal: strike by cell (b3 or 3,2); u undo, r redo, h hint, q quit."""
    _, board = _board(game)
    par = solve(board).par
    history = [new_state(board)]
    redo: list[State] = []
    print("strike a shell by cell (b3 or 3,2) · u undo · r redo · h hint · q quit")
    while True:
        state = history[-1]
        print(format_state(state))
        print(_status_line(state, par))
        if state.unlit == 0:
            verdict = "par!" if state.matches == par else f"{state.matches - par} over par"
            print(f"sky clear in {state.matches} matches — {verdict}")
            return
        cmd = _read("> ")
        if cmd is None or cmd.lower() in ("q", "quit"):
            return
        low = cmd.lower()
        if low in ("u", "undo"):
            if len(history) > 1:
                redo.append(history.pop())
            else:
                print("nothing to undo")
            continue
        if low in ("r", "redo"):
            if redo:
                history.append(redo.pop())
            else:
                print("nothing to redo")
            continue
        if low in ("h", "hint"):
            h = hint(state)
            if h is not None:
                print(f"hint: {move_name(board, h.shell)} — {h.reason}")
            continue
        if not low:
            continue
        try:
            result = strike(state, parse_move(state, cmd))
        except ProofgridError as exc:
            print(f"error: {exc}")
            continue
        history.append(result.state)
        redo.clear()
        depth = max(d for _, d in result.cascade)
        print(
            f"{move_name(board, result.shell)} lights {len(result.cascade)} shell(s), "
            f"cascade depth {depth}"
        )


@matchless_app.command()
def duel(
    game: str = typer.Argument(..., help="Game ID"),
    *,
    bot: str = typer.Option("perfect", "--bot", help="random, greedy or perfect"),
    rule: str = typer.Option("fewest", "--rule", help="fewest (shipped) or most shells wins"),
    bot_first: bool = typer.Option(False, "--bot-first", help="Let the bot strike first."),
    seed: int = typer.Option(0, "--seed", help="Seed for the random and greedy bots."),
    budget_ms: int = typer.Option(1000, "--budget-ms", help="Bot time budget per move."),
) -> None:
    """Duel the bot: alternate matches; each is credited with the shells their match lights."""
    try:
        level = Level[bot.strip().upper()]
    except KeyError:
        common.fail(f"unknown bot {bot!r} (random, greedy or perfect)")
    try:
        the_rule = Rule(rule.strip().lower())
    except ValueError:
        common.fail(f"unknown rule {rule!r} (fewest or most)")
    _, board = _board(game)
    state = new_state(board)
    scores = {"you": 0, "bot": 0}
    turn = "bot" if bot_first else "you"
    wins = "fewest" if the_rule is Rule.FEWEST else "most"
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
            cmd = _read("> ")
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


@matchless_app.command()
def verify(
    quick: bool = typer.Option(False, "--quick", help="The test suite's short form."),
    start: str = typer.Option(None, "--start", help="First daily date (default: today)"),
    workers: int = studies.workers_option(),
    scheduler: str = studies.scheduler_option(),
    quiet: bool = studies.quiet_option(),
) -> None:
    """Brute-force proof that par is exact, and the other oracle checks; exit 1 on failure."""
    try:
        first = parse_date(start) if start else max(dt.date.today(), LAUNCH)
    except ProofgridError as exc:
        common.fail(str(exc))
    if first < LAUNCH:
        common.fail(f"daily boards begin on {LAUNCH.isoformat()}")
    studies.run_verification(
        lambda runner: run_verify(quick=quick, start=first, runner=runner),
        workers,
        scheduler,
        quiet,
        "boards",
    )


def _print_stats(report: StatsReport) -> None:
    for b in report.tables:
        if not b.boards:
            continue
        r = b.rates()
        mean = b.par_total / b.boards
        print(f"random {b.params} boards: {b.boards} ({b.seconds:.2f} s), mean par {mean:.2f}")
        print(f"  greedy (biggest cascade) matches par          {r['greedy_equals_par']:5.1f}%")
        print(f"  myopic (biggest fan-out) ≥ 1 extra match      {r['myopic_ge1']:5.1f}%")
        print(f"  myopic (biggest fan-out) ≥ 2 extra matches    {r['myopic_ge2']:5.1f}%")
        print(f"  ≥ 1 source hidden inside a cycle              {r['hidden_ge1']:5.1f}%")
        print(f"  ≥ 2 sources hidden inside cycles              {r['hidden_ge2']:5.1f}%")
    for row in report.duel:
        print(
            f"duel, {row.rule} shells wins, {row.params} ({row.boards} boards,"
            f" {row.seconds:.1f} s): obvious move not optimal {row.rate:5.1f}%"
        )


@matchless_app.command()
def stats(
    n: int = typer.Argument(..., min=1, max=1_000_000, help="Boards per table"),
    *,
    size: list[str] = typer.Option(
        [encode_params(DEFAULT_PARAMS)],
        "--size",
        help="Board params; repeat for more sizes (the first is the main table)",
    ),
    duel_boards: int = typer.Option(
        None, "--duel-boards", min=1, help="Boards per duel size, 4x4 and 5x5 (default: N)"
    ),
    no_duel: bool = typer.Option(False, "--no-duel", help="Skip the duel table."),
    base: str = typer.Option("matchless/stats", "--base", help="Seed base text"),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    no_timing: bool = typer.Option(
        False, "--no-timing", help="Leave the seconds out of --json (identical on any backend)."
    ),
    plot: Path = typer.Option(
        None, "--plot", help="Also draw the distributions and the duel table to FILE.svg."
    ),
    workers: int = studies.workers_option(),
    scheduler: str = studies.scheduler_option(),
    quiet: bool = studies.quiet_option(),
) -> None:
    """Monte-Carlo tables of the seed (greedy, myopic, hidden sources, duel) on our generator."""
    try:
        sizes = [decode_params(s) for s in size]
    except ProofgridError as exc:
        common.fail(str(exc))
    if plot is not None and plot.suffix.lower() != ".svg":
        common.fail(f"--plot writes SVG: give a FILE.svg, not {plot.name!r}")
    duel_sizes: tuple[tuple[Params, int], ...] = ()
    if not no_duel:
        nd = duel_boards if duel_boards is not None else n
        duel_sizes = ((Params(4, 4), nd), (Params(5, 5), nd))
    with studies.runner(workers, scheduler, quiet) as runner:
        try:
            report = run_stats(
                n, sizes[0], more=sizes[1:], duel_sizes=duel_sizes, base=base, runner=runner
            )
        except StudyInterrupted as exc:
            part = exc.partial
            assert isinstance(part, StatsReport)
            _print_stats(part)
            studies.interrupted(
                f"finished {exc.done} of {exc.total} board measurements; "
                "the tables above cover the finished boards only"
            )
    if plot is not None:
        from proofgrid.studies.plots import matchless_figure, save_svg  # noqa: PLC0415 (slow)

        save_svg(matchless_figure(report), plot)
    if as_json:
        _print_json(report.as_json(timing=not no_timing))
        return
    _print_stats(report)


def register(app: typer.Typer) -> None:
    """Attach the matchless commands to the root app."""
    app.add_typer(matchless_app, name="matchless")
