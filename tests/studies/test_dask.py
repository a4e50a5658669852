"""The same studies on 1 worker, 2 workers and a Dask LocalCluster: byte-identical.

One module-scoped LocalCluster (processes, 2 workers, 1 thread each) started
in-process; the CLI connects to it with ``--scheduler``, exactly as it would
to a remote cluster. Oracle: the one-worker output of the same command.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import LocalCluster

from proofgrid.cli import main


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = LocalCluster(
        processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.slow
def test_one_worker_two_workers_and_a_cluster_agree(
    scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    backends = (["--workers", "1"], ["--workers", "2"], ["--scheduler", scheduler])
    stats = ["matchless", "stats", "400", "--size", "5x5", "--duel-boards", "60"]
    outs = [_run(capsys, *stats, "--json", "--no-timing", *b) for b in backends]
    assert outs[0] == outs[1] == outs[2] and '"boards": 400' in outs[0]

    banks = []
    for k, b in enumerate(backends):
        path = tmp_path / f"bank{k}.txt"
        _run(capsys, "bank", "matchless", "260", str(path), *b)
        banks.append(path.read_bytes())
    assert banks[0] == banks[1] == banks[2] and banks[0].count(b"\n") == 261

    # A bank begun on one worker and finished on the cluster is the same file.
    half = tmp_path / "half.txt"
    _run(capsys, "bank", "matchless", "120", str(half), "--workers", "1")
    _run(capsys, "bank", "matchless", "260", str(half), "--resume", "--scheduler", scheduler)
    assert half.read_bytes() == banks[0]

    verify = ["matchless", "verify", "--quick", "--start", "2026-12-05"]
    checks = [_run(capsys, *verify, *b) for b in (backends[0], backends[2])]
    assert checks[0] == checks[1] and checks[0].endswith("checks, 0 failures\n")

    kirchhoff = ["kirchhoff", "stats", "3", "-p", "easy", "-p", "hard", "--json", "--no-timing"]
    outs = [_run(capsys, *kirchhoff, *b) for b in backends]
    assert outs[0] == outs[1] == outs[2] and '"preset": "hard"' in outs[0]
    kbank = []
    for k, b in enumerate(backends):
        path = tmp_path / f"kbank{k}.txt"
        _run(capsys, "bank", "kirchhoff", "5", str(path), "--preset", "medium", *b)
        kbank.append(path.read_bytes())
    assert kbank[0] == kbank[1] == kbank[2] and kbank[0].count(b"\n") == 6
