"""The laid-out pages as PDF or SVG bytes, through matplotlib, the same bytes every time.

Each :class:`~proofgrid.book.layout.Page` becomes a
:class:`matplotlib.figure.Figure` in points with ``y`` downwards; its words and
the shapes of its pictures (:mod:`proofgrid.drawing`) are drawn in order.
Determinism: no date (``CreationDate`` ``None``), a fixed ``svg.hashsalt``, no
random identifiers, TrueType text (``pdf.fonttype`` 42) so that ``pdftotext``
reads the words back. :func:`measure` gives the layout the width of a text in
the same fonts (matplotlib's text-to-path metrics of DejaVu Sans and Sans Mono).

matplotlib is the ``plots`` extra, imported only here and only when a book is
rendered; without it :class:`PlotsMissingError` says which package to install.

Cost: O(shapes) per page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from proofgrid.book.layout import Page, Paper, Picture, Words
from proofgrid.drawing import Circle, Line, Rect, Text
from proofgrid.errors import ProofgridError

__all__ = ["PlotsMissingError", "measure", "plots", "render_pdf", "render_svgs"]

_SALT = "proofgrid-book"
_SANS, _MONO = "DejaVu Sans", "DejaVu Sans Mono"
_RC = {
    "pdf.fonttype": 42,  # TrueType: text stays text, so pdftotext reads IDs back
    "svg.fonttype": "none",
    "svg.hashsalt": _SALT,
    "hatch.linewidth": 0.6,
    "font.family": _SANS,
}


class PlotsMissingError(ProofgridError):
    """Rendering was asked for but matplotlib (the ``plots`` extra) is not installed."""


def plots() -> Any:
    """The matplotlib module, or :class:`PlotsMissingError` naming the extra."""
    try:
        import matplotlib  # noqa: PLC0415  (the plots extra, loaded only to render)
    except ImportError:
        raise PlotsMissingError(
            "the book needs matplotlib: pip install 'proofgrid[plots]'"
        ) from None
    return matplotlib


@lru_cache(maxsize=4)
def _advances(bold: bool, mono: bool) -> tuple[Any, dict[str, float]]:
    """The font of a style and a cache of its glyph advances (points at size 1)."""
    from matplotlib.font_manager import FontProperties, findfont  # noqa: PLC0415
    from matplotlib.ft2font import FT2Font  # noqa: PLC0415

    prop = FontProperties(family=_MONO if mono else _SANS, weight="bold" if bold else "normal")
    font = FT2Font(
        findfont(prop)
    )  # its own, not matplotlib's shared one that renders at other sizes
    font.set_size(100, 72)
    return font, {}


def measure(text: str, size: float, bold: bool = False, mono: bool = False) -> float:
    """The width of ``text`` in points at ``size`` (the layout's ``Measure``): the sum of
    its glyphs' advances in the renderer's font (kerning ignored: DejaVu's pairs are
    a few hundredths of an em, and the layout leaves room for them)."""
    font, cache = _advances(bold, mono)
    total = 0.0
    for ch in text:
        adv = cache.get(ch)
        if adv is None:
            glyph = font.load_char(ord(ch))
            adv = cache[ch] = glyph.linearHoriAdvance / 65536 / 100
        total += adv
    return total * size


def _draw_picture(ax: Any, p: Picture) -> None:
    from matplotlib.patches import Circle as MCircle  # noqa: PLC0415
    from matplotlib.patches import FancyArrowPatch, Rectangle  # noqa: PLC0415

    scale = p.scale

    def pt(x: float, y: float) -> tuple[float, float]:
        return p.x + x * scale, p.y + y * scale

    for s in p.drawing.shapes:
        if isinstance(s, Rect | Circle):
            face = "none" if s.fill is None else str(s.fill.shade / 100)
            hatch = (s.fill.hatch or None) if s.fill else None
            if isinstance(s, Rect):
                patch: Any = Rectangle(pt(s.x, s.y), s.w * scale, s.h * scale)
            else:
                patch = MCircle(pt(s.x, s.y), s.r * scale)
            patch.set(facecolor=face, edgecolor="black", hatch=hatch, linewidth=s.width)
            ax.add_patch(patch)
        elif isinstance(s, Line):
            length = ((s.x2 - s.x1) ** 2 + (s.y2 - s.y1) ** 2) ** 0.5 * scale
            ax.add_patch(
                FancyArrowPatch(
                    pt(s.x1, s.y1),
                    pt(s.x2, s.y2),
                    arrowstyle="-|>" if s.arrow else "-",
                    mutation_scale=max(4.0, min(scale * 0.24, length * 0.8)),
                    linewidth=s.width,
                    linestyle="--" if s.dashed else "-",
                    color="black",
                    shrinkA=0,
                    shrinkB=0,
                )
            )
        elif isinstance(s, Text):
            x, y = pt(s.x, s.y)
            ax.text(
                x,
                y,
                s.text,
                fontsize=s.size * scale,
                ha="center",
                va="center_baseline",
                family=_MONO if s.mono else _SANS,
                weight="bold" if s.bold else "normal",
            )


def _figure(page: Page, paper: Paper) -> Any:
    from matplotlib.figure import Figure  # noqa: PLC0415

    fig = Figure(figsize=(paper.width / 72, paper.height / 72), dpi=72)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, paper.width)
    ax.set_ylim(paper.height, 0)
    ax.set_axis_off()
    for item in page.items:
        if isinstance(item, Picture):
            _draw_picture(ax, item)
            continue
        w: Words = item
        ax.text(
            w.x,
            w.y,
            w.text,
            fontsize=w.size,
            ha=w.align,
            va="center",
            family=_MONO if w.mono else _SANS,
            weight="bold" if w.bold else "normal",
        )
    return fig


def render_pdf(book: Sequence[Page], paper: Paper, title: str) -> bytes:
    """The whole book as one PDF."""
    mpl = plots()
    from matplotlib.backends.backend_pdf import PdfPages  # noqa: PLC0415

    buf = io.BytesIO()
    meta = {
        "Title": title,
        "Creator": "proofgrid book",
        "Producer": "proofgrid",
        "CreationDate": None,
        "ModDate": None,
    }
    with mpl.rc_context(_RC), PdfPages(buf, metadata=meta) as pdf:
        for page in book:
            pdf.savefig(_figure(page, paper))
    return buf.getvalue()


def render_svgs(book: Sequence[Page], paper: Paper, title: str) -> list[bytes]:
    """Each page as one SVG document."""
    mpl = plots()
    out = []
    with mpl.rc_context(_RC):
        for page in book:
            buf = io.BytesIO()
            _figure(page, paper).savefig(
                buf,
                format="svg",
                metadata={"Date": None, "Creator": "proofgrid book", "Title": title},
            )
            out.append(buf.getvalue())
    return out
