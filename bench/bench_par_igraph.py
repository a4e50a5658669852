"""``proofgrid par`` against igraph, whole processes: ``python bench/bench_par_igraph.py``.

The peer a user would pick for "the fewest starting points whose cascade reaches
everything" is igraph: read the file (``Graph.Read_Ncol`` for named nodes,
``Graph.Read_Edgelist`` for integer ones), ``connected_components("strong")``,
``cluster_graph()``, count the components nobody enters. Each side runs as a
fresh process (start-up and imports included), timed from outside with
``os.wait4`` (wall, peak RSS); the two sides alternate run by run so a change of
load hits both; the figure is the median. Both must print the same par.

Inputs (generated into bench/data/, git-ignored):

* ``deb``: the Debian dependency graph (``bench/debian_deps.py``; real, named).
* ``int5m``: ``bench_par.make_graph(10**6, 5*10**6)`` with integer names.
* ``named5m``: the same edges, each node renamed to a package-like name of 8–24
  bytes (``bench_par_io.names``), so named vs integer is the same graph.
* ``int20m``: 4·10^6 nodes / 2·10^7 edges, integer names, ``--json`` (the
  memory figure: peak RSS / edges).
* ``int100m`` (only with ``--big``): 2·10^7 nodes / 10^8 edges, one run.

Results go to bench/results/par-igraph.md. ``--only NAME`` runs one input.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from datetime import date
from pathlib import Path

from wholeproc import run_child  # bench/ is the script's directory

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
OUT = ROOT / "bench" / "results" / "par-igraph.md"
BIN = Path(sys.executable).parent

IGRAPH = """
import sys, igraph as ig
path, kind = sys.argv[1], sys.argv[2]
if kind == "int":
    g = ig.Graph.Read_Edgelist(path, directed=True)
else:
    g = ig.Graph.Read_Ncol(path, names=True, weights=False, directed=True)
cl = g.connected_components(mode="strong")
c = cl.cluster_graph(combine_edges=False)
print(sum(1 for d in c.indegree(loops=False) if d == 0))
"""


def run(argv: list[str]) -> tuple[float, float, str]:
    """(wall s, peak RSS MB, stdout) of one whole process."""
    try:
        wall, _cpu, peak, out = run_child(argv)
    except RuntimeError as exc:
        raise SystemExit(str(exc)) from None
    return wall, peak, out


def par_of(text: str) -> int:
    """The par from ``proofgrid par`` output (``par: N`` first, or ``--json``), or
    igraph's printed count."""
    text = text.strip()
    if text.startswith("{"):
        return int(json.loads(text)["par"])
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
    if "int20m" in which:
        src, dst = make_graph(4 * 10**6, 2 * 10**7)
        p = DATA / "par_int20m.txt"
        write_edgelist(p, src, dst)
        out["int20m"] = (p, "int")
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
    with open(path, "rb") as fh:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 24), b""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of each side (median)")
    ap.add_argument("--only", action="append", help="deb, int5m, named5m, int20m, int100m")
    ap.add_argument("--big", action="store_true", help="also 10^8 integer edges (one run)")
    ap.add_argument("--no-igraph", action="store_true", help="ours only")
    ap.add_argument("--make", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    names = ["deb", "int5m", "named5m", "int20m"] + (["int100m"] if args.big else [])
    which = set(args.only or names)
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
    ours = [str(BIN / "proofgrid"), "par"]
    rows: list[str] = []
    medians: dict[str, float] = {}
    load0 = os.getloadavg()[0]
    for name in names:
        if name not in inputs or name not in which:
            continue
        path, kind = inputs[name]
        m = edges_in(path)
        mem_only = name in ("int20m", "int100m")
        runs = 1 if name == "int100m" else args.runs
        mine: list[tuple[float, float]] = []
        peer: list[tuple[float, float]] = []
        p_ours = p_peer = -1
        for _ in range(runs):
            argv = ours + [str(path)] + (["--json"] if mem_only else [])
            w, rss, out = run(argv)
            mine.append((w, rss))
            p_ours = par_of(out)
            if not (args.no_igraph or mem_only):
                w, rss, out = run([sys.executable, "-c", IGRAPH, str(path), kind])
                peer.append((w, rss))
                p_peer = par_of(out)
        if peer and p_peer != p_ours:
            raise SystemExit(f"{name}: par {p_ours} (ours) != {p_peer} (igraph)")
        mw = statistics.median(w for w, _ in mine)
        mr = max(r for _, r in mine)
        medians[name] = mw
        cells = [name, f"{m:,}", f"{mw:.2f} s", f"{mr:,.0f} MB", f"{mr * 2**20 / m:.1f}"]
        if peer:
            pw = statistics.median(w for w, _ in peer)
            pr = max(r for _, r in peer)
            cells += [f"{pw:.2f} s", f"{pr:,.0f} MB", f"{pw / mw:.2f}×"]
        else:
            cells += ["—", "—", "—"]
        cells.append(str(p_ours))
        rows.append("| " + " | ".join(cells) + " |")
        print(rows[-1], flush=True)
    load1 = os.getloadavg()[0]
    lines = [
        "# `proofgrid par` against igraph (bench/bench_par_igraph.py)",
        "",
        f"{date.today()}, {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, load average {load0:.1f} → {load1:.1f}; "
        f"median of {args.runs} alternating whole-process runs (10^8: one run).",
        "",
        "| input | edges | proofgrid | peak | B/edge | igraph | igraph peak | igraph / ours"
        " | par |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
    ]
    if "int5m" in medians and "named5m" in medians:
        ratio = medians["named5m"] / medians["int5m"]
        lines += ["", f"Named / integer, same 5·10⁶-edge graph: {ratio:.2f}×."]
        print(lines[-1])
    if not args.only:
        OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
