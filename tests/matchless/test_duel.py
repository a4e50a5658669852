"""The duel: memoised negamax, cascades, bots, the comparator, the pinned counterexamples.

Oracles: :func:`proofgrid.matchless.duel.plain_minimax` (unmemoised, every
shell tried, cascades from :func:`proofgrid.graph.scc.bfs_depths`) for values
and optimal moves; ``bfs_depths`` with the lit shells blocked for cascades; a
brute-force predecessor-closure test for closed positions; hand-worked games
for the smallest graphs; the codec for the pinned boards' game IDs.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.graph.scc import bfs_depths
from proofgrid.matchless import duel
from proofgrid.matchless.duel import (
    COUNTEREXAMPLES,
    DEFAULT_RULE,
    BotMove,
    DuelSolver,
    Level,
    Rule,
    Winner,
    bot_move,
    cascade,
    obvious_move,
    obvious_move_not_optimal,
    outcome,
    plain_minimax,
    verify_duel,
)
from proofgrid.matchless.game import parse_game_id
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.puzzle import InvalidMoveError
from proofgrid.rng import SplitMix64
from tests.strategies import digraphs

Succ = list[list[int]]


def bfs_cascade(succ: Succ, unlit: int, shell: int) -> int:
    """Oracle cascade: bfs_depths from ``shell`` with every lit shell blocked."""
    blocked = [not unlit >> v & 1 for v in range(len(succ))]
    return sum(1 << v for v in bfs_depths(succ, [shell], blocked))


def unlit_shells(unlit: int) -> list[int]:
    return [v for v in range(unlit.bit_length()) if unlit >> v & 1]


def line_value(succ: Succ, unlit: int, shell: int, rule: Rule) -> int:
    """What striking ``shell`` is worth to the mover, by the plain oracle."""
    c = bfs_cascade(succ, unlit, shell)
    return rule.sign * c.bit_count() - plain_minimax(succ, unlit & ~c, rule)


nonempty_graphs = digraphs(max_nodes=8).filter(bool)


# --- values against the plain minimax ------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(nonempty_graphs)
def test_value_of_full_board_matches_plain_minimax(
    succ: Succ,
) -> None:
    full = (1 << len(succ)) - 1
    for rule in Rule:
        assert DuelSolver(succ, rule).value(full) == plain_minimax(succ, full, rule)


@settings(max_examples=400, deadline=None)
@given(digraphs(max_nodes=7).filter(bool), st.data())
def test_value_of_any_mask_matches_plain_minimax(succ: Succ, data: st.DataObject) -> None:
    """Arbitrary masks include non-closed ones (the BFS path of the solver)."""
    unlit = data.draw(st.integers(0, (1 << len(succ)) - 1))
    for rule in Rule:
        solver = DuelSolver(succ, rule)
        assert solver.value(unlit) == plain_minimax(succ, unlit, rule)


@settings(max_examples=300, deadline=None)
@given(digraphs(max_nodes=7).filter(bool), st.data())
def test_best_moves_are_exactly_the_optimal_moves(succ: Succ, data: st.DataObject) -> None:
    unlit = data.draw(st.integers(1, (1 << len(succ)) - 1))
    for rule in Rule:
        solver = DuelSolver(succ, rule)
        value = plain_minimax(succ, unlit, rule)
        lines = {s: line_value(succ, unlit, s, rule) for s in unlit_shells(unlit)}
        assert max(lines.values()) == value
        assert solver.best_moves(unlit) == sorted(s for s, x in lines.items() if x == value)
        assert solver.move_values(unlit) == sorted(lines.items())


def test_hand_worked_games() -> None:
    chain = [[1], []]  # a -> b
    assert DuelSolver(chain, Rule.MOST).value(0b11) == 2  # strike a, take both
    # Fewest: strike b (1 shell), the opponent must take a (1 shell): a draw.
    assert DuelSolver(chain, Rule.FEWEST).value(0b11) == 0
    assert DuelSolver(chain, Rule.FEWEST).best_moves(0b11) == [1]
    three = [[], [], []]  # singles: the first player takes two of three
    assert DuelSolver(three, Rule.MOST).value(0b111) == 1
    assert DuelSolver(three, Rule.FEWEST).value(0b111) == -1
    cycle = [[1], [2], [0]]  # any match lights all three
    assert DuelSolver(cycle, Rule.MOST).value(0b111) == 3
    assert DuelSolver(cycle, Rule.FEWEST).value(0b111) == -3
    assert DuelSolver(cycle, Rule.FEWEST).best_moves(0b111) == [0, 1, 2]
    for rule in Rule:
        assert DuelSolver([], rule).value(0) == 0
        assert DuelSolver(chain, rule).best_moves(0) == []


# --- cascades and closed positions ---------------------------------------------------------


@settings(max_examples=500, deadline=None)
@given(digraphs(max_nodes=12).filter(bool), st.data())
def test_cascade_matches_bfs_depths(succ: Succ, data: st.DataObject) -> None:
    n = len(succ)
    unlit = data.draw(st.integers(1, (1 << n) - 1))
    shell = data.draw(st.sampled_from(unlit_shells(unlit)))
    want = bfs_cascade(succ, unlit, shell)
    assert cascade(succ, unlit, shell) == want
    assert DuelSolver(succ, Rule.MOST).cascade(unlit, shell) == want


def predecessor_closed(succ: Succ, unlit: int) -> bool:
    return all(unlit >> u & 1 for u in range(len(succ)) for w in succ[u] if unlit >> w & 1)


@settings(max_examples=300, deadline=None)
@given(digraphs(max_nodes=12).filter(bool), st.data())
def test_play_from_the_full_board_stays_closed(succ: Succ, data: st.DataObject) -> None:
    """The theorem behind the fast path: lit sets stay closed under fuses."""
    solver = DuelSolver(succ, Rule.MOST)
    unlit = solver.all_mask
    while unlit:
        assert predecessor_closed(succ, unlit)
        assert solver.is_closed(unlit)
        shell = data.draw(st.sampled_from(unlit_shells(unlit)))
        unlit &= ~cascade(succ, unlit, shell)
    assert solver.is_closed(0)


def test_not_closed_mask_is_detected() -> None:
    succ = [[1], []]
    assert not DuelSolver(succ, Rule.MOST).is_closed(0b10)  # lit 0 points at unlit 1
    assert not predecessor_closed(succ, 0b10)


# --- the bots ------------------------------------------------------------------------------


def brute_obvious(succ: Succ, unlit: int, rule: Rule) -> int:
    sizes = [(rule.sign * bfs_cascade(succ, unlit, s).bit_count(), -s) for s in unlit_shells(unlit)]
    return -max(sizes)[1]


@settings(max_examples=300, deadline=None)
@given(digraphs(max_nodes=10).filter(bool), st.data())
def test_greedy_bot_plays_the_obvious_move(succ: Succ, data: st.DataObject) -> None:
    unlit = data.draw(st.integers(1, (1 << len(succ)) - 1))
    for rule in Rule:
        want = brute_obvious(succ, unlit, rule)
        assert obvious_move(succ, unlit, rule) == want
        assert bot_move(succ, unlit, rule, Level.GREEDY, 0) == BotMove(want, False, None)


@settings(max_examples=200, deadline=None)
@given(
    digraphs(max_nodes=10).filter(bool),
    st.integers(0, 2**64 - 1),
    st.data(),
)
def test_random_bot_draws_a_uniform_unlit_shell(succ: Succ, seed: int, data: st.DataObject) -> None:
    unlit = data.draw(st.integers(1, (1 << len(succ)) - 1))
    shells = unlit_shells(unlit)
    want = shells[SplitMix64(seed).below(len(shells))]
    assert bot_move(succ, unlit, Rule.FEWEST, Level.RANDOM, seed) == BotMove(want, False, None)


@settings(max_examples=200, deadline=None)
@given(digraphs(max_nodes=7).filter(bool))
def test_perfect_bot_plays_a_proved_best_move(succ: Succ) -> None:
    full = (1 << len(succ)) - 1
    for rule in Rule:
        move = bot_move(succ, full, rule, Level.PERFECT, 0, 10_000)
        value = plain_minimax(succ, full, rule)
        assert move.perfect
        assert move.value == value
        assert line_value(succ, full, move.shell, rule) == value
        # lowest optimal shell, by the oracle
        assert move.shell == min(
            s for s in unlit_shells(full) if line_value(succ, full, s, rule) == value
        )


def test_perfect_bot_on_generated_boards() -> None:
    for seed in range(20):
        board = generate_board(Params(5, 5), seed)
        for rule in Rule:
            move = bot_move(board.succ, board.all_mask, rule, Level.PERFECT, 0, 60_000)
            solver = DuelSolver(board.succ, rule)
            assert move.perfect
            assert move.value == solver.value(board.all_mask)
            assert move.shell == solver.best_moves(board.all_mask)[0]


@settings(max_examples=150, deadline=None)
@given(digraphs(max_nodes=7).filter(bool))
def test_deepening_without_cutoffs_is_exact(succ: Succ) -> None:
    """The budgeted alpha-beta search, run to the end on a fresh memo, equals the oracle."""
    full = (1 << len(succ)) - 1
    for rule in Rule:
        shell, value, exact = DuelSolver(succ, rule)._deepening(full, 2**62)
        assert exact
        assert value == plain_minimax(succ, full, rule)
        assert shell == DuelSolver(succ, rule).best_moves(full)[0]


def greedy_playout(succ: Succ, unlit: int, rule: Rule) -> int:
    """Both sides play the obvious move to the end: the mover's advantage."""
    total, turn = 0, 1
    while unlit:
        c = bfs_cascade(succ, unlit, brute_obvious(succ, unlit, rule))
        total += turn * rule.sign * c.bit_count()
        turn, unlit = -turn, unlit & ~c
    return total


@settings(max_examples=200, deadline=None)
@given(digraphs(max_nodes=10).filter(bool), st.data())
def test_deepening_past_its_deadline_still_completes_depth_one(
    succ: Succ, data: st.DataObject
) -> None:
    """Depth 1 is the fallback of last resort: FEWEST plays the obvious move, MOST the
    move whose greedy playout scores best (lowest shell on ties)."""
    unlit = data.draw(st.integers(1, (1 << len(succ)) - 1))
    shells = unlit_shells(unlit)
    fewest, _, _ = DuelSolver(succ, Rule.FEWEST)._deepening(unlit, 0)  # deadline long past
    assert fewest == brute_obvious(succ, unlit, Rule.FEWEST)
    most, _, _ = DuelSolver(succ, Rule.MOST)._deepening(unlit, 0)
    scored = []
    for s in shells:
        c = bfs_cascade(succ, unlit, s)
        scored.append((c.bit_count() - greedy_playout(succ, unlit & ~c, Rule.MOST), -s))
    assert most == -max(scored)[1]


def test_perfect_bot_degrades_on_big_boards() -> None:
    """Tiny budgets on boards far beyond exact search: a legal move, flagged not perfect."""
    # 32 separate fuses a -> b: every one of the 3**32 antichains is a position.
    pairs: Succ = [[i + 1] if i % 2 == 0 else [] for i in range(64)]
    board = generate_board(Params(12, 12), 1)  # 102 shells, 66 components
    for succ in (pairs, [list(h) for h in board.succ]):
        full = (1 << len(succ)) - 1
        for rule in Rule:
            move = bot_move(succ, full, rule, Level.PERFECT, 0, 20)
            assert move.perfect is False
            assert move.value is None
            assert 0 <= move.shell < len(succ)


def test_bots_refuse_a_clear_sky_and_bad_input() -> None:
    succ = [[1], []]
    for level in Level:
        with pytest.raises(InvalidMoveError, match="clear"):
            bot_move(succ, 0, Rule.MOST, level, 0)
    with pytest.raises(InvalidMoveError, match="already lit"):
        cascade(succ, 0b01, 1)
    with pytest.raises(InvalidMoveError, match="no shell"):
        cascade(succ, 0b11, 5)
    with pytest.raises(ValueError, match="unlit mask"):
        DuelSolver(succ, Rule.MOST).value(0b100)
    with pytest.raises(ValueError, match="points outside"):
        DuelSolver([[2], []], Rule.MOST)
    for level in Level:
        with pytest.raises(ValueError, match="points outside"):
            bot_move([[2], []], 0b11, Rule.FEWEST, level, 0)


# --- the seed's claims: pinned counterexamples ---------------------------------------------

PINNED_IDS = {Rule.MOST: "3x4:ES3fASR8AEAcUQ", Rule.FEWEST: "2x2:EA9BMLv4"}


@pytest.mark.parametrize("rule", list(Rule))
def test_pinned_counterexample(rule: Rule) -> None:
    _, board = parse_game_id(PINNED_IDS[rule])
    assert board.succ == COUNTEREXAMPLES[rule]
    succ = [list(h) for h in board.succ]
    full = board.all_mask
    solver = DuelSolver(succ, rule)
    ob = obvious_move(succ, full, rule)
    assert obvious_move_not_optimal(succ, rule)
    assert ob not in solver.best_moves(full)
    # The obvious move even throws the outcome away (win -> draw, draw -> loss).
    value = solver.value(full)
    ob_line = dict(solver.move_values(full))[ob]
    assert (ob_line > 0) - (ob_line < 0) < (value > 0) - (value < 0)


def test_pinned_counterexample_values() -> None:
    """The worked numbers quoted in the duel module's comments."""
    most = DuelSolver(COUNTEREXAMPLES[Rule.MOST], Rule.MOST)
    assert most.value(most.all_mask) == 2
    assert most.best_moves(most.all_mask) == [4]
    assert obvious_move(COUNTEREXAMPLES[Rule.MOST], most.all_mask, Rule.MOST) == 5
    fewest_succ = [list(h) for h in COUNTEREXAMPLES[Rule.FEWEST]]
    full = 0b1111
    assert plain_minimax(fewest_succ, full, Rule.FEWEST) == 0
    assert line_value(fewest_succ, full, 1, Rule.FEWEST) == -2  # the smallest cascade loses
    assert line_value(fewest_succ, full, 0, Rule.FEWEST) == -4  # the biggest loses too
    assert line_value(fewest_succ, full, 2, Rule.FEWEST) == 0
    assert obvious_move(fewest_succ, full, Rule.FEWEST) == 1


def test_obvious_move_is_optimal_on_simple_boards() -> None:
    assert not obvious_move_not_optimal([], Rule.MOST)
    assert not obvious_move_not_optimal([[1], [2], [0]], Rule.FEWEST)
    assert not obvious_move_not_optimal([[1], []], Rule.MOST)
    assert not obvious_move_not_optimal([[1], []], Rule.FEWEST)


# --- the comparator ------------------------------------------------------------------------


def test_comparator_and_outcome() -> None:
    assert DEFAULT_RULE is Rule.FEWEST
    assert Rule.MOST.compare(5, 3) == 1
    assert Rule.MOST.compare(3, 5) == -1
    assert Rule.FEWEST.compare(3, 5) == 1
    assert Rule.FEWEST.compare(5, 3) == -1
    for rule in Rule:
        assert rule.compare(4, 4) == 0
        assert outcome((4, 4), rule) is Winner.DRAW
    assert outcome((7, 2), Rule.MOST) is Winner.FIRST
    assert outcome((7, 2), Rule.FEWEST) is Winner.SECOND
    assert outcome((2, 7), Rule.MOST) is Winner.SECOND
    assert outcome((2, 7), Rule.FEWEST) is Winner.FIRST


@settings(max_examples=200, deadline=None)
@given(digraphs(max_nodes=7).filter(bool), st.data())
def test_value_predicts_the_outcome_of_perfect_play(succ: Succ, data: st.DataObject) -> None:
    """Both sides play the perfect bot to the end: the score difference is the value."""
    rule = data.draw(st.sampled_from(list(Rule)))
    solver = DuelSolver(succ, rule)
    unlit = solver.all_mask
    value = solver.value(unlit)
    scores = [0, 0]
    turn = 0
    while unlit:
        shell = solver.best_moves(unlit)[0]
        c = cascade(succ, unlit, shell)
        scores[turn] += c.bit_count()
        unlit &= ~c
        turn ^= 1
    assert rule.sign * (scores[0] - scores[1]) == value
    want = Winner.FIRST if value > 0 else Winner.SECOND if value < 0 else Winner.DRAW
    assert outcome((scores[0], scores[1]), rule) is want


# --- verify --------------------------------------------------------------------------------


def test_verify_duel_passes() -> None:
    checks, failures = verify_duel(quick=True)
    assert failures == []
    assert checks > 200


def test_verify_duel_catches_a_false_pin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pin whose obvious move is optimal after all must be reported."""
    monkeypatch.setattr(duel, "COUNTEREXAMPLES", {Rule.MOST: ((1,), ())})
    checks, failures = verify_duel(count=2)
    assert checks > 0
    assert len(failures) == 1
    assert "most" in failures[0]
