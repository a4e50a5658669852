"""Benchmark the command line's start-up and the edge-list reader (issue 14).

Run ``.venv/bin/python bench/bench_cli.py``; writes bench/results/cli.md.

1. Start-up, whole processes (wall and CPU from ``os.wait4``, one warm-up, median
   of 5): ``proofgrid --help`` and ``proofgrid par`` on a 10-line file. Bars:
   ≤ 0.2 s and ≤ 0.3 s. Peer: ``python -c pass``.
2. In one process, median of 5, on the 5·10⁶-edge file of bench_par.py
   (bench/data/, made by it if missing): reading and keying the file
   (``read_edgelist``) against the in-memory kernel on the same arrays
   (``par_certificate(..., engine=COMPILED)``). Bar: reading ≤ the kernel.
   Also timed, when installed, the peer the issue names: pyarrow's
   multithreaded CSV reader on the same file (integer columns), and the same
   plus first-appearance keying of its values (pandas ``factorize``); it does
   not implement the format (comments, runs of separators, one-name lines,
   ``007`` ≠ ``7``), so it is a speed reference only.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from bench_par import DATA, make_graph, write_edgelist  # bench/ is the script's directory
from proofgrid.graph import sparse
from proofgrid.par import scan as scanner
from proofgrid.par import text as edgelist

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "cli.md"
EXE = str(Path(sys.executable).with_name("proofgrid"))


def child(argv: list[str]) -> tuple[float, float]:
    """(wall s, CPU s) of one subprocess, its output thrown away."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{argv} failed")
    return wall, usage.ru_utime + usage.ru_stime


def startup(runs: int) -> list[tuple[str, float, float]]:
    """Median wall and CPU of each start-up command (interleaved runs after a warm-up)."""
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "small.txt"
        small.write_text("".join(f"{i} {(i * 7 + 3) % 10}\n" for i in range(10)))
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "proofgrid --help": [EXE, "--help"],
            "proofgrid par FILE (10 lines)": [EXE, "par", str(small)],
        }
        for argv in commands.values():
            child(argv)  # warm-up: caches, .pyc files
        got: dict[str, list[tuple[float, float]]] = {k: [] for k in commands}
        for _ in range(runs):
            for name, argv in commands.items():
                got[name].append(child(argv))
    return [
        (name, statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
        for name, t in got.items()
    ]


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    t, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - t, time.process_time() - c


def reader_vs_kernel(
    path: Path, runs: int
) -> tuple[dict[str, tuple[float, float]], list[tuple[float, float]]]:
    """Median (wall, CPU) of reading vs the kernel, interleaved, in this process, and
    the (read, kernel) wall times of each round."""
    graph = edgelist.read_edgelist(str(path))
    out: dict[str, list[tuple[float, float]]] = {"read": [], "kernel": []}
    for _ in range(runs):
        out["read"].append(timed(lambda: edgelist.read_edgelist(str(path))))
        out["kernel"].append(
            timed(
                lambda: sparse.par_certificate(
                    graph.src, graph.dst, graph.n, engine=sparse.Engine.COMPILED
                )
            )
        )
    try:  # the peer, if installed (not a dependency)
        import pyarrow as pa  # type: ignore[import-not-found]  # noqa: PLC0415
        import pyarrow.csv as pacsv  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        pass
    else:
        read = pacsv.ReadOptions(column_names=["s", "d"])
        parse = pacsv.ParseOptions(delimiter=" ", quote_char=False)
        convert = pacsv.ConvertOptions(column_types={"s": pa.int64(), "d": pa.int64()})

        def arrow() -> Any:
            return pacsv.read_csv(path, read, parse, convert)

        def arrow_keyed() -> object:
            table = arrow()
            pairs = np.column_stack([table["s"].to_numpy(), table["d"].to_numpy()]).ravel()
            return pd.factorize(pairs)

        out["pyarrow"] = [timed(arrow) for _ in range(runs)]
        out["pyarrow + factorize"] = [timed(arrow_keyed) for _ in range(runs)]
    medians = {
        k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
        for k, v in out.items()
    }
    rounds = [(r[0], k[0]) for r, k in zip(out["read"], out["kernel"], strict=True)]
    return medians, rounds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    load_before = os.getloadavg()
    rows = startup(args.runs)
    for name, wall, cpu in rows:
        print(f"{name}: wall {wall * 1000:.0f} ms, CPU {cpu * 1000:.0f} ms")
    path = DATA / "par_1000000_5000000.txt"
    if not path.exists():
        write_edgelist(path, *make_graph(1_000_000, 5_000_000))
    rk, rounds = reader_vs_kernel(path, args.runs)
    for name, (wall, cpu) in rk.items():
        print(f"{name}: wall {wall * 1000:.0f} ms, CPU {cpu * 1000:.0f} ms")
    print("read / kernel per round:", " ".join(f"{r / k:.2f}" for r, k in rounds))
    load_after = os.getloadavg()
    read, kernel = rk["read"], rk["kernel"]
    text = [
        "# Command-line start-up and the edge-list reader — measured figures",
        "",
        f"Command: `.venv/bin/python bench/bench_cli.py` (medians of {args.runs} runs)."
        f" CPython {platform.python_version()}, {platform.machine()},"
        f" {os.cpu_count()} cores, {date.today().isoformat()}. Load average"
        f" {load_before[0]:.1f} before / {load_after[0]:.1f} after.",
        "",
        "| whole process | wall | CPU | bar |",
        "|---|---|---|---|",
        *(
            f"| `{name}` | {wall * 1000:.0f} ms | {cpu * 1000:.0f} ms"
            f" | {'≤ 200 ms' if 'help' in name else '≤ 300 ms' if 'par' in name else '—'} |"
            for name, wall, cpu in rows
        ),
        "",
        f"In one process, `{path.name}` ({path.stat().st_size / 1e6:.0f} MB, 10⁶ nodes,"
        " 5·10⁶ edges):",
        "",
        "| step | wall | CPU |",
        "|---|---|---|",
        *(
            f"| {name} | {wall * 1000:.0f} ms | {cpu * 1000:.0f} ms |"
            for name, (wall, cpu) in rk.items()
        ),
        "",
        f"Reading and keying / kernel: **{read[0] / kernel[0]:.2f}×** wall,"
        f" {read[1] / kernel[1]:.2f}× CPU (bar ≤ 1×; the reader scans chunks on"
        f" {scanner.THREADS} threads while it keys the ones scanned, so on an idle"
        " machine its wall time is below its CPU time; with the cores shared, about equal)."
        " Each round, read / kernel wall: "
        + ", ".join(f"{r * 1000:.0f} / {k * 1000:.0f} ms ({r / k:.2f}×)" for r, k in rounds)
        + ".",
        "",
    ]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(text))
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
