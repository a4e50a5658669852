"""Shared CLI helpers: one-line errors and exit codes."""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2


def error(message: str) -> None:
    """Print ``error: message`` (first line only) on standard error."""
    line = message.strip().splitlines()[0] if message.strip() else "unknown error"
    print(f"error: {line}", file=sys.stderr)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Report a one-line error and exit with ``code`` (2 = bad input)."""
    error(message)
    raise typer.Exit(code)
