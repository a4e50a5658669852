"""Params, descriptions and game IDs (oracle: round trips; fuzzed corruptions)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofgrid.kirchhoff.board import Board, Grade
from proofgrid.kirchhoff.codec import (
    Params,
    decode_board,
    decode_params,
    encode_board,
    encode_params,
    parse_game_id,
    parse_seed,
    presets,
    validate_desc,
)
from proofgrid.puzzle import (
    InvalidDescError,
    InvalidGameIdError,
    InvalidParamsError,
    ProofgridError,
)
from proofgrid.rng import seed_from_text
from tests.strategies import kirchhoff_boards

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def test_params_round_trip() -> None:
    for p in presets().values():
        assert decode_params(encode_params(p)) == p
    assert decode_params("7x7dh") == Params(7, 7, Grade.HARD)
    assert decode_params("4x9") == Params(4, 9, Grade.EASY)
    assert decode_params("hard") == Params(7, 7, Grade.HARD)
    for bad in ("", "7x", "1x5", "17x4", "7x7dq", "x7", "7*7"):
        with pytest.raises(InvalidParamsError):
            decode_params(bad)


@given(kirchhoff_boards(16, 16))
def test_desc_round_trip(board: Board) -> None:
    desc = encode_board(board)
    assert set(desc) <= set(ALPHABET)
    assert decode_board(desc) == board
    validate_desc(Params(board.rows, board.cols), desc)


def test_known_desc_is_stable() -> None:
    # version 1, 2x2: 0001 0000 0000 | 11000 11100 1000 0 | pad 000 -> E A x y A, checksum "hn"
    b = Board.from_text("+1 -1 / 0 .")
    assert encode_board(b) == "EAxyAhn"
    assert decode_board("EAxyAhn") == b


@given(kirchhoff_boards(8, 8), st.data())
def test_corrupted_codes_raise_only_desc_errors(board: Board, data: st.DataObject) -> None:
    desc = list(encode_board(board))
    for _ in range(data.draw(st.integers(1, 3))):
        op = data.draw(st.integers(0, 2))
        i = data.draw(st.integers(0, len(desc) - 1)) if desc else 0
        ch = data.draw(st.sampled_from(ALPHABET + "!: #é"))
        if op == 0 and desc:
            desc[i] = ch
        elif op == 1 and desc:
            del desc[i]
        else:
            desc.insert(i, ch)
    try:
        decode_board("".join(desc))
    except InvalidDescError as exc:
        assert str(exc) and "\n" not in str(exc)


@given(st.text(max_size=60))
def test_arbitrary_text_never_crashes(text: str) -> None:
    with contextlib.suppress(InvalidDescError):
        decode_board(text)
    with contextlib.suppress(ProofgridError):
        parse_game_id(text)


def test_specific_corruptions() -> None:
    good = encode_board(Board.from_text("+1 -1 / 0 ."))
    with pytest.raises(InvalidDescError, match="checksum"):
        decode_board(good[:-1] + ("A" if good[-1] != "A" else "B"))
    with pytest.raises(InvalidDescError, match="character"):
        decode_board(good + "!")
    with pytest.raises(InvalidDescError, match="params say"):
        decode_board(good, Params(3, 3))
    with pytest.raises(InvalidDescError, match="empty"):
        decode_board("  ")


def test_game_ids() -> None:
    b = Board.from_text("+1 -1 / 0 .")
    spec = parse_game_id(f"2x2:{encode_board(b)}")
    assert spec.board == b and spec.seed is None
    spec = parse_game_id("7x7dh#123")
    assert spec.seed == 123 and spec.params == Params(7, 7, Grade.HARD)
    assert parse_seed("hello") == seed_from_text("hello")
    assert parse_seed(str(2**64)) == seed_from_text(str(2**64))
    with pytest.raises(InvalidGameIdError):
        parse_game_id("7x7dh")
    with pytest.raises(InvalidGameIdError):
        parse_game_id("7y7#1")
