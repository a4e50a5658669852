"""Site-wide page helpers for the browser tests, the same for both puzzles.

A copy of the web app that a test can publish a new version of (one stylesheet
rule changes, so the stamped cache version does), the toast and a stats page's
figures.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from proofgrid.server import WEB_DIR, create_app, load_site

#: The footer's letter spacing, as the page computes it.
FOOT_SPACING = "getComputedStyle(document.querySelector('.site-foot')).letterSpacing"
#: The footer's letter spacing in a version published by :func:`publish_new_version`.
NEW_FOOT_SPACING = "3px"


def site_copy(tmp_path: Path) -> tuple[Path, Any]:
    """A copy of the web app's files under ``tmp_path`` and an app serving it."""
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR, web)
    return web, create_app(web)


def publish_new_version(web: Path, app: Any) -> None:
    """Change one asset of the copy ``web`` (the footer's letter spacing becomes
    :data:`NEW_FOOT_SPACING`) and have ``app`` serve the new version."""
    css = web / "css" / "app.css"
    css.write_text(css.read_text() + f"\n.site-foot {{ letter-spacing: {NEW_FOOT_SPACING}; }}\n")
    app.site_files.clear()
    app.site_files.update(load_site(web))


def toast_text(page: Any) -> str:
    """Wait for the toast to show; its text."""
    page.wait_for_selector("#toast.show")
    return str(page.inner_text("#toast"))


def stat_figures(page: Any, view: str) -> list[str]:
    """The figures of the stats view ``view`` (a CSS selector), in page order."""
    got: list[str] = page.eval_on_selector_all(
        f"{view} .figure strong", "els => els.map(e => e.textContent)"
    )
    return got
