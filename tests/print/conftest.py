"""Fixtures of the print-and-pass-on tests: the CLI runner and the toy puzzle of tests/cli."""

from tests.cli.conftest import lamps, run

__all__ = ["lamps", "run"]
