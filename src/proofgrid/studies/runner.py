"""The runner: tasks out to a backend, results back in task order, with a progress bar.

:meth:`Runner.run` keeps at most ``window`` tasks in flight (``4 ×`` the
backend's slots), buffers results that finish early and yields them strictly
in task order, so memory stays bounded and a consumer that writes as it goes
(the bank) always holds a prefix. If the consumer stops early, a task fails or
Ctrl-C arrives, the pending tasks are cancelled and the running ones stopped
before the exception propagates; :attr:`Runner.done_tasks` and
:attr:`Runner.done_items` then say how much of the prefix was delivered.

:meth:`Runner.complete` runs a puzzle's :class:`~proofgrid.tasks.Study` (a task
list and the fold that merges its results) and turns Ctrl-C into
:class:`~proofgrid.tasks.StudyInterrupted` carrying the merge of the prefix.

The progress bar (rich, on standard error) shows items done, rate and ETA; it
is off when standard error is not a terminal or with ``quiet``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Task as BarTask
from rich.text import Text

from proofgrid.studies.backends import Backend, make_backend
from proofgrid.tasks import Study, StudyInterrupted, Task, chunk_size

__all__ = ["Runner", "StudyInterrupted", "open_runner", "progress_bar"]

R = TypeVar("R")


class _RateColumn(ProgressColumn):
    """``123 boards/s`` from rich's speed estimate."""

    def render(self, task: BarTask) -> Text:
        unit = str(task.fields.get("unit", "items"))
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text(f"– {unit}/s", style="progress.data.speed")
        return Text(f"{speed:,.0f} {unit}/s", style="progress.data.speed")


def progress_bar(*, quiet: bool = False) -> Progress:
    """A rich progress display on standard error; disabled if quiet or not a terminal."""
    console = Console(stderr=True)
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet or not sys.stderr.isatty(),
    )


class Runner:
    """Run task lists on one backend and yield their results in order.

    Parameters
    ----------
    backend : Backend
        Where the tasks run (:func:`~proofgrid.studies.backends.make_backend`).
    progress : rich.progress.Progress, optional
        A started display to add one bar per :meth:`run` to.
    window : int, optional
        Tasks in flight at most (default ``4 ×`` the backend's slots, at least 2).
    """

    def __init__(
        self, backend: Backend, *, progress: Progress | None = None, window: int | None = None
    ) -> None:
        self.backend = backend
        self.progress = progress
        self._window = window
        self.done_tasks = 0
        self.done_items = 0
        self.total_items = 0

    @property
    def window(self) -> int:
        """Tasks kept in flight."""
        return self._window if self._window is not None else max(2, 4 * self.backend.slots)

    def chunk_size(self, n: int, *, most: int, least: int = 1) -> int:
        """:func:`~proofgrid.tasks.chunk_size` for ``n`` items on this backend's slots."""
        return chunk_size(n, self.backend.slots, most=most, least=least)

    def _bar(self, label: str, unit: str, total: int) -> TaskID | None:
        if self.progress is None:
            return None
        return self.progress.add_task(label, total=total, unit=unit)

    def _advance(self, bar: TaskID | None, k: int) -> None:
        if bar is not None and self.progress is not None:
            self.progress.advance(bar, k)

    def run(
        self, tasks: Sequence[Task], *, label: str = "study", unit: str = "items"
    ) -> Iterator[Any]:
        """Yield ``task.run()`` for each task, in order (module docstring).

        O(len(tasks)) submissions; at most :attr:`window` results buffered.
        """
        self.done_tasks = self.done_items = 0
        self.total_items = sum(t.items for t in tasks)
        bar = self._bar(label, unit, self.total_items)
        if self.backend.inline:
            for task in tasks:
                value = task.run()
                self._advance(bar, task.items)
                self.done_tasks += 1
                self.done_items += task.items
                yield value
            return
        backend = self.backend
        pending: dict[Any, int] = {}
        ready: dict[int, Any] = {}
        next_submit = 0
        try:
            while self.done_tasks < len(tasks):
                while next_submit < len(tasks) and next_submit - self.done_tasks < self.window:
                    pending[backend.submit(tasks[next_submit])] = next_submit
                    next_submit += 1
                i = self.done_tasks
                if i in ready:
                    value = ready.pop(i)
                    self.done_tasks += 1
                    self.done_items += tasks[i].items
                    yield value
                    continue
                for handle in backend.wait_any(list(pending)):
                    j = pending.pop(handle)
                    ready[j] = backend.result(handle)
                    self._advance(bar, tasks[j].items)
        except BaseException:
            backend.abort(list(pending))
            raise

    def complete(self, study: Study[R]) -> R:
        """Run ``study``'s tasks (:meth:`run`) and merge their results in order.

        Ctrl-C (or any :class:`KeyboardInterrupt` from the tasks' stream)
        raises :class:`~proofgrid.tasks.StudyInterrupted` whose ``partial`` is
        ``study.merge`` of the results delivered so far.
        """
        results: list[Any] = []
        try:
            for value in self.run(study.tasks, label=study.label, unit=study.unit):
                results.append(value)
        except KeyboardInterrupt:
            partial = study.merge(results)
            raise StudyInterrupted(partial, self.done_items, self.total_items) from None
        return study.merge(results)


@contextmanager
def open_runner(
    workers: int | None = None,
    scheduler: str | None = None,
    *,
    quiet: bool = False,
    preload: tuple[str, ...] = (),
) -> Iterator[Runner]:
    """A :class:`Runner` on :func:`~proofgrid.studies.backends.make_backend`, with progress.

    ``preload``: modules a fork server imports before forking workers (the study's own).

    Closes the backend and the progress display on exit; when left by an
    exception (Ctrl-C included) it first aborts whatever still runs.
    """
    backend = make_backend(workers, scheduler, preload=preload)
    try:
        backend.start()  # before the progress bar's thread: a pool may then fork
        with progress_bar(quiet=quiet) as progress:
            yield Runner(backend, progress=progress)
    except BaseException:
        backend.abort(())
        raise
    finally:
        backend.close()
