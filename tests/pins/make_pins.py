"""Record the pinned outputs (run once, before a refactor; the test compares against them).

    python -m tests.pins.make_pins

Each case is a CLI argument list or an API request; the recorded output is the
exact stdout and exit code (CLI) or status and JSON body (API).

    python -m tests.pins.make_pins hint

re-records only the hint cases (every case whose command or route is
``hint``) and keeps every other recorded output as it is: the one family
re-recorded when the hint became a contract operation with one JSON shape.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

from fastapi.testclient import TestClient

from proofgrid.cli import main as cli_main
from proofgrid.server import create_app

CLI_CASES: list[list[str]] = [
    ["matchless", "daily", "--date", "2026-12-25", "--json"],
    ["matchless", "daily", "--date", "2026-11-30"],
    ["matchless", "new", "--size", "6x6", "--seed", "42", "--json"],
    ["matchless", "new", "--size", "5x5d60f3", "--seed", "hello", "--json"],
    ["matchless", "solve", "5x5#42", "--json"],
    ["matchless", "solve", "6x6d70f2#7"],
    ["matchless", "xray", "5x5#42"],
    ["matchless", "solve", "5x5:nonsense"],
    ["kirchhoff", "daily", "--date", "2026-12-25", "--json"],
    ["kirchhoff", "daily", "--date", "2026-12-01"],
    ["kirchhoff", "new", "--preset", "easy", "--seed", "42", "--json"],
    ["kirchhoff", "new", "--params", "6x6dm", "--seed", "abc", "--json"],
    ["kirchhoff", "solve", "5x5de#42", "--json"],
    ["kirchhoff", "solve", "5x5de#42"],
    ["kirchhoff", "count", "3x3:ERzCA6G8", "--json"],
    ["kirchhoff", "hint", "5x5de#42", "--json"],
    ["kirchhoff", "hint", "5x5de#42", "--moves", "a1>b1"],
    ["kirchhoff", "hint", "5x5de#42", "--moves", "a1>b1", "--json"],
    ["matchless", "hint", "5x5#42", "--json"],
    ["matchless", "hint", "5x5#42", "--moves", "d3", "--json"],
    ["kirchhoff", "solve", "7x7dh:garbage"],
]

API_CASES: list[tuple[str, str, dict[str, object] | None]] = [
    ("GET", "/api/matchless/daily/2026-12-25", None),
    ("GET", "/api/matchless/new?params=6x6&seed=42", None),
    ("GET", "/api/matchless/solve?id=5x5%2342", None),
    ("POST", "/api/matchless/solve", {"id": "5x5#42", "moves": []}),
    ("POST", "/api/matchless/duel", {"id": "4x4#3", "level": "perfect", "rule": "fewest"}),
    ("GET", "/api/kirchhoff/daily/2026-12-25", None),
    ("GET", "/api/kirchhoff/new?params=easy&seed=42", None),
    ("POST", "/api/kirchhoff/solve", {"id": "5x5de#42", "moves": ["a1>b1"]}),
    ("POST", "/api/kirchhoff/hint", {"id": "5x5de#42", "moves": []}),
    ("POST", "/api/kirchhoff/hint", {"id": "5x5de#42", "moves": ["a1>b1"]}),
    ("POST", "/api/matchless/hint", {"id": "5x5#42", "moves": []}),
    ("POST", "/api/matchless/hint", {"id": "5x5#42", "moves": ["d3"]}),
    ("GET", "/api/matchless/daily/1999-01-01", None),
    ("POST", "/api/kirchhoff/solve", {"id": "7x7dh:garbage"}),
]

HERE = Path(__file__).parent


def run_cli(args: list[str]) -> dict[str, object]:
    """Run the CLI in-process; stdout and exit code."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(args)
    return {"args": args, "code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def run_api(client: object, method: str, url: str, body: object) -> dict[str, object]:
    """One API request; status and JSON body."""
    r = client.request(method, url, json=body)  # type: ignore[attr-defined]
    return {"method": method, "url": url, "body": body, "status": r.status_code, "json": r.json()}


def _is_hint_cli(args: list[str]) -> bool:
    return len(args) > 1 and args[1] == "hint"


def _is_hint_api(url: str) -> bool:
    return url.endswith("/hint")


def main(only_hints: bool = False) -> None:
    """Record every case, or (``only_hints``) the hint cases only, in case order."""
    client = TestClient(create_app())
    path = HERE / "pins.json"
    old = json.loads(path.read_text()) if only_hints else {"cli": [], "api": []}
    kept_cli = {json.dumps(c["args"]): c for c in old["cli"]}
    kept_api = {json.dumps([c["method"], c["url"], c["body"]]): c for c in old["api"]}

    def cli_case(a: list[str]) -> dict[str, object]:
        key = json.dumps(a)
        return kept_cli[key] if only_hints and not _is_hint_cli(a) else run_cli(a)

    def api_case(m: str, u: str, b: dict[str, object] | None) -> dict[str, object]:
        key = json.dumps([m, u, b])
        return kept_api[key] if only_hints and not _is_hint_api(u) else run_api(client, m, u, b)

    data = {
        "cli": [cli_case(a) for a in CLI_CASES],
        "api": [api_case(m, u, b) for m, u, b in API_CASES],
    }
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(only_hints=sys.argv[1:] == ["hint"])
