"""Duels in a real browser: against the bot (in its Web Worker) and pass-and-play.

Oracle: the scores shown must add up to the board's shells, the end screen
must agree with the scores and the rule, and the running score is saved.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest

from tests.e2e.conftest import Board, api

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def play_duel(page: Any, board: Board, *, vs_bot: bool) -> None:
    for _ in range(200):
        if page.get_attribute(".duel", "data-over") == "true":
            return
        page.wait_for_function(
            "() => document.querySelector('.duel').dataset.thinking !== 'true'"
            " || document.querySelector('.duel').dataset.over === 'true'"
        )
        board.settle()  # the bot's cascade is drawn before we pick an unlit shell
        if page.get_attribute(".duel", "data-over") == "true":
            return
        unlit = page.eval_on_selector_all(
            ".duel .shell-cell:not(.lit)", "els => els.map(e => e.dataset.cell)"
        )
        page.click(f".duel .cell[data-cell='{unlit[0]}']")
        board.settle()
    raise AssertionError("the duel never finished")


def test_duel_against_the_perfect_bot_finishes(page: Any, base_url: str) -> None:
    page.goto(base_url + "#duel")
    page.check("input[name=opponent][value=perfect]")
    assert page.is_checked("input[name=rule][value=fewest]")  # the default rule
    page.click("button.start")
    board = Board(page, ".duel")
    board.wait()
    play_duel(page, board, vs_bot=True)
    page.wait_for_selector(".duel-end:not([hidden])")
    headline = page.inner_text(".duel-end h3")
    assert re.match(r"^(You win|Bot wins|A draw), \d+–\d+[.!]$", headline), headline
    a, b = (int(x) for x in re.findall(r"\d+", headline))
    shells = page.eval_on_selector_all(".duel .shell-cell", "els => els.length")
    assert a + b == shells
    scores = page.eval_on_selector_all(
        ".player strong", "els => els.map(e => Number(e.textContent))"
    )
    assert scores == [a, b]
    assert "Running score: You" in page.inner_text(".duel-end .series")
    assert float(page.get_attribute(".duel", "data-bot-ms") or "nan") >= 0
    # Every lit shell shows its owner by colour and by number.
    owners = page.eval_on_selector_all(
        ".duel .shell-cell",
        "els => els.map(e => [e.className.baseVal, e.querySelector('.label').textContent])",
    )
    for cls, label in owners:
        assert ("owner-0" in cls and label == "1") or ("owner-1" in cls and label == "2")
    page.click("button.rematch")
    board.wait()
    assert page.get_attribute(".duel", "data-over") == "false"


def test_pass_and_play_duel_with_the_other_rule(page: Any, base_url: str) -> None:
    proof = api(base_url, "/api/matchless/new?params=4x4&seed=77")
    page.goto(base_url + "#duel/" + quote(proof["id"], safe=":"))
    page.check("input[name=opponent][value=friend]")
    page.check("input[name=rule][value=most]")
    page.click("button.start")
    board = Board(page, ".duel")
    board.wait()
    play_duel(page, board, vs_bot=False)
    headline = page.inner_text(".duel-end h3")
    assert re.match(r"^(Player 1 wins|Player 2 wins|A draw), \d+–\d+[.!]$", headline), headline
    assert "Most shells wins" in page.inner_text(".duel-end")
    stored = page.evaluate("JSON.parse(localStorage.getItem('proofgrid.matchless.duel'))")
    assert stored["v"] == 1 and stored["data"]["rule"] == "most"
    assert sum(stored["data"]["series"].values()) == 1
