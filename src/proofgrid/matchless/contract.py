"""Matchless behind the uniform puzzle contract: the object the registry names.

Every method delegates to the module that owns the operation, in the
contract's order: params (:mod:`~proofgrid.matchless.params`) → descriptions
(:mod:`~proofgrid.matchless.codec`, :mod:`~proofgrid.matchless.generate`) →
moves, status (:mod:`~proofgrid.matchless.game`) → answers
(:mod:`~proofgrid.matchless.solve`, :mod:`~proofgrid.matchless.hint`) → text
(:mod:`~proofgrid.matchless.format`)
→ dailies (:mod:`~proofgrid.matchless.daily`) → JSON.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any, ClassVar

from proofgrid.matchless import codec, game, generate, params, solve
from proofgrid.matchless import format as text
from proofgrid.matchless import hint as proved_hint
from proofgrid.matchless.board import Board
from proofgrid.matchless.daily import daily, daily_params
from proofgrid.matchless.game import State
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import Solution
from proofgrid.puzzle import (
    ApiSurface,
    CliSurface,
    DrawSurface,
    Hint,
    InvalidDescError,
    Puzzle,
    Status,
    Surfaces,
    TasksSurface,
)

__all__ = ["MATCHLESS", "Matchless", "explain", "proof_json"]


def explain(sol: Solution, shells: int) -> str:
    """Par's proof in one sentence, in the player's words."""
    comps, k = sol.xray.count, sol.par
    which = (
        "only 1 of them has no fuse coming in from another component, so it needs a match"
        if k == 1
        else f"exactly {k} of them have no fuse coming in from another component, "
        "so each needs its own match"
    )
    return (
        f"Par is {k} because the fuses group the {shells} shells into {comps} "
        f"component{'s' if comps != 1 else ''}, and {which}; one match in each reaches everything."
    )


def proof_json(board: Board) -> dict[str, Any]:
    """The board as a plain graph with par and the X-ray certificate behind it.

    One shape for the CLI's ``--json`` and the API: ``id rows cols shells
    fuses`` (the board), ``par witness components sources condensation`` (the
    proof: par = number of source components of the condensation, Tarjan
    1972), ``myopic_gap hidden_sources`` (the seed's two difficulty measures)
    and a one-sentence ``explanation``.
    """
    sol = solve.solve(board)
    rc = board.shell_rc
    return {
        "id": game.game_id(board),
        "rows": board.rows,
        "cols": board.cols,
        "shells": [list(rc(v)) for v in range(board.n)],
        "fuses": [[list(rc(a)), list(rc(b))] for a, b in board.fuses()],
        "par": sol.par,
        "witness": [list(rc(v)) for v in sol.witness],
        "components": list(sol.xray.components),
        "sources": list(sol.xray.sources),
        "condensation": [list(e) for e in sol.xray.edges],
        "myopic_gap": solve.myopic_gap(board),
        "hidden_sources": solve.hidden_sources(sol),
        "explanation": explain(sol, board.n),
    }


def _cli() -> CliSurface:
    from proofgrid.matchless import cli  # noqa: PLC0415 (a surface loads on first use)

    return cli.SURFACE


def _api() -> ApiSurface:
    from proofgrid.matchless import api  # noqa: PLC0415 (as above: pydantic on first use)

    return api.SURFACE


def _tasks() -> TasksSurface:
    from proofgrid.matchless import tasks  # noqa: PLC0415 (as above)

    return TasksSurface(tasks.__name__, tasks.STUDY_TASKS)


def _draw() -> DrawSurface:
    from proofgrid.matchless import draw  # noqa: PLC0415 (as above)

    return DrawSurface(
        draw.__name__,
        draw.draw,
        draw.grade,
        draw.solution_notes,
        draw.record,
        draw.goal,
        draw.rules,
    )


class Matchless(Puzzle[Params, State]):
    """The Matchless back end behind the uniform puzzle contract."""

    name = "matchless"
    title = "Matchless"
    summary = "Matchless: light the whole sky with the fewest matches (par is proved)."
    surfaces: ClassVar[Surfaces] = Surfaces(cli=_cli, api=_api, tasks=_tasks, draw=_draw)

    # --- params
    def default_params(self) -> Params:
        """The default parameters (6x6, density 70%, up to 2 fuses per shell)."""
        return params.default_params()

    def presets(self) -> dict[str, Params]:
        """Named presets."""
        return params.presets()

    def encode_params(self, p: Params) -> str:
        """Params as text, full form (``6x6d70f2``)."""
        return params.encode_params(p)

    def decode_params(self, text_: str) -> Params:
        """Params from text; raises InvalidParamsError."""
        return params.decode_params(text_)

    def validate_params(self, p: Params) -> None:
        """Raise InvalidParamsError unless the params are in range."""
        params.validate_params(p)

    # --- descriptions
    def generate(self, p: Params, seed: int) -> str:
        """Description of the generated board for ``(p, seed)``."""
        return generate.generate(p, seed)

    def validate_desc(self, p: Params, desc: str) -> None:
        """Raise a ProofgridError unless ``desc`` decodes to a board of ``p``'s size."""
        board = codec.decode_desc(desc)
        if (board.rows, board.cols) != (p.rows, p.cols):
            raise InvalidDescError(
                f"game ID says {p.rows}x{p.cols} but the board code is {board.rows}x{board.cols}"
            )

    def new_game(self, p: Params, desc: str) -> State:
        """Starting state of the described board."""
        self.validate_desc(p, desc)
        return game.new_game(desc)

    def game_id(self, p: Params, desc: str) -> str:
        """``RxC:desc`` (the size alone: density and fuses are generator settings)."""
        return f"{params.encode_params(p, full=False)}:{desc}"

    # --- moves
    def execute_move(self, state: State, move: str) -> State:
        """Strike the shell named by ``move`` (e.g. ``b3``)."""
        return game.execute_move(state, move)

    # --- answers
    def solve(self, state: State) -> Solution:
        """Par, witness and X-ray of the state's board."""
        return solve.solve(state.board)

    def hint(self, state: State, *, last_move: str | None = None, **options: object) -> Hint | None:
        """The proved hint (:mod:`proofgrid.matchless.hint`): a shell of a source component
        of the unlit shells, its words and its proof; None once the sky is clear."""
        return proved_hint.hint(state)

    def status(self, state: State) -> Status:
        """WON or PLAYING: a Matchless game is never lost (the sky can always be cleared);
        a position that can no longer make par says so in its hint."""
        return game.status(state)

    # --- text
    def format(self, state: State) -> str:
        """Text drawing of the position."""
        return text.format_state(state)

    # --- dailies
    def daily(self, date: dt.date) -> tuple[Params, str]:
        """The first board of the date's stream that clears the daily bar."""
        return daily_params(date), codec.encode_desc(daily(date).board)

    # --- JSON
    def board_json(self, p: Params, desc: str) -> dict[str, Any]:
        """:func:`proof_json` of the described board."""
        return proof_json(codec.decode_desc(desc))

    def position_json(self, state: State, board: Mapping[str, Any]) -> dict[str, Any]:
        """Matches so far, the remaining par of the unlit shells and what is still reachable.

        ``remaining_par`` is the par of the subgraph the unlit shells induce (its
        source components), so ``matches + remaining_par`` is the best final score
        left, and par is still reachable iff that equals the board's ``par``. O(n + m).
        """
        b = state.board
        rem = solve.remaining_par(b, state.unlit).par
        best = state.matches + rem
        return {
            "matches": state.matches,
            "remaining_par": rem,
            "best_reachable": best,
            "par_reachable": best == board["par"],
            "lit": [list(b.shell_rc(v)) for v in range(b.n) if state.is_lit(v)],
            "won": state.unlit == 0,
        }

    # --- serving cost
    def job_cost(self, p: Params) -> int:
        """Tenths of a second a request may take on a board of ``p``: the duel bot's search
        grows about with the square of the cells (10x10 ~ 10, 6x6 ~ 1)."""
        cells = p.rows * p.cols
        return max(1, cells * cells // 1000)


MATCHLESS = Matchless()
