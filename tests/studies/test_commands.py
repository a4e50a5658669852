"""``add_study_commands``: a puzzle's verify and stats built from its declared study tasks.

Oracles: the toy puzzle's table (``tests/toy``) computed here board by board
from its rules (one worker and two give the same bytes); a sabotaged solver
that its verification must catch; the one-line error and exit-status contract
(2 for bad input, 1 for a failed check); for the real puzzles, the same
command built from their tasks alone prints what the sequential engine computes.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
import typer
from typer.main import get_command

from proofgrid import registry
from proofgrid.cli.studies import add_study_commands, verify_command
from proofgrid.study_tasks import Option
from proofgrid.tasks import item_seed
from tests.toy.puzzle import LAMPS, Lamps, Row
from tests.toy.tasks import STUDY_TASKS


def _app(puzzle: Any) -> typer.Typer:
    group = typer.Typer(name=puzzle.name, no_args_is_help=True)
    add_study_commands(group, puzzle)
    return group


def run(capsys: pytest.CaptureFixture[str], puzzle: Any, *args: str) -> tuple[int, str, str]:
    result = get_command(_app(puzzle)).main(list(args), prog_name="x", standalone_mode=False)
    code = result if isinstance(result, int) else 0  # click returns typer.Exit's code
    out, err = capsys.readouterr()
    return code, out, err


def _lit(params: int, j: int) -> int:
    """Lamps lit on board ``j`` of the toy's stats, read through its rules (``new_game``)."""
    state = LAMPS.new_game(params, LAMPS.generate(params, item_seed("lamps/stats", str(params), j)))
    return sum(state.lit)


def test_toy_stats_from_declared_tasks(capsys: pytest.CaptureFixture[str]) -> None:
    expect = Counter(_lit(6, j) for j in range(23))
    outs = []
    for w in ("1", "2"):
        code, out, _ = run(capsys, LAMPS, "stats", "23", "--params", "6", "--json", "--workers", w)
        assert code == 0
        outs.append(out)
    assert outs[0] == outs[1]
    assert json.loads(outs[0]) == {str(k): v for k, v in sorted(expect.items())}
    code, out, _ = run(capsys, LAMPS, "stats", "23", "--params", "6", "--workers", "1")
    assert code == 0 and out.strip() == " ".join(f"{k}:{v}" for k, v in sorted(expect.items()))


def test_toy_errors_and_failures(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, LAMPS, "stats", "3", "--params", "x")
    assert code == 2 and err == "error: lamps: params 'x' must be a number from 3 to 30\n"
    code, out, _ = run(capsys, LAMPS, "verify", "--quick", "--workers", "1")
    assert code == 0 and out == "5 checks, 0 failures\n"
    code, out, _ = run(capsys, LAMPS, "stats", "--help")
    assert code == 0 and "--plot" not in out and "--params" in out  # no plot task, no --plot

    def short(self: Lamps, state: Row) -> list[int]:  # leaves the first lit lamp on
        return [i + 1 for i, on in enumerate(state.lit) if on][1:]

    monkeypatch.setattr(Lamps, "solve", short)  # one worker: the checks run in this process
    code, out, _ = run(capsys, LAMPS, "verify", "--workers", "1")
    fails = "".join(f"FAIL board {j}\n" for j in range(20))  # every board has a lit lamp
    assert code == 1 and out == fails + "40 checks, 40 failures\n"  # at most 20 FAIL lines


def test_a_shared_option_cannot_be_shadowed() -> None:
    bad = replace(STUDY_TASKS["verify"], options=(Option("workers", ("--w",), 1),))
    with pytest.raises(ValueError, match="shadow"):
        verify_command(bad)


@pytest.mark.parametrize("name", registry.names()[:2])
def test_registered_puzzles_get_verify_and_stats(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    puzzle = registry.get(name)
    code, out, _ = run(capsys, puzzle, "stats", "--help")
    assert code == 0 and all(f in out for f in ("--json", "--no-timing", "--plot", "--workers"))
    code, out, _ = run(capsys, puzzle, "verify", "--quick", "--workers", "1")
    assert code == 0 and out.endswith("checks, 0 failures\n")
