"""Every error a user can cause, in one module that every layer may import.

Each is a :class:`ValueError` subclass whose message is one line, fit to print
after ``error:`` (CLI, exit status 2) or as an HTTP 400 ``detail`` (API). The
graph algorithms (:mod:`proofgrid.graph`), the puzzles, the midend, the CLI and
the server all raise and catch these same types, so no layer imports another
just to name an error.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

__all__ = [
    "InvalidDescError",
    "InvalidGameIdError",
    "InvalidMoveError",
    "InvalidParamsError",
    "MissingExtraError",
    "ProofgridError",
    "UnknownPuzzleError",
    "extra_imports",
    "missing_extra_message",
    "require_extra",
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


class ParInputError(ProofgridError):
    """A graph or costs that :func:`proofgrid.par.par` cannot read; the message is one
    line. (Here, below every reader of ``proofgrid par``, so the cluster path raises it
    without importing the package that calls it.)"""


class MissingExtraError(ProofgridError):
    """An optional feature's package is not installed; the message names the extra.

    For example ``--plot needs matplotlib, which is not installed: pip install
    'proofgrid[plots]'``.
    """


def missing_extra_message(feature: str, package: str, extra: str) -> str:
    """The one line that says which extra brings ``package`` for ``feature``."""
    return f"{feature} needs {package}, which is not installed: pip install 'proofgrid[{extra}]'"


def require_extra(module: str, *, extra: str, feature: str) -> ModuleType:
    """Import ``module`` (e.g. ``"pyarrow.parquet"``), or raise :class:`MissingExtraError`.

    Only a missing *top-level* package becomes the one-line message naming
    ``pip install 'proofgrid[EXTRA]'``; any other import failure (a broken
    install) propagates as it is. O(1) when the module is already loaded.

    Examples
    --------
    >>> require_extra("json", extra="none", feature="JSON").__name__
    'json'
    >>> try:
    ...     require_extra("no_such_package_x", extra="plots", feature="--plot")
    ... except MissingExtraError as exc:
    ...     print(exc)
    --plot needs no_such_package_x, which is not installed: pip install 'proofgrid[plots]'
    """
    with extra_imports(extra=extra, feature=feature, packages=(module.partition(".")[0],)):
        return importlib.import_module(module)


@contextmanager
def extra_imports(*, extra: str, feature: str, packages: tuple[str, ...]) -> Iterator[None]:
    """Turn a missing one of ``packages`` imported inside the block into :class:`MissingExtraError`.

    For modules that import several names of an optional package at their top
    (``from matplotlib.figure import Figure``): wrap the import of that module.
    """
    try:
        yield
    except ModuleNotFoundError as exc:
        top = (exc.name or "").partition(".")[0]
        if top not in packages:
            raise
        raise MissingExtraError(missing_extra_message(feature, top, extra)) from None
