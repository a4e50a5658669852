"""No hint, status, solve or obvious empties run on the page's main thread (issue 30).

Every answer of an engine is the worker's, asked through the midend
(js/app/midend.js): the page only applies the rules (a strike's cascade, a
mark). Behavioural check: the browser is handed engines whose answers throw
when they run on the main thread (a ``window`` exists) and record that they
were called, and work as always in a worker. Each puzzle's engine module
(``js/<puzzle>/engine/index.js``) is served as a thin module that re-exports
the real one and replaces its answers by such guards; the real module is the
same file under another URL. Then a player opens a Matchless daily, strikes,
takes a hint and finishes it; opens the result link it shares; builds a board
in the editor; and plays a Kirchhoff board with "Mark obvious empties" on
(its default), undoes, and opens the result link of a Kirchhoff daily (its
title names the daily: the worker built the days' boards to find it).
Everything must work as it does with the plain engines, and no guard may have
fired.

Oracles: the Python engine (par, witness, obvious empties, the result check)
and the guards' own record.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote, unquote

import pytest

from proofgrid import registry, results
from proofgrid.kirchhoff.board import Mark, Position
from proofgrid.kirchhoff.daily import daily as k_daily
from proofgrid.kirchhoff.daily import daily_id, parse_date
from proofgrid.kirchhoff.hint import obvious_empties
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import Board, PageErrors, fresh_page, say_yes_if_asked
from tests.e2e.kirchhoff_page import PLAY, KPage, fixed_id
from tests.e2e.matchless_page import daily_proof
from tests.print.test_results import kirchhoff_solution_moves

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

#: The answers each engine must never give on the main thread; both puzzles' boards
#: (the daily, a new random board) are built by their workers too.
ANSWERS = {
    "matchless": ["solve", "hint", "status", "remainingPar", "remainingParOf", "daily", "generate"],
    "kirchhoff": [
        "hint",
        "status",
        "solution",
        "firstSolution",
        "solutions",
        "obviousEmpties",
        "count",
        "analyse",
        "analysePosition",
        "isLost",
        "grade",
        "gradeBoard",
        "takeBack",
        "daily",
        "generate",
    ],
}

#: Rules that build a board when given a seeded game ID ("5x5#seed": the generator,
#: which calls the solver): guarded for such IDs only (a fixed ID is read by the rules).
SEEDED = {"matchless": ["parseGameId"]}

#: The real engine module, under a URL the guard below does not catch.
REAL = "index.js?real-engine"


def guarded_engine(names: list[str], seeded: tuple[str, ...] = ()) -> str:
    """An engine module: the real one re-exported, its answers `names` guarded, and
    `seeded` guarded when given a seeded game ID."""
    lines = [
        f"export * from './{REAL}';",
        f"import * as real from './{REAL}';",
        "const guard = (name) => function guarded(...args) {",
        "  if (typeof window !== 'undefined') {",
        "    (globalThis.__answersOnPage ||= []).push(name);",
        "    throw new Error(`${name} ran on the page's main thread`);",
        "  }",
        "  return real[name](...args);",
        "};",
    ]
    lines += [f"export const {n} = guard('{n}');" for n in names]
    lines += [
        f"export const {n} = (id, ...rest) => (String(id).includes('#')"
        f" ? guard('{n}')(id, ...rest) : real.{n}(id, ...rest));"
        for n in seeded
    ]
    return "\n".join(lines) + "\n"


def serve(body: str) -> Any:
    """A route handler that answers with the module ``body``."""

    def handle(route: Any, _request: Any = None) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=body)

    return handle


@contextmanager
def guarded_page(
    browser: Any, viewport: dict[str, int] = PHONE
) -> Iterator[tuple[Any, PageErrors]]:
    """A page (a phone's unless told) whose engines' answers throw on the main thread (no service
    worker, so every module request meets the route)."""
    with fresh_page(browser, viewport=viewport, service_workers="block") as (ctx, page, errs):
        for puzzle, names in ANSWERS.items():
            ctx.route(
                lambda url, p=puzzle: url.endswith(f"/js/{p}/engine/index.js"),
                serve(guarded_engine(names, tuple(SEEDED.get(puzzle, ())))),
            )
        yield page, errs


def answers_on_page(page: Any) -> list[str]:
    got: list[str] = page.evaluate("globalThis.__answersOnPage || []")
    return got


def test_the_guard_fires_on_the_main_thread(browser: Any, base_url: str) -> None:
    """The check itself: a guarded answer called on the page throws and is recorded
    (the app's own pages, which ask their workers, are the other tests)."""
    with guarded_page(browser) as (page, errs):
        page.goto(base_url + "#archive")
        page.wait_for_selector("html[data-ready='true']")
        said = page.evaluate(
            """async (url) => {
              const e = await import(url);
              const board = e.parseGameId(e.PRACTICE[0]);
              try { e.solve(board); return 'answered'; } catch (err) { return err.message; }
            }""",
            base_url + "js/matchless/engine/index.js",
        )
        assert said == "solve ran on the page's main thread"
        assert answers_on_page(page) == ["solve"]
        errs.check()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_matchless_daily_hint_finish_and_result_answer_from_the_worker(
    browser: Any, base_url: str, viewport: dict[str, int]
) -> None:
    with guarded_page(browser, viewport) as (page, errs):
        pin_noon(page)
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        proof = daily_proof(page, base_url)
        par = proof["par"]
        assert board.hud() == (0, par, 0)  # par came from the worker
        witness = proof["witness"]
        board.strike(witness[0])
        assert board.hud() == (1, par, 0)
        assert page.inner_text(".hud .meter") == "Par still reachable"
        page.click("button.hint-btn")
        say_yes_if_asked(page)
        page.wait_for_selector(".hint-note:not([hidden]) .hint-move-line")
        page.click("button.undo")
        assert board.hud() == (0, par, 0)  # a known position: no question needed
        page.click("button.redo")
        for rc in witness[1:]:
            board.strike(rc)
        page.wait_for_selector(".result:not([hidden])")
        assert board.hud()[:2] == (par, par)
        text = page.inner_text(".share-text")
        link = text.splitlines()[-1].split(": ", 1)[1]
        assert answers_on_page(page) == []

        page.goto(link)
        page.wait_for_selector(".result-view[data-verified='true']")
        verdict = page.inner_text(".result-view .verdict")
        assert f"in {par} matches" in verdict and f"par is {par}" in verdict
        assert answers_on_page(page) == []
        errs.check()


def test_matchless_editor_asks_par_of_the_worker(browser: Any, base_url: str) -> None:
    with guarded_page(browser) as (page, errs):
        page.goto(base_url + "#edit")
        Board(page).wait()
        # 5x5: shells a1 b1 and e5, a fuse a1 -> b1: sources a1 and e5, par 2
        for cell in (0, 1, 24):
            page.click(f".editor .cell[data-cell='{cell}']")
        page.click("button.tool-fuse")
        page.click(".editor .cell[data-cell='0']")
        page.click(".editor .cell[data-cell='1']")
        page.wait_for_selector(".editor-summary[data-par]:not([aria-busy])")
        assert page.inner_text(".editor-summary").startswith("Par 2")
        assert page.get_attribute(".editor-summary", "data-par") == "2"
        assert "Par is 2" in page.inner_text(".editor .xray-note")
        assert answers_on_page(page) == []
        errs.check()


def test_matchless_boards_are_built_in_the_worker(browser: Any, base_url: str) -> None:
    """The daily, a past daily, "New puzzle", a seeded link, the editor's random board and
    a duel's random board: each is built by the worker (the generator calls the solver)."""
    with guarded_page(browser) as (page, errs):
        day = pin_noon(page)
        page.goto(base_url + "#daily")
        Board(page).wait()
        page.goto(base_url + "#daily/" + (day - dt.timedelta(days=1)).isoformat())
        page.wait_for_selector("[data-mode='daily-archive'] .board")
        page.goto(base_url + "#play")
        page.wait_for_selector("[data-mode='random'] .board")
        first = page.evaluate("location.hash")
        page.click("button.new-puzzle")
        page.wait_for_function("h => location.hash !== h", arg=first)
        page.wait_for_selector("[data-mode='random'] .board")
        assert ":" in unquote(page.evaluate("location.hash"))  # the fixed ID, as before
        page.goto(base_url + "#play/" + quote("5x5#12345", safe=""))
        page.wait_for_selector("[data-mode='shared'] .board")
        page.goto(base_url + "#edit")
        Board(page).wait()
        page.click("button.random-board")
        page.wait_for_selector("button.random-board:not([aria-busy])")
        assert page.inner_text(".editor-help").startswith("A random")
        page.goto(base_url + "#duel")
        page.click("button.start")
        page.wait_for_selector(".duel .board")
        # a hand-made result code naming a seeded ID: refused before any board is built
        forged = results.encode(results.Result("matchless", "5x5#12345", ("a1",)))
        page.goto(base_url + results.link(forged))
        page.wait_for_selector(".result-view")
        page.wait_for_function(
            "() => /canonical form/.test(document.querySelector('.result-view').innerText)"
        )
        assert answers_on_page(page) == []
        errs.check()


def test_kirchhoff_obvious_empties_and_undo_answer_from_the_worker(
    browser: Any, base_url: str
) -> None:
    board = k_daily(parse_date("2026-12-01")).board
    with guarded_page(browser) as (page, errs):
        page.goto(base_url + "#kirchhoff/play/" + quote(fixed_id(board), safe=":"))
        kp = KPage(page)
        kp.wait()
        start = Position.start(board)
        crossed = obvious_empties(start)  # "Mark obvious empties" is on by default
        assert [e for e, m in enumerate(kp.marks()) if m] == crossed
        before = kp.marks()
        moves = kp.moves()
        # an arrow on a free edge: its obvious empties join the same undo step
        edge = next(e for e, m in enumerate(before) if m == 0)
        kp.click_edge(edge)
        assert kp.moves() == moves + 1
        marks = kp.marks()
        assert marks[edge] == Mark.FORWARD
        mine = [Mark(m) for m in before]
        mine[edge] = Mark.FORWARD
        want = set(obvious_empties(Position(board, tuple(mine))))  # Python, after the arrow
        assert {e for e, m in enumerate(marks) if m == Mark.CROSS} == set(crossed) | want
        page.click(f"{PLAY} button.undo")
        kp.settled()
        assert kp.marks() == before  # the mark and its crosses go back together
        assert answers_on_page(page) == []
        errs.check()


def test_kirchhoff_daily_result_status_and_title_answer_from_the_worker(
    browser: Any, base_url: str
) -> None:
    puzzle = registry.get("kirchhoff")
    with guarded_page(browser) as (page, errs):
        day = pin_noon(page)
        gid = daily_id(day)
        code = results.encode(results.make(puzzle, gid, kirchhoff_solution_moves(gid)))
        page.goto(base_url + results.link(code))
        page.wait_for_selector(".result-view[data-verified='true']")
        assert page.get_attribute(".result-view", "data-solved") == "true"
        assert page.inner_text(".result-view .verdict").startswith("Verified by replay: Solved")
        # which daily it is: the days' boards come from the worker, never the page
        page.wait_for_selector(".result-view[data-number]")
        assert page.get_attribute(".result-view", "data-date") == day.isoformat()
        assert answers_on_page(page) == []
        errs.check()
