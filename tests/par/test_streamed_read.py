"""Edge lists read a piece at a time: the same graph as the whole-text reader, errors
reported before reading on, and the text never held whole on the integer path.

Oracles: the line-by-line reader of ``tests.par.test_edgelist`` (names, edges, line
count, error line) on seekable streams and on pipe-like ones that return short
reads; the bytes a stream has handed out when the error comes; the sizes of the
buffers the scanner allocates.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.par import scan as scanner
from proofgrid.par import text as edgelist
from proofgrid.par.text import EdgeListError, read_edgelist, read_edges
from tests.par.test_edgelist import KEYINGS, RefError, edge_files, edges_of, reference


class Pipe:
    """A non-seekable stream over ``parts`` (bytes, or an endless iterator of them),
    handing out at most ``short`` bytes a read, like a pipe; counts what it gave."""

    def __init__(
        self, parts: bytes | Iterator[bytes], short: int = 1 << 30, limit: int = 1 << 40
    ) -> None:
        self._parts = iter([parts]) if isinstance(parts, bytes) else parts
        self._held = b""
        self.short, self.limit = short, limit
        self.given = 0

    def read(self, n: int) -> bytes:
        while len(self._held) < n:
            nxt = next(self._parts, None)
            if nxt is None:
                break
            self._held += nxt
        got, self._held = self._held[: min(n, self.short)], self._held[min(n, self.short) :]
        self.given += len(got)
        if self.given > self.limit:  # an endless input must not be read on and on
            raise AssertionError(f"read {self.given} bytes, past the limit {self.limit}")
        return got


def _assert_stream_reads_like_reference(text: str, make: object) -> None:
    data = text.encode()
    try:
        names, edges = reference(text)
    except RefError as exc:
        with pytest.raises(EdgeListError, match=rf"^f:{exc.line}: "):
            read_edges(make(data), name="f")  # type: ignore[operator]
        return
    g = read_edges(make(data), name="f")  # type: ignore[operator]
    assert [g.name(v) for v in range(g.n)] == names, text
    assert edges_of(g) == edges, text
    assert g.lines == text.count("\n") + (0 if not text or text.endswith("\n") else 1), text


int_lines = st.lists(
    st.tuples(st.integers(0, 300), st.integers(0, 300)).map(lambda e: f"{e[0]} {e[1]}"),
    max_size=30,
)


@st.composite
def mixed_files(draw: st.DrawFn) -> str:
    """Plain-integer lines, then (maybe) a named or zero-led line, then more: the
    integer pass gives up midway and the general path must take over exactly."""
    head, tail = draw(int_lines), draw(int_lines)
    odd = draw(st.sampled_from(["", "007 7", "a 1", "1 2 3", "é 5", "# c", "5"]))
    return "\n".join([*head, odd, *tail]) + draw(st.sampled_from(["", "\n"]))


STREAMS = {
    "seekable": io.BytesIO,
    "pipe": Pipe,
    "short-reads": lambda data: Pipe(data, short=3),
}


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(edge_files(allow_bad=True), mixed_files()),
    st.sampled_from([1, 5, 16, 64, 1 << 20]),
    st.sampled_from([1, 2, 8]),
    st.sampled_from(sorted(STREAMS)),
    KEYINGS,
)
def test_streams_read_like_the_oracle(
    text: str, chunk: int, pieces: int, kind: str, arrow_min: int
) -> None:
    """Any piece size, seekable or not, short reads or not, integers first then names,
    either keying: the oracle's graph or error."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scanner, "_CHUNK", chunk)
        mp.setattr(scanner, "_READ", pieces)
        mp.setattr(edgelist, "_ARROW_MIN", arrow_min)
        _assert_stream_reads_like_reference(text, STREAMS[kind])


def _endless(line: bytes) -> Iterator[bytes]:
    while True:
        yield line * 1000


@pytest.mark.parametrize(
    ("good", "bad", "message"),
    [
        (b"1 2\n", b"3 4 5\n", "expected 'src dst'"),
        (b"1 2\n", b"3 \xff\n", "invalid UTF-8"),
        (b"a b\n", b"c d e\n", "expected 'src dst'"),
        (b"a b\n", b"c \xc3\n", "invalid UTF-8"),
        (b"a b\n", b"c \x01\n", "control character 0x01"),
    ],
)
def test_a_bad_line_is_reported_before_reading_much_further(
    monkeypatch: pytest.MonkeyPatch, good: bytes, bad: bytes, message: str
) -> None:
    """The whole input was read before its lines were checked (an endless one never
    ended); now the error comes at most a piece or two past the bad line."""
    monkeypatch.setattr(scanner, "_CHUNK", 1 << 12)
    piece = scanner._CHUNK * scanner._READ
    head = good * 5000
    # The integer pass may give up and the general one read on from where it was.
    limit = len(head) + len(bad) + 2 * piece
    stream = Pipe(itertools.chain([head, bad], _endless(good)), limit=limit)
    with pytest.raises(EdgeListError, match=rf"^s:5001: {re.escape(message)}"):
        read_edges(stream, name="s")


@pytest.mark.parametrize("kind", sorted(STREAMS))
@pytest.mark.parametrize(
    ("tail", "message"),
    [
        (b"\x00" * 600, "control character 0x00"),  # a piece of binary data, no newline
        (b"9" * 600, "line longer than 512 bytes"),  # a line past the longest (patched)
    ],
)
def test_an_error_read_ahead_waits_for_the_lines_before_it(
    monkeypatch: pytest.MonkeyPatch, kind: str, tail: bytes, message: str
) -> None:
    """The next piece is read while the chunks of the last are still being scanned; an
    error met in it (binary data, a line too long) is raised only when the scans reach
    it, so a bad line before it is still the error reported, with its line, and
    without one the read-ahead error comes with the line it is on."""
    monkeypatch.setattr(scanner, "_CHUNK", 64)
    monkeypatch.setattr(scanner, "_READ", 2)
    monkeypatch.setattr(scanner, "MAX_LINE", 512)
    head = b"1 2\n" * 10
    with pytest.raises(EdgeListError, match=r"^s:11: expected 'src dst'"):
        read_edges(STREAMS[kind](head + b"3 4 5\n" + b"1 2\n" * 40 + tail), name="s")
    msg = re.escape(message.replace("512", f"{512:,}"))
    with pytest.raises(EdgeListError, match=rf"^s:51: {msg}"):
        read_edges(STREAMS[kind](head + b"1 2\n" * 40 + tail), name="s")


def small_pieces_and_buffer_sizes(monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[int]]:
    """Scan in 4 KB chunks; the size of a piece, and the list that will hold the size
    of every buffer the scanner allocates."""
    monkeypatch.setattr(scanner, "_CHUNK", 1 << 12)
    sizes: list[int] = []
    real = scanner.alloc

    def spy(size: int) -> object:
        sizes.append(size)
        return real(size)

    monkeypatch.setattr(scanner, "alloc", spy)
    return scanner._CHUNK * scanner._READ, sizes


def test_the_integer_path_never_holds_the_whole_text(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The file was read into one buffer of its size; now no scanning buffer is
    bigger than a piece (plus a carried line), and the names are rebuilt from values."""
    piece, sizes = small_pieces_and_buffer_sizes(monkeypatch)
    text = "".join(f"{(i * 7919) % 20011} {(i * 104729) % 20011}\n" for i in range(100_000))
    path = tmp_path / "g.txt"
    path.write_text(text)
    g = read_edgelist(str(path))
    names, edges = reference(text)
    assert [g.name(v) for v in range(g.n)] == names and edges_of(g) == edges
    assert len(text) > 10 * piece and sizes and max(sizes) <= piece + 64
