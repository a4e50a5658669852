"""The JSON API over the Python Matchless engine.

Oracles: networkx (strongly connected components and the condensation, to
count source components = par, independently of the engine), plain BFS (the
witness lights every shell), and the engine's own game-ID round trip. Input
validation: any garbage gets a 4xx with a one-line ``detail``, never a 5xx.
"""

from __future__ import annotations

import datetime as dt
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from proofgrid import server
from proofgrid.server import MAX_BODY

if TYPE_CHECKING:
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def graph_of(board: dict[str, Any]) -> nx.DiGraph:
    g = nx.DiGraph()
    index = {tuple(rc): i for i, rc in enumerate(board["shells"])}
    g.add_nodes_from(range(len(index)))
    for a, b in board["fuses"]:
        ra, rb = tuple(a), tuple(b)
        # fuses join adjacent cells (8-neighbourhood), never a cell to itself
        assert max(abs(ra[0] - rb[0]), abs(ra[1] - rb[1])) == 1
        g.add_edge(index[ra], index[rb])
    return g


def oracle_par(g: nx.DiGraph) -> int:
    cond = nx.condensation(g)
    return sum(1 for c in cond.nodes if cond.in_degree(c) == 0)


def lights_everything(g: nx.DiGraph, seeds: list[int]) -> bool:
    seen = set(seeds)
    queue = deque(seeds)
    while queue:
        v = queue.popleft()
        for w in g.successors(v):
            if w not in seen:
                seen.add(w)
                queue.append(w)
    return len(seen) == g.number_of_nodes()


def check_proof(board: dict[str, Any]) -> None:
    g = graph_of(board)
    index = {tuple(rc): i for i, rc in enumerate(board["shells"])}
    assert board["par"] == oracle_par(g)
    witness = [index[tuple(rc)] for rc in board["witness"]]
    assert len(witness) == board["par"] and lights_everything(g, witness)
    # X-ray: components are exactly the SCCs; sources are those with no incoming edge.
    comps = board["components"]
    sccs = {frozenset(c) for c in nx.strongly_connected_components(g)}
    mine: dict[int, set[int]] = {}
    for v, c in enumerate(comps):
        mine.setdefault(c, set()).add(v)
    assert {frozenset(s) for s in mine.values()} == sccs
    has_in = {comps[b] for a, b in g.edges if comps[a] != comps[b]}
    assert board["sources"] == sorted(set(comps) - has_in)
    assert {tuple(e) for e in board["condensation"]} == {
        (comps[a], comps[b]) for a, b in g.edges if comps[a] != comps[b]
    }


@pytest.mark.parametrize(
    ("params", "seed"),
    [("4x4", "1"), ("5x5", "42"), ("6x6", "7"), ("8x8d60f3", "x"), ("12x12", "99"), ("3x7", "5")],
)
def test_new_board_proof_agrees_with_networkx(client: TestClient, params: str, seed: str) -> None:
    r = client.get("/api/matchless/new", params={"params": params, "seed": seed})
    assert r.status_code == 200, r.text
    board = r.json()
    check_proof(board)
    rows, cols = (int(x) for x in params.split("d", maxsplit=1)[0].split("x"))
    assert (board["rows"], board["cols"]) == (rows, cols)
    # The seeded ID and the fixed ID name the same board.
    again = client.get("/api/matchless/solve", params={"id": board["seed_id"]}).json()
    assert again["id"] == board["id"] and again["shells"] == board["shells"]
    assert client.get("/api/matchless/new", params={"params": params, "seed": seed}).json() == board


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**64 - 1), size=st.tuples(st.integers(2, 7), st.integers(2, 7)))
def test_solve_matches_oracle_on_random_boards(
    client: TestClient, seed: int, size: tuple[int, int]
) -> None:
    r = client.get(
        "/api/matchless/new", params={"params": f"{size[0]}x{size[1]}", "seed": str(seed)}
    )
    board = r.json()
    check_proof(board)
    s = client.post("/api/matchless/solve", json={"id": board["id"]}).json()
    assert {k: s[k] for k in board if k != "seed_id"} == {
        k: v for k, v in board.items() if k != "seed_id"
    }


def cell_name(rc: list[int]) -> str:
    return f"{'abcdefghijkl'[rc[1]]}{rc[0] + 1}"


def test_position_after_moves_matches_oracle(client: TestClient) -> None:
    board = client.get("/api/matchless/new", params={"params": "6x6", "seed": "2024"}).json()
    g = graph_of(board)
    index = {tuple(rc): i for i, rc in enumerate(board["shells"])}
    moves: list[str] = []
    lit: set[int] = set()
    # Strike shells in reverse order (often not optimal), checking the meter each time.
    for rc in reversed(board["shells"]):
        v = index[tuple(rc)]
        if v in lit:
            continue
        moves.append(cell_name(rc))
        lit |= {v} | nx.descendants(g.subgraph(set(g.nodes) - lit), v)
        pos = client.post("/api/matchless/solve", json={"id": board["id"], "moves": moves}).json()[
            "position"
        ]
        unlit = g.subgraph(set(g.nodes) - lit)
        rem = oracle_par(unlit) if unlit.number_of_nodes() else 0
        assert pos["matches"] == len(moves)
        assert pos["remaining_par"] == rem
        assert pos["best_reachable"] == len(moves) + rem
        assert pos["par_reachable"] == (len(moves) + rem == board["par"])
        assert {index[tuple(x)] for x in pos["lit"]} == lit
        assert pos["won"] == (len(lit) == g.number_of_nodes())
    assert pos["won"]


def test_witness_moves_win_at_par(client: TestClient) -> None:
    board = client.get("/api/matchless/new", params={"params": "7x7", "seed": "3"}).json()
    moves = [cell_name(rc) for rc in board["witness"]]
    pos = client.post("/api/matchless/solve", json={"id": board["id"], "moves": moves}).json()[
        "position"
    ]
    assert pos["won"] and pos["matches"] == board["par"] and pos["par_reachable"]


def test_daily_by_date_and_today(client: TestClient) -> None:
    launch = dt.date(2026, 11, 30)
    for days in (0, 1, 25, 365, 366, 1000):
        date = launch + dt.timedelta(days=days)
        d = client.get(f"/api/matchless/daily/{date.isoformat()}").json()
        assert d["date"] == date.isoformat() and d["number"] == days + 1
        check_proof(d)
        assert 4 <= d["par"] <= 7 and d["hidden_sources"] >= 1 and d["myopic_gap"] >= 1
        assert (d["rows"], d["cols"]) == (6, 6)
    before = server.today()
    today = client.get("/api/matchless/daily").json()
    after = server.today()  # midnight UTC may fall between the two reads
    assert today["date"] in {before.isoformat(), after.isoformat()}
    assert client.get(f"/api/matchless/daily/{today['date']}").json() == today


BAD_REQUESTS: list[tuple[str, str, dict[str, Any]]] = [
    ("GET", "/api/matchless/solve", {"params": {"id": "nonsense"}}),
    ("GET", "/api/matchless/solve", {"params": {"id": "5x5:AAAA"}}),
    ("GET", "/api/matchless/solve", {"params": {"id": "5x5:"}}),
    ("GET", "/api/matchless/solve", {"params": {"id": "99x99:AAAA"}}),
    ("GET", "/api/matchless/solve", {"params": {"id": "x" * 5000}}),
    ("GET", "/api/matchless/solve", {}),
    ("GET", "/api/matchless/new", {"params": {"params": "1x1", "seed": "1"}}),
    ("GET", "/api/matchless/new", {"params": {"params": "13x5", "seed": "1"}}),
    ("GET", "/api/matchless/new", {"params": {"params": "5x5d0", "seed": "1"}}),
    ("GET", "/api/matchless/new", {"params": {"params": "5x5f9", "seed": "1"}}),
    ("GET", "/api/matchless/new", {"params": {"params": "5x5"}}),
    ("POST", "/api/matchless/solve", {"json": {}}),
    ("POST", "/api/matchless/solve", {"json": {"id": 5}}),
    ("POST", "/api/matchless/solve", {"json": {"id": "4x4#1", "extra": 1}}),
    ("POST", "/api/matchless/solve", {"json": {"id": "4x4#1", "moves": ["z9"]}}),
    ("POST", "/api/matchless/solve", {"json": {"id": "4x4#1", "moves": "a1"}}),
    ("POST", "/api/matchless/solve", {"json": {"id": "4x4#1", "moves": ["a1"] * 200}}),
    (
        "POST",
        "/api/matchless/solve",
        {"content": b"{not json", "headers": {"content-type": "application/json"}},
    ),
    (
        "POST",
        "/api/matchless/solve",
        {"content": b"[]", "headers": {"content-type": "application/json"}},
    ),
    ("DELETE", "/api/matchless/solve", {}),
    ("GET", "/api/matchless/daily/2026-02-30", {}),
    ("GET", "/api/matchless/daily/2020-01-01", {}),
    ("GET", "/api/matchless/daily/tomorrow", {}),
    ("GET", "/api/matchless/daily/20261201", {}),
    ("GET", "/api/matchless/daily/2026-12-01T00:00", {}),
    ("GET", "/api/matchless/daily/" + "9" * 300, {}),
    ("GET", "/api/nope", {}),
]


@pytest.mark.parametrize(("method", "url", "kwargs"), BAD_REQUESTS)
def test_bad_input_is_a_4xx_with_a_one_line_detail(
    client: TestClient, method: str, url: str, kwargs: dict[str, Any]
) -> None:
    r = client.request(method, url, **kwargs)
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail and len(detail) <= 200


def test_repeated_strike_of_a_lit_shell_is_refused(client: TestClient) -> None:
    board = client.get("/api/matchless/new", params={"params": "4x4", "seed": "1"}).json()
    first = cell_name(board["shells"][0])
    r = client.post("/api/matchless/solve", json={"id": board["id"], "moves": [first, first]})
    assert r.status_code == 400 and "already lit" in r.json()["detail"]


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(min_size=1, max_size=300))
def test_garbage_ids_never_crash(client: TestClient, text: str) -> None:
    r = client.post("/api/matchless/solve", json={"id": text})
    assert r.status_code in (200, 400, 422), r.text
    if r.status_code != 200:
        detail = r.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=400))
def test_corrupted_board_codes_are_4xx(client: TestClient, data: bytes) -> None:
    board = client.get("/api/matchless/new", params={"params": "5x5", "seed": "11"}).json()
    code = board["id"].split(":")[1]
    # flip characters of a valid code at positions derived from the data
    chars = list(code)
    for i, b in enumerate(data[:6]):
        chars[(b + i) % len(chars)] = (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[b % 64]
        )
    mutated = "5x5:" + "".join(chars)
    r = client.get("/api/matchless/solve", params={"id": mutated})
    if mutated == board["id"]:
        assert r.status_code == 200
    else:
        assert r.status_code == 400, mutated  # CRC-16 catches every change of up to 16 bits


def test_body_cap_declared_and_streamed(client: TestClient) -> None:
    big = b"x" * (MAX_BODY + 1)
    r = client.post(
        "/api/matchless/solve", content=big, headers={"content-type": "application/json"}
    )
    assert r.status_code == 413 and r.json() == {
        "detail": f"request body larger than {MAX_BODY} bytes"
    }

    def chunks() -> Iterator[bytes]:  # no Content-Length: chunked transfer
        for _ in range(40):
            yield b"y" * 1024

    r = client.post(
        "/api/matchless/solve", content=chunks(), headers={"content-type": "application/json"}
    )
    assert r.status_code == 413
    # Control: a body of exactly the cap is read (and then judged on its merits).
    exact = b'{"id": "4x4#1", "moves": []' + b" " * (MAX_BODY - 28) + b"}"
    assert len(exact) == MAX_BODY
    r = client.post(
        "/api/matchless/solve", content=exact, headers={"content-type": "application/json"}
    )
    assert r.status_code == 200, r.text
    r = client.post("/api/matchless/solve", content=b"{}", headers={"content-length": "abc"})
    assert r.status_code == 400


def test_openapi_describes_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for p in (
        "/api/matchless/new",
        "/api/matchless/solve",
        "/api/matchless/daily",
        "/api/matchless/daily/{date}",
    ):
        assert p in paths
    assert "post" in paths["/api/matchless/solve"]
    assert client.get("/docs").status_code == 404  # no third-party Swagger assets under our CSP


def duel_value(
    g: nx.DiGraph, unlit: frozenset[int], sign: int, memo: dict[frozenset[int], int]
) -> int:
    """Plain negamax over unlit sets (independent of the engine's search)."""
    if not unlit:
        return 0
    if unlit in memo:
        return memo[unlit]
    best = None
    sub = g.subgraph(unlit)
    for s in unlit:
        lit = {s} | nx.descendants(sub, s)
        v = sign * len(lit) - duel_value(g, unlit - lit, sign, memo)
        best = v if best is None else max(best, v)
    assert best is not None
    memo[unlit] = best
    return best


@pytest.mark.parametrize("rule", ["fewest", "most"])
@pytest.mark.parametrize("seed", ["1", "2", "3", "4"])
def test_duel_bot_is_perfect_against_plain_minimax(
    client: TestClient, rule: str, seed: str
) -> None:
    board = client.get("/api/matchless/new", params={"params": "3x4", "seed": seed}).json()
    g = graph_of(board)
    index = {tuple(rc): i for i, rc in enumerate(board["shells"])}
    sign = 1 if rule == "most" else -1
    memo: dict[frozenset[int], int] = {}
    moves: list[str] = []
    unlit = frozenset(g.nodes)
    while unlit:
        r = client.post(
            "/api/matchless/duel", json={"id": board["id"], "moves": moves, "rule": rule}
        ).json()
        assert r["perfect"] is True
        want = duel_value(g, unlit, sign, memo)
        assert r["value"] == want
        s = index[tuple(r["shell"])]
        assert s in unlit and r["move"] == cell_name(r["shell"])
        lit = {s} | nx.descendants(g.subgraph(unlit), s)
        assert sign * len(lit) - duel_value(g, unlit - lit, sign, memo) == want  # attains it
        moves.append(r["move"])
        unlit = unlit - lit
    r = client.post("/api/matchless/duel", json={"id": board["id"], "moves": moves})
    assert r.status_code == 400 and "clear" in r.json()["detail"]


def test_duel_bot_levels(client: TestClient) -> None:
    board = client.get("/api/matchless/new", params={"params": "5x5", "seed": "8"}).json()
    g = graph_of(board)
    index = {tuple(rc): i for i, rc in enumerate(board["shells"])}
    sizes = {v: 1 + len(nx.descendants(g, v)) for v in g.nodes}
    for rule, pick in (("fewest", min), ("most", max)):
        r = client.post(
            "/api/matchless/duel", json={"id": board["id"], "rule": rule, "level": "greedy"}
        ).json()
        assert r["perfect"] is False and r["value"] is None
        assert sizes[index[tuple(r["shell"])]] == pick(sizes.values())  # the obvious move
    seen = set()
    for seed in range(30):
        r = client.post(
            "/api/matchless/duel", json={"id": board["id"], "level": "random", "seed": seed}
        ).json()
        seen.add(tuple(r["shell"]))
    assert len(seen) > 5  # random really varies with the seed
    bad_fields: list[dict[str, Any]] = [
        {"budget_ms": 0},
        {"budget_ms": 10**6},
        {"seed": -1},
        {"rule": "longest"},
    ]
    for bad in bad_fields:
        r = client.post("/api/matchless/duel", json={"id": board["id"], **bad})
        assert r.status_code == 422 and "\n" not in r.json()["detail"]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(["/api/matchless/solve", "/api/matchless/duel"]),
    body=st.one_of(
        json_values,
        st.fixed_dictionaries(
            {"id": st.sampled_from(["4x4#1", "3x3#2", "bad"]) | st.text(max_size=20)},
            optional={
                "moves": st.lists(st.sampled_from(["a1", "b2", "c3", "d4", "zz"]), max_size=6)
                | json_values,
                "rule": st.sampled_from(["fewest", "most"]) | json_values,
                "level": st.sampled_from(["random", "greedy", "perfect"]) | json_values,
                "seed": st.integers(-5, 2**65) | json_values,
                "budget_ms": st.integers(-5, 3000) | json_values,
            },
        ),
    ),
)
def test_schema_fuzz_post_bodies_never_5xx(client: TestClient, path: str, body: Any) -> None:
    """Schemathesis-style: any JSON body gets 200 or a 4xx with a one-line detail."""
    r = client.post(path, json=body)
    assert r.status_code == 200 or 400 <= r.status_code < 500, (body, r.text)
    if r.status_code != 200:
        detail = r.json()["detail"]
        assert isinstance(detail, str) and detail and "\n" not in detail


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(["/api/matchless/new", "/api/matchless/solve", "/api/matchless/daily/"]),
    params=st.dictionaries(st.sampled_from(["params", "seed", "id", "x"]), st.text(max_size=40)),
    tail=st.text(max_size=20),
)
def test_schema_fuzz_query_strings_never_5xx(
    client: TestClient, path: str, params: dict[str, str], tail: str
) -> None:
    url = path + (quote(tail, safe="") if path.endswith("/") else "")
    r = client.get(url, params=params)
    assert r.status_code == 200 or 400 <= r.status_code < 500, (url, params, r.text)
    if r.status_code != 200:
        assert "\n" not in r.json()["detail"]
