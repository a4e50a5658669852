"""One machine against a Dask cluster for ``proofgrid par`` on random integer edges.

``python bench/bench_par_cluster.py [--sizes 1e6,1e7] [--memory-limit 1GiB] [--out FILE]``

For each size ``m`` it writes ``m`` random edges over ``m / 5`` nodes as a Parquet
dataset of 8 files (int64 columns ``src``, ``dst``) and as one file, then runs,
as whole processes:

* one machine: ``proofgrid par FILE.parquet --columns src,dst --json`` (wall, CPU,
  peak resident memory of the process: :mod:`wholeproc`);
* the cluster: a ``dask scheduler`` and two ``dask worker`` processes (one thread,
  ``--memory-limit`` each) started for the run, and ``proofgrid par DIR --columns
  src,dst --scheduler ADDRESS --json`` (wall; the rounds and message rows from the
  certificate's ``rounds``; the peak resident memory of each worker process, polled
  every half second through ``client.run``; the bytes Dask's P2P shuffles moved,
  from the workers' ``shuffle`` metrics when present, else message rows × 16 B).

The answers are compared (par, cost, seeds, components): a mismatch aborts. A run
past ``--budget`` seconds (default 1800) is stopped and reported as such. Figures
go to stdout as a Markdown table (and to ``--out``). The machine is shared: say so
beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from wholeproc import run_child

PY = sys.executable
DASK = str(Path(PY).parent / "dask")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_data(m: int, root: Path, files: int = 8) -> tuple[Path, Path]:
    """Write the dataset (in a child process, so this one stays small)."""
    d, whole = root / f"g{m}", root / f"g{m}.parquet"
    if whole.exists():
        return d, whole
    code = f"""
import numpy as np, pyarrow as pa, pyarrow.parquet as pq, os
rng = np.random.default_rng({m})
m, n = {m}, max(1, {m} // 5)
s, d = rng.integers(0, n, m), rng.integers(0, n, m)
os.makedirs({str(d)!r}, exist_ok=True)
cuts = np.linspace(0, m, {files} + 1).astype(int)
for k in range({files}):
    t = pa.table({{"src": s[cuts[k]:cuts[k+1]], "dst": d[cuts[k]:cuts[k+1]]}})
    pq.write_table(t, os.path.join({str(d)!r}, f"part.{{k}}.parquet"), row_group_size=250_000)
pq.write_table(pa.table({{"src": s, "dst": d}}), {str(whole)!r}, row_group_size=1_000_000)
"""
    subprocess.run([PY, "-c", code], check=True)
    return d, whole


class Cluster:
    """A scheduler and two worker processes, stopped on exit."""

    def __init__(self, memory_limit: str, workdir: Path, p2p_buffer: str | None = None) -> None:
        self.address = f"tcp://127.0.0.1:{_port()}"
        env = dict(os.environ)
        if p2p_buffer:  # each worker's P2P send and disk-write buffers (1 GiB and 100 MiB)
            env["DASK_DISTRIBUTED__P2P__COMM__BUFFER"] = p2p_buffer
            env["DASK_DISTRIBUTED__P2P__STORAGE__BUFFER"] = p2p_buffer
        self.procs = [
            subprocess.Popen(
                [
                    DASK,
                    "scheduler",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    self.address.rsplit(":", 1)[1],
                    "--no-dashboard",
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        ]
        for k in range(2):
            self.procs.append(
                subprocess.Popen(
                    [
                        DASK,
                        "worker",
                        self.address,
                        "--nthreads",
                        "1",
                        "--memory-limit",
                        memory_limit,
                        "--no-dashboard",
                        "--local-directory",
                        str(workdir / f"w{k}"),
                    ],
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        from distributed import Client  # noqa: PLC0415 (after the one-machine runs: a small parent)

        deadline = time.monotonic() + 180
        while True:
            try:
                self.client = Client(self.address, timeout=10)
                self.client.wait_for_workers(2, timeout=120)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(1)

    def close(self) -> None:
        self.client.close()
        for p in reversed(self.procs):
            p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def _rss() -> int:
    import psutil  # noqa: PLC0415 (runs on the worker)

    return int(psutil.Process().memory_info().rss)


def _watch(client: Any, peaks: dict[str, int], stop: threading.Event) -> None:
    """Poll the workers' resident sizes every half second into ``peaks``; a line on
    stderr each minute with their sizes now (how they grow over a long run)."""
    t0 = last = time.monotonic()
    while not stop.wait(0.5):
        try:
            now = client.run(_rss)
        except Exception:  # a worker restarting: keep polling
            continue
        for w, rss in now.items():
            peaks[w] = max(peaks.get(w, 0), rss)
        if time.monotonic() - last >= 60:
            last = time.monotonic()
            sizes = ", ".join(f"{v / 2**20:.0f}" for v in now.values())
            print(f"  {last - t0:5.0f} s: workers at {sizes} MiB", file=sys.stderr, flush=True)


def _shuffled(client: Any) -> int | None:
    """Bytes the workers sent each other, summed over workers (None if not reported):
    what Dask's P2P shuffles' comms sent (the ``("p2p", span, "background-comms",
    "process", "bytes")`` digests) plus ordinary task-data transfers
    (``transfer_outgoing_bytes_total``). ``client.run`` hands the worker in as
    ``dask_worker`` (``get_worker()`` is not set there)."""

    def sent(dask_worker: Any) -> int:
        total = int(dask_worker.transfer_outgoing_bytes_total)
        for key, value in dask_worker.digests_total.items():
            if (
                isinstance(key, tuple)
                and len(key) == 5
                and key[0] == "p2p"
                and key[2] == "background-comms"
                and key[4] == "bytes"
            ):
                total += int(value)
        return total

    try:
        got = client.run(sent)
    except Exception:
        return None
    total = sum(got.values())
    return total or None


def one_machine(whole: Path, plain: bool = False) -> dict[str, Any]:
    argv = [PY, "-m", "proofgrid", "par", str(whole), "--columns", "src,dst"]
    argv += [] if plain else ["--json"]
    wall, cpu, peak, out = run_child(argv, keep=None)  # the whole answer
    doc = {"text": out} if plain else json.loads(out)
    return {"wall": wall, "cpu": cpu, "peak": peak, "doc": doc}


def _rounds_of(lines: list[str]) -> dict[str, int]:
    """The plain answer carries no round counts: read them from the progress lines."""
    fwd = sum(" forward round: " in ln for ln in lines)
    bwd = sum(" backward round: " in ln for ln in lines)
    rows = int(lines[-1].rsplit(";", 1)[1].split()[0]) if lines else 0
    return {"forward": fwd, "backward": bwd, "shuffles": 0, "message_rows": rows}


def on_cluster(
    data: Path,
    memory_limit: str,
    budget: float,
    p2p_buffer: str | None = None,
    plain: bool = False,
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        c = Cluster(memory_limit, Path(tmp), p2p_buffer)
        try:
            peaks: dict[str, int] = {}
            stop = threading.Event()
            watcher = threading.Thread(target=_watch, args=(c.client, peaks, stop), daemon=True)
            watcher.start()
            argv = [
                PY,
                "-m",
                "proofgrid",
                "par",
                str(data),
                "--columns",
                "src,dst",
                "--scheduler",
                c.address,
                *([] if plain else ["--json"]),
            ]
            t = time.perf_counter()
            env = dict(os.environ, PROOFGRID_PAR_PROGRESS="1")  # a stderr line a round
            proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            try:
                out, err = proc.communicate(timeout=budget)
            except subprocess.TimeoutExpired:
                proc.kill()
                _, err = proc.communicate()
                stop.set()
                shuffled = _shuffled(c.client)
                lines = [ln for ln in err.decode().splitlines() if " round: " in ln]
                print("\n".join(lines), file=sys.stderr, flush=True)
                return {
                    "wall": time.perf_counter() - t,
                    "stopped": True,
                    "peaks": peaks,
                    "last": lines[-1] if lines else "no round finished",
                    "shuffled": shuffled,
                }
            wall = time.perf_counter() - t
            stop.set()
            watcher.join()
            if proc.returncode:
                raise RuntimeError(err.decode()[-800:])
            lines = [ln for ln in err.decode().splitlines() if " round: " in ln]
            if plain:
                print("\n".join(lines), file=sys.stderr, flush=True)
            doc = {"text": out.decode(), "rounds": _rounds_of(lines)} if plain else json.loads(out)
            return {
                "wall": wall,
                "doc": doc,
                "peaks": peaks,
                "shuffled": _shuffled(c.client),
            }
        finally:
            c.close()


def _mib(n: int | None) -> str:
    return "not reported" if not n else f"{n / 2**20:,.0f} MiB"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1e6,1e7")
    ap.add_argument("--memory-limit", default="1GiB")
    ap.add_argument("--budget", type=float, default=1800.0)
    ap.add_argument("--root", default=tempfile.gettempdir())
    ap.add_argument("--skip-one", action="store_true", help="cluster only")
    ap.add_argument(
        "--p2p-buffer",
        help="cap each worker's P2P shuffle buffers (distributed.p2p.comm.buffer and"
        " distributed.p2p.storage.buffer; Dask's defaults 1 GiB and 100 MiB), e.g. 32MiB",
    )
    ap.add_argument(
        "--plain",
        action="store_true",
        help="both sides print the plain answer (par, seeds), compared line for line: the"
        " cluster then finds the source components only, not every component's count",
    )
    ap.add_argument("--out")
    args = ap.parse_args()
    rows = [
        "| edges | one machine: wall, CPU, peak | cluster (2 workers, "
        f"{args.memory_limit} each): wall | rounds fwd+bwd (shuffles) | message rows "
        "| bytes shuffled | peak per worker | ratio |",
        "|---:|---|---:|---|---:|---:|---|---:|",
    ]
    for text in args.sizes.split(","):
        m = int(float(text))
        data, whole = make_data(m, Path(args.root))
        one = None if args.skip_one else one_machine(whole, args.plain)
        cl = on_cluster(data, args.memory_limit, args.budget, args.p2p_buffer, args.plain)
        peaks = ", ".join(f"{v / 2**20:.0f}" for v in cl["peaks"].values()) + " MiB"
        if cl.get("stopped"):
            one_txt = "—" if one is None else f"{one['wall']:.1f} s, {one['peak']:.0f} MiB"
            rows.append(
                f"| {m:.0e} | {one_txt} | stopped at {cl['wall']:.0f} s | {cl['last']} | |"
                f" {_mib(cl['shuffled'])} |"
                f" {peaks} | |"
            )
            print(rows[-1], flush=True)
            continue
        doc = cl["doc"]
        r = doc["rounds"]
        if one is not None and args.plain:
            if sorted(one["doc"]["text"].splitlines()) != sorted(doc["text"].splitlines()):
                raise SystemExit(
                    f"{m}: the plain answers differ between one machine and the cluster"
                )
            print(
                f"{m}: the plain answers agree (par and the same seeds, {len(doc['text'])} bytes)",
                flush=True,
            )
        elif one is not None:
            o = one["doc"]
            for k in ("par", "cost", "seeds", "components", "condensation_edges", "nodes"):
                if o[k] != doc[k]:
                    raise SystemExit(f"{m}: {k} differs between one machine and the cluster")
        sh = cl["shuffled"]
        shuffled = _mib(sh) if sh else f"~{r['message_rows'] * 16 / 2**20:.0f} MiB (estimated)"
        one_txt = (
            "—"
            if one is None
            else f"{one['wall']:.1f} s, {one['cpu']:.1f} s, {one['peak']:.0f} MiB"
        )
        ratio = "—" if one is None else f"{cl['wall'] / one['wall']:.0f}×"
        rows.append(
            f"| {m:.0e} | {one_txt} | {cl['wall']:.0f} s | {r['forward']}+{r['backward']}"
            f" ({r['shuffles']}) | {r['message_rows']:,} | {shuffled} | {peaks} | {ratio} |"
        )
        print(rows[-1], flush=True)
    text = "\n".join(rows) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text)


if __name__ == "__main__":
    main()
