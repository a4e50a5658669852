"""The max-flow relaxation: one-sided (oracle: the exact counter), certificates re-checked."""

from __future__ import annotations

from hypothesis import given, settings

from proofgrid.kirchhoff.board import Board, Position
from proofgrid.kirchhoff.exact import analyse, count
from proofgrid.kirchhoff.relax import probe, relax
from proofgrid.kirchhoff.verify import gale_numbers, random_board, random_marks
from proofgrid.rng import SplitMix64
from tests.strategies import kirchhoff_positions


def test_infeasible_implies_dead_on_thousands_of_positions() -> None:
    rng = SplitMix64(4)
    sizes = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (2, 5), (5, 3))
    infeasible = one_sided = 0
    for i in range(2500):
        R, C = sizes[i % len(sizes)]
        board = random_board(rng, R, C)
        masks = Position(board, random_marks(rng, board, free_in=9)).masks()
        rx = relax(board, masks)
        dead = count(board, masks, cap=1).value == 0
        if not rx.feasible:
            infeasible += 1
            assert dead, (board, masks)
            reg = rx.certificate
            assert reg is not None
            # Gale's condition is violated, recomputed from the rules
            assert gale_numbers(board, masks, reg) == (reg.surplus, reg.capacity)
            assert reg.surplus > reg.capacity
        elif dead:
            one_sided += 1
    # both outcomes occur, so the test exercises both branches
    assert infeasible > 200 and one_sided > 5


def test_pinned_alive_in_the_relaxation_but_dead() -> None:
    # the seed's caveat made concrete: a throughput 2 in a corner has two edges, so
    # it needs both to carry an arrow in *and* an arrow out — possible only if
    # flow runs both ways along each edge, which the relaxation allows
    board = Board.from_text(". 2 / . .")
    masks = (7,) * board.n_edges
    assert relax(board, masks).feasible
    assert count(board).value == 0
    # a bigger one with terminals: the 2 on the right edge has three edges
    board = Board.from_text(". 2 +1 / -1 . 0")
    assert relax(board, (7,) * board.n_edges).feasible
    assert count(board).value == 0


@settings(max_examples=120, deadline=None)
@given(kirchhoff_positions(4, 4))
def test_eliminations_and_tight_regions(pos: Position) -> None:
    board, masks = pos.board, pos.masks()
    an = analyse(board, masks, cap=1)
    rx = relax(board, masks)
    if not rx.feasible or an.count.value == 0:
        return
    support = an.support
    for e, m in rx.eliminated().items():
        assert not support[e] & m  # no solution uses a state the relaxation removed
    for e, s, _used in rx.forced_arcs():
        reg = rx.region_for(e, s)
        assert reg is not None
        assert gale_numbers(board, masks, reg) == (reg.surplus, reg.capacity)
        assert reg.surplus == reg.capacity  # tight
    pr = probe(board, masks)
    assert pr is not None
    for e, m in pr.eliminated.items():
        assert not support[e] & m
    for (e, s), (reg, trial) in pr.regions.items():
        sur, cap = gale_numbers(board, masks, reg) if not trial else (reg.surplus, reg.capacity)
        assert (sur > cap) if trial else (sur == cap)
        assert pr.eliminated[e] >> s & 1


def test_trial_region_is_a_real_certificate() -> None:
    # Every trial region must prove the trial dead: re-check it on the trial's masks.
    rng = SplitMix64(9)
    checked = 0
    for _ in range(400):
        board = random_board(rng, 3, 4)
        masks = Position(board, random_marks(rng, board, free_in=12)).masks()
        pr = probe(board, masks)
        if pr is None:
            continue
        for (e, s), (reg, trial) in pr.regions.items():
            if trial:
                tm = list(masks)
                tm[e] = 1 << s
                sur, cap = gale_numbers(board, tm, reg)
                assert (sur, cap) == (reg.surplus, reg.capacity) and sur > cap
                checked += 1
    assert checked > 0
