"""The verification harness: it passes, and it catches a lying solver.

Oracles: networkx for mutual reachability, an independent count of 2x2
boards, and sabotaged solvers that every relevant check must flag.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import networkx as nx
import pytest
from hypothesis import given

from proofgrid.matchless import verify
from proofgrid.matchless.board import Board
from proofgrid.matchless.daily import LAUNCH
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import Solution, solve
from proofgrid.matchless.verify import (
    VerifyReport,
    all_boards_2x2,
    bfs_reach_masks,
    check_board,
    cover_below,
    naive_components,
    run_verify,
)
from tests.strategies import matchless_cells

boards = matchless_cells(max_size=5).map(lambda t: Board(*t))


def test_quick_verify_passes() -> None:
    report = run_verify(quick=True, start=LAUNCH)
    assert report.failures == []
    assert report.checks > 100
    assert report.summary() == f"{report.checks} checks, 0 failures"


def test_full_board_set_passes_without_the_duel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify, "_duel_check", lambda report, quick: None)
    report = run_verify(quick=False, start=LAUNCH + dt.timedelta(days=30))
    assert report.failures == []
    assert report.checks == 5 * (4380 + 9 * 100 + 12 + 30)


def test_every_2x2_board_once() -> None:
    # Independent count: for each shell mask, 2^(ordered adjacent shell pairs);
    # in a 2x2 grid every two cells are adjacent.
    expected = 0
    for mask in range(1, 16):
        k = bin(mask).count("1")
        expected += 2 ** (k * (k - 1))
    all_boards = list(all_boards_2x2())
    assert len(all_boards) == expected == 4380
    assert len(set(all_boards)) == expected


@given(boards)
def test_naive_components_match_networkx(board: Board) -> None:
    g = nx.DiGraph()
    g.add_nodes_from(range(board.n))
    g.add_edges_from(board.fuses())
    assert set(naive_components(bfs_reach_masks(board))) == {
        frozenset(c) for c in nx.strongly_connected_components(g)
    }


@given(boards)
def test_cover_below_is_tight(board: Board) -> None:
    reach = bfs_reach_masks(board)
    par = solve(board).par
    assert cover_below(reach, board.all_mask, par - 1) is None
    found = cover_below(reach, board.all_mask, par)
    assert found is not None and len(found) == par


def _lying(delta: int, witness_cut: bool = False) -> object:
    def fake(board: Board) -> Solution:
        sol = solve(board)
        wit = sol.witness[:-1] if witness_cut else sol.witness
        return dataclasses.replace(sol, par=sol.par + delta, witness=wit)

    return fake


@pytest.mark.parametrize(
    ("delta", "cut", "expect"),
    [
        (1, False, ["clear the sky below par", "witness", "greedy"]),
        (-1, False, ["witness", "greedy"]),
        (0, True, ["witness"]),
    ],
)
def test_a_lying_solver_is_caught(
    monkeypatch: pytest.MonkeyPatch, delta: int, cut: bool, expect: list[str]
) -> None:
    monkeypatch.setattr(verify, "solve", _lying(delta, cut))
    board = generate_board(Params(4, 4), 11)
    assert solve(board).par >= 2
    report = VerifyReport()
    check_board(board, "b", report)
    for word in expect:
        assert any(word in f for f in report.failures), (word, report.failures)


def test_wrong_components_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def merged(board: Board) -> Solution:
        sol = solve(board)
        xr = dataclasses.replace(sol.xray, components=(0,) * board.n, count=1, edges=())
        return dataclasses.replace(sol, xray=xr)

    monkeypatch.setattr(verify, "solve", merged)
    report = VerifyReport()
    check_board(generate_board(Params(4, 4), 3), "b", report)
    assert any("Tarjan" in f for f in report.failures)
