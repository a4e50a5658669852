"""``proofgrid par`` refuses binary input as it streams, names UTF-32, and warns of
NFC/NFD twins.

Oracles: a real subprocess on endless input (``/dev/zero`` as the file and as
standard input) must end by itself with the one-line error of line 1; the
byte-order marks of the Unicode standard; ``unicodedata.normalize``.
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from proofgrid.par.text import EdgeListError, parse_edgelist

DEVZERO = Path("/dev/zero")


def _par(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "proofgrid", "par", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.skipif(not DEVZERO.exists(), reason="needs /dev/zero")
def test_endless_binary_input_is_refused_at_its_first_bytes() -> None:
    """/dev/zero was read without end (5.1 GB in 10 s); now line 1 is refused at once."""
    got = _par([str(DEVZERO)])
    assert got.returncode == 2
    assert got.stderr.strip().splitlines() == [
        "error: /dev/zero:1: control character 0x00 (not a text edge list?)"
    ]
    with open(DEVZERO, "rb") as zero:
        got = _par(["-"], stdin=zero)
    assert got.returncode == 2 and "<stdin>:1: control character 0x00" in got.stderr


def test_binary_data_after_good_lines_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_bytes(b"a b\nb c\n" * 1000 + b"\x00" * 100)
    got = _par([str(path)])
    assert got.returncode == 2 and "g.txt:2001: control character 0x00" in got.stderr


@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-le", "utf-32-be"])
def test_utf32_is_reported_as_utf32(encoding: str) -> None:
    data = "a b\n".encode(encoding)
    if encoding != "utf-32":  # the codec writes a mark only for plain utf-32
        data = "\ufeff".encode(encoding) + data
    with pytest.raises(EdgeListError, match="UTF-32"):
        parse_edgelist(data, "x")


def test_nfc_and_nfd_twins_stay_two_nodes_with_a_warning(tmp_path: Path) -> None:
    nfc = unicodedata.normalize("NFC", "café")
    nfd = unicodedata.normalize("NFD", "café")
    assert nfc != nfd and unicodedata.normalize("NFC", nfd) == nfc
    text = f"{nfc} x\n{nfd} y\nplain z\n"
    g = parse_edgelist(text.encode(), "t")
    assert g.n == 6 and g.unicode_twins() == [(nfc, nfd)]
    assert parse_edgelist(b"caf\xc3\xa9 x\nplain y\n", "t").unicode_twins() == []
    path = tmp_path / "t.txt"
    path.write_text(text, encoding="utf-8")
    got = _par([str(path)])
    assert got.returncode == 0 and got.stdout.startswith("par: 3")
    assert ascii(nfc) in got.stderr and ascii(nfd) in got.stderr and "NFC/NFD" in got.stderr
