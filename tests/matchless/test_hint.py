"""Matchless's proved hint, checked by an independent implementation.

Oracle: networkx's condensation of the subgraph the unlit shells induce
(``nx.condensation``, not our Tarjan), its source components by in-degree, and
plain breadth-first search (``nx.descendants``) for each cascade. On random
boards and random play (hypothesis), the hint's move must be the shell the
module docstring's rule names, a shell of a source component; striking it
must lower the remaining par by exactly one; its proof must verify against
the board by a checker written from the docstring alone; its words must not
be empty and must give the numbers.
"""

from __future__ import annotations

from typing import Any

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.matchless.board import Board
from proofgrid.matchless.game import State, move_name, new_state, strike
from proofgrid.matchless.hint import hint
from proofgrid.matchless.solve import remaining_par, solve
from tests.strategies import matchless_cells

boards = matchless_cells(max_size=6).map(lambda t: Board(*t))


def unlit_graph(state: State) -> nx.DiGraph:
    board = state.board
    unlit = {v for v in range(board.n) if state.unlit >> v & 1}
    g = nx.DiGraph()
    g.add_nodes_from(unlit)
    g.add_edges_from((a, b) for a, b in board.fuses() if a in unlit and b in unlit)
    return g


def oracle_move(state: State) -> tuple[str, set[int], int, int]:
    """The rule of the docstring, by networkx: move, its component, its cascade, remaining par."""
    g = unlit_graph(state)
    cond = nx.condensation(g)
    sources = [c for c in cond.nodes if cond.in_degree(c) == 0]
    best: tuple[int, int, set[int]] | None = None  # (-lights, smallest shell, members)
    for c in sources:
        members = set(cond.nodes[c]["members"])
        first = min(members)
        lights = len(nx.descendants(g, first)) + 1
        key = (-lights, first, members)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    return move_name(state.board, best[1]), best[2], -best[0], len(sources)


def check_proof(board: Board, state: State, move: str, proof: dict[str, Any]) -> None:
    """The checker a reader writes from the docstring: the proof holds on the board."""
    name = {move_name(board, v): v for v in range(board.n)}
    unlit = {name[s] for s in proof["unlit"]}
    assert unlit == {v for v in range(board.n) if state.unlit >> v & 1}
    comp = {name[s] for s in proof["component"]}
    assert name[move] in comp and comp <= unlit
    g = unlit_graph(state)
    sub = g.subgraph(comp)
    assert nx.is_strongly_connected(sub)
    into = {(a, b) for a, b in board.fuses() if b in comp and a not in comp}
    listed = {(name[a], name[b]) for a, b in proof["incoming"]}
    assert listed == into
    assert all(a not in unlit for a, _ in listed)  # every fuse in comes from a lit shell


@settings(max_examples=150, deadline=None)
@given(boards, st.data())
def test_hint_is_the_rule_and_keeps_par(board: Board, data: st.DataObject) -> None:
    state = new_state(board)
    par = solve(board).par
    while state.unlit:
        h = hint(state)
        assert h is not None and h.move is not None
        move, comp, lights, rem = oracle_move(state)
        assert h.move == move
        assert h.extra["lights"] == lights and h.extra["remaining_par"] == rem
        assert h.extra["par_reachable"] == (state.matches + rem == par)
        assert h.words and all(h.words)
        unlit_now = bin(state.unlit).count("1")
        said = f"lights {lights} of the {unlit_now} unlit" if unlit_now > 1 else "the last unlit"
        assert said in h.words[1]
        if len(comp) > 1:
            assert all(move_name(board, v) in h.words[0] for v in comp)
        assert h.proof is not None
        check_proof(board, state, h.move, dict(h.proof))
        after = strike(state, board.shell_at(*_rc(h.move))).state
        assert remaining_par(board, after.unlit).par == rem - 1
        # play on: sometimes the hint, sometimes any unlit shell (which may lose par)
        unlit = [v for v in range(board.n) if state.unlit >> v & 1]
        shell = data.draw(st.sampled_from(unlit)) if data.draw(st.booleans()) else None
        state = after if shell is None else strike(state, shell).state
    assert hint(state) is None


def _rc(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("a")


def test_lost_par_is_said_with_the_numbers() -> None:
    # 2x3, a1 -> b1 -> c1 and c2 -> b2 -> a2, b2 -> b1: par 2 (a1 and c2)
    line = Board.from_graph(
        2,
        3,
        [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
        [(0, 1), (1, 2), (5, 4), (4, 3), (4, 1)],
    )
    state = strike(new_state(line), line.shell_at(0, 1)).state  # b1: not a source
    h = hint(state)
    assert h is not None and h.move in {"a1", "c2"}
    assert h.extra["par_reachable"] is False
    assert any(
        "Par 2 is out of reach: 1 match used and 2 still needed make 3" in w for w in h.words
    )
    assert h.move == "c2"  # c2 lights c2, b2, a2 (3 shells); a1 lights only a1
    assert h.words[0] == "Nothing left unlit can reach c2 — strike it, or it stays dark."


def test_a_cycle_names_its_members() -> None:
    # a1 <-> b1 (a two-shell source component), b1 -> c1 (row 2 is empty)
    b = Board.from_graph(2, 3, [(0, 0), (0, 1), (0, 2)], [(0, 1), (1, 0), (1, 2)])
    h = hint(new_state(b))
    assert h is not None and h.move == "a1"
    assert h.words[0].startswith("a1 and b1 light each other; no unlit shell outside them")
    assert h.words[-1] == "This is the last match par needs: it clears the sky."
    assert h.proof == {"component": ["a1", "b1"], "unlit": ["a1", "b1", "c1"], "incoming": []}
