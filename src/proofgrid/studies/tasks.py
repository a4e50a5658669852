"""Deterministic work plans: a study is a list of seeded chunks, merged in order.

A study over items ``0 .. n-1`` (boards, seeds, checks) is cut into chunks of a
fixed size ``k``: chunk ``i`` covers items ``[i·k, min((i+1)·k, n))``. Item
``j`` is decided only by ``j`` (the engines derive its seed from its index, e.g.
``seed_from_text(f"{base}/{params}/{j}")``), never by the chunk it lands in, the
worker that runs it or the order chunks finish in. The runner hands results
back in chunk order, so any merge that is a fold over that order — sums,
concatenations, appending lines to a file — gives the same answer on one
worker, on a process pool or on a cluster. The chunk size only trades
scheduling overhead against load balance; it never changes a result (the test
suite checks both claims), so :func:`chunk_size` may pick it from the number
of workers: about :data:`CHUNKS_PER_SLOT` chunks per worker, so the last chunk
to finish leaves a worker idle for a small share of the run, and no more, so
the fixed cost of a task (a few milliseconds on a Dask cluster, where every
task is a round trip through the scheduler) stays a small share too.

A :class:`Task` is a top-level importable function with picklable arguments,
so it can be sent to a forked, ``forkserver`` or ``spawn`` process or a Dask
worker by reference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["CHUNKS_PER_SLOT", "Chunk", "Task", "chunk_size", "chunked", "plan"]

CHUNKS_PER_SLOT = 16
"""Chunks per worker that :func:`chunk_size` aims at (before its bounds)."""


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
