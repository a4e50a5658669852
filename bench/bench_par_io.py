"""Benchmark par's inputs: compressed and columnar files, and the Python API.

Run ``nice -n 10 .venv/bin/python bench/bench_par_io.py`` (about a minute and a
half); it writes bench/results/par-io.md. Measured side by side in one run:

1. whole processes ``proofgrid par FILE`` (wall time, peak RSS from ``os.wait4``,
   median of 3, the kinds run in rotation) on one seeded random graph with package-like names (8–24
   bytes), as a text file, gzip and zstd of it, and Parquet (two string
   columns) — the ratio of each to the text file. Every run must print the
   same output.
2. in one process, ``par(G)`` on a networkx ``DiGraph`` against networkx's own
   ``nx.condensation(G)`` + in-degree-0 count, and ``par(df)`` on a pandas
   ``DataFrame`` against ``nx.from_pandas_edgelist`` + the same; the answers
   must agree.

Generated files go to bench/data/ (git-ignored). ``--quick`` shrinks the graphs.
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import zstandard

from proofgrid import par

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "data"
OUT = ROOT / "results" / "par-io.md"


def names(n: int, rng: np.random.Generator) -> list[str]:
    """Package-like distinct names of 8 to 24 bytes."""
    stems = ["lib", "py", "node", "core", "util", "net", "data", "web", "io", "test"]
    out = []
    for i in range(n):
        stem = stems[int(rng.integers(len(stems)))]
        pad = "x" * int(rng.integers(0, 12))
        out.append(f"{stem}-{pad}{i:06d}")
    return out


def graph(n: int, m: int, seed: int) -> tuple[list[str], np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    label = names(n, rng)
    return label, rng.integers(0, n, m), rng.integers(0, n, m)


def run_measured(argv: list[str]) -> tuple[float, int, str]:
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"{argv}: {err.decode()}")
    return wall, usage.ru_maxrss * 1024, out.decode()


def median_of(k: int, f: Callable[[], Any]) -> tuple[float, Any]:
    times, last = [], None
    for _ in range(k):
        t0 = time.perf_counter()
        last = f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), last


def nx_sources(g: nx.DiGraph) -> int:
    c = nx.condensation(g)
    return sum(1 for v in c if c.in_degree(v) == 0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    n_file, m_file = (20_000, 100_000) if args.quick else (200_000, 1_000_000)
    n_api, m_api = (20_000, 50_000) if args.quick else (100_000, 300_000)
    DATA.mkdir(exist_ok=True)
    label, s, d = graph(n_file, m_file, 1)
    lab = np.array(label, dtype=object)
    text = "".join(f"{a} {b}\n" for a, b in zip(lab[s], lab[d], strict=True)).encode()
    files = {
        "text": DATA / "io.txt",
        "gzip": DATA / "io.txt.gz",
        "zstd": DATA / "io.txt.zst",
        "parquet": DATA / "io.parquet",
    }
    files["text"].write_bytes(text)
    files["gzip"].write_bytes(gzip.compress(text, 6))
    files["zstd"].write_bytes(zstandard.ZstdCompressor(level=3).compress(text))
    pq.write_table(pa.table({"src": lab[s].tolist(), "dst": lab[d].tolist()}), files["parquet"])
    exe = [sys.executable, "-m", "proofgrid", "par"]
    rows = []
    outputs = set()
    medians: dict[str, tuple[float, int]] = {}
    walls: dict[str, list[float]] = {kind: [] for kind in files}
    rsss: dict[str, list[int]] = {kind: [] for kind in files}
    for _ in range(3):  # the kinds in rotation, so a change of load hits them alike
        for kind, f in files.items():
            wall, rss, out = run_measured([*exe, str(f)])
            walls[kind].append(wall)
            rsss[kind].append(rss)
            outputs.add(out)
    for kind, f in files.items():
        medians[kind] = (statistics.median(walls[kind]), max(rsss[kind]))
        rows.append((kind, f.stat().st_size, walls[kind], max(rsss[kind])))
    assert len(outputs) == 1, "the kinds disagree"
    base = medians["text"][0]

    label, s, d = graph(n_api, m_api, 2)
    g = nx.DiGraph()
    g.add_nodes_from(label)
    g.add_edges_from(zip([label[i] for i in s], [label[i] for i in d], strict=True))
    df = pd.DataFrame({"src": [label[i] for i in s], "dst": [label[i] for i in d]})
    t_par_g, r_g = median_of(3, lambda: par(g))
    t_nx_g, k_g = median_of(3, lambda: nx_sources(g))
    t_par_df, r_df = median_of(3, lambda: par(df))
    t_nx_df, k_df = median_of(
        3,
        lambda: nx_sources(nx.from_pandas_edgelist(df, "src", "dst", create_using=nx.DiGraph)),
    )
    assert r_g.par == k_g and r_df.par == k_df, (r_g.par, k_g, r_df.par, k_df)

    lines = [
        "# par's inputs: compressed and columnar files, the Python API",
        "",
        f"`bench/bench_par_io.py`, {date.today()}, {platform.machine()}, {os.cpu_count()} cores"
        f" (shared; nice 10), Python {platform.python_version()}.",
        "",
        f"## `proofgrid par FILE`, whole processes: {n_file:,} nodes, {m_file:,} edges,"
        " package-like names (8–24 bytes)",
        "",
        "| file | size | wall, 3 runs (median) | × text | peak RSS |",
        "|---|---|---|---|---|",
    ]
    for kind, size, walls, rss in rows:
        med = statistics.median(walls)
        lines.append(
            f"| {kind} | {size / 1e6:.1f} MB | {', '.join(f'{w:.2f}' for w in walls)} s"
            f" (**{med:.2f} s**) | {med / base:.2f}× | {rss / 1e6:.0f} MB |"
        )
    lines += [
        "",
        "Every run printed the same par and seeds.",
        "",
        f"## Python API, in one process: {n_api:,} nodes, {m_api:,} edges (medians of 3)",
        "",
        "| input | `proofgrid.par` | networkx's own | ratio |",
        "|---|---|---|---|",
        f"| networkx `DiGraph` | {t_par_g:.3f} s | {t_nx_g:.3f} s (`condensation` + in-degree)"
        f" | **{t_nx_g / t_par_g:.1f}× faster** |",
        f"| pandas `DataFrame` | {t_par_df:.3f} s | {t_nx_df:.3f} s (`from_pandas_edgelist` +"
        f" `condensation`) | **{t_nx_df / t_par_df:.1f}× faster** |",
        "",
        f"par = {r_g.par} (networkx agrees) on the DiGraph, {r_df.par} on the DataFrame.",
        "",
    ]
    report = "\n".join(lines)
    print(report)
    if not args.quick:
        OUT.write_text(report)


if __name__ == "__main__":
    main()
