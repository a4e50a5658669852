"""Printing a board page: the title, the date or subtitle, the board and its game ID, nothing else.

Oracle: the page's own game ID (the Python engine's ID for the same route,
or today's daily ID from the midend), the computed styles under
``emulate_media(media="print")`` in both colour schemes, and a screenshot of
each preview kept for review (``PRINT_SHOTS`` names the folder).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from proofgrid import midend, registry
from tests.e2e.conftest import fresh_page

pytestmark = pytest.mark.slow

K_ID = "5x5de:EzQhxySCGIxxDEAM5"
M_ID = "6x6:FEb_zvibhIqC6EUqICGLKeqF4CRq"
SHOTS = os.environ.get("PRINT_SHOTS")


def _visible(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            "(s) => [...document.querySelectorAll(s)].some((n) => n.getClientRects().length > 0)",
            selector,
        )
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    ("route", "gid"), [("#daily", None), (f"#play/{M_ID}", M_ID), (f"#kirchhoff/play/{K_ID}", K_ID)]
)
def test_print_preview(
    browser: Any, base_url: str, scheme: str, route: str, gid: str | None
) -> None:
    with fresh_page(browser, viewport={"width": 900, "height": 1000}, color_scheme=scheme) as (
        _ctx,
        page,
        errs,
    ):
        page.goto(base_url + route)
        page.wait_for_selector("html[data-ready=true]")
        page.locator(".board-wrap .board").first.wait_for()
        page.emulate_media(media="print")
        if gid is None:  # today's daily by the page's own date (the midend's board of that date)
            date = page.locator(".view-head .sub").inner_text().strip()
            gid = midend.daily(registry.get("matchless"), midend.parse_date(date)).id
            assert _visible(page, ".view-head .sub")  # the daily's print carries its date
        assert page.locator(".print-id").inner_text().strip() == f"ID {gid}"
        assert _visible(page, ".print-id") and _visible(page, ".board-wrap .board")
        assert _visible(page, "#page-title")
        for chrome in (".site-head", ".controls", ".hud", ".site-foot"):
            assert not _visible(page, chrome), chrome
        bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert bg in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), bg
        if SHOTS:
            name = route.strip("#").split("/")[0] + ("-k" if "kirchhoff" in route else "")
            page.screenshot(path=str(Path(SHOTS) / f"print-{name}-{scheme}.png"), full_page=True)
        page.emulate_media(media="screen")
        assert not _visible(page, ".print-id")
        errs.check()
