"""Daily boards: deterministic per date and generator version, nothing stored."""

from __future__ import annotations

import datetime as dt

import pytest

from proofgrid.kirchhoff.codec import parse_game_id
from proofgrid.kirchhoff.daily import daily, daily_id, daily_seed_text, parse_date
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.puzzle import InvalidParamsError


def test_daily_is_reproducible_from_its_id() -> None:
    day = dt.date(2026, 11, 30)
    assert daily_seed_text(day) == "kirchhoff/v1/2026-11-30"
    gid = daily_id(day, "easy")
    assert gid == "5x5de#kirchhoff/v1/2026-11-30"
    spec = parse_game_id(gid)
    assert spec.seed is not None
    assert generate_board(spec.params, spec.seed).board == daily(day, "easy").board
    assert daily(dt.date(2026, 12, 1), "easy").board != daily(day, "easy").board


def test_parse_date() -> None:
    assert parse_date("2026-01-02") == dt.date(2026, 1, 2)
    with pytest.raises(InvalidParamsError):
        parse_date("yesterday")
    with pytest.raises(InvalidParamsError):
        daily_id(dt.date(2026, 1, 2), "nope")
