"""Matchless's finish in a real browser: finishing today's daily at par brings the
result into view with its Share button (the one in the page's main content)
inside the viewport and focused, and a countdown to the next daily; on a phone
and on a desktop viewport, both themes. The oracle for the winning moves is
the Python engine's witness (``/api/matchless/daily``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.a11y import axe_violations
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, fresh_page
from tests.e2e.matchless_page import daily_proof

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

SHOTS = Path("/work/wt/player-shots")

_IN_VIEW = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_finishing_the_daily_at_par_focuses_share_in_view(
    browser: Any, base_url: str, width: int, height: int, theme: str
) -> None:
    with fresh_page(browser, viewport={"width": width, "height": height}, color_scheme=theme) as (
        _ctx,
        page,
        errs,
    ):
        pin_noon(page)
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        proof = daily_proof(page, base_url)
        for rc in proof["witness"]:
            board.strike(rc)
        page.wait_for_selector(".result:not([hidden])")
        share = "main .result button.share"
        page.wait_for_function(f"() => document.activeElement.matches({share!r})")
        page.wait_for_function(_IN_VIEW, arg=share)
        countdown = page.inner_text("main .result .next-daily")
        # the clock starts at noon UTC: local midnight is hours away, whatever the time zone
        assert re.fullmatch(
            r"Next daily in \d{1,2} h \d\d min \(midnight, your time\)\.", countdown
        )
        assert page.get_attribute("main .result .next-daily", "aria-live") == "polite"
        assert axe_violations(page) == []
        tag = "phone" if width < 600 else "desktop"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"matchless-finish-{tag}-{theme}.png"))
        errs.check()
