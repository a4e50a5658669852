"""One game, one record (issue 30, items 1 and 2), in a real browser.

Today's daily of each puzzle is played to the end with one Hint, then every
page that speaks of it is read: the share text, the result code in its "Check
it" link, the home's tile, the archive's day, the stats page and the result
page opened fresh. They must all tell the midend's one record: one hint, and
so "solved with help", never "at par" (js/app/record.js HELP_RULE).

Oracles: the Python side — the daily's witness (``/api/matchless/daily``),
Kirchhoff's first solution of the board shown, and ``proofgrid.results.decode``
for the code the page made.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from proofgrid import results
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, cell_name, fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage, draw_solution_arrows
from tests.e2e.matchless_page import daily_proof

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}
LINK = re.compile(r"#result/(\S+)")


def say_yes_if_asked(page: Any) -> None:
    """A daily's first Hint asks first (as the X-ray does): answer yes when it does."""
    try:
        page.wait_for_selector("dialog.ask[open] .ask-yes", timeout=1500)
    except PlaywrightTimeout:  # no question was asked
        return
    page.click("dialog.ask[open] .ask-yes")


def code_of(share: str) -> results.Result:
    """The result code of a share card's "Check it" link, decoded by the Python side."""
    found = LINK.search(share)
    assert found, share
    return results.decode(found.group(1))


def read_home(page: Any, base_url: str, puzzle: str) -> tuple[str, str]:
    """The home's daily tile of ``puzzle``: (state, words)."""
    page.goto(base_url + "#home")
    tile = page.locator(f".daily-tile[data-puzzle='{puzzle}']")
    tile.wait_for()
    return str(tile.get_attribute("data-state")), tile.locator(".daily-state").inner_text()


def read_archive(page: Any, base_url: str, puzzle: str, day: str) -> tuple[str, str]:
    """The archive's cell of ``day`` for ``puzzle``: (kind, its label)."""
    page.goto(base_url + "#archive")
    cell = page.locator(f".archive-puzzle[data-puzzle='{puzzle}'] .cal-day[data-date='{day}']")
    cell.wait_for()
    return str(cell.get_attribute("data-kind")), str(cell.locator("a").get_attribute("aria-label"))


def read_result_page(browser: Any, base_url: str, share: str) -> str:
    """The result page of the share card's link, opened fresh (another device): its whole text."""
    found = LINK.search(share)
    assert found, share
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        page.goto(base_url + found.group(0))
        page.wait_for_selector("main .result-view[data-verified='true']")
        text = str(page.locator("main").text_content())
        errs.check()
    return text


def test_a_hinted_matchless_daily_tells_one_story(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page)
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        day = page.inner_text(".play .sub")
        proof = daily_proof(page, base_url)
        page.click("button.hint-btn")
        say_yes_if_asked(page)
        page.wait_for_selector(".hint-note:not([hidden]) .hint-move-line")
        hinted = page.inner_text(".hint-note .hint-move-line").removeprefix("Hint: ").strip()
        # The hint names a source component's shell: with the witness's other shells it is
        # par (a click on a shell already lit strikes nothing).
        board.strike([int(hinted[1:]) - 1, ord(hinted[0]) - 97])
        for rc in proof["witness"]:
            if cell_name(rc) != hinted and not page.locator("main .result:not([hidden])").count():
                board.strike(rc)
        page.wait_for_selector("main .result:not([hidden]) .share-text")
        used, par, _ = board.hud()
        assert used == par == proof["par"]
        assert page.inner_text(".hud .meter") == "Solved with help"  # the score bar says it too
        verdict = page.inner_text("main .result .verdict")
        assert "1 hint" in verdict and "at par" not in verdict, verdict
        share = page.inner_text(".share-text")
        assert "💡 1 hint" in share and "at par" not in share, share
        assert "it never counts as at par" in page.inner_text("main .result")  # the rule, said here
        code = code_of(share)
        assert (code.puzzle, code.hints, code.xray, len(code.moves)) == ("matchless", 1, False, par)

        state, words = read_home(page, base_url, "matchless")
        assert state == "solved" and "1 hint" in words and "at par" not in words, words
        kind, label = read_archive(page, base_url, "matchless", day)
        assert kind == "hints" and "1 hint" in label and "at par" not in label, label
        page.goto(base_url + "#stats")
        page.wait_for_selector("main .stats .win-pct")
        assert page.inner_text("main .stats .win-pct strong") == "0%"
        assert "Hints used on 1 daily" in page.inner_text("main .stats")
        errs.check()
    text = read_result_page(browser, base_url, share)
    assert "1 hint" in text and "solved at par" not in text, text


def test_a_hinted_kirchhoff_daily_tells_one_story(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page)
        page.goto(base_url + "#kirchhoff/daily")
        kp = KPage(page)
        kp.wait()
        day = str(page.get_attribute(PLAY, "data-date"))
        page.click(f"{PLAY} button.hint")
        say_yes_if_asked(page)
        page.wait_for_function(
            f"() => document.querySelector('{PLAY}').dataset.hintsShown === '1'", timeout=30000
        )
        draw_solution_arrows(kp, len(kp.marks()))
        page.wait_for_selector(f"{PLAY} .result:not([hidden]) .share-text")
        share = page.inner_text(f"{PLAY} .share-text")
        assert "💡 1 hint" in share and "no hints" not in share, share
        assert "it never counts as at par" in page.inner_text(f"{PLAY} .result")
        code = code_of(share)
        assert (code.puzzle, code.hints, code.xray) == ("kirchhoff", 1, False)

        state, words = read_home(page, base_url, "kirchhoff")
        assert state == "solved" and "1 hint" in words, words
        kind, label = read_archive(page, base_url, "kirchhoff", day)
        assert kind == "hints" and "1 hint" in label, label
        page.goto(base_url + "#kirchhoff/stats")
        page.wait_for_selector("main .clean-pct")
        assert page.inner_text("main .clean-pct strong") == "0%"
        errs.check()
    text = read_result_page(browser, base_url, share)
    assert "1 hint" in text, text
