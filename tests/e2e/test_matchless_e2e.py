"""Matchless in a real browser (Debian's Chromium, Playwright).

Oracles: the Python engine through the JSON API (par, witness, X-ray
components, remaining par after moves) — so every test is also a
cross-language check of the browser engine — and the page's own DOM state.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest

from proofgrid.server.live import live_server
from tests.e2e import shell_page
from tests.e2e.a11y import axe_violations, h1_texts
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import (
    Board,
    PageErrors,
    api,
    cell_name,
    fresh_page,
    screenshot,
    stamped_tiers,
    wait_for_one_new_cache,
)
from tests.e2e.matchless_page import (
    daily_proof,
    moves_of,
    open_daily,
    show,
    unfinishable_random_board,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_daily_solved_at_par_share_text_and_streak(page: Any, base_url: str) -> None:
    board, proof = open_daily(page, base_url)
    number = int(page.get_attribute(".play", "data-puzzle") or "0")
    # The browser built the same board as the Python engine, offline, from the date alone.
    assert board.game_id() == proof["id"]
    assert number == proof["number"]
    assert page.eval_on_selector_all("h1", "els => els.map(e => e.textContent)") == [
        f"Daily #{number}"
    ]
    assert board.hud() == (0, proof["par"], 0)
    for k, rc in enumerate(proof["witness"], start=1):
        board.strike(rc)
        assert board.hud() == (k, proof["par"], 0)
    assert sorted(board.lit()) == list(range(len(proof["shells"])))
    page.wait_for_selector(".result:not([hidden])")
    assert "Solved at par" in page.inner_text(".hud .meter")
    assert "at par" in page.inner_text(".result .verdict")

    page.click("button.share")
    page.wait_for_function("() => document.querySelector('.share-status').textContent.length > 0")
    outcome = page.get_attribute(".share-status", "data-outcome")
    assert outcome in {"copied", "shared"}
    assert page.is_visible("#toast.show")
    text = page.inner_text(".share-text")
    par = proof["par"]
    assert text.splitlines()[:4] == [
        f"Matchless #{number}",
        f"{par} matches (at par)",
        "🎆" * par,
        "🔥 Streak 1",
    ]
    assert proof["id"].split(":")[1] not in text
    # The result link's line carries an opaque code (its moves show only when opened).
    assert text.splitlines()[-1].startswith("Check it (shows my moves): ")
    before_link = "\n".join(text.splitlines()[:-1])
    assert not any(re.search(rf"\b{cell_name(rc)}\b", before_link) for rc in proof["witness"])
    if outcome == "copied":
        assert page.evaluate("navigator.clipboard.readText()") == text

    # Yesterday played too: the streak is 2. Playing today again never doubles it.
    page.evaluate(
        """(date) => {
          const key = 'proofgrid.matchless.daily';
          const env = JSON.parse(localStorage.getItem(key));
          const [y, m, d] = date.split('-').map(Number);
          const t = new Date(Date.UTC(y, m - 1, d - 1));
          const iso = t.toISOString().slice(0, 10);
          env.data.records[iso] = {number: 1, score: 9, par: 5};
          localStorage.setItem(key, JSON.stringify(env));
        }""",
        proof["date"],
    )
    page.reload()
    board.wait()
    assert "You finished today's daily" in page.inner_text(".banners")
    page.wait_for_selector(".result:not([hidden])")  # the finished game is restored
    page.click("button.restart")
    for rc in proof["witness"]:
        board.strike(rc)
    assert "🔥 Streak 2" in page.inner_text(".share-text")
    page.goto(base_url + "#stats")
    page.wait_for_selector(".stats-view")
    figures = shell_page.stat_figures(page, ".stats-view")
    assert figures[:4] == ["2", "50%", "2", "2"]  # played, at par, current, best


def test_undo_redo_rewind_and_the_meter_agree_with_python(page: Any, base_url: str) -> None:
    board, proof = open_daily(page, base_url)
    comps, sources = proof["components"], set(proof["sources"])
    # A shell outside every source component: striking it first costs a match.
    bad = next(i for i, c in enumerate(comps) if c not in sources)
    bad_rc = proof["shells"][bad]
    moves: list[str] = []

    def check_meter() -> None:
        pos = api(base_url, "/api/matchless/solve", {"id": proof["id"], "moves": moves})["position"]
        used, par, over = board.hud()
        assert used == pos["matches"] and par == proof["par"]
        assert over == pos["best_reachable"] - proof["par"]
        lit = {proof["shells"].index(list(rc)) for rc in pos["lit"]}
        assert set(board.lit()) == lit

    board.strike(bad_rc)
    moves.append(cell_name(bad_rc))
    check_meter()
    assert board.hud()[2] >= 1
    assert page.inner_text(".hud .meter").startswith("Par +")
    for rc in proof["witness"][:2]:
        if proof["shells"].index(rc) not in board.lit():
            board.strike(rc)
            moves.append(cell_name(rc))
            check_meter()

    page.click("button.undo")
    moves.pop()
    check_meter()
    page.click("button.redo")
    moves.append(cell_name(proof["witness"][1]))
    check_meter()
    page.keyboard.press("Control+z")
    moves.pop()
    check_meter()
    page.keyboard.press("Control+y")
    moves.append(cell_name(proof["witness"][1]))
    check_meter()

    # Rewind goes back to the last position from which par was reachable: the start.
    assert page.is_enabled("button.rewind")
    page.click("button.rewind")
    moves.clear()
    check_meter()
    assert board.hud() == (0, proof["par"], 0)
    assert "Par still reachable" in page.inner_text(".hud .meter")
    assert not page.is_enabled("button.rewind")
    page.click("button.redo")  # the rewound moves stay redoable
    moves.append(cell_name(bad_rc))
    check_meter()


def test_keyboard_play(page: Any, base_url: str) -> None:
    board, _ = open_daily(page, base_url)
    page.focus(".cell[tabindex='0']")
    start = int(page.evaluate("document.activeElement.dataset.cell"))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    moved = int(page.evaluate("document.activeElement.dataset.cell"))
    assert moved != start
    assert page.evaluate("document.activeElement.classList.contains('cell')")
    ring = page.evaluate(
        "getComputedStyle(document.activeElement.querySelector('.focus-ring')).visibility"
    )
    assert ring == "visible"  # a visible focus outline for keyboard users
    page.keyboard.press("Enter")
    board.settle()
    assert board.hud()[0] == 1
    shell = int(page.evaluate("document.activeElement.dataset.shell"))
    assert shell in board.lit()
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert "lit shell" in label
    page.keyboard.press("x")  # on the daily, the X-ray asks first
    page.wait_for_selector("dialog.ask[open]")
    page.keyboard.press("Enter")  # focus starts on "Not now": Enter declines
    assert page.get_attribute("button.xray-toggle", "aria-pressed") == "false"
    page.keyboard.press("x")
    page.click("button.ask-yes")
    assert page.get_attribute("button.xray-toggle", "aria-pressed") == "true"


def test_xray_colours_every_shell(page: Any, base_url: str) -> None:
    _, proof = open_daily(page, base_url)
    page.click("button.xray-toggle")
    page.click("button.ask-yes")
    page.wait_for_function("() => document.getAnimations().length === 0")  # colour transitions
    info = page.eval_on_selector_all(
        ".shell-cell",
        """els => els.map(e => ({
            shell: Number(e.dataset.shell),
            cls: e.getAttribute('class'),
            fill: getComputedStyle(e.querySelector('.shell')).fill,
            label: e.querySelector('.label').textContent,
            ring: e.querySelector('.ring').classList.contains('on'),
            pattern: e.querySelector('.pattern').getAttribute('fill'),
        }))""",
    )
    assert len(info) == len(proof["shells"])
    okabe_ito = {
        "rgb(230, 159, 0)", "rgb(86, 180, 233)", "rgb(0, 158, 115)", "rgb(240, 228, 66)",
        "rgb(0, 114, 178)", "rgb(213, 94, 0)", "rgb(204, 121, 167)",
    }  # fmt: skip
    comps = proof["components"]
    for cell in info:
        assert "xray" in cell["cls"] and cell["label"], cell
        assert cell["fill"] in okabe_ito, cell
        assert cell["ring"] == (comps[cell["shell"]] in proof["sources"])
    # Same partition as Python's Tarjan: label <-> component is a bijection.
    pairs = {(c["label"], comps[c["shell"]]) for c in info}
    assert len(pairs) == len({c["label"] for c in info}) == len(set(comps))
    # A second cue besides colour: each (colour, pattern, label) is unique per component.
    cues = {(c["fill"], c["pattern"], c["label"]) for c in info}
    assert len(cues) == len(set(comps))
    note = page.inner_text(".xray-note")
    assert note.startswith(f"Par is {proof['par']} because") and note.count(".") == 1
    screenshot(page, "xray-390x844.png")


def test_editor_link_round_trips_into_a_playable_board(
    page: Any, context: Any, base_url: str, errors: PageErrors
) -> None:
    page.goto(base_url + "#edit")
    ed = Board(page)
    ed.wait()
    # 5x5: shells at a1 b1 c1 a2 b2 and e5; fuses a1->b1, b1->a1 (a cycle), b1->c1, a2->b2
    for cell in (0, 1, 2, 5, 6, 24):
        page.click(f".cell[data-cell='{cell}']")
    page.click("button.tool-fuse")
    for a, b in ((0, 1), (1, 0), (1, 2), (5, 6)):
        page.click(f".cell[data-cell='{a}']")
        assert "selected" in (page.get_attribute(f".cell[data-cell='{a}']", "class") or "")
        page.click(f".cell[data-cell='{b}']")
        # The fuse is made and the start let go: the next click starts a new fuse
        # (it used to stay selected, so the next clicks silently toggled fuses off).
        assert page.eval_on_selector_all(".cell.selected", "els => els.length") == 0
        assert "added" in page.inner_text(".editor-help")
    page.wait_for_selector(".editor-summary:not([aria-busy])")  # par is the worker's answer
    summary = page.inner_text(".editor-summary")
    link = page.input_value(".share-link")
    gid = unquote(link.split("#play/")[1])
    proof = api(base_url, "/api/matchless/solve", {"id": gid})
    # {a1,b1} cycle -> c1; a2 -> b2; e5 alone: sources {a1,b1}, a2, e5 -> par 3
    assert proof["par"] == 3 and summary.startswith("Par 3")
    assert len(proof["shells"]) == 6 and len(proof["fuses"]) == 4
    assert page.url.endswith("#edit/" + quote(gid, safe=":"))
    assert page.get_attribute("a.duel-it", "href") == "#duel/" + quote(gid, safe=":")

    other = context.new_page()
    errors.attach(other)
    other.goto(link)
    play = Board(other)
    play.wait()
    assert other.get_attribute("main > section", "data-mode") == "shared"
    assert play.hud() == (0, 3, 0)
    assert other.eval_on_selector_all(".fuse", "els => els.length") == 4
    for rc in proof["witness"]:
        play.strike(rc)
    assert play.hud() == (3, 3, 0)
    other.wait_for_selector(".result:not([hidden])")
    # ...and it can be reloaded from the editor URL too.
    page.reload()
    ed.wait()
    page.wait_for_selector(".editor-summary[data-par]:not([aria-busy])")
    assert page.inner_text(".editor-summary").startswith("Par 3")


def test_corrupted_local_storage_is_survived_key_by_key(page: Any, base_url: str) -> None:
    page.goto(base_url + "#daily")
    Board(page).wait()
    good_practice = json.dumps({"v": 1, "data": {"best": {"0": 2}, "current": None}})
    page.evaluate(
        """(good) => {
          localStorage.setItem('proofgrid.matchless.daily', '{"v":1,"data":{"records":"oops"');
          localStorage.setItem('proofgrid.settings', '{"v": 99, "data": {}}');
          localStorage.setItem('proofgrid.matchless.duel', 'null');
          localStorage.setItem('proofgrid.matchless.practice', good);
          localStorage.setItem('someone.else', '{{{ not ours');
        }""",
        good_practice,
    )
    page.reload()
    board = Board(page)
    board.wait()
    assert "could not be read" in shell_page.toast_text(page)
    daily = page.evaluate("JSON.parse(localStorage.getItem('proofgrid.matchless.daily'))")
    assert daily == {"v": 1, "data": {"records": {}, "current": None}}
    assert page.evaluate("localStorage.getItem('proofgrid.matchless.practice')") == good_practice
    assert page.evaluate("localStorage.getItem('someone.else')") == "{{{ not ours"
    assert page.evaluate("JSON.parse(localStorage.getItem('proofgrid.settings')).v") == 2
    page.goto(base_url + "#practice")
    page.wait_for_selector(".practice-list")
    assert "1 of 12 solved" in page.inner_text(".practice-list .sub")
    page.goto(base_url + "#duel")
    page.wait_for_selector("button.start")  # the reset duel key still works


def test_offline_reload_still_plays_the_daily(page: Any, context: Any, base_url: str) -> None:
    board, proof = open_daily(page, base_url)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
    page.reload()  # now controlled by the service worker
    board.wait()
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    context.set_offline(True)
    try:
        page.reload()
        board.wait()
        assert board.game_id() == proof["id"]
        for rc in proof["witness"]:
            board.strike(rc)
        page.wait_for_selector(".result:not([hidden])")
        # show() waits for the new view: the daily's board stays on screen until it mounts
        show(page, base_url + "#practice/1", "practice")
        assert page.get_attribute("main > section", "data-mode") == "practice"
        show(page, base_url + "#edit", "editor")
    finally:
        context.set_offline(False)


def test_practice_progress_is_saved(page: Any, base_url: str) -> None:
    page.goto(base_url + "#practice/2")
    board = Board(page)
    board.wait()
    proof = api(base_url, "/api/matchless/solve?id=" + quote(board.game_id()))
    first = proof["witness"][0]
    board.strike(first)
    page.reload()
    board.wait()
    assert board.hud()[0] == 1  # the game in progress was restored
    for rc in proof["witness"][1:]:
        board.strike(rc)
    page.wait_for_selector(".result:not([hidden]) a[href='#practice/3']")
    page.goto(base_url + "#practice")
    page.wait_for_selector(".practice-item.par")
    assert "1 of 12 solved" in page.inner_text(".practice-list .sub")
    assert "solved at par" in page.inner_text(".practice-item:nth-child(2)")


def test_stats_export_import_round_trip(
    page: Any, context: Any, base_url: str, errors: PageErrors
) -> None:
    page.goto(base_url + "#daily")
    Board(page).wait()
    page.evaluate(
        """() => localStorage.setItem('proofgrid.matchless.daily', JSON.stringify({v: 1, data: {
             records: {'2026-12-01': {number: 2, score: 5, par: 5},
                       '2026-12-02': {number: 3, score: 7, par: 5}},
             current: null}}))"""
    )
    page.goto(base_url + "#stats")
    page.click("button.export")
    code = page.input_value(".code-out")
    assert code.startswith("PG1.")
    other = context.new_page()
    errors.attach(other)
    other.goto(base_url + "#stats")
    other.evaluate("localStorage.clear()")
    other.reload()
    other.fill(".code-in", code[:-3] + "abc")
    other.click("button.import")
    status = ".import-status"
    other.wait_for_function(f"() => document.querySelector('{status}').textContent !== ''")
    assert "Could not import" in other.inner_text(status)
    other.fill(".code-in", code)
    other.click("button.import")
    other.wait_for_function(
        f"() => document.querySelector('{status}').textContent.includes('Imported')"
    )
    assert "Imported 3" in other.inner_text(status)
    other.goto(base_url + "#daily")
    other.goto(base_url + "#stats")
    other.wait_for_selector(".stats-view")
    played = shell_page.stat_figures(other, ".stats-view")
    assert played[:2] == ["2", "50%"]


def test_reduced_motion_high_contrast_dark_theme_and_aria(browser: Any, base_url: str) -> None:
    with fresh_page(
        browser,
        viewport={"width": 390, "height": 844},
        reduced_motion="reduce",
        color_scheme="dark",
    ) as (_ctx, page, errs):
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        bg = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        assert bg == "rgb(16, 20, 31)"  # the dark theme follows the system
        labels = page.eval_on_selector_all(
            ".shell-cell", "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert all(re.match(r"^[a-l]\d{1,2}: unlit shell", x) for x in labels)
        assert page.get_attribute("svg.board", "role") == "group"
        proof = daily_proof(page, base_url)
        page.click(board.cell(proof["witness"][0]))
        # With reduced motion the whole cascade is drawn in one frame, without the burst.
        page.wait_for_function(
            "() => document.querySelector('svg.board').dataset.animating === 'false'"
        )
        assert page.eval_on_selector_all(".shell-cell.burst", "els => els.length") == 0
        assert len(board.lit()) >= 1
        page.evaluate(
            """() => {
              const env = JSON.parse(localStorage.getItem('proofgrid.settings'));
              env.data.highContrast = true;
              localStorage.setItem('proofgrid.settings', JSON.stringify(env));
            }"""
        )  # the settings panel itself is tested in test_shell_e2e.py
        page.reload()
        board.wait()
        assert page.get_attribute("html", "data-contrast") == "high"
        assert (
            page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
            == "rgb(0, 0, 0)"
        )
        errs.check()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_screenshots(browser: Any, base_url: str, width: int, height: int, theme: str) -> None:
    """Every view, new ones included, in both themes; axe finds nothing serious on the
    states a route scan never reaches (the X-ray question, a random board, the why page)."""
    size = f"{width}x{height}-{theme}"
    with fresh_page(browser, viewport={"width": width, "height": height}, color_scheme=theme) as (
        _ctx,
        page,
        errs,
    ):
        page.goto(base_url + "#daily")
        board = Board(page)
        board.wait()
        proof = daily_proof(page, base_url)
        screenshot(page, f"daily-{size}.png")
        board.strike(proof["witness"][0])
        page.click("button.xray-toggle")
        page.wait_for_selector("dialog.ask[open]")
        assert axe_violations(page) == []
        screenshot(page, f"daily-xray-question-{size}.png")
        page.click("button.ask-yes")
        screenshot(page, f"daily-xray-{size}.png")
        views = [
            ("#practice", "practice"),
            ("#play", "random-board"),
            ("#why", "why"),
            ("#edit/" + quote(proof["id"], safe=":"), "editor"),
            ("#duel", "duel"),
            ("#stats", "stats"),
        ]
        for frag, name in views:
            page.goto(base_url + frag)
            page.wait_for_selector("main > section")
            if name in {"random-board", "why"}:
                assert axe_violations(page) == [], name
                assert h1_texts(page) and len(h1_texts(page)) == 1
            screenshot(page, f"{name}-{size}.png")
        errs.check()


def test_a_new_version_replaces_the_cache_cleanly(browser: Any, tmp_path: Path) -> None:
    web, app = shell_page.site_copy(tmp_path)
    with live_server(app=app) as url, fresh_page(browser) as (ctx, page, errs):
        page.goto(url + "/#daily")
        Board(page).wait()
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
        old = page.evaluate("caches.keys()")
        assert len(old) == 1 and old[0].startswith("proofgrid-")
        # Publish a new version: one asset changes, so the stamped cache version does.
        shell_page.publish_new_version(web, app)
        page.reload()  # the browser re-checks sw.js on navigation
        # controllerchange: the new worker is active
        assert "new version" in shell_page.toast_text(page)
        new = wait_for_one_new_cache(page, old[0])
        # The new version holds at least the new core (the idle fetch may add the rest).
        core, _groups = stamped_tiers(app.site_files)
        assert set(core) <= set(new)
        page.reload()
        Board(page).wait()
        spacing = page.evaluate(shell_page.FOOT_SPACING)
        assert spacing == shell_page.NEW_FOOT_SPACING  # the new stylesheet, from the new cache
        ctx.set_offline(True)
        page.reload()
        Board(page).wait()
        assert page.evaluate(shell_page.FOOT_SPACING) == shell_page.NEW_FOOT_SPACING
        errs.check()


# --- issue 13: games never lost, honest results -----------------------------------------


def test_a_game_is_kept_across_rules_back_reload_and_play(page: Any, base_url: str) -> None:
    pin_noon(page)  # the daily played below is the same day's after the reload
    board, gid, proof = unfinishable_random_board(page, base_url)
    for rc in proof["witness"][:2]:
        board.strike(rc)
    page.goto(base_url + "#why")  # the rules page
    page.wait_for_selector(".why")
    page.go_back()
    board.wait()
    assert (board.game_id(), moves_of(page)) == (gid, 2)
    page.reload()
    board.wait()
    assert (board.game_id(), moves_of(page)) == (gid, 2)
    # Play without an ID resumes the last unfinished game; it never builds a new one over it.
    show(page, base_url + "#daily", "daily")
    show(page, base_url + "#play", "random", gid)
    assert (board.game_id(), moves_of(page)) == (gid, 2)
    # "New puzzle" is the only thing that starts a new board; the old game stays saved.
    page.select_option(".preset-pick", "small")
    page.click("button.new-puzzle")
    page.wait_for_function(
        "(g) => !document.querySelector(\".play a[href^='#edit/']\").href.includes(g)",
        arg=quote(gid, safe=":"),
    )
    board.wait()
    new = board.game_id()
    assert new != gid and new.startswith("4x4:") and moves_of(page) == 0
    show(page, base_url + "#play/" + quote(gid, safe=":"), "random", gid)
    assert moves_of(page) == 2
    # A practice board and the daily are kept the same way, each under its own ID.
    show(page, base_url + "#practice/4", "practice")
    pid = board.game_id()
    pproof = api(base_url, "/api/matchless/solve", {"id": pid})
    board.strike(pproof["witness"][0])
    show(page, base_url + "#daily", "daily")
    dproof = daily_proof(page, base_url)
    board.strike(dproof["witness"][0])
    show(page, base_url + "#practice/4", "practice")
    assert moves_of(page) == 1
    page.reload()
    show(page, base_url + "#daily", "daily")
    assert moves_of(page) == 1
    saved = page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.startsWith('pg:game:matchless:'))
             .map((k) => JSON.parse(localStorage.getItem(k)).data)"""
    )
    by_gid = {g["gid"]: g for g in saved}
    assert set(by_gid) == {gid, pid, dproof["id"]}  # the untouched new board is not saved
    assert by_gid[dproof["id"]]["daily"] is True
    assert by_gid[pid]["preset"] == "practice" and by_gid[gid]["state"]["moves"]


def test_xray_on_the_daily_asks_once_and_is_recorded(page: Any, base_url: str) -> None:
    board, proof = open_daily(page, base_url)
    page.click("button.xray-toggle")
    page.wait_for_selector("dialog.ask[open]")
    page.click("button.ask-no")  # not now: nothing revealed, nothing recorded
    assert page.get_attribute("button.xray-toggle", "aria-pressed") == "false"
    assert page.get_attribute(".play", "data-xray") == "false"
    page.keyboard.press("x")
    page.wait_for_selector("dialog.ask[open]")
    page.click("button.ask-yes")
    assert page.get_attribute("button.xray-toggle", "aria-pressed") == "true"
    page.click("button.xray-toggle")
    page.click("button.xray-toggle")  # asked once: the second time shows at once
    assert page.eval_on_selector_all("dialog.ask", "els => els.length") == 0
    assert page.get_attribute("button.xray-toggle", "aria-pressed") == "true"
    page.reload()  # the X-ray stays recorded across a reload
    board.wait()
    assert page.get_attribute(".play", "data-xray") == "true"
    for rc in proof["witness"]:
        board.strike(rc)
    page.wait_for_selector(".result:not([hidden])")
    par = proof["par"]
    text = page.inner_text(".share-text")
    lines = text.splitlines()
    assert lines[:5] == [
        f"Matchless #{proof['number']}",
        f"{par} matches (par {par})",
        "🎆" * par,
        "🔍 X-ray used",
        "🔥 Streak 1",
    ]
    assert "at par" not in text
    assert "X-ray used" in page.inner_text(".result .verdict")
    page.goto(base_url + "#stats")
    page.wait_for_selector(".stats-view")
    figures = shell_page.stat_figures(page, ".stats-view")
    assert figures[:4] == ["1", "0%", "1", "1"]  # played (the streak goes on), not at par
    assert "X-ray used on 1 daily" in page.inner_text(".stats-view .xray-count")


def test_daily_replay_keeps_the_first_result(page: Any, base_url: str) -> None:
    board, proof = open_daily(page, base_url)
    for rc in proof["witness"]:
        board.strike(rc)
    page.wait_for_selector(".result:not([hidden])")
    par = proof["par"]
    page.click("button.restart")
    comps, sources = proof["components"], set(proof["sources"])
    bad = next(i for i, c in enumerate(comps) if c not in sources)
    board.strike(proof["shells"][bad])
    for rc in proof["witness"]:
        if proof["shells"].index(rc) not in board.lit():
            board.strike(rc)
    page.wait_for_selector(".result:not([hidden])")
    used = moves_of(page)
    assert used > par
    verdict = page.inner_text(".result .verdict")
    # The panel and the share card agree: the first finish is the day's result.
    assert verdict.startswith(f"Today's result: {par} matches (at par)")
    assert f"This time: {used} matches (par {par}, +{used - par})" in verdict
    assert page.inner_text(".share-text").splitlines()[1] == f"{par} matches (at par)"


def test_practice_counts_what_was_done(page: Any, base_url: str) -> None:
    page.goto(base_url + "#daily")
    Board(page).wait()
    page.evaluate(
        """() => localStorage.setItem('proofgrid.matchless.practice',
             JSON.stringify({v: 1, data: {best: {'0': 2, '1': 3}, current: null}}))"""
    )
    board = show(page, base_url + "#practice/12", "practice")
    proof = api(base_url, "/api/matchless/solve", {"id": board.game_id()})
    for rc in proof["witness"]:
        board.strike(rc)
    page.wait_for_selector(".result:not([hidden])")
    count = page.inner_text(".practice-count")
    assert count == "That was the last board: 3 of 12 solved, so some are still open."
    assert "every practice board done" not in page.inner_text(".result")
    assert page.get_attribute(".next-board", "href") == "#practice/3"  # the first still open


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_first_visit_shows_the_how_to_with_three_animated_steps(
    browser: Any, base_url: str, theme: str
) -> None:
    with fresh_page(
        browser, viewport={"width": 390, "height": 844}, color_scheme=theme, first_visit=True
    ) as (_ctx, page, errs):
        page.goto(base_url + "#daily")
        page.wait_for_selector("dialog[open] .ml-demo")
        steps = page.eval_on_selector_all(
            "dialog[open] .howto-step", "els => els.map(e => e.textContent.trim())"
        )
        assert len(steps) == 3 and steps[0].startswith("Tap a shell")
        assert page.eval_on_selector_all("dialog[open] .ml-demo", "els => els.length") == 3
        # The demos move: the lit shells of the second demo change over time (waited for,
        # not sampled on a fixed schedule: a busy machine may run the frames late).
        lit = (
            "() => document.querySelectorAll('dialog[open] .ml-demo')[1]"
            ".querySelectorAll('.lit').length"
        )
        first = page.evaluate(lit)
        page.wait_for_function(f"(n) => ({lit})() !== n", arg=first)
        assert axe_violations(page) == []
        screenshot(page, f"howto-390x844-{theme}.png")
        errs.check()
