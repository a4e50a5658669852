"""Fixtures shared by the web tests: one in-process client over the whole app.

``raise_server_exceptions=False`` lets a test see a 5xx as a response (the API
tests assert that garbage input never produces one) instead of an exception.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from proofgrid.server import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """A test client over :func:`proofgrid.server.create_app`, one per test module."""
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c
