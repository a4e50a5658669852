"""Open and read Matchless views in the browser tests.

The board itself is driven by :class:`tests.e2e.conftest.Board`; these helpers
open a view (the daily with its day pinned, a route with its mode, a random
board that two strikes leave unfinished) and fetch the Python engine's proof of
the board shown through the JSON API (the oracle). Used by every Matchless test
module, so none of them imports another.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, api

#: The edit link of the board shown ends with the quoted game ID ``arg``.
_SHOWS_GAME = "(g) => document.querySelector(\".play a[href^='#edit/']\").href.endsWith(g)"


def daily_proof(page: Any, base_url: str) -> dict[str, Any]:
    """The Python engine's proof of the daily on ``page``, for the date the page shows."""
    proof: dict[str, Any] = api(base_url, f"/api/matchless/daily/{page.inner_text('.play .sub')}")
    return proof


def open_daily(page: Any, base_url: str) -> tuple[Board, dict[str, Any]]:
    """Open the daily, its day pinned (no midnight mid-test); the board and its proof."""
    pin_noon(page)
    page.goto(base_url + "#daily")
    board = Board(page)
    board.wait()
    return board, daily_proof(page, base_url)


def moves_of(page: Any) -> int:
    """The matches used so far, as the score bar shows them."""
    return int(page.inner_text(".hud .used"))


def show(page: Any, url: str, mode: str, gid: str | None = None) -> Board:
    """Go to `url` and wait for its view (mode, and game ID when given): a hash change
    keeps the old board on screen until the new view is mounted."""
    page.goto(url)
    page.wait_for_selector(f"main section[data-mode='{mode}'] svg.board[data-ready='true']")
    if gid is not None:
        page.wait_for_function(_SHOWS_GAME, arg=quote(gid, safe=":"))
    return Board(page)


def unfinishable_random_board(page: Any, base_url: str) -> tuple[Board, str, dict[str, Any]]:
    """Open ``#play`` until the new random board has par ≥ 3, so that two strikes of its
    witness leave it unfinished (about 9% of standard boards have par ≤ 2, and a finished
    game is, rightly, not resumed). Nothing is saved before a move, so each visit to
    ``#play`` builds a new board."""
    board = Board(page)
    previous: str | None = None
    for _ in range(40):
        page.goto(base_url + "#play")
        board.wait()
        if previous is not None:
            page.wait_for_function(f"(g) => !({_SHOWS_GAME})(g)", arg=quote(previous, safe=":"))
        gid = board.game_id()
        assert page.evaluate("location.hash") == "#play/" + quote(gid, safe=":")
        proof: dict[str, Any] = api(base_url, "/api/matchless/solve", {"id": gid})
        if proof["par"] >= 3:
            return board, gid, proof
        previous = gid
    raise AssertionError("40 random boards in a row had par ≤ 2")
