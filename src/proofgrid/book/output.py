"""Writing the book's files so that a failure leaves nothing behind and says one line.

Every destination that cannot take the book — a folder that does not exist, a
path that is a folder, a read-only folder, a place no file can be made
(``/proc/...``), a full disk (``/dev/full``, a quota) — raises
:class:`DestinationError`, one line naming the path and the reason; the CLI
exits with :data:`EXIT_CANNOT_WRITE` for every one of them.

How: :func:`check` runs before the slow work (it makes and removes an empty
temporary file in the destination's folder); :func:`write` writes each file's
bytes to a temporary file beside its destination (``.<name>.<random>.part``),
flushes it to disk and renames it over the destination (``os.replace``:
atomic on POSIX), so a reader sees the old file or the whole new one, never a
part; on any failure every temporary file is removed and no destination is
touched. A destination that exists and is neither a regular file nor a folder
(a device such as ``/dev/null``, a FIFO) cannot be renamed over: it is opened
and written in place.

Cost: one pass over the bytes, one ``fsync`` a file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from proofgrid.errors import ProofgridError

__all__ = ["EXIT_CANNOT_WRITE", "DestinationError", "check", "write"]

#: The exit status for every destination the book cannot be written to: ``EX_IOERR``
#: of BSD's sysexits.h, as for a failed standard stream.
EXIT_CANNOT_WRITE = 74


class DestinationError(ProofgridError):
    """The book cannot be written where asked (the message says where and why, one line)."""

    exit_code = EXIT_CANNOT_WRITE


def _short(path: Path | str) -> str:
    text = str(path)
    return text if len(text) <= 80 else text[:77] + "..."


def _reason(exc: OSError) -> str:
    return (exc.strerror or type(exc).__name__).strip().rstrip(".") or "failed"


def _existing_mode(path: Path) -> int | None:
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DestinationError(f"cannot write {_short(path)}: {_reason(exc)}") from None


def _in_place(path: Path) -> bool:
    """True for an existing destination that is written in place (a device, a FIFO)."""
    mode = _existing_mode(path)
    if mode is None:
        return False
    if stat.S_ISDIR(mode):
        raise DestinationError(f"cannot write {_short(path)}: it is a folder")
    return not stat.S_ISREG(mode)


def _target(path: Path) -> Path:
    """Where the renamed file lands: the file a symbolic link points at, else the path."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def check(paths: Sequence[Path]) -> None:
    """Raise :class:`DestinationError` now if any of ``paths`` cannot be written."""
    for path in paths:
        if _in_place(path):
            if not os.access(path, os.W_OK):
                raise DestinationError(f"cannot write {_short(path)}: Permission denied")
            continue
        target = _target(path)
        folder = target.parent
        mode = _existing_mode(folder)
        if mode is None:
            raise DestinationError(f"cannot write {_short(path)}: no folder {_short(folder)}")
        if not stat.S_ISDIR(mode):
            raise DestinationError(f"cannot write {_short(path)}: {_short(folder)} is not a folder")
        try:
            fd, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
        except OSError as exc:
            raise DestinationError(
                f"cannot write {_short(path)}: cannot make a file in {_short(folder)}: "
                f"{_reason(exc)}"
            ) from None
        os.close(fd)
        os.unlink(probe)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_fd(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def write(files: Sequence[tuple[Path, bytes]]) -> None:
    """Write every ``(path, bytes)`` in full, or none of them (module docstring)."""
    check([p for p, _ in files])
    staged: list[tuple[str, Path]] = []
    path = files[0][0] if files else Path()
    try:
        for path, data in files:
            if _in_place(path):
                fd = os.open(path, os.O_WRONLY)
                try:
                    _write_fd(fd, data)
                finally:
                    os.close(fd)
                continue
            target = _target(path)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
            staged.append((tmp, target))
            try:
                _write_fd(fd, data)
                os.fsync(fd)
                os.fchmod(fd, 0o666 & ~_umask())
            finally:
                os.close(fd)
        for tmp, target in staged:
            os.replace(tmp, target)
    except BaseException as exc:  # an interrupt too: no temporary file outlives the run
        for tmp, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(exc, OSError):
            raise DestinationError(f"cannot write {_short(path)}: {_reason(exc)}") from None
        raise
