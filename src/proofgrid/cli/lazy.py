"""The root command group: a ``proofgrid <puzzle>`` group per registered puzzle, built on use.

``proofgrid --help`` lists every puzzle from :func:`proofgrid.registry.entries`
(name and one-line summary) without importing one; a puzzle's package is
imported, and its group built by
:func:`proofgrid.cli.puzzle_commands.puzzle_app`, only when one of its
commands runs.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperGroup
from typer.main import get_command

from proofgrid import registry
from proofgrid.cli import common

__all__ = ["PuzzleRoot"]

# Contexts and commands are typed Any: typer vendors click under a private module name.


class PuzzleRoot(common.QuickHelp, TyperGroup):
    """Eager commands (``par``, ``serve``...) plus one lazily built group per puzzle.

    Its own options (``--help``) are read without pydantic (:func:`common.quicken`).
    """

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """Each command with its whole one-line summary, wrapped to the terminal, not cut."""
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit=1 << 10)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def list_commands(self, ctx: Any) -> list[str]:
        """Puzzles first (registry order), then the other commands."""
        eager = super().list_commands(ctx)
        return [n for n in registry.names() if n not in self.commands] + eager

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """A command; for a puzzle not yet built, a stand-in carrying its summary (for help)."""
        cmd = super().get_command(ctx, cmd_name)
        if cmd is None and cmd_name in registry.names():
            return TyperGroup(name=cmd_name, help=registry.entry(cmd_name).summary)
        return cmd

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        """Resolve as usual; a puzzle's stand-in is replaced by its real group, built now."""
        name, cmd, rest = super().resolve_command(ctx, args)
        if name is not None and name not in self.commands:
            from proofgrid.cli.puzzle_commands import puzzle_app  # noqa: PLC0415 (on use)

            cmd = get_command(puzzle_app(registry.get(name)))
            self.commands[name] = cmd
        return name, cmd, rest
