"""Matchless's studies, handed to the shared CLI and the studies runner.

:data:`STUDY_TASKS` is what :meth:`~proofgrid.matchless.contract.Matchless.study_tasks`
returns: ``proofgrid matchless stats`` (:mod:`proofgrid.matchless.stats`),
``proofgrid matchless verify`` (:mod:`proofgrid.matchless.verify`), the lines
of ``proofgrid bank matchless`` (:mod:`proofgrid.matchless.bank`) and the
``--plot`` figure (:mod:`proofgrid.matchless.plots`). The commands themselves
are built by :func:`proofgrid.cli.studies.add_study_commands`; this module only
declares the options and plans the work. It is read whenever a ``proofgrid
matchless`` command runs, so the study engines are imported only when a study
does (``PLC0415`` below).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from proofgrid.errors import InvalidParamsError
from proofgrid.matchless.bank import BANK
from proofgrid.matchless.params import DEFAULT_PARAMS, Params, decode_params, encode_params
from proofgrid.study_tasks import Option, PlotTask, StatsTask, VerifyTask
from proofgrid.tasks import Executor, VerifyReport

__all__ = ["STUDY_TASKS"]

_STATS = "proofgrid.matchless.stats"
_VERIFY = "proofgrid.matchless.verify"


def _stats_job(n: int, opts: Mapping[str, Any]) -> Callable[[Executor], Any]:
    """Check ``--size`` and plan the tables: ``n`` boards a size, the duel on 4x4 and 5x5.

    The duel boards use the main size's generator settings (``6x6v2`` → ``4x4v2``
    and ``5x5v2``; ``6x6d70f2`` → ``4x4d70f2`` and ``5x5d70f2``), so a table
    measures one generator model throughout.
    """
    from proofgrid.matchless.stats import run_stats  # noqa: PLC0415 (a study runs)

    sizes = [decode_params(s) for s in opts["size"]]
    duel_sizes: tuple[tuple[Params, int], ...] = ()
    if not opts["no_duel"]:
        nd = opts["duel_boards"] if opts["duel_boards"] is not None else n
        main = sizes[0]
        duel_sizes = ((replace(main, rows=4, cols=4), nd), (replace(main, rows=5, cols=5), nd))
    base = str(opts["base"])

    def job(runner: Executor) -> Any:
        return run_stats(
            n, sizes[0], more=sizes[1:], duel_sizes=duel_sizes, base=base, runner=runner
        )

    return job


def _stats_text(report: Any) -> str:
    from proofgrid.matchless.stats import format_report  # noqa: PLC0415 (a study ran)

    return format_report(report)


def _stats_json(report: Any, timing: bool) -> Any:
    return report.as_json(timing=timing)


def _verify_job(quick: bool, opts: Mapping[str, Any]) -> Callable[[Executor], VerifyReport]:
    """Check ``--start`` (a date on or after the launch; default today's UTC date, the
    date a daily is defined on everywhere) and plan the checks."""
    from proofgrid.dates import utc_today  # noqa: PLC0415 (as above)
    from proofgrid.matchless.daily import LAUNCH, parse_date  # noqa: PLC0415 (a study runs)
    from proofgrid.matchless.verify import last_start, run_verify  # noqa: PLC0415 (as above)

    start = opts["start"]
    first = parse_date(start) if start else max(utc_today(), LAUNCH)
    if first < LAUNCH:
        raise InvalidParamsError(f"daily boards begin on {LAUNCH.isoformat()}")
    if first > last_start(quick):
        raise InvalidParamsError(
            f"--start {first.isoformat()} is too late: the check covers the dailies of the "
            f"following days and the calendar ends on 9999-12-31 (latest start "
            f"{last_start(quick).isoformat()})"
        )
    return lambda runner: run_verify(quick=quick, start=first, runner=runner)


STATS = StatsTask(
    help="Monte-Carlo tables of the seed (greedy, myopic, hidden sources, duel) on our generator.",
    count_help="Boards per table",
    most=1_000_000,
    options=(
        Option(
            "size",
            ("--size",),
            [encode_params(DEFAULT_PARAMS)],
            "Board params; repeat for more sizes (the first is the main table)",
            multiple=True,
        ),
        Option(
            "duel_boards",
            ("--duel-boards",),
            None,
            "Boards per duel size, 4x4 and 5x5 (default: N)",
            kind=int,
            min=1,
        ),
        Option("no_duel", ("--no-duel",), False, "Skip the duel table.", kind=bool),
        Option("base", ("--base",), "matchless/stats", "Seed base text"),
    ),
    prepare=_stats_job,
    text=_stats_text,
    as_json=_stats_json,
    interrupted=(
        "finished {done} of {total} board measurements; "
        "the tables above cover the finished boards only"
    ),
    option_help={
        "json": "Print the results as JSON.",
        "no_timing": "Leave the seconds out of --json (identical on any backend).",
    },
    modules=(_STATS,),
)

VERIFY = VerifyTask(
    help="Brute-force proof that par is exact, and the other oracle checks; exit 1 on failure.",
    options=(Option("start", ("--start",), None, "First daily date (default: today)"),),
    prepare=_verify_job,
    unit="boards",
    option_help={"quick": "The test suite's short form."},
    modules=(_VERIFY,),
)

PLOT = PlotTask(
    "proofgrid.matchless.plots", "Also draw the distributions and the duel table to FILE.svg."
)

STUDY_TASKS: Mapping[str, Any] = {"stats": STATS, "verify": VERIFY, "bank": BANK, "plot": PLOT}
"""Matchless's study tasks by kind (:mod:`proofgrid.study_tasks`)."""
