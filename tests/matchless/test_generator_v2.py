"""Generator v2 and the versioning that keeps every v1 board.

Oracles: game IDs and dailies pinned from the code *before* v2 existed (commit
2c8dad6, printed by that tree's own engine), a second transcription of the v2
algorithm written from the module docstring with raw ``next64`` calls, and
v2's property that ``n8 m0 e0 x0`` draws exactly as v1.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.matchless.board import Board
from proofgrid.matchless.daily import (
    DAILY_PARAMS,
    DAILY_PARAMS_V2,
    LAUNCH,
    SWITCH,
    clears_bar,
    daily,
    daily_params,
    daily_seed,
)
from proofgrid.matchless.game import game_id, parse_game_id
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import (
    DEFAULT_PARAMS,
    PRESETS,
    V1,
    V2,
    Params,
    decode_params,
    default_params,
    encode_params,
)
from proofgrid.matchless.solve import analyse
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import SplitMix64, seed_from_text
from tests.matchless.test_generate import _below

# Printed by the engine at commit 2c8dad6 (before generator v2): these links,
# dailies and presets must resolve to the same boards forever.
V1_LINKS = {
    "6x6#42": "6x6:FEev_3xLKFpMAVFRwCBAwmEEhjRPwODu",
    "6x6d70f2#7": "6x6:FE3-FvNfSFSYJAERiJJwQixlsNto",
    "5x5#42": "5x5:Ezev_32YlGESDCQIUSICRYMSgPs8",
    "4x4#3": "4x4:EivqxnASGeB-QQ",
    "8x8d50f3#hello": "8x8:FmMjTd4ORTSW_rhjNF2bhdMBMrT4fXyYtA",
    "6x6d70#fireworks": "6x6:FE9cNX_6VjZMEGC4CIShASBhQxNwow",
    "3x9f4#18446744073709551615": "3x9:EXMWv_2s0L8ffPjtcRCz0A",
}
V1_DAILIES = {
    "2026-11-30": ("6x6:FEcn_Xb_jMCZWZRgFAgUA1QBFayKQAD2", 3),
    "2026-12-01": ("6x6:FE19y9-vhdIkqhCCIFRDoEhFQSQXZBM", 1),
    "2026-12-14": ("6x6:FE-85d1_yJTCgiDFAwIRFSBjmyXMoog", 0),
    "2026-12-25": ("6x6:FEn34Jr8WSVASPMHNE9mgMrs", 1),
    "2026-12-31": ("6x6:FE9_zXjvMhp0gUIFycQYLCh8CMqQIHw", 3),
}
V1_PRESETS_SEED_42 = {
    "small": "4x4:Eiev87OEhDEjCwALBA",
    "medium": "5x5:Ezev_32YlGESDCQIUSICRYMSgPs8",
    "default": "6x6:FEev_3xLKFpMAVFRwCBAwmEEhjRPwODu",
    "large": "8x8:Fmev_3xL3vvttMMKQkChJmBFQQQTKBkCKscJdQMkDFaWIoQsOVSwe2U",
}


@pytest.mark.parametrize(("link", "gid"), sorted(V1_LINKS.items()))
def test_v1_links_keep_their_boards(link: str, gid: str) -> None:
    params, board = parse_game_id(link)
    assert params.version == 1
    assert game_id(board) == gid


@pytest.mark.parametrize(("date", "want"), sorted(V1_DAILIES.items()))
def test_dailies_before_the_switch_keep_their_boards(date: str, want: tuple[str, int]) -> None:
    d = daily(dt.date.fromisoformat(date))
    assert (game_id(d.board), d.attempt) == want


@pytest.mark.parametrize(("name", "gid"), sorted(V1_PRESETS_SEED_42.items()))
def test_presets_stay_v1(name: str, gid: str) -> None:
    assert PRESETS[name].version == 1
    assert game_id(generate_board(PRESETS[name], 42)) == gid


def test_switch_date_is_recorded_and_late_enough() -> None:
    served_or_pinned = dt.date(2026, 12, 25)  # the latest daily pinned in tests/pins
    assert dt.date(2026, 12, 14) <= SWITCH
    assert served_or_pinned < SWITCH
    assert daily_params(SWITCH - dt.timedelta(days=1)) == DAILY_PARAMS == V1
    assert daily_params(SWITCH) == DAILY_PARAMS_V2 == V2
    assert daily_seed(SWITCH - dt.timedelta(days=1)) == seed_from_text(
        f"matchless/v1/daily/{(SWITCH - dt.timedelta(days=1)).isoformat()}"
    )
    assert daily_seed(SWITCH) == seed_from_text(f"matchless/v2/daily/{SWITCH.isoformat()}")


def test_v2_daily_matches_its_definition() -> None:
    for k in range(5):
        date = SWITCH + dt.timedelta(days=k)
        d = daily(date)
        rng = SplitMix64(seed_from_text(f"matchless/v2/daily/{date.isoformat()}"))
        boards = [generate_board(V2, rng.next64()) for _ in range(d.attempt + 1)]
        assert boards[-1] == d.board
        assert d.bar_met and clears_bar(analyse(d.board))
        assert not any(clears_bar(analyse(b)) for b in boards[:-1])
        assert d.number == (date - LAUNCH).days + 1


def test_sixty_v2_dailies_clear_the_bar() -> None:
    for k in range(60):
        d = daily(SWITCH + dt.timedelta(days=k))
        assert d.bar_met, d.date


def test_defaults_are_v2_and_explicit_texts_v1() -> None:
    assert DEFAULT_PARAMS == default_params() == V2
    assert V2.version == 2 and (V2.rows, V2.cols) == (6, 6)
    for text in ("6x6", "6x6d70f2", "6x6d70", "6x6f2", " 6X6D70F2 "):
        assert decode_params(text).version == 1
    assert decode_params("6x6") == V1
    assert decode_params("6x6v2") == V2
    assert decode_params(encode_params(V2)) == V2
    assert encode_params(V1) == "6x6d70f2"


_v2 = st.builds(
    lambda r, c, d, f, n, m, e, x: Params(r, c, d, f, 2, n, m, e, x),
    st.integers(2, 12),
    st.integers(2, 12),
    st.integers(1, 100),
    st.integers(1, 8),
    st.sampled_from([4, 8]),
    st.integers(0, 100),
    st.integers(0, 1),
    st.integers(0, 1),
)


@given(_v2)
def test_params_text_round_trips(p: Params) -> None:
    assert decode_params(encode_params(p)) == p
    assert decode_params(encode_params(p, full=False)) == Params(p.rows, p.cols)


@pytest.mark.parametrize(
    "text", ["6x6n4", "6x6m50", "6x6e1", "6x6x1", "6x6v2n5", "6x6v2m101", "6x6v2e2", "6x6v3"]
)
def test_bad_params_refused(text: str) -> None:
    with pytest.raises(InvalidParamsError):
        decode_params(text)


def test_v1_refuses_v2_settings() -> None:
    with pytest.raises(InvalidParamsError):
        generate_board(Params(6, 6, dirs=4), 1)


_STEP = {
    0: (-1, 0),
    1: (-1, 1),
    2: (0, 1),
    3: (1, 1),
    4: (1, 0),
    5: (1, -1),
    6: (0, -1),
    7: (-1, -1),
}


def _oracle(p: Params, seed: int) -> Board:
    """Generator v2 transcribed from the module docstring, on a 2-D grid."""
    rng = SplitMix64(seed)
    while True:
        mask = [[_below(rng, 100) < p.density for _ in range(p.cols)] for _ in range(p.rows)]
        if any(any(row) for row in mask):
            break
    fuses: dict[tuple[int, int], int] = {}
    dirs = [0, 2, 4, 6] if p.dirs == 4 else list(range(8))
    for r in range(p.rows):
        for c in range(p.cols):
            if not mask[r][c]:
                continue
            cands = []
            for d in dirs:
                rr, cc = r + _STEP[d][0], c + _STEP[d][1]
                if 0 <= rr < p.rows and 0 <= cc < p.cols and (p.empty or mask[rr][cc]):
                    cands.append(d)
            got = 0
            if cands:
                k = min(p.fuses, len(cands))
                if not p.exact:
                    k = 1 + _below(rng, k)
                for i in range(len(cands) - 1, 0, -1):
                    j = _below(rng, i + 1)
                    cands[i], cands[j] = cands[j], cands[i]
                if p.mutual:
                    front, rest = [], []
                    for d in cands:
                        there = (r + _STEP[d][0], c + _STEP[d][1])
                        back = fuses.get(there, 0) >> ((d + 4) % 8) & 1
                        (front if back and _below(rng, 100) < p.mutual else rest).append(d)
                    cands = front + rest
                for d in cands[:k]:
                    if mask[r + _STEP[d][0]][c + _STEP[d][1]]:
                        got |= 1 << d
            fuses[(r, c)] = got
    cells = tuple(fuses.get((r, c)) for r in range(p.rows) for c in range(p.cols))
    return Board(p.rows, p.cols, cells)


@settings(max_examples=150, deadline=None)
@given(_v2, st.integers(0, 2**64 - 1))
def test_v2_matches_the_documented_algorithm(p: Params, seed: int) -> None:
    assert generate_board(p, seed) == _oracle(p, seed)


@settings(max_examples=100, deadline=None)
@given(_v2, st.integers(0, 2**64 - 1))
def test_v2_with_v1_settings_draws_as_v1(p: Params, seed: int) -> None:
    v2 = replace(p, dirs=8, mutual=0, empty=0, exact=0)
    v1 = Params(p.rows, p.cols, p.density, p.fuses)
    assert generate_board(v2, seed) == generate_board(v1, seed)


def test_four_directions_only_orthogonal_fuses() -> None:
    for seed in range(200):
        b = generate_board(V2, seed)
        assert all(f is None or f & 0b10101010 == 0 for f in b.cells)
