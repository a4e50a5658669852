"""``book --out`` where the book cannot go: one line, one exit status, nothing left behind.

Every unwritable or full destination — ``/dev/full``, a folder, a ``/proc``
path, a missing folder, a read-only folder, a disk that fills up while the
file is written — ends with exit status 74 (as ``--help`` says) and one line
``error: cannot write ...``; no traceback, no partial file, and a book already
at the destination is left as it was. The CLI runs in a fresh process each
time (a real ``python -m proofgrid``): the read-only folder is read-only even
to root (``setpriv`` drops the capability that overrides file modes), and the
full disk is a file-size limit (``RLIMIT_FSIZE``), the same ``write`` failure
a full disk gives.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from proofgrid.book import EXIT_CANNOT_WRITE, DestinationError
from proofgrid.book.output import write

BOOK = ("matchless", "book", "-n", "1", "--preset", "small")


def book(out: str, *, prefix: tuple[str, ...] = (), fsize: int | None = None) -> tuple[int, str]:
    """Run ``proofgrid matchless book --out OUT``; (exit status, standard error)."""

    def limit() -> None:
        if fsize is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past it fails with EFBIG
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    res = subprocess.run(
        [*prefix, sys.executable, "-m", "proofgrid", *BOOK, "--out", out],
        check=False,
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=300,
    )
    return res.returncode, res.stderr


def one_line(code: int, err: str, *says: str) -> None:
    assert code == EXIT_CANNOT_WRITE, err
    assert err.startswith("error: cannot write ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for s in says:
        assert s in err, err


def no_parts(folder: Path) -> None:
    assert not [p.name for p in folder.iterdir() if p.name.endswith(".part")]


def test_help_lists_the_exit_status() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "proofgrid", "matchless", "book", "--help"],
        check=True,
        capture_output=True,
        text=True,
    )
    assert f"{EXIT_CANNOT_WRITE} the destination cannot be written" in " ".join(res.stdout.split())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_dev_full() -> None:
    one_line(*book("/dev/full"), "/dev/full", "No space left on device")


def test_a_folder(tmp_path: Path) -> None:
    one_line(*book(str(tmp_path)), "it is a folder")
    assert list(tmp_path.iterdir()) == []


def test_a_proc_path() -> None:
    one_line(*book("/proc/proofgrid-book.pdf"), "/proc")
    assert not Path("/proc/proofgrid-book.pdf").exists()


def test_a_missing_folder(tmp_path: Path) -> None:
    one_line(*book(str(tmp_path / "no" / "x.pdf")), "no folder")
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    prefix: tuple[str, ...] = ()
    if os.geteuid() == 0:  # root writes anywhere unless the capability is dropped
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv")
        prefix = (setpriv, "--bounding-set", "-dac_override,-dac_read_search")
    try:
        one_line(*book(str(folder / "x.pdf"), prefix=prefix), "Permission denied")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_a_disk_that_fills_up_leaves_the_old_book(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    out.write_bytes(b"the old book")
    one_line(*book(str(out), fsize=4096), str(out))
    assert out.read_bytes() == b"the old book"  # untouched: the new one was never renamed over it
    no_parts(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.pdf"]


def test_a_good_destination_replaces_the_old_book(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    out.write_bytes(b"the old book")
    code, err = book(str(out))
    assert code == 0, err
    assert out.read_bytes().startswith(b"%PDF")
    assert oct(out.stat().st_mode & 0o777) != oct(0o600)  # not the temporary file's private mode
    no_parts(tmp_path)


def test_several_files_are_written_all_or_none(tmp_path: Path) -> None:
    good, bad = tmp_path / "a.svg", tmp_path / "no" / "b.svg"
    with pytest.raises(DestinationError, match="no folder"):
        write([(good, b"one"), (bad, b"two")])
    assert list(tmp_path.iterdir()) == []
    write([(good, b"one"), (tmp_path / "b.svg", b"two")])
    assert good.read_bytes() == b"one" and (tmp_path / "b.svg").read_bytes() == b"two"
    no_parts(tmp_path)


def test_a_device_is_written_in_place() -> None:
    write([(Path(os.devnull), b"a book nobody keeps")])  # not renamed over: /dev/null stays
    assert Path(os.devnull).is_char_device()
