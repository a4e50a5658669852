"""``proofgrid bank`` and the options every study shares (``--workers``, ``--scheduler``).

The engines' ``stats`` and ``verify`` commands take the same three options
through :func:`workers_option`, :func:`scheduler_option` and
:func:`quiet_option`, open a runner with :func:`runner`, and report a Ctrl-C
with :func:`interrupted` (exit status 130). Both ``verify`` commands print
their report through :func:`run_verification`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer

from proofgrid.cli import common
from proofgrid.studies.bank import BankResult, build_bank
from proofgrid.studies.puzzles import PUZZLES, puzzle
from proofgrid.studies.report import VerifyReport
from proofgrid.studies.runner import Runner, StudyInterrupted, open_runner

__all__ = [
    "EXIT_INTERRUPTED",
    "bank",
    "grade_summary",
    "interrupted",
    "quiet_option",
    "register",
    "run_verification",
    "runner",
    "scheduler_option",
    "workers_option",
]

EXIT_INTERRUPTED = 130
_GRADE_ORDER = ("easy", "medium", "hard", "expert")


def workers_option() -> Any:
    """``--workers N``: local worker processes (default: all cores)."""
    return typer.Option(
        None,
        "--workers",
        min=1,
        max=1024,
        help="Worker processes on this machine (default: all cores; 1 runs in this process).",
    )


def scheduler_option() -> Any:
    """``--scheduler ADDRESS``: run on a Dask distributed cluster."""
    return typer.Option(
        None,
        "--scheduler",
        metavar="ADDRESS",
        help="Run the same tasks on the Dask scheduler at ADDRESS (e.g. tcp://host:8786).",
    )


def quiet_option() -> Any:
    """``--quiet``: no progress bar."""
    return typer.Option(False, "--quiet", help="No progress bar (it is off anyway if not a tty).")


@contextmanager
def runner(workers: int | None, scheduler: str | None, quiet: bool) -> Iterator[Runner]:
    """A runner for the options (errors such as an unreachable scheduler exit 2)."""
    with open_runner(workers, scheduler, quiet=quiet) as r:
        yield r


def interrupted(message: str) -> NoReturn:
    """Report a Ctrl-C (``interrupted: message`` on stderr) and exit 130."""
    print(f"interrupted: {message}", file=sys.stderr)
    raise typer.Exit(EXIT_INTERRUPTED)


def run_verification(
    run: Callable[[Runner], VerifyReport],
    workers: int | None,
    scheduler: str | None,
    quiet: bool,
    unit: str,
) -> None:
    """Run a verification study and print it: up to 20 ``FAIL`` lines, then the summary.

    Exit status 1 when a check failed; on Ctrl-C the partial report is printed
    and the command exits with status 130 (``finished k of n <unit>``).
    """
    with runner(workers, scheduler, quiet) as open_:
        try:
            report = run(open_)
        except StudyInterrupted as exc:
            part = exc.partial
            assert isinstance(part, VerifyReport)
            for line in part.failures[:20]:
                print(f"FAIL {line}")
            interrupted(f"finished {exc.done} of {exc.total} {unit}: {part.summary()} so far")
    for line in report.failures[:20]:
        print(f"FAIL {line}")
    print(report.summary())
    if report.failures:
        raise typer.Exit(common.EXIT_CHECK_FAILED)


def grade_summary(grades: dict[str, int]) -> str:
    """``easy 3 · medium 5 · …`` in difficulty order."""
    order = [g for g in _GRADE_ORDER if g in grades] + sorted(set(grades) - set(_GRADE_ORDER))
    return " · ".join(f"{g} {grades[g]}" for g in order)


def _report(out: Path, result: BankResult) -> str:
    h = result.header
    grades = grade_summary(result.grades)
    return f"{out}: {result.boards} {h.puzzle} {h.params} boards ({result.written} new)" + (
        f" · {grades}" if grades else ""
    )


def bank(
    puzzle_name: str = typer.Argument(
        ..., metavar="PUZZLE", help=f"Which puzzle: {' or '.join(PUZZLES)}."
    ),
    n: int = typer.Argument(..., min=1, max=100_000_000, help="Boards the bank should hold."),
    out: Path = typer.Argument(..., help="The bank file (one board per line)."),
    *,
    preset: str = typer.Option(
        None, "--preset", "-p", help="Preset name or params text (default: the puzzle's default)."
    ),
    base: str = typer.Option(None, "--base", help="Seed base text (default: PUZZLE/bank)."),
    resume: bool = typer.Option(
        False, "--resume", help="Continue an interrupted bank in OUT (checked line by line)."
    ),
    workers: int = workers_option(),
    scheduler: str = scheduler_option(),
    quiet: bool = quiet_option(),
) -> None:
    """Generate N graded puzzles into OUT: one game ID per line with its grade and measures.

    Each line ends with a CRC-32 of the rest; the file is append-only and
    fsync'd, so an interrupted bank continues with --resume, without a board
    duplicated or lost.
    """
    adapter = puzzle(puzzle_name)
    params = preset if preset is not None else adapter.default_params
    with runner(workers, scheduler, quiet) as r:
        try:
            result = build_bank(adapter, params, n, out, base=base, resume=resume, runner=r)
        except StudyInterrupted as exc:
            part = exc.partial
            assert isinstance(part, BankResult)
            interrupted(
                f"{out} holds {part.boards} of {n} boards ({part.written} new) and is a valid "
                "bank; continue it with the same command and --resume"
            )
    if result.dropped:
        print(f"resume: dropped {result.dropped} (regenerated)", file=sys.stderr)
    print(_report(out, result))


def register(app: typer.Typer) -> None:
    """Attach ``bank`` to the root app."""
    app.command("bank")(bank)
