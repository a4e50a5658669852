"""Web app benchmarks in Debian's Chromium (figures go to bench/results/web.md).

Run: ``.venv/bin/python bench/bench_web.py [--runs N] [--boards N]``

* daily interactive: navigation start to the board being drawn and wired
  (the ``view-ready`` performance mark), cold (fresh profile, no service
  worker) and warm (second visit, served by the service worker). Bar: < 1 s.
* first-visit transfer: response body bytes the server sends for a first
  visit to the Matchless daily, the page's loads plus the service worker's
  precache of the core tier (sw.js ``ASSETS``), uncompressed (the server never
  compresses). Bar: < 250 KB. Also counted: bytes of Kirchhoff-group files in
  that visit (should be 0), the sizes of both tiers, and the transfer of a
  first visit to the Kirchhoff daily (page + core precache + the whole group,
  cached on its first route), alone and after a daily visit.
* tap to first animation frame: from a click's event time stamp to the
  animation frame that draws the struck shell lit (``data-tap-to-frame``).
  Bar: < 50 ms.
* bot move on 5x5 in the worker: the perfect bot's opening move (which
  solves the whole game) on default-generator 5x5 boards, each in a fresh
  worker, timed inside the worker and as the page sees the round trip; plus
  the moves of whole games played through the duel screen. Bar: < 1 s.

The numbers come from one machine shared with other work; medians of several
runs. No peer exists for a browser app: the ratio column is figure / bar.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import sync_playwright

from browser import CHROMIUM, CHROMIUM_ARGS, api
from proofgrid.server import bind, cache_tiers, create_app, load_site

ROOT = Path(__file__).resolve().parents[1]

Scope = MutableMapping[str, Any]
ASGI = Callable[[Scope, Any, Any], Awaitable[None]]


class ByteCounter:
    """ASGI middleware counting response body bytes (what goes over the wire),
    in total and for the paths of the site's cache groups."""

    def __init__(self, app: ASGI, grouped: set[str]) -> None:
        self.app = app
        self.grouped = grouped
        self.bytes = 0
        self.requests = 0
        self.group_bytes = 0

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"] == "/__bench/bytes":
            body = f"{self.bytes} {self.requests} {self.group_bytes}".encode()
            if scope["method"] == "POST":
                self.reset()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": body})
            return

        in_group = scope["type"] == "http" and scope["path"] in self.grouped

        async def counting(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.body":
                self.bytes += len(message.get("body", b""))
                if in_group:
                    self.group_bytes += len(message.get("body", b""))
            elif message["type"] == "http.response.start":
                self.requests += 1
            await send(message)

        await self.app(scope, receive, counting)

    def reset(self) -> None:
        self.bytes = 0
        self.requests = 0
        self.group_bytes = 0


def child(port_file: str) -> None:
    """Serve the site with byte counting (in its own process, like `proofgrid serve`)."""
    _, groups = cache_tiers(load_site())
    counter = ByteCounter(create_app(), {"/" + f for files in groups.values() for f in files})
    sock = bind("127.0.0.1", 0)
    Path(port_file).write_text(str(sock.getsockname()[1]))
    uvicorn.Server(uvicorn.Config(counter, log_level="warning", lifespan="off")).run(sockets=[sock])


class Counter:
    """The child server's byte counter, read over HTTP."""

    def __init__(self, base: str) -> None:
        self.base = base

    def read(self, reset: bool = False) -> tuple[int, int, int]:
        """(body bytes, requests, body bytes of cache-group files) since the last reset."""
        req = urllib.request.Request(self.base + "__bench/bytes", method="POST" if reset else "GET")
        with urllib.request.urlopen(req, timeout=10) as r:
            b, n, g = r.read().decode().split()
        return int(b), int(n), int(g)


def serve() -> tuple[str, Counter, Callable[[], None]]:
    """Start the counting server as a separate process; returns (base URL, counter, stop)."""
    with tempfile.TemporaryDirectory() as tmp:
        port_file = Path(tmp) / "port"
        proc = subprocess.Popen([sys.executable, __file__, "--serve-child", str(port_file)])
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text():
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("the bench server did not start")
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port_file.read_text()}/"
    while True:
        try:
            counter = Counter(base)
            counter.read()
            break
        except OSError:
            time.sleep(0.05)

    def stop() -> None:
        proc.terminate()
        proc.wait(timeout=10)

    return base, counter, stop


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def tier_sizes() -> dict[str, int]:
    """Bytes of the core tier (the page twice: ./ and index.html; sw.js) and of each group."""
    files = load_site()
    core, groups = cache_tiers(p for p in files if p != "sw.js")
    out = {"core": sum(len(files[p].body) for p in core)}
    out["core"] += len(files["index.html"].body) + len(files["sw.js"].body)
    out |= {name: sum(len(files[p].body) for p in paths) for name, paths in groups.items()}
    out["site"] = sum(len(f.body) for f in files.values())
    return out


OFFLINE = "() => document.documentElement.dataset.offline === 'ready'"
KIRCHHOFF_OFFLINE = "() => document.documentElement.dataset.offlineKirchhoff === 'ready'"
KIRCHHOFF_BOARD = ".kirchhoff-play svg.board[data-ready='true']"


def settle(page: Any) -> None:
    page.wait_for_timeout(300)  # let the service worker's fetches finish


def bench_kirchhoff_visit(browser: Any, base: str, counter: Counter, runs: int) -> dict[str, Any]:
    """Transfer of a first visit to the Kirchhoff daily: in a fresh profile, and in a
    profile that has visited the Matchless daily before (what Kirchhoff adds)."""
    fresh, after_daily, group = [], [], []
    for _ in range(runs):
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = ctx.new_page()
        counter.read(reset=True)
        page.goto(base + "#kirchhoff/daily")
        page.wait_for_selector(KIRCHHOFF_BOARD, timeout=60_000)
        page.wait_for_function(OFFLINE)
        page.wait_for_function(KIRCHHOFF_OFFLINE)
        settle(page)
        sent, _, g = counter.read()
        fresh.append(sent)
        group.append(g)
        ctx.close()
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = ctx.new_page()
        page.goto(base)
        page.wait_for_selector("svg.board[data-ready='true']")
        page.wait_for_function(OFFLINE)
        settle(page)
        counter.read(reset=True)
        page.goto(base + "#kirchhoff/daily")
        page.wait_for_selector(KIRCHHOFF_BOARD, timeout=60_000)
        page.wait_for_function(KIRCHHOFF_OFFLINE)
        settle(page)
        after_daily.append(counter.read()[0])
        ctx.close()
    return {
        "fresh_bytes": med(fresh),
        "fresh_group_bytes": med(group),
        "after_daily_bytes": med(after_daily),
    }


def bench_load(browser: Any, base: str, counter: Counter, runs: int) -> dict[str, Any]:
    cold, warm, first_bytes, page_bytes, requests, group_bytes = [], [], [], [], [], []
    for _ in range(runs):
        ctx = browser.new_context(viewport={"width": 390, "height": 844})
        page = ctx.new_page()
        counter.read(reset=True)
        page.goto(base)
        page.wait_for_selector("svg.board[data-ready='true']")
        cold.append(page.evaluate("performance.getEntriesByName('view-ready')[0].startTime"))
        page_bytes.append(
            page.evaluate(
                """() => [performance.getEntriesByType('navigation')[0],
                          ...performance.getEntriesByType('resource')]
                        .reduce((n, e) => n + e.decodedBodySize, 0)"""
            )
        )
        page.wait_for_function(OFFLINE)
        settle(page)
        sent, count, group = counter.read()
        first_bytes.append(sent)
        requests.append(count)
        group_bytes.append(group)
        page.reload()
        page.wait_for_selector("svg.board[data-ready='true']")
        warm.append(page.evaluate("performance.getEntriesByName('view-ready')[0].startTime"))
        ctx.close()
    return {
        "cold_ms": med(cold),
        "cold_max_ms": max(cold),
        "warm_ms": med(warm),
        "first_visit_bytes": med(first_bytes),
        "page_bytes": med(page_bytes),
        "requests": med(requests),
        "group_bytes_max": max(group_bytes),
    }


def bench_tap(browser: Any, base: str, taps: int) -> dict[str, Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    delays: list[float] = []
    try:
        page.goto(base + "#practice/12")
        page.wait_for_selector("svg.board[data-ready='true']")
        while len(delays) < taps:
            unlit = page.eval_on_selector_all(
                ".shell-cell:not(.lit)", "els => els.map(e => e.dataset.cell)"
            )
            if not unlit:
                page.click("button.restart")
                continue
            page.click(f".cell[data-cell='{unlit[len(unlit) // 2]}']")
            page.wait_for_function(
                "() => document.querySelector('svg.board').dataset.animating === 'false'"
            )
            delays.append(float(page.get_attribute("svg.board", "data-tap-to-frame") or "nan"))
    finally:
        ctx.close()
    return {
        "median_ms": med(delays),
        "p90_ms": sorted(delays)[int(0.9 * len(delays))],
        "n": len(delays),
    }


def bench_bot(browser: Any, base: str, boards: int, games: int) -> dict[str, Any]:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(base + "#duel")
    page.wait_for_selector("button.start")
    ids = [api(base, f"/api/matchless/new?params=5x5&seed={s}")["id"] for s in range(boards)]
    opening = page.evaluate(
        """async (ids) => {
          const engine = await import('./js/matchless/engine/index.js');
          const out = [];
          for (const id of ids) {
            const b = engine.parseGameId(id);
            const w = new Worker('js/matchless/ui/duel-worker.js', {type: 'module'});
            const unlit = (1n << BigInt(b.shells.length)) - 1n;
            const t0 = performance.now();
            const r = await new Promise((res) => {
              w.onmessage = (e) => res(e.data);
              w.postMessage({id: 1, succ: b.succ, unlit, rule: 'fewest', level: 'perfect',
                             seed: 0n, budgetMs: 900});
            });
            const ms = performance.now() - t0;
            out.push({page: ms, worker: r.result.ms, perfect: r.result.perfect});
            w.terminate();
          }
          return out;
        }""",
        ids,
    )
    ui_moves: list[float] = []
    for game in range(games):
        if game == 0:
            page.check("input[name=opponent][value=perfect]")
            page.click("button.start")
        else:
            page.click("button.new-board")
        page.wait_for_selector(".duel svg.board[data-ready='true']")
        while page.get_attribute(".duel", "data-over") != "true":
            unlit = page.eval_on_selector_all(
                ".duel .shell-cell:not(.lit)", "els => els.map(e => e.dataset.cell)"
            )
            page.click(f".duel .cell[data-cell='{unlit[0]}']")
            page.wait_for_function(
                "() => document.querySelector('.duel').dataset.thinking !== 'true'"
                " && document.querySelector('.duel svg.board').dataset.animating !== 'true'"
            )
            ms = page.get_attribute(".duel", "data-bot-ms")
            if ms:
                ui_moves.append(float(ms))
                page.evaluate("document.querySelector('.duel').removeAttribute('data-bot-ms')")
    ctx.close()
    worker = [o["worker"] for o in opening]
    roundtrip = [o["page"] for o in opening]
    return {
        "boards": boards,
        "worker_median_ms": med(worker),
        "worker_max_ms": max(worker),
        "roundtrip_median_ms": med(roundtrip),
        "roundtrip_max_ms": max(roundtrip),
        "all_perfect": all(o["perfect"] for o in opening),
        "ui_moves": len(ui_moves),
        "ui_median_ms": med(ui_moves),
        "ui_max_ms": max(ui_moves) if ui_moves else float("nan"),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=9, help="cold/warm page loads")
    ap.add_argument("--taps", type=int, default=40, help="taps timed")
    ap.add_argument("--boards", type=int, default=60, help="5x5 boards for the bot")
    ap.add_argument("--games", type=int, default=3, help="duels played through the UI")
    ap.add_argument("--only-transfer", action="store_true", help="page loads and transfer only")
    ap.add_argument("--serve-child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_child:
        child(args.serve_child)
        return

    base, counter, stop = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            version = browser.version
            load = bench_load(browser, base, counter, args.runs)
            kvisit = bench_kirchhoff_visit(browser, base, counter, args.runs)
            tap: dict[str, Any] = {}
            bot: dict[str, Any] = {}
            if not args.only_transfer:
                tap = bench_tap(browser, base, args.taps)
                bot = bench_bot(browser, base, args.boards, args.games)
            browser.close()
    finally:
        stop()
    node = subprocess.run(["node", "--version"], check=False, capture_output=True, text=True)
    sizes = tier_sizes()
    lo, kv = load, kvisit
    kb = "{:.1f} KB".format
    rows: list[tuple[str, str, str, float | None]] = [
        ("daily interactive, cold (median)", f"{lo['cold_ms']:.0f} ms", "1 s", lo["cold_ms"] / 1e3),
        ("daily interactive, cold (worst)", f"{lo['cold_max_ms']:.0f} ms", "1 s",
         lo["cold_max_ms"] / 1e3),
        ("daily interactive, warm (service worker)", f"{lo['warm_ms']:.0f} ms", "1 s",
         lo["warm_ms"] / 1e3),
        ("first visit transfer, daily (page + core precache)",
         kb(lo["first_visit_bytes"] / 1000), "250 KB", lo["first_visit_bytes"] / 250_000),
        ("  of which the page's own loads", kb(lo["page_bytes"] / 1000), "", None),
        ("  of which Kirchhoff-group files (worst run)", kb(lo["group_bytes_max"] / 1000), "0",
         None),
        ("core tier (page twice, sw.js, ASSETS)", kb(sizes["core"] / 1000), "250 KB",
         sizes["core"] / 250_000),
        ("Kirchhoff group (GROUPS.kirchhoff)", kb(sizes["kirchhoff"] / 1000), "", None),
        ("first visit transfer, Kirchhoff daily (page + core + group)",
         kb(kv["fresh_bytes"] / 1000), "", None),
        ("  of which Kirchhoff-group files", kb(kv["fresh_group_bytes"] / 1000), "", None),
        ("first Kirchhoff daily visit after a Matchless daily visit",
         kb(kv["after_daily_bytes"] / 1000), "", None),
    ]  # fmt: skip
    if not args.only_transfer:
        rows += timed_rows(args, tap, bot)
    print(f"Chromium {version}, Node {node.stdout.strip()}, Python {platform.python_version()}")
    print(f"site: {sizes['site'] / 1000:.1f} KB; first-visit requests: {lo['requests']:.0f}")
    if bot:
        print(f"openings all exact: {bot['all_perfect']}")
    print("| measure | figure | bar | figure / bar |")
    print("|---|---|---|---|")
    for name, fig, bar, ratio in rows:
        print(f"| {name} | {fig} | {bar} | {'' if ratio is None else f'{ratio:.2f}'} |")


def timed_rows(
    args: argparse.Namespace, tp: dict[str, Any], bo: dict[str, Any]
) -> list[tuple[str, str, str, float | None]]:
    return [
        ("tap to first animation frame (median)", f"{tp['median_ms']:.1f} ms", "50 ms",
         tp["median_ms"] / 50),
        ("tap to first animation frame (p90)", f"{tp['p90_ms']:.1f} ms", "50 ms",
         tp["p90_ms"] / 50),
        (f"bot opening move, 5x5, in the worker (median of {bo['boards']})",
         f"{bo['worker_median_ms']:.1f} ms", "1 s", bo["worker_median_ms"] / 1e3),
        ("bot opening move, 5x5, in the worker (slowest)", f"{bo['worker_max_ms']:.1f} ms",
         "1 s", bo["worker_max_ms"] / 1e3),
        ("same, page round trip incl. worker start (slowest)", f"{bo['roundtrip_max_ms']:.1f} ms",
         "1 s", bo["roundtrip_max_ms"] / 1e3),
        (f"bot moves in {args.games} UI duels (median / max of {bo['ui_moves']})",
         f"{bo['ui_median_ms']:.1f} / {bo['ui_max_ms']:.1f} ms", "1 s", bo["ui_max_ms"] / 1e3),
    ]  # fmt: skip


if __name__ == "__main__":
    main()
