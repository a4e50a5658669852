"""The fast form of ``verify`` passes, and it catches a broken engine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from tools.proofcheck import check, clues_from_json, hint_of_move

from proofgrid.kirchhoff import verify
from proofgrid.kirchhoff.board import Mark, Position
from proofgrid.kirchhoff.contract import board_fields
from proofgrid.kirchhoff.exact import Count
from proofgrid.kirchhoff.hint import Hint, HintKind
from proofgrid.kirchhoff.moves import format_move


def test_quick_verify_passes() -> None:
    rep = verify.run(quick=True)
    assert rep.checks > 500
    assert rep.failures == []
    assert rep.summary() == f"{rep.checks} checks, 0 failures"


def test_verify_catches_a_wrong_counter(monkeypatch: pytest.MonkeyPatch) -> None:
    real = verify.count

    def off_by_one(*args: Any, **kw: Any) -> Count:
        c = real(*args, **kw)
        return Count(c.value + 1, c.capped)

    monkeypatch.setattr(verify, "count", off_by_one)
    rep = verify.VerifyReport()
    verify.check_exact_vs_brute(rep, verify.SplitMix64(1), 5)
    assert rep.failures


def test_verify_catches_an_unsound_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    real = verify.hint

    def flipped(pos: Position) -> Hint:
        h = real(pos)
        return replace(h, state=(h.state + 1) % 3) if h.state >= 0 else h

    monkeypatch.setattr(verify, "hint", flipped)
    rep = verify.VerifyReport()
    verify.check_hints_brute(rep, verify.SplitMix64(2), 40)
    assert rep.failures


def test_every_proof_of_the_verification_suite_passes_the_independent_checker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 12: the verification suite's hints and lost verdicts, each re-checked by
    tools/proofcheck.py (written from the issue's text, no prover code)."""
    real = verify.hint
    seen: list[tuple[Position, Hint]] = []

    def recording(pos: Position, **kw: Any) -> Hint:
        h = real(pos, **kw)
        seen.append((pos, h))
        return h

    monkeypatch.setattr(verify, "hint", recording)
    assert verify.run(quick=True).failures == []
    kinds: dict[str, int] = {}
    for pos, h in seen:
        board = pos.board
        clues = clues_from_json(board_fields(board, "", solution=None, cnt=Count(0, False)))
        marks = [format_move(board, e, m) for e, m in enumerate(pos.marks) if m is not Mark.FREE]
        if h.kind is HintKind.LOST:
            if h.proof is not None:  # None only beyond the budget ("too long to show")
                check(clues, h.proof, lost=True, marks=marks)
        elif h.edge >= 0:
            assert h.proof is not None, h
            check(clues, h.proof, hint=hint_of_move(h.move), marks=marks)
        kinds[h.kind.value] = kinds.get(h.kind.value, 0) + 1
    # the suite exercises both kinds of proof, many times
    assert kinds.get("lost", 0) > 20 and kinds.get("local", 0) > 100, kinds
