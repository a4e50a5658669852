"""Browser end-to-end fixtures: a real server on a free loopback port and
Debian's Chromium driven by Playwright (never a downloaded browser).

Each test gets a fresh browser context (empty storage, no service worker) and
fails if the page logs an error, throws, or violates the Content-Security-Policy.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from bench.browser import CHROMIUM, CHROMIUM_ARGS, api  # noqa: F401 -- the e2e tests import api from here

from proofgrid.server.live import live_server

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _require_chromium() -> None:
    if shutil.which(CHROMIUM) or Path(CHROMIUM).is_file():
        return
    msg = f"{CHROMIUM} is missing: run `make test` (it installs Debian's chromium)"
    if os.environ.get("CI"):
        pytest.fail(msg)
    pytest.skip(msg)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with live_server() as url:
        yield url + "/"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    _require_chromium()
    from playwright.sync_api import sync_playwright  # noqa: PLC0415  (only when a browser is wanted)

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@dataclass
class PageErrors:
    """What went wrong on a page: console errors, uncaught exceptions, CSP violations."""

    console: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        page.on("console", lambda m: self.console.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.exceptions.append(str(e)))

    def check(self) -> None:
        assert self.exceptions == [], self.exceptions
        assert self.console == [], self.console


# The how-to dialog opens (modal) on a puzzle's first visit. Tests start as a
# returning player who has seen both, unless they ask for a first visit
# (``fresh_page(..., first_visit=True)`` or ``@pytest.mark.first_visit``).
# Written only when there are no settings yet, so a reload keeps what the test set.
HOWTO_SEEN = """(() => {
  try {
    if (localStorage.getItem('proofgrid.settings') === null) {
      localStorage.setItem('proofgrid.settings', JSON.stringify({ v: 2, data: {
        theme: 'system', highContrast: false,
        seenHowto: { matchless: true, kirchhoff: true }, puzzles: {} } }));
    }
  } catch (e) { /* a page without storage (about:blank) */ }
})();"""


@contextmanager
def fresh_page(browser: Any, **options: Any) -> Iterator[tuple[Any, Any, PageErrors]]:
    """A new browser context (``options`` as for ``new_context``), its page and its errors.

    For tests that need their own context (viewport, a live server of their
    own, offline switching); the context is closed on the way out, and the
    test calls ``errs.check()`` where it wants the page to have been clean.
    """
    first_visit = bool(options.pop("first_visit", False))
    ctx = browser.new_context(**options)
    if not first_visit:
        ctx.add_init_script(HOWTO_SEEN)
    page = ctx.new_page()
    errs = PageErrors()
    errs.attach(page)
    try:
        yield ctx, page, errs
    finally:
        ctx.close()


@pytest.fixture
def context(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    marker = request.node.get_closest_marker("viewport")
    width, height = marker.args if marker else (390, 844)
    ctx = browser.new_context(viewport={"width": width, "height": height}, service_workers="allow")
    if not request.node.get_closest_marker("first_visit"):
        ctx.add_init_script(HOWTO_SEEN)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    yield ctx
    ctx.close()


@pytest.fixture
def errors() -> PageErrors:
    return PageErrors()


@pytest.fixture
def page(context: Any, errors: PageErrors) -> Iterator[Any]:
    p = context.new_page()
    errors.attach(p)
    yield p
    errors.check()


#: The page has fetched everything it keeps offline (the shell's idle background fetch).
IDLE_FETCH_DONE = "() => document.documentElement.dataset.offlineAll === 'ready'"


def cli_json(*args: str) -> dict[str, Any]:
    """``proofgrid ARGS --json`` run as its own process (the Python engine, the
    oracle of the browser tests), parsed."""
    out = subprocess.run(
        [sys.executable, "-m", "proofgrid", *args, "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    got: dict[str, Any] = json.loads(out)
    return got


def cell_name(rc: list[int]) -> str:
    return f"{'abcdefghijkl'[rc[1]]}{rc[0] + 1}"


class Board:
    """Helpers to read and drive the board drawn on a page."""

    def __init__(self, page: Any, root: str = "") -> None:
        self.page = page
        self.root = root

    def wait(self) -> None:
        self.page.wait_for_selector(f"{self.root} svg.board[data-ready='true']")

    def cols(self) -> int:
        cols = self.page.get_attribute(f"{self.root} svg.board", "data-cols")
        assert cols is not None
        return int(cols)

    def cell(self, rc: list[int]) -> str:
        return f"{self.root} .cell[data-cell='{rc[0] * self.cols() + rc[1]}']"

    def strike(self, rc: list[int]) -> None:
        self.page.click(self.cell(rc))
        self.settle()

    def settle(self) -> None:
        """Wait until the cascades are drawn and the score bar has the worker's
        remaining par for the position shown (it is aria-busy until then)."""
        self.page.wait_for_function(
            "() => [...document.querySelectorAll('svg.board')]"
            ".every(s => s.dataset.animating !== 'true')"
            " && !document.querySelector('.hud[aria-busy=\"true\"]')"
        )

    def lit(self) -> list[int]:
        got: list[int] = self.page.eval_on_selector_all(
            f"{self.root} .shell-cell.lit", "els => els.map(e => Number(e.dataset.shell))"
        )
        return got

    def game_id(self) -> str:
        href = self.page.get_attribute(".play a[href^='#edit/']", "href")
        assert href is not None
        from urllib.parse import unquote  # noqa: PLC0415

        return unquote(href.removeprefix("#edit/"))

    def hud(self) -> tuple[int, int, int]:
        """(matches used, par, matches over par the best finish would be)."""
        used = int(self.page.inner_text(".hud .used"))
        par = int(self.page.inner_text(".hud .par"))
        over = int(self.page.get_attribute(".hud", "data-over") or "0")
        return used, par, over


def say_yes_if_asked(page: Any) -> None:
    """A daily's first Hint asks first, as the X-ray does ("Show a hint?"): answer
    yes when it asked. The question opens within the press (a modal <dialog>), so
    it is either open now or not asked at all."""
    yes = page.locator("dialog.ask[open] .ask-yes")
    if yes.count():
        yes.click()
        page.wait_for_selector("dialog.ask[open]", state="detached")


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "viewport(width, height): browser viewport for a test")
    config.addinivalue_line("markers", "first_visit: start without the how-to dialogs seen")


_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test is slow: ``pytest -m 'not slow'`` (the inner loop) skips them all."""
    for item in items:
        if _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.slow)


# --- the service worker's cache (offline tests) -------------------------------------------

CACHED_PATHS = """async () => {
  const out = {};
  for (const n of await caches.keys()) {
    out[n] = (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname);
  }
  return out;
}"""


def cached_paths(page: Any) -> dict[str, list[str]]:
    """Every cache of the page's origin: name -> URL paths it holds."""
    got: dict[str, list[str]] = page.evaluate(CACHED_PATHS)
    return got


def wait_for_one_new_cache(page: Any, old: str, timeout_s: float = 30) -> list[str]:
    """Wait until the only cache is a new version's (activate dropped ``old``);
    returns its URL paths. Polled here: wait_for_function would not await
    the asynchronous Cache API."""
    deadline = time.monotonic() + timeout_s
    while True:
        now = cached_paths(page)
        if len(now) == 1 and old not in now:
            return next(iter(now.values()))
        assert time.monotonic() < deadline, f"still {sorted(now)} after {timeout_s} s"
        page.wait_for_timeout(50)


def stamped_tiers(files: dict[str, Any]) -> tuple[list[str], dict[str, list[str]]]:
    """(core precache, {group: files}) stamped into a loaded site's sw.js, as URL paths."""
    text = files["sw.js"].body.decode()
    assets = re.search(r"const ASSETS = (\[[^\]]*\]);", text)
    groups = re.search(r"const GROUPS = (\{[^}]*\});", text)
    assert assets and groups
    core = ["/" + a.removeprefix("./") for a in json.loads(assets.group(1))]
    return core, {g: ["/" + f for f in fs] for g, fs in json.loads(groups.group(1)).items()}
