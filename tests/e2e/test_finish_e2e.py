"""The finish (issue 30, item 4) in a real browser: the strike that lights the
last of the sky sets off fireworks on the board, one burst at each shell that
strike's cascade lit (at most 16, in cascade order), and nothing moves with
``prefers-reduced-motion``; the board stays playable (never marked animating).

Oracle: the shells the last strike lit, read from the board before and after it
(their cells' centres in the SVG's units: 100 a cell), with the winning moves
from the Python engine's witness (``/api/matchless/daily``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.a11y import axe_violations
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage, draw_solution_arrows
from tests.e2e.matchless_page import daily_proof

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Record every burst the page draws (its translate), from now on.
WATCH_BURSTS = """() => {
  window.__bursts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.classList?.contains('burst')) window.__bursts.push(n.getAttribute('transform'));
    }
  }).observe(document.querySelector('main svg.board'), {childList: true, subtree: true});
}"""

LIT_CELLS = """() => [...document.querySelectorAll('main svg.board .shell-cell.lit')]
  .map((g) => Number(g.dataset.cell))"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_last_strike_sets_off_fireworks_at_its_cascade(
    browser: Any, base_url: str, motion: str
) -> None:
    with fresh_page(browser, viewport={"width": 390, "height": 844}, reduced_motion=motion) as (
        _ctx,
        page,
        errs,
    ):
        pin_noon(page)
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        witness = daily_proof(page, base_url)["witness"]
        for rc in witness[:-1]:
            board.strike(rc)
        assert page.get_attribute("main svg.board", "data-celebrated") is None
        before = set(page.evaluate(LIT_CELLS))
        page.evaluate(WATCH_BURSTS)
        board.strike(witness[-1])
        page.wait_for_selector(".result:not([hidden])")
        cols = board.cols()
        new = set(page.evaluate(LIT_CELLS)) - before
        assert new, "the last strike lit nothing"
        want = {f"translate({c % cols * 100 + 50} {c // cols * 100 + 50})" for c in new}
        if motion == "reduce":
            page.wait_for_selector("main svg.board[data-celebrated='still']")
            page.wait_for_timeout(300)
            assert page.evaluate("window.__bursts") == []
        else:
            page.wait_for_selector("main svg.board[data-celebrated='fireworks']")
            n = min(len(new), 16)
            page.wait_for_function(f"() => window.__bursts.length === {n}")
            bursts = page.evaluate("window.__bursts")
            assert set(bursts) <= want and len(bursts) == n
            # the first burst is at the struck shell (depth 0 of the cascade)
            r, c = witness[-1]
            assert bursts[0] == f"translate({c * 100 + 50} {r * 100 + 50})"
            # decoration only: gone after a second, and never blocking the board
            page.wait_for_selector("main svg.board .fireworks", state="detached")
        assert page.get_attribute("main svg.board", "data-animating") != "true"
        errs.check()


def test_the_stats_bars_show_a_hinted_daily(browser: Any, base_url: str) -> None:
    """A daily finished after one hint is played but never at par (the help rule):
    it shows as one game in the "With help" bar, so the bars are never all empty."""
    with fresh_page(browser, viewport={"width": 390, "height": 844}) as (_ctx, page, errs):
        pin_noon(page)
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        page.click("main button.hint-btn")
        if page.locator("dialog.ask[open]").count():  # the first hint on a daily asks first
            page.click("dialog.ask[open] .ask-yes")
        page.wait_for_selector("main .hint-note:not([hidden])")
        for rc in daily_proof(page, base_url)["witness"]:
            board.strike(rc)
        page.wait_for_selector(".result:not([hidden])")
        page.goto(base_url + "#stats")
        page.wait_for_selector(".stats-view .distribution")
        bars = page.eval_on_selector_all(
            ".stats-view .distribution li",
            "els => els.map(li => [li.querySelector('.bar-label').textContent,"
            " Number(li.querySelector('progress').value)])",
        )
        assert bars[-1] == ["With help", 1]
        assert sum(v for _, v in bars) == 1  # played once: at par nowhere, with help once
        assert page.get_attribute(".stats-view .distribution li.helped progress", "max") == "1"
        errs.check()


SHOTS = Path("/tmp/coord/shots")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_a_hinted_daily_finish_the_card_the_result_page_and_the_home(
    browser: Any, base_url: str, width: int, height: int, theme: str
) -> None:
    """Today's Matchless daily with one hint, then par: the finish (fireworks), the
    share card, the result page its link opens, and the home's tiles, which show
    the streak (1: one daily finished today, hints keep a streak) and today's state
    of both puzzles. Screenshots of each go to /tmp/coord/shots."""
    tag = f"{'phone' if width < 600 else 'desktop'}-{theme}"
    with fresh_page(browser, viewport={"width": width, "height": height}, color_scheme=theme) as (
        _ctx,
        page,
        errs,
    ):
        pin_noon(page)
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        page.click("main button.hint-btn")
        if page.locator("dialog.ask[open]").count():
            page.click("dialog.ask[open] .ask-yes")
        page.wait_for_selector("main .hint-note:not([hidden])")
        witness = daily_proof(page, base_url)["witness"]
        for rc in witness[:-1]:
            board.strike(rc)
        board.strike(witness[-1])
        page.wait_for_selector("main svg.board .fireworks .burst")
        page.evaluate("document.querySelector('main svg.board').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(350)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"finish-{tag}.png"))
        assert axe_violations(page) == []
        card = page.locator("main .result .share-text")
        card.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"share-card-{tag}.png"))
        text = card.inner_text()
        assert "💡 1 hint" in text
        link = re.search(r"#result/\S+", text)
        assert link, text

        page.goto(base_url + link.group(0))
        page.wait_for_selector(".result-view[data-verified='true'][data-date]")
        assert "with 1 hint" in page.inner_text(".result-summary")
        page.screenshot(path=str(SHOTS / f"result-page-{tag}.png"), full_page=True)
        assert axe_violations(page) == []

        page.goto(base_url + "#home")
        page.wait_for_selector(".home .daily-tile")
        m = ".daily-tile[data-puzzle='matchless']"
        k = ".daily-tile[data-puzzle='kirchhoff']"
        assert page.get_attribute(m, "data-state") == "solved"
        assert page.get_attribute(m, "data-kind") == "hints"  # solved with help, never at par
        assert "with help (1 hint)" in page.inner_text(f"{m} .daily-state")
        assert page.inner_text(f"{m} .daily-streak") == "🔥 Streak 1"
        assert page.inner_text(f"{k} .daily-state") == "Not played yet"
        assert page.inner_text(f"{k} .daily-streak") == "No streak yet"
        page.screenshot(path=str(SHOTS / f"home-after-hint-{tag}.png"), full_page=True)
        assert axe_violations(page) == []
        errs.check()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_kirchhoff_finish_pulses_along_the_arrows(
    browser: Any, base_url: str, motion: str
) -> None:
    """A Kirchhoff board finished (the Python engine's first solution) pulses gently
    along every arrow drawn, once; nothing moves with reduced motion."""
    gid = "5x5de:EzQhxySCGIxxDEAM5"
    with fresh_page(browser, viewport={"width": 390, "height": 844}, reduced_motion=motion) as (
        _ctx,
        page,
        errs,
    ):
        page.goto(base_url + f"#kirchhoff/play/{gid}")
        kp = KPage(page)
        kp.wait()
        page.evaluate(
            """() => {
              window.__pulsed = 0;
              new MutationObserver(() => {
                window.__pulsed = Math.max(window.__pulsed,
                  document.querySelectorAll('.kirchhoff-play .edge.flow-pulse').length);
              }).observe(document.querySelector('.kirchhoff-play svg.board'),
                {subtree: true, attributes: true, attributeFilter: ['class']});
            }"""
        )
        draw_solution_arrows(kp, len(kp.marks()))
        page.wait_for_selector(f"{PLAY} .result:not([hidden])")
        arrows = sum(1 for m in kp.marks() if m in (1, 2))
        svg = f"{PLAY} svg.board"
        if motion == "reduce":
            assert page.get_attribute(svg, "data-celebrated") == "still"
            assert page.evaluate("window.__pulsed") == 0
        else:
            assert page.get_attribute(svg, "data-celebrated") == "pulse"
            assert page.evaluate("window.__pulsed") == arrows
            # a pulse, not a state: gone again after it played
            page.wait_for_function(
                "() => !document.querySelector('.kirchhoff-play .edge.flow-pulse')", timeout=10000
            )
        errs.check()
