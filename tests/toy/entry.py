"""The toy puzzle's registry entry (importing this registers nothing)."""

from __future__ import annotations

from pathlib import Path

from proofgrid.registry import Entry, WebEntry

ENTRY = Entry(
    name="lamps",
    title="Lamps",
    summary="Lamps: switch every lamp off (a toy puzzle from the test suite).",
    target="tests.toy.puzzle:LAMPS",
    web=WebEntry(
        route="lamps",
        module="js/lamps/ui/app.js",
        tier="lamps",
        folder=Path(__file__).parent / "web",
    ),
)
