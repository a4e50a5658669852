"""Matchless's rough edges, each checked in a real browser: after a finished duel
the menu's "Duel" link (the route already shown) goes back to the duel's setup,
and the result's settings button is not named like the header's gear.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from tests.e2e.conftest import Board, api

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def _finish_one_game(page: Any) -> None:
    """A one-game pass-and-play duel on a small board, struck to the end."""
    proof = api(page.url.split("#")[0], "/api/matchless/new?params=3x3&seed=5")
    page.goto(page.url.split("#")[0] + "#duel/" + quote(proof["id"], safe=":"))
    page.check("input[name=opponent][value=friend]")
    page.check("input[name=length][value=one]")
    page.click("button.start")
    board = Board(page, ".duel")
    board.wait()
    for _ in range(50):
        if page.get_attribute(".duel", "data-over") != "false":
            return
        cell = page.eval_on_selector(".duel .shell-cell:not(.lit)", "e => e.dataset.cell")
        page.click(f".duel .cell[data-cell='{cell}']")
        board.settle()
    raise AssertionError("the duel never finished")


def test_after_a_duel_the_menu_duel_link_opens_the_setup(page: Any, base_url: str) -> None:
    page.goto(base_url + "#duel")
    page.wait_for_selector("button.start")
    page.click("button.start")
    Board(page, ".duel").wait()
    _finish_one_game(page)
    page.goto(base_url + "#duel")
    page.wait_for_selector("button.start")
    page.click("button.start")
    board = Board(page, ".duel")
    board.wait()
    for _ in range(100):
        page.wait_for_function(
            "() => { const d = document.querySelector('.duel').dataset;"
            " return d.thinking !== 'true' || d.over !== 'false'; }"
        )
        board.settle()
        if page.get_attribute(".duel", "data-over") != "false":
            break
        cell = page.eval_on_selector(".duel .shell-cell:not(.lit)", "e => e.dataset.cell")
        page.click(f".duel .cell[data-cell='{cell}']")
    page.wait_for_selector(".duel-end:not([hidden])")
    assert page.evaluate("location.hash") == "#duel"
    page.click("nav.site-nav a[href='#duel']")
    page.wait_for_selector(".duel button.start")  # back at the setup, not a dead link


def test_the_results_settings_button_is_not_the_gear(page: Any, base_url: str) -> None:
    _finish_one_game_from(page, base_url)
    names = page.eval_on_selector_all(
        ".duel-end button.settings", "els => els.map(e => e.textContent)"
    )
    gear = page.get_attribute("#settings-open", "title")
    assert names and all(n != gear for n in names), (names, gear)
    assert names == ["Duel settings"]


def _finish_one_game_from(page: Any, base_url: str) -> None:
    page.goto(base_url + "#why")
    _finish_one_game(page)
    page.wait_for_selector(".duel-end:not([hidden])")


def test_your_own_random_board_keeps_its_title_after_a_reload(page: Any, base_url: str) -> None:
    page.goto(base_url + "#play")
    page.wait_for_selector("main section[data-mode] svg.board[data-ready='true']")
    page.click("button.new-puzzle")
    page.wait_for_function("() => location.hash.startsWith('#play/')")
    page.wait_for_selector("main section[data-mode='random'] svg.board[data-ready='true']")
    title = page.inner_text("h1")
    assert title.endswith("puzzle")
    page.reload()
    page.wait_for_selector("main section[data-mode] svg.board[data-ready='true']")
    assert page.inner_text("h1") == title  # not "Shared board"
    assert page.get_attribute("main section.play", "data-mode") == "random"
