"""Kirchhoff in the browser: worker figures in Debian's Chromium.

Figures go to bench/results/kirchhoff-web.md. Run:
``.venv/bin/python bench/bench_kirchhoff_web.py [--boards N] [--hard N] [--giant N] [--ui N]``

* hint on 7x7 in the worker: the ``hint`` op of ``js/kirchhoff/ui/worker.js`` on
  positions of hard 7x7 boards (the empty position, and positions with part of
  the solution drawn, some with one wrong arrow), timed as the page's round
  trip through ``postMessage`` (an upper bound on the time inside the worker).
  Bar: < 30 ms.
* graded hard 7x7 generated: the ``generate`` op, preset hard, fresh seeds,
  round trip. Bar: < 1 s median.
* giant 16x16 generated: the same, preset giant, plus the number of progress
  messages and the delay to the first one (the page shows a progress bar).
  Bar: < 3 s.
* the page never freezes: through the UI (``#kirchhoff/play/giant``), the longest
  main-thread task (Long Tasks API) while the worker builds the board.

Peer: the Python engine (the same algorithms) on the same boards, seeds and
positions, in this process; the ratio column is browser / Python. The machine
is shared with other work: medians of several runs.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from browser import CHROMIUM, CHROMIUM_ARGS
from proofgrid.kirchhoff.board import Mark, Position
from proofgrid.kirchhoff.codec import parse_game_id, presets
from proofgrid.kirchhoff.exact import first_solution
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.hint import hint
from proofgrid.rng import SplitMix64
from proofgrid.server.live import live_server

ROOT = Path(__file__).resolve().parents[1]

# In the page: a worker of our own (the page's workers are private to the
# app), and a promise-style call that counts progress messages.
CALL_JS = """() => {
window.__kw = window.__kw || new Worker('js/kirchhoff/ui/worker.js', {type: 'module'});
window.__kid = window.__kid || 1;
window.__kcall = (op, args) => new Promise((resolve, reject) => {
  const w = window.__kw;
  const id = window.__kid++;
  const t0 = performance.now();
  let progress = 0;
  let first = null;
  const on = (e) => {
    const d = e.data || {};
    if (d.id !== id) return;
    if (d.ok === undefined && d.progress !== undefined) {
      progress += 1;
      if (first === null) first = performance.now() - t0;
      return;
    }
    w.removeEventListener('message', on);
    if (d.ok) resolve({result: d.result, ms: performance.now() - t0, progress, first});
    else reject(new Error(d.error));
  };
  w.addEventListener('message', on);
  w.postMessage({id, op, args});
});
}"""


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def positions_for(solution: list[int], k: int, rng: SplitMix64) -> list[list[int]]:
    """Empty, then partial solutions (a random share of edges drawn), some with a wrong arrow."""
    n = len(solution)
    out = [[0] * n]
    for i in range(k - 1):
        marks = [0] * n
        order = list(range(n))
        rng.shuffle(order)
        keep = rng.below(n)
        for e in order[:keep]:
            marks[e] = solution[e] if solution[e] else 3
        if i % 4 == 3:
            e = order[rng.below(n)]
            marks[e] = 1 if solution[e] != 1 else 2
        out.append(marks)
    return out


def bench_worker(page: Any, args: argparse.Namespace) -> dict[str, Any]:
    page.evaluate(CALL_JS)
    rng = SplitMix64(2026)
    res: dict[str, Any] = {}
    # Generation: hard 7x7 and giant 16x16, fresh seeds.
    for name, runs in (("hard", args.hard), ("giant", args.giant)):
        ms, py, prog, first, attempts = [], [], [], [], []
        for i in range(runs):
            seed = str(1000 + i)
            r = page.evaluate(
                "([p, s]) => window.__kcall('generate', {preset: p, seed: s})", [name, seed]
            )
            ms.append(r["ms"])
            attempts.append((r["ms"], seed, r["result"].get("attempts")))
            prog.append(r["progress"])
            if r["first"] is not None:
                first.append(r["first"])
            t = time.perf_counter()
            generate_board(presets()[name], int(seed))
            py.append(1000 * (time.perf_counter() - t))
        res[name] = {
            "median_ms": med(ms),
            "max_ms": max(ms),
            "py_median_ms": med(py),
            "progress_median": med([float(p) for p in prog]),
            "first_progress_ms": med(first),
            "slowest": max(attempts),
            "n": runs,
        }
    # Hints on hard 7x7 positions.
    hint_ms, inner_ms, py_ms = [], [], []
    for b in range(args.boards):
        gen = page.evaluate(
            "(s) => window.__kcall('generate', {preset: 'hard', seed: s})", str(5000 + b)
        )
        gid = gen["result"]["board"]["id"]
        board = parse_game_id(gid).board
        assert board is not None
        sol = list(first_solution(board) or ())
        for marks in positions_for(sol, args.positions, rng):
            r = page.evaluate(
                "([g, m]) => window.__kcall('hint', {gameId: g, marks: m})", [gid, marks]
            )
            hint_ms.append(r["ms"])
            inner_ms.append(r["result"]["ms"])
            pos = Position(board, tuple(Mark(m) for m in marks))
            t = time.perf_counter()
            hint(pos)
            py_ms.append(1000 * (time.perf_counter() - t))
    srt = sorted(hint_ms)
    res["hint"] = {
        "median_ms": med(hint_ms),
        "p90_ms": srt[int(0.9 * len(srt))],
        "max_ms": srt[-1],
        "py_median_ms": med(py_ms),
        "inner_median_ms": med(inner_ms),
        "inner_max_ms": max(inner_ms),
        "n": len(hint_ms),
    }
    return res


def bench_ui(browser: Any, base: str, runs: int) -> dict[str, Any]:
    """The giant board through the UI: build time, progress updates, longest main-thread task."""
    longest, build, updates = [], [], []
    for _ in range(runs):
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = ctx.new_page()
        page.goto(base + "#kirchhoff/rules")
        page.wait_for_selector(".kirchhoff-rules")
        page.evaluate(
            """() => { window.__long = [];
              new PerformanceObserver((l) => {
                for (const e of l.getEntries()) window.__long.push(e.duration);
              }).observe({type: 'longtask'}); }"""
        )
        page.evaluate("location.hash = '#kirchhoff/play/giant'")
        page.wait_for_selector(".kirchhoff-play[data-analysed='true']", timeout=60000)
        build.append(float(page.get_attribute(".kirchhoff-play", "data-generate-ms") or "nan"))
        updates.append(float(page.get_attribute(".kirchhoff-play", "data-progress-updates") or "0"))
        longest.append(max(page.evaluate("window.__long"), default=0.0))
        ctx.close()
    return {
        "build_ms": med(build),
        "updates": med(updates),
        "longest_task_ms": max(longest),
        "n": runs,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", type=int, default=6, help="hard 7x7 boards for the hint timing")
    ap.add_argument("--positions", type=int, default=12, help="positions per board")
    ap.add_argument("--hard", type=int, default=15, help="hard 7x7 generations")
    ap.add_argument("--giant", type=int, default=5, help="giant 16x16 generations")
    ap.add_argument("--ui", type=int, default=3, help="giant builds through the UI")
    ap.add_argument("--web", type=Path, default=None, help="site folder (default: the package's)")
    args = ap.parse_args()
    with live_server(args.web) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url + "/#home")
        page.wait_for_selector(".home")
        version = browser.version
        worker = bench_worker(page, args)
        ctx.close()
        ui = bench_ui(browser, url + "/", args.ui)
        browser.close()
    load = Path("/proc/loadavg").read_text().split()
    h, g, k = worker["hard"], worker["giant"], worker["hint"]
    print(f"Chromium {version}, Python {platform.python_version()}, load {' '.join(load[:3])}")
    print("| measure | browser (worker) | Python engine | browser / Python | bar |")
    print("|---|---|---|---|---|")
    print(
        f"| hint on a hard 7×7 position, round trip (median of {k['n']}) | "
        f"{k['median_ms']:.1f} ms | {k['py_median_ms']:.1f} ms | "
        f"{k['median_ms'] / k['py_median_ms']:.2f} | 30 ms |"
    )
    print(f"| same, p90 / max | {k['p90_ms']:.1f} / {k['max_ms']:.1f} ms | | | 30 ms |")
    print(
        f"| same, timed inside the worker: median / max | {k['inner_median_ms']:.1f} / "
        f"{k['inner_max_ms']:.1f} ms | | | 30 ms |"
    )
    print(
        f"| graded hard 7×7 generated (median of {h['n']}) | {h['median_ms']:.0f} ms | "
        f"{h['py_median_ms']:.0f} ms | {h['median_ms'] / h['py_median_ms']:.2f} | 1 s |"
    )
    print(f"| same, slowest | {h['max_ms']:.0f} ms | | | |")
    print(
        f"| giant 16×16 generated (median of {g['n']}) | {g['median_ms']:.0f} ms | "
        f"{g['py_median_ms']:.0f} ms | {g['median_ms'] / g['py_median_ms']:.2f} | 3 s |"
    )
    ms_, seed_, att_ = g["slowest"]
    print(f"| same, slowest (seed {seed_}, {att_} attempts) | {ms_:.0f} ms | | | 3 s |")
    print(
        f"| giant: progress messages per build (median) / first after | "
        f"{g['progress_median']:.0f} / {g['first_progress_ms']:.1f} ms | | | |"
    )
    print(
        f"| giant through the UI: build (median of {ui['n']}) / progress updates drawn | "
        f"{ui['build_ms']:.0f} ms / {ui['updates']:.0f} | | | 3 s |"
    )
    print(
        f"| longest main-thread task while the giant board is built | "
        f"{ui['longest_task_ms']:.0f} ms | | | |"
    )


if __name__ == "__main__":
    main()
