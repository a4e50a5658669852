"""Matchless duel benchmarks (figures go to bench/results/duel.md).

Run: ``.venv/bin/python bench/bench_duel.py [--quick]``

* perfect play on 200 default-generator 5x5 boards (``Params(5, 5)``, seeds
  0..199): a fresh perfect bot's opening move (which solves the whole game),
  both rules; the slowest board is re-timed (median of 5). Bar: < 1 s.
* ``obvious_move_not_optimal`` for both rules on 5000 4x4 boards (the duel
  part of ``stats``), total time with and without board generation. Bar: < 30 s.
* the seed's duel table: obvious-move-not-optimal rates at 4x4 and 5x5 for
  both rules, with the shipped definition (the rule's greedy move, judged by
  margin) and, for comparison, the other candidate definitions.
* scaling of the exact solve (6x6, 7x7, 8x8) and the named peer: the plain
  unmemoised minimax (:func:`proofgrid.matchless.duel.plain_minimax`) on 4x4
  boards.
* quality of the budgeted fallback (perfect bot with a 5 ms budget) on 7x7
  boards, against the exact values and the greedy bot.

CPython, one process, one core.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable

from proofgrid.matchless import duel
from proofgrid.matchless.board import Board
from proofgrid.matchless.duel import (
    DuelSolver,
    Level,
    Rule,
    bot_move,
    obvious_move,
    obvious_move_not_optimal,
    plain_minimax,
)
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params


def _timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _fresh_perfect(board: Board, rule: Rule) -> object:
    duel._cached_solver.cache_clear()
    return bot_move(board.succ, board.all_mask, rule, Level.PERFECT, 0, 60_000)


def perfect_5x5(count: int) -> None:
    boards = [generate_board(Params(5, 5), s) for s in range(count)]
    rows = []
    for rule in Rule:
        times = [
            (_timed(lambda b=b, r=rule: _fresh_perfect(b, r)), i) for i, b in enumerate(boards)
        ]
        times.sort()
        slow_i = times[-1][1]
        slow = boards[slow_i]
        again = statistics.median(
            _timed(lambda b=slow, r=rule: _fresh_perfect(b, r)) for _ in range(5)
        )
        med = statistics.median(t for t, _ in times)
        solver = DuelSolver(slow.succ, rule)
        solver.value(slow.all_mask)
        rows.append(
            f"| {rule.value} | {count} | {med * 1e3:.2f} ms | {again * 1e3:.1f} ms "
            f"(seed {slow_i}, {slow.n} shells, {solver.positions} positions) "
            f"| {1.0 / again:.0f}x under |"
        )
    print("\n### Perfect duel, opening move on 5x5 boards (default generator)\n")
    print("| rule | boards | median | slowest board (median of 5) | vs 1 s bar |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))


def stats_4x4(count: int, reps: int) -> None:
    def run(boards: list[Board]) -> int:
        return sum(obvious_move_not_optimal(b.succ, r) for r in Rule for b in boards)

    def gen() -> list[Board]:
        return [generate_board(Params(4, 4), s) for s in range(count)]

    with_gen = statistics.median(_timed(lambda: run(gen())) for _ in range(reps))
    boards = gen()
    alone = statistics.median(_timed(lambda: run(boards)) for _ in range(reps))
    print(f"\n### Duel part of stats: {count} 4x4 boards, both rules (median of {reps})\n")
    print("| what | time | vs 30 s bar |")
    print("|---|---|---|")
    print(f"| obvious_move_not_optimal x2 rules | {alone:.2f} s | {30 / alone:.0f}x under |")
    print(f"| same, boards generated too | {with_gen:.2f} s | {30 / with_gen:.0f}x under |")


def _sgn(x: int) -> int:
    return (x > 0) - (x < 0)


def rates(count4: int, count5: int) -> None:
    """The seed's table, with the shipped and the alternative definitions of 'obvious'."""
    print("\n### Obvious move not optimal (the seed's duel table)\n")
    print(
        "| rule | size | boards | shipped: rule's greedy move, by margin "
        "| biggest cascade, by margin | biggest cascade, by outcome "
        "| rule's greedy move, by outcome | seed |"
    )
    print("|---|---|---|---|---|---|---|---|")
    seed_fig = {
        (Rule.MOST, 4): "0.0%",
        (Rule.MOST, 5): "0.6%",
        (Rule.FEWEST, 4): "29.1%",
        (Rule.FEWEST, 5): "35.5%",
    }
    for rule in Rule:
        for size, count in ((4, count4), (5, count5)):
            shipped = big_m = big_o = greedy_o = 0
            for s in range(count):
                b = generate_board(Params(size, size), s)
                solver = DuelSolver(b.succ, rule)
                full = b.all_mask
                lines = dict(solver.move_values(full))
                value = max(lines.values())
                greedy = obvious_move(b.succ, full, rule)
                big = obvious_move(b.succ, full, Rule.MOST)
                shipped += obvious_move_not_optimal(b.succ, rule)
                big_m += lines[big] != value
                big_o += _sgn(lines[big]) != _sgn(value)
                greedy_o += _sgn(lines[greedy]) != _sgn(value)
            pct = [f"{100 * k / count:.2f}%" for k in (shipped, big_m, big_o, greedy_o)]
            print(
                f"| {rule.value} | {size}x{size} | {count} | **{pct[0]}** | {pct[1]} "
                f"| {pct[2]} | {pct[3]} | {seed_fig[rule, size]} |"
            )


def scaling(counts: dict[int, int]) -> None:
    print("\n### Exact solve (value + best moves of the opening) by board size\n")
    print("| size | boards | rule | median | slowest | positions (slowest) |")
    print("|---|---|---|---|---|---|")
    for size, count in counts.items():
        boards = [generate_board(Params(size, size), s) for s in range(count)]
        for rule in Rule:
            times = []
            for b in boards:
                solver = DuelSolver(b.succ, rule)
                t = _timed(lambda solver=solver, b=b: solver.best_moves(b.all_mask))
                times.append((t, solver.positions))
            times.sort()
            print(
                f"| {size}x{size} | {count} | {rule.value} | "
                f"{statistics.median(t for t, _ in times) * 1e3:.2f} ms | "
                f"{times[-1][0] * 1e3:.1f} ms | {times[-1][1]} |"
            )


def peer_4x4(count: int) -> None:
    boards = [generate_board(Params(4, 4), s) for s in range(count)]
    print(f"\n### Named peer: plain unmemoised minimax, {count} 4x4 boards, both rules\n")
    print("| engine | total | ratio |")
    print("|---|---|---|")
    t_plain = _timed(lambda: [plain_minimax(b.succ, b.all_mask, r) for r in Rule for b in boards])
    t_memo = _timed(lambda: [DuelSolver(b.succ, r).value(b.all_mask) for r in Rule for b in boards])
    print(f"| plain_minimax (peer) | {t_plain:.3f} s | 1x |")
    print(f"| DuelSolver.value | {t_memo:.4f} s | {t_plain / t_memo:.0f}x faster |")


def fallback_quality(count: int, budget_ms: int) -> None:
    """How much the budgeted bot gives away when it cannot finish, against greedy."""
    print(f"\n### Budgeted perfect bot ({budget_ms} ms) on {count} 7x7 boards, opening move\n")
    print("| rule | not proved | of those: optimal | mean loss vs optimum | greedy: mean loss |")
    print("|---|---|---|---|---|")
    for rule in Rule:
        unproved = optimal = loss = gloss = 0
        for s in range(count):
            b = generate_board(Params(7, 7), s)
            duel._cached_solver.cache_clear()
            move = bot_move(b.succ, b.all_mask, rule, Level.PERFECT, 0, budget_ms)
            if move.perfect:
                continue
            unproved += 1
            solver = DuelSolver(b.succ, rule)
            lines = dict(solver.move_values(b.all_mask))
            value = max(lines.values())
            optimal += lines[move.shell] == value
            loss += value - lines[move.shell]
            gloss += value - lines[obvious_move(b.succ, b.all_mask, rule)]
        if unproved:
            print(
                f"| {rule.value} | {unproved} | {optimal} | {loss / unproved:.2f} shells "
                f"| {gloss / unproved:.2f} shells |"
            )
        else:
            print(f"| {rule.value} | 0 | - | - | - |")


def main() -> int:
    """Run the benchmarks and print Markdown tables."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer boards and repetitions")
    args = ap.parse_args()
    q = args.quick
    print(f"Python {platform.python_version()} on {platform.machine()}, {time.ctime()}")
    perfect_5x5(50 if q else 200)
    stats_4x4(1000 if q else 5000, 1 if q else 3)
    rates(1000 if q else 5000, 500 if q else 5000)
    scaling({6: 20, 7: 10} if q else {6: 200, 7: 50, 8: 20})
    peer_4x4(10 if q else 50)
    fallback_quality(10 if q else 120, 5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
