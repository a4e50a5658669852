"""Fixtures: running the CLI in-process, and the toy puzzle registered for one test."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest

from proofgrid import registry
from proofgrid.cli import main

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """``run(*argv, stdin="")`` -> (exit code, stdout, stderr)."""

    def go(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return go


@pytest.fixture
def lamps() -> Iterator[str]:
    """The toy puzzle of ``tests/toy``, registered through the extension point."""
    before = set(registry.names())
    from tests.toy.entry import ENTRY  # noqa: PLC0415  (the toy only where asked for)

    if ENTRY.name not in registry.names():
        registry.register(ENTRY)
    yield ENTRY.name
    if ENTRY.name not in before:
        registry.unregister(ENTRY.name)
