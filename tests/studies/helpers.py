"""Task functions for the runner tests: top-level, so pool workers import them by name."""

from __future__ import annotations

import time

from proofgrid.puzzle import InvalidParamsError


def slow_echo(value: int, delay: float) -> int:
    """Return ``value`` after ``delay`` seconds (to make tasks finish out of order)."""
    time.sleep(delay)
    return value


def square_range(start: int, stop: int) -> list[int]:
    """``[j*j for j in range(start, stop)]``: a chunk whose result is easy to check."""
    return [j * j for j in range(start, stop)]


def fail_on(value: int, bad: int) -> int:
    """Raise a one-line user error on ``bad``, else return ``value``."""
    if value == bad:
        raise InvalidParamsError(f"task {value} refuses")
    return value
