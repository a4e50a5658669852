"""Moving games to another device, in a real browser (Debian's Chromium, Playwright).

One browser context plays a few moves on a Matchless random board and on a
Kirchhoff easy board, then copies the "move your data" code from a stats page;
a fresh context (another device: empty storage) pastes it on the other
puzzle's stats page, and both games resume with their moves. Oracles: the
Python engines (each board's witness or solution, called directly) and the
first context's own board, read back from the page.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from tests.e2e.conftest import fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage, draw_solution_arrows
from tests.e2e.matchless_page import moves_of, show, unfinishable_random_board

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_games_in_progress_move_to_a_fresh_browser_and_resume(browser: Any, base_url: str) -> None:
    with fresh_page(browser) as (ctx, page, errs):
        ctx.grant_permissions(["clipboard-read", "clipboard-write"])
        board, gid, proof = unfinishable_random_board(page, base_url)
        for rc in proof["witness"][:2]:
            board.strike(rc)
        assert moves_of(page) == 2
        page.goto(base_url + "#kirchhoff/play/easy")
        kp = KPage(page)
        kp.wait()
        kgid = kp.game_id()
        draw_solution_arrows(kp, 3)
        drawn = kp.marks()
        assert sum(m in (1, 2) for m in drawn) == 3
        page.goto(base_url + "#stats")
        page.wait_for_selector(".stats-view button.export")
        page.click("button.export")
        page.wait_for_function("() => document.querySelector('.code-out').value !== ''")
        code = page.input_value(".code-out")
        assert code.startswith("PG1.")
        assert page.evaluate("navigator.clipboard.readText()") == code
        errs.check()

    with fresh_page(browser) as (_, other, errs):
        other.goto(base_url + "#kirchhoff/stats")
        other.wait_for_selector(".kirchhoff-stats button.import")
        assert (
            other.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pg:game:'))") == []
        )
        other.fill(".code-in", code)
        other.click("button.import")
        # the import first mounts every puzzle (their keys), so wait for its verdict
        other.wait_for_function("() => document.querySelector('.import-status').textContent !== ''")
        status = other.inner_text(".import-status")
        assert "2 saved games" in status, status
        assert "Could not" not in status
        # Matchless: the board's own link, and Play without an ID, resume the two strikes.
        board = show(other, base_url + "#play/" + quote(gid, safe=":"), "random", gid)
        assert (board.game_id(), moves_of(other)) == (gid, 2)
        show(other, base_url + "#daily", "daily")
        show(other, base_url + "#play", "random", gid)
        assert moves_of(other) == 2
        # Kirchhoff: Play -> Easy resumes the same board with its three arrows.
        other.goto(base_url + "#kirchhoff/play/easy")
        kp = KPage(other)
        kp.wait_for_game(kgid)
        kp.wait()
        assert kp.marks() == drawn
        assert other.is_enabled(f"{PLAY} button.undo")
        # The home page's Continue list offers both.
        other.goto(base_url + "#home")
        other.wait_for_selector(".continue-list li")
        hrefs = other.eval_on_selector_all(
            ".continue-list a", "els => els.map(e => e.getAttribute('href'))"
        )
        assert "#play/" + quote(gid, safe=":") in hrefs
        assert any(h.startswith("#kirchhoff/play/") for h in hrefs), hrefs
        errs.check()
