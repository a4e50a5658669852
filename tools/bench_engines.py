"""Time the JavaScript engine (Node) against the Python engine on identical workloads.

Workloads: the first ``days`` dailies; generating ``boards`` 6x6d70f2 boards
from seeds drawn from ``SplitMix64(12345)``; solving them (par, witness,
X-ray, myopic measure); a codec round trip (game ID out and back in); and the
exact duel value of ``duel_boards`` 5x5 boards under both rules. Each side
runs ``repeats`` times in a fresh process; the medians and the ratio
Python / Node are printed as a Markdown table (for bench/results/crosscheck.md).

Usage::

    .venv/bin/python tools/bench_engines.py [--repeats 5] [--days 365] [--boards 2000]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PY_SIDE = """
import datetime as dt, json, sys, time
from proofgrid.matchless.daily import LAUNCH, daily
from proofgrid.matchless.duel import DuelSolver, Rule
from proofgrid.matchless.game import game_id, parse_game_id
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import myopic_matches, solve
from proofgrid.rng import SplitMix64
days, boards, duels = map(int, sys.argv[1:])
out = {}
t = time.perf_counter()
for k in range(days):
    daily(LAUNCH + dt.timedelta(days=k))
out["dailies"] = time.perf_counter() - t
rng = SplitMix64(12345)
seeds = [rng.next64() for _ in range(boards)]
t = time.perf_counter()
made = [generate_board(Params(6, 6), s) for s in seeds]
out["generate"] = time.perf_counter() - t
t = time.perf_counter()
for b in made:
    solve(b)
    myopic_matches(b)
out["solve"] = time.perf_counter() - t
t = time.perf_counter()
for b in made:
    parse_game_id(game_id(b))
out["codec"] = time.perf_counter() - t
duel_boards = [generate_board(Params(5, 5), rng.next64()) for _ in range(duels)]
t = time.perf_counter()
for b in duel_boards:
    for rule in Rule:
        DuelSolver(b.succ, rule).value(b.all_mask)
out["duel"] = time.perf_counter() - t
print(json.dumps(out))
"""


def _run(cmd: list[str]) -> dict[str, float]:
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    """Run both sides and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--boards", type=int, default=2000)
    ap.add_argument("--duel-boards", type=int, default=200)
    args = ap.parse_args()
    sizes = [str(args.days), str(args.boards), str(args.duel_boards)]
    node = shutil.which("node") or "/usr/bin/node"
    py_runs = [_run([sys.executable, "-c", PY_SIDE, *sizes]) for _ in range(args.repeats)]
    js_runs = [_run([node, "tools/bench_engines.mjs", *sizes]) for _ in range(args.repeats)]
    labels = {
        "dailies": f"{args.days} dailies (6x6, bar search)",
        "generate": f"generate {args.boards} 6x6d70f2 boards",
        "solve": f"solve {args.boards} boards (par, witness, X-ray, myopic)",
        "codec": f"codec round trip x {args.boards}",
        "duel": f"exact duel value, {args.duel_boards} 5x5 boards x 2 rules",
    }
    print(f"medians of {args.repeats} fresh processes each side\n")
    print("| workload | Python (Tarjan) | Node (Kosaraju) | Python / Node |")
    print("|---|---|---|---|")
    for key, label in labels.items():
        p = statistics.median(r[key] for r in py_runs)
        j = statistics.median(r[key] for r in js_runs)
        print(f"| {label} | {p * 1000:.0f} ms | {j * 1000:.0f} ms | {p / j:.1f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
