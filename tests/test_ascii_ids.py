"""ASCII digits only in game IDs and params, for every puzzle (issue 34, probe 11).

``٥x٥#1`` (Arabic-Indic five) used to be read as ``5x5#1``: Python's ``int`` and
``\\d`` accept every Unicode decimal digit. Oracle: the same ID with ASCII
digits resolves (so the refusal is about the characters, not the board), and
the refusal is one line from every door (the midend, the CLI's exit status 2,
the API's 400).
"""

from __future__ import annotations

import unicodedata
import warnings
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid import midend, registry
from proofgrid.cli import main
from proofgrid.errors import ProofgridError
from proofgrid.server import create_app
from tests.toy.entry import ENTRY

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Decimal digits of other scripts: Arabic-Indic, Devanagari, fullwidth, mathematical bold.
FOREIGN = ("\u0660", "\u0966", "\uff10", "\U0001d7ce")
NAMES = ["matchless", "kirchhoff", "lamps"]


@pytest.fixture(scope="module", autouse=True)
def toy() -> Iterator[None]:
    registry.register(ENTRY, replace=True)
    yield
    registry.unregister(ENTRY.name)


def _foreign(text: str, zero: str) -> str:
    """``text`` with every ASCII digit written in the script whose zero is ``zero``."""
    return "".join(chr(ord(zero) + int(c)) if c.isdigit() else c for c in text)


def _ids(name: str) -> tuple[str, str]:
    """A seeded and a fixed game ID of the puzzle's default params."""
    puzzle = registry.get(name)
    game = midend.seeded(puzzle, puzzle.default_params(), "1")
    assert game.seed_id is not None
    return game.seed_id, game.id


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("zero", FOREIGN)
def test_foreign_digits_in_params_are_refused_in_one_line(name: str, zero: str) -> None:
    puzzle = registry.get(name)
    assert unicodedata.decimal(zero) == 0
    for gid in _ids(name):
        params, sep, rest = gid.partition("#" if "#" in gid else ":")
        midend.resolve(puzzle, gid)  # the oracle: the ASCII ID is a board
        bad = _foreign(params, zero) + sep + rest
        with pytest.raises(ProofgridError) as err:
            midend.resolve(puzzle, bad)
        assert "\n" not in str(err.value) and "ASCII" in str(err.value)
        with pytest.raises(ProofgridError):
            midend.decode_params(puzzle, _foreign(params, zero))


@pytest.mark.parametrize("name", NAMES)
def test_a_foreign_character_in_a_description_is_refused(name: str) -> None:
    puzzle = registry.get(name)
    _, fixed = _ids(name)
    params, _, desc = fixed.partition(":")
    for i in (0, len(desc) - 1):
        bad = f"{params}:{desc[:i]}\u0661{desc[i + 1 :]}"
        with pytest.raises(ProofgridError) as err:
            midend.resolve(puzzle, bad)
        assert "\n" not in str(err.value)


@given(st.text(min_size=1, max_size=12).filter(lambda t: not t.isascii()))
@settings(max_examples=200, deadline=None)
def test_any_non_ascii_params_text_is_refused(text: str) -> None:
    for name in NAMES:
        with pytest.raises(ProofgridError):
            midend.decode_params(registry.get(name), text)


@pytest.mark.parametrize(
    ("name", "move"), [("matchless", "a1"), ("matchless", "1,1"), ("kirchhoff", "a1>b1")]
)
def test_foreign_digits_in_a_move_are_refused(name: str, move: str) -> None:
    puzzle = registry.get(name)
    game = midend.resolve(puzzle, _ids(name)[0])
    game.play([move])  # the oracle: the ASCII move is legal here
    with pytest.raises(ProofgridError) as err:
        game.play([_foreign(move, FOREIGN[0])])
    assert "\n" not in str(err.value) and "ASCII" in str(err.value)


def test_the_seed_text_may_be_any_text() -> None:
    """The seed after ``#`` is hashed, not read as a number: it stays free text."""
    puzzle = registry.get("matchless")
    assert midend.resolve(puzzle, "5x5#\u0665").desc != midend.resolve(puzzle, "5x5#5").desc


@pytest.mark.parametrize("name", NAMES)
def test_every_door_refuses_them(capsys: pytest.CaptureFixture[str], name: str) -> None:
    seeded, _ = _ids(name)
    bad = _foreign(seeded.partition("#")[0], FOREIGN[0]) + "#1"
    for command in (["solve", bad], ["hint", bad], ["status", bad]):
        assert main([name, *command]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1
    params = _foreign(
        registry.get(name).encode_params(registry.get(name).default_params()), "\u0660"
    )
    assert main([name, "new", "--params", params, "--seed", "1"]) == 2
    with TestClient(create_app(), raise_server_exceptions=False) as api:
        for got in (
            api.post(f"/api/{name}/solve", json={"id": bad}),
            api.post(f"/api/{name}/hint", json={"id": bad}),
            api.get(f"/api/{name}/new", params={"params": params, "seed": "1"}),
        ):
            assert got.status_code == 400, got.text
            assert "ASCII" in got.json()["detail"]
