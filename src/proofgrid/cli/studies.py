"""The study commands: ``proofgrid <puzzle> verify|stats`` and ``proofgrid bank``.

:func:`add_study_commands` builds a puzzle's ``verify`` and ``stats`` commands
from the tasks its :meth:`~proofgrid.puzzle.Puzzle.study_tasks` declares
(:mod:`proofgrid.study_tasks`): the puzzle's own options (``--size``,
``--preset``...) are declared there and passed through; the options every
study shares are defined once here (``--workers``, ``--scheduler``,
``--quiet`` through :func:`workers_option`, :func:`scheduler_option` and
:func:`quiet_option`; ``--quick``; ``--json``, ``--no-timing``, ``--plot``).
A study opens a runner with :func:`runner`, reports a Ctrl-C with
:func:`interrupted` (exit status 130), and ``verify`` prints its report
through :func:`run_verification`. ``bank`` takes its puzzles from
:mod:`proofgrid.registry`. Nothing here names a puzzle.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import typer

from proofgrid import registry
from proofgrid.cli import common
from proofgrid.errors import ProofgridError

if TYPE_CHECKING:  # the study machinery (tasks, pools, Dask, banks) loads when a study runs
    from proofgrid.puzzle import Puzzle
    from proofgrid.studies.bank import BankResult
    from proofgrid.studies.runner import Runner
    from proofgrid.study_tasks import Option, PlotTask, StatsTask, StudyCommand, VerifyTask
    from proofgrid.tasks import Executor, VerifyReport

__all__ = [
    "EXIT_INTERRUPTED",
    "add_study_commands",
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
_A = TypeVar("_A")
_R = TypeVar("_R")
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
def runner(
    workers: int | None, scheduler: str | None, quiet: bool, *, preload: tuple[str, ...] = ()
) -> Iterator[Runner]:
    """A runner for the options (errors such as an unreachable scheduler exit 2).

    ``preload``: the modules of the study's tasks (a fork server imports them once).
    """
    from proofgrid.studies.runner import open_runner  # noqa: PLC0415 (on use, see imports)

    with open_runner(workers, scheduler, quiet=quiet, preload=preload) as r:
        yield r


def interrupted(message: str) -> NoReturn:
    """Report a Ctrl-C (``interrupted: message`` on stderr) and exit 130."""
    print(f"interrupted: {message}", file=sys.stderr)
    raise typer.Exit(EXIT_INTERRUPTED)


def run_verification(
    run: Callable[[Runner], VerifyReport] | Callable[[Executor], VerifyReport],
    workers: int | None,
    scheduler: str | None,
    quiet: bool,
    unit: str,
    *,
    preload: tuple[str, ...] = (),
) -> None:
    """Run a verification study and print it: up to 20 ``FAIL`` lines, then the summary.

    Exit status 1 when a check failed; on Ctrl-C the partial report is printed
    and the command exits with status 130 (``finished k of n <unit>``).
    """
    from proofgrid.tasks import StudyInterrupted, VerifyReport  # noqa: PLC0415 (on use)

    with runner(workers, scheduler, quiet, preload=preload) as open_:
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
        ..., metavar="PUZZLE", help=f"Which puzzle: {' or '.join(registry.names())}."
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
    from proofgrid.studies.bank import BankResult, build_bank  # noqa: PLC0415 (on use)
    from proofgrid.studies.puzzles import puzzle  # noqa: PLC0415 (on use)
    from proofgrid.tasks import StudyInterrupted  # noqa: PLC0415 (on use)

    adapter = puzzle(puzzle_name)
    params = preset if preset is not None else adapter.default_params
    with runner(workers, scheduler, quiet, preload=(adapter.module,)) as r:
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


# --- verify and stats, built from a puzzle's study tasks ------------------------------

_SHARED = ("n", "quick", "as_json", "no_timing", "plot", "workers", "scheduler", "quiet")


def _option(opt: Option) -> inspect.Parameter:
    """A keyword parameter whose default is the ``typer.Option`` that ``opt`` declares."""
    if opt.name in _SHARED:
        raise ValueError(f"study option {opt.name!r} would shadow a shared option")
    return common.option_parameter(opt)


def _shared(name: str, kind: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)


def _backend_options() -> list[inspect.Parameter]:
    return [
        _shared("workers", int, workers_option()),
        _shared("scheduler", str, scheduler_option()),
        _shared("quiet", bool, quiet_option()),
    ]


_command = common.keyword_command


def _prepare(
    task: StudyCommand[_A, _R], first: _A, values: Mapping[str, Any]
) -> Callable[[Executor], _R]:
    """The job of :meth:`~proofgrid.study_tasks.StudyCommand.plan`; its errors exit 2."""
    try:
        return task.plan(first, values)
    except ProofgridError as exc:
        common.fail(str(exc))


def verify_command(task: VerifyTask) -> Callable[..., None]:
    """``verify [--quick] [the puzzle's options] [--workers N | --scheduler ADDRESS] [--quiet]``."""
    quick_help = task.option_help.get("quick", "The short form the test suite runs.")
    params = [
        _shared("quick", bool, typer.Option(False, "--quick", help=quick_help)),
        *(_option(o) for o in task.options),
        *_backend_options(),
    ]

    def body(v: dict[str, Any]) -> None:
        job = _prepare(task, v["quick"], v)
        run_verification(
            job, v["workers"], v["scheduler"], v["quiet"], task.unit, preload=task.modules
        )

    return _command("verify", params, body)


def stats_command(task: StatsTask, plot: PlotTask | None = None) -> Callable[..., None]:
    """``stats N [the puzzle's options] [--json] [--no-timing] [--plot FILE.svg] [backend]``.

    Prints the puzzle's text tables, or its JSON with ``--json`` (``--no-timing``
    leaves measured times out, so the output is identical on any backend);
    ``--plot`` (when the puzzle has a plot task) also writes its figure.
    Ctrl-C prints the tables over what finished and exits 130.
    """
    help_ = task.option_help
    params = [
        inspect.Parameter(
            "n",
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=typer.Argument(..., min=1, max=task.most, help=task.count_help),
            annotation=int,
        ),
        *(_option(o) for o in task.options),
        _shared(
            "as_json",
            bool,
            typer.Option(False, "--json", help=help_.get("json", "Print the results as JSON.")),
        ),
        _shared(
            "no_timing",
            bool,
            typer.Option(
                False,
                "--no-timing",
                help=help_.get("no_timing", "Leave measured times out (identical on any backend)."),
            ),
        ),
    ]
    if plot is not None:
        params.append(_shared("plot", Path, typer.Option(None, "--plot", help=plot.help)))
    params += _backend_options()

    def body(v: dict[str, Any]) -> None:
        job = _prepare(task, v["n"], v)
        path: Path | None = v.get("plot")
        if path is not None and path.suffix.lower() != ".svg":
            common.fail(f"--plot writes SVG: give a FILE.svg, not {path.name!r}")
        if path is not None:  # before the study runs, not after: matplotlib is an extra
            from proofgrid.errors import require_extra  # noqa: PLC0415 (on use)

            require_extra("matplotlib", extra="plots", feature="--plot")
        timing = not v["no_timing"]
        from proofgrid.tasks import StudyInterrupted  # noqa: PLC0415 (on use)

        with runner(v["workers"], v["scheduler"], v["quiet"], preload=task.modules) as r:
            try:
                report = job(r)
            except StudyInterrupted as exc:
                if text := task.text(exc.partial):
                    print(text)
                interrupted(task.interrupted.format(done=exc.done, total=exc.total))
        if path is not None and plot is not None:
            plot.draw(report, path, timing=timing)
        if v["as_json"]:
            print(json.dumps(task.as_json(report, timing)))
        elif text := task.text(report):
            print(text)

    return _command("stats", params, body)


def add_study_commands(group: typer.Typer, puzzle: Puzzle[Any, Any]) -> None:
    """Add ``verify`` and ``stats`` to a puzzle's command group, from its study tasks.

    A puzzle without a ``"verify"`` (``"stats"``) task gets no ``verify``
    (``stats``) command; ``--plot`` exists when it has a ``"plot"`` task.
    """
    from proofgrid.study_tasks import PlotTask, StatsTask, VerifyTask  # noqa: PLC0415 (on use)

    tasks = puzzle.study_tasks()
    verify = tasks.get("verify")
    if isinstance(verify, VerifyTask):
        group.command("verify", help=verify.help)(verify_command(verify))
    stats = tasks.get("stats")
    if isinstance(stats, StatsTask):
        plot = tasks.get("plot")
        figure = plot if isinstance(plot, PlotTask) else None
        group.command("stats", help=stats.help)(stats_command(stats, figure))


def register(app: typer.Typer) -> None:
    """Attach ``bank`` to the root app."""
    app.command("bank")(bank)
