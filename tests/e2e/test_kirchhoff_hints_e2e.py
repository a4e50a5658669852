"""Kirchhoff hints with proofs in a real browser (issue 12; Debian's Chromium, Playwright).

The browser solves the daily by hints alone, walking every proof step by step
and reading its sentences. Oracles: the Python engine called directly (the
same hint, proof and sentences for the same position and last mark — so this
is also a cross-language check of the worker's prover), and the independent
checker ``tools/proofcheck.py`` for every proof the browser shows
(``data-proof``, also ``window.__pgLastProof``), relevance included.
"Mark obvious empties" is on by default everywhere, the daily included
(issue 31): the browser needs exactly the hints Python's loop (obvious
empties, then a hint) needs, and the first hint on a fresh board is a real
deduction. While a proof is walked, what its earlier steps deduced is drawn as
ghosts (each true in the solution), gone once the walk ends. The worker's
hint times (``data-hint-ms``) are printed, never asserted.
"""

from __future__ import annotations

import json
import statistics
from typing import Any
from urllib.parse import quote

import pytest
from tools.proofcheck import check, clues_from_game_id

from proofgrid.kirchhoff.board import Mark, Position
from proofgrid.kirchhoff.daily import daily as k_daily
from proofgrid.kirchhoff.daily import parse_date
from proofgrid.kirchhoff.hint import HintKind, hint, obvious_empties
from proofgrid.kirchhoff.moves import format_move
from proofgrid.kirchhoff.proof import edge_name
from tests.e2e.a11y import axe_violations, describe
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import fresh_page, say_yes_if_asked
from tests.e2e.kirchhoff_page import ONE_MORE_MOVE, PLAY, KPage, fixed_id

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

_STATE = {0: "x", 1: ">", 2: "<"}
PANEL = f"{PLAY} .hint-panel"


def player_marks(pos: Position) -> list[str]:
    return [format_move(pos.board, e, m) for e, m in enumerate(pos.marks) if m is not Mark.FREE]


def hint_ms(page: Any) -> float:
    return float(page.get_attribute(PLAY, "data-hint-ms") or "nan")


def walk_one_hint(kp: KPage) -> tuple[int, list[str], dict[str, Any]]:
    """Press HINT through one proof: (the hinted edge, the sentences read, the proof shown)."""
    page = kp.page
    page.click(f"{PLAY} button.hint")
    say_yes_if_asked(page)  # the first hint on a daily asks first
    page.wait_for_selector(f"{PANEL}[data-stage='1']")
    proof = json.loads(page.get_attribute(PANEL, "data-proof") or "null")
    assert proof == page.evaluate("window.__pgLastProof")
    steps = int(page.get_attribute(PANEL, "data-steps") or "0")
    assert steps == len(proof["steps"]) >= 1
    read: list[str] = []
    for i in range(steps):
        assert page.get_attribute(PANEL, "data-step") == str(i)
        read += (page.text_content(f"{PANEL} .hint-detail") or "").split("\n")
        # the step's cell, region or edge is outlined on the board
        assert page.get_attribute(f"{PLAY} svg.board", "data-overlay") == "hint"
        if i < steps - 1:
            page.click(f"{PLAY} button.hint")
            page.wait_for_selector(f"{PANEL}[data-step='{i + 1}']")
    assert "draw it" in (page.text_content(f"{PANEL} .hint-next") or "")
    board = kp.board()
    edge = next(
        e for e in range(board.n_edges) if edge_name(board, e) == proof["steps"][-1]["edge"]
    )
    moves = kp.moves()
    page.click(f"{PLAY} button.hint")
    page.wait_for_function(ONE_MORE_MOVE, arg=moves)
    kp.settled()
    assert kp.marks()[edge] != 0
    return edge, read, proof


def test_daily_solved_by_hints_reading_every_proof(page: Any, base_url: str) -> None:
    pin_noon(page)  # one day's board throughout (the walk takes a while)
    page.goto(base_url + "#kirchhoff/daily")
    kp = KPage(page)
    kp.wait()
    date = page.get_attribute(PLAY, "data-date") or ""
    board = k_daily(parse_date(date)).board
    assert kp.board() == board
    clues = clues_from_game_id(kp.game_id())
    # the game crossed the obvious empties itself (on by default): Python hints from there
    pos, last, hints, times = kp.position(), -1, 0, []
    assert [e for e, m in enumerate(kp.marks()) if m] == obvious_empties(Position.start(board))
    while not kp.won():
        assert hints <= board.n_edges, "hints alone did not finish the daily"
        want = hint(pos, last_edge=last)  # Python, for the same position and last mark
        assert want.kind in (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT), want
        edge, read, proof = walk_one_hint(kp)
        times.append(hint_ms(page))
        assert proof == want.proof
        assert read == list(want.words)
        check(
            clues,
            proof,
            hint=(edge_name(board, want.edge), _STATE[want.state]),
            marks=player_marks(pos),
        )
        assert edge == want.edge
        pos, last, hints = kp.position(), edge, hints + 1
        # one hint counts once, however many steps its proof took
        assert page.get_attribute(PLAY, "data-hints-shown") == str(hints)
    print(
        f"\ndaily {date}: {hints} hints; worker hint+proof median "
        f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms"
    )


def test_a_lost_verdict_shows_its_checked_proof(page: Any, base_url: str) -> None:
    gen = k_daily(parse_date("2026-12-01"))
    board = gen.board
    page.goto(base_url + "#kirchhoff/play/" + quote(fixed_id(board), safe=":"))
    kp = KPage(page)
    kp.wait()
    crossed = obvious_empties(Position.start(board))  # the game crosses these (on by default)
    # a wrong arrow on an unused edge the game left free
    e = next(e for e, s in enumerate(gen.solution) if s == 0 and e not in crossed)
    kp.click_edge(e)
    page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
    proof = json.loads(page.get_attribute(PLAY, "data-proof") or "null")
    pos = kp.position()
    check(clues_from_game_id(kp.game_id()), proof, lost=True, marks=player_marks(pos))
    assert proof == hint(pos, last_edge=e).proof
    assert proof["uses"] == [format_move(board, e, Mark.FORWARD)]
    assert page.eval_on_selector_all(f"{PLAY} .alarm p", "els => els.length") == 1
    drawn = page.eval_on_selector_all(
        f"{PLAY} .k-hint-edge-alarm", "els => els.map(x => Number(x.dataset.edge))"
    )
    assert e in drawn  # the mark the proof uses is outlined


def test_obvious_empties_on_by_default_needs_the_hints_python_needs(
    page: Any, base_url: str
) -> None:
    gen = k_daily(parse_date("2026-12-02"))
    board = gen.board
    # Python's loop: cross the obvious empties, then take a hint, until solved.
    pos, last, want_hints = Position.start(board), -1, 0
    while True:
        for e in obvious_empties(pos):
            pos = pos.with_mark(e, Mark.CROSS)
        h = hint(pos, last_edge=last)
        if h.kind is HintKind.SOLVED:
            break
        pos, last, want_hints = pos.with_mark(h.edge, Mark(h.state or 3)), h.edge, want_hints + 1
    page.goto(base_url + "#kirchhoff/play/" + quote(fixed_id(board), safe=":"))
    kp = KPage(page)
    kp.wait()
    crossed = kp.marks()
    assert [e for e, m in enumerate(crossed) if m] == obvious_empties(Position.start(board))
    clues = clues_from_game_id(kp.game_id())
    hints = 0
    while not kp.won():
        assert hints <= want_hints
        before = kp.position()
        last, _, proof = walk_one_hint(kp)
        check(clues, proof, marks=player_marks(before))
        hints += 1
    assert hints == want_hints
    print(f"\nobvious empties on, daily 2026-12-02: {hints} hints")


SHOTS = "/tmp/coord/shots"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_proof_walk_draws_earlier_steps_as_ghosts(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    """Oracle: the daily's unique solution (every ghost agrees with it) and the proof
    shown (step i shows the decided or arrow-carrying results of steps before i, on
    edges the board leaves free); the ghosts vanish when the walk ends. Solved by hints
    alone, obvious empties crossed by default; the first hint is then an arrow."""
    gen = k_daily(parse_date("2026-12-03"))
    board = gen.board
    bit = {"x": 0, ">": 1, "<": 2}
    with fresh_page(browser, viewport={"width": width, "height": height}) as (_, page, errs):
        page.goto(base_url + "#kirchhoff/play/" + quote(fixed_id(board), safe=":"))
        kp = KPage(page)
        kp.wait()
        first = hint(kp.position())
        assert first.kind in (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT)
        assert first.state != 0, first.reason  # an arrow, not one more empty to cross
        seen, fresh = 0, True
        while not kp.won():
            page.click(f"{PLAY} button.hint")
            page.wait_for_selector(f"{PANEL}[data-stage='1']")
            if fresh:  # the first hint: its glossary opens, axe-clean
                fresh = False
                page.click(f"{PANEL} .k-glossary summary")
                assert page.is_visible(f"{PANEL} .k-glossary-list")
                bad = axe_violations(page)
                assert not bad, describe(bad)
            steps = int(page.get_attribute(PANEL, "data-steps") or "0")
            proof = json.loads(page.get_attribute(PANEL, "data-proof") or "null")
            marks = kp.marks()
            for i in range(steps):
                ghosts = page.eval_on_selector_all(
                    f"{PLAY} .k-ghost",
                    "els => els.map(e => [Number(e.dataset.edge), Number(e.dataset.mask)])",
                )
                want: dict[int, int] = {}
                for st in proof["steps"][:i]:
                    e = next(f for f in range(board.n_edges) if edge_name(board, f) == st["edge"])
                    want[e] = sum(1 << bit[x] for x in st["states"])
                want = {e: m for e, m in want.items() if m in (1, 2, 4, 6) and marks[e] == 0}
                assert dict(ghosts) == want, (i, ghosts, want)
                for e, m in ghosts:
                    assert m & (1 << gen.solution[e]), (e, m)
                if ghosts and not seen and width == 390:
                    page.evaluate(
                        "window.scrollBy(0, document.querySelector('.kirchhoff-play svg.board')"
                        ".getBoundingClientRect().top - 4)"
                    )
                    page.screenshot(path=f"{SHOTS}/kirchhoff-hint-ghost-walk-390x844.png")
                seen += len(ghosts)
                if i < steps - 1:
                    page.click(f"{PLAY} button.hint")
                    page.wait_for_selector(f"{PANEL}[data-step='{i + 1}']")
            moves = kp.moves()
            page.click(f"{PLAY} button.hint")  # draws the mark: the walk ends
            page.wait_for_function(ONE_MORE_MOVE, arg=moves)
            kp.settled()
            assert page.locator(f"{PLAY} .k-ghost").count() == 0
        assert seen > 0
        errs.check()
