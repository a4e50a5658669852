"""Issue 11: the toy puzzle (tests/toy) gets a browser route from the registry alone.

The server writes the toy's registry row into ``js/registry.json`` and serves
its folder at ``js/lamps/``; the shell, which names no puzzle, routes
``#lamps/...`` to it. Oracle: the toy's rules (switching off every lit lamp
wins), played in Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from proofgrid import registry
from proofgrid.server import create_app
from proofgrid.server.live import live_server
from tests.e2e.conftest import fresh_page
from tests.toy.entry import ENTRY

pytestmark = pytest.mark.slow


@pytest.fixture()
def toy_url() -> Iterator[str]:
    registry.register(ENTRY, replace=True)
    try:
        with live_server(app=create_app()) as url:
            yield url + "/"
    finally:
        registry.unregister(ENTRY.name)


def test_toy_route_plays_in_the_browser(browser: Any, toy_url: str) -> None:
    with fresh_page(browser, viewport={"width": 390, "height": 844}) as (_ctx, page, errs):
        page.goto(toy_url + "#lamps/play/5:10110")
        lamps = page.get_by_role("button", name="lit")
        lamps.first.wait_for()
        assert lamps.count() == 3
        for _ in range(3):
            page.get_by_role("button", name="lit").first.click()
        page.get_by_role("status").filter(has_text="All dark!").wait_for()
        # The other puzzles still route as before.
        page.goto(toy_url + "#kirchhoff")
        page.locator("html[data-puzzle='kirchhoff']").wait_for(state="attached")
        errs.check()
