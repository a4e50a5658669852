"""Rough edges of both puzzles and the shell (issue 20, item 7), each checked in a
real browser as a player meets it, each test failing on the code before its fix:
the how-to's caption fits its box, a Kirchhoff preset board keeps its grade after
a reload, a failed page says its heading once, the archive knows a half-played
day, a past daily has a share card that names its date, and the settings panel
shows "Mark obvious empties" as the game plays it.

Oracles: the page's own geometry (bounding boxes, scroll sizes), the words the
page showed before the reload, the headings' text, the CLI's board of a date.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from proofgrid.server.live import live_server
from tests.e2e.a11y import axe_violations, describe, open_route, page_problem
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import IDLE_FETCH_DONE, Board, cli_json, fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage, draw_solution_arrows

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: The browser's day for the archive tests (as tests/e2e/test_archive_e2e.py), and a past one.
TODAY = dt.date(2027, 1, 3)
PAST = "2026-12-31"
VIEWPORTS = pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])

CAPTION_FITS = """() => {
  const t = document.querySelector('dialog.howto-dialog .howto-demo .demo-caption');
  if (!t) return {missing: true};
  const r = t.getBoundingClientRect();
  const box = t.closest('.howto-demo').getBoundingClientRect();
  return {
    text: t.textContent, scroll: t.scrollWidth, client: t.clientWidth,
    inBox: r.left >= box.left - 0.5 && r.right <= box.right + 0.5
      && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
    inView: r.left >= 0 && r.right <= innerWidth, width: r.width,
  };
}"""


@VIEWPORTS
@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_howto_caption_is_not_clipped(
    browser: Any, base_url: str, viewport: dict[str, int], motion: str
) -> None:
    with fresh_page(browser, viewport=viewport, reduced_motion=motion, first_visit=True) as (
        _ctx,
        page,
        errs,
    ):
        page.goto(base_url + "#daily")
        page.wait_for_selector("dialog.howto-dialog[open] .howto-demo .demo-caption")
        # Every caption the demo shows (0, 1 and 2 matches) fits; the widest is the last.
        page.wait_for_function(
            "() => document.querySelector('dialog.howto-dialog .demo-caption')"
            ".textContent.startsWith('2 matches')",
            timeout=10_000,
        )
        got = page.evaluate(CAPTION_FITS)
        assert got["text"] == "2 matches · par 2", got
        assert got["scroll"] <= got["client"] and got["width"] > 0, got
        assert got["inBox"] and got["inView"], got
        errs.check()


HEADINGS = """() => [...document.querySelectorAll('h1, h2')].map((e) => ({
  text: e.textContent.trim(),
  shown: e.checkVisibility() && e.getBoundingClientRect().width > 2,
}))"""


@VIEWPORTS
@pytest.mark.parametrize(
    "route",
    ["#kirchhoff/play/99x99%23abc", "#kirchhoff/play/5x5dq%231", "#kirchhoff/new/giant"],
    ids=["bad-size", "bad-grade", "building"],
)
def test_an_error_page_says_its_heading_once(
    browser: Any, base_url: str, viewport: dict[str, int], route: str
) -> None:
    """A link whose board cannot be built (and the page while one builds): the
    page's one heading names it, no second heading repeats it (shown or not)."""
    with fresh_page(browser, viewport=viewport) as (_ctx, page, errs):
        page.goto(base_url + route)
        if route.startswith("#kirchhoff/new"):
            page.wait_for_selector("main [data-building='true']")
        else:
            page.wait_for_selector("main [data-building='failed']")
            assert "board size isn't valid" in page.inner_text("main .notice.bad")
        title = page.inner_text("#page-title").strip()
        assert title.startswith("Kirchhoff"), title
        heads = page.evaluate(HEADINGS)
        same = [h for h in heads if h["text"] == title]
        assert len(same) == 1, heads
        errs.check()


def _kirchhoff_heading(page: Any) -> tuple[str, str, str]:
    """(the page's title, the play view's subtitle, its mode)."""
    return (
        page.inner_text("#page-title").strip(),
        page.inner_text(f"{PLAY} .view-head .sub").strip(),
        str(page.get_attribute(PLAY, "data-mode")),
    )


@VIEWPORTS
def test_a_kirchhoff_preset_keeps_its_grade_after_a_reload(
    browser: Any, base_url: str, viewport: dict[str, int]
) -> None:
    """Oracle: the words the page showed before the reload (and in another tab)."""
    with fresh_page(browser, viewport=viewport) as (ctx, page, errs):
        open_route(page, base_url, "#kirchhoff")
        page.click(f"{PLAY} nav.presets a:text-is('Medium 6×6')")
        page.wait_for_function("() => location.hash.startsWith('#kirchhoff/play/6x6')")
        kp = KPage(page)
        kp.wait()
        before = _kirchhoff_heading(page)
        assert before[0] == "Kirchhoff — Medium 6×6", before
        assert before[1].startswith("Grade: "), before  # the grade the generator measured
        assert before[2] == "kirchhoff-play", before
        page.reload()  # before any mark: nothing is saved yet
        kp.wait()
        assert _kirchhoff_heading(page) == before
        draw_solution_arrows(kp, 1)  # a touched board is saved, with its grade
        other = ctx.new_page()
        errs.attach(other)
        other.goto(page.url)
        KPage(other).wait()
        assert _kirchhoff_heading(other)[:2] == before[:2]
        errs.check()


def archive_cell(page: Any, puzzle: str, date: str) -> tuple[str, str]:
    """(data-kind, the link's spoken words) of a day in the archive's calendar."""
    cell = page.query_selector(f".archive-puzzle[data-puzzle='{puzzle}'] [data-date='{date}']")
    assert cell is not None, (puzzle, date)
    return str(cell.get_attribute("data-kind")), str(
        cell.query_selector("a").get_attribute("aria-label")
    )


def test_the_archive_says_in_progress_for_a_half_played_past_day(
    browser: Any, base_url: str
) -> None:
    """A past daily with one mark and no finish, in each puzzle: the calendar says
    "in progress", not "not played"; the other days stay "not played"."""
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        pin_noon(page, TODAY)
        open_route(page, base_url, f"#kirchhoff/daily/{PAST}")
        kp = KPage(page)
        kp.wait(timeout=60_000)
        assert page.get_attribute(PLAY, "data-mode") == "kirchhoff-daily-archive"
        draw_solution_arrows(kp, 1)
        open_route(page, base_url, f"#daily/{PAST}")
        board = Board(page)
        board.wait()
        cell = page.eval_on_selector("main .shell-cell", "e => Number(e.dataset.cell)")
        page.click(f"main .cell[data-cell='{cell}']")
        board.settle()
        open_route(page, base_url, "#archive")
        for puzzle in ("kirchhoff", "matchless"):
            kind, words = archive_cell(page, puzzle, PAST)
            assert kind == "playing", (puzzle, kind, words)
            assert words.endswith("in progress"), words
            assert archive_cell(page, puzzle, "2027-01-02")[0] == "none"
        errs.check()


def daily_json(puzzle: str, date: str) -> dict[str, Any]:
    """The CLI's JSON for a date's daily (a separate process: the Python engine)."""
    return cli_json(puzzle, "daily", "--date", date)


def daily_records(page: Any, puzzle: str) -> dict[str, Any]:
    """The records that count for a puzzle's streak (today's dailies only)."""
    raw = page.evaluate(f"localStorage.getItem('proofgrid.{puzzle}.daily')")
    return dict(json.loads(raw)["data"]["records"]) if raw else {}


def shown_card(page: Any) -> list[str]:
    """The share card's lines, after its Share button is in view."""
    page.wait_for_selector("main .daily-result button.share")
    # The result is brought into view by a smooth scroll: give it time to land.
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says where it stopped
        page.wait_for_function(
            """() => { const b = document.querySelector('main .daily-result button.share');
                       const r = b.getBoundingClientRect();
                       return r.top >= 0 && r.bottom <= window.innerHeight; }""",
            timeout=5_000,
        )
    share = page.query_selector("main .daily-result button.share")
    box = share.bounding_box()
    assert box is not None, "no Share button"
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], box
    return str(page.inner_text("main .daily-result .share-text")).splitlines()


@VIEWPORTS
def test_a_past_daily_has_a_share_card_that_names_its_date(
    browser: Any, base_url: str, viewport: dict[str, int]
) -> None:
    """Finishing a past day's daily (each puzzle, from the Python engine's answer)
    shows a share card like today's: it names the date, links that day, says no
    streak, and the streak's records stay empty."""
    m = daily_json("matchless", PAST)
    with fresh_page(browser, viewport=viewport) as (_ctx, page, errs):
        pin_noon(page, TODAY)
        open_route(page, base_url, f"#daily/{PAST}")
        board = Board(page)
        board.wait()
        assert board.game_id() == m["id"]
        for rc in m["witness"]:
            board.strike(rc)
        card = shown_card(page)
        assert card[0] == f"Matchless #{m['number']} · {PAST}", card
        assert card[1] == f"{m['par']} matches (at par)", card
        assert not any("Streak" in line for line in card), card
        assert any(line.endswith(f"#daily/{PAST}") for line in card), card
        assert any("Check it" in line and "#result/" in line for line in card), card
        assert "streak is unchanged" in page.inner_text("main .daily-result")
        assert daily_records(page, "matchless") == {}

        open_route(page, base_url, f"#kirchhoff/daily/{PAST}")
        kp = KPage(page)
        kp.wait(timeout=60_000)
        assert kp.game_id() == daily_json("kirchhoff", PAST)["id"]
        number = page.get_attribute(PLAY, "data-puzzle")
        draw_solution_arrows(kp, 10**6)
        assert kp.won()
        card = shown_card(page)
        assert card[0] == f"Kirchhoff #{number} · {PAST}", card
        assert card[1] == "💡 no hints", card
        assert not any("Streak" in line for line in card), card
        assert any(line.endswith(f"#kirchhoff/daily/{PAST}") for line in card), card
        assert daily_records(page, "kirchhoff") == {}
        errs.check()


def _empties_box(page: Any) -> tuple[bool, str]:
    """Open the settings panel: ("Mark obvious empties" checked, its help); closes it again."""
    page.click("#settings-open")
    page.wait_for_selector("dialog.settings-dialog[open]")
    box = "#setting-kirchhoff-empties"
    assert page.inner_text("label[for='setting-kirchhoff-empties']").strip() == (
        "Mark obvious empties"
    )
    got = page.is_checked(box), page.inner_text("#setting-kirchhoff-empties-help")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.settings-dialog", state="detached")
    return got


@pytest.mark.parametrize(
    ("preset", "on"),
    [("easy", True), ("medium", True), ("hard", True), ("expert", True)],
)
def test_the_settings_panel_shows_mark_obvious_empties_as_the_board_plays_it(
    browser: Any, base_url: str, preset: str, on: bool
) -> None:
    """A fresh player (no choice stored): the panel's checkbox is the default the
    board on screen plays with, on on every preset (issue 31: the first hint is a real
    deduction); a click is a choice that sticks."""
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        open_route(page, base_url, f"#kirchhoff/new/{preset}")
        KPage(page).wait(timeout=60_000)
        assert page.get_attribute(PLAY, "data-preset") == preset
        checked, help_text = _empties_box(page)
        assert checked is on, (preset, checked)
        assert "start with a real deduction" in help_text
        page.click("#settings-open")
        page.click("#setting-kirchhoff-empties")
        page.keyboard.press("Escape")
        stored = page.evaluate("JSON.parse(localStorage.getItem('proofgrid.settings'))")
        assert stored["data"]["puzzles"]["kirchhoff"]["empties"] is (not on)
        assert _empties_box(page)[0] is (not on)  # the player's choice, not the default
        errs.check()


def _start_past_dailies(page: Any, base_url: str) -> tuple[list[int], list[int]]:
    """One mark on each puzzle's PAST daily; (Matchless lit shells, Kirchhoff marks) after it."""
    open_route(page, base_url, f"#kirchhoff/daily/{PAST}")
    kp = KPage(page)
    kp.wait(timeout=60_000)
    draw_solution_arrows(kp, 2)
    marks = kp.marks()
    open_route(page, base_url, f"#daily/{PAST}")
    board = Board(page)
    board.wait()
    board.strike(daily_json("matchless", PAST)["witness"][0])
    return board.lit(), marks


@pytest.mark.parametrize("theme", ["light", "dark"])
@VIEWPORTS
def test_the_archive_and_past_dailies_pass_axe_in_every_state(
    browser: Any, base_url: str, viewport: dict[str, int], theme: str
) -> None:
    """axe-core, 0 critical or serious: the archive with a day in progress and one
    solved, a past daily in progress (each puzzle), a past daily's finish with its
    share card, and a date before the launch."""
    with fresh_page(browser, viewport=viewport, color_scheme=theme) as (_ctx, page, errs):
        pin_noon(page, TODAY)
        found: dict[str, str] = {}

        def check(name: str) -> None:
            bad = axe_violations(page)
            if bad:
                found[name] = describe(bad)

        _start_past_dailies(page, base_url)
        check("matchless past daily in progress")
        open_route(page, base_url, f"#kirchhoff/daily/{PAST}")
        KPage(page).wait(timeout=60_000)
        check("kirchhoff past daily in progress")
        open_route(page, base_url, "#daily/2027-01-02")
        board = Board(page)
        board.wait()
        for rc in daily_json("matchless", "2027-01-02")["witness"]:
            board.strike(rc)
        page.wait_for_selector("main .daily-result .share-text")
        check("matchless past daily finished")
        open_route(page, base_url, "#archive")
        assert archive_cell(page, "matchless", "2027-01-02")[0] == "par"
        assert archive_cell(page, "kirchhoff", PAST)[0] == "playing"
        check("archive")
        for route in ("#daily/2026-11-20", "#kirchhoff/daily/2026-11-20"):
            open_route(page, base_url, route)
            assert page.query_selector("main .not-out") is not None  # before the launch
            check(route)
        assert found == {}, "\n".join(f"{k}:\n{v}" for k, v in found.items())
        errs.check()


def test_a_half_played_past_daily_reloads_offline_with_its_marks(browser: Any) -> None:
    """After one visit online, a past daily (each puzzle) reloads with the network
    gone: the same board, the marks made before, and no error."""
    with (
        live_server() as url,
        fresh_page(browser, service_workers="allow", viewport=PHONE) as (ctx, page, errs),
    ):
        pin_noon(page, TODAY)
        base = url + "/"
        page.goto(base)
        page.wait_for_selector("main .home .daily-tile a")
        lit, marks = _start_past_dailies(page, base)
        page.wait_for_function(IDLE_FETCH_DONE, timeout=90_000)
        ctx.set_offline(True)
        try:
            page.goto(base + f"#daily/{PAST}")
            page.reload()  # a navigation offline, not only a hash change
            open_route(page, base, f"#daily/{PAST}")
            board = Board(page)
            board.wait()
            assert board.game_id() == daily_json("matchless", PAST)["id"]
            assert board.lit() == lit
            page.goto(base + f"#kirchhoff/daily/{PAST}")
            page.reload()
            open_route(page, base, f"#kirchhoff/daily/{PAST}")
            kp = KPage(page)
            kp.wait(timeout=60_000)
            assert kp.game_id() == daily_json("kirchhoff", PAST)["id"]
            assert kp.marks() == marks
            assert page_problem(page) is None
        finally:
            ctx.set_offline(False)
        errs.check()
