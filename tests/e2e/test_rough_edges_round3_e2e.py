"""Rough edges of round three (issue 30, item 5), each checked in a real browser
as a player meets it, each failing on the code before its fix: a duel by post
proposes a move (Undo, Confirm) before it makes the link, says in plain words
what the link held, and offers a rematch; scores say "1 shell"; the archive's
calendar has weekday headers; the phone's navigation is one tidy row; the
Matchless editor has undo/redo and starts from a random board on request.

Oracles: the Python engine's replay (``matchless.game.strike``) for the duel,
the calendar (``datetime``) for the weekday headers, the page's own geometry
for the navigation, and the Python codec (``midend.resolve``) for the editor's
boards.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import unquote

import pytest

from proofgrid import midend, registry
from proofgrid.matchless.game import strike
from tests.e2e.a11y import axe_violations
from tests.e2e.conftest import Board, api, fresh_page

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
M_ID = "6x6:FEb_zvibhIqC6EUqICGLKeqF4CRq"
POST = ".duel-post"


def test_a_duel_by_post_move_waits_for_confirm_and_undo_takes_it_back(
    browser: Any, base_url: str
) -> None:
    # a board where some first strike lights a single shell (seed 2: the Python engine says so)
    gid = midend.resolve(registry.get("matchless"), "6x6#2").id
    state = midend.resolve(registry.get("matchless"), gid).start()
    board = state.board
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        page.goto(base_url + f"#duel/{gid}/")
        page.wait_for_selector(f"{POST}[data-plies='0']")
        sub = page.inner_text(f"{POST} .sub")
        assert "replayed" not in sub and "0 moves" not in sub
        assert sub == "A new duel by post on a 6×6 board: no moves yet. Player 1 starts."
        first = next(v for v in range(board.n) if state.unlit >> v & 1)
        Board(page, POST).strike(list(board.shell_rc(first)))
        # proposed, not sent: no link yet, Confirm has focus, Undo takes it back
        page.wait_for_selector(f"{POST}[data-proposed='true']")
        assert page.get_attribute(POST, "data-link") is None
        assert page.is_hidden(f"{POST} .duel-send")
        assert page.evaluate("document.activeElement.textContent") == "Confirm move"
        assert axe_violations(page) == []
        page.click(f"{POST} button.undo-move")
        page.wait_for_selector(f"{POST}[data-plies='0']")
        assert page.eval_on_selector_all(f"{POST} .shell-cell.lit", "els => els.length") == 0
        assert page.locator(f"{POST} .duel-moves li").count() == 0
        # a move that lights one shell reads "1 shell" in the score
        lone = next(
            v for v in range(board.n) if state.unlit >> v & 1 and len(strike(state, v).cascade) == 1
        )
        Board(page, POST).strike(list(board.shell_rc(lone)))
        page.click(f"{POST} button.confirm-move")
        page.wait_for_selector(f"{POST}[data-link]")
        assert "Player 1 1 shell · Player 2 0 shells" in page.inner_text(f"{POST} .scoreboard")
        link = page.get_attribute(POST, "data-link") or ""
        page.goto(link)
        page.wait_for_selector(f"{POST}[data-plies='1']")
        assert "The first move was checked on this board" in page.inner_text(f"{POST} .sub")
        errs.check()


def test_a_finished_duel_by_post_offers_a_rematch(browser: Any, base_url: str) -> None:
    state = midend.resolve(registry.get("matchless"), M_ID).start()
    board = state.board
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        link = base_url + f"#duel/{M_ID}/"
        ply = 0
        while state.unlit:
            page.goto(link)
            page.wait_for_selector(f"{POST}[data-plies='{ply}']")
            shell = next(v for v in range(board.n) if state.unlit >> v & 1)
            Board(page, POST).strike(list(board.shell_rc(shell)))
            page.click(f"{POST} button.confirm-move")
            page.wait_for_selector(f"{POST}[data-link]")
            link = page.get_attribute(POST, "data-link") or ""
            state = strike(state, shell).state
            ply += 1
        page.wait_for_selector(f"{POST}[data-over='true']")
        again = page.get_by_role("link", name="Rematch on this board")
        assert unquote(again.get_attribute("href") or "") == f"#duel/{M_ID}/"
        again.click()
        page.wait_for_selector(f"{POST}[data-plies='0']")
        errs.check()


#: Each day cell of the first calendar: [its date, its column (0 = the first)].
DAY_COLUMNS = """() => [...document.querySelectorAll('.calendar td.cal-day')]
  .map((td) => [td.dataset.date, td.cellIndex])"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_archive_calendar_has_weekday_headers(
    browser: Any, base_url: str, viewport: dict[str, int]
) -> None:
    with fresh_page(browser, viewport=viewport) as (_ctx, page, errs):
        page.goto(base_url + "#archive")
        page.wait_for_selector(".archive .calendar")
        heads = page.eval_on_selector_all(
            ".calendar >> nth=0 >> thead th",
            "ths => ths.map(th => [th.getAttribute('scope'), th.getAttribute('abbr'),"
            " th.textContent])",
        )
        full = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        assert heads == [["col", d, d[:3]] for d in full]
        days = page.evaluate(DAY_COLUMNS)
        assert days
        for iso, col in days:  # every day sits under its own weekday (Python's calendar)
            assert col == dt.date.fromisoformat(iso).weekday(), iso
        assert axe_violations(page) == []
        errs.check()


#: Each navigation link: [text, top, height] in CSS pixels.
NAV_LINKS = """() => [...document.querySelectorAll('.site-nav a')].map((a) => {
  const r = a.getBoundingClientRect();
  return [a.textContent, Math.round(r.top), r.height];
})"""

#: Whether the focused element lies inside the viewport.
FOCUS_IN_VIEW = """() => {
  const r = document.activeElement.getBoundingClientRect();
  return r.left >= -0.5 && r.right <= innerWidth + 0.5 && r.top >= 0;
}"""


@pytest.mark.parametrize("width", [320, 390, 1280])
@pytest.mark.parametrize("route", ["#daily", "#kirchhoff/daily", "#home"])
def test_the_navigation_is_one_tidy_row_on_a_phone(
    browser: Any, base_url: str, width: int, route: str
) -> None:
    with fresh_page(browser, viewport={"width": width, "height": 800}) as (_ctx, page, errs):
        page.goto(base_url + route)
        page.wait_for_selector("html[data-ready=true]")
        page.wait_for_timeout(300)
        links = page.evaluate(NAV_LINKS)
        assert len(links) >= 3
        assert len({top for _, top, _ in links}) == 1, links  # one row, never a ragged second
        assert all(h >= 24 for _, _, h in links), links  # WCAG 2.5.8 target size
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        # every link is reachable by keyboard and comes into view when focused
        for i in range(len(links)):
            page.focus(f".site-nav a >> nth={i}")
            assert page.evaluate(FOCUS_IN_VIEW), links[i][0]
        errs.check()


def edit_id(page: Any) -> str:
    """The game ID the editor's URL holds (#edit/<ID>), or '' for an empty board."""
    h = str(page.evaluate("location.hash"))
    return unquote(h.removeprefix("#edit/")) if h.startswith("#edit/") else ""


def test_the_editor_undoes_redoes_and_starts_from_a_random_board(
    browser: Any, base_url: str
) -> None:
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        page.goto(base_url + "#edit")
        page.wait_for_selector(".editor svg.board[data-ready='true']")
        undo = page.locator(".editor button.undo")
        redo = page.locator(".editor button.redo")
        assert undo.is_disabled() and redo.is_disabled()
        page.click(".editor .cell[data-cell='0']")  # a shell at a1
        one = edit_id(page)
        assert one and midend.resolve(registry.get("matchless"), one).start().board.n == 1
        undo.click()
        assert edit_id(page) == "" and "empty board" in page.inner_text(".editor-summary")
        assert redo.is_enabled()
        redo.click()
        assert edit_id(page) == one
        page.get_by_role("button", name="Start from a random board").click()
        page.wait_for_function("(g) => location.hash !== '#edit/' + g", arg=one)
        gid = edit_id(page)
        board = midend.resolve(registry.get("matchless"), gid).start().board
        assert (board.rows, board.cols) == (5, 5) and board.n > 1
        par = api(base_url, "/api/matchless/solve", {"id": gid})["par"]  # the Python oracle
        page.wait_for_selector(".editor-summary:not([aria-busy])")  # par is the worker's answer
        assert page.get_attribute(".editor-summary", "data-par") == str(par)
        # the random board is one step: Ctrl+Z goes back to the one-shell board, Ctrl+Y forward
        page.focus(".editor button.undo")
        page.keyboard.press("Control+z")
        assert edit_id(page) == one
        page.keyboard.press("Control+y")
        assert edit_id(page) == gid
        assert axe_violations(page) == []
        errs.check()


def said(page: Any, selector: str) -> str:
    """The words of an element as one line (its text, white space collapsed)."""
    return " ".join(str(page.text_content(selector)).split())


def test_a_duel_score_of_one_reads_one_shell(browser: Any, base_url: str) -> None:
    """The live duel's scoreboard says "1 shell", never "1 shells" (the number and
    its word agree): a first strike that lights one shell (the Python engine's cascade)."""
    gid = midend.resolve(registry.get("matchless"), "6x6#2").id
    state = midend.resolve(registry.get("matchless"), gid).start()
    board = state.board
    lone = next(v for v in range(board.n) if len(strike(state, v).cascade) == 1)
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        page.goto(base_url + f"#duel/{gid}")
        page.check("input[name=opponent][value=friend]")
        page.check("input[name=length][value=one]")
        page.click("button.start")
        duel = Board(page, ".duel")
        duel.wait()
        assert said(page, ".duel .player-0").endswith("Player 1 0 shells")
        duel.strike(list(board.shell_rc(lone)))
        page.wait_for_function("() => document.querySelector('.duel').dataset.plies === '1'")
        assert said(page, ".duel .player-0").endswith("Player 1 1 shell")
        assert said(page, ".duel .player-1").endswith("Player 2 0 shells")
        errs.check()


SOLO_WORDS = ("as few matches", "X toggles the X-ray")


@pytest.mark.parametrize("route", ["#duel", "#edit", f"#duel/{M_ID}/"])
def test_duel_and_editor_footers_say_their_own_mode(
    browser: Any, base_url: str, route: str
) -> None:
    """The footer's instructions follow the mode: a duel and the editor never show
    the solo rules and keys ("Clear the sky in as few matches… X toggles the X-ray");
    the daily, which is solo play, keeps them."""
    with fresh_page(browser, viewport=PHONE) as (_ctx, page, errs):
        page.goto(base_url + route)
        page.wait_for_selector("html[data-ready=true]")
        page.wait_for_selector("main section")
        foot = page.inner_text(".site-foot")
        assert not [w for w in SOLO_WORDS if w in foot], foot
        want = "Take turns" if route.startswith("#duel") else "Shells: tap a cell"
        assert want in foot, foot
        page.goto(base_url + "#daily")
        Board(page).wait()
        page.wait_for_function(
            "() => document.querySelector('.site-foot').textContent.includes('as few matches')"
        )
        errs.check()
