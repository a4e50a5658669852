"""Kirchhoff's studies, handed to the shared CLI and the studies runner.

:data:`STUDY_TASKS` is what :meth:`~proofgrid.kirchhoff.contract.Kirchhoff.study_tasks`
returns: ``proofgrid kirchhoff stats`` (:mod:`proofgrid.kirchhoff.stats`),
``proofgrid kirchhoff verify`` (:mod:`proofgrid.kirchhoff.verify`), the lines
of ``proofgrid bank kirchhoff`` (:mod:`proofgrid.kirchhoff.bank`) and the
``--plot`` figure (:mod:`proofgrid.kirchhoff.plots`). The commands themselves
are built by :func:`proofgrid.cli.studies.add_study_commands`; this module only
declares the options and plans the work. It is read whenever a ``proofgrid
kirchhoff`` command runs, so the study engines (numpy among them) are imported
only when a study does (``PLC0415`` below).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from proofgrid.errors import InvalidParamsError
from proofgrid.kirchhoff.bank import BANK
from proofgrid.kirchhoff.codec import presets
from proofgrid.study_tasks import Option, PlotTask, StatsTask, VerifyTask
from proofgrid.tasks import Executor, VerifyReport

__all__ = ["STUDY_TASKS"]


def _stats_job(n: int, opts: Mapping[str, Any]) -> Callable[[Executor], Any]:
    """Check ``--preset`` (default: every preset) and plan ``n`` boards a preset."""
    from proofgrid.kirchhoff.stats import run_stats  # noqa: PLC0415 (a study runs)

    table = presets()
    names = list(opts["preset"]) or list(table)
    for name in names:
        if name not in table:
            raise InvalidParamsError(f"unknown preset {name!r} (choose from {', '.join(table)})")
    seed = int(opts["seed"])
    return lambda runner: run_stats(names, n, seed, runner=runner)


def _stats_text(rows: Any) -> str:
    from proofgrid.kirchhoff.stats import format_table  # noqa: PLC0415 (a study ran)

    return format_table(rows) if rows else ""


def _stats_json(rows: Any, timing: bool) -> Any:
    return [r.as_json(timing=timing) for r in rows]


def _verify_job(quick: bool, opts: Mapping[str, Any]) -> Callable[[Executor], VerifyReport]:
    from proofgrid.kirchhoff.verify import run  # noqa: PLC0415 (a study runs)

    seed = int(opts["seed"])
    return lambda runner: run(quick=quick, seed=seed, runner=runner)


STATS = StatsTask(
    help="Generation time, clues surviving and grade distribution per preset.",
    count_help="Boards per preset.",
    most=100_000,
    options=(
        Option("preset", ("--preset", "-p"), [], "Presets (default: all).", multiple=True),
        Option("seed", ("--seed",), 0, "First seed (0 or more).", kind=int, min=0),
    ),
    prepare=_stats_job,
    text=_stats_text,
    as_json=_stats_json,
    interrupted=(
        "generated {done} of {total} boards; the table above covers the finished boards only"
    ),
    option_help={
        "json": "Machine-readable output.",
        "no_timing": "Leave the times out of --json and --plot (identical on any backend).",
    },
    modules=("proofgrid.kirchhoff.stats",),
)

VERIFY = VerifyTask(
    help="Check the engine against brute force, the baseline search and Gale certificates.",
    options=(Option("seed", ("--seed",), 2026, "Seed (0 or more).", kind=int, min=0),),
    prepare=_verify_job,
    unit="tasks",
    option_help={"quick": "The fast form the test suite runs."},
    modules=("proofgrid.kirchhoff.verify",),
)

PLOT = PlotTask(
    "proofgrid.kirchhoff.plots", "Also draw clues kept, grades and generation times to FILE.svg."
)

STUDY_TASKS: Mapping[str, Any] = {"stats": STATS, "verify": VERIFY, "bank": BANK, "plot": PLOT}
"""Kirchhoff's study tasks by kind (:mod:`proofgrid.study_tasks`)."""
