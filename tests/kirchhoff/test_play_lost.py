"""``kirchhoff play``'s lost verdict names only the marks that are needed.

Oracle: the exact counter (``is_lost``) on the position with each named mark
left out: every mark the verdict names is needed (without it a completion is
back), and a harmless earlier mark is not named.
"""

from __future__ import annotations

import io
import re

import pytest

from proofgrid import midend, registry
from proofgrid.cli import main
from proofgrid.kirchhoff.board import Position
from proofgrid.kirchhoff.exact import is_lost
from proofgrid.kirchhoff.hint import hint
from proofgrid.kirchhoff.moves import execute_moves

GID = "7x7dh#1"


def _lost_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, moves: str
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(moves.replace(" ", "\n") + "\n"))
    assert main(["kirchhoff", "play", GID]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if "lost:" in ln]
    assert lines, "no lost verdict"
    return lines[-1]


@pytest.mark.parametrize("losing", ["b1>c1", "c1>d1", "d1>e1"])
def test_a_harmless_earlier_mark_is_not_blamed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, losing: str
) -> None:
    board = midend.resolve(registry.get("kirchhoff"), GID).start().board
    start = Position.start(board)
    both = execute_moves(start, f"a1xb1 {losing}")
    # the hint itself now blames the arrow alone (issue 31: kirchhoff/blame.py), and so does play
    assert hint(both).proof["uses"] == [losing]  # type: ignore[index]
    assert is_lost(board, execute_moves(start, losing).masks())
    assert not is_lost(board, execute_moves(start, "a1xb1").masks())
    line = _lost_line(capsys, monkeypatch, f"a1xb1 {losing}")
    a, b = re.split("[>]", losing)
    assert f"the arrow {a}→{b} cannot be right" in line
    assert "a1–b1" not in line
