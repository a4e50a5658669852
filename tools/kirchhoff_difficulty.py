"""Kirchhoff difficulty, measured: which measure predicts the hints a player needs?

For each preset (easy 5x5, medium 6x6, hard 7x7) and seeds ``0 .. N-1``, the
board ``generate_board(preset, seed)`` (the board of game ID ``preset#seed``)
is measured by:

* **kept-clue ratio** — throughput clues over ordinary (non-terminal) cells,
  the seed's "difficulty is the ratio that survives";
* **grade** — the hint-ladder grade the generator reports (easy/medium/hard);
* **ladder depth** — the highest rung the public :func:`proofgrid.kirchhoff.hint.hint`
  needs while a board is solved hint by hint from the empty position
  (0 local, 1 region cut, 2 region cut by trial, 3 exact);
* **hints needed** — in that same replay, the hints above the local rung:
  what a player who makes every deduction from a cell's own clue still has to
  be shown to finish (every local hint is one such deduction).

Usage (appends JSON lines, resumable; then prints the tables)::

    nice -n 10 .venv/bin/python tools/kirchhoff_difficulty.py run --boards 1000 --workers 2
    .venv/bin/python tools/kirchhoff_difficulty.py report
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from proofgrid.kirchhoff.board import ClueKind, Mark, Position
from proofgrid.kirchhoff.codec import presets
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.hint import HintKind, hint

ROOT = Path(__file__).resolve().parent.parent

PRESETS = ("easy", "medium", "hard")
RESULTS = ROOT / "bench" / "results" / "kirchhoff-difficulty.jsonl"
_RANK = {"easy": 0, "medium": 1, "hard": 2}


def measure(preset: str, seed: int) -> dict[str, Any]:
    """One board's four measures (module docstring)."""
    gen = generate_board(presets()[preset], seed)
    clues = gen.board.clues
    ordinary = sum(1 for c in clues if c.kind in (ClueKind.BLANK, ClueKind.THROUGHPUT))
    through = sum(1 for c in clues if c.kind is ClueKind.THROUGHPUT)
    pos = Position.start(gen.board)
    depth = needed = total = 0
    while True:
        h = hint(pos)
        if h.kind not in (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT):
            break
        total += 1
        rung = {HintKind.LOCAL: 0, HintKind.REGION: 2 if h.trial else 1, HintKind.EXACT: 3}[h.kind]
        depth = max(depth, rung)
        needed += rung > 0
        pos = pos.with_mark(h.edge, Mark(h.state) if h.state else Mark.CROSS)
    return {
        "preset": preset,
        "seed": seed,
        "ratio": through / ordinary if ordinary else 0.0,
        "grade": gen.report.grade.value,
        "depth": depth,
        "needed": needed,
        "hints": total,
        "end": h.kind.value,
    }


def _chunk(args: tuple[str, int, int]) -> list[dict[str, Any]]:
    preset, start, stop = args
    return [measure(preset, s) for s in range(start, stop)]


def run(boards: int, workers: int, path: Path) -> None:
    """Measure seeds ``0 .. boards-1`` of each preset not yet in ``path``."""
    done = {(r["preset"], r["seed"]) for r in load(path)}
    jobs = []  # chunks of 20 seeds, presets interleaved so a partial run covers all three
    for start in range(0, boards, 20):
        for preset in PRESETS:
            stop = min(boards, start + 20)
            if any((preset, s) not in done for s in range(start, stop)):
                jobs.append((preset, start, stop))
    with ProcessPoolExecutor(workers) as pool, path.open("a") as fh:
        for recs in pool.map(_chunk, jobs):
            for r in recs:
                fh.write(json.dumps(r, sort_keys=True) + "\n")
            fh.flush()


def load(path: Path) -> list[dict[str, Any]]:
    """Every record in ``path`` (empty if missing), one per (preset, seed)."""
    if not path.exists():
        return []
    seen: dict[tuple[str, int], dict[str, Any]] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            seen[(r["preset"], r["seed"])] = r
    return list(seen.values())


def _spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(v):
            j = i
            while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    return statistics.correlation(ranks(xs), ranks(ys))


def report(path: Path) -> str:
    """The per-preset table and the rank correlations with the hints needed."""
    recs = load(path)
    lines = [
        "| preset | boards | kept-clue ratio (median) | grade easy/medium/hard | ladder depth "
        "0/1/2/3 | hints needed (mean) | needed ≥ 1 | hints to finish (mean) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for preset in PRESETS:
        rs = [r for r in recs if r["preset"] == preset]
        if not rs:
            continue
        n = len(rs)
        g = [sum(r["grade"] == k for r in rs) for k in ("easy", "medium", "hard")]
        d = [sum(r["depth"] == k for r in rs) for k in range(4)]
        lines.append(
            f"| {preset} | {n:,} | {statistics.median(r['ratio'] for r in rs):.1%} | "
            + "/".join(f"{100 * x / n:.0f}%" for x in g)
            + " | "
            + "/".join(f"{100 * x / n:.0f}%" for x in d)
            + f" | {statistics.mean(r['needed'] for r in rs):.2f} | "
            f"{100 * sum(r['needed'] >= 1 for r in rs) / n:.0f}% | "
            f"{statistics.mean(r['hints'] for r in rs):.1f} |"
        )
    needed = [float(r["needed"]) for r in recs]
    if len(recs) > 2:
        lines.append("")
        lines.append(f"Rank correlation with the hints needed, over all {len(recs):,} boards:")
        for name, xs in (
            ("kept-clue ratio", [r["ratio"] for r in recs]),
            ("grade", [float(_RANK[r["grade"]]) for r in recs]),
            ("ladder depth", [float(r["depth"]) for r in recs]),
        ):
            lines.append(f"* {name}: Spearman ρ = {_spearman(xs, needed):+.3f}")
        lines.append("")
        lines.append("Within one preset (the grade is then constant):")
        for preset in PRESETS:
            rs = [r for r in recs if r["preset"] == preset]
            ys = [float(r["needed"]) for r in rs]
            if len(rs) < 3 or len(set(ys)) < 2:
                lines.append(f"* {preset}: hints needed constant ({ys[0] if ys else 0:.0f})")
                continue
            rho_ratio = _spearman([r["ratio"] for r in rs], ys)
            depth = [float(r["depth"]) for r in rs]
            depth_text = f"ρ = {_spearman(depth, ys):+.3f}" if len(set(depth)) > 1 else "constant"
            lines.append(
                f"* {preset}: kept-clue ratio ρ = {rho_ratio:+.3f}, ladder depth {depth_text}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("run", "report"))
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--results", type=Path, default=RESULTS)
    args = ap.parse_args(argv)
    if args.what == "run":
        run(args.boards, args.workers, args.results)
    print(report(args.results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
