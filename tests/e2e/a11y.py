"""Accessibility checks for the browser tests: axe-core through ``axe-playwright-python``.

``axe_violations(page)`` runs axe-core (the copy shipped in the package,
injected with Playwright's evaluate, which the page's Content-Security-Policy
does not govern) on the page as it stands, and returns the violations of the
chosen impacts as small dicts, worst first. Puzzle engineers call it on their
own views while working; ``tests/e2e/test_a11y_e2e.py`` runs it on every route.
"""

from __future__ import annotations

from typing import Any

SERIOUS = ("critical", "serious")
_IMPACT_ORDER = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3}


def axe_violations(
    page: Any, impacts: tuple[str, ...] = SERIOUS, context: str | None = None
) -> list[dict[str, Any]]:
    """The axe-core violations on ``page`` whose impact is in ``impacts``.

    Each item: ``{"id", "impact", "help", "nodes": [css target, ...] (at most 5),
    "summary": first node's failure summary}``. ``context`` limits the check to
    a CSS selector. O(size of the DOM) in the page.
    """
    from axe_playwright_python.sync_playwright import (  # type: ignore[import-untyped]  # noqa: PLC0415
        Axe,
    )

    results = Axe().run(page, context=context)
    out: list[dict[str, Any]] = []
    for v in results.response.get("violations", []):
        if v.get("impact") not in impacts:
            continue
        nodes = v.get("nodes", [])
        out.append(
            {
                "id": v["id"],
                "impact": v["impact"],
                "help": v.get("help", ""),
                "nodes": [" ".join(map(str, n.get("target", []))) for n in nodes[:5]],
                "count": len(nodes),
                "summary": (nodes[0].get("failureSummary", "") if nodes else "")[:300],
            }
        )
    out.sort(key=lambda v: (_IMPACT_ORDER.get(v["impact"], 9), v["id"]))
    return out


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per violation, for assertion messages and reports."""
    return "\n".join(
        f"{v['impact']}: {v['id']} ×{v['count']} ({v['help']}) at {', '.join(v['nodes'])}"
        for v in violations
    )


def h1_texts(page: Any) -> list[str]:
    """The text of every <h1> on the page (outside closed dialogs)."""
    texts: list[str] = page.eval_on_selector_all("h1", "els => els.map(e => e.textContent.trim())")
    return texts


# --- every route of both puzzles --------------------------------------------------------------

#: Every page of both puzzles (and the home page), as location hashes.
ROUTES: tuple[str, ...] = (
    "",
    "#daily",
    "#play",
    "#practice",
    "#practice/1",
    "#duel",
    "#edit",
    "#stats",
    "#why",
    "#home",
    "#archive",
    "#daily/2026-11-30",
    "#kirchhoff",
    "#kirchhoff/daily",
    "#kirchhoff/play/easy",
    "#kirchhoff/new/medium",
    "#kirchhoff/edit",
    "#kirchhoff/rules",
    "#kirchhoff/stats",
    "#kirchhoff/why",
    "#kirchhoff/daily/2026-11-30",
)

#: A route has settled when the shell is ready and nothing is still being built or loaded.
SETTLED = """() => {
  const html = document.documentElement;
  if (html.dataset.ready !== 'true') return false;
  const main = document.getElementById('main');
  if (!main || main.querySelector('.loading, .building, [aria-busy="true"]')) return false;
  return [...main.querySelectorAll('svg.board')].every((s) => s.dataset.ready !== 'false');
}"""


SHOWN = "() => Number(document.documentElement.dataset.shown || 0)"


def open_route(page: Any, base_url: str, route: str) -> None:
    """Show ``route`` (a hash of the site at ``base_url``) and wait until it settles.

    A hash change within the page waits for the shell to show one more page
    (``data-shown`` on <html>), so the previous route never passes for this one.
    """
    target = base_url.rstrip("/") + "/" + route
    here = str(page.url)
    same_doc = here.split("#", 1)[0] == target.split("#", 1)[0] and here != "about:blank"
    if same_doc and here.rstrip("#") == target.rstrip("#"):
        page.wait_for_function(SETTLED, timeout=60_000)
        return
    before = page.evaluate(SHOWN) if same_doc else 0
    page.goto(target)
    page.wait_for_function(f"() => ({SHOWN})() > {before}", timeout=60_000)
    page.wait_for_function(SETTLED, timeout=60_000)


def page_problem(page: Any) -> str | None:
    """The shell's error banner text on the page, if it shows one."""
    bad = page.query_selector("main .notice.bad[role='alert']")
    return None if bad is None else str(bad.inner_text())
