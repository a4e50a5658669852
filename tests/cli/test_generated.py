"""The shared commands (new, solve, daily, play) generated for every registered puzzle.

Oracles: the pinned outputs of ``tests/pins`` cover the text and JSON each
puzzle printed before the commands were generated; here, the option aliases
must give the same output as the original spellings, a printed game ID must
resolve to the board printed with it, and a puzzle registered from outside
(the toy of ``tests/toy``) gets the same commands from its contract alone.
"""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Run


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            ["matchless", "new", "--size", "5x5", "--seed", "7"],
            ["matchless", "new", "--params", "5x5", "-s", "7"],
        ),
        (
            ["matchless", "new", "--size", "4x4", "--seed", "1"],
            ["matchless", "new", "-p", "small", "--seed", "1"],
        ),
        (
            ["kirchhoff", "new", "--preset", "easy", "--seed", "42"],
            ["kirchhoff", "new", "-p", "easy", "-s", "42"],
        ),
        (
            ["kirchhoff", "new", "--params", "5x5de", "--seed", "42"],
            ["kirchhoff", "new", "--size", "easy", "--seed", "42"],
        ),
        (
            ["kirchhoff", "daily", "--date", "2026-12-01"],
            ["kirchhoff", "daily", "-d", "2026-12-01", "-p", "hard"],
        ),
        (
            ["matchless", "daily", "--date", "2026-12-01"],
            ["matchless", "daily", "-d", "2026-12-01"],
        ),
    ],
)
def test_aliases_print_the_same(run: Run, first: list[str], second: list[str]) -> None:
    a, b = run(*first), run(*second)
    assert a[0] == 0 and a == b


@pytest.mark.parametrize("puzzle", ["matchless", "kirchhoff"])
def test_new_id_resolves_to_the_same_board(run: Run, puzzle: str) -> None:
    code, out, _ = run(puzzle, "new", "--seed", "cli-test", "--json")
    assert code == 0
    made = json.loads(out)
    assert made["seed_id"].endswith("#cli-test")
    for gid in (made["id"], made["seed_id"]):
        code, out, _ = run(puzzle, "solve", gid, "--json")
        assert code == 0
        solved = json.loads(out)  # the board, then where the start stands (``position``)
        assert {k: v for k, v in made.items() if k != "seed_id"} == {
            k: v for k, v in solved.items() if k != "position"
        }


@pytest.mark.parametrize("puzzle", ["matchless", "kirchhoff"])
def test_daily_json_names_its_date(run: Run, puzzle: str) -> None:
    code, out, _ = run(puzzle, "daily", "--date", "2026-12-24", "--json")
    assert code == 0 and json.loads(out)["date"] == "2026-12-24"


@pytest.mark.parametrize(
    "argv",
    [
        ["matchless", "new", "--preset", "huge"],
        ["matchless", "daily", "--preset", "small"],
        ["kirchhoff", "new", "--params", "1x1"],
        ["kirchhoff", "play", "7x7dh:garbage"],
        ["matchless", "play", "--preset", "nope"],
        ["nosuchpuzzle", "new"],
    ],
)
def test_errors_are_one_line(run: Run, argv: list[str]) -> None:
    code, out, err = run(*argv)
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
    assert "Traceback" not in out + err


def test_an_outside_puzzle_gets_the_commands(run: Run, lamps: str) -> None:
    code, out, _ = run("--help")
    assert code == 0 and lamps in out
    code, out, _ = run(lamps, "new", "--params", "6", "--seed", "3", "--json")
    assert code == 0
    made = json.loads(out)
    assert made["seed_id"] == "6#3" and made["lamps"] == 6
    code, out, _ = run(lamps, "new", "-p", "large", "-s", "3")
    assert code == 0 and "id: 12:" in out and "seed id: 12#3" in out
    code, out, _ = run(lamps, "solve", made["id"], "--json")
    assert code == 0 and json.loads(out)["id"] == made["id"]
    code, out, _ = run(lamps, "solve", made["id"])
    assert code == 0 and out.startswith("solution: ")
    code, out, _ = run(lamps, "daily", "--date", "2026-12-01")
    assert code == 0 and out.startswith("Lamps #2 · 2026-12-01")
    code, out, _ = run(lamps, "daily", "--date", "2026-12-01", "--json")
    assert code == 0 and json.loads(out)["number"] == 2
    code, _, err = run(lamps, "solve", "6:01")
    assert code == 2 and err.startswith("error: lamps: a board of 6")
