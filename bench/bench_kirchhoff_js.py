"""Time the JavaScript Kirchhoff engine (Node) against the Python engine on identical work.

Workloads, from seeds drawn from ``SplitMix64(2026)``:

* generation of graded boards per preset (easy 5x5, medium 6x6, hard 7x7,
  expert 10x10, giant 16x16), each side checking it produced the same game ID;
  for JavaScript also the number of progress callbacks and the longest gap
  between them (what a progress bar sees);
* a hint on 7x7 hard positions of four kinds: ``start`` (empty board),
  ``mid`` (a random share of the solution drawn), ``stuck`` (closed under
  the local rung and direct region cuts, so the hint must run the trial cuts
  or the exact counter — the ladder's dearest rungs) and ``lost`` (a wrong
  arrow drawn).

Python runs in this process; Node in one fresh process (a warm-up pass first;
its first, cold calls are reported too). Prints a Markdown table of medians
and maxima, and the ratio Python / Node (for bench/results/kirchhoff-js.md).

Usage::

    .venv/bin/python bench/bench_kirchhoff_js.py [--seeds 21] [--giant 9] [--positions 40]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from proofgrid.kirchhoff.board import Board, Mark, Position, mark_mask
from proofgrid.kirchhoff.codec import encode_board, encode_params, presets
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.hint import hint
from proofgrid.kirchhoff.local import propagate
from proofgrid.kirchhoff.relax import relax
from proofgrid.rng import SplitMix64

ROOT = Path(__file__).resolve().parent.parent

PRESETS = ("easy", "medium", "hard", "expert", "giant")


def _stuck(board: Board, marks: list[int]) -> list[int]:
    """The position closed under the local rung and direct region cuts: the next
    hint must run the trial cuts (one max flow per undecided state) or the exact
    counter, the ladder's most expensive rungs."""
    masks = [mark_mask(Mark(m)) for m in marks]
    while True:
        prop = propagate(board, masks)
        if prop.dead_cell >= 0:
            return marks
        masks = list(prop.masks)
        rx = relax(board, masks)
        elim = rx.eliminated() if rx.feasible else {}
        if not elim:
            break
        masks = [m & ~elim.get(e, 0) for e, m in enumerate(masks)]
    single = {1: 3, 2: 1, 4: 2}
    return [single.get(m, 0) for m in masks]


def positions(rng: SplitMix64, n: int) -> list[tuple[str, list[int], str]]:
    """[game ID, marks, kind] for n positions of each kind on hard 7x7 boards."""
    hard = presets()["hard"]
    out: list[tuple[str, list[int], str]] = []
    while len(out) < 4 * n:
        g = generate_board(hard, rng.next64())
        gid = f"{encode_params(hard)}:{encode_board(g.board)}"
        sol = g.solution
        ne = g.board.n_edges
        share = rng.below(60)
        mid = [(3 if s == 0 else s) if rng.below(100) < share else 0 for s in sol]
        wrong = list(mid)
        e = rng.below(ne)
        wrong[e] = [m for m in (1, 2, 3) if m != (3 if sol[e] == 0 else sol[e])][rng.below(2)]
        out.append((gid, [0] * ne, "start"))
        out.append((gid, mid, "mid"))
        out.append((gid, _stuck(g.board, [0] * ne), "stuck"))
        out.append((gid, wrong, "lost"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=21, help="boards per preset (21)")
    ap.add_argument("--giant", type=int, default=9, help="giant 16x16 boards (9)")
    ap.add_argument("--positions", type=int, default=40, help="positions of each kind (40)")
    ap.add_argument("--node", default=shutil.which("node") or "/usr/bin/node")
    args = ap.parse_args(argv)
    rng = SplitMix64(2026)
    seeds = {
        p: [rng.next64() for _ in range(args.giant if p == "giant" else args.seeds)]
        for p in PRESETS
    }
    pos = positions(rng, args.positions)
    job = {"gen": {p: [str(s) for s in seeds[p]] for p in PRESETS}, "hints": [list(x) for x in pos]}
    t = time.perf_counter()
    proc = subprocess.run(
        [args.node, str(ROOT / "bench" / "bench_kirchhoff_js.mjs")],
        input=json.dumps(job).encode(),
        capture_output=True,
        check=False,
        timeout=3600,
    )
    if proc.returncode:
        print(f"error: node failed: {proc.stderr.decode()[-1500:]}", file=sys.stderr)
        return 2
    js = json.loads(proc.stdout)
    node_wall = time.perf_counter() - t
    py_gen: dict[str, list[float]] = {}
    for p in PRESETS:
        params = presets()[p]
        py_gen[p] = []
        for i, s in enumerate(seeds[p]):
            t = time.perf_counter()
            g = generate_board(params, s)
            py_gen[p].append(1000 * (time.perf_counter() - t))
            gid = f"{encode_params(params)}:{encode_board(g.board)}"
            if gid != js["gen"][p][i]["id"]:
                print(f"error: {p} seed {s}: JS made another board", file=sys.stderr)
                return 1
    py_hint: dict[str, list[float]] = {}
    js_hint: dict[str, list[float]] = {}
    from proofgrid.kirchhoff.codec import parse_game_id  # noqa: PLC0415

    for (pid, marks, kind), jh in zip(pos, js["hints"], strict=True):
        board = parse_game_id(pid).board
        assert board is not None
        position = Position(board, tuple(Mark(m) for m in marks))
        t = time.perf_counter()
        h = hint(position)
        py_hint.setdefault(kind, []).append(1000 * (time.perf_counter() - t))
        js_hint.setdefault(kind, []).append(jh["ms"])
        if h.kind.value != jh["hint"] or h.edge != jh["edge"]:
            print(f"error: hint differs on {pid} {kind}", file=sys.stderr)
            return 1
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f}; node wall {node_wall:.1f} s")
    print()
    print(
        "| workload | n | Node median ms | Node max ms | Python median ms | Python / Node "
        "| progress calls (median), longest gap ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    for p in PRESETS:
        rows = js["gen"][p]
        jm = statistics.median(r["ms"] for r in rows)
        pm = statistics.median(py_gen[p])
        ev = statistics.median(r["events"] for r in rows)
        gap = max(r["maxGap"] for r in rows)
        print(
            f"| generate {p} {presets()[p].rows}x{presets()[p].cols} | {len(rows)} | {jm:.1f} | "
            f"{max(r['ms'] for r in rows):.1f} | {pm:.1f} | {pm / jm:.1f} | {ev:.0f}, {gap:.1f} |"
        )
    for kind in ("start", "mid", "stuck", "lost"):
        jl, pl = js_hint[kind], py_hint[kind]
        jm, pm = statistics.median(jl), statistics.median(pl)
        row = f"| hint 7x7 {kind} | {len(jl)} | {jm:.2f} | {max(jl):.2f} | {pm:.2f} "
        print(f"{row}| {pm / jm:.1f} | |")
    print()
    cold = js["cold"]
    print(
        f"cold (first call in a fresh Node process): generate hard {cold['generateHard']:.1f} ms, "
        f"hint {cold['hint']:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
