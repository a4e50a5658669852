"""Duels in a real browser: against the bot (in its Web Worker) and pass-and-play.

Oracles: the scores shown must add up to the board's shells, the headline must
name the winner with the winner's score first and agree with the rule, the bot's
announced move must be the shell marked as struck and light exactly the shells
that changed owner, and the proved result after a game must agree with the
Python engine's exact duel value (``POST /api/matchless/duel``).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest

from proofgrid.matchless.duel import DuelSolver, Rule
from proofgrid.matchless.game import parse_game_id
from tests.e2e.a11y import axe_violations
from tests.e2e.conftest import Board, api, screenshot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

HEADLINE = (
    r"^(?:Game \d of 2: )?(You win|Bot wins|Player 1 wins|Player 2 wins|A draw)"
    r"(?: the match)?, (\d+)–(\d+)[.!]$"
)


def wait_turn(page: Any, board: Board) -> None:
    page.wait_for_function(
        "() => { const d = document.querySelector('.duel').dataset;"
        " return d.thinking !== 'true' || d.over !== 'false'; }"
    )
    board.settle()  # the bot's cascade is drawn before we pick an unlit shell


def owners(page: Any) -> list[int]:
    """Owner per shell (0, 1, or -1 unlit), in shell order."""
    got: list[int] = page.eval_on_selector_all(
        ".duel .shell-cell",
        """els => els.sort((a, b) => a.dataset.shell - b.dataset.shell).map((e) =>
             e.classList.contains('owner-0') ? 0 : e.classList.contains('owner-1') ? 1 : -1)""",
    )
    return got


def play_game(page: Any, board: Board, pick: int = 0) -> None:
    """Strike unlit shells (the `pick`-th, wrapping) until this game is over."""
    for _ in range(200):
        wait_turn(page, board)
        if page.get_attribute(".duel", "data-over") != "false":
            return
        unlit = page.eval_on_selector_all(
            ".duel .shell-cell:not(.lit)", "els => els.map(e => e.dataset.cell)"
        )
        page.click(f".duel .cell[data-cell='{unlit[pick % len(unlit)]}']")
        board.settle()
    raise AssertionError("the duel never finished")


def check_headline(text: str, scores: list[int], rule: str, names: tuple[str, str]) -> None:
    m = re.match(HEADLINE, text)
    assert m, text
    who, first, second = m.group(1), int(m.group(2)), int(m.group(3))
    a, b = scores
    if a == b:
        assert who == "A draw" and first == second == a
        return
    winner = 0 if (a < b) == (rule == "fewest") else 1
    assert who.startswith(names[winner]), (text, scores)
    assert (first, second) == (scores[winner], scores[1 - winner]), "the winner's score first"


def test_duel_match_against_the_perfect_bot(page: Any, base_url: str) -> None:
    proof = api(base_url, "/api/matchless/new?params=5x5&seed=8")
    gid = proof["id"]
    _, py_board = parse_game_id(gid)
    page.goto(base_url + "#duel/" + quote(gid, safe=":"))
    page.check("input[name=opponent][value=perfect]")
    assert page.is_checked("input[name=rule][value=fewest]")  # the default rule
    assert page.is_checked("input[name=length][value=match]")  # the fair default
    page.check("input[name=first][value='0']")
    page.click("button.start")
    board = Board(page, ".duel")
    board.wait()
    n = len(proof["shells"])
    totals = [0, 0]
    for game in (1, 2):
        assert page.get_attribute(".duel", "data-game") == str(game)
        assert page.get_attribute(".duel", "data-first") == str(game - 1)  # starts swapped
        play_game(page, board)
        page.wait_for_selector(".duel-end:not([hidden])")
        scores = page.eval_on_selector_all(
            ".player strong", "els => els.map(e => Number(e.textContent))"
        )
        assert sum(scores) == n
        totals = [totals[0] + scores[0], totals[1] + scores[1]]
        game_line = page.inner_text(".duel-end h3" if game == 1 else ".duel-end h4")
        check_headline(game_line, scores, "fewest", ("You", "Bot"))
        # The proved result with perfect play agrees with Python's exact duel value.
        page.wait_for_selector(".duel[data-reviewed='true']")
        review = page.inner_text(".duel-review")
        value = DuelSolver(py_board.succ, Rule.FEWEST).value(py_board.all_mask)
        starter = "you" if game == 1 else "Bot"
        if value == 0:
            assert "this board is a draw" in review
        else:
            winner = starter if value > 0 else ("Bot" if starter == "you" else "you")
            k = abs(value)
            assert f"{winner} win{'s' if winner == 'Bot' else ''} by {k} shell" in review, review
        if game == 1:
            screenshot(page, "duel-between-games-390x844.png")
            page.click("button.next-game")
            board.wait()
    assert page.get_attribute(".duel", "data-over") == "true"
    check_headline(page.inner_text(".duel-end h3.match-result"), totals, "fewest", ("You", "Bot"))
    assert "Running score: You" in page.inner_text(".duel-end .series")
    assert float(page.get_attribute(".duel", "data-bot-ms") or "nan") >= 0
    # The review replays the game up to a move it names; its final position shows every owner.
    if page.locator(".duel-review button.replay-end").count():
        page.wait_for_selector(".duel-review .review-body[data-replay='done']")
        page.click(".duel-review button.replay-end")
    # Every lit shell shows its owner by colour and by number.
    labels = page.eval_on_selector_all(
        ".duel .shell-cell",
        "els => els.map(e => [e.className.baseVal, e.querySelector('.label').textContent])",
    )
    for cls, label in labels:
        assert ("owner-0" in cls and label == "1") or ("owner-1" in cls and label == "2")
    screenshot(page, "duel-end-390x844.png")
    page.click("button.rematch")
    board.wait()
    assert page.get_attribute(".duel", "data-over") == "false"


def test_the_bot_can_start_and_its_move_is_marked_and_announced(page: Any, base_url: str) -> None:
    proof = api(base_url, "/api/matchless/new?params=5x5&seed=21")
    page.goto(base_url + "#duel/" + quote(proof["id"], safe=":"))
    page.check("input[name=opponent][value=greedy]")
    page.check("input[name=first][value='1']")  # the bot starts
    page.check("input[name=length][value=one]")
    page.click("button.start")
    board = Board(page, ".duel")
    board.wait()
    bot_before: set[int] = set()
    for plies in (1, 3, 5):
        page.wait_for_function(
            "(n) => { const d = document.querySelector('.duel').dataset;"
            " return (d.plies === String(n) && d.thinking !== 'true') || d.over !== 'false'; }",
            arg=plies,
        )
        board.settle()
        if page.get_attribute(".duel", "data-over") != "false":
            break
        bot_now = {v for v, o in enumerate(owners(page)) if o == 1}
        lit_now = bot_now - bot_before
        assert lit_now  # the bot moved
        said = page.inner_text(".duel .turn")
        m = re.match(r"^Bot struck ([a-l]\d+), lighting (\d+) shells?\. Your turn\.$", said)
        assert m, said
        assert int(m.group(2)) == len(lit_now)
        last = page.eval_on_selector_all(
            ".duel .shell-cell.struck.last", "els => els.map(e => Number(e.dataset.shell))"
        )
        assert len(last) == 1 and last[0] in lit_now
        struck_rc = proof["shells"][last[0]]
        assert m.group(1) == f"{'abcdefghijkl'[struck_rc[1]]}{struck_rc[0] + 1}"
        label = page.get_attribute(f".duel .shell-cell[data-shell='{last[0]}']", "aria-label")
        assert label is not None and "struck here" in label
        bot_before = bot_now
        # Our move: the first unlit shell.
        unlit = page.eval_on_selector_all(
            ".duel .shell-cell:not(.lit)", "els => els.map(e => e.dataset.cell)"
        )
        page.click(f".duel .cell[data-cell='{unlit[0]}']")
    else:
        return
    raise AssertionError("the game ended before the bot moved three times")


def test_pass_and_play_duel_with_the_other_rule(page: Any, base_url: str) -> None:
    proof = api(base_url, "/api/matchless/new?params=4x4&seed=77")
    page.goto(base_url + "#duel/" + quote(proof["id"], safe=":"))
    page.check("input[name=opponent][value=friend]")
    page.check("input[name=rule][value=most]")
    page.check("input[name=length][value=one]")
    page.click("button.start")
    board = Board(page, ".duel")
    board.wait()
    play_game(page, board)
    scores = page.eval_on_selector_all(
        ".player strong", "els => els.map(e => Number(e.textContent))"
    )
    check_headline(page.inner_text(".duel-end h3"), scores, "most", ("Player 1", "Player 2"))
    assert "Most shells wins" in page.inner_text(".duel-end")
    page.wait_for_selector(".duel[data-reviewed='true']")
    assert page.inner_text(".duel-review").startswith("With perfect play on both sides")
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        assert axe_violations(page) == [], theme
        screenshot(page, f"duel-end-review-390x844-{theme}.png")
    stored = page.evaluate("JSON.parse(localStorage.getItem('proofgrid.matchless.duel'))")
    assert stored["v"] == 1 and stored["data"]["rule"] == "most"
    assert stored["data"]["first"] == 0 and stored["data"]["match"] is False
    assert sum(stored["data"]["series"].values()) == 1
