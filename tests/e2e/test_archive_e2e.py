"""The site's home and the daily archive, in a real browser (Debian's Chromium, Playwright).

The browser's clock is pinned to noon UTC of 2027-01-03, so two past days lie on
either side of the Matchless model switch (2027-01-01). Oracles: the Python
CLI's board for each date (``proofgrid <puzzle> daily --date D --json``, run as
a separate process), today's board as the page shows it, and the registry.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from typing import Any

import pytest

from proofgrid.server.live import live_server
from tests.e2e.a11y import axe_violations, describe, open_route, page_problem
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import IDLE_FETCH_DONE, Board, cli_json, fresh_page
from tests.e2e.kirchhoff_page import PLAY

pytestmark = pytest.mark.slow

TODAY = dt.date(2027, 1, 3)
PAST = ("2026-12-31", "2027-01-02")  # before and after the Matchless v2 switch
SHOTS = "/work/wt/shell-shots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def cli_proof(date: str) -> dict[str, Any]:
    """The CLI's JSON for a date's Matchless daily (its witness: a par solution)."""
    return cli_json("matchless", "daily", "--date", date)


def cli_daily(puzzle: str, date: str) -> str:
    """The game ID the CLI gives for a date's daily."""
    out = subprocess.run(
        [sys.executable, "-m", "proofgrid", puzzle, "daily", "--date", date, "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return str(json.loads(out)["id"])


def matchless_shown(page: Any, base: str, route: str) -> str:
    open_route(page, base, route)
    Board(page).wait()
    return Board(page).game_id()


def kirchhoff_shown(page: Any, base: str, route: str) -> str:
    open_route(page, base, route)
    page.wait_for_selector(f"{PLAY} svg.board[data-ready='true']", timeout=60_000)
    return str(page.get_attribute(PLAY, "data-game-id"))


def test_past_dailies_are_the_clis_boards_online_and_offline(browser: Any) -> None:
    with (
        live_server() as url,
        fresh_page(browser, service_workers="allow", viewport=PHONE) as (ctx, page, errs),
    ):
        pin_noon(page, TODAY)
        base = url + "/"
        page.goto(base)
        page.wait_for_selector("main .home .daily-tile a")
        today_m = matchless_shown(page, base, "#daily")
        today_k = kirchhoff_shown(page, base, "#kirchhoff/daily")
        assert today_m == cli_daily("matchless", TODAY.isoformat())
        want = {d: (cli_daily("matchless", d), cli_daily("kirchhoff", d)) for d in PAST}
        for d, (m, k) in want.items():
            assert m != today_m and k != today_k, d
            assert matchless_shown(page, base, f"#daily/{d}") == m, d
            assert page.get_attribute("main > section", "data-mode") == "daily-archive"
            assert kirchhoff_shown(page, base, f"#kirchhoff/daily/{d}") == k, d
        page.wait_for_function(IDLE_FETCH_DONE, timeout=90_000)
        ctx.set_offline(True)
        try:
            for d, (m, k) in want.items():
                page.goto(base + f"#daily/{d}")
                page.reload()  # a navigation offline, not only a hash change
                assert matchless_shown(page, base, f"#daily/{d}") == m, d
                assert kirchhoff_shown(page, base, f"#kirchhoff/daily/{d}") == k, d
            open_route(page, base, "#archive")
            assert page_problem(page) is None
        finally:
            ctx.set_offline(False)
        errs.check()


@pytest.mark.parametrize(
    ("route", "words"),
    [
        ("#daily/2027-01-09", "isn't out yet — come back on 2027-01-09"),
        ("#kirchhoff/daily/2027-02-01", "isn't out yet — come back on 2027-02-01"),
        ("#daily/2026-11-01", "began on 2026-11-30"),
        ("#kirchhoff/daily/not-a-date", "not a date"),
    ],
)
def test_a_date_without_a_board_gets_a_plain_message(
    browser: Any, base_url: str, route: str, words: str
) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page, TODAY)
        open_route(page, base_url, route)
        text = page.inner_text("main .not-out")
        assert words in text, text
        assert page_problem(page) is None
        assert page.query_selector("main svg.board") is None
        assert page.get_attribute("main .not-out a.primary", "href").endswith("daily")
        errs.check()


def test_archive_plays_never_change_the_streak_and_the_home_shows_today(
    browser: Any, base_url: str
) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page, TODAY)
        open_route(page, base_url, "#home")
        states = page.eval_on_selector_all(
            ".daily-tile", "els => els.map(e => [e.dataset.puzzle, e.dataset.state, e.innerText])"
        )
        assert [s[1] for s in states] == ["new", "new"], states
        labels = page.eval_on_selector_all(".daily-tile a", "els => els.map(e => e.textContent)")
        assert labels == ["Today's Matchless", "Daily Kirchhoff"]
        assert page.get_attribute(".archive-link", "href") == "#archive"
        # A past daily, finished from its proof: the archive shows it, the streak stays 0.
        matchless_shown(page, base_url, f"#daily/{PAST[0]}")
        witness = cli_proof(PAST[0])["witness"]
        board = Board(page)
        for rc in witness:
            board.strike(rc)
        page.wait_for_selector(".daily-result")
        stored = page.evaluate("JSON.parse(localStorage.getItem('proofgrid.matchless.daily'))")
        assert not (stored and stored["data"]["records"]), "an archive play is not a daily record"
        open_route(page, base_url, "#archive")
        cell = page.query_selector(
            f".archive-puzzle[data-puzzle='matchless'] [data-date='{PAST[0]}']"
        )
        assert cell is not None and cell.get_attribute("data-kind") == "par"
        label = cell.query_selector("a").get_attribute("aria-label")
        assert "at par" in label, label
        other = page.query_selector(
            f".archive-puzzle[data-puzzle='matchless'] [data-date='{PAST[1]}']"
        )
        assert other.get_attribute("data-kind") == "none"
        # Today's daily: one move makes it "in progress" on the home.
        matchless_shown(page, base_url, "#daily")
        board.strike(cli_proof(TODAY.isoformat())["witness"][0])
        open_route(page, base_url, "#home")
        tile = page.query_selector(".daily-tile[data-puzzle='matchless']")
        assert tile.get_attribute("data-state") == "playing", tile.inner_text()
        errs.check()


@pytest.mark.parametrize("route", ["#home", "#archive", f"#daily/{PAST[0]}"])
def test_home_archive_and_a_past_daily_pass_axe(browser: Any, base_url: str, route: str) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page, TODAY)
        open_route(page, base_url, route)
        bad = axe_violations(page)
        assert bad == [], describe(bad)
        errs.check()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_screenshots_of_the_home_and_the_archive(
    browser: Any, base_url: str, theme: str, viewport: dict[str, int]
) -> None:
    w = viewport["width"]
    with fresh_page(browser, viewport=viewport, color_scheme=theme) as (_ctx, page, errs):
        pin_noon(page, TODAY)
        for route, name in (("#home", "home"), ("#archive", "archive")):
            open_route(page, base_url, route)
            page.screenshot(path=f"{SHOTS}/{name}-{theme}-{w}.png", full_page=True)
        errs.check()
