"""``add_study_commands``: a puzzle's verify and stats built from its declared study tasks.

Oracles: the toy's table computed here item by item (one worker and two give
the same bytes); the one-line error and exit-status contract (2 for bad
input, 1 for a failed check); for the real puzzles, the same command built
from their tasks alone prints what the sequential engine computes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
import typer
from typer.main import get_command

from proofgrid import registry
from proofgrid.cli.studies import add_study_commands, verify_command
from proofgrid.study_tasks import Option
from proofgrid.tasks import item_seed
from tests.studies import toy_tasks


class Toy:
    """Just enough of a puzzle for :func:`add_study_commands`: its study tasks."""

    name = "toy"

    def study_tasks(self) -> Mapping[str, Any]:
        return toy_tasks.TASKS


def _app(puzzle: Any) -> typer.Typer:
    group = typer.Typer(name=puzzle.name, no_args_is_help=True)
    add_study_commands(group, puzzle)
    return group


def run(capsys: pytest.CaptureFixture[str], puzzle: Any, *args: str) -> tuple[int, str, str]:
    result = get_command(_app(puzzle)).main(list(args), prog_name="x", standalone_mode=False)
    code = result if isinstance(result, int) else 0  # click returns typer.Exit's code
    out, err = capsys.readouterr()
    return code, out, err


def test_toy_stats_from_declared_tasks(capsys: pytest.CaptureFixture[str]) -> None:
    expect = Counter(item_seed("b", "toy", j) % 7 for j in range(23))
    outs = []
    for w in ("1", "2"):
        code, out, _ = run(capsys, Toy(), "stats", "23", "--base", "b", "--json", "--workers", w)
        assert code == 0
        outs.append(out)
    assert outs[0] == outs[1]
    assert json.loads(outs[0]) == {str(k): v for k, v in sorted(expect.items())}
    code, out, _ = run(capsys, Toy(), "stats", "23", "--base", "b", "--workers", "1")
    assert code == 0 and out.strip() == " ".join(f"{k}:{v}" for k, v in sorted(expect.items()))


def test_toy_errors_and_failures(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, Toy(), "stats", "3", "--base", "")
    assert code == 2 and err == "error: empty base\n"
    code, out, _ = run(capsys, Toy(), "verify", "--workers", "1")
    assert code == 1 and out == "FAIL item 3\n5 checks, 1 failures\n"
    code, out, _ = run(capsys, Toy(), "verify", "--quick", "--workers", "1")
    assert code == 0 and out == "2 checks, 0 failures\n"
    code, out, _ = run(capsys, Toy(), "stats", "--help")
    assert code == 0 and "--plot" not in out and "--base" in out  # no plot task, no --plot


def test_a_shared_option_cannot_be_shadowed() -> None:
    bad = replace(toy_tasks.TASKS["verify"], options=(Option("workers", ("--w",), 1),))
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
