"""Lamps: a row of lamps, some lit; a move switches one off. Won when all are dark.

The smallest puzzle that fills the whole contract of :class:`proofgrid.puzzle.Puzzle`,
in the contract's order. It lives in the tests tree only: the toy-puzzle test
registers it with :func:`proofgrid.registry.register` and checks that every
shared surface (CLI, API, studies, site) serves it with no change to a shared
file.

Params ``N`` (3 to 30 lamps); a description is N characters ``0``/``1``; a
move names a lamp by its 1-based number.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from proofgrid.errors import InvalidDescError, InvalidMoveError, InvalidParamsError
from proofgrid.puzzle import Hint, Puzzle, Status, Surfaces, TasksSurface
from proofgrid.rng import SplitMix64, seed_from_text


@dataclass(frozen=True, slots=True)
class Row:
    """A position: which lamps are lit."""

    lit: tuple[bool, ...]


def _tasks() -> TasksSurface:
    from tests.toy import tasks  # noqa: PLC0415 (a surface loads on first use)

    return TasksSurface(tasks.__name__, tasks.STUDY_TASKS)


class Lamps(Puzzle[int, Row]):
    """The toy puzzle."""

    name = "lamps"
    title = "Lamps"
    summary = "Lamps: switch every lamp off (a toy puzzle from the test suite)."
    surfaces: ClassVar[Surfaces] = Surfaces(tasks=_tasks)

    def default_params(self) -> int:
        return 5

    def presets(self) -> Mapping[str, int]:
        return {"small": 5, "large": 12}

    def encode_params(self, params: int) -> str:
        return str(params)

    def decode_params(self, text: str) -> int:
        t = text.strip().lower()
        if t in self.presets():
            return self.presets()[t]
        if not (t.isascii() and t.isdigit()) or not 3 <= int(t) <= 30:
            raise InvalidParamsError(f"lamps: params {text[:20]!r} must be a number from 3 to 30")
        return int(t)

    def generate(self, params: int, seed: int) -> str:
        rng = SplitMix64(seed)
        bits = [str(rng.next64() & 1) for _ in range(params)]
        if "1" not in bits:
            bits[0] = "1"
        return "".join(bits)

    def validate_desc(self, params: int, desc: str) -> None:
        if len(desc) != params or set(desc) - {"0", "1"}:
            raise InvalidDescError(f"lamps: a board of {params} is {params} characters 0 or 1")

    def new_game(self, params: int, desc: str) -> Row:
        self.validate_desc(params, desc)
        return Row(tuple(c == "1" for c in desc))

    def execute_move(self, state: Row, move: str) -> Row:
        m = move.strip()
        if not m.isdigit() or not 1 <= int(m) <= len(state.lit):
            raise InvalidMoveError(f"no lamp {m[:10]!r}")
        i = int(m) - 1
        if not state.lit[i]:
            raise InvalidMoveError(f"lamp {i + 1} is already off")
        return Row((*state.lit[:i], False, *state.lit[i + 1 :]))

    def solve(self, state: Row) -> list[int]:
        return [i + 1 for i, on in enumerate(state.lit) if on]

    def hint(self, state: Row, *, last_move: str | None = None, **options: Any) -> Hint | None:
        todo = self.solve(state)
        if not todo:
            return None
        words = (f"Lamp {todo[0]} is still lit: switch it off.", f"{len(todo)} lamp(s) are lit.")
        return Hint(str(todo[0]), words, {"lit": todo}, {"left": len(todo)})

    def status(self, state: Row) -> Status:
        return Status.PLAYING if any(state.lit) else Status.WON

    def format(self, state: Row) -> str:
        return "".join("*" if on else "." for on in state.lit)

    def daily(self, date: dt.date) -> tuple[int, str]:
        return 7, self.generate(7, seed_from_text(f"lamps/{date.isoformat()}"))

    def board_json(self, params: int, desc: str) -> dict[str, Any]:
        state = self.new_game(params, desc)
        return {
            "id": self.game_id(params, desc),
            "lamps": params,
            "lit": self.solve(state),
            "moves": len(self.solve(state)),
        }


LAMPS = Lamps()
