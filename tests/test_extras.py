"""The lean install: playing, serving and par without the extras; one line names a missing one.

The oracle is a real interpreter in which the extra's packages cannot be
imported (an import hook raises ``ModuleNotFoundError`` for them, as on an
install without the extra): the command must print exactly the one-line
message that names ``pip install 'proofgrid[EXTRA]'`` and exit 2, and what
does not need the extra must still work.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from proofgrid.errors import MissingExtraError, extra_imports, require_extra

PRELUDE = (
    "import sys, importlib.abc\n"
    "class Block(importlib.abc.MetaPathFinder):\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in {blocked!r}:\n"
    "            raise ModuleNotFoundError(f'No module named {{name!r}}', name=name)\n"
    "sys.meta_path.insert(0, Block())\n"
)
EXTRAS = {"dask", "distributed", "matplotlib", "pyarrow", "zstandard"}


def without(blocked: set[str], code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", PRELUDE.format(blocked=blocked) + code],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def cli_without(blocked: set[str], argv: list[str]) -> subprocess.CompletedProcess[str]:
    return without(blocked, f"from proofgrid.cli import main\nsys.exit(main({argv!r}))\n")


def test_plot_without_matplotlib_is_one_line_before_the_study(tmp_path: Path) -> None:
    out = tmp_path / "fig.svg"
    r = cli_without(
        {"matplotlib"},
        ["matchless", "stats", "2", "--no-duel", "--workers", "1", "--plot", str(out)],
    )
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (
        "error: --plot needs matplotlib, which is not installed: pip install 'proofgrid[plots]'\n"
    )
    assert not out.exists()


def test_figures_module_without_matplotlib_names_the_extra() -> None:
    r = without({"matplotlib"}, "import proofgrid.figures\n")
    assert r.returncode == 1
    assert r.stderr.strip().splitlines()[-1] == (
        "proofgrid.errors.MissingExtraError: drawing figures needs matplotlib, which is not"
        " installed: pip install 'proofgrid[plots]'"
    )


def test_scheduler_without_dask_is_one_line() -> None:
    r = cli_without(
        {"dask", "distributed"},
        ["matchless", "stats", "1", "--no-duel", "--scheduler", "tcp://127.0.0.1:9"],
    )
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (
        "error: --scheduler needs distributed, which is not installed:"
        " pip install 'proofgrid[studies]'\n"
    )


def test_play_serve_and_par_need_no_extra(tmp_path: Path) -> None:
    edges = tmp_path / "g.txt"
    edges.write_text("a b\nc a\n")
    r = cli_without(EXTRAS, ["par", str(edges), "--check"])
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.startswith("par: 1\nseeds:\n  c\n")
    r = cli_without(EXTRAS, ["matchless", "stats", "2", "--no-duel", "--workers", "1"])
    assert (r.returncode, r.stderr) == (0, ""), r.stderr
    # The web app and its JSON API import without any extra.
    r = without(
        EXTRAS,
        "from proofgrid.server import app\n"
        "bad = sorted({m.split('.')[0] for m in sys.modules} & " + repr(EXTRAS) + ")\nprint(bad)\n",
    )
    assert (r.returncode, r.stdout.strip()) == (0, "[]"), r.stderr


def test_require_extra_only_translates_the_named_package() -> None:
    with pytest.raises(MissingExtraError, match=r"pip install 'proofgrid\[x\]'"):
        require_extra("no_such_top_level_pkg.sub", extra="x", feature="f")
    # Another missing module inside the block is a broken install: not translated.
    with pytest.raises(ModuleNotFoundError), extra_imports(extra="x", feature="f", packages=("a",)):
        import no_such_module_elsewhere  # noqa: F401, PLC0415
