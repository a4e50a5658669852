"""Matchless coordinates in a real browser: the "Show coordinates" setting, the
labels a Hint, the duel and a result link's replay bring up by themselves (their
sentences name squares), and the duel review that replays its turning moves on
the board in the order of the game.

Oracles: the Python engine names the squares (``cell_name`` of each shell's row
and column from ``GET /api/matchless/new``) and its hint names the move
(``POST /api/matchless/hint``); the labels must sit over those squares' columns
and beside their rows, outside every shell and fuse. The duel review's turning
moves are recomputed ply by ply with Python's exact ``DuelSolver`` (the mover's
perfect-play margin before and after each move), so the order of the sentences
and the position the board stops at are checked against an independent solver.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import quote

import pytest

from proofgrid import registry, results
from proofgrid.matchless.board import cell_name as engine_name
from proofgrid.matchless.duel import DuelSolver, Rule
from proofgrid.matchless.game import parse_game_id
from tests.e2e.a11y import axe_violations
from tests.e2e.conftest import Board, api, cell_name, fresh_page, screenshot
from tests.print.test_results import M_ID, M_PAR

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

VIEWPORTS = [(390, 844), (1280, 800)]

# Every label's box, and every shell's and fuse's box, in page pixels.
_BOXES = """(root) => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const svg = document.querySelector(root + ' svg.board');
  return {
    labels: [...svg.querySelectorAll('.coord')].map((t) => ({
      text: t.textContent, box: box(t), col: t.dataset.col ?? null, row: t.dataset.row ?? null,
      px: parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a,
      hidden: t.closest('[aria-hidden="true"]') !== null,
      shown: t.getClientRects().length > 0,
      named: t.classList.contains('named'),
    })),
    shells: [...svg.querySelectorAll('.shell-cell')].map((g) => ({
      cell: Number(g.dataset.cell),
      box: box(g.querySelector('.shell')),
      glow: box(g.querySelector('.glow')),
    })),
    fuses: [...svg.querySelectorAll('.fuse')].map(box),
  };
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_labels(page: Any, root: str, shells: list[list[int]]) -> dict[str, Any]:
    """The board under ``root`` shows its coordinates: one letter per column above the
    grid and one number per row left of it, each aligned with the squares the Python
    engine gives that name, clear of every shell and fuse, aria-hidden and big enough."""
    got: dict[str, Any] = page.evaluate(_BOXES, root)
    labels = got["labels"]
    assert labels and all(t["shown"] and t["hidden"] for t in labels)
    centre = {s["cell"]: s["box"] for s in got["shells"]}
    cols = int(page.get_attribute(f"{root} svg.board", "data-cols") or 0)
    by_col = {t["text"]: t for t in labels if t["col"] is not None}
    by_row = {t["text"]: t for t in labels if t["row"] is not None}
    for rc in shells:
        name = engine_name(rc[0], rc[1])  # the Python engine's own name for the square
        b = centre[rc[0] * cols + rc[1]]
        letter, number = by_col[name[0]]["box"], by_row[name[1:]]["box"]
        assert abs((letter[0] + letter[2]) / 2 - (b[0] + b[2]) / 2) < 2, name  # over its column
        assert abs((number[1] + number[3]) / 2 - (b[1] + b[3]) / 2) < 2, name  # beside its row
        assert letter[3] <= b[1] and number[2] <= b[0]  # above and left of the grid's shells
    for t in labels:
        assert t["px"] >= 11, t  # readable on a phone
        for s in got["shells"]:
            assert not _overlap(t["box"], s["glow"]), (t["text"], s["cell"])
        for f in got["fuses"]:
            assert not _overlap(t["box"], f), t["text"]
    return got


def labels_on(page: Any, root: str = "") -> bool:
    return (
        page.get_attribute(f"{root} svg.board", "data-labels") == "on"
        and page.locator(f"{root} svg.board .coord").first.is_visible()
    )


@pytest.mark.parametrize(
    ("size", "width", "height"), [("5x5", 390, 844), ("5x5", 1280, 800), ("12x12", 390, 844)]
)
def test_show_coordinates_setting_persists_over_reload(
    browser: Any, base_url: str, size: str, width: int, height: int
) -> None:
    proof = api(base_url, f"/api/matchless/new?params={size}&seed=42")
    url = base_url + "#play/" + quote(proof["id"], safe=":")
    with fresh_page(browser, viewport={"width": width, "height": height}) as (_ctx, page, errs):
        page.goto(url)
        Board(page).wait()
        assert not labels_on(page)  # off by default in normal play
        page.click("#settings-open")
        page.wait_for_selector("dialog.settings-dialog[open]")
        box = page.get_by_label("Show coordinates")
        assert not box.is_checked()
        box.check()
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.settings-dialog", state="detached")
        assert labels_on(page)  # the open board hears the setting at once
        check_labels(page, "", proof["shells"])
        page.reload()
        Board(page).wait()
        assert labels_on(page)
        check_labels(page, "", proof["shells"])
        assert axe_violations(page) == []
        tag = "phone" if width < 600 else "desktop"
        screenshot(page, f"matchless-coords-setting-{size}-{tag}.png")
        page.click("#settings-open")
        page.get_by_label("Show coordinates").uncheck()
        page.keyboard.press("Escape")
        assert not labels_on(page)
        errs.check()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_a_hint_shows_the_coordinates_of_the_square_it_names(
    browser: Any, base_url: str, width: int, height: int, theme: str
) -> None:
    proof = api(base_url, "/api/matchless/new?params=6x6&seed=7")
    gid = proof["id"]
    with fresh_page(browser, viewport={"width": width, "height": height}, color_scheme=theme) as (
        _ctx,
        page,
        errs,
    ):
        page.goto(base_url + "#play/" + quote(gid, safe=":"))
        Board(page).wait()
        assert not labels_on(page)
        page.click("button.hint-btn")
        page.wait_for_selector(".hint-note:not([hidden])")
        want = api(base_url, "/api/matchless/hint", {"id": gid, "moves": []})["hint"]["move"]
        assert page.inner_text(".hint-note .hint-move-line") == f"Hint: {want}"
        assert labels_on(page)
        got = check_labels(page, "", proof["shells"])
        named = [t["text"] for t in got["labels"] if t["named"]]
        assert sorted(named) == sorted([want[0], want[1:]])  # its column and row stand out
        names = [cell_name(rc) for rc in proof["shells"]]
        square = page.eval_on_selector_all(
            ".shell-cell.named", "els => els.map(e => e.dataset.shell)"
        )
        assert [names[int(s)] for s in square] == [want]
        assert axe_violations(page) == []
        tag = "phone" if width < 600 else "desktop"
        screenshot(page, f"matchless-coords-hint-{tag}-{theme}.png")
        # The board keeps its labels after the hint is used: it never shrinks back under a finger.
        Board(page).strike(proof["shells"][names.index(want)])
        assert page.is_hidden(".hint-note")
        assert labels_on(page)
        errs.check()


def _turning(succ: list[list[int]], moves: list[int]) -> dict[int, int]:
    """{player: ply of that player's first move that made their perfect-play outcome
    worse}, player 0 moving first, by Python's exact solver under "fewest shells"."""
    solver = DuelSolver(succ, Rule.FEWEST)
    sign = Rule.FEWEST.sign
    unlit, totals, out = solver.all_mask, [0, 0], {}
    for i, s in enumerate(moves):
        p = i % 2
        lead = sign * (totals[p] - totals[1 - p])
        before = lead + solver.value(unlit)
        after = lead + dict(solver.move_values(unlit))[s]
        if p not in out and (after > 0) - (after < 0) < (before > 0) - (before < 0):
            out[p] = i
        c = solver.cascade(unlit, s)
        totals[p] += c.bit_count()
        unlit ^= c
    return out


def _game_out_of_order(succ: list[list[int]]) -> tuple[list[int], dict[int, int]]:
    """A random pass-and-play game (seeded) where both players turn the result and
    Player 2 does it first: the order the old review got wrong."""
    rng = random.Random(20)
    solver = DuelSolver(succ, Rule.FEWEST)
    for _ in range(4000):
        unlit, moves = solver.all_mask, []
        while unlit:
            s = rng.choice([v for v in range(solver.n) if unlit >> v & 1])
            moves.append(s)
            unlit ^= solver.cascade(unlit, s)
        t = _turning(succ, moves)
        if len(t) == 2 and t[1] < t[0]:
            return moves, t
    raise AssertionError("no game where Player 2 turned the result first")


_RECORD_STEPS = """() => {
  window.__steps = [];
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.attributeName === 'data-replay-moves') {
        window.__steps.push(Number(m.target.dataset.replayMoves));
      }
    }
  }).observe(document.body,
    { subtree: true, attributes: true, attributeFilter: ['data-replay-moves'] });
}"""


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_duel_review_in_game_order_replays_up_to_the_turning_move(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    proof = api(base_url, "/api/matchless/new?params=5x5&seed=42")
    _, py_board = parse_game_id(proof["id"])
    succ = [list(x) for x in py_board.succ]
    moves, turning = _game_out_of_order(succ)
    shells = proof["shells"]
    names = [cell_name(rc) for rc in shells]
    cols = 5
    with fresh_page(browser, viewport={"width": width, "height": height}) as (_ctx, page, errs):
        page.goto(base_url + "#duel/" + quote(proof["id"], safe=":"))
        page.check("input[name=opponent][value=friend]")
        page.check("input[name=first][value='0']")
        page.check("input[name=length][value=one]")
        page.click("button.start")
        board = Board(page, ".duel")
        board.wait()
        page.evaluate(_RECORD_STEPS)
        for i, s in enumerate(moves):
            page.click(f".duel .cell[data-cell='{shells[s][0] * cols + shells[s][1]}']")
            board.settle()
            assert page.get_attribute(".duel", "data-plies") == str(i + 1)
        page.wait_for_selector(".duel[data-reviewed='true']")
        lines = page.eval_on_selector_all(
            ".duel-review :is(p, li):not(.replay-line)", "els => els.map(e => e.textContent)"
        )
        assert lines[0].startswith("With perfect play on both sides")
        # The turning moves in the order they were played: Player 2's first here.
        order = sorted(turning, key=turning.__getitem__)
        want = [
            f"Player {p + 1}'s move {turning[p] // 2 + 1} ({names[moves[turning[p]]]}) turned"
            for p in order
        ]
        assert [t.split(" a ")[0].rstrip() for t in lines[1:3]] == want, lines
        assert labels_on(page, ".duel")  # the sentences name squares: the board labels them
        page.wait_for_selector(".duel-review .review-body[data-replay='done']", timeout=30000)
        # The board stepped through the game one move at a time, from the empty sky to the
        # last turning move, and stopped there.
        last = max(turning.values())
        assert page.evaluate("window.__steps") == list(range(last + 2))
        solver = DuelSolver(succ, Rule.FEWEST)
        unlit = solver.all_mask
        for s in moves[: last + 1]:
            unlit ^= solver.cascade(unlit, s)
        lit = sorted(v for v in range(solver.n) if not unlit >> v & 1)
        assert board.lit() == lit
        current = page.inner_text(".duel-review .review-lines li.current")
        assert current == lines[2]
        named = page.eval_on_selector_all(
            ".duel .shell-cell.named", "els => els.map(e => Number(e.dataset.shell))"
        )
        keep = current.split("; ")[1].split(" kept")[0]
        assert sorted(named) == sorted({moves[last], names.index(keep)})
        caption = page.inner_text(".duel-review .replay-line")
        mover, struck = last % 2 + 1, names[moves[last]]
        assert caption.startswith(
            f"Move {last + 1} of {len(moves)}: Player {mover} struck {struck}"
        )
        check_labels(page, ".duel", shells)
        assert axe_violations(page) == []
        tag = "phone" if width < 600 else "desktop"
        screenshot(page, f"matchless-coords-duel-review-{tag}.png")
        # Step back by keyboard: the earlier turning move is shown with its sentence.
        first = min(turning.values())
        page.focus(".duel-review button.replay-back")
        for _ in range(last - first):
            page.keyboard.press("Enter")
        shown = page.get_attribute(".duel-review .review-body", "data-replay-moves")
        assert shown == str(first + 1)
        assert page.inner_text(".duel-review .review-lines li.current") == lines[1]
        errs.check()


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_a_result_link_replay_labels_the_square_each_step_names(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    gid, moves = M_ID, M_PAR
    code = results.encode(results.make(registry.get("matchless"), gid, moves))
    with fresh_page(browser, viewport={"width": width, "height": height}) as (_ctx, page, errs):
        page.goto(base_url + results.link(code))
        page.wait_for_selector(".result-view[data-verified='true']")
        # The solution waits behind "Play it yourself first".
        page.get_by_role("button", name="Show the solution").click()
        assert labels_on(page, ".result-view")
        page.get_by_role("button", name="◀◀ Start").click()
        for k, move in enumerate(moves, start=1):
            page.get_by_role("button", name="Next ▶").click()
            assert f"strike {move}" in page.inner_text(".replay-step")
            named = page.eval_on_selector_all(
                ".result-view .coord.named", "els => els.map(e => e.textContent)"
            )
            assert sorted(named) == sorted([move[0], move[1:]]), k
        assert axe_violations(page) == []
        errs.check()
