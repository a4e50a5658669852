"""The generic hint: one JSON shape, the same bytes from the CLI's ``--json`` and the API.

Oracles: the CLI in a fresh process against the API in this one (two surfaces
over one midend function must print the same JSON for the same position), and
each puzzle's own rules for ``status`` (a position whose witness moves are all
played is won, and its hint is ``null``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from proofgrid import midend, registry

if TYPE_CHECKING:
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    ("kirchhoff", "5x5de#42", []),
    ("kirchhoff", "5x5de#42", ["a1>b1"]),
    ("kirchhoff", "5x5de#42", ["a1xb1", "d1xe1"]),
    ("matchless", "5x5#42", []),
    ("matchless", "5x5#42", ["c3"]),
    ("matchless", "6x6#7", ["a1", "b2", "c3"]),
]


def cli_hint(name: str, gid: str, moves: list[str]) -> str:
    """``proofgrid NAME hint GID --moves ... --json`` in a fresh process (its stdout)."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "proofgrid",
            name,
            "hint",
            gid,
            "--moves",
            " ".join(moves),
            "--json",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def _playable(name: str, gid: str, moves: list[str]) -> list[str]:
    """The moves of the case that are legal here (a Matchless cell may hold no shell)."""
    game = midend.resolve(registry.get(name), gid)
    kept: list[str] = []
    for m in moves:
        try:
            game.play([*kept, m])
        except ValueError:
            continue
        kept.append(m)
    return kept


@pytest.mark.parametrize(("name", "gid", "moves"), CASES)
def test_cli_json_equals_api_json(
    client: TestClient, name: str, gid: str, moves: list[str]
) -> None:
    moves = _playable(name, gid, moves)
    api = client.post(f"/api/{name}/hint", json={"id": gid, "moves": moves})
    assert api.status_code == 200, api.text
    text = cli_hint(name, gid, moves)
    assert text.encode("utf-8") == api.content + b"\n"  # the same bytes, and a newline
    assert json.loads(text) == api.json()
    body = api.json()
    assert list(body) == ["id", "status", "hint"]
    assert body["status"] in {"playing", "won", "lost"}
    hint = body["hint"]
    assert list(hint) == ["move", "words", "proof", name]
    assert hint["words"] and all(isinstance(w, str) and w for w in hint["words"])
    if body["status"] == "lost":
        assert hint["move"] is None
    else:
        # the move is legal where it is hinted
        midend.resolve(registry.get(name), gid).play([*moves, hint["move"]])


def test_won_positions_have_no_hint(client: TestClient) -> None:
    board = client.get("/api/matchless/solve", params={"id": "5x5#42"}).json()
    moves = [f"{chr(ord('a') + c)}{r + 1}" for r, c in board["witness"]]
    body = client.post("/api/matchless/hint", json={"id": "5x5#42", "moves": moves}).json()
    assert body["status"] == "won" and body["hint"] is None
    kb = client.get("/api/kirchhoff/solve", params={"id": "5x5de#42"}).json()
    kmoves = [f"e{e}{'x>'[s] if s < 2 else '<'}" for e, s in enumerate(kb["solution"])]
    body = client.post("/api/kirchhoff/hint", json={"id": "5x5de#42", "moves": kmoves}).json()
    assert body == {"id": kb["id"], "status": "won", "hint": None}


def test_hint_route_is_described(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for name in ("matchless", "kirchhoff"):
        op = paths[f"/api/{name}/hint"]["post"]
        schema = op["responses"]["200"]["content"]["application/json"]["schema"]
        assert schema["$ref"].endswith("HintOut")


def test_bad_moves_are_one_line_errors(client: TestClient) -> None:
    for name, gid, move in (("matchless", "5x5#42", "z9"), ("kirchhoff", "5x5de#42", "a1>c1")):
        r = client.post(f"/api/{name}/hint", json={"id": gid, "moves": [move]})
        assert r.status_code == 400 and "\n" not in r.json()["detail"]
