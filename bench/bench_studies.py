"""Execution-layer benchmarks: worker scaling and Dask overhead (figures: bench/results/studies.md).

Run (one command, self-contained; starts and stops its own Dask LocalCluster)::

    .venv/bin/python bench/bench_studies.py            # about 20 minutes on 2 quiet cores
    .venv/bin/python bench/bench_studies.py --quick    # smaller studies, one repetition

Every figure is the wall time of the real command line (``proofgrid …`` in a
fresh interpreter, start-up and pool start included, as a user sees it),
median of ``--reps`` runs (default 5). The two commands of each comparison run
alternately, one after the other, and the ratio of every such pair is printed
too: on a shared virtual machine the speed of a core drifts by ±15% from one
minute to the next, and alternation puts each drift on both sides.

1. ``matchless stats N`` (board table and both duel sizes) on ``--workers 1``
   and ``--workers 2``: throughput ratio, bar ≥ 1.7×;
2. ``bank matchless M`` on 1 and 2 workers: throughput ratio, bar ≥ 1.7×;
3. a ~60-second study (``matchless stats 128000``, about a minute on the
   2-worker pool) on the process pool (``--workers 2``) and on a Dask
   LocalCluster of 2 worker processes × 1 thread (``--scheduler``): overhead,
   bar ≤ 15%. Each Dask run gets a fresh cluster, started before the clock
   and stopped after it (so no idle cluster slows the pool runs), and the time
   counted includes the client's import of ``distributed``, its connection and
   the workers' first import of ``proofgrid``, as a user would see them.

4. CPU accounting, which a shared machine disturbs much less than wall time:
   the same two studies run in this process on 1 worker and on a 2-worker
   pool, CPU seconds of this process and all its descendants — fork server
   and workers — read with psutil before the pool closes. Total CPU on 2
   workers ÷ CPU on 1 is the layer's work overhead; ``2 × CPU(1) ÷ CPU(2)``
   bounds the speedup an idle 2-core machine can show. The pool here is
   started before any thread, as the CLI starts it (so it forks).

The outputs of each pair are compared (``--json --no-timing`` bytes, bank
file bytes): a benchmark of a wrong answer is no benchmark. The load average
is printed before and after each line: the figures only mean something on a
quiet machine.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

CLI = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f}/{five:.2f}"


@dataclass
class Timed:
    """Median wall time of a command and a digest of what it produced."""

    seconds: float
    runs: list[float]
    digest: str
    load_before: str
    load_after: str


def _time(args: list[str], reps: int, out_file: Path | None = None) -> Timed:
    runs = []
    digests = set()
    before = _load()
    for _ in range(reps):
        if out_file is not None and out_file.exists():
            out_file.unlink()
        t0 = time.perf_counter()
        proc = subprocess.run([*CLI, *args], capture_output=True, check=False)
        runs.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            sys.exit(f"failed: proofgrid {' '.join(args)}\n{proc.stderr.decode()}")
        data = out_file.read_bytes() if out_file is not None else proc.stdout
        digests.add(hashlib.sha256(data).hexdigest()[:16])
    if len(digests) != 1:
        sys.exit(f"repetitions disagree: proofgrid {' '.join(args)}")
    return Timed(statistics.median(runs), runs, digests.pop(), before, _load())


def _merge(parts: list[Timed]) -> Timed:
    """One :class:`Timed` from single runs of the same command (their median)."""
    digests = {t.digest for t in parts}
    if len(digests) != 1:
        sys.exit("repetitions disagree")
    runs = [r for t in parts for r in t.runs]
    return Timed(
        statistics.median(runs), runs, digests.pop(), parts[0].load_before, parts[-1].load_after
    )


def _alternate(
    a: list[str],
    b: list[str],
    reps: int,
    out_file: Path | None = None,
    *,
    cluster: list[float] | None = None,
) -> tuple[Timed, Timed, list[float]]:
    """Run ``a`` then ``b``, ``reps`` times: their medians and each pair's ratio a ÷ b.

    With ``cluster`` (a list that collects start-up seconds), every run of
    ``a`` gets a fresh Dask LocalCluster of 2 worker processes × 1 thread,
    started before the clock and closed after it, its address put in place of
    ``{scheduler}``; so no idle cluster runs beside ``b``.
    """
    runs_a: list[Timed] = []
    runs_b: list[Timed] = []
    for _ in range(reps):
        if cluster is None:
            runs_a.append(_time(a, 1, out_file))
        else:
            from distributed import LocalCluster  # noqa: PLC0415 (only this part needs it)

            t0 = time.perf_counter()
            with LocalCluster(
                processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None
            ) as lc:
                cluster.append(time.perf_counter() - t0)
                args = [lc.scheduler_address if x == "{scheduler}" else x for x in a]
                runs_a.append(_time(args, 1, out_file))
        runs_b.append(_time(b, 1, out_file))
    pairs = [x.seconds / y.seconds for x, y in zip(runs_a, runs_b, strict=True)]
    return _merge(runs_a), _merge(runs_b), pairs


def _ratios(pairs: list[float]) -> str:
    return ", ".join(f"{r:.2f}" for r in pairs) + f" (median {statistics.median(pairs):.2f})"


def _cpu(workers: int, study: str, n: int, out: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and the pool workers) for one study."""
    import psutil  # noqa: PLC0415 (bench extra)

    from proofgrid.matchless.stats import run_stats  # noqa: PLC0415 (after argparse)
    from proofgrid.studies.backends import InlineBackend, PoolBackend  # noqa: PLC0415
    from proofgrid.studies.bank import build_bank  # noqa: PLC0415
    from proofgrid.studies.puzzles import puzzle  # noqa: PLC0415
    from proofgrid.studies.runner import Runner  # noqa: PLC0415

    me = psutil.Process()

    def tree() -> dict[int, float]:
        """CPU seconds of this process and every descendant (fork server, workers)."""
        out = {me.pid: sum(me.cpu_times()[:2])}
        for child in me.children(recursive=True):
            with contextlib.suppress(psutil.NoSuchProcess):
                out[child.pid] = sum(child.cpu_times()[:2])
        return out

    c0 = tree()
    t0 = time.perf_counter()
    backend = InlineBackend() if workers == 1 else PoolBackend(workers)
    backend.start()
    runner = Runner(backend)
    if out.exists():
        out.unlink()
    if study == "stats":
        from proofgrid.matchless.params import Params  # noqa: PLC0415

        run_stats(n, duel_sizes=((Params(4, 4), n), (Params(5, 5), n)), runner=runner)
    else:
        build_bank(puzzle("matchless"), "default", n, out, runner=runner)
    wall = time.perf_counter() - t0
    c1 = tree()  # before the pool closes, while its workers are alive
    backend.close()
    return wall, sum(v - c0.get(pid, 0.0) for pid, v in c1.items())


def _row(label: str, t: Timed, items: int, unit: str) -> str:
    runs = ", ".join(f"{r:.1f}" for r in t.runs)
    return (
        f"| {label} | {t.seconds:.2f} s ({runs}) | {items / t.seconds:,.0f} {unit}/s "
        f"| {t.load_before} → {t.load_after} |"
    )


def main() -> int:
    """Run the three benchmarks and print Markdown."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller studies, one repetition")
    ap.add_argument("--reps", type=int, default=None, help="repetitions (default 5; quick 1)")
    args = ap.parse_args()
    reps = args.reps if args.reps is not None else (1 if args.quick else 5)
    n_stats = 2000 if args.quick else 10_000
    n_bank = 20_000 if args.quick else 100_000
    n_long = 8000 if args.quick else 128_000

    print("# Execution layer (proofgrid.studies) — measured figures\n")
    print(
        f"Command: `.venv/bin/python bench/bench_studies.py{' --quick' if args.quick else ''}`"
        f" (median of {reps}). {platform.python_implementation()} {platform.python_version()},"
        f" {platform.machine()}, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}."
        " Load average (1 min / 5 min) before → after each line.\n"
    )
    print("| command | wall time (runs) | throughput | load |")
    print("|---|---|---|---|")
    stats = ["matchless", "stats", str(n_stats), "--json", "--no-timing", "--quiet"]
    s1, s2, stats_pairs = _alternate([*stats, "--workers", "1"], [*stats, "--workers", "2"], reps)
    print(_row(f"`matchless stats {n_stats}` --workers 1", s1, n_stats, "boards"), flush=True)
    print(_row(f"`matchless stats {n_stats}` --workers 2", s2, n_stats, "boards"), flush=True)
    same_stats = s1.digest == s2.digest

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bank.txt"
        bank = ["bank", "matchless", str(n_bank), str(out), "--quiet"]
        b1, b2, bank_pairs = _alternate(
            [*bank, "--workers", "1"], [*bank, "--workers", "2"], reps, out
        )
        print(_row(f"`bank matchless {n_bank}` --workers 1", b1, n_bank, "boards"), flush=True)
        print(_row(f"`bank matchless {n_bank}` --workers 2", b2, n_bank, "boards"), flush=True)
    same_bank = b1.digest == b2.digest

    long = ["matchless", "stats", str(n_long), "--json", "--no-timing", "--quiet"]
    startups: list[float] = []
    d2, p2, dask_pairs = _alternate(
        [*long, "--scheduler", "{scheduler}"], [*long, "--workers", "2"], reps, cluster=startups
    )
    startup = statistics.median(startups)
    print(_row(f"`matchless stats {n_long}` --workers 2", p2, n_long, "boards"), flush=True)
    print(
        _row(f"`matchless stats {n_long}` --scheduler (LocalCluster 2×1)", d2, n_long, "boards"),
        flush=True,
    )
    same_long = p2.digest == d2.digest

    speed_stats = s1.seconds / s2.seconds
    speed_bank = b1.seconds / b2.seconds
    overhead = d2.seconds / p2.seconds - 1
    print(
        "\nRatio of the run pairs (each pair run back to back, so a drift in the"
        " machine's speed falls on both):\n"
    )
    print(f"- stats, 1 worker ÷ 2 workers: {_ratios(stats_pairs)}")
    print(f"- bank, 1 worker ÷ 2 workers: {_ratios(bank_pairs)}")
    print(f"- Dask ÷ pool: {_ratios(dask_pairs)}")
    print("\n| claim | measured | bar | output identical |")
    print("|---|---|---|---|")
    print(
        f"| stats: 2 workers vs 1 (ratio of medians; median pair) | ×{speed_stats:.2f};"
        f" ×{statistics.median(stats_pairs):.2f} | ≥ ×1.7 | {same_stats} |"
    )
    print(
        f"| bank: 2 workers vs 1 (ratio of medians; median pair) | ×{speed_bank:.2f};"
        f" ×{statistics.median(bank_pairs):.2f} | ≥ ×1.7 | {same_bank} |"
    )
    print(
        f"| Dask LocalCluster vs process pool, 2 workers, {p2.seconds:.0f}-s study"
        f" (ratio of medians; median pair) | {overhead:+.1%};"
        f" {statistics.median(dask_pairs) - 1:+.1%} | ≤ +15% | {same_long} |"
    )
    print(f"\nLocalCluster start-up (not in the figures above): {startup:.1f} s.")

    print(
        "\n| CPU accounting (in process) | 1 worker: wall / CPU | 2 workers: wall / CPU |"
        " CPU(2) ÷ CPU(1) | 2·CPU(1) ÷ CPU(2) |"
    )
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for study, n in (("stats", n_stats), ("bank", n_bank)):
            w1, c1 = _cpu(1, study, n, Path(tmp) / "b.txt")
            w2, c2 = _cpu(2, study, n, Path(tmp) / "b.txt")
            print(
                f"| {study} {n} | {w1:.1f} s / {c1:.1f} s | {w2:.1f} s / {c2:.1f} s"
                f" | {c2 / c1:.2f} | ×{2 * c1 / c2:.2f} |",
                flush=True,
            )
    return 0 if same_stats and same_bank and same_long else 1


if __name__ == "__main__":
    sys.exit(main())
