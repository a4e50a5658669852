"""Matchless engine benchmarks (figures go to bench/results/matchless.md).

Run: ``.venv/bin/python bench/bench_matchless.py [--quick]``

* solve (par + witness + X-ray) on random 6x6d70f2 boards, boards/s, against
  the named peer networkx (``nx.condensation`` + in-degree-0 components, the
  same certificate) on the same boards; bar: >= 20,000 boards/s;
* generate and codec round trip, boards/s;
* ``stats 5000`` on 6x6 without the duel (bar: < 5 s) and the duel part for
  5000 4x4 boards (bar: < 30 s);
* ``verify`` (full form) wall time.

Each figure is the median of several repetitions on one core (CPython, no
multiprocessing).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable

import networkx as nx

from proofgrid.matchless.board import Board
from proofgrid.matchless.codec import decode_desc, encode_desc
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import solve
from proofgrid.matchless.stats import board_stats, duel_stats
from proofgrid.matchless.verify import run_verify


def _median_time(fn: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _nx_solve(board: Board) -> tuple[int, list[int]]:
    g = nx.DiGraph()
    g.add_nodes_from(range(board.n))
    g.add_edges_from(board.fuses())
    cond = nx.condensation(g)
    sources = [c for c in cond.nodes if cond.in_degree(c) == 0]
    return len(sources), [min(cond.nodes[c]["members"]) for c in sources]


def main() -> int:
    """Run the benchmarks and print a Markdown table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = ap.parse_args()
    reps = 3 if args.quick else 7
    n_boards = 2000
    boards = [generate_board(Params(), seed) for seed in range(n_boards)]
    rows: list[tuple[str, str, str]] = []

    t = _median_time(lambda: [solve(b) for b in boards], reps)
    ours = n_boards / t
    t_nx = _median_time(lambda: [_nx_solve(b) for b in boards[:500]], max(3, reps // 2))
    peer = 500 / t_nx
    rows.append(
        (
            "solve (par + witness + X-ray), random 6x6",
            f"{ours:,.0f} boards/s ({1e6 / ours:.1f} µs/board)",
            f"networkx condensation: {peer:,.0f} boards/s → ours ×{ours / peer:.1f}; bar ≥ 20,000",
        )
    )

    t = _median_time(lambda: [generate_board(Params(), seed) for seed in range(500)], reps)
    rows.append(("generate 6x6d70f2", f"{500 / t:,.0f} boards/s", "—"))
    codes = [encode_desc(b) for b in boards]
    t = _median_time(lambda: [decode_desc(encode_desc(b)) for b in boards[:500]], reps)
    rows.append(
        ("codec encode + decode, 6x6", f"{500 / t:,.0f} boards/s", f"{len(codes[0])} chars")
    )

    stats_reps = 1 if args.quick else 3
    t = _median_time(lambda: board_stats(5000), stats_reps)
    rows.append(("stats 5000 on 6x6 (no duel)", f"{t:.2f} s", "bar < 5 s"))
    t = _median_time(lambda: duel_stats(5000, Params(4, 4)), stats_reps)
    rows.append(("stats duel part, 5000 4x4 boards (both rules)", f"{t:.2f} s", "bar < 30 s"))
    t = _median_time(lambda: duel_stats(5000, Params(5, 5)), 1)
    rows.append(("stats duel part, 5000 5x5 boards (both rules)", f"{t:.2f} s", "—"))
    t = _median_time(lambda: run_verify(quick=False), 1)
    rows.append(("verify (full form)", f"{t:.2f} s", "—"))

    print(
        f"Python {platform.python_version()} on {platform.machine()}, {time.strftime('%Y-%m-%d')}"
    )
    print()
    print("| benchmark | median | peer / bar |")
    print("|---|---|---|")
    for name, value, note in rows:
        print(f"| {name} | {value} | {note} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
