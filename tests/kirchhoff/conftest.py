"""Shared fixtures for the Kirchhoff tests: a few generated boards, built once."""

from __future__ import annotations

import pytest

from proofgrid.kirchhoff.board import Grade
from proofgrid.kirchhoff.codec import Params
from proofgrid.kirchhoff.generate import Generated, generate_board


@pytest.fixture(scope="session")
def generated() -> list[Generated]:
    """Two boards of each of easy 5×5, medium 6×6 and hard 7×7."""
    out = []
    for params in (Params(5, 5, Grade.EASY), Params(6, 6, Grade.MEDIUM), Params(7, 7, Grade.HARD)):
        for seed in (1, 2):
            out.append(generate_board(params, seed))
    return out
