"""The seeded generator.

Oracle: a second transcription of the algorithm written from the module
docstring (raw ``next64`` calls and an explicit Lemire step, not the ``rng``
helpers), plus pinned codes that freeze generator version 1 for the JS mirror.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.matchless.board import Board, Direction
from proofgrid.matchless.codec import decode_desc, encode_desc
from proofgrid.matchless.generate import GENERATOR_VERSION, generate, generate_board, seed_value
from proofgrid.matchless.params import Params
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import SplitMix64, seed_from_text


def _below(rng: SplitMix64, bound: int) -> int:
    # Lemire's multiply-and-reject, written out from proofgrid.rng's docstring.
    x = rng.next64()
    m = x * bound
    low = m % 2**64
    if low < bound:
        t = (2**64 - bound) % bound
        while low < t:
            m = rng.next64() * bound
            low = m % 2**64
    return m // 2**64


def _oracle(params: Params, seed: int) -> Board:
    rng = SplitMix64(seed)
    rows, cols = params.rows, params.cols
    while True:
        mask = [[_below(rng, 100) < params.density for _ in range(cols)] for _ in range(rows)]
        if any(any(row) for row in mask):
            break
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if not mask[r][c]:
                continue
            cands = [
                d
                for d in Direction
                if 0 <= r + d.dy < rows and 0 <= c + d.dx < cols and mask[r + d.dy][c + d.dx]
            ]
            fuses = 0
            if cands:
                k = 1 + _below(rng, min(params.fuses, len(cands)))
                for i in range(len(cands) - 1, 0, -1):
                    j = _below(rng, i + 1)
                    cands[i], cands[j] = cands[j], cands[i]
                for d in cands[:k]:
                    fuses |= d.bit
            grid[r][c] = fuses
    return Board(rows, cols, tuple(x for row in grid for x in row))


params_st = st.builds(
    Params,
    st.integers(2, 8),
    st.integers(2, 8),
    st.integers(1, 100),
    st.integers(1, 8),
)


@settings(max_examples=150)
@given(params_st, st.integers(0, 2**64 - 1))
def test_matches_the_documented_algorithm(params: Params, seed: int) -> None:
    assert generate_board(params, seed) == _oracle(params, seed)


@given(params_st, st.integers(0, 2**64 - 1))
def test_fuse_counts_within_bounds(params: Params, seed: int) -> None:
    board = generate_board(params, seed)
    for v in range(board.n):
        r, c = board.shell_rc(v)
        has_neighbour = any(board.shell_at(r + d.dy, c + d.dx) >= 0 for d in Direction)
        out = len(board.succ[v])
        assert out <= params.fuses
        assert (out >= 1) == has_neighbour


def test_full_density_fills_the_grid() -> None:
    board = generate_board(Params(5, 4, 100, 3), 7)
    assert board.n == 20


def test_low_density_still_gives_a_shell() -> None:
    for seed in range(20):
        assert generate_board(Params(2, 2, 1, 1), seed).n >= 1


def test_pinned_version_1_codes() -> None:
    # Freeze generator v1 + codec v1: a change here changes every daily board.
    assert GENERATOR_VERSION == 1
    assert generate(Params(), 0) == "FEbq2ledUzEZTHVSAjIyjCUp"
    assert generate(Params(), 1) == "FEmb-v6_7MMbQwRQxSUBMQgESowTwBJD"
    assert generate(Params(4, 4), 2**64 - 1) == "EiMWtUZ3-Zk"
    assert generate(Params(3, 5, 50, 8), 1) == "ETGKt_jwTA"


def test_generate_returns_a_valid_code() -> None:
    code = generate(Params(), 12345)
    assert encode_desc(decode_desc(code)) == code


def test_invalid_params_rejected() -> None:
    with pytest.raises(InvalidParamsError):
        generate_board(Params(6, 6, 0, 2), 1)


def test_seed_value() -> None:
    assert seed_value("42") == 42
    assert seed_value(" 18446744073709551615 ") == 2**64 - 1
    assert seed_value("18446744073709551616") == seed_from_text("18446744073709551616")
    assert seed_value("hello") == seed_from_text("hello")
    assert seed_value("٣") == seed_from_text("٣")  # non-ASCII digits are text
