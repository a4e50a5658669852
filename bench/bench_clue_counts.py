"""Kirchhoff's clue counts in Debian's Chromium: do arrows cross them, and can they be read?

Issue 20 item 6: "Arrow counts move to a badge that no arrow crosses (or stay off by
default; measure which reads better and say why)". Run::

    python bench/bench_clue_counts.py [--themes light dark] [--out TABLE.md]

For each Kirchhoff preset (Easy 5×5 … Giant 16×16), on a phone (390×844) and a desktop
(1280×800), light and dark: a fixed board of the preset (``<params>#clue-counts``) is
opened at ``#kirchhoff/play/…``, solved with the page's own "Show solution" (the
worker's unique solution), and measured twice — with "Clue counts" on (the quick
toggle under the board) and off (the default). Measured in the page:

* **crossings**: how many shown labels' boxes (``getBoundingClientRect`` of each
  ``text.k-count`` with counts on, of each ``text.k-clue`` with counts off) intersect
  an arrow's drawn geometry. An arrow's box is its line (``getScreenCTM`` of the
  ``line.k-arrow`` applied to its end points) thickened by half its computed stroke
  width, with the arrow head (its ``<marker>``: ``markerWidth`` × stroke wide, ``refX``
  of a 10-unit view box) added at the tip; arrows are horizontal or vertical, so the
  box is the drawn shape's own extent. With each crossing: how deep the boxes overlap
  (the smaller side of their intersection, px: a count an arrow runs through overlaps
  by its whole height, a numeral whose box grazes an arrow's end by a pixel or two),
  and the contrast of the label's colour against the arrow's (what is left of the
  glyphs where the arrow runs over them).
* **font size**: the computed ``font-size`` times the board's scale
  (``getScreenCTM().a``), in CSS px; the bar is 11 px (the coordinate labels' bar in
  tests/e2e/test_matchless_coords_e2e.py).
* **contrast**: WCAG 2 contrast ratio of the label's computed ``fill`` against the
  pixels behind it: the page is screenshot with every clue and count hidden
  (``visibility: hidden``), and the most common colour inside each label's box is its
  background (an arrow crossing a label is a minority of its box). Bar: 4.5:1.
* **badge room**: the alternative the issue names, a badge in a cell's corner that no
  arrow crosses. Arrows run along the lines between cell centres, so the free corner of
  a cell is the square from the cell's corner to the arrow's band (half the head's
  width from the centre line), cut by the clue's ring. The largest square there, and
  the largest font size at which the widest count string shown fits it (its measured
  ``getComputedTextLength`` scaled; height 1.2 em), in CSS px.

The oracle for "solved" is the page's own verdict (``data-won``) after "Show solution";
the geometry is the page's. Nothing here times anything: the machine's load does not
matter.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import statistics
import subprocess
import sys
from collections import Counter
from io import BytesIO
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image
from playwright.sync_api import sync_playwright

from browser import CHROMIUM, CHROMIUM_ARGS
from proofgrid.kirchhoff.codec import encode_params, presets
from proofgrid.server.live import live_server

ROOT = Path(__file__).resolve().parents[1]
VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 800)}
PLAY = ".kirchhoff-play"
BAR_PX = 11.0
BAR_CONTRAST = 4.5

#: A returning player: the how-to seen, everything else the defaults.
SEEN = """(() => {
  if (localStorage.getItem('proofgrid.settings') === null) {
    localStorage.setItem('proofgrid.settings', JSON.stringify({ v: 2, data: {
      theme: 'system', highContrast: false,
      seenHowto: { matchless: true, kirchhoff: true }, puzzles: {} } }));
  }
})();"""

MEASURE = """(sel) => {
  const svg = document.querySelector('.kirchhoff-play svg.board');
  const scale = svg.getScreenCTM().a;
  const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const arrows = [...svg.querySelectorAll('.k-edge-mark.arrow line.k-arrow')].map((l) => {
    const m = l.getScreenCTM();
    const p = (x, y) => new DOMPoint(x, y).matrixTransform(m);
    const a = p(+l.getAttribute('x1'), +l.getAttribute('y1'));
    const b = p(+l.getAttribute('x2'), +l.getAttribute('y2'));
    const sw = parseFloat(getComputedStyle(l).strokeWidth) * m.a;
    const mk = svg.querySelector(l.getAttribute('marker-end').slice(4, -1));
    const head = +mk.getAttribute('markerWidth') * sw;      // the head's length and width
    const tip = head * (10 - +mk.getAttribute('refX')) / 10; // how far it reaches past x2
    const half = Math.max(sw / 2, head / 2);
    const dx = Math.sign(b.x - a.x), dy = Math.sign(b.y - a.y);
    const ex = b.x + dx * tip, ey = b.y + dy * tip;
    const sx = a.x - dx * sw / 2, sy = a.y - dy * sw / 2;
    return dx !== 0
      ? [Math.min(sx, ex), a.y - half, Math.max(sx, ex), a.y + half]
      : [a.x - half, Math.min(sy, ey), a.x + half, Math.max(sy, ey)];
  });
  const labels = [...svg.querySelectorAll(sel)]
    .filter((t) => t.textContent && t.getClientRects().length
      && getComputedStyle(t).visibility !== 'hidden' && getComputedStyle(t).display !== 'none')
    .map((t) => {
      const cs = getComputedStyle(t);
      return { text: t.textContent, box: box(t), px: parseFloat(cs.fontSize) * scale,
        fill: cs.fill, len: t.getComputedTextLength() * scale };
    });
  const all = [...svg.querySelectorAll(sel)].filter((t) => t.textContent).length;
  const ring = svg.querySelector('.k-cell.source .k-ring, .k-cell.sink .k-ring');
  const rs = ring ? getComputedStyle(ring) : null;
  const line = svg.querySelector('.k-edge-mark.arrow line.k-arrow');
  const lsw = parseFloat(getComputedStyle(line).strokeWidth);
  const mk = svg.querySelector(line.getAttribute('marker-end').slice(4, -1));
  return { scale, arrows, labels, all, arrowColour: getComputedStyle(line).stroke,
    ringR: rs ? parseFloat(rs.r) + parseFloat(rs.strokeWidth) / 2 : 0,
    band: Math.max(lsw / 2, +mk.getAttribute('markerWidth') * lsw / 2) };
}"""

HIDE = (
    "document.documentElement.insertAdjacentHTML('beforeend', "
    "'<style id=bench-hide>.k-clue, .k-count { visibility: hidden !important; }</style>')"
)
UNHIDE = "document.getElementById('bench-hide')?.remove()"


def overlap(a: list[float], b: list[float]) -> float:
    """How deep two boxes overlap, in px (the smaller side of their intersection); 0 if apart."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, min(w, h))


def _lum(rgb: tuple[int, int, int]) -> float:
    def ch(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (ch(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def parse_rgb(text: str) -> tuple[int, int, int]:
    inner = text[text.index("(") + 1 : text.index(")")].replace(",", " ").split()
    r, g, b = (round(float(v)) for v in inner[:3])
    return r, g, b


def background(img: Image.Image, box: list[float], sx: float, sy: float) -> tuple[int, int, int]:
    """The most common colour of the screenshot inside ``box`` (client px, scrolled by sx, sy)."""
    x0, y0 = max(0, math.floor(box[0] + sx)), max(0, math.floor(box[1] + sy))
    x1, y1 = min(img.width, math.ceil(box[2] + sx)), min(img.height, math.ceil(box[3] + sy))
    crop = img.crop((x0, y0, max(x0 + 1, x1), max(y0 + 1, y1))).convert("RGB")
    colours = Counter(crop.get_flattened_data())
    best: tuple[int, int, int] = colours.most_common(1)[0][0]
    return best


def badge_room(got: dict[str, Any]) -> tuple[float, float, float]:
    """(side of the largest corner square clear of the arrow band and the ring, in board
    units; the font size in CSS px at which the widest count string fits it; the font
    size at which one line of any text fits its height)."""
    u = 100.0  # one cell, in board units (board-view.js U)
    free = u / 2 - got["band"]  # from the cell's corner to the arrow band
    # The square [0, s]² must stay outside the ring: (u/2 - s)·√2 ≥ ring radius.
    s = min(free, u / 2 - got["ringR"] / math.sqrt(2)) - 3  # 3: the tint's inset
    widest = max((t["len"] / t["px"] for t in got["labels"]), default=0.0)  # em per string
    tallest = s / 1.2 * got["scale"]
    if widest == 0:
        return s, 0.0, tallest
    return s, min(s / widest, s / 1.2) * got["scale"], tallest


def measure_view(page: Any) -> dict[str, Any]:
    """Counts on, then off, on the solved board shown; the figures of both."""
    out: dict[str, Any] = {}
    for counts in (True, False):
        pressed = page.get_attribute(f"{PLAY} .toggle-indicators", "aria-pressed") == "true"
        if pressed != counts:
            page.click(f"{PLAY} .toggle-indicators")
            page.wait_for_function(
                f"(on) => document.querySelector('{PLAY} svg.board')"
                ".classList.contains('indicators') === on",
                arg=counts,
            )
        sel = ".k-count" if counts else ".k-clue"
        got = page.evaluate(MEASURE, sel)
        page.evaluate(HIDE)
        sx, sy = page.evaluate("[scrollX, scrollY]")
        img = Image.open(BytesIO(page.screenshot(full_page=True)))
        page.evaluate(UNHIDE)
        ratios, depths, on_arrow = [], [], []
        arrow = parse_rgb(got["arrowColour"])
        for t in got["labels"]:
            bg = background(img, t["box"], sx, sy)
            ratios.append(contrast(parse_rgb(t["fill"]), bg))
            depth = max((overlap(t["box"], a) for a in got["arrows"]), default=0.0)
            if depth > 0:
                depths.append(depth)
                on_arrow.append(contrast(parse_rgb(t["fill"]), arrow))
        px = [t["px"] for t in got["labels"]]
        room, badge_px, badge_max = badge_room(got) if counts else (0.0, 0.0, 0.0)
        out["on" if counts else "off"] = {
            "labels": len(got["labels"]),
            "all": got["all"],
            "arrows": len(got["arrows"]),
            "crossed": len(depths),
            "depth": max(depths, default=0.0),
            "on_arrow": min(on_arrow, default=0.0),
            "px": (min(px), max(px)) if px else (0.0, 0.0),
            "contrast": (min(ratios), statistics.median(ratios)) if ratios else (0.0, 0.0),
            "badge_units": room,
            "badge_px": badge_px,
            "badge_max": badge_max,
        }
    return out


def run(base: str, browser: Any, themes: list[str]) -> list[dict[str, Any]]:
    rows = []
    for theme in themes:
        for vp, (w, h) in VIEWPORTS.items():
            ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=theme)
            ctx.add_init_script(SEEN)
            page = ctx.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e, errs=errors: errs.append(str(e)))
            for name, params in presets().items():
                gid = f"{encode_params(params)}#clue-counts"
                page.goto(base + "#kirchhoff/play/" + quote(gid, safe=":"))
                page.wait_for_selector(f"{PLAY} svg.board[data-ready='true']", timeout=60_000)
                page.wait_for_selector(f"{PLAY}[data-analysed='true']", timeout=60_000)
                page.click(f"{PLAY} .show-solution")
                page.wait_for_selector(f"{PLAY}[data-won='true']", timeout=60_000)
                page.locator(f"{PLAY} svg.board").scroll_into_view_if_needed()
                m = measure_view(page)
                rows.append(
                    {
                        "preset": name,
                        "size": f"{params.rows}×{params.cols}",
                        "vp": vp,
                        "theme": theme,
                        **m,
                    }
                )
                print(name, vp, theme, file=sys.stderr, flush=True)
            assert not errors, errors
            ctx.close()
    return rows


def fmt_range(lo: float, hi: float, digits: int = 1) -> str:
    a, b = f"{lo:.{digits}f}", f"{hi:.{digits}f}"
    return a if a == b else f"{a}–{b}"


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "| preset | viewport | theme | counts on: shown / arrows | crossed by an arrow "
        "(deepest, px) | font px | contrast min (median); on the arrow | counts off: "
        "clue numerals touched (deepest, px) | clue font px | clue contrast min | "
        "corner badge: room (units), font px for the count, for one line |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for r in rows:
        on, off = r["on"], r["off"]
        if on["labels"] == 0:
            lines.append(
                f"| {r['preset']} {r['size']} | {r['vp']} | {r['theme']} | "
                f"0 (all {on['all']} hidden on a board over 10×10) / {on['arrows']} | — | — | — | "
                f"{off['crossed']} ({off['depth']:.1f}) | {fmt_range(*off['px'])} | "
                f"{off['contrast'][0]:.2f} | {on['badge_units']:.0f}, —, {on['badge_max']:.1f} |"
            )
            continue
        lines.append(
            f"| {r['preset']} {r['size']} | {r['vp']} | {r['theme']} | "
            f"{on['labels']} / {on['arrows']} | {on['crossed']} ({on['depth']:.1f}) | "
            f"{fmt_range(*on['px'])} | {on['contrast'][0]:.2f} ({on['contrast'][1]:.2f}); "
            f"{on['on_arrow']:.2f} | {off['crossed']} ({off['depth']:.1f}) | "
            f"{fmt_range(*off['px'])} | {off['contrast'][0]:.2f} | "
            f"{on['badge_units']:.0f}, {on['badge_px']:.1f}, {on['badge_max']:.1f} |"
        )
    return head + "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    ap.add_argument("--themes", nargs="+", default=["light", "dark"])
    args = ap.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    with live_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        rows = run(url + "/", browser, args.themes)
        browser.close()
    text = f"<!-- {dt.date.today()} {commit}: python bench/bench_clue_counts.py -->\n" + table(rows)
    print(text)
    if args.out:
        args.out.write_text(text)
        print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
