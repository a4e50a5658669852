"""Deterministic work plans: a study is a list of seeded chunks, merged in order.

The definitions live in :mod:`proofgrid.tasks`, below both the puzzles and
this package (the puzzles describe their studies with them, this package runs
them); they are re-exported here, where they were first documented.
"""

from __future__ import annotations

from proofgrid.tasks import (
    CHUNKS_PER_SLOT,
    Chunk,
    Executor,
    Study,
    Task,
    chunk_size,
    chunked,
    plan,
)

__all__ = [
    "CHUNKS_PER_SLOT",
    "Chunk",
    "Executor",
    "Study",
    "Task",
    "chunk_size",
    "chunked",
    "plan",
]
