"""A daily Kirchhoff board per calendar date; nothing is stored.

The board of a date is generated from the seed text
``kirchhoff/v<GENERATOR_VERSION>/<YYYY-MM-DD>`` (hashed by
:func:`proofgrid.rng.seed_from_text`) with the daily preset, so anyone with the
same generator version gets the same board, and a new generator version gives
a new series. Its game ID is ``<params>#<seed text>``, which regenerates it.

The series starts on :data:`LAUNCH` (2026-11-30, puzzle #1, the same day as
Matchless); earlier dates are refused, as Matchless refuses them.
"""

from __future__ import annotations

import datetime as dt

from proofgrid.dates import date_option
from proofgrid.kirchhoff.codec import Params, encode_params, presets
from proofgrid.kirchhoff.generate import GENERATOR_VERSION, Generated, generate_board
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import seed_from_text

__all__ = ["DAILY_PRESET", "LAUNCH", "daily", "daily_id", "daily_seed_text", "parse_date"]

DAILY_PRESET = "hard"
#: The first daily (#1); the same launch as Matchless's.
LAUNCH = dt.date(2026, 11, 30)


def _check_launch(day: dt.date) -> None:
    if day < LAUNCH:
        raise InvalidParamsError(f"daily boards begin on {LAUNCH.isoformat()} (#1)")


def daily_seed_text(day: dt.date) -> str:
    """``kirchhoff/v1/2026-11-30`` for generator version 1."""
    return f"kirchhoff/v{GENERATOR_VERSION}/{day.isoformat()}"


def _params(preset: str) -> Params:
    table = presets()
    key = preset.strip().lower()  # preset names are case-insensitive everywhere
    if key not in table:
        raise InvalidParamsError(f"unknown preset {preset!r} (choose from {', '.join(table)})")
    return table[key]


def daily_id(day: dt.date, preset: str = DAILY_PRESET) -> str:
    """The game ID of the day's board, e.g. ``7x7dh#kirchhoff/v1/2026-11-30``.

    Raises :class:`InvalidParamsError` before :data:`LAUNCH`.
    """
    _check_launch(day)
    return f"{encode_params(_params(preset))}#{daily_seed_text(day)}"


def daily(day: dt.date, preset: str = DAILY_PRESET) -> Generated:
    """Generate the day's board (deterministic; the same for everyone; none before launch)."""
    _check_launch(day)
    return generate_board(_params(preset), seed_from_text(daily_seed_text(day)))


def parse_date(text: str | None) -> dt.date:
    """Exactly ``YYYY-MM-DD`` (:func:`proofgrid.dates.parse_date`, after trimming
    spaces) to a date; today (local time) when None or empty
    (:func:`proofgrid.dates.date_option`); raises InvalidParamsError
    (``20261225``, ``2026-W52-5`` and a trailing newline too)."""
    return date_option(text)
