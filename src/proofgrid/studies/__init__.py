"""Studies at scale: one execution layer for Monte-Carlo tables, verification and banks.

``proofgrid <puzzle> stats|verify`` and ``proofgrid bank`` all run through
this package. It imports no puzzle: each puzzle describes its studies in the
neutral vocabulary of :mod:`proofgrid.tasks` and :mod:`proofgrid.study_tasks`
and hands them over through the registry (``study_tasks()``).

* :mod:`proofgrid.tasks` (below this package and the puzzles) — a study is a
  list of seeded chunks (chunk ``i`` covers items ``[i·k, (i+1)·k)``; each
  item's seed comes from its index);
* :mod:`~proofgrid.studies.backends` — where tasks run: inline (one worker), a
  local process pool (``--workers N``; forked, or from a fork server once
  threads run), or a Dask distributed cluster (``--scheduler ADDRESS``);
* :mod:`~proofgrid.studies.runner` — results back in chunk order, a progress
  bar with rate and ETA, clean Ctrl-C (pending work cancelled, what finished
  reported);
* :mod:`~proofgrid.studies.bank` — banks of graded puzzles: append-only,
  fsync'd, CRC-32 on every line, ``--resume`` without duplicating or losing a
  board; each puzzle's bank task says what a line holds
  (:mod:`~proofgrid.studies.puzzles` finds it through the registry).

Figures are each puzzle's own (its ``"plot"`` task), drawn with the
deterministic SVG helpers of :mod:`proofgrid.figures`.

Because every merge is a fold over chunk order and no item depends on where it
ran, results are byte-for-byte identical on any backend and worker count.
"""

from __future__ import annotations

from proofgrid.studies.backends import (
    BackendError,
    DaskBackend,
    InlineBackend,
    PoolBackend,
    default_workers,
    make_backend,
)
from proofgrid.studies.runner import Runner, StudyInterrupted, open_runner
from proofgrid.tasks import Chunk, Task, chunked, plan

__all__ = [
    "BackendError",
    "Chunk",
    "DaskBackend",
    "InlineBackend",
    "PoolBackend",
    "Runner",
    "StudyInterrupted",
    "Task",
    "chunked",
    "default_workers",
    "make_backend",
    "open_runner",
    "plan",
]
