"""The fast form of ``verify`` passes, and it catches a broken engine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from proofgrid.kirchhoff import verify
from proofgrid.kirchhoff.board import Position
from proofgrid.kirchhoff.exact import Count
from proofgrid.kirchhoff.hint import Hint


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
