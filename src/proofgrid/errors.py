"""Every error a user can cause, in one module that every layer may import.

Each is a :class:`ValueError` subclass whose message is one line, fit to print
after ``error:`` (CLI, exit status 2) or as an HTTP 400 ``detail`` (API). The
graph algorithms (:mod:`proofgrid.graph`), the puzzles, the midend, the CLI and
the server all raise and catch these same types, so no layer imports another
just to name an error.
"""

from __future__ import annotations

__all__ = [
    "InvalidDescError",
    "InvalidGameIdError",
    "InvalidMoveError",
    "InvalidParamsError",
    "ProofgridError",
    "UnknownPuzzleError",
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


class UnknownPuzzleError(ProofgridError):
    """No puzzle of that name is registered."""
