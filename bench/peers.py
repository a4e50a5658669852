"""Each peer in its own room: one virtual environment per peer, with only what it needs.

A peer measured inside the project's environment is measured in the wrong room:
with matplotlib installed, ``import igraph`` imports ``matplotlib.pyplot`` (0.42 s
against 0.04 s alone). So every peer the benchmarks compare against runs from
``bench/.venvs/<peer>/`` (git-ignored), made on first use by :func:`python_of`
with ``python -m venv`` and ``pip install`` of the peer's own requirement, and
nothing else. The scripts each peer runs live in ``bench/peers/<peer>_par.py``:
read the file the way that library's users do, find strong components, count the
components no edge enters, print that count.

``python bench/peers.py`` makes (or checks) every room and prints what is in each.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENVS = HERE / ".venvs"

#: peer -> what ``pip install`` gets in its room (nothing else is installed there).
REQUIREMENTS: dict[str, list[str]] = {
    "igraph": ["igraph>=0.11"],
    "networkit": ["networkit>=11"],
    "networkx": ["networkx>=3.2"],
    "pyarrow": ["pyarrow>=14"],
}


def python_of(peer: str) -> Path:
    """The interpreter of ``peer``'s own environment, made on first use."""
    room = VENVS / peer
    python = room / "bin" / "python"
    stamp = room / ".installed"
    want = " ".join(REQUIREMENTS[peer])
    if not (python.exists() and stamp.exists() and stamp.read_text() == want):
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(room)], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", *REQUIREMENTS[peer]], check=True
        )
        stamp.write_text(want)
    return python


def script(peer: str) -> Path:
    """The script ``peer`` runs: ``PYTHON SCRIPT FILE int|named`` prints the count."""
    return HERE / "peers" / f"{peer}_par.py"


def main() -> None:
    for peer in REQUIREMENTS:
        python = python_of(peer)
        listed = subprocess.run(
            [str(python), "-m", "pip", "list", "--format=freeze"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        print(f"{peer}: {python} — {', '.join(listed)}")


if __name__ == "__main__":
    main()
