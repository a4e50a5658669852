"""``proofgrid par DATASET --scheduler ADDRESS`` on a real cluster: a ``dask scheduler``
and two ``dask worker`` processes (``conftest.py``).

Oracles: ``proofgrid par`` on one machine over the concatenation of the same files
(byte-identical text output; the same JSON certificate but for ``file``, ``engine``
and ``rounds``), and networkx's condensation for par on a real graph (Debian's
package dependencies of this machine, ``/var/lib/dpkg/status``).
"""

from __future__ import annotations

import json
import os
import re
import signal
import threading
import time
from pathlib import Path
from typing import Any

import dask.dataframe as dd
import networkx as nx
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from distributed import Client

from proofgrid.cli import main
from proofgrid.par import par

pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _write(tmp: Path, name: str, src: Any, dst: Any, files: int) -> tuple[Path, Path]:
    """The edges split over ``files`` Parquet files (several row groups each) in a
    directory, and the same rows as one file."""
    d = tmp / name
    d.mkdir()
    table = pa.table({"src": src, "dst": dst})
    cuts = np.linspace(0, len(table), files + 1).astype(int)
    for k in range(files):
        part = table.slice(cuts[k], cuts[k + 1] - cuts[k])
        pq.write_table(part, d / f"part.{k}.parquet", row_group_size=max(1, len(part) // 3))
    whole = tmp / f"{name}.parquet"
    pq.write_table(table, whole)
    return d, whole


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _same_certificate(cluster: str, one: str) -> dict[str, Any]:
    a, b = json.loads(cluster), json.loads(one)
    for k in ("file", "engine"):
        a.pop(k), b.pop(k)
    rounds = a.pop("rounds")
    assert a == b
    return dict(rounds)


def _dpkg_edges() -> list[tuple[str, str]]:
    """``package dependency`` pairs of this machine's dpkg status (every alternative)."""
    edges: list[tuple[str, str]] = []
    package = ""
    for line in Path("/var/lib/dpkg/status").read_text("utf-8", "replace").splitlines():
        if line.startswith("Package:"):
            package = line.split(":", 1)[1].strip()
        elif line.startswith(("Depends:", "Pre-Depends:")) and package:
            for alt in re.split(r"[,|]", line.split(":", 1)[1]):
                m = re.match(r"\s*([^\s(:\[]+)", alt)
                if m:
                    edges.append((package, m.group(1)))
    return edges


def test_random_dataset_text_costs_and_json(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rng = np.random.default_rng(7)
    n, m = 1500, 3000
    d, whole = _write(tmp_path, "g", rng.integers(0, n, m), rng.integers(0, n, m), 3)
    costs = tmp_path / "costs.txt"
    costs.write_text("".join(f"{v} {rng.integers(0, 5)}.{v % 4}\n" for v in range(0, n, 2)))
    base = ["par", str(d), "--columns", "src,dst", "--scheduler", scheduler]
    one = ["par", str(whole), "--columns", "src,dst"]
    for extra in ([], ["--costs", str(costs)]):
        got, want = _run(capsys, *base, *extra), _run(capsys, *one, *extra)
        assert got[0] == want[0] == 0
        assert got[1] == want[1]  # byte-identical
    got, want = _run(capsys, *base, "--json"), _run(capsys, *one, "--json")
    rounds = _same_certificate(got[1], want[1])
    assert rounds["forward"] >= 2 and rounds["shuffles"] > rounds["forward"]


def test_real_named_graph_matches_one_machine_and_networkx(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    edges = _dpkg_edges()
    assert len(edges) > 500
    src, dst = zip(*edges, strict=True)
    d, whole = _write(tmp_path, "dpkg", list(src), list(dst), 4)
    code, out, _ = _run(
        capsys, "par", str(d), "--columns", "src,dst", "--scheduler", scheduler, "--json"
    )
    assert code == 0
    _, one, _ = _run(capsys, "par", str(whole), "--columns", "src,dst", "--json")
    rounds = _same_certificate(out, one)
    g = nx.DiGraph(edges)
    c = nx.condensation(g)
    assert json.loads(out)["par"] == sum(1 for v in c if c.in_degree(v) == 0)
    assert json.loads(out)["components"] == c.number_of_nodes()
    print("dpkg rounds", rounds)


def test_example_with_costs_and_the_python_api(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [ln.split() for ln in (EXAMPLES / "build-deps.txt").read_text().splitlines()]
    rows = [r for r in rows if len(r) == 2 and not r[0].startswith("#")]  # the edges
    src, dst = zip(*rows, strict=True)
    d, whole = _write(tmp_path, "deps", list(src), list(dst), 2)
    costs = str(EXAMPLES / "build-costs.txt")
    got = _run(
        capsys, "par", str(d), "--columns", "src,dst", "--costs", costs, "--scheduler", scheduler
    )
    want = _run(capsys, "par", str(whole), "--columns", "src,dst", "--costs", costs)
    assert got[:2] == want[:2]
    frame = dd.from_pandas(pd.DataFrame({"a": list(src), "b": list(dst)}), npartitions=3)
    with Client(scheduler, set_as_default=True):
        assert par(frame) == par(pd.DataFrame({"a": list(src), "b": list(dst)}))


def test_a_worker_killed_mid_run_is_survived_or_reported(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rng = np.random.default_rng(3)
    n, m = 20_000, 40_000
    d, whole = _write(tmp_path, "k", rng.integers(0, n, m), rng.integers(0, n, m), 4)
    want = _run(capsys, "par", str(whole), "--columns", "src,dst")
    result: dict[str, Any] = {}

    def go() -> None:
        result["code"] = main(["par", str(d), "--columns", "src,dst", "--scheduler", scheduler])

    with Client(scheduler) as client:
        pids = list(client.run(os.getpid).values())
        t = threading.Thread(target=go)
        t.start()
        time.sleep(8)
        assert t.is_alive(), "the run ended before a worker could be killed"
        os.kill(pids[0], signal.SIGKILL)  # the nanny starts a new worker process
        t.join(timeout=1200)
        assert not t.is_alive()
        out, err = capsys.readouterr()
        if result["code"] == 0:
            assert out == want[1]  # survived: the same answer
        else:  # reported: one line, no answer
            assert result["code"] == 2 and out == ""
            assert err.startswith("error: the cluster could not finish") and err.count("\n") == 1
        client.wait_for_workers(2, timeout=120)


def test_bad_partitions_are_one_line_naming_the_file(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    d = tmp_path / "bad"
    d.mkdir()
    pq.write_table(pa.table({"src": [1, 2], "dst": [2, 3]}), d / "part.0.parquet")
    pq.write_table(pa.table({"src": [3, None, 5], "dst": [4, 5, 6]}), d / "part.1.parquet")
    code, out, err = _run(capsys, "par", str(d), "--columns", "src,dst", "--scheduler", scheduler)
    assert (code, out) == (2, "")
    assert err == f"error: {d / 'part.1.parquet'}: row 2: null or empty cell in column 'src'\n"

    code, _, err = _run(capsys, "par", str(d), "--columns", "src,to", "--scheduler", scheduler)
    assert code == 2 and err.startswith(f"error: {d / 'part.0.parquet'}: no column 'to'")

    pq.write_table(pa.table({"src": ["x"], "dst": ["y"]}), d / "part.2.parquet")
    (d / "part.1.parquet").unlink()
    code, _, err = _run(capsys, "par", str(d), "--columns", "src,dst", "--scheduler", scheduler)
    assert code == 2 and err.startswith(f"error: {d / 'part.2.parquet'}: mixed types")
    assert err.count("\n") == 1

    pq.write_table(pa.table({"src": [1.5], "dst": [2.5]}), d / "part.2.parquet")
    code, _, err = _run(capsys, "par", str(d), "--columns", "src,dst", "--scheduler", scheduler)
    assert code == 2 and err.startswith(f"error: {d / 'part.2.parquet'}: column 'src' holds double")


def test_shuffles_go_worker_to_worker(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # every shuffle is Dask's P2P (shards sent between workers, spilled to each worker's
    # own disk), never its "disk" method, whose partd store lives in the local
    # directory of the one worker that made it (right only on one machine, and
    # outside the worker's memory manager: workers held at 384 MiB were killed in
    # its tasks). Oracle: the task prefixes the scheduler ran. Before, this run
    # showed "diskshuffle" and "zpartd" and no P2P task
    rng = np.random.default_rng(11)
    d, _ = _write(tmp_path, "g", rng.integers(0, 400, 900), rng.integers(0, 400, 900), 3)
    code, _, _ = _run(capsys, "par", str(d), "--columns", "src,dst", "--scheduler", scheduler)
    assert code == 0
    with Client(scheduler, set_as_default=False) as client:
        prefixes = set(
            client.run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.task_prefixes))
        )
    assert {"p2pshuffle", "shuffle-transfer"} <= prefixes, sorted(prefixes)
    assert not prefixes & {"diskshuffle", "zpartd", "shuffle-partition"}, sorted(prefixes)
