"""Issue 20's acceptance, played as a new player would in a real browser (Debian's
Chromium, Playwright): the home with both dailies and today's state, two past dailies
of each puzzle online and offline after one visit, a future date, the Kirchhoff
b2–c2 lost verdict on a phone, the Matchless Hint, and finishing today's Matchless
at par with Share in view and focused (phone and desktop).

The day is today's (``tests/e2e/clock.pin_noon``: noon UTC, so no midnight
mid-test); the two past days are the launch day and yesterday. Oracles, each a
separate Python process or the engine's own API: the CLI's board for each date
(``proofgrid <puzzle> daily --date D --json``), the CLI's hints (``proofgrid
kirchhoff hint … --json``, ``proofgrid matchless hint … --json``), the Python
engine's par witness (``/api/matchless/daily``), and the viewport's geometry.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from tools.proofcheck import check, clues_from_game_id

from proofgrid.kirchhoff.board import Mark
from proofgrid.kirchhoff.daily import LAUNCH as K_LAUNCH
from proofgrid.kirchhoff.moves import format_move
from proofgrid.matchless.daily import LAUNCH as M_LAUNCH
from proofgrid.server.live import live_server
from tests.e2e.a11y import open_route, page_problem
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import (
    IDLE_FETCH_DONE,
    Board,
    cell_name,
    cli_json,
    fresh_page,
    say_yes_if_asked,
)
from tests.e2e.kirchhoff_page import PLAY, KPage
from tests.e2e.matchless_page import daily_proof
from tests.e2e.test_archive_e2e import cli_daily, kirchhoff_shown, matchless_shown
from tests.e2e.test_kirchhoff_verdict_e2e import GAME as LOST_GAME
from tests.e2e.test_kirchhoff_verdict_e2e import tapped_edge
from tests.e2e.test_matchless_finish_e2e import _IN_VIEW

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def past_days(today: dt.date) -> tuple[str, str]:
    """Two days with a daily of each puzzle before ``today``: the launch day and yesterday."""
    launch = max(M_LAUNCH, K_LAUNCH)
    yesterday = today - dt.timedelta(days=1)
    assert yesterday > launch, f"{today} is too close to the launch ({launch}) for two past days"
    return launch.isoformat(), yesterday.isoformat()


def test_the_home_shows_both_dailies_today_and_the_archive(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=PHONE, first_visit=True) as (_ctx, page, errs):
        pin_noon(page)
        open_route(page, base_url, "")
        tiles = page.eval_on_selector_all(
            "main .daily-tile",
            "els => els.map(e => [e.dataset.puzzle, e.dataset.state,"
            " e.querySelector('a').getAttribute('href'),"
            " e.querySelector('.daily-state').innerText])",
        )
        assert tiles == [
            ["matchless", "new", "#daily", "Not played yet"],
            ["kirchhoff", "new", "#kirchhoff/daily", "Not played yet"],
        ], tiles
        for sel in ("main .daily-tile a", "main a.archive-link"):
            for link in page.query_selector_all(sel):
                assert link.is_visible() and link.bounding_box()["y"] < PHONE["height"], sel
        page.click("main a.archive-link")
        page.wait_for_selector("main .archive")
        calendars = page.eval_on_selector_all(
            "main .archive-puzzle", "els => els.map(e => e.dataset.puzzle)"
        )
        assert calendars == ["matchless", "kirchhoff"]
        assert page_problem(page) is None
        errs.check()


def test_two_past_dailies_online_then_offline_after_one_visit(browser: Any) -> None:
    with (
        live_server() as url,
        fresh_page(browser, service_workers="allow", viewport=PHONE) as (ctx, page, errs),
    ):
        base = url + "/"
        day = pin_noon(page)
        days = past_days(day)
        open_route(page, base, "")
        today = {
            "daily": matchless_shown(page, base, "#daily"),
            "kirchhoff/daily": kirchhoff_shown(page, base, "#kirchhoff/daily"),
        }
        assert today["daily"] == cli_daily("matchless", day.isoformat())
        assert today["kirchhoff/daily"] == cli_daily("kirchhoff", day.isoformat())
        want = {
            (route, d): cli_daily("matchless" if route == "daily" else "kirchhoff", d)
            for route in today
            for d in days
        }
        for (route, d), gid in want.items():
            assert gid != today[route], (route, d)
            show = matchless_shown if route == "daily" else kirchhoff_shown
            assert show(page, base, f"#{route}/{d}") == gid, (route, d)
        page.wait_for_function(IDLE_FETCH_DONE, timeout=90_000)
        ctx.set_offline(True)
        try:
            for (route, d), gid in want.items():
                show = matchless_shown if route == "daily" else kirchhoff_shown
                page.goto(base + f"#{route}/{d}")
                page.reload()  # a navigation offline, not only a hash change
                assert show(page, base, f"#{route}/{d}") == gid, (route, d, "offline")
                assert page_problem(page) is None
        finally:
            ctx.set_offline(False)
        errs.check()


@pytest.mark.parametrize("route", ["daily", "kirchhoff/daily"])
def test_a_future_date_says_come_back_on_that_day(browser: Any, base_url: str, route: str) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        day = pin_noon(page)
        future = (day + dt.timedelta(days=1)).isoformat()
        open_route(page, base_url, f"#{route}/{future}")
        text = page.inner_text("main .not-out")
        assert f"This daily isn't out yet — come back on {future}." in text, text
        assert page_problem(page) is None
        assert page.query_selector("main svg.board") is None
        assert "went wrong" not in page.inner_text("body").lower()
        errs.check()


def _position_moves(kp: KPage) -> list[str]:
    """The page's marks as move texts (arrows and crosses), for the CLI."""
    board = kp.board()
    return [format_move(board, e, Mark(m)) for e, m in enumerate(kp.marks()) if m]


def _lost_verdict(page: Any, base_url: str) -> tuple[KPage, str, list[str]]:
    """Open the b2–c2 board on the page, tap b2–c2 once; (the view, the alarm's
    headline, the proof's sentences on the page, one per line)."""
    open_route(page, base_url, "#kirchhoff/play/" + LOST_GAME)
    kp = KPage(page)
    kp.wait()
    kp.click_edge(tapped_edge())  # one tap: the arrow b2→c2
    page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
    headline = page.inner_text(f"{PLAY} .alarm-headline")
    steps = page.locator(f"{PLAY} .alarm-proof li")
    for i in range(steps.count()):
        assert steps.nth(i).is_visible(), f"proof step {i} is hidden"
    shown = [line.strip() for t in steps.all_inner_texts() for line in t.split("\n")]
    return kp, headline, [line for line in shown if line]


def _cli_lost(moves: list[str], *flags: str) -> tuple[str, list[str]]:
    """The CLI's lost verdict for ``moves``: (its headline without "lost — ", its sentences)."""
    cli = cli_json("kirchhoff", "hint", LOST_GAME, "--moves", " ".join(moves), *flags)
    assert cli["status"] == "lost", cli
    words = [w.strip() for w in cli["hint"]["words"]]
    assert words[0].startswith("lost — ")
    return words[0].removeprefix("lost — "), words[1:]


def test_the_b2_c2_lost_verdict_holds_for_the_board_shown_on_a_phone(
    browser: Any, base_url: str
) -> None:
    """The board shown holds the tap and the empties the game crossed (Easy marks them).
    The verdict's proof on the page is a valid lost proof for every mark shown (the
    independent checker, tools/proofcheck.py), leans on the player's tap alone, and its
    sentences are the CLI's when it crosses the empties too (``--mark-empties``)."""
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        kp, headline, shown = _lost_verdict(page, base_url)
        moves = _position_moves(kp)
        assert "b2>c2" in moves and len(moves) > 1, moves  # the game crossed empties
        proof = json.loads(page.get_attribute(PLAY, "data-proof") or "null")
        check(clues_from_game_id(LOST_GAME), proof, lost=True, marks=moves)
        assert proof["uses"] == ["b2>c2"], proof["uses"]
        cli_head, words = _cli_lost(["b2>c2"], "--mark-empties")
        assert "b2→c2" in headline and cli_head in headline, (headline, cli_head)
        assert "marked empty" not in headline, headline
        assert words and shown == words, (shown, words)
        body = page.inner_text("body")
        for sentence in words:
            assert sentence in body
        errs.check()


def test_the_b2_c2_verdict_is_the_one_of_the_players_own_tap(browser: Any, base_url: str) -> None:
    """As the issue states it: one tap on b2–c2 gets the engine's verdict for the move
    b2>c2 (``proofgrid kirchhoff hint … --moves b2>c2``): "the arrow b2→c2 cannot be
    right" and its five sentences. The empties the game crosses for the player are
    proved by the clues alone, so they are never among the marks to blame."""
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        _kp, headline, shown = _lost_verdict(page, base_url)
        cli_head, proof = _cli_lost(["b2>c2"])
        assert cli_head == "the arrow b2→c2 cannot be right" and len(proof) == 5
        assert cli_head in headline, headline
        assert shown == proof, (shown, proof)
        errs.check()


_CLIPPED_STEPS = """() => [...document.querySelectorAll('.kirchhoff-play .alarm-proof li')]
  .map((li) => {
    const box = li.closest('.alarm-proof');
    return [Math.round(li.getBoundingClientRect().height), box.clientHeight];
  })
  .filter(([h, room]) => h > room)"""


def test_each_sentence_of_the_verdict_can_be_read_whole_on_a_phone(
    browser: Any, base_url: str
) -> None:
    """Oracle: the layout's own boxes: no step of the proof is taller than the room
    its list gives it, so a sentence is read whole, not two lines at a time."""
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        _lost_verdict(page, base_url)
        assert page.evaluate(_CLIPPED_STEPS) == []
        errs.check()


def test_the_matchless_hint_names_the_clis_shell_and_never_strikes(
    browser: Any, base_url: str
) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page)
        open_route(page, base_url, "#daily")
        board = Board(page)
        board.wait()
        proof = daily_proof(page, base_url)
        names = [cell_name(rc) for rc in proof["shells"]]
        page.get_by_role("button", name="Hint").click()
        say_yes_if_asked(page)  # the first hint on a daily asks first
        page.wait_for_selector(".hint-note:not([hidden])")
        paras = page.eval_on_selector_all(".hint-note p", "els => els.map(e => e.textContent)")
        want = cli_json("matchless", "hint", proof["id"])["hint"]
        assert paras[0] == f"Hint: {want['move']}"
        assert paras[1:] == want["words"]
        outlined = page.eval_on_selector_all(
            ".shell-cell.hinted", "els => els.map(e => Number(e.dataset.shell))"
        )
        assert sorted(outlined) == sorted(names.index(c) for c in want["proof"]["component"])
        assert board.hud()[0] == 0 and board.lit() == []  # a hint never strikes
        errs.check()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_finishing_todays_matchless_at_par_focuses_share_in_view(
    browser: Any, base_url: str, viewport: dict[str, int]
) -> None:
    with fresh_page(browser, viewport=viewport) as (_ctx, page, errs):
        pin_noon(page)
        open_route(page, base_url, "")
        page.click("main .daily-tile[data-puzzle='matchless'] a")
        board = Board(page)
        board.wait()
        proof = daily_proof(page, base_url)
        for rc in proof["witness"]:
            board.strike(rc)
        assert board.hud()[:2] == (proof["par"], proof["par"])
        page.wait_for_selector("main .result:not([hidden])")
        share = "main .result button.share"
        page.wait_for_function(f"() => document.activeElement.matches({share!r})")
        page.wait_for_function(_IN_VIEW, arg=share)
        assert page.locator(share).is_visible()
        # Back home, today's tile says so.
        open_route(page, base_url, "#home")
        tile = page.locator("main .daily-tile[data-puzzle='matchless']")
        assert tile.get_attribute("data-state") == "solved"
        # the tile's state line (the streak follows it on its own line)
        lines = tile.inner_text().splitlines()
        assert f"Solved in {proof['par']}, at par" in lines, lines
        errs.check()
