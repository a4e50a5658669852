"""Byte-identity oracle for the Kirchhoff prover: record proofs once, compare after a change.

A speed-up of :mod:`proofgrid.kirchhoff.proof` must not change one proof byte
nor the budget accounting (the JavaScript mirror stops at the same count). This
tool records, for a fixed corpus of positions (random subsets of the solution's
marks, hinted, and the same plus one wrong mark, a lost verdict, on boards of
every preset and the first dailies), the proof JSON text *and* the units the
search left, with a reference implementation of the module; ``check`` replays
the corpus with another implementation and reports every difference.

Usage::

    git show HEAD:src/proofgrid/kirchhoff/prover.py > /tmp/proof_orig.py
    T=tools/kirchhoff_proof_oracle.py
    .venv/bin/python $T record /tmp/oracle.pkl --module /tmp/proof_orig.py
    .venv/bin/python $T check /tmp/oracle.pkl              # the package's module
    .venv/bin/python $T check /tmp/oracle.pkl --reference /tmp/proof_orig.py  # timed side by side

``--module`` loads a module from a file instead of ``proofgrid.kirchhoff.prover`` (a file
of the module before the split, ``proof.py``, holds the whole prover).
The corpus is deterministic (SplitMix64 streams); ``--boards`` scales it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import pickle
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from proofgrid.kirchhoff.board import Board, Mark, Position
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.daily import LAUNCH, daily
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.hint import HintKind, hint
from proofgrid.rng import SplitMix64, seed_from_text

ROOT = Path(__file__).resolve().parent.parent

Case = tuple[str, str, Board, tuple[int, ...], int, int]
"""(label, kind, board, marks, last edge, budget)."""
_LIVE = (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT)
FULL = 160_000  # the prover's BUDGET
SMALL_BUDGET = {"hint": 1500, "lost": 200}
BOARDS = {"easy": 6, "medium": 6, "hard": 8, "expert": 3, "giant": 1}


def load(path: str | None) -> ModuleType:
    """The prover module: from ``path``, or the package's."""
    if path is None:
        return importlib.import_module("proofgrid.kirchhoff.prover")
    spec = importlib.util.spec_from_file_location("proof_reference", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["proof_reference"] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def corpus(scale: float, days: int, walk_wrong: int) -> list[Case]:
    """The positions (module docstring).

    Each daily is walked by hints from the empty board (every position of the walk
    is a hint case) and ``walk_wrong`` walk positions get one wrong mark (lost cases);
    every board (dailies and generated) adds 6 hinted random subsets of its solution
    and 8 such subsets with one wrong mark.
    """
    rng = SplitMix64(seed_from_text("proofgrid/tools/kirchhoff_proof_oracle"))
    boards: list[tuple[str, Board, tuple[int, ...]]] = []
    for k in range(days):
        g = daily(LAUNCH + dt.timedelta(days=k))
        boards.append((f"daily{k}", g.board, g.solution))
    for name, n in BOARDS.items():
        for i in range(max(1, round(n * scale))):
            g = generate_board(presets()[name], rng.next64())
            boards.append((f"{name}{i}", g.board, g.solution))
    cases: list[Case] = []
    for label, board, sol in boards[:days]:  # the dailies: hint walks, as a player meets them
        right = [3 if s == 0 else s for s in sol]
        pos, last = Position.start(board), -1
        walk = []
        while (h := hint(pos, last_edge=last)).kind in _LIVE:
            walk.append(pos)
            cases.append((label, "hint", board, tuple(int(m) for m in pos.marks), last, FULL))
            pos, last = pos.with_mark(h.edge, Mark(3 if h.state == 0 else h.state)), h.edge
        for _ in range(walk_wrong):
            marks = [int(m) for m in walk[rng.below(len(walk))].marks]
            e = rng.below(board.n_edges)
            marks[e] = [m for m in (1, 2, 3) if m != right[e]][rng.below(2)]
            cases.append((label, "lost", board, tuple(marks), e, FULL))
    for label, board, sol in boards:
        order = list(range(board.n_edges))
        for i in range(len(order) - 1, 0, -1):  # Fisher–Yates
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
        right = [3 if s == 0 else s for s in sol]
        for k in range(14):
            cut = rng.below(len(order) + 1) if k else 0
            marks = [0] * board.n_edges
            for e in order[:cut]:
                marks[e] = right[e]
            last = order[cut - 1] if cut else -1
            if k < 6:
                if cut < len(order):
                    cases.append((label, "hint", board, tuple(marks), last, FULL))
                continue
            e = rng.below(board.n_edges)
            marks[e] = [m for m in (1, 2, 3) if m != right[e]][rng.below(2)]
            cases.append((label, "lost", board, tuple(marks), e, FULL))
    # the budget's accounting: every lost case and every third hint case again on a small budget
    small = [
        (*c[:5], SMALL_BUDGET[c[1]]) for k, c in enumerate(cases) if c[1] == "lost" or k % 3 == 0
    ]
    return cases + small


def run_one(mod: ModuleType, case: Case) -> tuple[str, int, float]:
    """(proof JSON text or "null", units left, seconds) of one case under ``mod``."""
    _, kind, board, marks, last, budget = case
    made: list[Any] = []
    orig_init = mod._Prover.__init__

    def init(self: Any, *a: Any, **k: Any) -> None:
        orig_init(self, *a, **k)
        made.append(self)

    mod._Prover.__init__ = init
    try:
        pos = Position(board, tuple(Mark(m) for m in marks))
        t = time.perf_counter()
        if kind == "hint":
            f = mod.prove_hint(pos, last_edge=last, budget=budget)
            out: Any = None if f is None else [f.proof, f.edge, f.state, list(f.size)]
        else:
            out = mod.prove_lost(pos, budget=budget)
        dt_s = time.perf_counter() - t
    finally:
        mod._Prover.__init__ = orig_init
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    return text, made[-1].units, dt_s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=("record", "check"))
    ap.add_argument("file")
    ap.add_argument("--module", default=None, help="prover module file (default: the package's)")
    ap.add_argument(
        "--reference", default=None, help="check: also time this module file, interleaved"
    )
    ap.add_argument("--scale", type=float, default=1.0, help="boards per preset multiplier")
    ap.add_argument("--days", type=int, default=4, help="dailies in the corpus (walked)")
    ap.add_argument("--wrong", type=int, default=40, help="one-wrong-mark positions per walk")
    args = ap.parse_args(argv)
    mod = load(args.module)
    if args.mode == "record":
        cases = corpus(args.scale, args.days, args.wrong)
        results = []
        for c in cases:
            text, units, secs = run_one(mod, c)
            results.append((text, units, secs))
        Path(args.file).write_bytes(pickle.dumps((cases, results)))
        times = sorted(r[2] for r in results)
        print(f"recorded {len(cases)} cases; total {sum(times):.1f} s; max {times[-1]:.3f} s")
        return 0
    cases, results = pickle.loads(Path(args.file).read_bytes())
    bad = 0
    old_t: list[float] = []
    new_t: list[float] = []
    ref = load(args.reference) if args.reference else None
    for c, (text, units, secs) in zip(cases, results, strict=True):
        if ref is not None:
            secs = run_one(ref, c)[2]
        t2, u2, s2 = run_one(mod, c)
        old_t.append(secs)
        new_t.append(s2)
        if t2 != text or u2 != units:
            bad += 1
            if bad <= 5:
                print(f"DIFF {c[0]} {c[1]} last={c[4]}: units {units} vs {u2}")
                if t2 != text:
                    print(f"  was {text[:300]}\n  now {t2[:300]}")
    old_t.sort()
    new_t.sort()

    def pct(xs: list[float], q: float) -> float:
        return xs[min(len(xs) - 1, int(q * len(xs)))]

    for name, xs in (("reference" if ref else "recorded", old_t), ("now", new_t)):
        print(
            f"{name:9s} median {1000 * pct(xs, 0.5):.1f} ms, p99 {1000 * pct(xs, 0.99):.0f} ms, "
            f"max {1000 * xs[-1]:.0f} ms, total {sum(xs):.1f} s"
        )
    print(f"{len(cases)} cases, {bad} differ: {'IDENTICAL' if bad == 0 else 'DIFFERENT'}")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
