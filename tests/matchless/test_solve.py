"""Par, the X-ray, remaining par and the difficulty measures.

Oracles: brute-force subset search for par (boards up to 4x4), networkx for
strongly connected components, condensation and reachability, and a
move-by-move simulation through :func:`proofgrid.matchless.game.strike` for
the myopic and greedy players.
"""

from __future__ import annotations

from itertools import combinations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.graph.scc import par as graph_par
from proofgrid.matchless.board import Board
from proofgrid.matchless.game import new_state, strike
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import (
    analyse,
    greedy_cascade_matches,
    hidden_sources,
    myopic_gap,
    myopic_matches,
    reach_masks,
    remaining_par,
    solve,
)
from tests.strategies import matchless_cells

small_boards = matchless_cells(max_size=4).map(lambda t: Board(*t))
boards = matchless_cells(max_size=6).map(lambda t: Board(*t))


def _nx(board: Board, unlit: int | None = None) -> nx.DiGraph:
    g = nx.DiGraph()
    keep = [v for v in range(board.n) if unlit is None or unlit >> v & 1]
    g.add_nodes_from(keep)
    kept = set(keep)
    g.add_edges_from((v, w) for v, w in board.fuses() if v in kept and w in kept)
    return g


def _brute_par(g: nx.DiGraph) -> int:
    nodes = sorted(g.nodes)
    desc = {v: nx.descendants(g, v) | {v} for v in nodes}
    everything = set(nodes)
    for k in range(len(nodes) + 1):
        for combo in combinations(nodes, k):
            lit: set[int] = set()
            for v in combo:
                lit |= desc[v]
            if lit == everything:
                return k
    raise AssertionError("unreachable: all nodes always clear")


@settings(max_examples=80, deadline=None)
@given(small_boards)
def test_par_equals_brute_force(board: Board) -> None:
    sol = solve(board)
    assert sol.par == _brute_par(_nx(board))
    g = _nx(board)
    lit: set[int] = set()
    for w in sol.witness:
        lit |= nx.descendants(g, w) | {w}
    assert lit == set(range(board.n))


@given(boards)
def test_xray_matches_networkx(board: Board) -> None:
    sol = solve(board)
    xr = sol.xray
    g = _nx(board)
    ours = {frozenset(m) for m in xr.members()}
    theirs = {frozenset(c) for c in nx.strongly_connected_components(g)}
    assert ours == theirs
    cond = nx.condensation(g)
    mapping = cond.graph["mapping"]  # node -> networkx component id
    to_ours = {mapping[v]: xr.components[v] for v in range(board.n)}
    assert set(xr.edges) == {(to_ours[a], to_ours[b]) for a, b in cond.edges}
    assert set(xr.sources) == {to_ours[c] for c in cond.nodes if cond.in_degree(c) == 0}
    assert list(xr.sources) == sorted(xr.sources)
    assert list(xr.edges) == sorted(xr.edges)
    assert sol.par == len(xr.sources)
    # Canonical numbering: order of first appearance along the shells.
    seen: list[int] = []
    for c in xr.components:
        if c not in seen:
            seen.append(c)
    assert seen == list(range(xr.count))
    # Witness: lowest shell of each source, the same as graph.scc.par's choice.
    assert sol.witness == tuple(min(xr.members()[c]) for c in xr.sources)
    assert sol.witness == graph_par(board.succ).seeds


@given(boards)
def test_reach_masks_match_networkx(board: Board) -> None:
    g = _nx(board)
    reach = reach_masks(board)
    for v in range(board.n):
        assert reach[v] == sum(1 << w for w in nx.descendants(g, v) | {v})
    # From a solution (its completion order; no second SCC pass): the same masks.
    assert reach_masks(board, solve(board)) == reach


@settings(max_examples=60, deadline=None)
@given(small_boards, st.data())
def test_remaining_par_along_random_play(board: Board, data: st.DataObject) -> None:
    state = new_state(board)
    sources = set(solve(board).xray.sources)
    comps = solve(board).xray.components
    best = solve(board).par
    while state.unlit:
        rem = remaining_par(board, state.unlit)
        assert rem.par == _brute_par(_nx(board, state.unlit))
        # Lit sets are closed, so the remaining par counts the unlit full-board sources.
        unlit_sources = {comps[v] for v in range(board.n) if state.unlit >> v & 1} & sources
        assert rem.par == len(unlit_sources)
        # matches + remaining par never decreases and starts at par.
        assert state.matches + rem.par >= best
        best = state.matches + rem.par
        unlit = [v for v in range(board.n) if state.unlit >> v & 1]
        state = strike(state, data.draw(st.sampled_from(unlit))).state
    assert remaining_par(board, 0).par == 0


@given(small_boards, st.integers(0, 2**16 - 1))
def test_remaining_par_on_any_unlit_set(board: Board, raw: int) -> None:
    unlit = raw & board.all_mask
    rem = remaining_par(board, unlit)
    assert rem.par == _brute_par(_nx(board, unlit))
    assert all(unlit >> w & 1 for w in rem.witness)


def _simulate(board: Board, key: str) -> int:
    g = _nx(board)
    state = new_state(board)
    while state.unlit:
        unlit = [v for v in range(board.n) if state.unlit >> v & 1]

        def score(v: int, unlit: list[int] = unlit) -> int:
            if key == "fanout":
                return sum(1 for w in board.succ[v] if w in unlit)
            return len((nx.descendants(g, v) | {v}) & set(unlit))

        best = max(unlit, key=lambda v: (score(v), -v))
        state = strike(state, best).state
    return state.matches


@settings(max_examples=60, deadline=None)
@given(boards)
def test_players_match_a_simulation(board: Board) -> None:
    assert myopic_matches(board) == _simulate(board, "fanout")
    assert greedy_cascade_matches(board) == _simulate(board, "cascade")


@given(boards)
def test_greedy_by_cascade_matches_par(board: Board) -> None:
    assert greedy_cascade_matches(board) == solve(board).par


@given(boards)
def test_hidden_sources_match_networkx(board: Board) -> None:
    g = _nx(board)
    cond = nx.condensation(g)
    expected = sum(
        1 for c in cond.nodes if cond.in_degree(c) == 0 and len(cond.nodes[c]["members"]) >= 2
    )
    assert hidden_sources(solve(board)) == expected


def test_analysis_fields() -> None:
    board = generate_board(Params(), 3)
    a = analyse(board)
    assert a.par == solve(board).par == a.greedy
    assert a.myopic_gap == myopic_gap(board) >= 0
    assert a.shells == board.n and a.fuses == board.edge_count()
    reach = reach_masks(board)
    assert a.biggest_cascade == max(r.bit_count() for r in reach)


def test_myopic_gap_example() -> None:
    # Board 2x3: a1 -E-> b1, b1 -E-> c1, c2 -W-> b2, b2 -W-> a2, b2 -N-> b1.
    #   a1 fan-out 1, b1 1, c2 1, b2 2 -> myopic strikes b2 (lights b2 a2 b1 c1),
    #   then a1, then c2: 3 matches. Par: sources {a1}, {c2} -> 2.
    board = Board.from_graph(
        2,
        3,
        [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
        [(0, 1), (1, 2), (5, 4), (4, 3), (4, 1)],
    )
    assert solve(board).par == 2
    assert myopic_matches(board) == 3
    assert myopic_gap(board) == 1
