"""A real Dask cluster for the slow tests: ``dask scheduler`` and two ``dask worker``
processes (one thread and a 1 GiB memory limit each), started once per session and
always stopped. Workers import this worktree's ``proofgrid`` (``PYTHONPATH``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import Client

SRC = Path(__file__).resolve().parents[2] / "src"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


@pytest.fixture(scope="session")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    dask = str(Path(sys.executable).parent / "dask")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))
    logs = tmp_path_factory.mktemp("dask-logs")
    address = f"tcp://127.0.0.1:{_free_port()}"
    procs: list[subprocess.Popen[bytes]] = []
    try:
        procs.append(
            subprocess.Popen(
                [
                    dask,
                    "scheduler",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    address.rsplit(":", 1)[1],
                    "--no-dashboard",
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=open(logs / "scheduler.log", "wb"),  # noqa: SIM115
            )
        )
        for k in range(2):
            procs.append(
                subprocess.Popen(
                    [
                        dask,
                        "worker",
                        address,
                        "--nthreads",
                        "1",
                        "--memory-limit",
                        "1GiB",
                        "--no-dashboard",
                        "--local-directory",
                        str(logs / f"w{k}"),
                        "--name",
                        f"w{k}",
                    ],
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=open(logs / f"worker{k}.log", "wb"),  # noqa: SIM115
                )
            )
        deadline = time.monotonic() + 180
        while True:
            try:
                with Client(address, timeout=10) as c:
                    c.wait_for_workers(2, timeout=max(1.0, deadline - time.monotonic()))
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(1)
        yield address
    finally:
        _stop(procs[1:])
        _stop(procs[:1])
