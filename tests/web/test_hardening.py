"""The API under abuse (issue 14): open boards, budgets, saturation, one error shape,
exact dates, UTC dailies, Cache-Control, preset case, the README's curl examples,
and workers that die with the server.

Oracles: the exact counter and ``is_solution`` for verdicts, the documented
error shape, the UTC clock, the README itself (each example must succeed
against a live server), and the process table (no worker outlives the server).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest
from fastapi.testclient import TestClient

from proofgrid.kirchhoff.board import is_solution
from proofgrid.kirchhoff.codec import (
    decode_board,
    decode_params,
    encode_board,
    encode_params,
    presets,
)
from proofgrid.kirchhoff.generate import forget, generate_board
from proofgrid.kirchhoff.search import TooOpenError, is_open
from proofgrid.server import create_app
from proofgrid.server.api import FOREVER, NO_STORE, TODAY, TOO_LONG
from proofgrid.server.live import live_server
from proofgrid.server.pool import PoolSettings
from tests.pins.make_pins import run_cli
from tests.web import pool_jobs

#: The counted refusal of an open board, in the puzzle's own words.
TOO_OPEN = TooOpenError().args[0]
ROOT = Path(__file__).resolve().parents[2]
OPEN_BOARDS = (
    "14x11:HJAAAAUAAHwGAAABPGwASAAAAABIAAAAAOT",
    "16x10:HoAAAAAAAAAAAAAAAAAAAAAAAAAAAb-",
    "12x12:GqAAAAAAAAAAAAAAAAAAAAAAAAk2",
)
PROOFGRID = [sys.executable, "-c", "import sys; from proofgrid.cli import main; sys.exit(main())"]


def _one_line_error(r: Any) -> str:
    body = r.json()
    assert set(body) == {"detail"} and isinstance(body["detail"], str), body
    assert "\n" not in body["detail"]
    assert r.headers["cache-control"] == NO_STORE
    return str(body["detail"])


def _fastapi(app: Any) -> Any:
    while not hasattr(app, "state"):
        app = app.app
    return app


@pytest.mark.parametrize("gid", OPEN_BOARDS)
def test_open_user_boards_get_a_verdict(client: TestClient, gid: str) -> None:
    r = client.post("/api/kirchhoff/solve", json={"id": gid})
    assert r.status_code == 200, r.text
    data = r.json()
    assert (data["count"], data["capped"], data["unique"]) == (2, True, False)
    params, _, desc = gid.partition(":")
    board = decode_board(desc, decode_params(params))
    assert is_solution(board, data["solution"])
    # no marks: won exactly when "every edge unused" meets the clues
    expected = "won" if is_solution(board, [0] * board.n_edges) else "playing"
    assert data["position"]["status"] == expected and data["position"]["capped"] is True


def test_solve_says_when_it_stopped_counting(client: TestClient) -> None:
    # '+1 . . / . . . / . . -1' has 20 solutions (the CLI's count says so)
    d = client.post("/api/kirchhoff/solve", json={"id": "3x3:ERwA4U-"}).json()
    assert (d["count"], d["capped"]) == (2, True)
    assert (d["position"]["completions"], d["position"]["capped"]) == (2, True)
    d = client.post("/api/kirchhoff/solve", json={"id": "5x5de#42"}).json()
    assert (d["count"], d["capped"], d["position"]["capped"]) == (1, False, False)


def test_work_past_the_budget_is_a_422_not_a_hang() -> None:
    with TestClient(create_app(engine=PoolSettings(workers=1, budget=0.001))) as c:
        r = c.post("/api/kirchhoff/solve", json={"id": OPEN_BOARDS[0]})
        assert r.status_code == 422
        detail = _one_line_error(r)
        # the clock stopped it, not the counter: it says so, and not "too open"
        assert detail == TOO_LONG.format(budget=0.001)
        assert "too open" not in detail and "0.001 s budget" in detail
        assert c.get("/api/health").json() == {"status": "ok"}


def test_a_hint_past_the_budget_says_it_ran_out_of_time_not_too_open() -> None:
    # a fully clued board given by its fixed ID and an open user-made one: both cut by
    # the clock. (The same board by its seeded ID is the generator's counted work, not
    # timed: it answers; tests/web/test_generated_counted_work.py.)
    with TestClient(create_app(engine=PoolSettings(workers=1, budget=0.001))) as c:
        seeded = c.get("/api/kirchhoff/solve", params={"id": "5x5de#42"})
        assert seeded.status_code == 200, seeded.text
        fixed = seeded.json()["id"]
        for gid in (fixed, OPEN_BOARDS[0]):
            if gid == OPEN_BOARDS[0]:
                params, _, desc = gid.partition(":")
                assert is_open(decode_board(desc, decode_params(params)))
            r = c.post("/api/kirchhoff/hint", json={"id": gid})
            assert r.status_code == 422, r.text
            assert _one_line_error(r) == TOO_LONG.format(budget=0.001)
            assert "too open" not in _one_line_error(r)
        r = c.get("/api/kirchhoff/solve", params={"id": fixed})
        assert r.status_code == 422 and _one_line_error(r) == TOO_LONG.format(budget=0.001)


#: Every cell a throughput of 1 but one blank: the clued cells need a cycle cover of an odd
#: grid, which no local argument refutes; the counter's frontier passes its bounds and the
#: search cannot exhaust it, so the board is too open to decide (issue 34's probe boards).
TOO_OPEN_BOARD = (
    "15x15:HdmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmUzMzMzM"
    "zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzIMl"
)


def test_the_counted_refusal_of_an_open_board_says_too_open() -> None:
    # Issue 34: a giant the generator made is answered from its board alone, even by a
    # worker that never generated it (this test used to expect "too open" for it); a
    # board too open for the counter's own bounds and the search is still refused so.
    params = presets()["giant"]
    gen = generate_board(params, 532979068556)
    forget()
    assert is_open(gen.board)
    gid = f"{encode_params(params)}:{encode_board(gen.board)}"
    with TestClient(create_app(engine=PoolSettings(workers=1, budget=120))) as c:
        r = c.post("/api/kirchhoff/solve", json={"id": gid})
        assert r.status_code == 200, r.text
        assert tuple(r.json()["solution"]) == gen.solution
        for route in ("solve", "hint"):
            r = c.post(f"/api/kirchhoff/{route}", json={"id": TOO_OPEN_BOARD})
            assert r.status_code == 422, r.text
            assert _one_line_error(r) == TOO_OPEN
            assert "too open" in TOO_OPEN and "budget" not in TOO_OPEN


def test_a_saturated_lane_is_a_503_with_retry_after() -> None:
    app = create_app(engine=PoolSettings(workers=1, queue_depth=0))
    with TestClient(app) as c:
        engine = _fastapi(app).state.engine
        busy = engine.pool("user").submit(pool_jobs.sleep, 3)
        time.sleep(0.2)
        r = c.post("/api/kirchhoff/solve", json={"id": OPEN_BOARDS[2]})
        assert r.status_code == 503
        assert int(r.headers["retry-after"]) >= 1
        assert _one_line_error(r).startswith("the server is busy")
        # the other lane and the event loop still answer
        assert c.post("/api/kirchhoff/solve", json={"id": "5x5de#42"}).status_code == 200
        assert c.get("/api/health").status_code == 200
        busy.result(timeout=30)


@pytest.mark.parametrize(
    "path",
    [
        "/api/matchless/daily/2026-12-25%0A",
        "/api/kirchhoff/daily/2026-12-25%0A",
        "/api/matchless/daily/20261225",
        "/api/kirchhoff/daily/2026-W52-5",
        "/api/kirchhoff/daily/2026-12-2%D9%A5",
    ],
)
def test_dates_are_exact(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code in {404, 422}, (path, r.status_code)
    _one_line_error(r)


def test_every_error_has_one_shape(client: TestClient) -> None:
    cases = [
        client.post("/api/matchless/solve", json={"id": "5x5#42", "moves": ["a1"]}),  # 400
        client.post("/api/kirchhoff/solve", json={}),  # 422 validation
        client.post("/api/kirchhoff/solve", content=b"{" * 20_000),  # 413
        client.get("/api/kirchhoff/nothing"),  # 404
        client.get("/api/kirchhoff/daily/2026-11-29"),  # 400: before the launch
    ]
    assert [r.status_code for r in cases] == [400, 422, 413, 404, 400]
    for r in cases:
        _one_line_error(r)


def test_undated_daily_is_the_utc_date_and_says_so(client: TestClient) -> None:
    for name in ("matchless", "kirchhoff"):
        before = dt.datetime.now(dt.UTC).date()
        r = client.get(f"/api/{name}/daily")
        after = dt.datetime.now(dt.UTC).date()
        assert r.status_code == 200
        assert r.json()["date"] in {before.isoformat(), after.isoformat()}
        assert r.headers["cache-control"] == TODAY


def test_cache_control(client: TestClient) -> None:
    assert client.get("/api/kirchhoff/daily/2026-12-25").headers["cache-control"] == FOREVER
    r = client.get("/api/matchless/new", params={"params": "6x6", "seed": "42"})
    assert r.headers["cache-control"] == FOREVER
    assert client.get("/api/kirchhoff/solve?id=5x5de%2342").headers["cache-control"] == FOREVER
    r = client.post("/api/kirchhoff/hint", json={"id": "5x5de#42"})
    assert r.headers["cache-control"] == NO_STORE
    r = client.post("/api/matchless/solve", json={"id": "5x5#42"})
    assert r.headers["cache-control"] == NO_STORE
    assert client.get("/api/health").headers["cache-control"] == NO_STORE


def test_preset_names_are_case_insensitive_everywhere(client: TestClient) -> None:
    for name, preset in (("kirchhoff", "easy"), ("matchless", "small")):
        lower = client.get(f"/api/{name}/new", params={"params": preset, "seed": "42"}).json()
        upper = client.get(f"/api/{name}/new", params={"params": preset.upper(), "seed": "42"})
        assert upper.status_code == 200 and upper.json() == lower
        a = run_cli([name, "new", "--preset", preset.upper(), "--seed", "42", "--json"])
        b = run_cli([name, "new", "--params", preset.upper(), "--seed", "42", "--json"])
        c = run_cli([name, "new", "--preset", preset, "--seed", "42", "--json"])
        assert a["code"] == b["code"] == c["code"] == 0
        assert json.loads(str(a["stdout"]))["id"] == json.loads(str(c["stdout"]))["id"]
        assert json.loads(str(b["stdout"]))["id"] == json.loads(str(c["stdout"]))["id"]


@pytest.mark.parametrize("date", ["20261225", "2026-W52-5", "2026-12-25x"])
@pytest.mark.parametrize("name", ["matchless", "kirchhoff"])
def test_cli_date_is_exact(name: str, date: str) -> None:
    got = run_cli([name, "daily", "--date", date])
    assert got["code"] == 2 and "YYYY-MM-DD" in str(got["stderr"])


def _readme_curls() -> list[list[str]]:
    text = (ROOT / "README.md").read_text()
    block = text.split("The JSON API (schema at `/openapi.json`)", 1)[1]
    block = block.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = block.replace("\\\n", " ").strip().splitlines()
    return [shlex.split(c) for c in commands if c.strip().startswith("curl")]


@pytest.mark.slow
def test_every_readme_curl_example_succeeds_against_a_live_server() -> None:
    commands = _readme_curls()
    assert len(commands) >= 4
    with live_server() as base:
        host = base.removeprefix("http://")
        for argv in commands:
            argv = [a.replace("localhost:8000", host) for a in argv]
            out = subprocess.run(
                ["curl", "-sS", "--fail-with-body", *argv[1:]],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert out.returncode == 0, (argv, out.stdout, out.stderr)
            assert isinstance(json.loads(out.stdout), dict)


@pytest.mark.slow
def test_workers_die_with_the_server() -> None:
    proc = subprocess.Popen(
        [*PROOFGRID, "serve", "--port", "0", "--workers", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert m
        import urllib.request  # noqa: PLC0415

        url = f"http://127.0.0.1:{m.group(1)}/api/kirchhoff/solve?id=5x5de%2342"
        with urllib.request.urlopen(url, timeout=120) as r:
            assert json.loads(r.read())["count"] == 1
        family = psutil.Process(proc.pid).children(recursive=True)
        assert len(family) >= 2  # the fork server and at least one worker
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    deadline = time.monotonic() + 30
    alive = [p for p in family if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    assert not alive, [p.pid for p in alive]
