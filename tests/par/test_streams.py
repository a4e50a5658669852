"""Issue 14: ``proofgrid par`` on byte-order marks and failing standard streams.

Oracles: the same edge list without the mark (par and seeds must agree), and
the exit status and one-line message of a real subprocess whose streams are
closed or full (never a traceback).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from proofgrid.cli.common import EXIT_STREAM
from proofgrid.graph.sparse import par_certificate
from proofgrid.par.text import EdgeListError, parse_edgelist

EDGES = b"a b\nc a\n"


def _par(data: bytes) -> tuple[int, list[str]]:
    g = parse_edgelist(data, "x")
    cert = par_certificate(g.src, g.dst, g.n)
    return cert.par, g.names(cert.seeds)


def test_utf8_bom_is_ignored() -> None:
    assert _par(b"\xef\xbb\xbf" + EDGES) == _par(EDGES) == (1, ["c"])


@pytest.mark.parametrize("bom", [b"\xff\xfe", b"\xfe\xff"])
def test_utf16_is_refused_with_a_clear_error(bom: bytes) -> None:
    with pytest.raises(EdgeListError, match="UTF-16"):
        parse_edgelist(bom + "a b\n".encode("utf-16-le"), "x")


def _run(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "proofgrid", *args],
        capture_output=False,
        text=True,
        timeout=60,
        check=False,
        **kw,  # type: ignore[arg-type]
    )


def test_closed_stdin_is_one_line(tmp_path: Path) -> None:
    err = tmp_path / "err"
    with err.open("w") as fh:
        r = _run(["par", "-"], stdin=subprocess.DEVNULL, stderr=fh, pass_fds=())
    assert r.returncode == 0  # /dev/null is an empty, open stdin: par 0
    with err.open("w") as fh:
        r = subprocess.run(
            ["sh", "-c", f'exec "{sys.executable}" -m proofgrid par - <&-'],
            stderr=fh,
            stdout=subprocess.DEVNULL,
            timeout=60,
            check=False,
        )
    text = err.read_text()
    assert r.returncode == EXIT_STREAM and text == "error: standard input is closed\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_full_disk_and_closed_stdout_are_one_line(tmp_path: Path) -> None:
    edges = tmp_path / "g.txt"
    edges.write_bytes(EDGES)
    for redirect, expected in (
        (">/dev/full", "error: cannot write the output: No space left on device\n"),
        (">&-", "error: standard output is closed\n"),
    ):
        r = subprocess.run(
            ["sh", "-c", f'exec "{sys.executable}" -m proofgrid par "{edges}" {redirect}'],
            capture_output=False,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
        assert (r.returncode, r.stderr) == (EXIT_STREAM, expected)
