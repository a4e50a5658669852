"""Screenshots of the views a new player meets, for docs/screenshots/ (issue 20's note).

Run from the repository root (it lives with the browser tests, whose helpers it uses)::

    python -m tests.e2e.screenshots                  # every view, into docs/screenshots/
    python -m tests.e2e.screenshots --out /tmp/shots --only home archive

A real server on a free loopback port (:func:`proofgrid.server.live.live_server`) and
Debian's Chromium driven by Playwright, set up exactly as the browser tests do
(``tests/e2e/conftest.py``: the browser's arguments, a fresh context that has seen the
how-to, page errors collected). The page's clock starts at noon UTC of today
(:func:`tests.e2e.clock.pin_noon`; ``PROOFGRID_E2E_DAY=YYYY-MM-DD`` picks another day), so
"today" is the day the script runs. Each view is shot at 390×844 (phone) and 1280×800
(desktop) in the light theme, and once more in the dark theme (phone, or ``--dark``).

The moves come from the Python engine (the witness of a daily, the first solution of a
Kirchhoff board), never from the page. The script stops on the first page error: a
screenshot of a broken page is worse than none.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from proofgrid import midend
from proofgrid.kirchhoff.contract import KIRCHHOFF
from proofgrid.kirchhoff.moves import parse_move
from proofgrid.matchless.game import parse_game_id
from proofgrid.server.live import live_server
from tests.e2e.a11y import open_route
from tests.e2e.clock import pin_noon
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Board, api, fresh_page
from tests.e2e.kirchhoff_page import PLAY, KPage, draw_solution_arrows
from tests.e2e.matchless_page import daily_proof
from tests.e2e.test_matchless_coords_e2e import _game_out_of_order

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "screenshots"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
#: The past day every past-daily shot plays, and the one left in progress in the archive.
PAST = "2026-12-01"
IN_PROGRESS = "2026-11-30"
#: The lost position of issue 20: one tap on the edge b2–c2.
LOST_GAME = "5x5de:Ez6MqUmU8YITAxr"
#: The boards the Hint, the coordinates setting and the duel review are shot on.
HINT_GAME = "6x6#7"
COORDS_GAME = "5x5#42"
DUEL_GAME = "5x5#42"

_IN_VIEW = """(sel) => {
  const e = document.querySelector(sel);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}"""


class Shooter:
    """One browser context (a viewport and a theme) and where its pictures go."""

    def __init__(self, page: Any, base: str, out: Path, size: str, theme: str) -> None:
        self.page, self.base, self.out, self.size, self.theme = page, base, out, size, theme
        self.taken: list[Path] = []

    def snap(self, view: str, *, full_page: bool = True) -> None:
        path = self.out / f"{view}-{self.size}-{self.theme}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        self.taken.append(path)
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path, flush=True)

    def route(self, route: str) -> None:
        open_route(self.page, self.base, route)

    def today(self) -> str:
        return str(self.page.evaluate("new Date().toLocaleDateString('en-CA')"))


# --- the views, in the order a player's visit builds their state -------------------------


def past_dailies(s: Shooter) -> None:
    """A past day of each puzzle, untouched; then one mark on an earlier day (in progress)."""
    s.route(f"#daily/{PAST}")
    Board(s.page).wait()
    s.snap("past-daily-matchless")
    s.route(f"#kirchhoff/daily/{PAST}")
    KPage(s.page).wait(timeout=60_000)
    s.snap("past-daily-kirchhoff")
    s.route(f"#kirchhoff/daily/{IN_PROGRESS}")
    kp = KPage(s.page)
    kp.wait(timeout=60_000)
    draw_solution_arrows(kp, 2)
    s.route(f"#daily/{IN_PROGRESS}")
    board = Board(s.page)
    board.wait()
    board.strike(api(s.base, f"/api/matchless/daily/{IN_PROGRESS}")["witness"][0])


def past_share_card(s: Shooter) -> None:
    """A past day's Matchless daily finished at par: its share card, Share in view."""
    s.route(f"#daily/{PAST}")
    board = Board(s.page)
    board.wait()
    for rc in api(s.base, f"/api/matchless/daily/{PAST}")["witness"]:
        board.strike(rc)
    s.page.wait_for_function(_IN_VIEW, arg="main .daily-result button.share")
    s.page.locator("main .daily-result .share-text").scroll_into_view_if_needed()
    s.snap("past-daily-share-card", full_page=False)


def finish(s: Shooter) -> None:
    """Today's Matchless daily finished at par: the result in view, Share focused, countdown."""
    s.route("#daily")
    board = Board(s.page)
    board.wait()
    for rc in daily_proof(s.page, s.base)["witness"]:
        board.strike(rc)
    share = "main .result button.share"
    s.page.wait_for_function(f"() => document.activeElement?.matches({share!r})")
    s.page.wait_for_function(_IN_VIEW, arg=share)
    s.page.wait_for_selector("main .result .next-daily")
    s.snap("matchless-finish", full_page=False)  # where the finish leaves the player
    s.page.locator("main .result .next-daily").scroll_into_view_if_needed()
    s.snap("matchless-finish-card", full_page=False)  # scrolled on: the card and the countdown


def kirchhoff_today(s: Shooter) -> None:
    """Two arrows on today's Kirchhoff daily, so the home shows it in progress."""
    s.route("#kirchhoff/daily")
    kp = KPage(s.page)
    kp.wait(timeout=60_000)
    draw_solution_arrows(kp, 2)


def home(s: Shooter) -> None:
    s.route("#home")
    s.page.wait_for_selector(".daily-tile[data-puzzle='matchless']:not([data-state='new'])")
    s.snap("home")


def archive(s: Shooter) -> None:
    s.route("#archive")
    for puzzle in ("matchless", "kirchhoff"):
        s.page.wait_for_selector(
            f".archive-puzzle[data-puzzle='{puzzle}'] [data-date='{IN_PROGRESS}']"
            "[data-kind='playing']"
        )
    s.snap("archive")


def future(s: Shooter) -> None:
    """A date after today: the plain "isn't out yet" message."""
    later = dt.date.fromisoformat(s.today()) + dt.timedelta(days=30)
    s.route(f"#daily/{later.isoformat()}")
    s.snap("future-daily")


def open_game(s: Shooter, preset: str) -> None:
    """Play the Matchless board the server makes for ``preset`` (``params#seed``)."""
    gid = api(s.base, f"/api/matchless/new?params={preset.replace('#', '&seed=')}")["id"]
    s.route("#play/" + quote(gid, safe=":"))
    Board(s.page).wait()


def hint(s: Shooter) -> None:
    """The Matchless Hint on a board that shows no coordinates until the hint names a square."""
    open_game(s, HINT_GAME)
    s.page.click("button.hint-btn")
    s.page.wait_for_selector(".hint-note:not([hidden])")
    s.page.wait_for_selector("svg.board[data-labels='on'] .coord.named")
    s.snap("matchless-hint")


def coords_setting(s: Shooter) -> None:
    """The "Show coordinates" setting turned on: the dialog, then the board it labels."""
    open_game(s, COORDS_GAME)
    s.page.click("#settings-open")
    s.page.wait_for_selector("dialog.settings-dialog[open]")
    box = s.page.get_by_label("Show coordinates")
    box.check()
    box.scroll_into_view_if_needed()
    s.snap("matchless-coords-setting-dialog", full_page=False)
    s.page.keyboard.press("Escape")
    s.page.wait_for_selector("dialog.settings-dialog", state="detached")
    s.page.wait_for_selector("svg.board[data-labels='on']")
    s.snap("matchless-coords-setting")
    s.page.click("#settings-open")  # off again: the other Matchless shots show the default
    s.page.get_by_label("Show coordinates").uncheck()
    s.page.keyboard.press("Escape")
    s.page.wait_for_selector("dialog.settings-dialog", state="detached")


def duel_review(s: Shooter) -> None:
    """A pass-and-play duel where both players turned the result, Player 2 first: the
    review's sentences in the order of the game, the board replayed to the last one."""
    proof = api(s.base, f"/api/matchless/new?params={DUEL_GAME.replace('#', '&seed=')}")
    succ = [list(x) for x in parse_game_id(proof["id"])[1].succ]
    moves, _ = _game_out_of_order(succ)
    shells = proof["shells"]
    s.page.goto(s.base + "#duel/" + quote(proof["id"], safe=":"))
    s.page.check("input[name=opponent][value=friend]")
    s.page.check("input[name=first][value='0']")
    s.page.check("input[name=length][value=one]")
    s.page.click("button.start")
    board = Board(s.page, ".duel")
    board.wait()
    cols = board.cols()
    for m in moves:
        s.page.click(f".duel .cell[data-cell='{shells[m][0] * cols + shells[m][1]}']")
        board.settle()
    s.page.wait_for_selector(".duel[data-reviewed='true']")
    s.page.wait_for_selector(".duel-review .review-body[data-replay='done']", timeout=30_000)
    s.page.locator(".duel-review").scroll_into_view_if_needed()
    s.snap("duel-review")


def lost_verdict(s: Shooter) -> None:
    """The Kirchhoff lost verdict after one tap on b2–c2, the board at the top of the view."""
    start = midend.resolve(KIRCHHOFF, LOST_GAME).start()
    edge, _ = parse_move(start.board, "b2>c2")
    s.route("#kirchhoff/play/" + LOST_GAME)
    kp = KPage(s.page)
    kp.wait()
    kp.click_edge(edge)
    s.page.wait_for_selector(f"{PLAY} .alarm:not([hidden])")
    if s.page.locator(f"{PLAY} .alarm-next").count():
        s.page.click(f"{PLAY} .alarm-next")  # the first sentence of the proof, outlined
    s.page.evaluate(
        "window.scrollBy(0, document.querySelector('.kirchhoff-play svg.board')"
        ".getBoundingClientRect().top - 4)"
    )
    s.page.wait_for_timeout(300)
    s.snap("kirchhoff-lost-verdict", full_page=False)


VIEWS: dict[str, Callable[[Shooter], None]] = {
    "past": past_dailies,
    "past-share": past_share_card,
    "finish": finish,
    "kirchhoff-today": kirchhoff_today,
    "home": home,
    "archive": archive,
    "future": future,
    "hint": hint,
    "coords": coords_setting,
    "duel": duel_review,
    "verdict": lost_verdict,
}
#: Views that need the state an earlier one leaves (run together when one is asked for).
NEEDS = {"home": ["finish", "kirchhoff-today"], "archive": ["past", "past-share", "finish"]}


def howto(browser: Any, base: str, out: Path, size: str, theme: str) -> list[Path]:
    """A first visit's how-to, its caption "2 matches · par 2" whole."""
    opts = {"viewport": VIEWPORTS[size], "color_scheme": theme, "first_visit": True}
    with fresh_page(browser, **opts) as (_ctx, page, errs):
        pin_noon(page)
        page.goto(base + "#daily")
        page.wait_for_function(
            "() => document.querySelector('dialog.howto-dialog[open] .demo-caption')"
            "?.textContent.startsWith('2 matches')",
            timeout=15_000,
        )
        s = Shooter(page, base, out, size, theme)
        s.snap("howto-caption", full_page=False)
        errs.check()
        return s.taken


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def warn_without_emoji() -> None:
    """The cards and the archive draw emoji; without a colour emoji font they are boxes."""
    fc = shutil.which("fc-list")
    if fc and not subprocess.run([fc, ":charset=1f525"], capture_output=True, check=False).stdout:
        print(
            "warning: no emoji font (Debian: fonts-noto-color-emoji); 🔥 will be a box",
            file=sys.stderr,
        )


def run(out: Path, only: list[str], dark: list[str]) -> list[Path]:
    warn_without_emoji()
    steps = [v for v in VIEWS if v in {n for o in only for n in [o, *NEEDS.get(o, [])]}]
    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    with live_server() as url, chromium() as browser:
        base = url + "/"
        for size, theme in [("phone", "light"), ("desktop", "light")] + [(d, "dark") for d in dark]:
            opts = {"viewport": VIEWPORTS[size], "color_scheme": theme}
            with fresh_page(browser, **opts) as (ctx, page, errs):
                ctx.grant_permissions(["clipboard-read", "clipboard-write"])
                pin_noon(page)
                s = Shooter(page, base, out, size, theme)
                for step in steps:
                    VIEWS[step](s)
                errs.check()
                taken += s.taken
            if "howto" in only:
                taken += howto(browser, base, out, size, theme)
    return taken


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs (docs/screenshots)")
    ap.add_argument(
        "--only", nargs="+", choices=[*VIEWS, "howto"], default=[*VIEWS, "howto"], metavar="VIEW"
    )
    ap.add_argument(
        "--dark",
        nargs="*",
        choices=list(VIEWPORTS),
        default=["phone"],
        help="viewports shot in the dark theme too (phone; a bare --dark: none)",
    )
    args = ap.parse_args(argv)
    taken = run(args.out, args.only, args.dark)
    print(f"{len(taken)} screenshots", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
