"""Jobs for the engine-pool tests (a module a worker process can import by name)."""

from __future__ import annotations

import os
import time

from proofgrid.errors import InvalidMoveError

_HOARD: list[bytes] = []


def pid() -> int:
    """The worker's process id."""
    return os.getpid()


def sleep(seconds: float) -> int:
    """Sleep, then answer the worker's pid."""
    time.sleep(seconds)
    return os.getpid()


def spin(cpu_seconds: float) -> int:
    """Use ``cpu_seconds`` of this process's CPU time (however long that takes on the
    wall clock), then answer the worker's pid."""
    end = time.process_time() + cpu_seconds
    while time.process_time() < end:
        pass
    return os.getpid()


def allocate(mb: int) -> int:
    """Allocate ``mb`` MB at once (a MemoryError past the worker's ceiling)."""
    block = bytearray(mb * 1024 * 1024)
    return len(block)


def hoard(mb: int) -> int:
    """Keep ``mb`` MB alive in the worker (its resident size grows), answer its pid."""
    _HOARD.append(os.urandom(1024) * (mb * 1024))
    return os.getpid()


def refuse() -> None:
    """Raise a user error (crosses the pipe unchanged)."""
    raise InvalidMoveError("no shell at z9")


def crash() -> None:
    """Die without answering."""
    os._exit(3)
