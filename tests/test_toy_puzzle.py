"""Issue 11's proof that the contract is real: a toy puzzle from the tests tree only.

``tests/toy`` holds a complete puzzle (``Lamps``) and registers it through the
documented extension point (``PROOFGRID_PLUGINS`` naming a module that calls
:func:`proofgrid.registry.register`). With no change to any shared file it
gets its CLI commands (``hint`` among them), its API routes (``POST /hint``
among them), its study and bank tasks and its browser route. Oracles: the
toy's own rules (a board's lit lamps are its solution; a bank line's ID
regenerates the board), the 1-worker run against the 2-worker run, the CLI
against the API, and the OpenAPI document against the routes answered.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from proofgrid import registry
from proofgrid.server import create_app, load_site

ROOT = Path(__file__).resolve().parents[1]
# this checkout's package first (not whichever one the venv installed), then the tests tree
ENV = {
    **os.environ,
    "PYTHONPATH": os.pathsep.join((str(ROOT / "src"), str(ROOT))),
    "PROOFGRID_PLUGINS": "tests.toy.plugin",
}


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The real ``proofgrid`` command in a fresh process, the toy registered by environment."""
    return subprocess.run(
        [sys.executable, "-m", "proofgrid", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=ENV,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


@pytest.fixture()
def toy() -> Iterator[None]:
    """The toy registered in this process for the duration of a test."""
    from tests.toy.entry import ENTRY  # noqa: PLC0415 - registering is the test's subject

    registry.register(ENTRY, replace=True)
    yield
    registry.unregister(ENTRY.name)


def test_cli_lists_and_plays_the_toy() -> None:
    top = cli("--help")
    assert top.returncode == 0 and "lamps" in top.stdout
    new = cli("lamps", "new", "--seed", "42", "--json")
    assert new.returncode == 0, new.stderr
    board = json.loads(new.stdout)
    assert board["seed_id"] == "5#42"
    desc = board["id"].split(":")[1]
    assert board["lit"] == [i + 1 for i, c in enumerate(desc) if c == "1"]
    solved = cli("lamps", "solve", board["id"], "--json")
    assert json.loads(solved.stdout)["lit"] == board["lit"]
    daily = cli("lamps", "daily", "--date", "2026-12-03", "--json")
    assert json.loads(daily.stdout)["number"] == 4
    moves = "".join(f"{m}\n" for m in board["lit"])
    play = cli("lamps", "play", board["id"], stdin="u\nr\n" + moves)
    assert play.returncode == 0 and "solved" in play.stdout
    hint = cli("lamps", "hint", board["id"], "--moves", str(board["lit"][0]), "--json")
    assert hint.returncode == 0, hint.stderr
    data = json.loads(hint.stdout)
    rest = board["lit"][1:]
    assert data["id"] == board["id"] and data["status"] == ("playing" if rest else "won")
    if rest:
        assert data["hint"]["move"] == str(rest[0]) and data["hint"]["lamps"] == {"left": len(rest)}
    text = cli("lamps", "hint", board["id"])
    assert text.returncode == 0 and f"play {board['lit'][0]}" in text.stdout
    bad = cli("lamps", "solve", "5:10x01")
    assert (
        bad.returncode == 2 and bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr
    )


def test_study_and_bank_tasks_run_through_the_runner(tmp_path: Path) -> None:
    one = cli("lamps", "stats", "300", "--workers", "1", "--json")
    two = cli("lamps", "stats", "300", "--workers", "2", "--json")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    table = json.loads(one.stdout)
    assert sum(table.values()) == 300
    verify = cli("lamps", "verify", "--quick", "--workers", "1")
    assert verify.returncode == 0 and "0 failures" in verify.stdout
    out = tmp_path / "bank.txt"
    bank = cli("bank", "lamps", "12", str(out), "--workers", "2")
    assert bank.returncode == 0, bank.stderr
    lines = [ln.split("\t") for ln in out.read_text().splitlines()[1:]]
    assert len(lines) == 12
    for index, gid, _grade, lit, _crc in lines:
        # Oracle: the line's board is the one its seed regenerates, and "lit" counts its lamps.
        assert gid.split(":")[1].count("1") == int(lit)
        assert int(index) in range(12)


def test_api_routes_come_from_the_registry(toy: None) -> None:
    client = TestClient(create_app())
    paths = client.get("/openapi.json").json()["paths"]
    for route in ("/api/lamps/new", "/api/lamps/solve", "/api/lamps/daily/{date}"):
        assert route in paths
    new = client.get("/api/lamps/new", params={"params": "small", "seed": "42"})
    assert new.status_code == 200
    body = new.json()
    solve = client.post("/api/lamps/solve", json={"id": body["id"], "moves": ["1"]})
    assert solve.status_code == 200 and solve.json()["lit"] == body["lit"]
    assert client.get("/api/lamps/daily/2026-12-03").json()["number"] == 4
    assert "/api/lamps/hint" in paths
    lit = [str(m) for m in body["lit"]]
    for moves in ([], lit[:1], lit):
        got = client.post("/api/lamps/hint", json={"id": body["id"], "moves": moves})
        assert got.status_code == 200, got.text
        want = cli("lamps", "hint", body["id"], "--moves", " ".join(moves), "--json")
        assert got.content + b"\n" == want.stdout.encode()  # the CLI prints the API's bytes
    assert got.json() == {"id": body["id"], "status": "won", "hint": None}
    bad = client.post("/api/lamps/solve", json={"id": "5:1x"})
    assert bad.status_code == 400 and isinstance(bad.json()["detail"], str)


def test_site_serves_the_toy_app_and_lists_it(toy: None) -> None:
    files = load_site()
    rows = json.loads(files["js/registry.json"].body)
    assert {"name": "lamps", "route": "lamps", "module": "js/lamps/ui/app.js"}.items() <= next(
        r for r in rows if r["name"] == "lamps"
    ).items()
    assert "js/lamps/ui/app.js" in files
    sw = files["sw.js"].body.decode()
    assert '"lamps"' in sw and "js/lamps/ui/app.js" in sw
