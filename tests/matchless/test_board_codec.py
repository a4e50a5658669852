"""Board geometry, params text and the board code (codec).

Oracles: Python's ``base64`` and ``binascii.crc_hqx`` for the two encodings,
the published CRC-16/CCITT-FALSE check value, round trips, and fuzzing that
asserts nothing but :class:`CodecError` ever escapes the decoder.
"""

from __future__ import annotations

import base64
import binascii

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.matchless.board import Board, Direction, cell_name, parse_cell
from proofgrid.matchless.codec import (
    CodecError,
    b64url_decode,
    b64url_encode,
    crc16,
    decode_desc,
    encode_desc,
)
from proofgrid.matchless.params import Params, decode_params, encode_params
from proofgrid.puzzle import InvalidDescError, InvalidMoveError, InvalidParamsError
from tests.strategies import matchless_cells

boards = matchless_cells(max_size=6).map(lambda t: Board(*t))

# A pinned board and its code (the JS mirror's fixture). 3x3 with shells at
# a1 b1 c1 c2 a3; fuses a1->b1 (E), b1->c1 (E), c1->c2 (S), c2->b1 (NW).
PINNED = Board(
    3,
    3,
    (
        Direction.E.bit,
        Direction.E.bit,
        Direction.S.bit,
        None,
        None,
        Direction.NW.bit,
        0,
        None,
        None,
    ),
)
PINNED_CODE = "ER5mSNnx"
# Derived by hand from the format: version 0001, rows-2 0001, cols-2 0001,
# mask 111001100, fuse bits a1:[E]=1, b1:[E,SE,W]=100, c1:[S,W]=10, c2:[N,NW]=01,
# a3:[] ; 29 bits + 3 zero bits = 0x11 0x1E 0x66 0x48.
PINNED_BODY = bytes([0x11, 0x1E, 0x66, 0x48])


def test_direction_order_and_geometry() -> None:
    assert [d.name for d in Direction] == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    assert [(d.dx, d.dy) for d in Direction] == [
        (0, -1),
        (1, -1),
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
    ]
    assert [d.bit for d in Direction] == [1, 2, 4, 8, 16, 32, 64, 128]


def test_shells_are_row_major_and_succ_in_direction_order() -> None:
    # 2x3: every cell a shell; shell 4 (row 1, col 1) points N, E and NW.
    cells: list[int | None] = [0] * 6
    cells[4] = Direction.N.bit | Direction.E.bit | Direction.NW.bit
    b = Board(2, 3, tuple(cells))
    assert b.shell_cells == (0, 1, 2, 3, 4, 5)
    assert b.succ[4] == (1, 5, 0)  # N, E, NW in enum order
    assert b.succ_mask[4] == 0b100011
    # With holes, shell indices skip empty cells.
    b2 = Board(2, 2, (None, Direction.S.bit, 0, 0))
    assert b2.shell_cells == (1, 2, 3)
    assert b2.succ == ((2,), (), ())
    assert b2.shell_at(0, 0) == -1 and b2.shell_at(1, 1) == 2 and b2.shell_at(5, 5) == -1


def test_board_rejects_bad_fuses_and_sizes() -> None:
    with pytest.raises(InvalidDescError, match="off the grid"):
        Board(2, 2, (Direction.N.bit, 0, 0, 0))
    with pytest.raises(InvalidDescError, match="empty cell"):
        Board(2, 2, (Direction.E.bit, None, 0, 0))
    with pytest.raises(InvalidDescError, match="no shells"):
        Board(2, 2, (None, None, None, None))
    with pytest.raises(InvalidDescError, match="out of range"):
        Board(1, 2, (0, 0))
    with pytest.raises(InvalidDescError, match="out of range"):
        Board(13, 2, (0,) * 26)
    with pytest.raises(InvalidDescError, match="needs 4 cells"):
        Board(2, 2, (0, 0, 0))


@given(boards)
def test_from_graph_round_trip(board: Board) -> None:
    shells = [board.shell_rc(v) for v in range(board.n)]
    assert Board.from_graph(board.rows, board.cols, shells, board.fuses()) == board


def test_from_graph_rejects_non_adjacent() -> None:
    with pytest.raises(InvalidDescError, match="adjacent"):
        Board.from_graph(3, 3, [(0, 0), (2, 2)], [(0, 1)])


def test_repr_pastes_back() -> None:
    assert eval(repr(PINNED)) == PINNED


def test_cell_names() -> None:
    assert cell_name(2, 1) == "b3"
    assert parse_cell("b3", 4, 4) == (2, 1)
    assert parse_cell(" 3,2 ", 4, 4) == (2, 1)
    assert parse_cell("L12", 12, 12) == (11, 11)
    for bad in ("", "z1", "b0", "b5", "3;2", "0,1", "1,5", "bb"):
        with pytest.raises(InvalidMoveError):
            parse_cell(bad, 4, 4)


def test_params_text() -> None:
    assert decode_params("6x6") == Params(6, 6)
    assert decode_params("5x7d60f3") == Params(5, 7, 60, 3)
    assert decode_params("4X4d90") == Params(4, 4, 90, Params().fuses)
    assert encode_params(Params(5, 7, 60, 3)) == "5x7d60f3"
    assert encode_params(Params(5, 7, 60, 3), full=False) == "5x7"
    for bad in ("6", "6x", "1x6", "13x6", "6x6d0", "6x6d101", "6x6f0", "6x6f9", "6x6f3d70", "x"):
        with pytest.raises(InvalidParamsError):
            decode_params(bad)


@given(st.integers(2, 12), st.integers(2, 12), st.integers(1, 100), st.integers(1, 8))
def test_params_round_trip(r: int, c: int, d: int, f: int) -> None:
    p = Params(r, c, d, f)
    assert decode_params(encode_params(p)) == p


# --- encodings -----------------------------------------------------------------


def test_crc16_check_value_and_oracle() -> None:
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


@given(st.binary(max_size=64))
def test_crc16_matches_binascii(data: bytes) -> None:
    # CRC-16/CCITT-FALSE is crc_hqx with initial value 0xFFFF.
    assert crc16(data) == binascii.crc_hqx(data, 0xFFFF)


@given(st.binary(max_size=64))
def test_b64url_matches_stdlib(data: bytes) -> None:
    expected = base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert b64url_encode(data) == expected
    assert b64url_decode(expected) == data


def test_b64url_is_strict() -> None:
    for bad in ("A", "AB=", "A+B/", "AB C", "AB", "ABC"):
        # "AB" and "ABC" leave non-zero unused bits in their last character.
        with pytest.raises(CodecError):
            b64url_decode(bad)
    assert b64url_decode("AA") == b"\0"


# --- the board code -------------------------------------------------------------


def test_pinned_code() -> None:
    raw = b64url_decode(PINNED_CODE)
    assert raw[:-2] == PINNED_BODY
    assert raw[-2:] == crc16(PINNED_BODY).to_bytes(2, "big")
    assert encode_desc(PINNED) == PINNED_CODE
    assert decode_desc(PINNED_CODE) == PINNED


@given(boards)
def test_round_trip(board: Board) -> None:
    code = encode_desc(board)
    assert decode_desc(code) == board
    assert encode_desc(decode_desc(code)) == code


def _raises_only_codec_error(text: str) -> None:
    try:
        board = decode_desc(text)
    except CodecError as exc:
        msg = str(exc)
        assert msg and "\n" not in msg
    else:
        # Anything accepted is canonical.
        assert encode_desc(board) == text.strip()


@settings(max_examples=300)
@given(st.text(max_size=80))
def test_fuzz_text(text: str) -> None:
    _raises_only_codec_error(text)


@settings(max_examples=300)
@given(st.binary(max_size=60))
def test_fuzz_bytes(data: bytes) -> None:
    _raises_only_codec_error(b64url_encode(data))


@settings(max_examples=300)
@given(boards, st.data())
def test_every_flipped_bit_is_caught(board: Board, data: st.DataObject) -> None:
    raw = b64url_decode(encode_desc(board))
    bit = data.draw(st.integers(0, len(raw) * 8 - 1))
    flipped = bytearray(raw)
    flipped[bit >> 3] ^= 1 << (bit & 7)
    with pytest.raises(CodecError):
        decode_desc(b64url_encode(bytes(flipped)))


@settings(max_examples=200)
@given(boards, st.data())
def test_truncations_and_extensions_are_caught(board: Board, data: st.DataObject) -> None:
    code = encode_desc(board)
    cut = data.draw(st.integers(0, len(code) - 1))
    _raises_only_codec_error(code[:cut])
    with pytest.raises(CodecError):
        decode_desc(code[:cut] if cut else "")
    raw = b64url_decode(code)
    with pytest.raises(CodecError):
        decode_desc(b64url_encode(raw[:-2] + b"\0" + raw[-2:]))


def _with_crc(body: bytes) -> str:
    return b64url_encode(body + crc16(body).to_bytes(2, "big"))


def test_specific_corruptions_have_clear_messages() -> None:
    raw = b64url_decode(PINNED_CODE)
    body = raw[:-2]
    wrong_version = bytes([(body[0] & 0x0F) | 0x20]) + body[1:]
    with pytest.raises(CodecError, match="unsupported board format version 2"):
        decode_desc(_with_crc(wrong_version))
    with pytest.raises(CodecError, match="checksum"):
        decode_desc(b64url_encode(body + b"\0\0"))
    # Size 13x3 (rows - 2 = 11) with a valid checksum.
    big = bytes([body[0] & 0xF0 | 11]) + body[1:]
    with pytest.raises(CodecError, match="out of range"):
        decode_desc(_with_crc(big))
    # No shells: version 1, 2x2, empty mask.
    with pytest.raises(CodecError, match="no shells"):
        decode_desc(_with_crc(bytes([0x10, 0x00])))
    # A surplus byte with a valid checksum.
    with pytest.raises(CodecError, match="surplus"):
        decode_desc(_with_crc(body + b"\0"))
    # Non-zero padding with a valid checksum: 2x2 full board needs 12 + 4 + 12 bits.
    full = Board(2, 2, (0, 0, 0, 0))
    fbody = b64url_decode(encode_desc(full))[:-2]
    with pytest.raises(CodecError, match="padding"):
        decode_desc(_with_crc(fbody[:-1] + bytes([fbody[-1] | 1])))
    with pytest.raises(CodecError, match="truncated"):
        decode_desc(_with_crc(fbody[:-1]))
    with pytest.raises(CodecError, match="empty"):
        decode_desc("  ")


def test_code_length_is_small() -> None:
    full = Board(12, 12, (0,) * 144)
    assert len(encode_desc(full)) < 260
