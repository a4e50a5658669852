"""``proofgrid matchless verify`` without ``--start`` begins at today's UTC date.

Dailies are defined on UTC dates (the server answers UTC), so the local clock's
time zone must not move the first daily checked. Oracle: the UTC date read from
the system clock here, under two time zones 26 hours apart (UTC+14 and UTC−12):
at any instant at least one of them has a local date other than the UTC date,
so reading the local date fails this test whenever it runs.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from typing import Any

import pytest

from proofgrid.matchless import verify
from proofgrid.matchless.daily import LAUNCH
from proofgrid.matchless.tasks import VERIFY


@pytest.fixture
def restore_tz(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """``TZ`` may be set through the returned monkeypatch; the process zone is reset after."""
    yield monkeypatch
    monkeypatch.undo()
    time.tzset()


def _utc_today() -> dt.date:
    return dt.datetime.fromtimestamp(time.time(), dt.UTC).date()


@pytest.mark.parametrize("zone", ["Etc/GMT-14", "Etc/GMT+12"])  # POSIX signs: UTC+14, UTC−12
def test_default_start_is_the_utc_date(restore_tz: pytest.MonkeyPatch, zone: str) -> None:
    seen: list[dt.date] = []

    def fake_run_verify(*, quick: bool, start: dt.date, runner: Any) -> verify.VerifyReport:
        seen.append(start)
        return verify.VerifyReport()

    restore_tz.setattr(verify, "run_verify", fake_run_verify)
    restore_tz.setenv("TZ", zone)
    time.tzset()
    before = _utc_today()
    VERIFY.prepare(True, {"start": None})(None)  # type: ignore[arg-type]  # the fake runs nothing
    after = _utc_today()
    assert seen and seen[0] in {max(before, LAUNCH), max(after, LAUNCH)}
