"""The prover's memoised tight-region codes equal the regions themselves.

Oracle: a fresh relaxation's ``region_for`` (nothing memoised yet) turned into codes by
``Region.codes``; the relaxation under test answers ``region_nodes`` for every arc twice
(the second answer from its memo) and ``region_for`` afterwards.
"""

from __future__ import annotations

from hypothesis import given, settings

from proofgrid.kirchhoff.board import Board, Mark, Position
from proofgrid.kirchhoff.generate import Generated
from proofgrid.kirchhoff.relax import relax
from proofgrid.kirchhoff.verify import random_board, random_marks
from proofgrid.rng import SplitMix64
from tests.strategies import kirchhoff_positions


def _agree(board: Board, masks: tuple[int, ...]) -> int:
    """Compare every arc of every edge state; return how many forced arcs were compared."""
    rx = relax(board, masks)
    tr = relax(board, masks)
    assert tr.feasible == rx.feasible
    if not rx.feasible:
        assert rx.certificate is not None and tr.certificate is not None
        assert tr.certificate.codes() == rx.certificate.codes()
        assert tr.region_nodes(0, 1) is None
        return 0
    forced = 0
    for e in range(board.n_edges):
        for s in (1, 2, 0, 1):  # repeated: the second answer comes from the memo
            reg = rx.region_for(e, s)
            want = None if reg is None else reg.codes()
            assert tr.region_nodes(e, s) == want
            late = tr.region_for(e, s)  # after its codes were memoised
            assert (None if late is None else late.codes()) == want
            if reg is not None:
                cells = sorted({c // 3 for c in want})
                assert len(want) == reg.size and list(reg.all_cells()) == cells
            forced += reg is not None
    return forced


def test_regions_agree_on_random_and_generated_positions(generated: list[Generated]) -> None:
    rng = SplitMix64(2026)
    forced = 0
    for _ in range(100):
        rows, cols = 2 + rng.below(5), 2 + rng.below(5)
        board = random_board(rng, rows, cols)
        forced += _agree(board, Position(board, random_marks(rng, board)).masks())
    for gen in generated:  # subsets of the solution, with and without one wrong mark
        for k in range(8):
            marks = [Mark.FREE] * gen.board.n_edges
            for e, st in enumerate(gen.solution):
                if rng.below(3) == 0:
                    marks[e] = Mark(3 if st == 0 else st)
            if k % 2:
                e = rng.below(gen.board.n_edges)
                marks[e] = Mark(1 + (int(marks[e]) % 3))
            forced += _agree(gen.board, Position(gen.board, tuple(marks)).masks())
    assert forced > 100  # the comparison is not vacuous


@settings(max_examples=80, deadline=None)
@given(kirchhoff_positions(4, 4))
def test_regions_agree_on_drawn_positions(pos: Position) -> None:
    _agree(pos.board, pos.masks())
