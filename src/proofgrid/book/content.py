"""What a book prints, before any layout: its boards, their goals and grades, and the rules.

Neutral code over the contract: boards come from :func:`proofgrid.midend.seeded`
(board ``i`` is the board of seed text ``<seed>-<i>``), pictures from
:meth:`proofgrid.puzzle.Puzzle.draw`, and, from the puzzle's ``draw`` surface
when it has them, ``grade(state)``, ``goal(state)`` (what the page asks),
``solution_notes(state)`` (the reasons) and ``rules()`` (a
:class:`proofgrid.drawing.Rules`). A puzzle with none of these (the toy of the
test suite) prints its preset's name, its ``format`` text and its ``solve`` answer,
and has no rules page.

Cost: generation and solving per board as the puzzle's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from proofgrid import midend
from proofgrid.drawing import Drawing, Rules
from proofgrid.puzzle import InvalidParamsError, Puzzle

__all__ = ["MAX_COUNT", "Entry", "Example", "example", "plan"]

#: The most boards a book holds.
MAX_COUNT = 200


@dataclass(frozen=True, slots=True)
class Entry:
    """One board of the book: number, game ID, grade, what it asks, drawings, solution notes."""

    number: int
    game_id: str
    grade: str
    goal: str
    puzzle: Drawing
    solution: Drawing
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Example:
    """The rules page: the puzzle's title, its rules and the worked example as an entry."""

    title: str
    paragraphs: tuple[str, ...]
    entry: Entry


def _own(puzzle: Puzzle[Any, Any], name: str) -> Any:
    """One optional entry of the puzzle's typed draw surface, or None."""
    own = puzzle.draw_surface()
    return getattr(own, name) if own is not None else None


def _grade(puzzle: Puzzle[Any, Any], params: Any, state: Any) -> str:
    own = _own(puzzle, "grade")
    if own is not None:
        return str(own(state))
    for name, p in puzzle.presets().items():
        if p == params:
            return name
    return "unrated"


def _goal(puzzle: Puzzle[Any, Any], state: Any) -> str:
    own = _own(puzzle, "goal")
    return str(own(state)) if own is not None else "Solve it."


def _notes(puzzle: Puzzle[Any, Any], state: Any) -> tuple[str, ...]:
    own = _own(puzzle, "solution_notes")
    if own is not None:
        return tuple(own(state))
    return (f"Solution: {puzzle.solve(state)}",)


def _entry(puzzle: Puzzle[Any, Any], number: int, game_id: str, params: Any, state: Any) -> Entry:
    return Entry(
        number,
        game_id,
        _grade(puzzle, params, state),
        _goal(puzzle, state),
        puzzle.draw(state, False),
        puzzle.draw(state, True),
        _notes(puzzle, state),
    )


def plan(puzzle: Puzzle[Any, Any], params: Any, seed: str, count: int) -> list[Entry]:
    """The book's boards: board ``i`` is the one of seed text ``<seed>-<i>``, i = 1..count."""
    if not 1 <= count <= MAX_COUNT:
        raise InvalidParamsError(f"--count must be from 1 to {MAX_COUNT}")
    puzzle.validate_params(params)
    entries = []
    for i in range(1, count + 1):
        game = midend.seeded(puzzle, params, f"{seed}-{i}")
        entries.append(_entry(puzzle, i, game.id, params, game.start()))
    return entries


def example(puzzle: Puzzle[Any, Any]) -> Example | None:
    """The rules page's content (the ``draw`` surface's ``rules()``), or None without one."""
    own = _own(puzzle, "rules")
    if own is None:
        return None
    rules: Rules = own()
    game = midend.resolve(puzzle, rules.example)
    entry = _entry(puzzle, 0, game.id, game.params, game.start())
    return Example(puzzle.title or puzzle.name, rules.paragraphs, entry)
