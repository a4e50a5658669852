"""One seed-text rule for both puzzles; text that cannot be encoded is a one-line error."""

from __future__ import annotations

import pytest

from proofgrid.cli import main
from proofgrid.kirchhoff.codec import parse_game_id
from proofgrid.matchless.generate import seed_value
from proofgrid.puzzle import InvalidGameIdError
from proofgrid.rng import seed_from_text


def test_lone_surrogate_seed_is_a_game_id_error() -> None:
    with pytest.raises(InvalidGameIdError, match="lone surrogate"):
        seed_value("x\udcffy")


def test_unicode_seed_text_is_hashed() -> None:
    assert seed_value("  café ") == seed_from_text("café")
    assert seed_value("42") == 42


def test_cli_reports_bad_seed_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matchless", "solve", "6x6#\udcff"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_kirchhoff_uses_the_same_seed_rule() -> None:
    assert parse_game_id("5x5de#42").seed == 42
    with pytest.raises(InvalidGameIdError, match="lone surrogate"):
        parse_game_id("5x5de#\ud800")
