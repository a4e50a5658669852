"""Daily boards and the practice set.

Oracles: the daily definition re-run from its docstring with independent
measures (networkx condensation for par and hidden sources, a move-by-move
simulation for the myopic player); the practice data re-produced by its
documented command.
"""

from __future__ import annotations

import datetime as dt

import networkx as nx
import pytest

from proofgrid.matchless.board import Board
from proofgrid.matchless.daily import (
    DAILY_PARAMS,
    LAUNCH,
    MAX_PAR,
    MIN_PAR,
    daily,
    daily_seed,
    parse_date,
    puzzle_number,
)
from proofgrid.matchless.game import game_id, new_state, parse_game_id, strike
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params, decode_params
from proofgrid.matchless.practice import (
    build_practice,
    data_path,
    difficulty,
    load_practice,
    practice_json,
)
from proofgrid.matchless.solve import analyse
from proofgrid.puzzle import InvalidParamsError
from proofgrid.rng import SplitMix64, seed_from_text


def _independent_measures(board: Board) -> tuple[int, int, int]:
    g = nx.DiGraph()
    g.add_nodes_from(range(board.n))
    g.add_edges_from(board.fuses())
    cond = nx.condensation(g)
    srcs = [c for c in cond.nodes if cond.in_degree(c) == 0]
    par = len(srcs)
    hidden = sum(1 for c in srcs if len(cond.nodes[c]["members"]) >= 2)
    state = new_state(board)
    while state.unlit:
        unlit = [v for v in range(board.n) if state.unlit >> v & 1]
        fan = {v: sum(1 for w in board.succ[v] if w in unlit) for v in unlit}
        state = strike(state, max(unlit, key=lambda v: (fan[v], -v))).state
    return par, state.matches - par, hidden


def _oracle_daily(date: dt.date) -> tuple[int, Board]:
    # generator v1 (6x6d70f2) before the switch to v2 on 2027-01-01, then 6x6v2
    version = 1 if date < dt.date(2027, 1, 1) else 2
    params = Params(6, 6, 70, 2) if version == 1 else decode_params("6x6v2")
    rng = SplitMix64(seed_from_text(f"matchless/v{version}/daily/{date.isoformat()}"))
    for attempt in range(1000):
        board = generate_board(params, rng.next64())
        par, gap, hidden = _independent_measures(board)
        if 4 <= par <= 7 and gap >= 1 and hidden >= 1:
            return attempt, board
    raise AssertionError("no daily board within the bound")


def test_sixty_consecutive_dailies_clear_the_bar() -> None:
    for k in range(60):
        d = daily(LAUNCH + dt.timedelta(days=k))
        assert d.bar_met and d.attempt < 30
        assert d.number == k + 1
        a = d.analysis
        assert MIN_PAR <= a.par <= MAX_PAR and a.myopic_gap >= 1 and a.hidden >= 1
        assert (d.board.rows, d.board.cols) == (DAILY_PARAMS.rows, DAILY_PARAMS.cols)


def test_daily_matches_its_definition() -> None:
    for k in range(0, 60, 6):
        date = LAUNCH + dt.timedelta(days=k)
        attempt, board = _oracle_daily(date)
        d = daily(date)
        assert (d.attempt, d.board) == (attempt, board)


def test_daily_is_deterministic_and_varies() -> None:
    a, b = daily(dt.date(2027, 3, 1)), daily(dt.date(2027, 3, 1))
    assert a == b
    ids = {game_id(daily(LAUNCH + dt.timedelta(days=k)).board) for k in range(20)}
    assert len(ids) == 20


def test_seed_and_numbering() -> None:
    assert daily_seed(LAUNCH) == seed_from_text("matchless/v1/daily/2026-11-30")
    assert puzzle_number(LAUNCH) == 1
    assert puzzle_number(dt.date(2027, 11, 30)) == 366
    with pytest.raises(InvalidParamsError, match="begin on 2026-11-30"):
        daily(dt.date(2026, 11, 29))
    assert parse_date(" 2026-12-01 ") == dt.date(2026, 12, 1)
    with pytest.raises(InvalidParamsError):
        parse_date("2026-13-01")


def test_launch_day_board_is_pinned() -> None:
    # A fixture for the browser mirror: #1 must never change.
    assert game_id(daily(LAUNCH).board) == "6x6:FEcn_Xb_jMCZWZRgFAgUA1QBFayKQAD2"


# --- practice --------------------------------------------------------------------


def test_shipped_practice_equals_the_command_output() -> None:
    built = build_practice()
    assert load_practice() == built
    assert data_path().read_text(encoding="utf-8") == practice_json(built)


def test_practice_is_ordered_and_measured() -> None:
    boards = load_practice()
    assert [b.number for b in boards] == list(range(1, 13))
    assert [b.level for b in boards] == ["easy"] * 3 + ["medium"] * 3 + ["hard"] * 3 + [
        "expert"
    ] * 3
    diffs = [b.difficulty for b in boards]
    assert diffs == sorted(diffs) and diffs[0] < diffs[-1]
    for b in boards:
        a = analyse(parse_game_id(b.id)[1])
        assert (b.par, b.myopic_gap, b.hidden_sources) == (a.par, a.myopic_gap, a.hidden)
        assert b.difficulty == difficulty(a)
        assert 2 <= b.par <= 7
