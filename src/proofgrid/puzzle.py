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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from proofgrid.drawing import Drawing, Rules, text_drawing
from proofgrid.errors import (
    InvalidDescError,
    InvalidGameIdError,
    InvalidMoveError,
    InvalidParamsError,
    ProofgridError,
)
from proofgrid.rng import seed_from_text

if TYPE_CHECKING:  # the frameworks' vocabularies, for the surfaces' types only
    from pydantic import BaseModel

    from proofgrid.frontend import Command, PuzzleCli
    from proofgrid.routes import Route

__all__ = [
    "ApiSurface",
    "CliSurface",
    "DrawSurface",
    "GameId",
    "Hint",
    "InvalidDescError",
    "InvalidGameIdError",
    "InvalidMoveError",
    "InvalidParamsError",
    "ProofgridError",
    "Puzzle",
    "Status",
    "Surfaces",
    "TasksSurface",
    "ascii_move",
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


def ascii_move(move: str) -> str:
    """``move`` unchanged if it is ASCII, else a one-line :class:`InvalidMoveError`.

    The one rule of every door that reads a move (the midend, the CLI's play
    loop and each puzzle's own move parser): ``a١`` is not ``a1``, though
    Python's ``int`` and ``\\d`` would read it so. O(len(move)).
    """
    if not move.isascii():
        bad = next(ch for ch in move if not ch.isascii())
        raise InvalidMoveError(f"move {move[:12]!r} holds {bad!r}: moves are ASCII")
    return move


P = TypeVar("P")
S = TypeVar("S")


# --- the surfaces a puzzle may declare: typed, loaded on first use ---------------------------


@dataclass(frozen=True, slots=True)
class CliSurface:
    """What the CLI mounts for a puzzle besides the shared commands.

    Attributes
    ----------
    origin : str
        The module that declares it (``__name__``): a server preloads it.
    commands : tuple of Command
        The commands only this puzzle has (:class:`proofgrid.frontend.Command` rows).
    puzzle_cli : callable or None
        ``puzzle_cli(puzzle)``: how the shared commands print this puzzle
        (a :class:`proofgrid.frontend.PuzzleCli` subclass); None for the defaults.
    """

    origin: str
    commands: tuple[Command, ...] = ()
    puzzle_cli: Callable[[Puzzle[Any, Any]], PuzzleCli[Any, Any]] | None = None


@dataclass(frozen=True, slots=True)
class ApiSurface:
    """What the API mounts and documents for a puzzle besides the shared routes.

    Attributes
    ----------
    origin : str
        The module that declares it (``__name__``).
    board : type of BaseModel or None
        The model of :meth:`Puzzle.board_json` (the OpenAPI document composes every
        shared answer from it: new, daily, solve); None documents a plain object.
    position : type of BaseModel or None
        The model of :meth:`Puzzle.position_json`.
    routes : tuple of Route
        The routes only this puzzle has (:class:`proofgrid.routes.Route` rows).
    """

    origin: str
    board: type[BaseModel] | None = None
    position: type[BaseModel] | None = None
    routes: tuple[Route, ...] = ()


@dataclass(frozen=True, slots=True)
class TasksSurface:
    """A puzzle's studies: :mod:`proofgrid.study_tasks` rows by kind (``stats``,
    ``verify``, ``bank``, ``plot``), for the studies runner."""

    origin: str
    study_tasks: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class DrawSurface:
    """How a puzzle's boards are drawn and noted (the book, result codes).

    Attributes
    ----------
    origin : str
        The module that declares it (``__name__``).
    draw : callable
        ``draw(state, solved)``: the position as a :class:`~proofgrid.drawing.Drawing`.
    grade : callable or None
        ``grade(state)``: the board's grade in words (the book's heading).
    solution_notes : callable or None
        ``solution_notes(state)``: the lines printed under a solution.
    record : callable or None
        ``record(state)``: what a verified result code adds about its position.
    goal : callable or None
        ``goal(state)``: what a printed puzzle asks, in words (Matchless: its par).
    rules : callable or None
        ``rules()``: the book's rules page, a :class:`~proofgrid.drawing.Rules`.
    """

    origin: str
    draw: Callable[[Any, bool], Drawing]
    grade: Callable[[Any], str] | None = None
    solution_notes: Callable[[Any], Sequence[str]] | None = None
    record: Callable[[Any], Mapping[str, Any]] | None = None
    goal: Callable[[Any], str] | None = None
    rules: Callable[[], Rules] | None = None


@dataclass(frozen=True, slots=True)
class Surfaces:
    """A puzzle's declaration of its surfaces: one typed loader per role, each importing
    its module on first use (so naming a puzzle loads neither typer nor FastAPI).

    A loader is a function of the puzzle's contract module that imports its surface
    module and returns the surface it declares, so mypy checks every field a
    framework reads; a role a puzzle lacks is None. A surface declares what only
    this puzzle has as plain functions and data and imports neither
    :mod:`proofgrid.cli` nor :mod:`proofgrid.server`: the frameworks mount it.
    """

    cli: Callable[[], CliSurface] | None = None
    api: Callable[[], ApiSurface] | None = None
    tasks: Callable[[], TasksSurface] | None = None
    draw: Callable[[], DrawSurface] | None = None

    def loaded(self) -> tuple[CliSurface | ApiSurface | TasksSurface | DrawSurface, ...]:
        """Every declared surface, loaded (imports their modules)."""
        loaders = (self.cli, self.api, self.tasks, self.draw)
        return tuple(load() for load in loaders if load is not None)

    def values(self) -> tuple[str, ...]:
        """The modules of the declared surfaces (imports them): what a server preloads."""
        return tuple(dict.fromkeys(s.origin for s in self.loaded()))


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
    #: Whether every operation on a board this puzzle generated (``params#seed`` IDs,
    #: ``new``, dailies) ends within *counted* work (steps, never seconds), so its
    #: answer is the same on every machine under any load. The server then runs those
    #: jobs under its end-to-end bound only, never its time budget: load can make
    #: such an answer late (503, retry), never different (422). Off by default.
    counted_work: bool = False

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
        answer shown); the draw surface's ``draw``, else the text of :meth:`format` in a
        monospaced font."""
        own = self.draw_surface()
        return own.draw(state, solved) if own is not None else text_drawing(self.format(state))

    # --- dailies ------------------------------------------------------------------------

    @abc.abstractmethod
    def daily(self, date: dt.date) -> tuple[P, str]:
        """Params and description of the daily board of ``date`` (on or after :attr:`launch`)."""

    def daily_of(self, date: dt.date, preset: str) -> tuple[P, str]:
        """The daily board of ``date`` in the series of a named preset, for a puzzle with
        one daily series per preset; the default refuses (one daily board a day)."""
        raise InvalidParamsError(f"{self.name} has one daily board (drop --preset)")

    def daily_seed_id(self, date: dt.date, preset: str | None = None) -> str | None:
        """The ``params#seed`` ID that regenerates the daily of ``date`` (of ``preset``'s
        series, if given), if it has one."""
        return None

    # --- JSON shapes --------------------------------------------------------------------

    @abc.abstractmethod
    def board_json(self, params: P, desc: str) -> dict[str, Any]:
        """The board with its proof as plain JSON, ``id`` first: the one writer of the
        board fields that every answer about a board (new, daily, solve) starts with."""

    def position_json(self, state: S, board: Mapping[str, Any]) -> dict[str, Any]:
        """Where a position stands, as JSON (``solve`` answers it as ``position``).

        ``board`` is :meth:`board_json` of the position's board, so a puzzle can
        compare the position with the proof (e.g. its par) without solving twice.
        The default is the contract's status alone.
        """
        return {"status": self.status(state).value}

    # --- what only this puzzle has: typed surfaces, loaded on first use ---------------------

    #: This puzzle's surfaces (:class:`Surfaces`): typed loaders, each importing its
    #: module only when used, so naming a puzzle loads neither typer nor FastAPI.
    surfaces: ClassVar[Surfaces] = Surfaces()

    def cli_surface(self) -> CliSurface | None:
        """What the CLI mounts for this puzzle (:class:`CliSurface`), if it declares any."""
        return self.surfaces.cli() if self.surfaces.cli is not None else None

    def api_surface(self) -> ApiSurface | None:
        """What the API mounts for this puzzle (:class:`ApiSurface`), if it declares any."""
        return self.surfaces.api() if self.surfaces.api is not None else None

    def tasks_surface(self) -> TasksSurface | None:
        """This puzzle's studies (:class:`TasksSurface`), if it declares any."""
        return self.surfaces.tasks() if self.surfaces.tasks is not None else None

    def draw_surface(self) -> DrawSurface | None:
        """How this puzzle draws and notes its boards (:class:`DrawSurface`), if it declares it."""
        return self.surfaces.draw() if self.surfaces.draw is not None else None

    def commands(self) -> tuple[Command, ...]:
        """The CLI commands only this puzzle has (:attr:`CliSurface.commands`):
        :class:`proofgrid.frontend.Command` rows the CLI mounts on its group."""
        own = self.cli_surface()
        return own.commands if own is not None else ()

    def cli(self) -> PuzzleCli[P, S] | None:
        """How the shared CLI commands print this puzzle (:attr:`CliSurface.puzzle_cli`),
        or None for the defaults."""
        own = self.cli_surface()
        return own.puzzle_cli(self) if own is not None and own.puzzle_cli is not None else None

    def routes(self) -> tuple[Route, ...]:
        """The API routes only this puzzle has (:attr:`ApiSurface.routes`):
        :class:`proofgrid.routes.Route` rows the server mounts under ``/api/{name}``."""
        own = self.api_surface()
        return own.routes if own is not None else ()

    def study_tasks(self) -> Mapping[str, Any]:
        """This puzzle's tasks for the studies runner, by kind (``bank``, ``stats``, ...)."""
        own = self.tasks_surface()
        return dict(own.study_tasks) if own is not None else {}

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
