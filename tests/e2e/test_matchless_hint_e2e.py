"""Matchless's Hint in a real browser: the browser's proved hint (engine/hint.js)
names the same shell, in the same words, as the Python engine's ``POST
/api/matchless/hint`` (the oracle) — from the start, along a game that follows
it, and after par is lost; it outlines the component, never strikes, and the
daily records the hints on its share card and keeps them out of "at par".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e import shell_page
from tests.e2e.a11y import axe_violations
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, api, cell_name, fresh_page, say_yes_if_asked
from tests.e2e.matchless_page import daily_proof

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

SHOTS = Path("/work/wt/player-shots")


def _open_daily(page: Any, base_url: str) -> tuple[Board, dict[str, Any]]:
    pin_noon(page)
    page.goto(base_url + "#daily")
    board = Board(page)
    board.wait()
    return board, daily_proof(page, base_url)


def _python_hint(base_url: str, gid: str, moves: list[str]) -> dict[str, Any]:
    got: dict[str, Any] = api(base_url, "/api/matchless/hint", {"id": gid, "moves": moves})
    return got["hint"]


def _shown(page: Any) -> tuple[str, list[str], list[int]]:
    """(the move line, the sentences, the outlined shells) of the hint on screen."""
    page.wait_for_selector(".hint-note:not([hidden])")
    paras = page.eval_on_selector_all(".hint-note p", "els => els.map(e => e.textContent)")
    outlined = page.eval_on_selector_all(
        ".shell-cell.hinted", "els => els.map(e => Number(e.dataset.shell))"
    )
    return paras[0], paras[1:], sorted(outlined)


def test_hint_matches_python_and_is_recorded_on_the_daily(page: Any, base_url: str) -> None:
    board, proof = _open_daily(page, base_url)
    names = [cell_name(rc) for rc in proof["shells"]]
    gid, par = proof["id"], proof["par"]
    button = page.locator("button.hint-btn")
    assert button.get_attribute("aria-keyshortcuts") == "H"
    assert button.inner_text() == "Hint"
    moves: list[str] = []
    hints = 0
    while True:
        if hints == 0:
            button.focus()
            page.keyboard.press("Enter")  # keyboard reachable
            say_yes_if_asked(page)  # the first hint on a daily asks first
        else:
            page.keyboard.press("h")
        hints += 1
        head, words, outlined = _shown(page)
        want = _python_hint(base_url, gid, moves)
        assert head == f"Hint: {want['move']}"
        assert words == want["words"]
        assert outlined == sorted(names.index(c) for c in want["proof"]["component"])
        assert page.get_attribute(".play", "data-hints") == str(hints)
        assert int(page.inner_text(".hud .used")) == len(moves)  # a hint never strikes
        if hints == 1:
            assert axe_violations(page) == []
        board.strike(proof["shells"][names.index(want["move"])])
        moves.append(want["move"])
        if page.is_visible(".result:not([hidden])"):
            break
        assert page.is_hidden(".hint-note")  # the hint belongs to the position it was asked for
    assert len(moves) == par  # following the hint makes par
    text = page.inner_text(".share-text")
    lines = text.splitlines()
    assert lines[1] == f"{par} matches (par {par})"
    assert lines[3] == f"💡 {hints} hint{'s' if hints != 1 else ''}"
    assert "at par" not in text
    assert f"{hints} hint" in page.inner_text(".result .verdict")
    page.goto(base_url + "#stats")
    page.wait_for_selector(".stats-view")
    figures = shell_page.stat_figures(page, ".stats-view")
    assert figures[:2] == ["1", "0%"]  # played, never at par
    assert "Hints used on 1 daily" in page.inner_text(".stats-view .hint-count")


def test_hint_after_par_is_lost_says_so_like_python(page: Any, base_url: str) -> None:
    board, proof = _open_daily(page, base_url)
    names = [cell_name(rc) for rc in proof["shells"]]
    witness = {cell_name(rc) for rc in proof["witness"]}
    # strike shells outside the witness until par is out of reach
    moves: list[str] = []
    for rc in proof["shells"]:
        if page.get_attribute(".hud", "data-over") not in (None, "0"):
            break
        name = cell_name(rc)
        if name in witness or names.index(name) in board.lit():
            continue
        board.strike(rc)
        moves.append(name)
    assert page.get_attribute(".hud", "data-over") != "0"
    page.keyboard.press("h")
    say_yes_if_asked(page)
    head, words, _ = _shown(page)
    want = _python_hint(base_url, proof["id"], moves)
    assert want["matchless"]["par_reachable"] is False
    assert head == f"Hint: {want['move']}"
    assert words == want["words"]
    assert "out of reach" in words[2]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_hint_screenshots(browser: Any, base_url: str, width: int, height: int, theme: str) -> None:
    """The hint shown on phone and desktop, both themes; axe finds nothing serious."""
    with fresh_page(browser, viewport={"width": width, "height": height}, color_scheme=theme) as (
        _ctx,
        page,
        errs,
    ):
        _open_daily(page, base_url)
        page.click("button.hint-btn")
        say_yes_if_asked(page)
        page.wait_for_selector(".hint-note:not([hidden])")
        assert page.locator(".shell-cell.hint-move").count() == 1
        assert axe_violations(page) == []
        tag = "phone" if width < 600 else "desktop"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"matchless-hint-{tag}-{theme}.png"), full_page=True)
        errs.check()
