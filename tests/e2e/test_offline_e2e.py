"""Offline means offline (issue 13), and the first visit's transfer.

One visit to ``/`` only, then idle: the service worker fetches the rest of the
site in the background, so with the network gone every route of both puzzles
still opens (no "Something went wrong", no failed module). Oracle: the list of
routes (tests/e2e/a11y.py ROUTES) and the shell's own error banner.

The first visit's transfer is measured as the issue says: from navigation until
the home (the site's "/") accepts input, core precache included, the idle background fetch
excluded (requests that start after the page marks 'offline-all').
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from proofgrid.server.live import live_server
from tests.e2e.a11y import ROUTES, open_route, page_problem
from tests.e2e.conftest import ARTIFACTS, IDLE_FETCH_DONE, cached_paths, fresh_page, stamped_tiers

pytestmark = pytest.mark.slow

TRANSFER_BAR = 250_000


def test_one_visit_to_the_home_page_makes_every_route_work_offline(browser: Any) -> None:
    from proofgrid.server import create_app  # noqa: PLC0415

    app = create_app()
    core, groups = stamped_tiers(app.site_files)
    everything = set(core) | {p for files in groups.values() for p in files}
    with (
        live_server(app=app) as url,
        fresh_page(browser, service_workers="allow", viewport={"width": 390, "height": 844}) as (
            ctx,
            page,
            errs,
        ),
    ):
        page.goto(url + "/")
        page.wait_for_selector("main .home .daily-tile a")
        page.wait_for_function(IDLE_FETCH_DONE, timeout=90_000)
        cached = cached_paths(page)
        assert len(cached) == 1
        have = set(next(iter(cached.values())))
        assert everything - have == set(), "the idle fetch left files out"
        ctx.set_offline(True)
        try:
            failures = {}
            for route in ROUTES:
                open_route(page, url, route)
                problem = page_problem(page)
                if problem:
                    failures[route] = problem
            # A reload offline (a navigation, not a hash change) of a Kirchhoff page.
            page.goto(url + "/#kirchhoff/rules")
            page.reload()
            open_route(page, url, "#kirchhoff/edit")
            assert page_problem(page) is None
        finally:
            ctx.set_offline(False)
        assert failures == {}
        errs.check()


def _transfer(reqs: list[Any], mark: float) -> tuple[int, int]:
    """(bytes, requests) transferred by requests that started before ``mark`` (epoch ms)."""
    total = count = 0
    for r in reqs:
        if r.timing["startTime"] >= mark:
            continue
        s = r.sizes()
        # A service worker's copy out of the HTTP cache moves no bytes (reported as ≤ 0).
        moved = max(0, s["responseBodySize"] + s["responseHeadersSize"])
        if moved:
            total += moved
            count += 1
    return total, count


def test_the_first_visit_transfers_less_than_250_kb(browser: Any) -> None:
    with (
        live_server() as url,
        fresh_page(
            browser,
            service_workers="allow",
            viewport={"width": 390, "height": 844},
            first_visit=True,
        ) as (ctx, page, errs),
    ):
        reqs: list[Any] = []
        ctx.on("requestfinished", lambda r: reqs.append(r))  # noqa: PLW0108 (Playwright wraps handlers)
        page.goto(url + "/")
        page.wait_for_selector("main .home .daily-tile a")  # the home is the first page
        page.wait_for_function(IDLE_FETCH_DONE, timeout=90_000)
        mark = page.evaluate(
            "performance.timeOrigin + performance.getEntriesByName('offline-all')[0].startTime"
        )
        total, count = _transfer(reqs, mark)
        # The worker script's own body is not reported to the page's listeners: add it.
        with urllib.request.urlopen(url + "/sw.js", timeout=10) as resp:
            sw_body = len(resp.read())
        total += sw_body
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "first-visit-transfer.json").write_text(
            json.dumps({"bytes": total, "requests": count, "sw_body": sw_body}) + "\n"
        )
        assert total < TRANSFER_BAR, f"first visit {total} bytes in {count} requests"
        errs.check()
