"""Write the shell's built-in registry table from the Python registry (one source of truth).

``proofgrid.registry.web_manifest()`` lists each puzzle the site shell routes to
(name, title, route prefix, UI module, cache tier). The server publishes it as
``js/registry.json`` (``proofgrid.server.site.registry_json``, plugins
included); this tool writes the same rows for the puzzles shipped with
proofgrid as ``src/proofgrid/web/js/app/registry.js`` (a generated file, whole),
the copy the shell falls back on when the table cannot be fetched (a page
opened from ``file://``).

Run ``python tools/web_registry.py`` after changing ``registry.BUILTIN``;
``--check`` only reports whether the block is current (exit status 1 when stale).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "src" / "proofgrid" / "web"
SHELL = WEB / "js" / "app" / "registry.js"


def builtin_rows() -> list[dict[str, str]]:
    """The registry table of the built-in puzzles (plugins are left out)."""
    os.environ.pop("PROOFGRID_PLUGINS", None)
    from proofgrid.registry import web_manifest  # noqa: PLC0415  (after the environment is clean)

    return web_manifest()


def shell_text(rows: list[dict[str, str]]) -> str:
    """The whole text of ``app/registry.js`` for ``rows`` (a generated file)."""
    from proofgrid.server.site import builtin_registry_js  # noqa: PLC0415  (after the environment is clean)

    return builtin_registry_js(rows)


def main(argv: list[str] | None = None) -> int:
    """Write (or ``--check``) the block; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that it is current")
    parser.add_argument("--print", action="store_true", help="print the rows as JSON instead")
    args = parser.parse_args(argv)
    rows = builtin_rows()
    if args.print:
        print(json.dumps(rows))
        return 0
    wanted = {SHELL: shell_text(rows)}
    stale = [p for p, text in wanted.items() if not p.is_file() or p.read_text() != text]
    if args.check:
        for p in stale:
            print(f"stale: {p.relative_to(WEB.parents[2])}", file=sys.stderr)
        return 1 if stale else 0
    for p in stale:
        p.write_text(wanted[p])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
