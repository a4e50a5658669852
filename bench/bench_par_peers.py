"""``proofgrid par`` against its peers, each in its own room: ``python bench/bench_par_peers.py``.

The peers a user would pick for "the fewest starting points whose cascade reaches
everything": igraph (``Read_Ncol`` / ``Read_Edgelist``, strong components,
``cluster_graph``), NetworKit (``EdgeListReader``, ``StronglyConnectedComponents``)
and networkx (``read_edgelist``, ``condensation``; on the small graphs only), and
the floor for reading text, Arrow's multithreaded CSV parse alone. **Each peer runs
in its own virtual environment with only what it needs** (``bench/peers.py``
makes them under ``bench/.venvs/``): measured inside the project's environment,
``import igraph`` imported matplotlib and cost 0.42 s instead of 0.04 s.

Each side is a fresh process (start-up and imports included), timed from outside
with ``os.wait4`` (wall, CPU = user + system, peak RSS); the sides alternate run
by run, so a change of load hits all of them; the figures are medians (CPU time
is the one to compare when other work shares the cores). Every peer must print
the same par as ours.

Inputs (generated into bench/data/, git-ignored):

* ``deb``: the Debian dependency graph (``bench/debian_deps.py``; real, named).
* ``contents``: ``deb`` plus every Debian file under usr/include and
  usr/lib/python3 → its package (``bench/debian_contents.py``; real, long names,
  ~3.6·10^5 sources), plain and ``--json``.
* ``int5m``: ``bench_par.make_graph(10**6, 5*10**6)`` with integer names; also
  against Arrow's CSV parse of the same file (the parse floor).
* ``named5m``: the same edges, each node renamed to a package-like name of 8–24
  bytes (``bench_par_io.names``), so named vs integer is the same graph.
* ``int20m`` / ``pq20m``: 4·10^6 nodes / 2·10^7 edges, integer names, as text
  and as Parquet (two int32 columns), ``--json``: peak RSS per edge above the
  same command's peak on a 1,000-edge file of the same kind (``tiny`` as text,
  ``pqtiny`` as Parquet: the Parquet command imports pyarrow, ~85 MB, which a
  text base would charge to the edges).
* ``int100m`` (only with ``--big``): 2·10^7 nodes / 10^8 edges, one run.

Results go to bench/results/par-peers.md. ``--only NAME`` runs one input;
``--peer NAME`` (repeatable) limits the peers.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
from datetime import date
from pathlib import Path

from peers import python_of, script  # bench/ is the script's directory
from wholeproc import run_child

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
OUT = ROOT / "bench" / "results" / "par-peers.md"
BIN = Path(sys.executable).parent
PEERS = ("igraph", "networkit", "networkx")
#: networkx holds every edge in Python dicts: only the real graphs of <10^6 edges.
SMALL = ("deb", "contents")
#: inputs measured for memory only (ours, ``--json``; no peer).
MEMORY = ("tiny", "pqtiny", "int20m", "pq20m", "int100m")


def run(argv: list[str]) -> tuple[float, float, float, str]:
    """(wall s, CPU s (user + system), peak RSS MB, stdout) of one whole process."""
    try:
        wall, cpu, peak, out = run_child(argv)
    except RuntimeError as exc:
        raise SystemExit(str(exc)) from None
    return wall, cpu, peak, out


def par_of(text: str) -> int:
    """The par from ``proofgrid par`` output (``par: N`` first, or ``--json``), or a
    peer's printed count."""
    text = text.strip()
    if text.startswith("{"):  # only the head of the certificate is kept (wholeproc)
        found = re.search(r'"par":\s*(\d+)', text)
        if found is None:
            raise SystemExit(f"no par in the head of a certificate: {text[:200]!r}")
        return int(found.group(1))
    return int(text.splitlines()[0].removeprefix("par:"))


def files(which: set[str], big: bool) -> dict[str, tuple[Path, str]]:
    """Make the inputs; name -> (path, kind). Run in a child process (``--make``), so
    that the measuring process stays small: a child's peak RSS starts from its
    parent's resident size at the fork."""
    import numpy as np  # noqa: PLC0415 (in the --make child only)

    from bench_par import make_graph, write_edgelist  # noqa: PLC0415 (bench/ is the script's dir)
    from bench_par_io import names as package_names  # noqa: PLC0415

    DATA.mkdir(parents=True, exist_ok=True)
    out: dict[str, tuple[Path, str]] = {}
    if "deb" in which:
        deb = DATA / "deb.txt"
        if not deb.exists():
            subprocess.run(
                [sys.executable, str(ROOT / "bench" / "debian_deps.py"), str(deb)], check=True
            )
        out["deb"] = (deb, "named")
    if "contents" in which:
        contents = DATA / "contents.txt"
        if not contents.exists():
            subprocess.run(
                [sys.executable, str(ROOT / "bench" / "debian_contents.py"), str(contents)],
                check=True,
            )
        out["contents"] = (contents, "named")
        out["contents-json"] = (contents, "named")
    if "tiny" in which:
        src, dst = make_graph(200, 1000)
        tiny = DATA / "par_tiny.txt"
        write_edgelist(tiny, src, dst)
        out["tiny"] = (tiny, "int")
        pqtiny = DATA / "par_tiny.parquet"
        if "pqtiny" in which:
            import pyarrow as pa  # noqa: PLC0415 (the --make child only)
            import pyarrow.parquet as pq_io  # noqa: PLC0415

            t = {"src": src.astype(np.int32), "dst": dst.astype(np.int32)}
            pq_io.write_table(pa.table(t), pqtiny)
            out["pqtiny"] = (pqtiny, "parquet")
    if which & {"int5m", "named5m"}:
        src, dst = make_graph(10**6, 5 * 10**6)
        ip = DATA / "par_int5m.txt"
        write_edgelist(ip, src, dst)
        out["int5m"] = (ip, "int")
        npath = DATA / "par_named5m.txt"
        if "named5m" in which and not npath.exists():
            label = np.array(package_names(10**6, np.random.default_rng(7)))
            tmp = npath.with_suffix(".tmp")
            with open(tmp, "w") as fh:
                step = 10**6
                for i in range(0, src.size, step):
                    a, b = label[src[i : i + step]], label[dst[i : i + step]]
                    fh.write("\n".join(np.char.add(np.char.add(a, " "), b).tolist()) + "\n")
            tmp.rename(npath)
        out["named5m"] = (npath, "named")
    if which & {"int20m", "pq20m"}:
        src, dst = make_graph(4 * 10**6, 2 * 10**7)
        p = DATA / "par_int20m.txt"
        if not p.exists():
            write_edgelist(p, src, dst)
        out["int20m"] = (p, "int")
        pq = DATA / "par_int20m.parquet"
        if "pq20m" in which and not pq.exists():
            import pyarrow as pa  # noqa: PLC0415 (the --make child only)
            import pyarrow.parquet as pq_io  # noqa: PLC0415

            table = pa.table({"src": src.astype(np.int32), "dst": dst.astype(np.int32)})
            pq_io.write_table(table, pq, row_group_size=1 << 20)
        out["pq20m"] = (pq, "parquet")
    if big and "int100m" in which:
        p = DATA / "par_int100m.txt"
        if not p.exists():
            rng = np.random.default_rng(20261202)
            n, m = 2 * 10**7, 10**8
            tmp = p.with_suffix(".tmp")
            with open(tmp, "w") as fh:
                step = 5 * 10**6
                for _ in range(0, m, step):
                    a = rng.integers(0, n, step).astype(str)
                    b = rng.integers(0, n, step).astype(str)
                    fh.write("\n".join(np.char.add(np.char.add(a, " "), b).tolist()) + "\n")
            tmp.rename(p)
        out["int100m"] = (p, "int")
    return out


def edges_in(path: Path) -> int:
    """Edges in an input (a Parquet file counts its text twin's lines)."""
    if path.suffix == ".parquet":
        path = path.with_suffix(".txt")
    with open(path, "rb") as fh:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 24), b""))


def ours_argv(name: str, path: Path) -> list[str]:
    argv = [str(BIN / "proofgrid"), "par", str(path)]
    if path.suffix == ".parquet":
        argv += ["--columns", "src,dst"]
    if name in MEMORY or name.endswith("-json"):
        argv.append("--json")
    return argv


def peers_for(name: str, chosen: list[str]) -> list[str]:
    if name in MEMORY:
        return []
    out = [p for p in chosen if p != "networkx" or name in SMALL]
    if name.endswith("-json"):
        out = [p for p in out if p == "igraph"]
    if name == "int5m":
        out.append("pyarrow")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each side (median)")
    ap.add_argument(
        "--only",
        action="append",
        help="deb, contents, int5m, named5m, tiny, pqtiny, int20m, pq20m, int100m",
    )
    ap.add_argument("--peer", action="append", choices=PEERS, help="limit the peers")
    ap.add_argument("--big", action="store_true", help="also 10^8 integer edges (one run)")
    ap.add_argument(
        "--before",
        metavar="SRC",
        help="also run proofgrid from another source tree (PYTHONPATH=SRC), alternating:"
        " before/after on the same load",
    )
    ap.add_argument("--make", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    names = ["deb", "contents", "named5m", "int5m", "tiny", "pqtiny", "int20m", "pq20m"]
    names += ["int100m"] if args.big else []
    which = set(args.only or names)
    if which & {"int20m", "pq20m"}:
        which.add("tiny")
    if "pq20m" in which:
        which.add("pqtiny")
    if args.make:
        for name, (path, kind) in files(which, args.big).items():
            print(name, kind, path)
        return
    made = subprocess.run(
        [sys.executable, __file__, "--make", *(a for w in which for a in ("--only", w))]
        + (["--big"] if args.big else []),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    inputs = {n: (Path(p), k) for n, k, p in (line.split(" ", 2) for line in made.splitlines())}
    chosen = list(args.peer or PEERS)
    rooms = {p: python_of(p) for p in [*chosen, "pyarrow"]}
    order = [v for n in names for v in (n, f"{n}-json") if v in inputs]
    rows: list[str] = []
    peaks: dict[str, float] = {}
    load0 = os.getloadavg()[0]
    for name in order:
        path, kind = inputs[name]
        m = edges_in(path)
        runs = 1 if name == "int100m" else args.runs
        peers = peers_for(name, chosen)
        wall: dict[str, list[float]] = {"ours": [], **{p: [] for p in peers}}
        cpu: dict[str, list[float]] = {"ours": [], **{p: [] for p in peers}}
        peak: dict[str, list[float]] = {"ours": [], **{p: [] for p in peers}}
        got: dict[str, int] = {}
        before: list[tuple[float, float, float]] = []
        for _ in range(runs):
            w, c, rss, out = run(ours_argv(name, path))
            wall["ours"].append(w)
            cpu["ours"].append(c)
            peak["ours"].append(rss)
            got["ours"] = par_of(out)
            if args.before:
                w, c, rss, out = run(["env", f"PYTHONPATH={args.before}", *ours_argv(name, path)])
                before.append((w, c, rss))
                if par_of(out) != got["ours"]:
                    raise SystemExit(f"{name}: par {got['ours']} != {par_of(out)} (before)")
            for p in peers:
                w, c, rss, out = run([str(rooms[p]), str(script(p)), str(path), kind])
                wall[p].append(w)
                cpu[p].append(c)
                peak[p].append(rss)
                got[p] = par_of(out)
        for p in peers:
            if p != "pyarrow" and got[p] != got["ours"]:
                raise SystemExit(f"{name}: par {got['ours']} (ours) != {got[p]} ({p})")
        mw = statistics.median(wall["ours"])
        mc = statistics.median(cpu["ours"])
        mr = max(peak["ours"])
        peaks[name] = mr
        cells = [name, f"{m:,}", f"{mw:.2f} s / {mc:.2f} s", f"{mr:,.0f} MB"]
        base = "pqtiny" if path.suffix == ".parquet" else "tiny"  # the same command's
        if name in MEMORY and not name.endswith("tiny") and base in peaks:
            cells.append(f"{(mr - peaks[base]) * 2**20 / m:.1f}")
        else:
            cells.append("—")
        for p in (*PEERS, "pyarrow"):
            if p in peers:
                pw, pc = statistics.median(wall[p]), statistics.median(cpu[p])
                pr = max(peak[p])
                cells.append(
                    f"{pw:.2f} s / {pc:.2f} s, {pr:,.0f} MB ({pw / mw:.2f}× / {pc / mc:.2f}×)"
                )
            else:
                cells.append("—")
        cells.append(str(got["ours"]))
        if before:
            bw = statistics.median(b[0] for b in before)
            bc = statistics.median(b[1] for b in before)
            bm = max(b[2] for b in before)
            cells.append(f"{bw:.2f} s / {bc:.2f} s, {bm:,.0f} MB")
        rows.append("| " + " | ".join(cells) + " |")
        print(rows[-1], flush=True)
    load1 = os.getloadavg()[0]
    lines = [
        "# `proofgrid par` against its peers, each in its own venv (bench/bench_par_peers.py)",
        "",
        f"{date.today()}, {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load average {load0:.1f} → {load1:.1f}; "
        f"median of {args.runs} alternating whole-process runs (10^8: one run). "
        "Times: median wall / median CPU (user + system, less sensitive to the load). "
        "A peer's cell: its times, its peak RSS, and (its wall ÷ ours / its CPU ÷ ours): "
        "above 1 we are faster. B/edge: our peak above the 1,000-edge file's, per edge.",
        "",
        "| input | edges | proofgrid | peak | B/edge | igraph | NetworKit | networkx "
        "| Arrow CSV parse | par |" + (" before |" if args.before else ""),
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if args.before else ""),
        *rows,
    ]
    if not args.only:
        OUT.write_text("\n".join(lines) + "\n")
    else:
        print("\n".join(lines[:3]))


if __name__ == "__main__":
    main()
