"""One writer for each JSON answer: the CLI's ``--json`` and the API answer the same bytes.

For every registered puzzle (the toy from ``tests/toy`` registered too) and
every contract operation — ``new``, ``daily``, ``solve``, ``hint``,
``status`` — and every route a puzzle declares that has a CLI twin
(Matchless's ``duel``), on several positions (a seeded ID and its fixed ID,
no moves, the hinted moves, a position that can be lost), the test asks the
CLI (``proofgrid.cli.main``, its stdout) and the API (a worker process behind
the app, its body) the same question and compares the bytes: the CLI prints
the API's body plus a newline. Oracle: two doors over what must be one
writer; until issue 34 Kirchhoff's ``solve`` answered arrows from one and
edge states plus ``position`` from the other, and neither took ``status``.

The OpenAPI document is checked against the answers: every shared route
names the response model composed for its operation, and an answer's keys
are that model's fields, in order, for the puzzles that declare their models.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from proofgrid import midend, registry
from proofgrid.cli import main
from proofgrid.puzzle import Puzzle, Status
from proofgrid.server import create_app
from proofgrid.server.models import answer_models
from tests.toy.entry import ENTRY

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DATE = "2026-12-05"


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    """The whole app with the toy registered (its workers import it by its target)."""
    registry.register(ENTRY, replace=True)
    try:
        with TestClient(create_app(), raise_server_exceptions=False) as c:
            yield c
    finally:
        registry.unregister(ENTRY.name)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> bytes:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, f"{args}: {err}"
    return out.encode("utf-8")


def _same(cli_out: bytes, api_answer: Any, what: str) -> None:
    assert api_answer.status_code == 200, f"{what}: {api_answer.text}"
    assert cli_out == api_answer.content + b"\n", what


def _positions(puzzle: Puzzle[Any, Any], gid: str) -> list[list[str]]:
    """No moves, one and two hinted moves, and (where one exists) a losing move."""
    game = midend.resolve(puzzle, gid)
    out: list[list[str]] = [[]]
    moves: list[str] = []
    for _ in range(2):
        hint = puzzle.hint(game.play(moves))
        if hint is None or hint.move is None:
            break
        moves = [*moves, hint.move]
        out.append(moves)
    # a Kirchhoff arrow drawn the wrong way round (edge notation ``e12<``): a lost position
    for move in (f"e{i}{way}" for i in range(60) for way in "<>"):
        try:
            lost = puzzle.status(game.play([move])) is Status.LOST
        except ValueError:  # not a move of this puzzle (or of this board)
            continue
        if lost:
            out.append([move])
            break
    return out


@pytest.mark.parametrize("name", ["matchless", "kirchhoff", "lamps"])
def test_every_operation_answers_the_same_bytes_from_the_cli_and_the_api(
    api: TestClient, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    puzzle = registry.get(name)
    params = puzzle.encode_params(puzzle.default_params())
    seed = "34"

    new = api.get(f"/api/{name}/new", params={"params": params, "seed": seed})
    _same(_cli(capsys, name, "new", "--params", params, "--seed", seed, "--json"), new, "new")
    fixed, seeded = new.json()["id"], new.json()["seed_id"]

    daily = api.get(f"/api/{name}/daily/{DATE}")
    _same(_cli(capsys, name, "daily", "--date", DATE, "--json"), daily, "daily")
    if name == "kirchhoff":  # a daily series per preset
        daily = api.get(f"/api/{name}/daily/{DATE}", params={"preset": "easy"})
        cli_out = _cli(capsys, name, "daily", "--date", DATE, "--preset", "easy", "--json")
        _same(cli_out, daily, "daily of a preset")

    for gid in (seeded, fixed):
        _same(
            _cli(capsys, name, "solve", gid, "--json"),
            api.get(f"/api/{name}/solve", params={"id": gid}),
            f"GET solve {gid}",
        )
        _same(
            _cli(capsys, name, "status", gid, "--json"),
            api.post(f"/api/{name}/status", json={"id": gid}),
            f"status {gid}",
        )
    for moves in _positions(puzzle, fixed):
        body = {"id": fixed, "moves": moves}
        flags = ("--moves", " ".join(moves))
        for op in ("solve", "hint", "status"):
            got = api.post(f"/api/{name}/{op}", json=body)
            _same(_cli(capsys, name, op, fixed, *flags, "--json"), got, f"{op} {moves}")
        # the status is the contract's, whichever door asked
        state = midend.resolve(puzzle, fixed).play(moves)
        assert got.json()["status"] == puzzle.status(state).value
        # the hint options the puzzle declares, each set away from its default
        for option in puzzle.hint_options:
            value = (not option.default) if option.kind is bool else option.default
            got = api.post(f"/api/{name}/hint", json={**body, option.name: value})
            cli_flags = [option.flags[0]] if option.kind is bool else [option.flags[0], str(value)]
            cli_out = _cli(capsys, name, "hint", fixed, *flags, *cli_flags, "--json")
            _same(cli_out, got, f"hint {moves} {option.name}={value}")


def _route_flags(body: dict[str, Any]) -> list[str]:
    """A route's request as its CLI twin's options: ``budget_ms`` is ``--budget-ms``."""
    flags: list[str] = []
    for key, value in body.items():
        if key == "id":
            continue
        text = " ".join(value) if isinstance(value, list) else str(value)
        flags += [f"--{key.replace('_', '-')}", text]
    return flags


@pytest.mark.parametrize(
    "extra",
    [{}, {"rule": "most", "level": "greedy"}, {"level": "random", "seed": 99}],
)
def test_a_declared_route_and_its_command_answer_the_same_bytes(
    api: TestClient, capsys: pytest.CaptureFixture[str], extra: dict[str, Any]
) -> None:
    routes = {(e.name, r.path.strip("/")) for e in registry.entries() for r in e.load().routes()}
    assert ("matchless", "duel") in routes
    for name, path in sorted(routes):
        puzzle = registry.get(name)
        fixed = midend.seeded(puzzle, puzzle.default_params(), "34").id
        for moves in _positions(puzzle, fixed):
            body = {"id": fixed, "moves": moves, **extra}
            got = api.post(f"/api/{name}/{path}", json=body)
            cli_out = _cli(capsys, name, path, fixed, *_route_flags(body), "--json")
            _same(cli_out, got, f"{path} {body}")


def test_the_openapi_document_names_the_shape_of_every_answer(api: TestClient) -> None:
    doc = api.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    for name in ("matchless", "kirchhoff"):
        puzzle = registry.get(name)
        models = answer_models(name, puzzle.title, puzzle.api_surface())
        routes = {
            "new": ("get", f"/api/{name}/new"),
            "daily": ("get", f"/api/{name}/daily/{{date}}"),
            "solve": ("post", f"/api/{name}/solve"),
            "status": ("post", f"/api/{name}/status"),
            "hint": ("post", f"/api/{name}/hint"),
        }
        for op, (method, path) in routes.items():
            ok = doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]
            assert ok["schema"]["$ref"].rsplit("/", 1)[1] == models[op].__name__
            assert models[op].__name__ in schemas
        gid = midend.seeded(puzzle, puzzle.default_params(), "5").id
        answers = {
            "new": api.get(f"/api/{name}/new", params={"seed": "5"}),
            "daily": api.get(f"/api/{name}/daily/{DATE}"),
            "solve": api.post(f"/api/{name}/solve", json={"id": gid}),
            "status": api.post(f"/api/{name}/status", json={"id": gid}),
            "hint": api.post(f"/api/{name}/hint", json={"id": gid}),
        }
        for op, got in answers.items():
            data = got.json()
            fields = [f for f in models[op].model_fields if f in data]
            # every key is documented, in the order written ("daily" may omit a seed_id)
            assert list(data) == fields, op
            models[op].model_validate(data)
            if op == "solve":
                position = models[op].model_fields["position"].annotation
                assert list(data["position"]) == list(position.model_fields), name  # type: ignore[union-attr]
    assert json.dumps(doc)  # the document itself is plain JSON
