"""The API and the site are generated from the registry: a puzzle registered at run time
gets its routes (in the OpenAPI schema too), its web folder and its cache tier.

Oracle: the registry itself (what was registered is what is served) and the
toy puzzle's own rules, small enough to check by hand. The full toy-puzzle
test (CLI, studies, browser) lives elsewhere; this one covers the server only.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from proofgrid import registry
from proofgrid.puzzle import Hint, InvalidDescError, InvalidMoveError, Puzzle, Status
from proofgrid.routes import Route, Strict
from proofgrid.server import REGISTRY_JSON, create_app, write_site

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Coins(Puzzle[int, str]):
    """A row of coins (``H``/``T``); a move ``3`` flips coin 3; won when all show heads."""

    name = "coins"
    title = "Coins"

    def default_params(self) -> int:
        return 4

    def presets(self) -> dict[str, int]:
        return {"small": 4}

    def encode_params(self, params: int) -> str:
        return str(params)

    def decode_params(self, text: str) -> int:
        return self.presets().get(text) or int(text)

    def generate(self, params: int, seed: int) -> str:
        return "".join("HT"[seed >> i & 1] for i in range(params))

    def validate_desc(self, params: int, desc: str) -> None:
        if len(desc) != params or set(desc) - {"H", "T"}:
            raise InvalidDescError(f"want {params} coins H/T")

    def new_game(self, params: int, desc: str) -> str:
        return desc

    def execute_move(self, state: str, move: str) -> str:
        if not move.isdigit() or int(move) >= len(state):
            raise InvalidMoveError(f"no coin {move[:10]!r}")
        i = int(move)
        return state[:i] + ("T" if state[i] == "H" else "H") + state[i + 1 :]

    def solve(self, state: str) -> list[int]:
        return [i for i, c in enumerate(state) if c == "T"]

    def hint(self, state: str, *, last_move: str | None = None, **options: Any) -> Hint | None:
        todo = self.solve(state)
        return Hint(str(todo[0]), (f"coin {todo[0]} shows tails",)) if todo else None

    def status(self, state: str) -> Status:
        return Status.PLAYING if "T" in state else Status.WON

    def format(self, state: str) -> str:
        return state

    def daily(self, date: dt.date) -> tuple[int, str]:
        return 4, self.generate(4, date.toordinal())

    def board_json(self, params: int, desc: str) -> dict[str, Any]:
        return {"id": self.game_id(params, desc), "coins": desc, "flips": self.solve(desc)}

    def position_json(self, state: str, board: Mapping[str, Any]) -> dict[str, Any]:
        return {"coins": state, "status": self.status(state).value}

    def routes(self) -> tuple[Route, ...]:
        return (Route("/count", count_job, "How many coins a board has", CountIn, method="GET"),)


class CountIn(Strict):
    """The query of ``GET /api/coins/count``."""

    id: str


def count_job(puzzle: Puzzle[Any, Any], query: Mapping[str, Any]) -> dict[str, int]:
    """Its own route's job (declared as data, run in a worker)."""
    return {"coins": len(query["id"].partition(":")[2])}


COINS = Coins()


@pytest.fixture(scope="module")
def toy_web(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("coins-web")
    (folder / "ui").mkdir()
    (folder / "ui" / "app.js").write_text("export function mount() { return null; }\n")
    return folder


@pytest.fixture(scope="module")
def toy_client(toy_web: Path) -> Iterator[TestClient]:
    web = registry.WebEntry(
        route="coins", module="js/coins/ui/app.js", tier="coins", folder=toy_web
    )
    entry = registry.Entry("coins", "Coins: flip them all to heads.", f"{__name__}:COINS", web=web)
    registry.register(entry)
    try:
        with TestClient(create_app(), raise_server_exceptions=False) as c:
            yield c
    finally:
        registry.unregister("coins")


def test_a_registered_puzzle_gets_every_generic_route(toy_client: TestClient) -> None:
    paths = toy_client.get("/openapi.json").json()["paths"]
    for name in registry.names():
        assert {f"/api/{name}/{p}" for p in ("daily", "daily/{date}", "new", "solve")} <= set(paths)
        assert set(paths[f"/api/{name}/solve"]) == {"get", "post"}
    assert "/api/coins/count" in paths  # its own route, declared by routes()
    assert toy_client.get("/api/coins/count", params={"id": "4:THTH"}).json() == {"coins": 4}
    hint = toy_client.post("/api/coins/hint", json={"id": "4:THTH", "moves": ["0"]}).json()
    assert hint["hint"]["move"] == "2" and hint["hint"]["coins"] == {}
    r = toy_client.get("/api/coins/new", params={"seed": "5"})
    assert r.json() == {"id": "4:THTH", "coins": "THTH", "flips": [0, 2], "seed_id": "4#5"}
    d = toy_client.get("/api/coins/daily/2027-01-01").json()
    assert d["date"] == "2027-01-01" and d["number"] == 33
    r = toy_client.post("/api/coins/solve", json={"id": "4:THTH", "moves": ["0", "2"]})
    assert r.json()["position"] == {"coins": "HHHH", "status": "won"}
    assert toy_client.get("/api/coins/solve", params={"id": "4#5"}).json()["id"] == "4:THTH"
    assert toy_client.get("/api/coins/count", params={"id": "4:HTHT"}).json() == {"coins": 4}
    for bad in ({"id": "4:HTH"}, {"id": "4:HTHT", "moves": ["9"]}):
        r = toy_client.post("/api/coins/solve", json=bad)
        assert r.status_code == 400 and "\n" not in r.json()["detail"]
    assert toy_client.get("/api/coins/daily/2020-01-01").status_code == 400  # before launch


def test_a_registered_puzzle_folder_is_served_in_its_own_tier(
    toy_client: TestClient, toy_web: Path, tmp_path: Path
) -> None:
    body = (toy_web / "ui" / "app.js").read_bytes()
    assert toy_client.get("/js/coins/ui/app.js").content == body
    rows = toy_client.get("/" + REGISTRY_JSON).json()
    assert rows[-1] == {
        "name": "coins",
        "title": "Coins",
        "route": "coins",
        "module": "js/coins/ui/app.js",
        "tier": "coins",
    }
    sw = toy_client.get("/sw.js").text
    groups = json.loads(re.search(r"const GROUPS = (\{[^}]*\});", sw).group(1))  # type: ignore[union-attr]
    assert groups["coins"] == ["js/coins/ui/app.js"]
    written = write_site(tmp_path / "site")
    assert "js/coins/ui/app.js" in written
    assert (tmp_path / "site" / "js" / "coins" / "ui" / "app.js").read_bytes() == body


def test_unknown_puzzles_have_no_routes(toy_client: TestClient) -> None:
    r = toy_client.get("/api/nopuzzle/new", params={"seed": "1"})
    assert r.status_code == 404 and r.json() == {"detail": "no API route /api/nopuzzle/new"}


def test_the_generic_routes_serve_the_builtin_puzzles_alike(client: TestClient) -> None:
    """GET solve is generic (Kirchhoff has it too); both refuse dailies before the launch."""
    seeded = client.get("/api/kirchhoff/solve", params={"id": "5x5de#42"})
    assert seeded.status_code == 200, seeded.text
    posted = client.post("/api/kirchhoff/solve", json={"id": "5x5de#42"}).json()
    assert seeded.json() == posted and posted["position"]["status"] == "playing"
    for name in ("matchless", "kirchhoff"):  # issue 14: the same launch, refused alike
        early = client.get(f"/api/{name}/daily/2026-11-29")
        assert early.status_code == 400
        assert early.json() == {"detail": "daily boards begin on 2026-11-30 (#1)"}
    assert client.get("/api/kirchhoff/daily/2026-12-01").json()["number"] == 2
    # One request model, one set of limits: past them is a 422 for every puzzle.
    for name in ("matchless", "kirchhoff"):
        r = client.post(f"/api/{name}/solve", json={"id": "x", "moves": ["a1"] * 481})
        assert r.status_code == 422, name
