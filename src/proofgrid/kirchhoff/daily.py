"""A daily Kirchhoff board per calendar date; nothing is stored.

The board of a date is generated from the seed text
``kirchhoff/v<GENERATOR_VERSION>/<YYYY-MM-DD>`` (hashed by
:func:`proofgrid.rng.seed_from_text`) with the daily preset, so anyone with the
same generator version gets the same board, and a new generator version gives
a new series. Its game ID is ``<params>#<seed text>``, which regenerates it.
"""

from __future__ import annotations

import datetime as dt

from proofgrid.kirchhoff.codec import Params, encode_params, presets
from proofgrid.kirchhoff.generate import GENERATOR_VERSION, Generated, generate_board
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import seed_from_text

__all__ = ["DAILY_PRESET", "daily", "daily_id", "daily_seed_text", "parse_date"]

DAILY_PRESET = "hard"


def daily_seed_text(day: dt.date) -> str:
    """``kirchhoff/v1/2026-11-30`` for generator version 1."""
    return f"kirchhoff/v{GENERATOR_VERSION}/{day.isoformat()}"


def _params(preset: str) -> Params:
    table = presets()
    if preset not in table:
        raise InvalidParamsError(f"unknown preset {preset!r} (choose from {', '.join(table)})")
    return table[preset]


def daily_id(day: dt.date, preset: str = DAILY_PRESET) -> str:
    """The game ID of the day's board, e.g. ``7x7dh#kirchhoff/v1/2026-11-30``."""
    return f"{encode_params(_params(preset))}#{daily_seed_text(day)}"


def daily(day: dt.date, preset: str = DAILY_PRESET) -> Generated:
    """Generate the day's board (deterministic; the same for everyone)."""
    return generate_board(_params(preset), seed_from_text(daily_seed_text(day)))


def parse_date(text: str | None) -> dt.date:
    """``YYYY-MM-DD`` to a date (today, local time, when None); raises InvalidParamsError."""
    if text is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidParamsError(f"bad date {text[:20]!r}: expected YYYY-MM-DD") from None
