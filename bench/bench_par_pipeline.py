"""`proofgrid par` (issue 32): the streamed `--json` against plain output, and peak
memory per edge of text and Parquet input, whole processes.

1. ``--json`` / plain: a named graph with ``--sources`` source components (each a
   leaf name of ~30 bytes pointing into a core of cycles), both commands run
   alternately ``--runs`` times; medians of wall time and peak resident memory.
2. ``--big M``: peak resident memory of ``proofgrid par FILE`` (plain and ``--json``)
   on M random integer edges as text and as Parquet (two int32 columns), minus the
   same command's peak on a 1,000-edge file of the same kind (the interpreter and
   the imports: the Parquet command imports pyarrow), divided by M; medians.
   ``bench_par_peers.py`` measures the same way (``tiny`` / ``pqtiny``, ``--json``)
   but takes the largest peak of its runs, not the median.

Inputs are made in a child process and kept in ``bench/data/``; every measured
command is a fresh process (:func:`wholeproc.run_child`: wall, CPU, peak RSS).

    python bench/bench_par_pipeline.py --runs 5
    python bench/bench_par_pipeline.py --runs 1 --big 20000000
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

from wholeproc import run_child

DATA = Path(__file__).resolve().parent / "data"
PY = sys.executable

MAKE_NAMED = """
import sys
import numpy as np
path, k = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(3)
core = max(10, k // 15)
with open(path, "w") as fh:
    for lo in range(0, k, 100000):
        hi = min(k, lo + 100000)
        tgt = rng.integers(0, core, hi - lo)
        fh.write("".join(f"src-{i:07d}-{'x' * 20} core-{t}\\n" for i, t in zip(range(lo, hi), tgt)))
    a, b = rng.integers(0, core, 3 * core), rng.integers(0, core, 3 * core)
    fh.write("".join(f"core-{x} core-{y}\\n" for x, y in zip(a, b)))
"""

MAKE_INTS = """
import sys
import numpy as np
path, m, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = np.random.default_rng(5)
n = max(2, m // 5)
src = rng.integers(0, n, m, dtype=np.int32)
dst = rng.integers(0, n, m, dtype=np.int32)
if kind == "parquet":
    import pyarrow as pa, pyarrow.parquet as pq
    pq.write_table(pa.table({"src": src, "dst": dst}), path, row_group_size=1 << 20)
else:
    with open(path, "w") as fh:
        for lo in range(0, m, 1 << 20):
            s, d = src[lo:lo + (1 << 20)], dst[lo:lo + (1 << 20)]
            fh.write("\\n".join(f"{a} {b}" for a, b in zip(s.tolist(), d.tolist())) + "\\n")
"""


def _make(code: str, path: Path, *args: str) -> Path:
    if not path.exists():
        DATA.mkdir(exist_ok=True)
        subprocess.run([PY, "-c", code, str(path), *args], check=True)
    return path


def _par(*args: str) -> tuple[float, float, float]:
    wall, cpu, peak, _out = run_child([PY, "-m", "proofgrid", "par", *args])
    return wall, peak, cpu


def json_vs_plain(sources: int, runs: int) -> None:
    path = _make(MAKE_NAMED, DATA / f"par-sources-{sources}.txt", str(sources))
    times: dict[str, list[tuple[float, float, float]]] = {"plain": [], "json": []}
    for _ in range(runs):
        times["plain"].append(_par(str(path)))
        times["json"].append(_par(str(path), "--json"))
    med = {k: [statistics.median(r[i] for r in v) for i in range(3)] for k, v in times.items()}
    (pw, pm, pc), (jw, jm, jc) = med["plain"], med["json"]
    print(f"{sources} sources: plain {pw:.2f} s ({pc:.2f} s CPU) {pm:.0f} MB;")
    print(f"  --json {jw:.2f} s ({jc:.2f} s CPU) {jm:.0f} MB")
    print(
        f"  --json / plain: wall {jw / pw:.2f}x, CPU {jc / pc:.2f}x, memory {jm / pm:.2f}x"
        f" ({runs} runs each, alternating)"
    )


def bytes_per_edge(m: int, runs: int) -> None:
    for kind in ("txt", "parquet"):
        small = _make(MAKE_INTS, DATA / f"par-ints-1000.{kind}", "1000", kind)
        big = _make(MAKE_INTS, DATA / f"par-ints-{m}.{kind}", str(m), kind)
        cols = ["--columns", "src,dst"] if kind == "parquet" else []
        for extra in ([], ["--json"]):
            base = statistics.median(_par(str(small), *cols, *extra)[1] for _ in range(runs))
            got = [_par(str(big), *cols, *extra) for _ in range(runs)]
            peak = statistics.median(r[1] for r in got)
            wall = statistics.median(r[0] for r in got)
            cpu = statistics.median(r[2] for r in got)
            per = (peak - base) * 2**20 / m
            print(
                f"{kind}{' --json' if extra else ''} {m} edges: {wall:.1f} s ({cpu:.1f} s CPU),"
                f" peak {peak:.0f} MB, base {base:.0f} MB: {per:.1f} B/edge above the"
                " 1,000-edge peak"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sources", type=int, default=300_000)
    ap.add_argument("--big", type=int, default=0, help="edges for the B/edge measurement")
    args = ap.parse_args()
    json_vs_plain(args.sources, args.runs)
    if args.big:
        bytes_per_edge(args.big, args.runs)


if __name__ == "__main__":
    main()
