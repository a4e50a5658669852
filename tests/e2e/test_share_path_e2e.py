"""The share path, phone first (issue 30, item 3), in a real browser.

No page scrolls sideways at 320, 390, 768 or 1280 px: every route of both
puzzles and the shell, including both dailies finished (their share cards carry
a long "Check it" link) and the result page that link opens. The oracle is the
page's own geometry: ``documentElement.scrollWidth <= innerWidth``.

The result page of a daily's code (made by the Python side) names the puzzle,
the daily's number and date (the Python daily of the day: the oracle), says
its summary at once and keeps the replay behind "Play it yourself first". Both
finished dailies show the countdown to the next one, and the Kirchhoff card
keeps its "Check it" link when the finished daily is opened again. The first
hint on a daily asks first, as the X-ray does.

The winning moves come from the Python engine (the daily's witness through
``/api/matchless/daily``; Kirchhoff's first solution of the board shown).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from proofgrid import registry, results
from tests.e2e.a11y import axe_violations
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, api, cell_name, fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage, draw_solution_arrows
from tests.e2e.matchless_page import daily_proof
from tests.print.test_results import kirchhoff_solution_moves

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


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
VIEWPORTS = pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
COUNTDOWN = r"Next daily in \d{1,2} h \d\d min \(midnight, your time\)\."


def daily_result_link(base_url: str, name: str, day: str, hints: int) -> tuple[str, dict[str, Any]]:
    """A result link (made by the Python side) finishing ``name``'s daily of ``day``
    with ``hints`` hints; and the Python daily (its number and date: the oracle)."""
    daily: dict[str, Any] = api(base_url, f"/api/{name}/daily/{day}")
    if name == "matchless":
        moves = [cell_name(rc) for rc in daily["witness"]]
    else:
        moves = kirchhoff_solution_moves(daily["id"])
    code = results.encode(results.make(registry.get(name), daily["id"], moves, hints=hints))
    return results.link(code), daily


@VIEWPORTS
@pytest.mark.parametrize("name", ["matchless", "kirchhoff"])
def test_the_result_page_says_who_finished_and_keeps_the_solution_for_later(
    browser: Any, base_url: str, viewport: dict[str, int], name: str
) -> None:
    with fresh_page(browser, viewport=viewport) as (_ctx, page, errs):
        day = pin_noon(page).isoformat()
        link, daily = daily_result_link(base_url, name, day, hints=1)
        page.goto(base_url + link)
        page.wait_for_selector(".result-view[data-verified='true']")
        title = {"matchless": "Matchless", "kirchhoff": "Kirchhoff"}[name]
        named = f"Daily {title} #{daily['number']}, {day}"
        page.wait_for_function("(t) => document.title.startsWith(t)", arg=named)
        assert page.inner_text("#page-title").startswith(named)
        unit = "matches" if name == "matchless" else "arrows"
        summary = page.inner_text(".result-summary")
        assert summary.startswith(
            f"A player finished Daily {title} #{daily['number']} of {day} in "
        )
        assert summary.endswith(f" {unit}, with 1 hint and no X-ray.")
        # the solution waits behind "Play it yourself first"
        assert page.get_by_role("heading", name="Play it yourself first").is_visible()
        assert not page.locator(".result-view svg.board").is_visible()
        play = page.get_by_role("link", name="Play today's daily")
        assert play.get_attribute("href") == (
            "#daily" if name == "matchless" else "#kirchhoff/daily"
        )
        assert axe_violations(page) == []
        reveal = page.get_by_role("button", name="Show the solution")
        assert reveal.get_attribute("aria-expanded") == "false"
        reveal.click()
        assert page.locator(".result-view svg.board").is_visible()
        assert page.evaluate("document.activeElement.textContent") == "◀◀ Start"
        play.click()
        page.wait_for_selector("main svg.board[data-ready='true']")
        assert page.evaluate("location.hash") == play_hash(name)
        errs.check()


def play_hash(name: str) -> str:
    return "#daily" if name == "matchless" else "#kirchhoff/daily"


def test_both_finished_dailies_count_down_and_kirchhoff_keeps_check_it(
    browser: Any, base_url: str
) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page)
        finish_matchless_daily(page, base_url)
        assert re.fullmatch(COUNTDOWN, page.inner_text("main .result .next-daily"))
        card = finish_kirchhoff_daily(page, base_url)
        assert re.fullmatch(COUNTDOWN, page.inner_text(f"{PLAY} .result .next-daily"))
        assert "Check it (shows my arrows): " in card
        # a revisit of the finished daily: the same card, link and countdown
        page.goto(base_url + "#home")
        page.goto(base_url + "#kirchhoff/daily")
        page.wait_for_selector(f"{PLAY} .result:not([hidden]) .share-text")
        again = page.inner_text(f"{PLAY} .share-text")
        assert "Check it (shows my arrows): " in again and "#result/kirchhoff." in again
        assert re.fullmatch(COUNTDOWN, page.inner_text(f"{PLAY} .result .next-daily"))
        errs.check()


ASK = "dialog.ask[open]"


def answer_the_hint_question(page: Any, yes: bool) -> None:
    """The first hint's question is open: check its words and answer it."""
    page.wait_for_selector(ASK)
    assert page.inner_text(f"{ASK} h2") == "Show a hint?"
    assert "won't count as at par" in page.inner_text(f"{ASK} p")
    assert page.evaluate("document.activeElement.textContent") == "Not now"
    page.click(f"{ASK} .ask-yes" if yes else f"{ASK} .ask-no")
    page.wait_for_selector(ASK, state="detached")


def test_the_first_hint_on_a_daily_asks_first(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page)
        page.goto(base_url + "#daily")
        Board(page).wait()
        page.click("main button.hint-btn")
        answer_the_hint_question(page, yes=False)
        assert page.get_attribute("main section[data-mode]", "data-hints") in (None, "0")
        assert page.is_hidden("main .hint-note")
        page.click("main button.hint-btn")
        answer_the_hint_question(page, yes=True)
        page.wait_for_selector("main .hint-note:not([hidden])")
        page.wait_for_selector("main [data-hints='1']")
        page.click("main button.hint-btn")  # asked once: the second hint comes at once
        page.wait_for_selector("main [data-hints='2']")
        assert page.locator(ASK).count() == 0

        page.goto(base_url + "#kirchhoff/daily")
        kp = KPage(page)
        kp.wait()
        page.click(f"{PLAY} button.hint")
        answer_the_hint_question(page, yes=False)
        assert page.get_attribute(f"{PLAY} .hint-panel", "data-stage") in (None, "0")
        page.click(f"{PLAY} button.hint")
        answer_the_hint_question(page, yes=True)
        page.wait_for_selector(f"{PLAY} .hint-panel[data-stage='1']")
        errs.check()
