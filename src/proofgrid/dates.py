"""Calendar dates as every puzzle and front end reads them: one rule, below the midend.

A date is written exactly ``YYYY-MM-DD`` in ASCII digits (:func:`parse_date`);
a command line's ``--date`` means today when omitted or empty
(:func:`date_option`); a server's "today" is the UTC date (:func:`utc_today`);
a daily's number counts days from its puzzle's launch (:func:`puzzle_number`).
The puzzles (their dailies and studies), the midend, the CLI and the API read
dates here, so no puzzle imports :mod:`proofgrid.midend` for them.
"""

from __future__ import annotations

import datetime as dt
import re

from proofgrid.errors import InvalidParamsError

__all__ = ["date_option", "parse_date", "puzzle_number", "utc_today"]

_DATE_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_date(text: str) -> dt.date:
    """A calendar date written exactly ``YYYY-MM-DD`` (ASCII digits, nothing before or
    after, not even a newline); raises :class:`InvalidParamsError`. O(1)."""
    if _DATE_RE.fullmatch(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    raise InvalidParamsError(f"cannot read date {text[:20]!r} (use YYYY-MM-DD)")


def date_option(text: str | None) -> dt.date:
    """A command line's ``--date``: today (local time) when omitted or empty, else
    :func:`parse_date` of the text with its surrounding spaces trimmed.

    The one reading of ``--date`` for every puzzle, so ``--date ''`` (a script's
    unset variable) means today everywhere.
    """
    t = (text or "").strip(" ")
    return parse_date(t) if t else dt.date.today()


def utc_today() -> dt.date:
    """Today's date in UTC (what "today's daily" means on a server)."""
    return dt.datetime.now(dt.UTC).date()


def puzzle_number(launch: dt.date, date: dt.date) -> int:
    """Days from ``launch`` (puzzle #1) to ``date``, plus one; raises
    :class:`InvalidParamsError` before the launch. O(1)."""
    number = (date - launch).days + 1
    if number < 1:
        raise InvalidParamsError(f"daily boards begin on {launch.isoformat()} (#1)")
    return number
