"""The share path, phone first (issue 30, item 3), in a real browser.

No page scrolls sideways at 320, 390, 768 or 1280 px: every route of both
puzzles and the shell, including both dailies finished (their share cards carry
a long "Check it" link) and the result page that link opens. The oracle is the
page's own geometry: ``documentElement.scrollWidth <= innerWidth``.

The winning moves come from the Python engine (the daily's witness through
``/api/matchless/daily``; Kirchhoff's first solution of the board shown).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage, draw_solution_arrows
from tests.e2e.matchless_page import daily_proof

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

WIDTHS = (320, 390, 768, 1280)
#: Every route a player reaches from the navigation, the home and the books.
ROUTES = (
    "#home",
    "#archive",
    "#daily",
    "#play",
    "#practice",
    "#duel",
    "#edit",
    "#stats",
    "#why",
    "#kirchhoff",
    "#kirchhoff/daily",
    "#kirchhoff/edit",
    "#kirchhoff/rules",
    "#kirchhoff/stats",
    "#kirchhoff/why",
)

#: How far the page reaches past the viewport, and the widest element doing it.
OVERFLOW = r"""() => {
  const over = document.documentElement.scrollWidth - innerWidth;
  const name = (e) => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined
    ? '.' + String(e.className).trim().split(/\s+/).join('.') : '');
  const out = (e) => e.getBoundingClientRect().right > innerWidth + 0.5;
  const widest = over <= 0 ? [] : [...document.querySelectorAll('body *')]
    .filter((e) => out(e) && ![...e.children].some(out)).slice(0, 3).map(name);
  return {over, widest: widest.join(', ')};
}"""


def finish_matchless_daily(page: Any, base_url: str) -> None:
    """Play today's Matchless daily to the end with the Python engine's witness."""
    page.goto(base_url + "#daily")
    board = Board(page)
    board.wait()
    for rc in daily_proof(page, base_url)["witness"]:
        board.strike(rc)
    page.wait_for_selector("main .result:not([hidden]) .share-text")


def finish_kirchhoff_daily(page: Any, base_url: str) -> str:
    """Play today's Kirchhoff daily to the end (the Python engine's first solution);
    the share card's text."""
    page.goto(base_url + "#kirchhoff/daily")
    kp = KPage(page)
    kp.wait()
    draw_solution_arrows(kp, len(kp.marks()))
    page.wait_for_selector(f"{PLAY} .result:not([hidden]) .share-text")
    return str(page.inner_text(f"{PLAY} .share-text"))


def settle(page: Any, route: str) -> None:
    """Wait until the route's view has drawn its main content."""
    page.wait_for_function(
        "() => document.querySelector('main')?.children.length > 0"
        " && !document.querySelector('main [aria-busy=true]')"
    )
    if route in ("#daily", "#play", "#kirchhoff", "#kirchhoff/daily"):
        page.wait_for_selector("main svg.board[data-ready='true']")
    page.wait_for_timeout(150)


def test_no_page_scrolls_sideways_from_320_to_1280(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport={"width": 390, "height": 844}) as (_ctx, page, errs):
        pin_noon(page)
        finish_matchless_daily(page, base_url)
        card = finish_kirchhoff_daily(page, base_url)
        link = re.search(r"#result/\S+", card)
        assert link, card
        routes = (*ROUTES, link.group(0))
        wide: list[str] = []
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 800})
            for route in routes:
                page.goto(base_url + route)
                settle(page, route)
                got = page.evaluate(OVERFLOW)
                if got["over"] > 0:
                    wide.append(f"{route} at {width}px: {got['over']}px too wide ({got['widest']})")
        assert wide == [], "\n".join(wide)
        errs.check()
