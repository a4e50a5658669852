"""Deterministic work plans: the vocabulary puzzles and the studies runner share.

This module sits below both sides: the puzzles (which describe their
Monte-Carlo tables, verifications and banks as tasks) and
:mod:`proofgrid.studies` (which runs tasks on a process pool or a Dask
cluster) import it, and it imports neither, so neither imports the other.

A study over items ``0 .. n-1`` (boards, seeds, checks) is cut into chunks of a
fixed size ``k``: chunk ``i`` covers items ``[i·k, min((i+1)·k, n))``. Item
``j`` is decided only by ``j`` (the engines derive its seed from its index, e.g.
:func:`item_seed`), never by the chunk it lands in, the worker that runs it or
the order chunks finish in. The runner hands results back in chunk order, so
any merge that is a fold over that order — sums, concatenations, appending
lines to a file — gives the same answer on one worker, on a process pool or on
a cluster. The chunk size only trades scheduling overhead against load
balance; it never changes a result (the test suite checks both claims), so
:func:`chunk_size` may pick it from the number of workers: about
:data:`CHUNKS_PER_SLOT` chunks per worker, so the last chunk to finish leaves a
worker idle for a small share of the run, and no more, so the fixed cost of a
task (a few milliseconds on a Dask cluster, where every task is a round trip
through the scheduler) stays a small share too.

A :class:`Task` is a top-level importable function with picklable arguments,
so it can be sent to a forked, ``forkserver`` or ``spawn`` process or a Dask
worker by reference. A :class:`Study` is a task list with the fold that merges
any prefix of its results; an :class:`Executor` (the studies runner) completes
it, and on Ctrl-C raises :class:`StudyInterrupted` carrying the merge of what
finished.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from proofgrid.rng import seed_from_text

__all__ = [
    "CHUNKS_PER_SLOT",
    "Chunk",
    "Executor",
    "Study",
    "StudyInterrupted",
    "Task",
    "VerifyReport",
    "chunk_size",
    "chunked",
    "item_seed",
    "plan",
]

CHUNKS_PER_SLOT = 16
"""Chunks per worker that :func:`chunk_size` aims at (before its bounds)."""

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Chunk:
    """Items ``[start, stop)`` of a study; ``index`` is the chunk's place in the merge."""

    index: int
    start: int
    stop: int

    @property
    def size(self) -> int:
        """Number of items in the chunk."""
        return self.stop - self.start


def plan(n: int, size: int, *, first: int = 0) -> tuple[Chunk, ...]:
    """Cut items ``[first, n)`` into chunks of ``size`` (the last may be shorter).

    Chunk ``i`` covers ``[first + i·size, min(first + (i+1)·size, n))``. O(n / size).

    Raises
    ------
    ValueError
        If ``size < 1`` or ``first`` is negative.
    """
    if size < 1:
        raise ValueError(f"chunk size must be at least 1, got {size}")
    if first < 0:
        raise ValueError(f"first item must be non-negative, got {first}")
    return tuple(
        Chunk(i, a, min(a + size, n)) for i, a in enumerate(range(first, max(first, n), size))
    )


def chunk_size(n: int, slots: int, *, most: int, least: int = 1) -> int:
    """Items per chunk for ``n`` items on ``slots`` workers.

    ``ceil(n / (CHUNKS_PER_SLOT · slots))``, clamped to ``[least, most]``
    (``most`` wins if the bounds cross): ``most`` caps one task's run time
    (and so the idle tail and the progress bar's step), ``least`` keeps tasks
    long against their fixed cost. O(1).

    Raises
    ------
    ValueError
        If ``slots`` or ``most`` is below 1.
    """
    if slots < 1 or most < 1:
        raise ValueError(f"need slots and most of at least 1, got {slots} and {most}")
    even = -(-max(n, 0) // (CHUNKS_PER_SLOT * slots))
    return min(most, max(least, even, 1))


@dataclass(frozen=True, slots=True)
class Task:
    """One unit of work: ``fn(*args)``; ``items`` is its weight on the progress bar.

    ``fn`` must be a module-level function (pickled by reference) and ``args``
    picklable values, so the task runs unchanged in another process or on
    another machine.
    """

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    items: int = 1

    def run(self) -> Any:
        """Run the task here, in this process."""
        return self.fn(*self.args)


def chunked(
    fn: Callable[..., Any],
    args: Sequence[Any],
    n: int,
    size: int,
    *,
    first: int = 0,
) -> list[Task]:
    """Tasks ``fn(*args, start, stop)``, one per chunk of :func:`plan` ``(n, size, first)``."""
    head = tuple(args)
    return [Task(fn, (*head, c.start, c.stop), c.size) for c in plan(n, size, first=first)]


def item_seed(base: str, params: str, index: int) -> int:
    """Seed of item ``index`` of a study or bank: ``seed_from_text(f"{base}/{params}/{index}")``."""
    return seed_from_text(f"{base}/{params}/{index}")


@dataclass(frozen=True, slots=True)
class Study(Generic[R]):
    """A task list and the fold that merges any prefix of its results (in task order).

    ``merge`` receives the results of the first ``k`` tasks, ``0 ≤ k ≤
    len(tasks)``; with all of them it gives the study's answer, with fewer the
    partial answer an interrupted run reports. ``label`` and ``unit`` name the
    progress bar.
    """

    tasks: Sequence[Task]
    merge: Callable[[list[Any]], R]
    label: str = "study"
    unit: str = "items"


class Executor(Protocol):
    """What a puzzle's study needs from whatever runs it (the studies runner)."""

    def chunk_size(self, n: int, *, most: int, least: int = 1) -> int:
        """:func:`chunk_size` for ``n`` items on the executor's workers."""
        ...

    def complete(self, study: Study[R]) -> R:
        """Run every task of ``study`` and merge the results in order.

        Ctrl-C raises :class:`StudyInterrupted` whose ``partial`` is the merge
        of the delivered prefix.
        """
        ...


class StudyInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a study; ``partial`` is the result over what finished.

    A :class:`KeyboardInterrupt`, so code that does not know about studies
    still treats it as one.

    Attributes
    ----------
    partial : object
        The study's result merged over the delivered prefix of its tasks.
    done, total : int
        Items (boards, seeds) delivered and planned.
    """

    def __init__(self, partial: object, done: int, total: int) -> None:
        super().__init__(f"interrupted after {done} of {total} items")
        self.partial = partial
        self.done = done
        self.total = total


@dataclass
class VerifyReport:
    """Running tally of a verification: number of checks and a line per failure.

    Both puzzles' ``verify`` modules count into one; a study split into
    chunks merges the chunk reports in chunk order with :meth:`merge`, so the
    failures keep their order whatever the backend.
    """

    checks: int = 0
    failures: list[str] = field(default_factory=list)

    def check(self, ok: bool, what: str) -> None:
        """Count one check; record ``what`` if it failed."""
        self.checks += 1
        if not ok:
            self.failures.append(what)

    def summary(self) -> str:
        """``N checks, F failures``."""
        return f"{self.checks} checks, {len(self.failures)} failures"

    @classmethod
    def merge(cls, parts: Iterable[VerifyReport]) -> VerifyReport:
        """Concatenate reports in order: checks add up, failures keep their order."""
        report = cls()
        for part in parts:
            report.checks += part.checks
            report.failures.extend(part.failures)
        return report
