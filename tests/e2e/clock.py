"""The browser's calendar day for tests that open a daily more than once.

A daily test reads the day's date from the page, then reloads or comes back to
the daily and expects the same day (the same board, "You finished today's
daily", the streak). Run near midnight, the second visit would meet the next
day's daily. :func:`pin_noon` starts the page's clock at 12:00 UTC of the day,
so the day cannot change during a test (time then flows normally: timers,
animations and the game clock run as usual). The page reads its own date, as
the tests do; a machine's time zone moves noon UTC by at most 14 hours.

The day is today's UTC date, so CI still plays each new day's boards; set
``PROOFGRID_E2E_DAY=YYYY-MM-DD`` to play another day's (for instance a date
after the Matchless generator switch, 2027-01-01).
"""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

DAY_ENV = "PROOFGRID_E2E_DAY"


def e2e_day() -> dt.date:
    """The day the daily tests play: ``$PROOFGRID_E2E_DAY`` or today's UTC date."""
    text = os.environ.get(DAY_ENV)
    return dt.date.fromisoformat(text) if text else dt.datetime.now(dt.UTC).date()


def pin_noon(page: Any, day: dt.date | None = None) -> dt.date:
    """Start the clock of ``page``'s browser context at 12:00 UTC of ``day`` (default
    :func:`e2e_day`; call before the first navigation); returns that day."""
    day = day or e2e_day()
    page.context.clock.install(time=dt.datetime.combine(day, dt.time(12), dt.UTC))
    return day
