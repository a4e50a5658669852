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
from proofgrid.kirchhoff.board import Board, ClueKind, Position, format_position, is_solution
from proofgrid.kirchhoff.codec import Params
from proofgrid.kirchhoff.daily import DAILY_PRESET, daily, daily_id
from proofgrid.kirchhoff.exact import Count, first_solution
from proofgrid.kirchhoff.generate import generate_board, known
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import contract_hint
from proofgrid.kirchhoff.search import decide
from proofgrid.puzzle import (
    ApiSurface,
    CliSurface,
    DrawSurface,
    Hint,
    Puzzle,
    Status,
    Surfaces,
    TasksSurface,
)
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
    cnt: Count,
    solution: Sequence[int] | None,
) -> dict[str, Any]:
    """The one writer of Kirchhoff's board JSON: the board, its count, grade and a solution.

    ``id``, ``rows``, ``cols``, ``clues`` (``{"cell": [r, c], "kind", "value"}``,
    blank cells left out), ``count`` and ``capped`` (``cnt``), ``unique``,
    ``grade`` (the hint ladder's, for a unique board; the generator's when this
    process made the board, :func:`~proofgrid.kirchhoff.generate.known`),
    ``solution`` (edge states in edge order: 0 unused, 1 forward, 2 backward;
    ``null`` when there is none) and ``arrows`` (the same solution as arrows
    ``[[r1, c1], [r2, c2]]`` tail → head, so anyone can check it without our
    edge order). :meth:`Kirchhoff.board_json` (every shared answer) and the
    ``count`` command call it. O(edges) plus the grade.
    """
    unique = cnt.value == 1 and not cnt.capped
    gen = known(board)
    grade = None
    if unique:
        grade = (gen.report.grade if gen is not None else grade_board(board).grade).value
    C = board.cols
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
        "grade": grade,
        "solution": None if solution is None else list(solution),
        "arrows": None if solution is None else solution_arrows(board, solution),
    }


def _cli() -> CliSurface:
    from proofgrid.kirchhoff import cli  # noqa: PLC0415 (a surface loads on first use)

    return cli.SURFACE


def _api() -> ApiSurface:
    from proofgrid.kirchhoff import api  # noqa: PLC0415 (as above: pydantic on first use)

    return api.SURFACE


def _tasks() -> TasksSurface:
    from proofgrid.kirchhoff import tasks  # noqa: PLC0415 (as above)

    return TasksSurface(tasks.__name__, tasks.STUDY_TASKS)


def _draw() -> DrawSurface:
    from proofgrid.kirchhoff import draw  # noqa: PLC0415 (as above)

    return DrawSurface(
        draw.__name__,
        draw.draw,
        draw.grade,
        draw.solution_notes,
        draw.record,
        draw.goal,
        draw.rules,
    )


class Kirchhoff(Puzzle[Params, Position]):
    """The Kirchhoff back end behind the uniform puzzle contract."""

    name = "kirchhoff"
    title = "Kirchhoff"
    summary = "Kirchhoff: draw arrows so flow is conserved; one solution, exact hints."
    surfaces: ClassVar[Surfaces] = Surfaces(cli=_cli, api=_api, tasks=_tasks, draw=_draw)
    #: Dailies start on the launch (2026-11-30), as Matchless's do.
    daily_before_launch = False
    #: Generation is bounded by counted work (:data:`~proofgrid.kirchhoff.generate.GEN_WORK`
    #: frontier states), and every answer on a generated board by the generator's known
    #: solution and grade or by the hint ladder's and counter's counted budgets.
    counted_work = True

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

    def daily_of(self, date: dt.date, preset: str) -> tuple[Params, str]:
        """The day's board of a preset's series (``5x5de#kirchhoff/v1/DATE`` for easy)."""
        game_id = daily_id(date, preset)
        params = codec.decode_params(game_id.partition("#")[0])
        return params, codec.encode_board(daily(date, preset).board)

    def daily_seed_id(self, date: dt.date, preset: str | None = None) -> str:
        """``7x7dh#kirchhoff/v1/DATE``: the seeded ID of the day's board (of a preset's series)."""
        return daily_id(date, DAILY_PRESET if preset is None else preset)

    # --- JSON
    def board_json(self, p: Params, desc: str) -> dict[str, Any]:
        """:func:`board_fields` of the described board, decided within counted budgets.

        The count (capped at 2) and a solution come from
        :func:`proofgrid.kirchhoff.search.decide`: the generator's known solution,
        else a short search, the bounded exact counter and a longer search, so an
        open user-made board gets its verdict ("many solutions") in milliseconds
        and what none settles is a one-line
        :class:`~proofgrid.kirchhoff.search.TooOpenError` (HTTP 422), never a
        hang. The ``id`` is canonical: the description is re-encoded from the board.
        """
        board = codec.decode_board(desc, p)
        verdict = decide(board)
        gid = self.game_id(p, codec.encode_board(board))
        return board_fields(board, gid, verdict.count, verdict.solution)

    def position_json(self, state: Position, board: Mapping[str, Any]) -> dict[str, Any]:
        """``marks`` (per edge: 0 free, 1 forward, 2 backward, 3 crossed), the exact
        ``status``, ``completions`` (capped at 2) and ``capped``.

        Won when the arrows meet every clue; lost when no completion is left (the
        bounded counter, else the search: exact either way). The starting position's
        completions are the board's solutions, so they are read from ``board`` (its
        :meth:`board_json`) instead of being decided twice.
        """
        if not any(state.marks) and board.get("count") is not None:
            cnt = Count(int(board["count"]), bool(board["capped"]))
        else:
            cnt = decide(state.board, state.masks(), want_solution=False).count
        if is_solution(state.board, state.arrows()):
            status = Status.WON
        else:
            status = Status.LOST if cnt.value == 0 else Status.PLAYING
        return {
            "marks": [int(m) for m in state.marks],
            "status": status.value,
            "completions": cnt.value,
            "capped": cnt.capped,
        }

    # --- serving cost
    def job_cost(self, p: Params) -> int:
        """Tenths of a second a request may take on a board of ``p``: the generator's and
        the ladder's work grows about with the square of the cells, times the grade
        (16x16 hard ~ 32, 12x12 hard ~ 10, 7x7 hard ~ 1, measured on one core)."""
        cells = p.rows * p.cols
        per = {"easy": 8000, "medium": 4000}.get(p.grade.value, 2000)
        return max(1, cells * cells // per)


KIRCHHOFF = Kirchhoff()
