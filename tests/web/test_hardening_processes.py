"""Every process the server starts dies with it, however it dies.

Oracle: the process table (psutil). The server is a real ``uvicorn`` process
over :func:`proofgrid.server.create_app`, whose engine pool is made busy with
a job that sleeps far longer than the test waits, so a worker that does not
notice its server's death is still there when the test looks.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]

#: A server whose two generated-lane workers are both busy sleeping for a minute.
SERVER = """
import json, sys, time
import uvicorn
from proofgrid.server import bind, create_app
from proofgrid.server.pool import PoolSettings
from tests.web import pool_jobs

app = create_app(engine=PoolSettings(workers=2, budget=120))
inner = app
while not hasattr(inner, "state"):
    inner = inner.app
pool = inner.state.engine.pool("generated")
futs = [pool.submit(pool_jobs.sleep, 60) for _ in range(2)]
while not all(f.running() for f in futs) or len(pool.pids()) < 2:
    time.sleep(0.05)
sock = bind("127.0.0.1", 0)
print(json.dumps({"port": sock.getsockname()[1], "workers": pool.pids()}), flush=True)
uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
"""


def _alive(procs: list[psutil.Process]) -> list[psutil.Process]:
    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.NoSuchProcess:
            pass
    return out


def _wait_gone(procs: list[psutil.Process], seconds: float) -> list[psutil.Process]:
    deadline = time.monotonic() + seconds
    alive = _alive(procs)
    while alive and time.monotonic() < deadline:
        time.sleep(0.05)
        alive = _alive(alive)
    return alive


@pytest.fixture
def busy_server() -> Iterator[tuple[subprocess.Popen[str], dict[str, object]]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    info = json.loads(proc.stdout.readline())
    try:
        yield proc, info
    finally:
        with __import__("contextlib").suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)


def test_busy_workers_and_the_fork_server_die_within_a_second_of_a_killed_server(
    busy_server: tuple[subprocess.Popen[str], dict[str, object]],
) -> None:
    proc, info = busy_server
    family = psutil.Process(proc.pid).children(recursive=True)
    workers = {int(p) for p in info["workers"]}  # type: ignore[attr-defined]
    assert workers <= {p.pid for p in family}
    assert any("forkserver" in " ".join(p.cmdline()) for p in family)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    # each worker is 59 s from the end of its job: only the server's death can stop it
    left = _wait_gone(family, 1.5)
    assert not left, [(p.pid, p.cmdline()) for p in left]


def test_workers_die_with_a_killed_fork_server_and_the_server_starts_new_ones(
    busy_server: tuple[subprocess.Popen[str], dict[str, object]],
) -> None:
    proc, info = busy_server
    family = psutil.Process(proc.pid).children(recursive=True)
    forkserver = next(p for p in family if "forkserver" in " ".join(p.cmdline()))
    workers = [p for p in family if p.pid in set(info["workers"])]  # type: ignore[arg-type]
    assert len(workers) == 2
    forkserver.kill()
    left = _wait_gone(workers, 1.5)
    assert not left, [p.pid for p in left]
    # the server lives on and answers engine work with new workers
    url = f"http://127.0.0.1:{info['port']}/api/kirchhoff/new?params=easy&seed=7"
    with urllib.request.urlopen(url, timeout=120) as r:
        assert json.loads(r.read())["id"].startswith("5x5de")
    new = {p.pid for p in psutil.Process(proc.pid).children(recursive=True)}
    assert not new & {p.pid for p in workers}
