"""The shell's side of issue 13 in a real browser: the page's one <h1>, the skip
link, the settings panel (theme, high contrast, each puzzle's options), the
how-to dialog (first visit once, then the "?" button), the home page's Continue
list, the layout (the sticky score bar never covers the top row; controls clear
of the bottom edge on a desktop), and screenshots of each new view in both themes.

Oracles: the DOM and computed styles the browser reports, localStorage read
back raw, and the element geometry (getBoundingClientRect).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.a11y import h1_texts, open_route, page_problem
from tests.e2e.conftest import Board, api, fresh_page, screenshot
from tests.e2e.kirchhoff_page import KPage

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
BG = "getComputedStyle(document.documentElement).backgroundColor"
FOCUSED = """() => {
  const a = document.activeElement;
  return a ? { tag: a.localName, inTarget: Boolean(a.closest('[data-skip-target]')),
               inMain: Boolean(a.closest('main')) } : null;
}"""


def settings_raw(page: Any) -> dict[str, Any]:
    raw = page.evaluate("localStorage.getItem('proofgrid.settings')")
    data: dict[str, Any] = json.loads(raw)["data"]
    return data


@pytest.mark.parametrize("route", ["#daily", "#kirchhoff/play/easy"])
def test_the_skip_link_focuses_the_board_and_keeps_the_hash(
    browser: Any, base_url: str, route: str
) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        open_route(page, base_url, route)
        hash_before = page.evaluate("location.hash")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "skip"
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => ({FOCUSED})()?.inTarget")  # no fixed sleep: load-proof
        assert page.evaluate("location.hash") == hash_before  # never a route change
        assert page_problem(page) is None
        focused = page.evaluate(FOCUSED)
        assert focused["tag"] != "svg", focused  # never the board's outer <svg>
        assert focused["inTarget"], focused  # the board's first control
        errs.check()


def test_one_h1_per_page_and_the_title_follows_it(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        for route in ("", "#home", "#kirchhoff/rules"):
            open_route(page, base_url, route)
            h1 = h1_texts(page)
            assert len(h1) == 1 and h1[0], (route, h1)
            assert page.title().startswith(h1[0]), (route, page.title())
        errs.check()


def test_settings_panel_theme_contrast_and_puzzle_options(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=PHONE, color_scheme="light") as (_ctx, page, errs):
        open_route(page, base_url, "")
        light = page.evaluate(BG)
        assert light == "rgb(247, 243, 234)"
        page.click("#settings-open")
        dialog = page.wait_for_selector("dialog.settings-dialog[open]")
        assert dialog.query_selector("h2").inner_text() == "Settings"
        # Every registered puzzle's own options are in the same panel.
        legends = page.eval_on_selector_all(
            "dialog.settings-dialog legend", "els => els.map(e => e.textContent)"
        )
        assert legends[0] == "Colours"
        page.check("#theme-dark")
        assert page.get_attribute("html", "data-theme") == "dark"
        assert page.evaluate(BG) == "rgb(16, 20, 31)"  # dark although the system is light
        assert page.get_attribute("html", "data-contrast") is None  # a separate setting
        page.check("#setting-contrast")
        assert page.get_attribute("html", "data-contrast") == "high"
        assert page.evaluate(BG) == "rgb(0, 0, 0)"
        screenshot(page, "shell-settings-dark-highcontrast-390.png")
        # Puzzle options: toggling one stores it and announces it ('pg-settings').
        boxes = page.eval_on_selector_all(
            "dialog.settings-dialog input[type=checkbox][id^='setting-kirchhoff-']",
            "els => els.map(e => e.id)",
        )
        if boxes:
            page.evaluate(
                "window.__heard = []; addEventListener('pg-settings', e => __heard.push(e.detail))"
            )
            first = boxes[0]
            before = page.is_checked(f"#{first}")
            page.click(f"#{first}")
            key = first.removeprefix("setting-kirchhoff-")
            assert settings_raw(page)["puzzles"]["kirchhoff"][key] is (not before)
            assert page.evaluate("window.__heard") == [
                {"puzzle": "kirchhoff", "key": key, "value": not before}
            ]
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.settings-dialog", state="detached")
        page.reload()
        open_route(page, base_url, "")
        assert page.get_attribute("html", "data-theme") == "dark"
        assert page.get_attribute("html", "data-contrast") == "high"
        assert settings_raw(page)["theme"] == "dark"
        # Back to the system's choice.
        page.click("#settings-open")
        page.check("#theme-system")
        page.uncheck("#setting-contrast")
        assert page.evaluate(BG) == light
        errs.check()


@pytest.mark.parametrize(
    ("route", "puzzle"), [("#daily", "matchless"), ("#kirchhoff/daily", "kirchhoff")]
)
def test_the_how_to_shows_once_on_a_first_visit_and_from_the_question_button(
    browser: Any, base_url: str, route: str, puzzle: str
) -> None:
    with fresh_page(browser, viewport=PHONE, first_visit=True) as (_ctx, page, errs):
        page.goto(base_url + route)
        dialog = page.wait_for_selector("dialog.howto-dialog[open]")
        steps = dialog.query_selector_all(".howto-step")
        assert len(steps) == 3
        assert all(s.query_selector(".howto-demo") for s in steps)
        assert all(s.inner_text().strip() for s in steps)
        assert settings_raw(page)["seenHowto"].get(puzzle) is True
        page.click("dialog.howto-dialog .dialog-close")
        page.wait_for_selector("dialog.howto-dialog", state="detached")
        page.reload()
        open_route(page, base_url, route)
        page.wait_for_timeout(300)
        assert page.query_selector("dialog.howto-dialog") is None  # once
        page.click("#howto-open")
        page.wait_for_selector("dialog.howto-dialog[open]")
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.howto-dialog", state="detached")
        open_route(page, base_url, "#home")
        assert page.is_hidden("#howto-open")  # the home page has no how-to
        errs.check()


def seed_games(page: Any, puzzle: str, games: list[dict[str, Any]]) -> None:
    """Write saved games as js/app/saved-games.js stores them (one key each, plus the index)."""
    page.evaluate(
        """([puzzle, games]) => {
          const index = [];
          for (const g of games) {
            localStorage.setItem(`pg:game:${puzzle}:${g.gid}`, JSON.stringify({ v: 1, data: g }));
            const { state, ...entry } = g;
            index.push(entry);
          }
          localStorage.setItem(`pg:games:${puzzle}`, JSON.stringify({ v: 1, data: index }));
        }""",
        [puzzle, games],
    )


def test_the_home_page_lists_unfinished_games_to_continue(browser: Any, base_url: str) -> None:
    gid = api(base_url, "/api/kirchhoff/solve?id=5x5de%2342")["id"]
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        open_route(page, base_url, "#home")
        assert page.query_selector(".continue-list") is None  # nothing saved yet
        base = {"preset": "easy", "state": None, "daily": False}
        seed_games(
            page,
            "kirchhoff",
            [
                {**base, "gid": gid, "finished": False, "updated": 2_000},
                {**base, "gid": "5x5de:done", "finished": True, "updated": 3_000},
            ],
        )
        page.evaluate("localStorage.setItem('pg:game:kirchhoff:junk', '{')")  # skipped, not fatal
        open_route(page, base_url, "#kirchhoff/rules")
        open_route(page, base_url, "#home")
        links = page.eval_on_selector_all(
            ".continue-list a", "els => els.map(e => [e.getAttribute('href'), e.textContent])"
        )
        assert len(links) == 1, links  # the finished game is not offered
        href, label = links[0]
        assert href.startswith("#kirchhoff/") and gid.split(":")[0] in href, href
        assert label.strip()
        screenshot(page, "shell-home-continue-light-390.png")
        page.click(".continue-list a")
        open_route(page, base_url, href)
        assert page_problem(page) is None
        errs.check()


def test_the_sticky_score_bar_never_covers_the_top_row(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        for route, cell in (
            ("#daily", ".cell"),
            ("#kirchhoff/play/easy", "[tabindex]"),
        ):
            open_route(page, base_url, route)
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.evaluate(
                f"document.querySelector('main svg.board').querySelector(\"{cell}\").focus()"
            )
            page.wait_for_timeout(150)
            hud = page.evaluate(
                "document.querySelector('main .hud').getBoundingClientRect().bottom"
            )
            top = page.evaluate(
                f"document.querySelector('main svg.board').querySelector(\"{cell}\")"
                ".getBoundingClientRect().top"
            )
            assert top >= hud, (route, top, hud)
        errs.check()


def test_desktop_controls_clear_the_bottom_edge(browser: Any, base_url: str) -> None:
    with fresh_page(browser, viewport=DESKTOP) as (_ctx, page, errs):
        for route in ("#daily", "#kirchhoff/play/easy"):
            open_route(page, base_url, route)
            bottom = page.evaluate(
                "document.querySelector(\"main [role='toolbar']\").getBoundingClientRect().bottom"
            )
            assert bottom <= DESKTOP["height"] - 24, (route, bottom)
        errs.check()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_screenshots_of_the_new_views(
    browser: Any, base_url: str, theme: str, viewport: dict[str, int]
) -> None:
    w = viewport["width"]
    with fresh_page(browser, viewport=viewport, color_scheme=theme, first_visit=True) as (
        _ctx,
        page,
        errs,
    ):
        page.goto(base_url + "#daily")
        page.wait_for_selector("dialog.howto-dialog[open]")
        page.wait_for_timeout(400)
        screenshot(page, f"shell-howto-matchless-{theme}-{w}.png")
        page.keyboard.press("Escape")
        page.goto(base_url + "#kirchhoff/daily")
        page.wait_for_selector("dialog.howto-dialog[open]")
        page.wait_for_timeout(400)
        screenshot(page, f"shell-howto-kirchhoff-{theme}-{w}.png")
        page.keyboard.press("Escape")
        page.click("#settings-open")
        page.wait_for_selector("dialog.settings-dialog[open]")
        screenshot(page, f"shell-settings-{theme}-{w}.png")
        page.keyboard.press("Escape")
        open_route(page, base_url, "#home")
        screenshot(page, f"shell-home-{theme}-{w}.png")
        errs.check()


# --- a damaged link: a message and the puzzle's daily, for both puzzles ----------------------

#: Per puzzle: its routes' prefix, the links only it has that cannot be read, and where
#: a damaged link lands (the view's mode and the hash).
DAMAGED: dict[str, tuple[str, tuple[str, ...], tuple[str, str]]] = {
    "matchless": (
        "#",
        (
            "#play/6x6:AAAAnotaboard",
            "#6x6:FEcn_Xb_jMCZWZRgFAgUA1QBFayKQAD3",  # one character off a real daily's checksum
            "#duel/99x99:AAAA",
        ),
        ("daily", "#daily"),
    ),
    "kirchhoff": (
        "#kirchhoff/",
        (
            "#kirchhoff/play/7x7dh:AAAAnotaboard",
            "#kirchhoff/play/5x5de:EziWeOMShMIlJHAEd",  # a checksum one character off
            "#kirchhoff/edit/7x7dh%23123",  # a seeded ID cannot be edited before it is played
        ),
        ("kirchhoff-daily", "#kirchhoff/daily"),
    ),
}


def damaged_links() -> list[tuple[str, str]]:
    """(puzzle, fragment): each puzzle's own unreadable links, then those every puzzle
    meets under its routes: a broken percent-escape in the editor's ID, an ID of 3000
    characters and a script tag as the ID."""
    out: list[tuple[str, str]] = []
    for puzzle, (route, own, _landing) in DAMAGED.items():
        common = (
            f"{route}edit/%E0%A4%A",
            f"{route}play/" + "x" * 3000,
            f"{route}play/<script>alert(1)</script>",
        )
        out += [(puzzle, link) for link in (*own, *common)]
    return out


@pytest.mark.parametrize(("puzzle", "fragment"), damaged_links())
def test_a_damaged_link_shows_a_message_and_the_puzzles_daily(
    page: Any, base_url: str, puzzle: str, fragment: str
) -> None:
    page.goto(base_url + fragment)
    if puzzle == "matchless":
        Board(page).wait()
        notice = page.inner_text(".notice.bad")
        assert notice == "This link is damaged — here is today's board instead."
    else:
        KPage(page).wait()
        notice = page.inner_text(".notice.bad")
        assert "could not be read" in notice and "today's Kirchhoff" in notice
    mode, where = DAMAGED[puzzle][2]
    assert page.get_attribute("main > section", "data-mode") == mode
    assert page.evaluate("location.hash") == where
    assert page.eval_on_selector_all("script", "els => els.length") == 1  # the app's own
