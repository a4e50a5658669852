"""Kirchhoff behind the uniform puzzle contract: the object the registry names.

Each method delegates to the module that owns the operation, in the
contract's order: params and descriptions (:mod:`~proofgrid.kirchhoff.codec`)
→ generator (:mod:`~proofgrid.kirchhoff.generate`) → moves and status
(:mod:`~proofgrid.kirchhoff.moves`) → answers (:mod:`~proofgrid.kirchhoff.exact`,
:mod:`~proofgrid.kirchhoff.hint`) → text → dailies → JSON.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from proofgrid.kirchhoff import codec, moves
from proofgrid.kirchhoff.board import Board, ClueKind, Position, format_position
from proofgrid.kirchhoff.codec import Params
from proofgrid.kirchhoff.daily import DAILY_PRESET, daily, daily_id
from proofgrid.kirchhoff.exact import Count, count, first_solution
from proofgrid.kirchhoff.generate import generate_board, known
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import contract_hint
from proofgrid.puzzle import Hint, Puzzle, Status
from proofgrid.study_tasks import Option

__all__ = ["KIRCHHOFF", "Kirchhoff", "board_fields", "solution_arrows"]


def solution_arrows(board: Board, states: Sequence[int]) -> list[list[list[int]]]:
    """Edge states (0 unused, 1 forward, 2 backward) as arrows ``[[r, c], [r2, c2]]``."""
    out: list[list[list[int]]] = []
    C = board.cols
    for e, s in enumerate(states):
        if s:
            u, v = board.geometry.ends[e]
            a, b = (u, v) if s == 1 else (v, u)
            out.append([[a // C, a % C], [b // C, b % C]])
    return out


def board_fields(
    board: Board,
    gid: str,
    *,
    solution: Sequence[int] | None = None,
    cnt: Count | None = None,
    arrows: bool = False,
) -> dict[str, Any]:
    """The board, its exact count, grade and a solution, as JSON: one builder, two shapes.

    ``solution`` is, with ``arrows=False`` (the API's documented meaning), the
    edge states in edge order; with ``arrows=True`` (the CLI's documented
    meaning), the arrows ``[[r, c], [r2, c2]]`` of that same solution. ``count``
    comes from the frontier-sweep counter (capped at 2 unless ``cnt`` is given),
    ``capped`` says whether it stopped counting, and ``grade`` is the hint
    ladder's grade when the solution is unique. A board this process generated
    (:func:`~proofgrid.kirchhoff.generate.known`) takes its count, solution and
    grade from the generator, which proved them when it made the board.
    """
    gen = known(board)
    if cnt is None:
        cnt = Count(1, False) if gen is not None else count(board, cap=2)
    unique = cnt.value == 1 and not cnt.capped
    if solution is None and cnt.value:
        solution = gen.solution if gen is not None else first_solution(board)
    C = board.cols
    sol: Any = None
    if solution is not None:
        sol = solution_arrows(board, solution) if arrows else list(solution)
    return {
        "id": gid,
        "rows": board.rows,
        "cols": board.cols,
        "clues": [
            {"cell": [i // C, i % C], "kind": cl.kind.value, "value": cl.value}
            for i, cl in enumerate(board.clues)
            if cl.kind is not ClueKind.BLANK
        ],
        "count": cnt.value,
        "capped": cnt.capped,
        "unique": unique,
        "grade": (gen.report.grade if gen is not None else grade_board(board).grade).value
        if unique
        else None,
        "solution": sol,
    }


class Kirchhoff(Puzzle[Params, Position]):
    """The Kirchhoff back end behind the uniform puzzle contract."""

    name = "kirchhoff"
    title = "Kirchhoff"
    summary = "Kirchhoff: draw arrows so flow is conserved; one solution, exact hints."
    surfaces: ClassVar[Mapping[str, str]] = {
        "cli": "proofgrid.kirchhoff.cli",
        "api": "proofgrid.kirchhoff.api",
        "tasks": "proofgrid.kirchhoff.tasks",
        "draw": "proofgrid.kirchhoff.draw",
    }
    #: Dailies start on the launch (2026-11-30), as Matchless's do.
    daily_before_launch = False

    # --- params
    def default_params(self) -> Params:
        """The default preset (hard, 7x7)."""
        return codec.default_params()

    def presets(self) -> dict[str, Params]:
        """easy, medium, hard, expert, giant."""
        return codec.presets()

    def encode_params(self, p: Params) -> str:
        """``RxCdG`` (``7x7dh``)."""
        return codec.encode_params(p)

    def decode_params(self, text: str) -> Params:
        """``RxC[dG]`` or a preset name; raises InvalidParamsError."""
        return codec.decode_params(text)

    def validate_params(self, p: Params) -> None:
        """Raise InvalidParamsError unless the params are in range."""
        codec.validate_params(p)

    # --- descriptions
    def generate(self, p: Params, seed: int) -> str:
        """A unique board of ``p``'s size and grade from ``seed``."""
        return codec.encode_board(generate_board(p, seed).board)

    def validate_desc(self, p: Params, desc: str) -> None:
        """Raise InvalidDescError unless ``desc`` decodes to a board of ``p``'s size."""
        codec.validate_desc(p, desc)

    def new_game(self, p: Params, desc: str) -> Position:
        """The starting position (every edge free)."""
        return Position.start(codec.decode_board(desc, p))

    # --- moves
    def execute_move(self, state: Position, move: str) -> Position:
        """Mark one edge (``a1>b1``, ``a1xb1``, ``a1.b1``, or ``e12>``)."""
        return moves.execute_move(state, move)

    # --- answers
    def solve(self, state: Position) -> tuple[int, ...] | None:
        """A completion (edge states 0/1/2), or None when the position is lost."""
        return first_solution(state.board, state.masks())

    #: ``--mark-empties``: first cross every edge the clues alone show empty.
    hint_options: ClassVar[tuple[Option, ...]] = (
        Option(
            "mark_empties",
            ("--mark-empties",),
            False,
            "First cross every edge the clues alone show empty.",
            kind=bool,
        ),
    )

    def hint(
        self,
        state: Position,
        *,
        last_move: str | None = None,
        mark_empties: bool = False,
        **options: Any,
    ) -> Hint:
        """The next forced edge with its reason and proof, or why the position is lost
        (:func:`proofgrid.kirchhoff.hint.contract_hint`)."""
        return contract_hint(state, last_move=last_move, mark_empties=mark_empties)

    def status(self, state: Position) -> Status:
        """WON, PLAYING, or LOST (no completion left: the exact counter decides)."""
        return moves.status(state)

    # --- text
    def format(self, state: Position) -> str:
        """The terminal drawing of a position."""
        return format_position(state)

    # --- dailies
    def daily(self, date: dt.date) -> tuple[Params, str]:
        """The day's hard board (``7x7dh#kirchhoff/v1/DATE``)."""
        return codec.presets()[DAILY_PRESET], codec.encode_board(daily(date).board)

    def daily_seed_id(self, date: dt.date) -> str:
        """``7x7dh#kirchhoff/v1/DATE``: the seeded ID of the day's board."""
        return daily_id(date)

    # --- JSON
    def board_json(self, p: Params, desc: str) -> dict[str, Any]:
        """:func:`board_fields` of the described board (``solution`` as edge states).

        The ``id`` is canonical: the description is re-encoded from the board.
        """
        board = codec.decode_board(desc, p)
        return board_fields(board, self.game_id(p, codec.encode_board(board)))

    # --- serving cost
    def job_cost(self, p: Params) -> int:
        """Tenths of a second a request may take on a board of ``p``: the generator's and
        the ladder's work grows about with the square of the cells, times the grade
        (16x16 hard ~ 32, 12x12 hard ~ 10, 7x7 hard ~ 1, measured on one core)."""
        cells = p.rows * p.cols
        per = {"easy": 8000, "medium": 4000}.get(p.grade.value, 2000)
        return max(1, cells * cells // per)


KIRCHHOFF = Kirchhoff()
