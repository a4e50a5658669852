"""Accessible on every device (issue 13): axe-core on every route of both puzzles,
light and dark, on a 390×844 phone and a 1280×800 desktop: no critical or serious
violation, exactly one level-one heading. And the player-facing words: the text a
route shows never carries an internal token (the same rules as
tests/js/app/words.test.mjs, which scans the source strings).

Oracle: axe-core (an independent rule engine), and the rendered text. The dark
runs choose dark in the settings while the system is light, so they also prove
the theme setting. Results per route go to test-artifacts/a11y-<theme>-<width>.json.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from proofgrid import registry, results
from tests.e2e.a11y import ROUTES, axe_violations, describe, h1_texts, open_route
from tests.e2e.conftest import ARTIFACTS, fresh_page
from tests.print.test_results import K_ID, M_ID, M_PAR, kirchhoff_solution_moves

pytestmark = pytest.mark.slow

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
DARK = """(() => {
  try {
    localStorage.setItem('proofgrid.settings', JSON.stringify({ v: 2, data: {
      theme: 'dark', highContrast: false,
      seenHowto: { matchless: true, kirchhoff: true }, puzzles: {} } }));
  } catch (e) { /* about:blank */ }
})();"""

# Internal tokens player-facing text must not show (issue 13).
INTERNAL_WORDS = re.compile(r"\b(surplus|capacity|relaxation|checksum|desc|bits)\b", re.I)
HYPHEN_MINUS = re.compile(r"(?:^|[\s(=:,])-\d")
# An edge index ("e17"), not a cell: boards have at most 16 rows, so e1…e16 name cells.
EDGE_INDEX = re.compile(r"\be(?:0|1[7-9]|[2-9]\d|\d{3,})\b")
LONE_DOT = re.compile(r"(?:^|\s)\.(?:\s|$)")
THEORY_PAGES = ("#why", "#kirchhoff/why")


def result_routes() -> tuple[str, ...]:
    """``#result/<code>`` pages (a result made by the Python side, replayed by the page):
    a Matchless par finish with hints and X-ray, a solved Kirchhoff; and a future date's
    "isn't out yet" page of each daily."""
    m = results.make(registry.get("matchless"), M_ID, M_PAR, hints=1, xray=True)
    k = results.make(registry.get("kirchhoff"), K_ID, kirchhoff_solution_moves(K_ID))
    return (
        results.link(results.encode(m)),
        results.link(results.encode(k)),
        "#daily/2999-01-01",
        "#kirchhoff/daily/2999-01-01",
    )


def word_problems(text: str, route: str) -> list[str]:
    """The internal tokens in a route's visible text (theory words allowed on "why" pages)."""
    found = [
        m.group(0).strip() for rx in (HYPHEN_MINUS, EDGE_INDEX, LONE_DOT) for m in rx.finditer(text)
    ]
    if route not in THEORY_PAGES:
        found += [m.group(0) for m in INTERNAL_WORDS.finditer(text)]
    return found


def test_word_rules_catch_what_they_should() -> None:
    bad = "net -2 at e17; surplus . here"
    assert word_problems(bad, "#daily") == ["-2", "e17", ".", "surplus"]
    assert word_problems("capacity", "#why") == []
    assert word_problems("a 5×5 board, −2, 10–8, well-made, 3.5, x-ray", "#daily") == []
    assert word_problems("strike e6, then e16", "#daily") == []  # cells, not edges
    assert word_problems("e0 e20 e123", "#daily") == ["e0", "e20", "e123"]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_every_route_passes_axe_with_one_h1(
    browser: Any, base_url: str, theme: str, device: str
) -> None:
    viewport = VIEWPORTS[device]
    with fresh_page(browser, viewport=viewport, color_scheme="light") as (ctx, page, errs):
        if theme == "dark":
            ctx.add_init_script(DARK)
        report: dict[str, Any] = {}
        for route in (*ROUTES, *result_routes()):
            open_route(page, base_url, route)
            if theme == "dark":
                assert page.get_attribute("html", "data-theme") == "dark"
            violations = axe_violations(page)
            h1 = h1_texts(page)
            words = word_problems(page.inner_text("body"), route)
            report[route or "/"] = {
                "violations": [f"{v['impact']}: {v['id']} ×{v['count']}" for v in violations],
                "detail": describe(violations),
                "h1": h1,
                "words": words,
            }
        ARTIFACTS.mkdir(exist_ok=True)
        out = ARTIFACTS / f"a11y-{theme}-{viewport['width']}.json"
        out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
        bad = {r: v["detail"] for r, v in report.items() if v["violations"]}
        assert bad == {}, "\n".join(f"{r}:\n{d}" for r, d in bad.items())
        headings = {r: v["h1"] for r, v in report.items() if len(v["h1"]) != 1 or not v["h1"][0]}
        assert headings == {}
        wording = {r: v["words"] for r, v in report.items() if v["words"]}
        assert wording == {}
        errs.check()


def test_the_axe_helper_sees_a_planted_violation(browser: Any, base_url: str) -> None:
    """Control: the helper can fail (a nameless button, white on white text)."""
    with fresh_page(browser, viewport=VIEWPORTS["phone"]) as (_ctx, page, _errs):
        open_route(page, base_url, "#home")
        assert axe_violations(page) == []
        page.evaluate(
            """() => {
              const b = document.createElement('button');
              document.querySelector('main').append(b);
              const p = document.createElement('p');
              p.textContent = 'unreadable';
              p.className = 'planted';
              document.querySelector('main').append(p);
            }"""
        )
        found = {v["id"] for v in axe_violations(page)}
        assert "button-name" in found
