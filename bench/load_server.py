"""Load on ``proofgrid serve`` (issue 14): latency, isolation, verdicts, memory, bursts.

Run: ``nice .venv/bin/python bench/load_server.py [--worst 100] [--burst 1000]
[--src DIR] [--label after] [--settle 60]``

Starts ``proofgrid serve --port 0`` as a subprocess (``--src DIR`` runs
another checkout's ``src``, e.g. HEAD exported with ``git archive``) and
drives it with a minimal asyncio HTTP/1.1 client (raw streams: a heavier
client such as httpx spent more CPU than the server on this 2-core machine
and its own delays showed up as server latency). Figures (written to
``bench/results/load-<label>.json`` and printed):

* **reused connection**: 200 sequential ``GET /api/matchless/daily/2026-12-25``
  on one kept-alive connection after a warm-up; median and p99. Bar: < 5 ms.
* **worst case**: ``--worst`` concurrent ``POST /api/kirchhoff/solve`` of the
  three sparse boards of the issue, while 8 clients loop over cheap requests
  (health, the site's index, dailies, ``new`` up to hard, solve and hint of
  generated boards) and one client probes ``/api/health``. Bars: cheap p99 <
  200 ms, health p99 < 50 ms, ≥ 90% of the worst-case answered 200, the rest
  422/503 only.
* **memory**: resident memory of the server and all its children (fork
  server and workers) idle before, at its peak during, and ``--settle``
  seconds after the worst-case phase. Bar: back within 100 MB of idle.
* **burst**: ``--burst`` cheap requests at once (one connection each, up to
  the client's limits). Bar: 0 errors.

Three more scenarios (``--round2``; each can be left off with ``--slow 0``,
``--abandon 0``, ``--costly 0``):

* **slow connections**: ``--slow`` slowloris connections (a header line every
  2 s) and 10 unfinished 20 MB headers, while ``/api/health`` is probed every
  0.5 s for 15 s: health answered / p50, slow connections still open at the
  end, the server's resident growth.
* **abandoned work**: ``--abandon`` hint requests on distinct giant seeded
  boards whose clients close after 0.1 s; then an uncached 3x3 solve and an
  uncached giant solve are timed (work nobody waits for must not hold them up).
* **distinct costly**: ``--costly`` concurrent solves of distinct giant seeded
  boards, with 4 clients looping over *uncached* cheap generated requests
  (fresh seeds) until they are answered: the costly requests' statuses,
  median and max latency, and the cheap ones' median and p99.

Round three (issue 34): ``--round3`` runs 80 distinct costly requests (Kirchhoff 16x16
solves and hints with a move, seeded 12x12 perfect duels), each retried after its
``Retry-After``, with 4 clients on uncached 5x5 ``new``, once as the machine is and once
beside ``--hogs`` CPU-bound processes; ``--slow-readers`` runs probe 2 (clients that
pipeline and never read). Figures: ``bench/results/load-server-round3.md``.

Timings from a machine shared with other work are noisy; the script prints
the machine's load average with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
WORST = (
    "14x11:HJAAAAUAAHwGAAABPGwASAAAAABIAAAAAOT",
    "16x10:HoAAAAAAAAAAAAAAAAAAAAAAAAAAAb-",
    "12x12:GqAAAAAAAAAAAAAAAAAAAAAAAAk2",
)
CHEAP: tuple[tuple[str, str, Any], ...] = (
    ("GET", "/api/health", None),
    ("GET", "/", None),
    ("GET", "/api/matchless/daily/2026-12-25", None),
    ("GET", "/api/kirchhoff/daily/2026-12-25", None),
    ("GET", "/api/matchless/new?params=6x6&seed=7", None),
    ("GET", "/api/kirchhoff/new?params=hard&seed=7", None),
    ("GET", "/api/kirchhoff/new?params=easy&seed=8", None),
    ("POST", "/api/kirchhoff/solve", {"id": "7x7dh#7", "moves": []}),
    ("POST", "/api/kirchhoff/hint", {"id": "7x7dh#7", "moves": []}),
    ("POST", "/api/matchless/solve", {"id": "6x6#7", "moves": []}),
)


def pct(xs: list[float], q: float) -> float:
    """The ``q``-quantile (nearest rank) of ``xs`` in ms, or NaN."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    return 1000 * s[min(len(s) - 1, max(0, round(q * len(s)) - 1))]


def family_rss(pid: int) -> int:
    """Resident bytes of a process and all its descendants."""
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.Error:
        return 0
    total = 0
    for p in procs:
        with contextlib.suppress(psutil.Error):
            total += p.memory_info().rss
    return total


def start_server(
    src: Path | None, options: tuple[str, ...] = ()
) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    code = "import sys; from proofgrid.cli import main; sys.exit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
    if not m:
        proc.kill()
        raise SystemExit("the server did not start")
    return proc, f"http://127.0.0.1:{m.group(1)}"


class Conn:
    """One kept-alive HTTP/1.1 connection (reopened if the server closes it)."""

    def __init__(self, base: str) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.resent = 0  # requests sent again on a new connection after a failed one
        #: Seconds the last exchange spent opening its connection (0 on a kept one), and
        #: from its request written to its answer's status line.
        self.connect_s = 0.0
        self.answer_s = 0.0

    async def request(self, method: str, path: str, body: Any = None) -> int:
        """Send one request, read the whole answer; its status (-1 on a network error)."""
        return (await self.exchange(method, path, body))[0]

    async def exchange(
        self, method: str, path: str, body: Any = None
    ) -> tuple[int, dict[str, str]]:
        """Send one request, read the whole answer; its status (-1 on a network error) and
        its headers (lower-case names)."""
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        head += f"Content-Length: {len(data)}\r\n\r\n"
        for attempt in (0, 1):
            try:
                t0 = time.perf_counter()
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                assert self.reader is not None
                t1 = time.perf_counter()
                self.writer.write(head.encode() + data)
                status = int((await self.reader.readline()).split()[1])
                self.connect_s, self.answer_s = t1 - t0, time.perf_counter() - t1
                length, close = 0, False
                headers: dict[str, str] = {}
                while (line := await self.reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode("latin-1").partition(":")
                    headers[name.lower()] = value.strip()
                    if name.lower() == "content-length":
                        length = int(value)
                    elif name.lower() == "connection" and "close" in value.lower():
                        close = True
                await self.reader.readexactly(length)
                if close:
                    await self.close()
                return status, headers
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
                await self.close()
                if attempt:
                    return -1, {}
                self.resent += 1
        return -1, {}

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def timed(conn: Conn, method: str, url: str, body: Any) -> tuple[float, int]:
    t = time.perf_counter()
    status = await conn.request(method, url, body)
    return time.perf_counter() - t, status


async def reused(base: str) -> dict[str, float]:
    c = Conn(base)
    url = "/api/matchless/daily/2026-12-25"
    for _ in range(20):
        await c.request("GET", url)
    xs = [(await timed(c, "GET", url, None))[0] for _ in range(200)]
    await c.close()
    return {"median_ms": 1000 * statistics.median(xs), "p99_ms": pct(xs, 0.99)}


async def worst_case(base: str, n: int, pid: int) -> dict[str, Any]:
    stop = asyncio.Event()
    cheap: list[float] = []
    cheap_bad: dict[int, int] = {}
    health: list[float] = []
    peak = family_rss(pid)

    async def cheap_loop(k: int) -> None:
        c, i = Conn(base), k
        while not stop.is_set():
            m, u, b = CHEAP[i % len(CHEAP)]
            dt_, st = await timed(c, m, u, b)
            cheap.append(dt_)
            if st != 200:
                cheap_bad[st] = cheap_bad.get(st, 0) + 1
            i += 1
        await c.close()

    async def health_loop() -> None:
        c = Conn(base)
        while not stop.is_set():
            health.append((await timed(c, "GET", "/api/health", None))[0])
            await asyncio.sleep(0.05)
        await c.close()

    async def memory_loop() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, family_rss(pid))
            await asyncio.sleep(0.25)

    async def worst(i: int) -> tuple[float, int]:
        c = Conn(base)
        out = await timed(c, "POST", "/api/kirchhoff/solve", {"id": WORST[i % 3], "moves": []})
        await c.close()
        return out

    background = [asyncio.create_task(cheap_loop(k)) for k in range(8)]
    background += [asyncio.create_task(health_loop()), asyncio.create_task(memory_loop())]
    await asyncio.sleep(1.0)
    t0 = time.perf_counter()
    results = await asyncio.gather(*(worst(i) for i in range(n)))
    wall = time.perf_counter() - t0
    await asyncio.sleep(1.0)  # cheap traffic just after the worst case, too
    stop.set()
    await asyncio.gather(*background)
    statuses: dict[int, int] = {}
    for _, st in results:
        statuses[st] = statuses.get(st, 0) + 1
    lat = [d for d, _ in results]
    return {
        "worst_requests": n,
        "worst_statuses": statuses,
        "worst_verdict_share": statuses.get(200, 0) / n,
        "worst_p50_ms": pct(lat, 0.5),
        "worst_max_ms": pct(lat, 1.0),
        "worst_wall_s": wall,
        "cheap_requests": len(cheap),
        "cheap_non_200": cheap_bad,
        "cheap_p50_ms": pct(cheap, 0.5),
        "cheap_p99_ms": pct(cheap, 0.99),
        "health_requests": len(health),
        "health_p50_ms": pct(health, 0.5),
        "health_p99_ms": pct(health, 0.99),
        "peak_rss_mb": peak / 2**20,
    }


async def burst(base: str, n: int) -> dict[str, Any]:
    async def one(i: int) -> tuple[float, int]:
        c = Conn(base)
        out = await timed(c, *CHEAP[i % len(CHEAP)])
        await c.close()
        return out

    t0 = time.perf_counter()
    res = await asyncio.gather(*(one(i) for i in range(n)))
    wall = time.perf_counter() - t0
    errors = sum(1 for _, st in res if st != 200)
    statuses: dict[int, int] = {}
    for _, st in res:
        statuses[st] = statuses.get(st, 0) + 1
    health = [d for i, (d, _) in enumerate(res) if CHEAP[i % len(CHEAP)][1] == "/api/health"]
    return {
        "burst_requests": n,
        "burst_errors": errors,
        "burst_statuses": statuses,
        "burst_wall_s": wall,
        "burst_p99_ms": pct([d for d, _ in res], 0.99),
        "burst_health_p50_ms": pct(health, 0.5),
    }


async def _probe_health(base: str, seconds: float, every: float) -> list[float | None]:
    """Latency of a fresh-connection ``/api/health`` every ``every`` s (None: no answer in 5 s)."""
    out: list[float | None] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        c = Conn(base)
        try:
            d, st = await asyncio.wait_for(timed(c, "GET", "/api/health", None), 5)
            out.append(d if st == 200 else None)
        except TimeoutError:
            out.append(None)
        await c.close()
        await asyncio.sleep(every)
    return out


async def slow_connections(base: str, n: int, pid: int) -> dict[str, Any]:
    host, port = base.removeprefix("http://").split(":")
    before = family_rss(pid)
    peak = before
    open_socks: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    for _ in range(n):
        try:
            r, w = await asyncio.open_connection(host, int(port))
        except OSError:
            break
        w.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
        open_socks.append((r, w))

    async def drip() -> None:
        for tick in range(8):  # a header line every 2 s
            await asyncio.sleep(2)
            for _, w in open_socks:
                if not w.is_closing():
                    with contextlib.suppress(OSError):
                        w.write(b"X-Slow-%d: y\r\n" % tick)

    async def huge() -> None:
        nonlocal peak
        block = b"a" * (1 << 20)
        writers = []
        for _ in range(10):
            with contextlib.suppress(OSError):
                _, w = await asyncio.open_connection(host, int(port))
                w.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
                writers.append(w)
        for _ in range(20):
            for w in writers:
                if not w.is_closing():
                    with contextlib.suppress(OSError):
                        w.write(block)
                        await asyncio.wait_for(w.drain(), 2)
            peak = max(peak, family_rss(pid))
        for w in writers:
            w.close()

    probes, _, _ = await asyncio.gather(
        _probe_health(base, 15, 0.5), drip(), huge(), return_exceptions=False
    )
    await asyncio.sleep(0.5)
    # still open: the server has neither closed the connection nor answered it
    still = sum(1 for r, _ in open_socks if not r.at_eof() and not r._buffer)
    for _, w in open_socks:
        w.close()
    answered = [p for p in probes if p is not None]
    return {
        "slow_connections": len(open_socks),
        "slow_still_open_after_16s": still,
        "slow_health_answered": f"{len(answered)}/{len(probes)}",
        "slow_health_p50_ms": pct(answered, 0.5),
        "slow_rss_growth_mb": (peak - before) / 2**20,
    }


async def abandoned(base: str, n: int) -> dict[str, Any]:
    host, port = base.removeprefix("http://").split(":")
    writers = []
    for i in range(n):
        body = json.dumps({"id": f"16x16dh#{900_000 + i}", "moves": []}).encode()
        with contextlib.suppress(OSError):
            _, w = await asyncio.open_connection(host, int(port))
            w.write(
                b"POST /api/kirchhoff/hint HTTP/1.1\r\nHost: x\r\n"
                b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                % (len(body), body)
            )
            writers.append(w)
    await asyncio.sleep(0.1)
    for w in writers:
        w.close()
    await asyncio.sleep(0.5)
    c = Conn(base)
    small, st_small = await timed(c, "GET", "/api/kirchhoff/solve?id=3x3de%23123457", None)
    giant, st_giant = await timed(c, "GET", "/api/kirchhoff/solve?id=16x16dh%23777001", None)
    await c.close()
    return {
        "abandoned_requests": len(writers),
        "abandoned_then_3x3_solve_s": small,
        "abandoned_then_3x3_status": st_small,
        "abandoned_then_giant_solve_s": giant,
        "abandoned_then_giant_status": st_giant,
    }


async def distinct_costly(base: str, n: int) -> dict[str, Any]:
    done = asyncio.Event()

    async def costly(i: int) -> tuple[float, int]:
        c = Conn(base)
        out = await timed(c, "GET", f"/api/kirchhoff/solve?id=16x16dh%23{810_000 + i}", None)
        await c.close()
        return out

    cheap: list[float] = []
    cheap_bad = 0

    async def cheap_client(k: int) -> None:
        nonlocal cheap_bad
        c = Conn(base)
        i = 0
        while not done.is_set():
            i += 1
            url = (
                f"/api/kirchhoff/new?params=hard&seed=c{k}-{i}"
                if i % 2
                else f"/api/matchless/new?params=6x6&seed=c{k}-{i}"
            )
            d, st = await timed(c, "GET", url, None)
            cheap.append(d)
            cheap_bad += st != 200
        await c.close()

    clients = [asyncio.ensure_future(cheap_client(k)) for k in range(4)]
    res = await asyncio.gather(*(costly(i) for i in range(n)))
    done.set()
    await asyncio.gather(*clients)
    statuses: dict[int, int] = {}
    for _, st in res:
        statuses[st] = statuses.get(st, 0) + 1
    ok = [d for d, st in res if st == 200]
    return {
        "costly_requests": n,
        "costly_statuses": statuses,
        "costly_200_median_s": statistics.median(ok) if ok else float("nan"),
        "costly_max_s": max(d for d, _ in res),
        "costly_cheap_requests": len(cheap),
        "costly_cheap_failed": cheap_bad,
        "costly_cheap_p50_ms": pct(cheap, 0.5),
        "costly_cheap_p99_ms": pct(cheap, 0.99),
    }


def round3_requests(n: int, tag: int) -> list[tuple[str, str, Any]]:
    """``n`` distinct costly requests: Kirchhoff 16x16 solves, 16x16 hints with a move
    (a different no-op mark each, so no two share a cache entry) and seeded 12x12 duels
    (the perfect bot, 2 s budget). ``tag`` makes the seeds distinct across runs."""
    out: list[tuple[str, str, Any]] = []
    for i in range(n):
        seed = tag * 1000 + i
        if i % 3 == 0:
            out.append(("GET", f"/api/kirchhoff/solve?id=16x16dh%23{seed}", None))
        elif i % 3 == 1:
            body = {"id": f"16x16dh#{seed}", "moves": [f"e{i}."]}
            out.append(("POST", "/api/kirchhoff/hint", body))
        else:
            body = {"id": f"12x12#{seed}", "moves": [], "level": "perfect", "budget_ms": 2000}
            out.append(("POST", "/api/matchless/duel", body))
    return out


def cpu_hogs(n: int) -> list[subprocess.Popen[bytes]]:
    """``n`` CPU-bound processes (a busy loop each), not niced: other work on the machine."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


async def round3(
    base: str, n: int, bound: float, tag: int, retries: int, *, cap: float | None = None
) -> dict[str, Any]:
    """``n`` distinct costly requests at once (:func:`round3_requests`), each retried after
    its ``Retry-After`` when refused (at most ``retries`` times), while 4 clients loop over
    uncached 5x5 ``new`` requests: every answer's latency against ``bound``. With ``cap``
    (seconds), the pass ends then: a request still waiting to retry is counted
    ``unfinished`` (its last answer was a 503)."""
    done = asyncio.Event()
    first: list[tuple[float, int]] = []
    final: list[tuple[float, int, int]] = []
    retry_after: list[int] = []
    attempts: list[float] = []
    # seconds, request, status, sent again, seconds connecting, seconds to the status line
    slowest: list[Any] = [0.0, "", 0, 0, 0.0, 0.0]
    refused_again = 0

    async def one(m: str, u: str, b: Any) -> None:
        nonlocal refused_again
        c = Conn(base)
        t0 = time.perf_counter()
        for attempt in range(retries + 1):
            t = time.perf_counter()
            resent = c.resent
            st, headers = await c.exchange(m, u, b)
            took = time.perf_counter() - t
            attempts.append(took)
            if took > slowest[0]:
                slowest[:] = [took, f"{m} {u} {b or ''}", st, c.resent - resent]
                slowest[4:] = [c.connect_s, c.answer_s]
            if attempt == 0:
                first.append((took, st))
            else:
                refused_again += st == 503
            if st != 503 or attempt == retries:
                final.append((time.perf_counter() - t0, st, attempt))
                break
            after = int(headers.get("retry-after", "1"))
            if attempt == 0:
                retry_after.append(after)
            await c.close()
            await asyncio.sleep(after)
        await c.close()

    cheap: list[float] = []
    cheap_status: dict[int, int] = {}

    async def cheap_client(k: int) -> None:
        c = Conn(base)
        i = 0
        while not done.is_set():
            i += 1
            d, st = await timed(
                c, "GET", f"/api/kirchhoff/new?params=5x5&seed=r3-{tag}-{k}-{i}", None
            )
            cheap.append(d)
            cheap_status[st] = cheap_status.get(st, 0) + 1
        await c.close()

    clients = [asyncio.ensure_future(cheap_client(k)) for k in range(4)]
    t0 = time.perf_counter()
    tasks = [asyncio.ensure_future(one(*r)) for r in round3_requests(n, tag)]
    _, pending = await asyncio.wait(tasks, timeout=cap)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    wall = time.perf_counter() - t0
    done.set()
    await asyncio.gather(*clients)
    statuses: dict[int, int] = {}
    for _, st in first:
        statuses[st] = statuses.get(st, 0) + 1
    final_statuses: dict[int, int] = {}
    for _, st, _ in final:
        final_statuses[st] = final_statuses.get(st, 0) + 1
    lat = [d for d, _ in first]
    return {
        "r3_requests": n,
        "r3_bound_s": bound,
        "r3_first_statuses": statuses,
        "r3_first_p50_s": pct(lat, 0.5) / 1000,
        "r3_first_max_s": max(lat),
        "r3_first_over_bound": sum(1 for d in lat if d > bound),
        "r3_retry_after_distinct": len(set(retry_after)),
        "r3_retry_after_range": [min(retry_after), max(retry_after)] if retry_after else [],
        "r3_refused_again": refused_again,
        "r3_final_statuses": final_statuses,
        "r3_unfinished": len(pending),
        "r3_pass_cap_s": cap,
        "r3_attempt_max_s": max(attempts),
        "r3_slowest_attempt": slowest,  # [s, request, status, sent again, connect s, answer s]
        "r3_final_max_s": max((d for d, _, _ in final), default=0.0),
        "r3_wall_s": wall,
        "r3_cheap_requests": len(cheap),
        "r3_cheap_statuses": cheap_status,
        "r3_cheap_p50_ms": pct(cheap, 0.5),
        "r3_cheap_max_ms": pct(cheap, 1.0),
    }


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    if args.slow_readers:
        return {"label": args.label, **slow_readers(args.src)}
    if args.round3:
        return await round3_main(args)
    proc, base = start_server(args.src)
    try:
        warm = Conn(base)  # warm every lane (a user-made board: the other lane)
        for m, u, b in (*CHEAP, ("POST", "/api/kirchhoff/solve", {"id": "3x3:ERwA4U-"})):
            await warm.request(m, u, b)
        await warm.close()
        await asyncio.sleep(2)
        out: dict[str, Any] = {"label": args.label, "load_before": os.getloadavg()}
        out["idle_rss_mb"] = family_rss(proc.pid) / 2**20
        out.update({f"reused_{k}": v for k, v in (await reused(base)).items()})
        if args.worst:
            out.update(await worst_case(base, args.worst, proc.pid))
            await asyncio.sleep(args.settle)
            out["settled_rss_mb"] = family_rss(proc.pid) / 2**20
        if args.burst:
            out.update(await burst(base, args.burst))
        if args.round2 and args.slow:
            out.update(await slow_connections(base, args.slow, proc.pid))
        if args.round2 and args.abandon:
            out.update(await abandoned(base, args.abandon))
        if args.round2 and args.costly:
            out.update(await distinct_costly(base, args.costly))
        out["load_after"] = os.getloadavg()
        return out
    finally:
        proc.kill()
        proc.wait(10)
        for child in psutil.Process().children(recursive=True):
            child.kill()


def slow_readers(src: Path | None, n: int = 30, cap: int = 20) -> dict[str, Any]:
    """Probe 2 of issue 34: ``n`` clients each pipeline 2,000 GETs of the site's largest
    script and never read, against ``serve --max-connections cap``; the server's open
    client connections, resident size and ``/api/health`` after 3 s and 15 s, then how
    long SIGTERM takes and how many tracebacks the log holds."""
    import tempfile  # noqa: PLC0415

    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    with tempfile.TemporaryFile("w+") as log:
        return _slow_readers(env, log, n, cap)


def _slow_readers(env: dict[str, str], log: Any, n: int, cap: int) -> dict[str, Any]:
    import signal  # noqa: PLC0415
    import socket  # noqa: PLC0415
    import urllib.request  # noqa: PLC0415

    code = "import sys; from proofgrid.cli import main; sys.exit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", "0", "--max-connections", str(cap)],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
    if not m:
        proc.kill()
        raise SystemExit("the server did not start")
    port = int(m.group(1))
    server = psutil.Process(proc.pid)
    idle = server.memory_info().rss
    req = b"GET /js/kirchhoff/ui/view.js HTTP/1.1\r\nHost: x\r\n\r\n" * 2000
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.setblocking(False)
        sent, t0 = 0, time.monotonic()
        while sent < len(req) and time.monotonic() - t0 < 0.5:
            try:
                sent += s.send(req[sent:])
            except BlockingIOError:
                time.sleep(0.01)
        socks.append(s)

    def conns() -> int:
        return sum(
            1
            for c in server.net_connections(kind="tcp")
            if c.laddr and c.laddr.port == port and c.raddr
        )

    def health() -> int:
        try:
            url = f"http://127.0.0.1:{port}/api/health"
            with urllib.request.urlopen(url, timeout=5) as r:
                return int(r.status)
        except OSError:
            return -1

    out: dict[str, Any] = {"sr_clients": n, "sr_cap": cap, "sr_load": os.getloadavg()}
    time.sleep(3)
    out["sr_3s_connections"] = conns()
    out["sr_3s_rss_growth_mb"] = (server.memory_info().rss - idle) / 2**20
    out["sr_3s_health"] = health()
    time.sleep(12)
    out["sr_15s_connections"] = conns()
    out["sr_15s_rss_growth_mb"] = (server.memory_info().rss - idle) / 2**20
    for s in socks[: n // 2]:  # half the clients go away (a reset); the rest stay
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
    time.sleep(3)
    out["sr_after_half_left_rss_growth_mb"] = (server.memory_info().rss - idle) / 2**20
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(30)
        out["sr_sigterm_s"] = time.monotonic() - t0
    except subprocess.TimeoutExpired:
        out["sr_sigterm_s"] = "still running after 30 s"
        proc.kill()
        proc.wait(10)
    for s in socks[n // 2 :]:
        s.close()
    log.seek(0)
    out["sr_asgi_tracebacks"] = log.read().count("Exception in ASGI application")
    return out


async def round3_main(args: argparse.Namespace) -> dict[str, Any]:
    """The round-three run: a quiet pass, then one with ``--hogs`` CPU-bound processes."""
    proc, base = start_server(args.src)
    out: dict[str, Any] = {"label": args.label, "src": str(args.src or "installed")}
    try:
        warm = Conn(base)
        for m, u, b in CHEAP:
            await warm.request(m, u, b)
        await warm.close()
        passes = [("quiet", 0), ("loaded", args.hogs)]
        for phase, hogs in [p for p in passes if p[0] in args.passes.split(",")]:
            procs = cpu_hogs(hogs)
            try:
                await asyncio.sleep(2 if hogs else 0)
                load0 = os.getloadavg()
                res = await round3(
                    base, args.costly, args.bound, 1 + hogs, args.retries, cap=args.pass_cap
                )
                out[phase] = {"hogs": hogs, "load_before": load0, **res}
                out[phase]["load_after"] = os.getloadavg()
                # Each pass's figures as soon as it ends: a run stopped later keeps them.
                print(json.dumps({phase: out[phase]}), flush=True)
                partial = ROOT / "bench" / "results" / f"load-{args.label}.partial.json"
                partial.write_text(json.dumps(out, indent=1) + "\n")
            finally:
                for p in procs:
                    p.kill()
                    p.wait()
            await asyncio.sleep(5)
        return out
    finally:
        proc.kill()
        proc.wait(10)
        for child in psutil.Process().children(recursive=True):
            child.kill()


def main() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # 1,500 sockets each side
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worst", type=int, default=100)
    ap.add_argument("--burst", type=int, default=1000)
    ap.add_argument("--settle", type=float, default=60.0)
    ap.add_argument("--src", type=Path, default=None, help="run this src/ instead")
    ap.add_argument("--label", default="after")
    ap.add_argument("--round2", action="store_true", help="the three scenarios below")
    ap.add_argument("--slow", type=int, default=1500, help="slowloris connections")
    ap.add_argument("--abandon", type=int, default=60, help="abandoned giant hints")
    ap.add_argument("--costly", type=int, default=80, help="distinct costly requests")
    ap.add_argument("--round3", action="store_true", help="the round-three run (alone)")
    ap.add_argument("--slow-readers", action="store_true", help="probe 2 of round three")
    ap.add_argument("--hogs", type=int, default=2, help="CPU-bound processes, round three")
    ap.add_argument("--bound", type=float, default=30.0, help="the bound, round three (s)")
    ap.add_argument("--retries", type=int, default=5, help="retries after a 503, round three")
    ap.add_argument(
        "--passes", default="quiet,loaded", help="round-three passes to run (quiet,loaded)"
    )
    ap.add_argument(
        "--pass-cap", type=float, default=None, help="end each round-three pass after (s)"
    )
    args = ap.parse_args()
    out = asyncio.run(main_async(args))
    path = ROOT / "bench" / "results" / f"load-{args.label}.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    for k, v in out.items():
        print(f"{k:24} {v if not isinstance(v, float) else round(v, 2)}")


if __name__ == "__main__":
    main()
