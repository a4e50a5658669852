"""Lost proofs end on small regions: every END region is connected and 1-minimal.

Oracle: the independent checker ``tools/proofcheck.py`` (it re-checks
each proof, records every END region with the remaining states where it stands,
and evaluates the region rule on each one-node-smaller set itself). Positions:
random parts of a generated board's solution plus one wrong mark (lost, since
the solution is unique), on the easy, medium and hard presets, and the repro of
issue 12's ``7x7dh#5`` with ``a1>b1``.
"""

from __future__ import annotations

from typing import Any

import pytest
from tools.proofcheck import Dom, check, clues_from_game_id, removable_nodes

from proofgrid import midend
from proofgrid.kirchhoff.board import Board, Mark, Position
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.contract import KIRCHHOFF
from proofgrid.kirchhoff.exact import is_lost
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.moves import execute_moves
from proofgrid.kirchhoff.proof import prove_lost
from proofgrid.rng import SplitMix64, seed_from_text
from tests.kirchhoff.test_proof import clues_of, marks_of


def _connected(board: Board, region: list[str]) -> bool:
    """Cells of the region joined by grid edges form one piece."""
    cells = {(int(t.split(":")[0][1:]) - 1, ord(t[0]) - ord("a")) for t in region}
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen == cells


def _lost_positions(name: str, boards: int, per_board: int) -> list[Position]:
    rng = SplitMix64(seed_from_text(f"tests/kirchhoff/test_proof_minimal/{name}"))
    out = []
    for _ in range(boards):
        g = generate_board(presets()[name], rng.next64())
        right = [3 if s == 0 else s for s in g.solution]
        n = g.board.n_edges
        for _ in range(per_board):
            marks = [0] * n
            for e in range(n):
                if rng.below(3) == 0:
                    marks[e] = right[e]
            e = rng.below(n)
            marks[e] = [m for m in (1, 2, 3) if m != right[e]][rng.below(2)]
            pos = Position(g.board, tuple(Mark(m) for m in marks))
            assert is_lost(g.board, pos.masks())
            out.append(pos)
    return out


def _end_regions(pos: Position, proof: dict[str, Any]) -> list[tuple[list[str], Dom]]:
    regions: list[tuple[list[str], Dom]] = []
    check(clues_of(pos.board), proof, lost=True, marks=marks_of(pos), regions=regions)
    return regions


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_every_end_region_is_connected_and_one_minimal(name: str) -> None:
    seen = 0
    for pos in _lost_positions(name, 4, 12):
        proof = prove_lost(pos)
        assert proof is not None
        for region, dom in _end_regions(pos, proof):
            seen += 1
            assert removable_nodes(clues_of(pos.board), region, dom) == [], (proof, region)
            assert _connected(pos.board, region), region
    assert seen > 0  # the corpus has END regions to judge


def test_the_issue_repro_ends_on_a_valid_minimal_region() -> None:
    gid = "7x7dh#5"
    board = midend.resolve(KIRCHHOFF, gid).start().board
    pos = execute_moves(Position.start(board), "a1>b1")
    proof = prove_lost(pos)
    assert proof is not None and proof["uses"] == ["a1>b1"]
    regions = _end_regions(pos, proof)
    assert len(regions) == 1
    region, dom = regions[0]
    assert removable_nodes(clues_from_game_id(gid), region, dom) == []
    assert _connected(pos.board, region)
