"""What a puzzle's ``study_tasks()`` returns: its studies, described without running them.

A puzzle hands the shared layers four kinds of task, by name, in the mapping
its :meth:`proofgrid.puzzle.Puzzle.study_tasks` returns:

* ``"stats"`` — :class:`StatsTask`: the Monte-Carlo tables of ``proofgrid
  PUZZLE stats N``;
* ``"verify"`` — :class:`VerifyTask`: the oracle checks of ``proofgrid PUZZLE
  verify``;
* ``"bank"`` — :class:`BankTask`: the lines of ``proofgrid bank PUZZLE N OUT``;
* ``"plot"`` — :class:`PlotTask`: the ``--plot FILE.svg`` figure of a stats report.

Each is plain data and functions: the puzzle says which options its command
takes (:class:`Option`, declared without a CLI library), how to check them and
plan the study, and how to print, serialise or draw the result; the CLI
(:mod:`proofgrid.cli.studies`) builds the commands and the studies runner
(:mod:`proofgrid.studies`) runs the tasks. Like :mod:`proofgrid.tasks`, this
module imports neither a puzzle nor the studies package.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from proofgrid.errors import extra_imports
from proofgrid.tasks import Executor, VerifyReport

__all__ = ["BankTask", "Option", "PlotTask", "StatsTask", "StudyCommand", "VerifyTask"]

A = TypeVar("A")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a puzzle's study command.

    Attributes
    ----------
    name : str
        The keyword under which the parsed value reaches ``prepare``.
    flags : tuple of str
        ``("--size",)``, ``("--preset", "-p")``.
    default : object
        The value when the option is not given (a list for ``multiple``).
    help : str or None
        One line for ``--help``.
    kind : type
        ``str``, ``int`` or ``bool`` (a bool option is a flag).
    multiple : bool
        The option may be repeated; the value is then a list.
    min : int or None
        Smallest value accepted (``int`` options).
    """

    name: str
    flags: tuple[str, ...]
    default: Any
    help: str | None = None
    kind: type = str
    multiple: bool = False
    min: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StudyCommand(Generic[A, R]):
    """What ``stats`` and ``verify`` declare alike: a command that plans one study.

    The command's first value (``N`` of ``stats``, ``--quick`` of ``verify``)
    and the puzzle's own options go to ``prepare``, which checks them and
    returns the job the studies runner completes.

    Attributes
    ----------
    help : str
        The command's help.
    options : tuple of Option
        The puzzle's own options, between the first value and the shared ones.
    prepare : callable
        ``prepare(first, options) -> job``: checks the options (raising a
        :class:`~proofgrid.errors.ProofgridError` with a one-line message)
        and returns ``job(executor) -> report``.
    option_help : mapping
        Help of the shared options in this puzzle's words, by option name.
    modules : tuple of str
        The modules the study's tasks live in (a fork server imports them
        before forking workers).
    """

    help: str
    options: tuple[Option, ...]
    prepare: Callable[[A, Mapping[str, Any]], Callable[[Executor], R]]
    option_help: Mapping[str, str] = field(default_factory=dict)
    modules: tuple[str, ...] = ()

    def plan(self, first: A, values: Mapping[str, Any]) -> Callable[[Executor], R]:
        """``prepare(first, …)`` with this task's own options picked out of ``values``."""
        return self.prepare(first, {o.name: values[o.name] for o in self.options})


@dataclass(frozen=True, slots=True, kw_only=True)
class StatsTask(StudyCommand[int, Any]):
    """``proofgrid PUZZLE stats N``: Monte-Carlo tables over N boards (per table).

    The fields of :class:`StudyCommand` (``prepare(n, options)``; ``option_help``
    of ``json`` and ``no_timing``), and:

    Attributes
    ----------
    count_help : str
        Help of the argument ``N``.
    most : int
        Largest ``N`` accepted.
    text : callable
        The report as text for the terminal (``""``: nothing to show).
    as_json : callable
        ``as_json(report, timing)``: plain data for ``--json``.
    interrupted : str
        What a Ctrl-C prints after ``interrupted:``, with ``{done}`` and ``{total}``.
    """

    count_help: str
    most: int
    text: Callable[[Any], str]
    as_json: Callable[[Any, bool], Any]
    interrupted: str


@dataclass(frozen=True, slots=True, kw_only=True)
class VerifyTask(StudyCommand[bool, VerifyReport]):
    """``proofgrid PUZZLE verify``: the engine against independent oracles.

    The fields of :class:`StudyCommand` (``prepare(quick, options)`` returning a
    job whose report is a :class:`~proofgrid.tasks.VerifyReport`; ``option_help``
    of ``quick``), and:

    Attributes
    ----------
    unit : str
        What the progress counts, for the Ctrl-C message (``boards``, ``tasks``).
    """

    unit: str = "items"


@dataclass(frozen=True, slots=True)
class BankTask:
    """How to bank one puzzle (:mod:`proofgrid.studies.bank`).

    Attributes
    ----------
    name : str
        The puzzle's name, written in every bank's header.
    columns : tuple of str
        Column names of a line, before the checksum; the third is the grade.
    default_params : str
        Params used when no ``--preset`` is given.
    chunk : int
        Boards per task.
    canonical : callable
        Preset name or params text to canonical params text (raises
        :class:`~proofgrid.errors.InvalidParamsError`).
    lines : callable
        ``lines(params, base, start, stop)``: the payloads of a chunk; a
        module-level function (it travels to workers by reference).
    """

    name: str
    columns: tuple[str, ...]
    default_params: str
    chunk: int
    canonical: Callable[[str], str]
    lines: Callable[[str, str, int, int], tuple[str, ...]]

    @property
    def default_base(self) -> str:
        """Seed base text when none is given: ``PUZZLE/bank``."""
        return f"{self.name}/bank"

    @property
    def module(self) -> str:
        """The module that makes the lines."""
        return str(self.lines.__module__)


@dataclass(frozen=True, slots=True)
class PlotTask:
    """The figure of a stats report (``--plot FILE.svg``).

    Attributes
    ----------
    module : str
        The module whose ``draw(report, path, *, timing)`` writes the SVG;
        imported only when a figure is asked for (matplotlib is slow to load).
    help : str
        Help of ``--plot`` in this puzzle's words.
    """

    module: str
    help: str

    def draw(self, report: Any, path: Path, *, timing: bool) -> None:
        """Draw ``report`` to ``path`` (``timing=False`` leaves measured times out)."""
        with extra_imports(extra="plots", feature="--plot", packages=("matplotlib",)):
            module = importlib.import_module(self.module)
        module.draw(report, path, timing=timing)
