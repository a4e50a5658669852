"""Open an input file or standard input as one binary stream, decompressing by magic bytes.

``proofgrid par`` reads edge lists and cost files that data pipelines write
compressed: ``deps.txt.gz``, ``edges.tsv.xz``, ``curl … | proofgrid par -``.
:func:`open_source` opens a path (``-`` = standard input), looks at its first
bytes and, when they are the magic number of a compression format, wraps the
stream in the matching decompressor, so every reader downstream sees plain
bytes. The file's *name* never decides: a ``.gz`` holding plain text is read as
text, and a gzip stream on standard input is recognised.

=========  ===============  ===========================================
format     magic bytes      decompressor
=========  ===============  ===========================================
gzip       ``1f 8b``        :mod:`gzip` (standard library; multi-member)
bzip2      ``42 5a 68``     :mod:`bz2` (standard library)
xz         ``fd 37 7a 58``  :mod:`lzma` (standard library)
zstd       ``28 b5 2f fd``  the ``zstandard`` package (extra ``zstd``)
=========  ===============  ===========================================

Only zstd needs a package outside the standard library; without it, a zstd
input is one line naming ``pip install 'proofgrid[zstd]'``. The stream is
read in chunks (never the whole file at once by this module), and a corrupt or
truncated compressed stream is a :class:`SourceError` ``FILE: corrupt gzip
data (…)`` raised by whichever ``read`` meets it, never a traceback. Cost:
O(1) to open; the decompressor's own O(compressed + plain size) to read.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import stat
import sys
import zlib
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import IO, Any

from proofgrid.errors import ProofgridError, require_extra

__all__ = ["MAGIC", "Source", "SourceError", "detect_compression", "open_source"]

#: Compression formats by their magic bytes (the first bytes of the stream).
MAGIC: dict[str, bytes] = {
    "gzip": b"\x1f\x8b",
    "bzip2": b"BZh",
    "xz": b"\xfd7zXZ\x00",
    "zstd": b"\x28\xb5\x2f\xfd",
}

_BUFFER = 1 << 20  # bytes read from a decompressor at a time
_PEEK = 8  # bytes the format detectors need (Parquet "PAR1", Arrow "ARROW1\0\0")


class SourceError(ProofgridError):
    """An input that cannot be opened or decompressed; the message is ``FILE: reason``."""


def detect_compression(head: bytes) -> str | None:
    """The compression format whose magic number starts ``head``, or None (plain bytes)."""
    for name, magic in MAGIC.items():
        if head.startswith(magic):
            return name
    return None


@dataclass(frozen=True, slots=True)
class Source:
    """An opened input.

    Attributes
    ----------
    stream : binary file object
        The plain (decompressed) bytes, buffered: ``read``, ``readinto`` and
        ``peek`` work; read it in chunks.
    name : str
        The name for messages: the path, or ``<stdin>``.
    compression : str or None
        ``gzip``, ``bzip2``, ``xz``, ``zstd``, or None for plain bytes.
    path : str or None
        The path of a plain regular file (None for standard input, pipes,
        devices and compressed inputs): a reader may open it itself, e.g. to
        read it in one ``readinto``.
    head : bytes
        The first (up to 8) plain bytes, to tell formats apart.
    """

    stream: io.BufferedReader
    name: str
    compression: str | None
    path: str | None
    head: bytes


class _Guarded(io.RawIOBase):
    """A raw stream over a decompressor whose corrupt-data errors become one-line
    :class:`SourceError` messages naming the file and the format."""

    def __init__(self, inner: IO[bytes], name: str, kind: str, errors: tuple[type[Exception], ...]):
        self._inner = inner
        self._name = name
        self._kind = kind
        self._errors = errors

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        try:
            data = self._inner.read(len(b))
        except self._errors as exc:
            detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise SourceError(f"{self._name}: corrupt {self._kind} data ({detail})") from None
        n = len(data)
        b[:n] = data
        return n

    def close(self) -> None:
        try:
            self._inner.close()
        finally:
            super().close()


class _ZstdReader:
    """zstd frames one after another, refusing a stream that ends inside a frame.

    (zstandard's own ``stream_reader`` returns a truncated file's bytes, or
    none, without an error.) Each frame is a ``decompressobj``; its
    ``unused_data`` starts the next frame. O(compressed + plain size).
    """

    def __init__(self, zstd: Any, raw: IO[bytes]) -> None:
        self._dctx = zstd.ZstdDecompressor()
        self._obj = self._dctx.decompressobj()
        self._raw = raw
        self._pending = bytearray()
        self._inside = False  # fed part of a frame that has not ended

    def _feed(self, data: bytes) -> None:
        while data:
            self._inside = True
            self._pending += self._obj.decompress(data)
            if not self._obj.eof:
                return
            data = self._obj.unused_data
            self._obj = self._dctx.decompressobj()
            self._inside = False

    def read(self, size: int = -1) -> bytes:
        while not self._pending:
            chunk = self._raw.read(_BUFFER)
            if not chunk:
                if self._inside:
                    raise EOFError("the stream ends inside a zstd frame (truncated?)")
                return b""
            self._feed(chunk)
        size = len(self._pending) if size < 0 else size
        out = bytes(self._pending[:size])
        del self._pending[:size]
        return out

    def close(self) -> None:
        return None  # the raw stream belongs to open_source


_STDLIB_ERRORS: tuple[type[Exception], ...] = (OSError, EOFError, zlib.error, lzma.LZMAError)


def _decompressor(kind: str, raw: IO[bytes], name: str) -> io.BufferedReader:
    errors = _STDLIB_ERRORS
    inner: Any
    if kind == "gzip":
        inner = gzip.GzipFile(fileobj=raw, mode="rb")
    elif kind == "bzip2":
        inner = bz2.BZ2File(raw, mode="rb")
    elif kind == "xz":
        inner = lzma.LZMAFile(raw, mode="rb")  # noqa: SIM115 (closed with the stream)
    else:
        zstd = require_extra("zstandard", extra="zstd", feature="a zstd-compressed input")
        inner = _ZstdReader(zstd, raw)
        errors = (*errors, zstd.ZstdError)
    return io.BufferedReader(_Guarded(inner, name, kind, errors), buffer_size=_BUFFER)


def _peek(stream: io.BufferedReader) -> bytes:
    return stream.peek(_PEEK)[:_PEEK]


def _open_path(path: str, what: str) -> io.BufferedReader:
    try:
        fh = open(path, "rb")  # noqa: SIM115 (closed by open_source's exit stack)
    except FileNotFoundError:
        raise SourceError(f"{path}: no such {what}") from None
    except IsADirectoryError:
        article = "an" if what[0] in "aeiou" else "a"
        raise SourceError(f"{path}: is a directory, not {article} {what}") from None
    except OSError as exc:
        raise SourceError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None
    return fh


@contextmanager
def open_source(path: str, what: str = "edge-list file") -> Iterator[Source]:
    """Open ``path`` (``-`` = standard input) as plain bytes, decompressing by magic bytes.

    Parameters
    ----------
    path : str
        A file name, or ``-`` for standard input (which is not closed).
    what : str
        What the file is, for messages (``no such costs file``).

    Raises
    ------
    SourceError
        ``FILE: reason`` if the file cannot be opened or read, or (on a
        later read) if its compressed data are corrupt.
    MissingExtraError
        A zstd input without the ``zstandard`` package.

    Examples
    --------
    >>> import gzip, os, tempfile
    >>> fd, name = tempfile.mkstemp(suffix=".gz")
    >>> with os.fdopen(fd, "wb") as fh:
    ...     _ = fh.write(gzip.compress(b"a b\\n"))
    >>> with open_source(name) as src:
    ...     src.compression, src.stream.read()
    ('gzip', b'a b\\n')
    >>> os.remove(name)
    """
    with ExitStack() as stack:
        if path == "-":
            stdin = sys.stdin.buffer
            if isinstance(stdin, io.BufferedReader):
                raw = stdin
            else:  # a stand-in (a test's BytesIO, a closed stream): its error is its own
                raw = io.BufferedReader(io.BytesIO(stdin.read()))
            name, regular = "<stdin>", False
        else:
            raw = stack.enter_context(_open_path(path, what))
            name = path
            try:
                regular = stat.S_ISREG(os.fstat(raw.fileno()).st_mode)
            except OSError:
                regular = False
        try:
            head = _peek(raw)
        except OSError as exc:
            raise SourceError(f"{name}: cannot read {what}: {exc.strerror or exc}") from None
        kind = detect_compression(head)
        if kind is None:
            yield Source(raw, name, None, path if regular else None, head)
            return
        stream = stack.enter_context(_decompressor(kind, raw, name))
        yield Source(stream, name, kind, None, _peek(stream))
