"""The lost verdict explains itself in the browser (Debian's Chromium, Playwright).

Oracles: the Python engine's own lost verdict for the same position
(:func:`proofgrid.kirchhoff.hint.hint` and its sentences, words.py) — the page
must show exactly those sentences, so this is also a cross-language check of
engine/words.js; the edge geometry of the board for the tapped edge; the
viewport for "in view"; axe-core for accessibility.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tools.proofcheck import check, clues_from_game_id

from proofgrid import midend
from proofgrid.kirchhoff.contract import KIRCHHOFF
from proofgrid.kirchhoff.exact import is_lost
from proofgrid.kirchhoff.hint import HintKind, obvious_empties
from proofgrid.kirchhoff.hint import hint as py_hint
from proofgrid.kirchhoff.moves import execute_moves, parse_move
from tests.e2e.a11y import axe_violations, describe
from tests.e2e.conftest import fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

GAME = "5x5de:Ez6MqUmU8YITAxr"
SHOTS = "/work/wt/player-shots"


def tapped_edge() -> int:
    """The edge b2–c2 (one tap draws the arrow b2→c2)."""
    start = midend.resolve(KIRCHHOFF, GAME).start()
    edge, _ = parse_move(start.board, "b2>c2")
    return edge


def expected(kp: KPage) -> tuple[str, ...]:
    """The engine's sentences for the player's own mark (the tap b2>c2), after checking
    that every other mark on the page is an empty the game crossed (Python's obvious
    empties of the start: Easy marks them): those are never judged or blamed."""
    start = midend.resolve(KIRCHHOFF, GAME).start()
    edge = tapped_edge()
    marks = kp.marks()
    assert [e for e, m in enumerate(marks) if m and e != edge] == obvious_empties(start)
    h = py_hint(execute_moves(start, "b2>c2"), last_edge=edge)
    assert h.kind is HintKind.LOST and h.words
    return tuple(w.strip() for w in h.words)


def test_the_counted_sentences_of_the_bare_b2_c2_verdict() -> None:
    """Without empties marked, the verdict is the five counted cell sentences (words.py)."""
    start = midend.resolve(KIRCHHOFF, GAME).start()
    h = py_hint(execute_moves(start, "b2>c2"))
    assert h.kind is HintKind.LOST and len(h.words) == 5
    assert "Both its edges are open" in h.words[0]


def in_viewport(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= vp["height"] + 0.5


@pytest.mark.parametrize(("width", "height", "theme"), [(390, 844, "light"), (1280, 800, "dark")])
def test_lost_verdict_walks_its_proof_and_stays_in_view(
    browser: Any, base_url: str, width: int, height: int, theme: str
) -> None:
    edge = tapped_edge()
    with fresh_page(browser, viewport={"width": width, "height": height}, color_scheme=theme) as (
        _,
        page,
        errs,
    ):
        page.goto(base_url + "#kirchhoff/play/" + GAME)
        kp = KPage(page)
        kp.wait()
        kp.click_edge(edge)  # one tap: the arrow b2→c2
        page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
        words = expected(kp)
        assert "b2→c2" in page.inner_text(f"{PLAY} .alarm-headline")
        shown = page.eval_on_selector_all(
            f"{PLAY} .alarm-proof li", "els => els.map(e => e.innerText)"
        )
        # Every sentence of the proof is on the page, in order (nested ones inside their step).
        assert "\n".join(shown).split("\n") == list(words) or [
            line.strip() for line in "\n".join(shown).split("\n")
        ] == list(words)
        # It starts from the alarm's own outline; Next walks the steps and outlines each.
        assert page.get_attribute(f"{PLAY} .alarm", "data-step") == "-1"
        overlays = []
        ghosts = []
        for i in range(len(shown)):
            page.click(f"{PLAY} .alarm-next")
            assert page.get_attribute(f"{PLAY} .alarm", "data-step") == str(i)
            ghosts.append(int(page.get_attribute(f"{PLAY} svg.board", "data-ghosts") or "0"))
            assert (
                page.eval_on_selector_all(
                    f"{PLAY} .alarm-proof li[aria-current='step']", "e => e.length"
                )
                == 1
            )
            overlays.append(
                page.eval_on_selector_all(
                    f"{PLAY} .k-hint-edge-alarm, {PLAY} .k-cell-ring-alarm, {PLAY} .k-region-alarm",
                    "els => els.map(e => e.outerHTML).join('')",
                )
            )
            assert overlays[-1], f"step {i} outlines nothing"
        assert page.is_disabled(f"{PLAY} .alarm-next")
        # What earlier steps found is drawn as ghosts: none at the first step, the two
        # arrows into a1 once deduced (the "no arrow goes …" facts are not drawn).
        assert ghosts == [0, 1, 2, 2, 2], ghosts
        if width == 390:
            page.screenshot(path=f"/tmp/coord/shots/kirchhoff-verdict-ghosts-{width}x{height}.png")
        # The alarm and its way back are within the viewport, without scrolling to them.
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        for sel in (".alarm-headline", ".take-back-wrong", ".rewind-completable"):
            assert in_viewport(page, f"{PLAY} {sel}"), f"{sel} is out of view at {width}×{height}"
        bad = axe_violations(page)
        assert not bad, describe(bad)
        # The shot: the board scrolled to the top, so the outlined step shows above the panel.
        page.click(f"{PLAY} .alarm-prev")
        page.evaluate(
            "window.scrollBy(0, document.querySelector('.kirchhoff-play svg.board')"
            ".getBoundingClientRect().top - 4)"
        )
        page.screenshot(path=f"{SHOTS}/kirchhoff-lost-verdict-{width}x{height}-{theme}.png")
        page.click(f"{PLAY} .alarm-next")
        # By keyboard: Previous step is a button that focus reaches.
        page.focus(f"{PLAY} .alarm-prev")
        page.keyboard.press("Enter")
        assert page.get_attribute(f"{PLAY} .alarm", "data-step") == str(len(shown) - 2)
        # Taking the wrong mark back clears the alarm, and the ghosts with it.
        page.click(f"{PLAY} .take-back-wrong")
        page.wait_for_selector(f"{PLAY} .alarm", state="hidden")
        assert page.locator(f"{PLAY} .k-ghost").count() == 0
        errs.check()


DAILY_2026_12_03 = "7x7dh:FVQiUiHeRElEYxLHHKZjlJTMsSA86"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_three_right_arrows_and_one_wrong_blame_only_the_wrong_one(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    """Issue 31's example: on the daily of 2026-12-03 draw e1→f1, f1→g1, g2→f2 (all in
    the solution) and d4→d5 (not): the alarm's first line names d4→d5 alone, and its
    proof uses it alone. Oracles: the exact counter (the right arrows alone are alive),
    Python's verdict, the independent proof checker; the glossary opens from the proof."""
    start = midend.resolve(KIRCHHOFF, DAILY_2026_12_03).start()
    right = execute_moves(start, "e1>f1 f1>g1 g2>f2")
    assert not is_lost(start.board, right.masks())
    with fresh_page(browser, viewport={"width": width, "height": height}) as (_, page, errs):
        page.goto(base_url + "#kirchhoff/play/" + DAILY_2026_12_03)
        kp = KPage(page)
        kp.wait()
        for mv in ("e1>f1", "f1>g1", "g2>f2", "d4>d5"):
            edge, mark = parse_move(start.board, mv)
            kp.set_mark(edge, int(mark))
        page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
        headline = page.inner_text(f"{PLAY} .alarm-headline").split("\n")[0]
        assert headline == (
            "This position can no longer be completed: the arrow d4→d5 cannot be right."
        ), headline
        proof = json.loads(page.get_attribute(PLAY, "data-proof") or "null")
        assert proof["uses"] == ["d4>d5"]
        check(clues_from_game_id(DAILY_2026_12_03), proof, lost=True, marks=["d4>d5"])
        assert proof == py_hint(execute_moves(start, "e1>f1 f1>g1 g2>f2 d4>d5")).proof
        page.click(f"{PLAY} .alarm-why .k-glossary summary")
        assert page.is_visible(f"{PLAY} .alarm-why .k-glossary-list")
        assert page.get_attribute(f"{PLAY} .alarm-why .k-glossary a", "href") == "#kirchhoff/rules"
        bad = axe_violations(page)
        assert not bad, describe(bad)
        if width == 390:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=f"/tmp/coord/shots/kirchhoff-verdict-d4d5-{width}x{height}.png")
            # half-way through its proof: what the earlier steps found is drawn as ghosts
            n = page.locator(f"{PLAY} .alarm-proof li").count()
            page.eval_on_selector_all(f"{PLAY} .alarm-proof li", f"els => els[{n // 2}].click()")
            assert int(page.get_attribute(f"{PLAY} svg.board", "data-ghosts") or "0") > 5
            page.evaluate(
                "window.scrollBy(0, document.querySelector('.kirchhoff-play svg.board')"
                ".getBoundingClientRect().top - 4)"
            )
            page.screenshot(
                path=f"/tmp/coord/shots/kirchhoff-verdict-walk-ghosts-{width}x{height}.png"
            )
        errs.check()


_GEOMETRY = """() => {
  const play = document.querySelector('.kirchhoff-play');
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  };
  const step = play.querySelector('.alarm-proof li[aria-current="step"]');
  let topmost = null;
  if (step) {
    const r = step.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 8, (r.top + r.bottom) / 2);
    topmost = Boolean(hit && step.contains(hit));
  }
  return {
    height: innerHeight,
    hud: box(play.querySelector('.k-hud')),
    board: box(play.querySelector('svg.board')),
    alarm: box(play.querySelector('.alarm')),
    buttons: ['.take-back-wrong', '.rewind-completable', '.alarm-next']
      .map((s) => box(play.querySelector(s))),
    step: step ? box(step) : null,
    topmost,
  };
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_whole_board_then_each_step_whole_beside_the_alarm(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    """Oracle: the layout's own boxes. When the alarm appears the whole board is in
    view, between the score bar and the alarm; then, walking the proof with Next step,
    each sentence in hand is in view whole, uncovered (the topmost element at its
    middle is the sentence), between the whole board and the alarm, whose ways back
    stay in the viewport."""
    with fresh_page(browser, viewport={"width": width, "height": height}) as (_, page, errs):
        page.goto(base_url + "#kirchhoff/play/" + GAME)
        kp = KPage(page)
        kp.wait()
        kp.click_edge(tapped_edge())
        page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
        g = page.evaluate(_GEOMETRY)
        assert g["hud"]["bottom"] <= g["board"]["top"] + 0.5, g
        assert g["board"]["bottom"] <= g["alarm"]["top"] + 0.5, g
        assert g["alarm"]["bottom"] <= g["height"] + 0.5, g
        n = page.locator(f"{PLAY} .alarm-proof li").count()
        assert n == 5
        for i in range(n):
            page.click(f"{PLAY} .alarm-next")
            assert page.get_attribute(f"{PLAY} .alarm", "data-step") == str(i)
            g = page.evaluate(_GEOMETRY)
            st = g["step"]
            # the whole board stays in view above the sentence, which reads its outline
            assert g["hud"]["bottom"] <= g["board"]["top"] + 0.5, (i, g)
            assert st and g["board"]["bottom"] <= st["top"] + 0.5, (i, g)
            assert st["bottom"] <= g["alarm"]["top"] + 0.5, (i, g)
            assert g["topmost"], (i, g)
            for b in g["buttons"]:
                assert b["top"] >= 0 and b["bottom"] <= g["height"] + 0.5, (i, g)
        errs.check()


def test_after_a_reload_the_verdict_still_blames_only_the_players_mark(
    browser: Any, base_url: str
) -> None:
    """The game's crosses are saved as the game's: reopened, the board shows the same
    marks and the verdict is still the one of the player's own tap (Python's, as above),
    never one naming an empty the game crossed."""
    with fresh_page(browser, viewport={"width": 390, "height": 844}) as (_, page, errs):
        page.goto(base_url + "#kirchhoff/play/" + GAME)
        kp = KPage(page)
        kp.wait()
        kp.click_edge(tapped_edge())
        page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
        before = kp.marks()
        page.reload()
        kp.wait()
        page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
        assert kp.marks() == before
        words = expected(kp)
        headline = page.inner_text(f"{PLAY} .alarm-headline")
        assert "the arrow b2→c2 cannot be right" in headline, headline
        shown = page.eval_on_selector_all(
            f"{PLAY} .alarm-proof li", "els => els.map(e => e.innerText.trim())"
        )
        assert shown == list(words)
        errs.check()


def test_a_bad_board_size_in_a_link_is_said_in_plain_words(page: Any, base_url: str) -> None:
    """Oracle: the board-size bounds (2..16 a side) and the engine's notation, which the
    page must not show."""
    for bad in ("99x99#5", "1x4#5", "axb#5"):
        page.goto(base_url + "#kirchhoff/play/" + bad.replace("#", "%23"))
        page.wait_for_function("() => /board size/.test(document.body.innerText)", timeout=30000)
        text = page.inner_text("body")
        assert "this link's board size isn't valid: boards are 2×2 to 16×16" in text.lower()
        assert "RxCdG" not in text and "bad params" not in text


@pytest.mark.parametrize("route", ["#kirchhoff/edit", "#kirchhoff/stats"])
def test_the_editor_and_stats_show_their_heading_once(page: Any, base_url: str, route: str) -> None:
    """Oracle: the visible text of every heading on the page (the page's h1 names the view;
    the view's own heading is for screen readers only)."""
    page.goto(base_url + route)
    page.wait_for_selector("#page-title")
    page.wait_for_function("() => document.querySelector('main h2') !== null", timeout=30000)
    title = page.inner_text("#page-title").strip()
    assert title
    shown = page.eval_on_selector_all(
        "h1, h2, h3",
        "els => els.filter(e => e.checkVisibility() && e.getBoundingClientRect().width > 2)"
        ".map(e => e.innerText.trim())",
    )
    assert shown.count(title) == 1, shown
    bad = axe_violations(page)
    assert not bad, describe(bad)
