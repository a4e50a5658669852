"""``#result/<code>``: a result code made by the Python CLI replays in the browser, offline.

Oracle: the Python replay of the same code (``proofgrid.results.check``: solved,
matches, par, arrows), and the code's own fields; a code with one character
changed must be refused in plain words.
"""

from __future__ import annotations

from typing import Any

import pytest

from proofgrid import registry, results
from tests.e2e.conftest import fresh_page
from tests.print.test_results import K_ID, M_ID, M_PAR, kirchhoff_solution_moves

pytestmark = pytest.mark.slow


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]")
    page.locator(".result-view, .notice.bad").first.wait_for()


@pytest.mark.parametrize("which", ["matchless", "kirchhoff", "kirchhoff-unfinished"])
def test_python_code_replays_in_the_browser(browser: Any, base_url: str, which: str) -> None:
    name = which.split("-", maxsplit=1)[0]
    puzzle = registry.get(name)
    if name == "matchless":
        gid, moves, hints, xray = M_ID, M_PAR, 2, True
    else:
        gid, moves, hints, xray = K_ID, kirchhoff_solution_moves(K_ID), 0, False
        if which.endswith("unfinished"):
            moves = moves[:3]
    r = results.make(puzzle, gid, moves, hints=hints, xray=xray)
    code = results.encode(r)
    truth = results.check(puzzle, results.decode(code))
    with fresh_page(browser, viewport={"width": 900, "height": 1000}) as (_ctx, page, errs):
        _open(page, base_url + results.link(code))
        view = page.locator(".result-view")
        assert view.get_attribute("data-verified") == "true"
        assert view.get_attribute("data-solved") == str(truth["solved"]).lower()
        verdict = page.locator(".verdict").inner_text()
        assert verdict.startswith("Verified by replay")
        if name == "matchless":
            assert (
                f"in {truth['matches']} matches" in verdict and f"par is {truth['par']}" in verdict
            )
        else:
            assert f"{truth['arrows']} arrows" in verdict
        assert ("Solved" in verdict) is (truth["solved"] and name == "kirchhoff")
        own = page.locator(".self-reported").inner_text()
        assert own.count("the player's own record") == 2
        assert (f"{hints} taken" in own) is bool(hints) and ("X-ray: used" in own) is xray
        assert view.get_attribute("data-step") == str(len(moves))
        # the replay is the whole solution: it waits behind "Play it yourself first"
        page.get_by_role("button", name="Show the solution").click()
        page.get_by_role("button", name="◀◀ Start").click()
        assert view.get_attribute("data-step") == "0"
        page.get_by_role("button", name="Next ▶").click()
        assert (
            page.locator(".replay-step")
            .inner_text()
            .endswith("lit." if name == "matchless" else "arrows.")
        )
        assert moves[0] in page.locator(".replay-step").inner_text()
        errs.check()


def test_an_altered_code_is_refused(browser: Any, base_url: str) -> None:
    code = results.encode(results.make(registry.get("matchless"), M_ID, M_PAR))
    i = len(code) // 2
    bad = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1 :]
    with fresh_page(browser, viewport={"width": 900, "height": 1000}) as (_ctx, page, errs):
        _open(page, base_url + results.link(bad))
        alert = page.get_by_role("alert").first.inner_text()
        assert "damaged or was altered" in alert and "proves nothing" in alert
        assert page.locator(".result-view[data-verified]").count() == 0
        forged = results.encode(results.Result("matchless", M_ID, ("b1", "b1")))
        _open(page, base_url + results.link(forged))
        page.get_by_text("does not replay").wait_for()
        errs.check()
