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


def test_dailies_start_at_the_launch_like_matchless() -> None:
    from proofgrid import midend, registry  # noqa: PLC0415
    from proofgrid.kirchhoff.daily import LAUNCH  # noqa: PLC0415

    assert LAUNCH == registry.get("matchless").launch == dt.date(2026, 11, 30)
    for day in (dt.date(1, 1, 1), dt.date(2026, 11, 29)):
        with pytest.raises(InvalidParamsError, match="begin on 2026-11-30"):
            daily(day)
        with pytest.raises(InvalidParamsError, match="begin on 2026-11-30"):
            daily_id(day)
        for name in ("kirchhoff", "matchless"):  # refused alike
            with pytest.raises(InvalidParamsError, match="begin on 2026-11-30"):
                midend.daily_json(registry.get(name), day)


@pytest.mark.parametrize("iso", ["2026-11-30", "2026-12-25", "2027-03-01"])
def test_no_daily_since_the_launch_changes(iso: str) -> None:
    # oracle: the generator run on the documented seed text, not daily.py's path
    from proofgrid.kirchhoff.codec import presets  # noqa: PLC0415
    from proofgrid.rng import seed_from_text  # noqa: PLC0415

    day = dt.date.fromisoformat(iso)
    expected = generate_board(presets()["hard"], seed_from_text(f"kirchhoff/v1/{iso}")).board
    assert daily(day).board == expected
    assert daily_id(day) == f"7x7dh#kirchhoff/v1/{iso}"


@pytest.mark.parametrize(
    "text", ["20261225", "2026-W52-5", "2026-12-25\n", "\t2026-12-25", "2026-12-2５"]
)
def test_parse_date_is_exact(text: str) -> None:
    with pytest.raises(InvalidParamsError):
        parse_date(text)


def test_preset_names_are_case_insensitive() -> None:
    assert daily_id(dt.date(2026, 12, 1), "EASY") == daily_id(dt.date(2026, 12, 1), "easy")
