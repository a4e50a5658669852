"""The uniform puzzle contract, after Simon Tatham's puzzle collection.

Every puzzle back end (``proofgrid.matchless``, ``proofgrid.kirchhoff``)
provides the same named operations, in this order in its modules:

* params: ``default_params``, ``presets``, ``encode_params`` /
  ``decode_params`` / ``validate_params``;
* descriptions: ``generate(params, seed) -> desc``, ``validate_desc(desc)``
  (raises :class:`InvalidDescError`), ``new_game(desc) -> State``;
* moves as short strings: ``execute_move(state, move) -> State`` (pure;
  raises :class:`InvalidMoveError`);
* answers: ``solve(state)``, ``hint(state) -> Hint | None``, ``status(state) -> Status``;
* text: ``format(state)``.

Game IDs are text both ways: ``params:desc`` names a fixed board and
``params#seed`` a generated one. :func:`split_game_id` separates the parts;
each puzzle decodes them. Every error a user can cause is a subclass of
:class:`ProofgridError`, itself a :class:`ValueError`, and carries a one-line
message fit to print after ``error:``.
"""

from __future__ import annotations

import abc
import datetime as dt
import enum
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from proofgrid.drawing import Drawing, text_drawing
from proofgrid.errors import (
    InvalidDescError,
    InvalidGameIdError,
    InvalidMoveError,
    InvalidParamsError,
    ProofgridError,
)
from proofgrid.rng import seed_from_text

__all__ = [
    "GameId",
    "Hint",
    "InvalidDescError",
    "InvalidGameIdError",
    "InvalidMoveError",
    "InvalidParamsError",
    "ProofgridError",
    "Puzzle",
    "Status",
    "parse_seed",
    "split_game_id",
]


class Status(enum.Enum):
    """Outcome of a position: still playing, won, or lost (no way to win)."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


@dataclass(frozen=True, slots=True)
class Hint:
    """The contract's hint: the move to play next, its reason in words, and its proof.

    One value for every puzzle, so the midend serves every puzzle's hints with
    one JSON shape (:meth:`Puzzle.hint_json`); the ``repr`` pastes back.

    Attributes
    ----------
    move : str or None
        The move to play, in the puzzle's move notation (``c4``, ``a1>b1``):
        what :meth:`Puzzle.execute_move` accepts. ``None`` when no move is
        worth suggesting (the position is lost, or nothing is forced).
    words : tuple of str
        The reason in sentences a player reads, first the headline.
    proof : mapping or None
        The checkable proof as plain JSON (its format is the puzzle's and is
        documented with it); ``None`` when the puzzle has none to show.
    extra : mapping
        What only this puzzle says about the hint (plain JSON); it appears in
        the JSON under the puzzle's name.
    """

    move: str | None
    words: tuple[str, ...] = ()
    proof: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameId:
    """A parsed game ID: ``params`` and exactly one of ``desc`` or ``seed``."""

    params: str
    desc: str | None = None
    seed: str | None = None

    def __str__(self) -> str:
        if self.desc is not None:
            return f"{self.params}:{self.desc}"
        return f"{self.params}#{self.seed}"


_MAX_ID = 4096


def split_game_id(text: str) -> GameId:
    """Split ``params:desc`` or ``params#seed`` (whitespace trimmed).

    Raises :class:`InvalidGameIdError` with a one-line reason otherwise.
    """
    if not isinstance(text, str):
        raise InvalidGameIdError("game ID must be text")
    text = text.strip()
    if not text:
        raise InvalidGameIdError("empty game ID")
    if len(text) > _MAX_ID:
        raise InvalidGameIdError(f"game ID longer than {_MAX_ID} characters")
    colon, hash_ = text.find(":"), text.find("#")
    if colon < 0 and hash_ < 0:
        raise InvalidGameIdError(f"game ID {text[:40]!r} has neither ':' nor '#'")
    if hash_ < 0 or (0 <= colon < hash_):
        params, desc = text[:colon], text[colon + 1 :]
        if not desc:
            raise InvalidGameIdError("game ID has an empty description after ':'")
        return GameId(params=params, desc=desc)
    params, seed = text[:hash_], text[hash_ + 1 :]
    if not seed:
        raise InvalidGameIdError("game ID has an empty seed after '#'")
    return GameId(params=params, seed=seed)


def parse_seed(text: str) -> int:
    """The 64-bit seed that the seed text of a ``params#seed`` game ID stands for.

    A text of 1–20 ASCII decimal digits whose value is below 2**64 is that
    integer; any other text (trimmed) is hashed by
    :func:`proofgrid.rng.seed_from_text` (FNV-1a over UTF-8, then SplitMix64).
    Text that is not valid Unicode (a lone surrogate) raises
    :class:`InvalidGameIdError`. Both puzzles and their JavaScript mirrors use
    exactly this rule.
    """
    t = text.strip()
    if t.isascii() and t.isdigit() and len(t) <= 20 and int(t) < 1 << 64:
        return int(t)
    try:
        return seed_from_text(t)
    except UnicodeEncodeError:
        raise InvalidGameIdError("seed text is not valid Unicode (lone surrogate)") from None


P = TypeVar("P")
S = TypeVar("S")


class Puzzle(abc.ABC, Generic[P, S]):
    """One puzzle back end: the contract every shared surface consumes.

    A puzzle package ends, as each of Tatham's puzzle files ends by filling one
    ``struct game``, by making one instance of a subclass of this class; the
    registry (:mod:`proofgrid.registry`) names the instance by import path, and
    the midend (:mod:`proofgrid.midend`), the CLI, the API, the studies runner
    and the site shell use nothing else of the puzzle.

    The operations come in the contract's order: params → descriptions →
    moves → answers → text, then dailies, JSON shapes and the optional hooks
    through which a puzzle adds what only it has (commands, routes, study
    tasks). ``P`` is the puzzle's params type and ``S`` its (immutable)
    position type.
    """

    #: Registry name, also the CLI group and the ``/api/{name}`` prefix.
    name: str = ""
    #: Name shown to people.
    title: str = ""
    #: One line for ``proofgrid --help``.
    summary: str = ""
    #: The first daily board's date (puzzle #1; dates before it are refused unless
    #: :attr:`daily_before_launch`).
    launch: dt.date = dt.date(2026, 11, 30)
    #: Whether dailies exist before :attr:`launch` too (their number is then ``None``).
    daily_before_launch: bool = False

    # --- params -------------------------------------------------------------------------

    @abc.abstractmethod
    def default_params(self) -> P:
        """The params used when none are given."""

    @abc.abstractmethod
    def presets(self) -> Mapping[str, P]:
        """Named presets, easiest first."""

    @abc.abstractmethod
    def encode_params(self, params: P) -> str:
        """Params as text (the canonical form used in ``params#seed`` IDs)."""

    @abc.abstractmethod
    def decode_params(self, text: str) -> P:
        """Params from text; raises :class:`InvalidParamsError`."""

    def validate_params(self, params: P) -> None:
        """Raise :class:`InvalidParamsError` unless ``params`` are in range."""

    # --- descriptions -------------------------------------------------------------------

    @abc.abstractmethod
    def generate(self, params: P, seed: int) -> str:
        """The description of the board generated from ``(params, seed)``; deterministic."""

    @abc.abstractmethod
    def validate_desc(self, params: P, desc: str) -> None:
        """Raise an :class:`InvalidDescError` (or other ``ProofgridError``) unless valid.

        Anything that passes must never crash the engine.
        """

    @abc.abstractmethod
    def new_game(self, params: P, desc: str) -> S:
        """The starting position of a (valid) described board."""

    def game_id(self, params: P, desc: str) -> str:
        """The fixed-board game ID ``params:desc`` (canonical text)."""
        return f"{self.encode_params(params)}:{desc}"

    # --- moves --------------------------------------------------------------------------

    @abc.abstractmethod
    def execute_move(self, state: S, move: str) -> S:
        """The position after ``move``; pure; raises :class:`InvalidMoveError`."""

    # --- answers ------------------------------------------------------------------------

    @abc.abstractmethod
    def solve(self, state: S) -> Any:
        """The answer with its proof (what that is belongs to the puzzle)."""

    #: Options only this puzzle's hints take (``Kirchhoff``'s ``--mark-empties``),
    #: as :class:`proofgrid.study_tasks.Option` rows: the CLI's ``hint`` command
    #: offers them and passes their values to :meth:`hint` by name.
    hint_options: ClassVar[tuple[Any, ...]] = ()

    @abc.abstractmethod
    def hint(self, state: S, *, last_move: str | None = None, **options: Any) -> Hint | None:
        """The next move with its reason and proof; None once the game is won.

        ``last_move`` is the move that led to ``state`` (if known): a puzzle
        may prefer a hint next to it among equally good ones. ``options`` are
        the values of :attr:`hint_options`, by name.
        """

    def hint_json(self, hint: Hint | None) -> dict[str, Any] | None:
        """A hint as JSON: ``move``, ``words``, ``proof`` and the puzzle's :attr:`name`
        holding :attr:`Hint.extra` (``None`` for no hint)."""
        if hint is None:
            return None
        return {
            "move": hint.move,
            "words": list(hint.words),
            "proof": None if hint.proof is None else dict(hint.proof),
            self.name: dict(hint.extra),
        }

    @abc.abstractmethod
    def status(self, state: S) -> Status:
        """Won, playing, or lost (no way left to win)."""

    # --- text ---------------------------------------------------------------------------

    @abc.abstractmethod
    def format(self, state: S) -> str:
        """A text drawing of the position, for terminals and tests."""

    def draw(self, state: S, solved: bool = False) -> Drawing:
        """The position as a neutral :class:`~proofgrid.drawing.Drawing` (``solved``: with its
        answer shown); the ``draw`` surface's ``draw(state, solved)``, else the text of
        :meth:`format` in a monospaced font."""
        own = self.surface("draw")
        return own.draw(state, solved) if own is not None else text_drawing(self.format(state))

    # --- dailies ------------------------------------------------------------------------

    @abc.abstractmethod
    def daily(self, date: dt.date) -> tuple[P, str]:
        """Params and description of the daily board of ``date`` (on or after :attr:`launch`)."""

    def daily_seed_id(self, date: dt.date) -> str | None:
        """The ``params#seed`` ID that regenerates the daily of ``date``, if it has one."""
        return None

    # --- JSON shapes --------------------------------------------------------------------

    @abc.abstractmethod
    def board_json(self, params: P, desc: str) -> dict[str, Any]:
        """The board with its proof as plain JSON (the ``--json`` and API fields)."""

    def position_json(self, state: S, board: Mapping[str, Any]) -> dict[str, Any]:
        """Where a position stands, as JSON (the API's ``solve`` answers it as ``position``).

        ``board`` is :meth:`board_json` of the position's board, so a puzzle can
        compare the position with the proof (e.g. its par) without solving twice.
        The ``api`` surface's ``position_json(state, board)`` when there is one.
        """
        api = self.surface("api")
        if api is not None and hasattr(api, "position_json"):
            return dict(api.position_json(state, board))
        return {"status": self.status(state).value}

    def api_models(self) -> Mapping[str, Any]:
        """Pydantic response models of the generic API routes, by route: ``daily``,
        ``new``, ``solve`` (the ``api`` surface's ``MODELS``; a route without one
        answers plain JSON)."""
        api = self.surface("api")
        return dict(getattr(api, "MODELS", {})) if api is not None else {}

    # --- hooks: what only this puzzle has -----------------------------------------------

    #: The modules of this puzzle's own surfaces, by role, imported only when one is
    #: used (so naming a puzzle loads neither typer nor FastAPI). A surface declares
    #: what only this puzzle has as plain functions and data, and imports neither
    #: :mod:`proofgrid.cli` nor :mod:`proofgrid.server`: the frameworks mount it.
    #: ``"cli"`` provides ``COMMANDS`` (:class:`proofgrid.frontend.Command` rows)
    #: and ``puzzle_cli(puzzle)`` (a :class:`proofgrid.frontend.PuzzleCli`);
    #: ``"api"`` provides ``MODELS``, ``position_json(state, board)``,
    #: ``board_json(game)`` and ``ROUTES`` (:class:`proofgrid.routes.Route` rows);
    #: ``"tasks"`` provides ``STUDY_TASKS``; ``"draw"`` provides ``draw(state, solved)``
    #: and the book's and result codes' notes (:mod:`proofgrid.book`). Every name is optional.
    surfaces: ClassVar[Mapping[str, str]] = {}

    def surface(self, role: str) -> Any:
        """The module of one of this puzzle's surfaces (imported on first use), or None."""
        module = self.surfaces.get(role)
        return importlib.import_module(module) if module else None

    def commands(self) -> tuple[Any, ...]:
        """The CLI commands only this puzzle has (the ``cli`` surface's ``COMMANDS``):
        :class:`proofgrid.frontend.Command` rows the CLI mounts on its group."""
        cli = self.surface("cli")
        return tuple(getattr(cli, "COMMANDS", ())) if cli is not None else ()

    def cli(self) -> Any:
        """How the shared CLI commands print this puzzle, or None for the defaults.

        A :class:`proofgrid.frontend.PuzzleCli` made by the ``cli`` surface's
        ``puzzle_cli(puzzle)``.
        """
        cli = self.surface("cli")
        return cli.puzzle_cli(self) if cli is not None and hasattr(cli, "puzzle_cli") else None

    def routes(self) -> tuple[Any, ...]:
        """The API routes only this puzzle has (the ``api`` surface's ``ROUTES``):
        :class:`proofgrid.routes.Route` rows the server mounts under ``/api/{name}``."""
        api = self.surface("api")
        return tuple(getattr(api, "ROUTES", ())) if api is not None else ()

    def study_tasks(self) -> Mapping[str, Any]:
        """This puzzle's tasks for the studies runner, by kind (``bank``, ``stats``, ...)."""
        tasks = self.surface("tasks")
        return dict(getattr(tasks, "STUDY_TASKS", {})) if tasks is not None else {}

    # --- serving cost
    def job_cost(self, params: P) -> int:
        """The expected engine time of one request (solve, hint, bot move) on a board of
        ``params``, in tenths of a second on one core; at least 1.

        The server sends requests priced at 10 (one second) or more to its
        costly lane, seeded or user-made alike, so cheap requests never wait
        behind them, and starts its estimate of their wait from this price.
        An estimate, not a promise: the time budget still bounds every job.
        The default prices every board as cheap. O(1).
        """
        return 1
