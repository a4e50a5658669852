"""Duels by post: two fresh browser contexts play one board through links only.

Oracle: the Python engine's replay of the same moves (``matchless.game.strike``:
whose turn, each player's shells, the end of the game), and the duel headline's
rule (fewest shells wins). A link whose move list was edited must be refused.
"""

from __future__ import annotations

from typing import Any

import pytest

from proofgrid import midend, registry
from proofgrid.matchless.game import move_name, strike
from tests.e2e.conftest import Board, fresh_page

pytestmark = pytest.mark.slow

M_ID = "6x6:FEb_zvibhIqC6EUqICGLKeqF4CRq"


def shells(n: int) -> str:
    return f"{n} shell" if n == 1 else f"{n} shells"


def test_two_players_duel_by_post_through_links_only(browser: Any, base_url: str) -> None:
    state = midend.resolve(registry.get("matchless"), M_ID).start()
    board = state.board
    scores = [0, 0]
    opts = {"viewport": {"width": 800, "height": 900}}
    with (
        fresh_page(browser, **opts) as (_c1, one, e1),
        fresh_page(browser, **opts) as (_c2, two, e2),
    ):
        link = base_url + f"#duel/{M_ID}/"
        pages = [one, two]
        ply = 0
        while state.unlit:
            page = pages[ply % 2]
            page.goto(link)
            page.wait_for_selector(f".duel-post[data-plies='{ply}']")
            assert page.get_attribute(".duel-post", "data-turn") == str(ply % 2 + 1)
            assert f"Player {ply % 2 + 1} to move" in page.inner_text(".turn")
            shown = page.inner_text(".scoreboard")
            assert f"Player 1 {shells(scores[0])} · Player 2 {shells(scores[1])}" in shown
            shell = next(v for v in range(board.n) if state.unlit >> v & 1)
            Board(page, ".duel-post").strike(list(board.shell_rc(shell)))
            page.click(".duel-post button.confirm-move")  # a tap proposes; Confirm makes the link
            page.wait_for_selector(".duel-post[data-link]")
            link = page.get_attribute(".duel-post", "data-link") or ""
            result = strike(state, shell)
            scores[ply % 2] += len(result.cascade)
            state = result.state
            assert link.split("/")[-1].split("~")[0].split(".")[-1] == move_name(board, shell)
            ply += 1
        other = pages[ply % 2]
        other.goto(link)  # the last link: the opponent sees the end and the review
        other.wait_for_selector(".duel-post[data-over='true']")
        winner = (
            "A draw"
            if scores[0] == scores[1]
            else f"Player {1 if scores[0] < scores[1] else 2} wins"
        )
        assert winner in other.inner_text(".turn")
        other.wait_for_selector(".duel-post[data-reviewed='true']", timeout=20000)
        # A hand-edited move list (one move swapped for another legal cell) is refused plainly.
        head, tail = link.rsplit("/", 1)
        moves, check = tail.split("~")
        first = moves.split(".")
        first[0], first[1] = first[1], first[0]
        other.goto(f"{head}/{'.'.join(first)}~{check}")
        other.wait_for_selector(".duel-post[data-refused='true']")
        assert "damaged or was altered" in other.get_by_role("alert").inner_text()
        e1.check()
        e2.check()
