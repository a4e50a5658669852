"""The vectorised edge-list and cost readers against a plain line-by-line oracle.

Oracle: ``reference`` below reads the format exactly as documented, one line at
a time with ``str.split``/``re.split``; the fast reader must agree on node
names (first-appearance order), edges, and the line number of the first error.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.par import scan as scanner
from proofgrid.par import text as edgelist
from proofgrid.par.costs import parse_costs
from proofgrid.par.keys import words as namekeys
from proofgrid.par.text import EdgeListError, parse_edgelist, read_edgelist

_SPLIT = re.compile(r"[ \t\r\v\f,]+")


class RefError(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def reference(text: str) -> tuple[list[str], list[tuple[int, int]]]:
    """Line-by-line reader of the documented format (the oracle)."""
    ids: dict[str, int] = {}
    edges: list[tuple[int, int]] = []
    for lineno, line in enumerate(text.split("\n"), 1):
        fields = [f for f in _SPLIT.split(line.split("#", 1)[0]) if f]
        if len(fields) > 2:
            raise RefError(lineno)
        got = [ids.setdefault(f, len(ids)) for f in fields]
        if len(got) == 2:
            edges.append((got[0], got[1]))
    return list(ids), edges


def edges_of(g: edgelist.EdgeList) -> list[tuple[int, int]]:
    return list(zip(g.src.tolist(), g.dst.tolist(), strict=True))


def assert_reads_like_reference(
    text: str, path: str = "f", message: str = ""
) -> edgelist.EdgeList | None:
    """Parse ``text`` as ``path`` and compare with :func:`reference`: the same names,
    edges and line count, or an error on the same line (``message`` after the line
    number). Returns the graph, or None after the expected error."""
    try:
        names, edges = reference(text)
    except RefError as exc:
        with pytest.raises(EdgeListError, match=rf"^{re.escape(path)}:{exc.line}: {message}"):
            parse_edgelist(text.encode(), path)
        return None
    g = parse_edgelist(text.encode(), path)
    assert [g.name(v) for v in range(g.n)] == names, text
    assert edges_of(g) == edges, text
    assert g.lines == text.count("\n") + (0 if not text or text.endswith("\n") else 1), text
    return g


# Names around the 8-byte word boundary, sharing prefixes, non-ASCII, numeric look-alikes.
NAMES = [
    "a", "b", "7", "07", "node", "abcdefg", "abcdefgh", "abcdefgh1", "abcdefgh2",
    "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopr", "é", "名前", "x-y.z/w",
    "lib::core", "ääääääääää", "\"quoted\"", "'q'", "a" * 40, "a" * 41,
]  # fmt: skip
SEPS = [" ", "\t", ",", " , ", "  ", "\t,\t", ", "]
COMMENTS = ["#", "# a comment", "#x y z, w", "# ### é", "#\t"]

name_st = st.one_of(
    st.sampled_from(NAMES), st.from_regex(r"[A-Za-z0-9_.\-é]{1,20}", fullmatch=True)
)


@st.composite
def edge_files(draw: st.DrawFn, allow_bad: bool = False) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 25))):
        k = draw(st.sampled_from([0, 1, 2, 2, 2, 2] + ([3] if allow_bad else [])))
        fields = [draw(name_st) for _ in range(k)]
        lead = draw(st.sampled_from(["", "", " ", "\t", ","]))
        body = lead + draw(st.sampled_from(SEPS)).join(fields)
        if draw(st.booleans()):
            body += draw(st.sampled_from(["", " ", "\t"])) + draw(st.sampled_from(COMMENTS))
        elif draw(st.booleans()):
            body += draw(st.sampled_from(SEPS))
        lines.append(body)
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    text = eol.join(lines)
    if lines and draw(st.booleans()):
        text += eol
    return text


@settings(max_examples=400, deadline=None)
@given(edge_files(allow_bad=True))
def test_reader_matches_line_by_line_oracle(text: str) -> None:
    g = assert_reads_like_reference(text, "f.txt", "expected 'src dst'")
    if g is not None:
        assert g.src.dtype == np.int32 and g.dst.dtype == np.int32


# ``_ARROW_MIN``: 0 keys names by Arrow's hash table whatever the text's size (when
# pyarrow is installed), 2**62 never does.
KEYINGS = st.sampled_from([0, 1 << 62])


@settings(max_examples=300, deadline=None)
@given(edge_files(allow_bad=True), st.sampled_from([1, 5, 16, 64, 300, 1 << 20]), KEYINGS)
def test_small_chunks_give_the_same_answer(text: str, chunk: int, arrow_min: int) -> None:
    """Chunk boundaries (and lines longer than a chunk) change nothing, errors included,
    whichever keying names the nodes."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scanner, "_CHUNK", chunk)
        mp.setattr(edgelist, "_ARROW_MIN", arrow_min)
        assert_reads_like_reference(text)


def test_chunked_errors_report_global_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scanner, "_CHUNK", 10)
    body = "".join(f"node{i} node{i + 1}\n" for i in range(100))
    for bad, message in [
        (b"a\x01b\n", r"^f:101: control character 0x01"),
        (b"a \xe9\n", r"^f:101: invalid UTF-8"),
        (b"a b c\n", r"^f:101: expected"),
    ]:
        with pytest.raises(EdgeListError, match=message):
            parse_edgelist(body.encode() + bad, "f")


_real_keys = namekeys._keys


def colliding_keys(buf: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Every name longer than 8 bytes gets key 0 (short keys are exact by construction)."""
    return np.where(lengths > 8, np.uint64(0), _real_keys(buf, starts, lengths))


@settings(max_examples=150, deadline=None)
@given(edge_files())
def test_hash_collisions_fall_back_to_exact(text: str) -> None:
    """With every long name keyed alike, verification must catch the collisions."""
    names, edges = reference(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(namekeys, "_keys", colliding_keys)
        mp.setattr(namekeys, "_SMALL", 0)  # hash even a few names
        mp.setattr(namekeys, "_SPLIT_MAX", -1)  # not the dictionary of words
        g = parse_edgelist(text.encode())
    assert [g.name(v) for v in range(g.n)] == names
    assert edges_of(g) == edges


@settings(max_examples=300, deadline=None)
@given(edge_files(allow_bad=True))
def test_span_hashing_reads_like_the_oracle_too(text: str) -> None:
    """The numpy hashing of spans, which the dictionary of words spares small files."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(namekeys, "_SPLIT_MAX", -1)
        assert_reads_like_reference(text, "f.txt", "expected 'src dst'")


def test_the_dictionary_of_words_is_taken_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small texts are keyed by the dictionary of their words (commas, comments and a BOM
    included); a split that disagrees with the scanner falls back to hashing."""
    taken: list[object] = []
    real = namekeys.text_codes

    def spy(*args: object) -> object:
        got = real(*args)  # type: ignore[arg-type]
        taken.append(got)
        return got

    monkeypatch.setattr(edgelist, "text_codes", spy)
    text = "\ufeffa,b # c d\nb\t, c\n007 7\n\u00e9 a\nsolo\n"
    g = assert_reads_like_reference(text.replace("\ufeff", ""))
    assert taken and taken[-1] is not None and g is not None
    bom = parse_edgelist(text.encode())
    assert bom.names(range(bom.n)) == ["a", "b", "c", "007", "7", "\u00e9", "solo"]
    buf = np.frombuffer(b"a b\n" + bytes(16), dtype=np.uint8).copy()
    assert namekeys.text_codes(buf, 4, np.array([0]), np.array([1])) is None  # 2 words, not 1


def test_collision_fallback_is_actually_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    called = []
    real = namekeys._exact_codes

    def spy(*args: object) -> object:
        called.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(namekeys, "_exact_codes", spy)
    monkeypatch.setattr(namekeys, "_keys", colliding_keys)
    monkeypatch.setattr(namekeys, "_SMALL", 0)
    monkeypatch.setattr(namekeys, "_SPLIT_MAX", -1)
    g = parse_edgelist(b"longname_one longname_two\nlongname_two longname_one\n")
    assert called and g.n == 2 and edges_of(g) == [(0, 1), (1, 0)]


def test_basic_format() -> None:
    text = b"# header\n\na b\nb,c   # trailing\r\nc\td\n  d  \nlonely\nb a#x\n"
    g = parse_edgelist(text)
    assert [g.name(v) for v in range(g.n)] == ["a", "b", "c", "d", "lonely"]
    assert edges_of(g) == [(0, 1), (1, 2), (2, 3), (1, 0)]
    assert g.lines == 8 and g.m == 4


@pytest.mark.parametrize(
    "data", [b"", b"\n", b"\n\n\n", b"# only a comment", b"   \t , \n# x\n", b"#"]
)
def test_empty_inputs(data: bytes) -> None:
    g = parse_edgelist(data)
    assert g.n == 0 and g.m == 0


def test_self_loops_duplicates_and_no_final_newline() -> None:
    g = parse_edgelist(b"a a\na b\na b\nb")
    assert g.n == 2 and edges_of(g) == [(0, 0), (0, 1), (0, 1)]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"a b c\n", r"^f:1: expected 'src dst' or a single node name, found 3 fields$"),
        (b"# c\n\na b\n x y z w # t\n", r"^f:4: .* found 4 fields$"),
        (b"a b\n\x00\x01\x02", r"^f:2: control character 0x00 \(not a text edge list\?\)$"),
        (b"a b\nc d\x7f\n", r"^f:2: control character 0x7f"),
        (b"a b\n\n\nc \xff d\n", r"^f:4: invalid UTF-8"),
        (b"a \xc3\n", r"^f:1: invalid UTF-8"),
        (b"a b\r\nc d e\r\n", r"^f:2: "),
    ],
)
def test_errors_name_the_line(data: bytes, message: str) -> None:
    with pytest.raises(EdgeListError, match=message):
        parse_edgelist(data, "f")


def test_big_file_error_line_is_exact() -> None:
    """The line number comes from the vectorised path, deep into a large input."""
    lines = [f"n{i} n{i + 1}  # c" if i % 7 else "" for i in range(50_000)]
    lines[43_210] = "x y z"
    with pytest.raises(EdgeListError, match=r"^big:43211: "):
        parse_edgelist("\n".join(lines).encode(), "big")


def test_read_file_and_errors(tmp_path: Path) -> None:
    p = tmp_path / "g.txt"
    p.write_bytes(b"a b\n")
    g = read_edgelist(str(p))
    assert g.source == str(p) and g.n == 2
    with pytest.raises(EdgeListError, match=r"no such edge-list file"):
        read_edgelist(str(tmp_path / "missing.txt"))
    with pytest.raises(EdgeListError, match=r"is a directory"):
        read_edgelist(str(tmp_path))


# --- costs ----------------------------------------------------------------------


GRAPH = parse_edgelist(b"a b\nb c\nlongname_xyz a\n")


def test_costs_exact_decimals() -> None:
    c = parse_costs(b"a 2.5\n# x\nlongname_xyz .25 # t\nb 3\n", "c", GRAPH)
    assert c.scale == 2
    assert c.values.tolist() == [250, 300, 100, 25]  # c defaults to 1
    assert c.format(575) == "5.75"
    assert c.to_number(575) == 5.75 and c.to_number(500) == 5
    assert c.unknown == () and c.unknown_count == 0


def test_costs_unknown_nodes_are_reported_not_fatal() -> None:
    c = parse_costs(b"zz 1\na 1\nyy 2\n", "c", GRAPH)
    assert c.unknown == ((1, "zz"), (3, "yy")) and c.unknown_count == 2
    assert c.values.tolist() == [1, 1, 1, 1]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"a -1\n", r"^c:1: negative cost: '-1'$"),
        (b"a 1\n\nb x\n", r"^c:3: cost is not a number: 'x'$"),
        (b"a 1e3\n", r"^c:1: cost is not a number"),
        (b"a nan\n", r"^c:1: cost is not a number"),
        (b"a\n", r"^c:1: expected 'node cost', found 1 field$"),
        (b"a 1 2\n", r"^c:1: expected 'node cost', found 3 fields$"),
        (b"a 1\nb 2\na 3\n", r"^c:3: second cost for the same node \(first on line 1\)$"),
        (b"a 0." + b"0" * 30 + b"1\n", r"^c:1: cost has too many decimal places$"),
        (b"a " + b"9" * 30 + b"\n", r"^c:1: cost too large$"),
        (b"a \xff\n", r"^c:1: invalid UTF-8"),
    ],
)
def test_cost_errors(data: bytes, message: str) -> None:
    with pytest.raises(EdgeListError, match=message):
        parse_costs(data, "c", GRAPH)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(NAMES), st.decimals(0, 10**6, places=3, allow_nan=False)),
        max_size=15,
        unique_by=lambda t: t[0],
    )
)
def test_costs_match_exact_decimal_oracle(entries: list[tuple[str, Decimal]]) -> None:
    graph = parse_edgelist("\n".join(NAMES[::2]).encode())
    text = "".join(f"{name}\t{cost}\n" for name, cost in entries)
    c = parse_costs(text.encode(), "c", graph)
    known = {graph.name(v): v for v in range(graph.n)}
    for name, cost in entries:
        if name in known:
            assert Decimal(int(c.values[known[name]])).scaleb(-c.scale) == cost
    listed = {name for name, _ in entries}
    for name, v in known.items():
        if name not in listed:
            assert c.values[v] == 10**c.scale
    assert c.unknown_count == sum(1 for name, _ in entries if name not in known)
