"""A real named graph with long names and hundreds of thousands of sources, from Debian.

``python bench/debian_contents.py OUT`` writes the Debian dependency graph
(:mod:`debian_deps`: ``package dependency``) followed by one ``path package``
line for every file that Debian's ``Contents-amd64`` index lists under
``usr/include/`` or ``usr/lib/python3`` (a file → the package that ships it;
paths with a space or ``#`` left out, as no edge-list reader takes them as one
name; a path shipped by several packages gives one line each). The files are the
graph's long names (paths of up to ~200 bytes) and, since nothing points at a
file, each is a source component of its own: on bookworm about 6·10^5 edges and
3.6·10^5 sources — the shape of graph where the certificate, not the SCC pass,
is the cost. Nobody here wrote it.

The index comes from the Debian archive through apt (the registry these machines
reach): ``apt-get install apt-file && apt-file update`` once (the script runs
both when the index is missing), then ``apt-get indextargets`` names the file and
``apt-helper cat-file`` decompresses it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterable, Iterator

from debian_deps import edges as dependency_edges  # bench/ is the script's directory

PREFIXES = ("usr/include/", "usr/lib/python3")


def contents_index() -> str:
    """The path of the local ``Contents-amd64`` index of bookworm main (fetched if missing)."""

    def listed() -> list[str]:
        out = subprocess.run(
            ["apt-get", "indextargets", "--format", "$(FILENAME)", "Identifier: Contents-deb"],
            check=False,
            capture_output=True,
            text=True,
        ).stdout.split()
        return [p for p in out if p.endswith(("main_Contents-amd64.lz4", "main_Contents-amd64"))]

    found = [p for p in listed() if "-updates_" not in p]
    if not found:
        subprocess.run(["apt-get", "install", "-y", "-qq", "apt-file"], check=True)
        subprocess.run(["apt-file", "update"], check=True)
        found = [p for p in listed() if "-updates_" not in p]
    if not found:
        raise SystemExit("no Contents-amd64 index: run apt-get update && apt-file update")
    return found[0]


def file_edges(lines: Iterable[str]) -> Iterator[tuple[str, str]]:
    """``(path, package)`` for every listed file under :data:`PREFIXES`."""
    for line in lines:
        if not line.startswith(PREFIXES):
            continue
        path, _, owners = line.rstrip("\n").rpartition(" ")
        path = path.rstrip()
        if not path or " " in path or "#" in path:
            continue  # a space splits a token, and ``#`` starts a comment, in an edge list
        for owner in owners.split(","):
            yield path, owner.rpartition("/")[2]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="edge-list file to write")
    args = ap.parse_args()
    packages = subprocess.run(
        ["apt-cache", "dumpavail"], check=True, capture_output=True, text=True
    ).stdout
    index = subprocess.run(
        ["/usr/lib/apt/apt-helper", "cat-file", contents_index()],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    count = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for a, b in dependency_edges(packages.splitlines()):
            out.write(f"{a} {b}\n")
            count += 1
        for a, b in file_edges(index.splitlines()):
            out.write(f"{a} {b}\n")
            count += 1
    print(f"{args.out}: {count} edges", file=sys.stderr)


if __name__ == "__main__":
    main()
