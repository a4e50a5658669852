"""Screenshots after a hinted Matchless daily (issue 30's note), into docs/screenshots/.

Run from the repository root::

    python -m tests.e2e.screenshots_hinted

Today's Matchless daily on a phone (390×844) and a desktop (1280×800), light theme:
one Hint (answered yes when asked), the hinted shell, then the Python witness's other
shells — par with help. Shot: the finish, the share card, the home, and the result
page of the card's link. The witness comes from the Python engine, never the page.
"""

from __future__ import annotations

import re
from pathlib import Path

from proofgrid.server.live import live_server
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, cell_name, fresh_page, say_yes_if_asked
from tests.e2e.matchless_page import daily_proof
from tests.e2e.screenshots import VIEWPORTS, chromium


def main() -> None:
    """Take the eight pictures (four views, two viewports)."""
    OUT = Path("docs/screenshots")
    with live_server() as url, chromium() as browser:
        base = url + "/"
        for size in ("phone", "desktop"):
            with fresh_page(browser, viewport=VIEWPORTS[size], color_scheme="light") as (
                _ctx,
                page,
                errs,
            ):
                pin_noon(page)
                page.goto(base + "#daily")
                board = Board(page)
                board.wait()
                proof = daily_proof(page, base)
                page.click("button.hint-btn")
                say_yes_if_asked(page)
                page.wait_for_selector(".hint-note:not([hidden]) .hint-move-line")
                hinted = (
                    page.inner_text(".hint-note .hint-move-line").removeprefix("Hint: ").strip()
                )
                board.strike([int(hinted[1:]) - 1, ord(hinted[0]) - 97])
                for rc in proof["witness"]:
                    if (
                        cell_name(rc) != hinted
                        and not page.locator("main .result:not([hidden])").count()
                    ):
                        board.strike(rc)
                page.wait_for_selector("main .result:not([hidden]) .share-text")
                page.wait_for_timeout(1500)
                page.screenshot(path=str(OUT / f"hinted-finish-{size}-light.png"))
                page.locator("main .result .share-text").scroll_into_view_if_needed()
                page.screenshot(path=str(OUT / f"hinted-share-card-{size}-light.png"))
                found = re.search(r"#result/\S+", page.inner_text(".share-text"))
                assert found
                link = found.group(0)
                page.goto(base + "#home")
                page.wait_for_selector(".daily-tile[data-puzzle='matchless']")
                page.wait_for_timeout(300)
                page.evaluate("scrollTo(0, 0)")
                page.screenshot(path=str(OUT / f"hinted-home-{size}-light.png"), full_page=True)
                page.goto(base + link)
                page.wait_for_selector("main .result-view[data-verified='true']")
                page.wait_for_timeout(300)
                page.screenshot(
                    path=str(OUT / f"hinted-result-page-{size}-light.png"), full_page=True
                )
                errs.check()
    print("\n".join(sorted(str(p) for p in OUT.glob("hinted-*.png"))))


if __name__ == "__main__":
    main()
