"""HTTP semantics of every API route, read from the OpenAPI document.

Oracle: the app's own ``/openapi.json`` (the documented methods and query
parameters of each path) and RFC 9110: HEAD is GET without a body, OPTIONS
and 405 carry ``Allow``, an undocumented query parameter is refused.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from proofgrid.server import create_app

METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH"}


@pytest.fixture(scope="module")
def api() -> Any:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def _paths(api: Any) -> dict[str, set[str]]:
    doc = api.get("/openapi.json").json()
    out = {}
    for path, ops in doc["paths"].items():
        concrete = re.sub(r"\{date\}", "2026-12-25", path)
        out[concrete] = {m.upper() for m in ops}
    return out


def test_head_is_get_without_a_body_on_every_get_route(api: Any) -> None:
    for path, methods in _paths(api).items():
        if "GET" not in methods or path.endswith(("/new", "/solve")):
            continue
        get = api.get(path)
        head = api.head(path)
        assert head.status_code == get.status_code == 200, path
        assert head.content == b"", path
        assert head.headers["content-length"] == get.headers["content-length"], path
        assert head.headers["content-type"] == get.headers["content-type"], path
    head = api.head("/api/kirchhoff/solve?id=5x5de%2342")
    assert head.status_code == 200 and head.content == b""


def test_undocumented_methods_are_405_with_the_documented_allow(api: Any) -> None:
    for path, methods in _paths(api).items():
        expected = methods | {"OPTIONS"} | ({"HEAD"} if "GET" in methods else set())
        for method in sorted(METHODS - methods):
            r = api.request(method, path)
            assert r.status_code == 405, (method, path, r.status_code)
            assert set(r.headers["allow"].split(", ")) == expected, (method, path)
            assert set(r.json()) == {"detail"}
        r = api.options(path)
        assert r.status_code == 204, path
        assert set(r.headers["allow"].split(", ")) == expected, path


def test_options_on_solve_lists_get_and_post(api: Any) -> None:
    r = api.options("/api/kirchhoff/solve")
    assert {"GET", "POST"} <= set(r.headers["allow"].split(", "))
    assert api.put("/api/kirchhoff/solve").status_code == 405
    assert api.put("/api/no/such/route").status_code == 404


@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("/api/kirchhoff/new?preset=giant&seed=1", "preset"),
        ("/api/matchless/new?params=6x6&seed=1&size=9", "size"),
        ("/api/kirchhoff/solve?id=5x5de%2342&moves=a1", "moves"),
        ("/api/kirchhoff/daily?date=2026-12-25", "date"),
        ("/api/health?x=1", "x"),
    ],
)
def test_unknown_query_parameters_are_a_422_naming_them(api: Any, url: str, name: str) -> None:
    r = api.get(url)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert f"'{name}'" in detail and "\n" not in detail


def test_an_impossible_date_is_a_documented_400(api: Any) -> None:
    r = api.get("/api/kirchhoff/daily/2026-02-30")
    assert r.status_code == 400
    doc = api.get("/openapi.json").json()
    op = doc["paths"]["/api/kirchhoff/daily/{date}"]["get"]
    assert "400" in op["responses"]
    assert "date" not in op["responses"]["404"]["description"]
