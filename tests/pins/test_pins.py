"""Pinned outputs from before the registry refactor (issue 11): nothing may change meaning.

Oracle: the outputs the code printed before any surface moved
(``tests/pins/pins.json``, recorded by ``make_pins.py``). JSON answers may gain
fields ("add, do not break") but every pinned field keeps its value; text
answers and exit codes are compared exactly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from proofgrid.server import create_app
from tests.pins.make_pins import run_api, run_cli

PINS = json.loads((Path(__file__).parent / "pins.json").read_text())


def _contains(new: Any, old: Any, path: str = "$") -> None:
    """``new`` holds everything ``old`` held (dicts may gain keys)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), path
        for k, v in old.items():
            assert k in new, f"{path}.{k} disappeared"
            _contains(new[k], v, f"{path}.{k}")
    else:
        assert new == old, f"{path}: {new!r} != {old!r}"


@pytest.mark.parametrize("case", PINS["cli"], ids=lambda c: " ".join(c["args"]))
def test_cli_output_unchanged(case: dict[str, Any]) -> None:
    got = run_cli(case["args"])
    assert got["code"] == case["code"]
    assert got["stderr"] == case["stderr"]
    if "--json" in case["args"] and case["code"] == 0:
        _contains(json.loads(got["stdout"]), json.loads(case["stdout"]))
    else:
        assert got["stdout"] == case["stdout"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


@pytest.mark.parametrize("case", PINS["api"], ids=lambda c: f"{c['method']} {c['url']}")
def test_api_answer_unchanged(client: TestClient, case: dict[str, Any]) -> None:
    got = run_api(client, case["method"], case["url"], case["body"])
    assert got["status"] == case["status"]
    _contains(got["json"], case["json"])
