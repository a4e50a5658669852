"""The uniform puzzle contract, after Simon Tatham's puzzle collection.

Every puzzle back end (``proofgrid.matchless``, ``proofgrid.kirchhoff``)
provides the same named operations, in this order in its modules:

* params: ``default_params``, ``presets``, ``encode_params`` /
  ``decode_params`` / ``validate_params``;
* descriptions: ``generate(params, seed) -> desc``, ``validate_desc(desc)``
  (raises :class:`InvalidDescError`), ``new_game(desc) -> State``;
* moves as short strings: ``execute_move(state, move) -> State`` (pure;
  raises :class:`InvalidMoveError`);
* answers: ``solve(state)``, ``hint(state)``, ``status(state) -> Status``;
* text: ``format(state)``.

Game IDs are text both ways: ``params:desc`` names a fixed board and
``params#seed`` a generated one. :func:`split_game_id` separates the parts;
each puzzle decodes them. Every error a user can cause is a subclass of
:class:`ProofgridError`, itself a :class:`ValueError`, and carries a one-line
message fit to print after ``error:``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from proofgrid.rng import seed_from_text

__all__ = [
    "GameId",
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


class ProofgridError(ValueError):
    """Base of every error caused by bad input; its message is one line."""


class InvalidParamsError(ProofgridError):
    """A params string or value is malformed or out of range."""


class InvalidDescError(ProofgridError):
    """A board description (the part after ``:``) is corrupt or invalid."""


class InvalidGameIdError(ProofgridError):
    """A game ID is not of the form ``params:desc`` or ``params#seed``."""


class InvalidMoveError(ProofgridError):
    """A move string is malformed or illegal in the current state."""


class Status(enum.Enum):
    """Outcome of a position: still playing, won, or lost (no way to win)."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


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


class Puzzle(Protocol, Generic[P, S]):
    """Structural type of a puzzle back end (see module docstring)."""

    name: str

    def default_params(self) -> P: ...
    def presets(self) -> dict[str, P]: ...
    def encode_params(self, params: P) -> str: ...
    def decode_params(self, text: str) -> P: ...
    def validate_params(self, params: P) -> None: ...
    def generate(self, params: P, seed: int) -> str: ...
    def validate_desc(self, params: P, desc: str) -> None: ...
    def new_game(self, params: P, desc: str) -> S: ...
    def execute_move(self, state: S, move: str) -> S: ...
    def solve(self, state: S) -> Any: ...
    def hint(self, state: S) -> Any: ...
    def status(self, state: S) -> Status: ...
    def format(self, state: S) -> str: ...
