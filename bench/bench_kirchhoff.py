"""Kirchhoff benchmarks (figures go to bench/results/kirchhoff.md).

Run: ``.venv/bin/python bench/bench_kirchhoff.py [--quick]``

1. Count + marginals (:func:`proofgrid.kirchhoff.exact.analyse`, exact big
   integers) on 7×7 positions: generated hard boards at the start and half-way
   through their hint sequence, and a stress case — the same routes with every
   throughput clue rubbed out (terminals only, about 10^11 solutions). The
   largest frontier layer is reported too. Bar: ≤ 5 ms median.
2. Deciding uniqueness of generated hard 7×7 boards: the exact counter capped
   at 2 against the named peer, the seed's three-way branching search pruned
   by the max-flow relaxation (:mod:`proofgrid.kirchhoff.baseline`). Bar: ≥ 10×.
3. Generation per preset, median seconds (bars: hard 7×7 ≤ 0.25 s, expert
   10×10 ≤ 1 s, giant 16×16 ≤ 5 s), with the grade of every attempt (how often
   the raw construction lands on each grade at that size).
4. Grading time by board size.
5. Hints with their proofs (issue 12, :mod:`proofgrid.kirchhoff.proof`): the
   first dailies solved by hints alone from the empty board, each hint asked
   with the player's last mark and timed whole (:func:`~proofgrid.kirchhoff.hint.hint`:
   exact verdict, prover, sentences) and the prover alone; then positions of
   those walks with one wrong mark (lost verdicts), timed whole and the prover
   alone. Median, p99 and max; the hard one-wrong-mark lost proofs and stage-C
   hints (refutations) are the slow tail. ``--proofs`` runs this section only.

CPython, one process, one core.
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from proofgrid.kirchhoff.baseline import branch_count
from proofgrid.kirchhoff.board import BLANK, Board, ClueKind, Grade, Mark, Position
from proofgrid.kirchhoff.codec import Params, presets
from proofgrid.kirchhoff.daily import LAUNCH, daily
from proofgrid.kirchhoff.exact import Sweep, analyse, count
from proofgrid.kirchhoff.generate import (
    board_from_solution,
    generate_board,
    minimise,
    recipe,
    route_paths,
)
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import HintKind, hint
from proofgrid.kirchhoff.local import propagate
from proofgrid.kirchhoff.moves import execute_move
from proofgrid.kirchhoff.proof import prove_hint, prove_lost
from proofgrid.rng import SplitMix64

T = TypeVar("T")


def _median_time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _max_layer(board: Board, masks: tuple[int, ...]) -> int:
    prop = propagate(board, masks)
    if prop.dead_cell >= 0:
        return 0
    return max(len(layer) for layer in Sweep(board, prop.masks).forward())


def _half_way(board: Board) -> Position:
    moves = []
    pos = Position.start(board)
    while (h := hint(pos)).kind is not HintKind.SOLVED:
        moves.append(h.move)
        pos = execute_move(pos, h.move)
    pos = Position.start(board)
    for mv in moves[: len(moves) // 2]:
        pos = execute_move(pos, mv)
    return pos


def bench_count(n: int, repeat: int) -> None:
    print("## 1. count + marginals on 7x7 (exact, big integers)\n")
    boards = [generate_board(Params(7, 7, Grade.HARD), s).board for s in range(n)]
    stress = []
    for s in range(n):
        rng = SplitMix64(s)
        full = board_from_solution(7, 7, route_paths(rng, 7, 7, recipe(Params(7, 7))))
        stress.append(
            Board(7, 7, tuple(BLANK if c.kind is ClueKind.THROUGHPUT else c for c in full.clues))
        )
    thinned = []
    for b in boards:  # every other remaining throughput clue rubbed out too (not unique)
        through = [i for i, c in enumerate(b.clues) if c.kind is ClueKind.THROUGHPUT]
        clues = list(b.clues)
        for i in through[::2]:
            clues[i] = BLANK
        thinned.append(Board(7, 7, tuple(clues)))
    cases = [
        ("generated hard 7x7, start", [Position.start(b) for b in boards]),
        ("generated hard 7x7, half-way", [_half_way(b) for b in boards]),
        ("the same with half their clues rubbed out", [Position.start(b) for b in thinned]),
        ("terminals only 7x7 (stress)", [Position.start(b) for b in stress]),
    ]
    print("| positions | n | median ms (per position) | max ms | largest layer | solutions |")
    print("|---|---|---|---|---|---|")
    for name, positions in cases:
        per = [_median_time(lambda p=p: analyse(p.board, p.masks()), repeat) for p in positions]
        layers = [_max_layer(p.board, p.masks()) for p in positions]
        sols = sorted(analyse(p.board, p.masks()).count.value for p in positions)
        print(
            f"| {name} | {len(positions)} | {1000 * statistics.median(per):.2f} | "
            f"{1000 * max(per):.2f} | {max(layers)} | {sols[0]}..{sols[-1]} |"
        )
    print()


def bench_unique(n: int) -> None:
    print("## 2. uniqueness of generated hard 7x7 boards: exact vs the seed's search\n")
    boards = [generate_board(Params(7, 7, Grade.HARD), s).board for s in range(n)]
    ex, base, ratios = [], [], []
    for b in boards:
        te = _median_time(lambda b=b: count(b, cap=2), 5)
        t0 = time.perf_counter()
        nb = branch_count(b, cap=2)
        tb = time.perf_counter() - t0
        assert nb == count(b, cap=2).value == 1
        ex.append(te)
        base.append(tb)
        ratios.append(tb / te)
    print("| method | boards | median ms | max ms |")
    print("|---|---|---|---|")
    print(
        f"| exact sweep, cap 2 | {n} | {1000 * statistics.median(ex):.3f} | {1000 * max(ex):.3f} |"
    )
    print(
        f"| branching + max-flow pruning (seed) | {n} | {1000 * statistics.median(base):.1f} | "
        f"{1000 * max(base):.1f} |"
    )
    print(
        f"\nratio of medians: {statistics.median(base) / statistics.median(ex):.0f}x; "
        f"median per-board ratio {statistics.median(ratios):.0f}x, "
        f"smallest {min(ratios):.0f}x\n"
    )


def bench_generate(counts: dict[str, int]) -> None:
    print("## 3. generation per preset (seeds 0..n-1)\n")
    print(
        "| preset | size | n | median s | p90 s | max s | median attempts | "
        "grades of all attempts (easy/medium/hard) | clues kept |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    table = presets()
    for name, n in counts.items():
        params = table[name]
        times, attempts, kept = [], [], []
        grades: Counter[Grade] = Counter()
        for seed in range(n):
            t0 = time.perf_counter()
            gen = generate_board(params, seed)
            times.append(time.perf_counter() - t0)
            assert gen.report.grade is params.grade
            attempts.append(gen.attempts)
            grades.update(gen.attempt_grades)
            ordinary = sum(1 for c in gen.board.clues if c.demand == 0)
            kept.append(sum(1 for c in gen.board.clues if c.kind is ClueKind.THROUGHPUT) / ordinary)
        total = sum(grades.values())
        dist = " / ".join(f"{100 * grades[g] / total:.0f}%" for g in Grade)
        ts = sorted(times)
        print(
            f"| {name} | {params.rows}x{params.cols} | {n} | {statistics.median(times):.3f} | "
            f"{ts[min(n - 1, 9 * n // 10)]:.3f} | {ts[-1]:.3f} | {statistics.median(attempts):g} | "
            f"{dist} ({total} attempts) | {statistics.median(kept):.0%} |"
        )
    print()


def bench_grade_by_size(n: int, sizes: list[int]) -> None:
    print("## 4. where each grade is reachable: grade of the raw construction per size\n")
    print("Each attempt routes paths and rubs clues out; the removal test decides what is kept.")
    print("'unique' = exact uniqueness (the hard pipeline); 'medium-limited' = the ladder up to")
    print("region cuts must still solve the board (the medium pipeline).\n")
    print("| size | pipeline | attempts | easy | medium | hard | median s per attempt |")
    print("|---|---|---|---|---|---|---|")
    for side in sizes:
        for target, label in ((Grade.HARD, "unique"), (Grade.MEDIUM, "medium-limited")):
            if target is Grade.MEDIUM and side > 10:
                continue
            grades: Counter[Grade] = Counter()
            times = []
            for seed in range(n if side <= 10 else max(3, n // 8)):
                t0 = time.perf_counter()
                rng = SplitMix64(seed)
                states = route_paths(rng, side, side, recipe(Params(side, side, target)))
                board, _ = minimise(rng, board_from_solution(side, side, states), target)
                grades[grade_board(board, stop_when_hard=True).grade] += 1
                times.append(time.perf_counter() - t0)
            total = sum(grades.values())
            cells = " | ".join(f"{100 * grades[g] / total:.0f}%" for g in Grade)
            print(
                f"| {side}x{side} | {label} | {total} | {cells} | {statistics.median(times):.3f} |"
            )
    print()


def _timed(fn: Callable[[], T]) -> tuple[float, T]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def _stats_ms(xs: list[float]) -> str:
    ys = sorted(xs)
    p99 = ys[min(len(ys) - 1, int(0.99 * len(ys)))]
    return f"{1000 * statistics.median(ys):.1f} | {1000 * p99:.0f} | {1000 * ys[-1]:.0f}"


def bench_proofs(days: int, wrong: int) -> None:
    """Section 5: hint walks on the first ``days`` dailies, ``wrong`` lost positions per walk."""
    rng = SplitMix64(12)
    live = (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT)
    hint_t: list[float] = []
    prove_t: list[float] = []
    lost_t: list[float] = []
    lost_prove_t: list[float] = []
    too_long = 0
    for k in range(days):
        g = daily(LAUNCH + dt.timedelta(days=k))
        right = [3 if s == 0 else s for s in g.solution]
        pos, last = Position.start(g.board), -1
        walk = []
        while True:
            secs, h = _timed(partial(hint, pos, last_edge=last))
            if h.kind not in live:
                break
            hint_t.append(secs)
            prove_t.append(_timed(partial(prove_hint, pos, last_edge=last))[0])
            walk.append(pos)
            e, st = h.edge, h.state
            pos, last = pos.with_mark(e, Mark(3 if st == 0 else st)), e
        for _ in range(wrong):
            base = walk[rng.below(len(walk))]
            e = rng.below(g.board.n_edges)
            bad = base.with_mark(e, Mark([m for m in (1, 2, 3) if m != right[e]][rng.below(2)]))
            lost_t.append(_timed(partial(hint, bad, last_edge=e))[0])
            secs, proof = _timed(partial(prove_lost, bad))
            lost_prove_t.append(secs)
            too_long += proof is None
    print(f"## Hints with their proofs: {days} dailies by hints, {wrong} wrong marks each\n")
    print("| what | n | median ms | p99 ms | max ms |")
    print("|---|---|---|---|---|")
    print(f"| hint with its proof (`hint`) | {len(hint_t)} | {_stats_ms(hint_t)} |")
    print(f"| prover alone (`prove_hint`) | {len(prove_t)} | {_stats_ms(prove_t)} |")
    print(f"| lost verdict with its proof (`hint`) | {len(lost_t)} | {_stats_ms(lost_t)} |")
    print(f"| prover alone (`prove_lost`) | {len(lost_prove_t)} | {_stats_ms(lost_prove_t)} |")
    print(f"\nLost verdicts too long to show: {too_long}.\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer boards")
    ap.add_argument("--proofs", action="store_true", help="section 5 (hint proofs) only")
    args = ap.parse_args()
    q = args.quick
    print(f"# Kirchhoff benchmarks — Python {platform.python_version()} on {platform.machine()}\n")
    if args.proofs:
        bench_proofs(3 if q else 10, 5 if q else 20)
        return 0
    bench_count(5 if q else 20, 3 if q else 7)
    bench_unique(3 if q else 10)
    counts = (
        {"easy": 5, "medium": 5, "hard": 5, "expert": 3, "giant": 1}
        if q
        else {"easy": 40, "medium": 40, "hard": 40, "expert": 20, "giant": 10}
    )
    bench_generate(counts)
    bench_grade_by_size(20 if q else 100, [5, 6, 7, 8, 10] if q else [5, 6, 7, 8, 10, 12, 16])
    bench_proofs(3 if q else 10, 5 if q else 20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
