"""Figures that come out the same every time: matplotlib, Agg canvas, SVG out.

No pyplot and no global backend switch: each figure is a
:class:`matplotlib.figure.Figure` on its own :class:`FigureCanvasAgg`, written
as SVG by :func:`save_svg` under fixed settings (``svg.hashsalt`` so clip-path
ids do not depend on a random salt, ``metadata={"Date": None}`` so no time
stamp, glyphs as paths from the bundled DejaVu fonts), so the same data gives
the same file on any run — and, for a given matplotlib version, on any machine.

matplotlib is the ``plots`` extra (``pip install 'proofgrid[plots]'``);
importing this module without it raises
:class:`~proofgrid.errors.MissingExtraError`, one line naming the extra.

Each puzzle draws its own figures (``proofgrid.<puzzle>.plots``) with these
two helpers; this module imports no puzzle.
"""

from __future__ import annotations

from pathlib import Path

from proofgrid.errors import extra_imports

# matplotlib comes with the ``plots`` extra; without it, one line says so.
with extra_imports(extra="plots", feature="drawing figures", packages=("matplotlib",)):
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

__all__ = ["new_figure", "save_svg"]


def save_svg(fig: Figure, path: Path) -> None:
    """Write ``fig`` to ``path`` as deterministic SVG (module docstring)."""
    FigureCanvasAgg(fig)
    with matplotlib.rc_context({"svg.hashsalt": "proofgrid", "svg.fonttype": "path"}):
        fig.savefig(path, format="svg", metadata={"Date": None})


def new_figure(width: float, height: float) -> Figure:
    """A constrained-layout figure of ``width`` × ``height`` inches, 9-point text."""
    with matplotlib.rc_context({"font.size": 9.0}):
        return Figure(figsize=(width, height), layout="constrained")
