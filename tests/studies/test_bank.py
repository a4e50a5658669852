"""Banks: the lines say what the boards are, and interrupted banks resume to the same file.

Oracles: a bit-by-bit CRC-32 written here (reflected polynomial 0xEDB88320)
for the checksums; networkx condensation and a move-by-move myopic player
(``tests.matchless.test_daily_practice``) for par, gap and hidden sources of
each banked board, parsed back from its game ID; the uninterrupted bank's
bytes for every resume scenario.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofgrid.kirchhoff.bank import BANK as KIRCHHOFF
from proofgrid.kirchhoff.board import ClueKind
from proofgrid.kirchhoff.codec import parse_game_id as kirchhoff_id
from proofgrid.kirchhoff.exact import count
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.matchless.bank import BANK as MATCHLESS
from proofgrid.matchless.game import parse_game_id
from proofgrid.matchless.grade import MatchlessGrade, matchless_grade
from proofgrid.studies import bank as bank_module
from proofgrid.studies.backends import InlineBackend
from proofgrid.studies.bank import BankError, BankHeader, build_bank, scan, seal, unseal
from proofgrid.studies.puzzles import puzzle
from proofgrid.studies.runner import Runner
from proofgrid.tasks import StudyInterrupted, item_seed
from tests.matchless.test_daily_practice import _independent_measures

N = 2 * MATCHLESS.chunk + 30  # three chunks, the last one short


def crc32_bitwise(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


@given(
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), max_size=60)
)
def test_seal_is_payload_tab_crc32(payload: str) -> None:
    line = seal(payload)
    assert line == f"{payload}\t{crc32_bitwise(payload.encode()):08x}\n"
    assert unseal(line[:-1].encode()) == payload


@given(
    st.text(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"),
        min_size=1,
        max_size=40,
    ),
    st.data(),
)
def test_any_single_byte_change_is_caught(payload: str, data: st.DataObject) -> None:
    raw = bytearray(seal(payload)[:-1].encode())
    i = data.draw(st.integers(0, len(raw) - 1))
    raw[i] = data.draw(st.integers(0, 255).filter(lambda b: b != raw[i]))
    assert unseal(bytes(raw)) is None


def test_seal_rejects_newlines_and_unseal_rejects_junk() -> None:
    with pytest.raises(ValueError, match="one line"):
        seal("a\nb")
    for junk in (b"", b"no tab", b"x\tZZZZZZZZ", b"x\t0000000", b"\xff\xfe\t00000000"):
        assert unseal(junk) is None
    upper = seal("abc")[:-1].upper().encode()
    assert unseal(upper) is None  # the checksum is lowercase hex


@pytest.mark.parametrize(
    ("gap", "hidden", "grade"),
    [
        (0, 0, MatchlessGrade.EASY),
        (1, 0, MatchlessGrade.MEDIUM),
        (0, 3, MatchlessGrade.MEDIUM),
        (1, 1, MatchlessGrade.HARD),
        (2, 1, MatchlessGrade.HARD),
        (1, 2, MatchlessGrade.HARD),
        (2, 2, MatchlessGrade.EXPERT),
        (5, 4, MatchlessGrade.EXPERT),
    ],
)
def test_matchless_grade_table(gap: int, hidden: int, grade: MatchlessGrade) -> None:
    assert matchless_grade(gap, hidden) is grade


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 2), st.integers(0, 2))
def test_matchless_grade_is_monotone(gap: int, hidden: int, dg: int, dh: int) -> None:
    order = list(MatchlessGrade)
    a = order.index(matchless_grade(gap, hidden))
    b = order.index(matchless_grade(gap + dg, hidden + dh))
    assert a <= b


def test_matchless_grade_rejects_negatives() -> None:
    with pytest.raises(ValueError, match="counts"):
        matchless_grade(-1, 0)


def inline() -> Runner:
    return Runner(InlineBackend())


@pytest.fixture(scope="module")
def full_bank(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("bank") / "full.txt"
    result = build_bank(MATCHLESS, "default", N, path, runner=inline())
    assert result.boards == N and result.written == N and result.dropped is None
    return path.read_bytes()


def test_matchless_lines_are_true(full_bank: bytes) -> None:
    lines = full_bank.decode().splitlines()
    header = BankHeader.parse(unseal(lines[0].encode()) or "")
    assert header == BankHeader("matchless", "6x6d70f2", "matchless/bank", MATCHLESS.columns)
    assert len(lines) == N + 1
    for k, line in enumerate(lines[1:]):
        payload = unseal(line.encode())
        assert payload is not None
        index, gid, grade, par, gap, hidden = payload.split("\t")
        assert int(index) == k
        params, board = parse_game_id(gid)
        assert (params.rows, params.cols) == (6, 6)
        if k % 10 == 0:  # the networkx oracle on a sample
            assert (int(par), int(gap), int(hidden)) == _independent_measures(board)
        assert grade == matchless_grade(int(gap), int(hidden)).value


def test_kirchhoff_lines_are_true(tmp_path: Path) -> None:
    path = tmp_path / "k.txt"
    result = build_bank(puzzle("kirchhoff"), "easy", 3, path, runner=inline())
    assert result.header.params == "5x5de"
    for k, line in enumerate(path.read_text().splitlines()[1:]):
        payload = unseal(line.encode())
        assert payload is not None
        index, gid, grade, clues = payload.split("\t")
        spec = kirchhoff_id(gid)
        assert int(index) == k and spec.board is not None
        assert count(spec.board, cap=2).value == 1  # published boards are unique
        assert grade_board(spec.board).grade.value == grade
        kept = sum(1 for c in spec.board.clues if c.kind is ClueKind.THROUGHPUT)
        assert kept == int(clues)
    assert item_seed("kirchhoff/bank", "5x5de", 0) != item_seed("kirchhoff/bank", "5x5de", 1)
    assert KIRCHHOFF.default_base == "kirchhoff/bank"


def _resume(path: Path, n: int = N) -> bytes:
    build_bank(MATCHLESS, "default", n, path, resume=True, runner=inline())
    return path.read_bytes()


def _prefix(full: bytes, lines: int) -> bytes:
    """The first ``lines`` lines (header included) of ``full``."""
    cut = 0
    for _ in range(lines):
        cut = full.index(b"\n", cut) + 1
    return full[:cut]


@pytest.mark.parametrize(
    "damage",
    [
        "killed after k lines",
        "torn last line",
        "garbled last line",
        "zeros after the last line",
        "header only",
        "torn header",
        "empty file",
    ],
)
def test_interrupted_bank_resumes_to_the_same_file(
    full_bank: bytes, tmp_path: Path, damage: str
) -> None:
    k = 137
    kept = _prefix(full_bank, 1 + k)
    nxt = _prefix(full_bank, 2 + k)[len(kept) :]
    content = {
        "killed after k lines": kept,
        "torn last line": kept + nxt[: len(nxt) // 2],
        "garbled last line": kept + nxt[:5] + b"X" + nxt[6:],
        "zeros after the last line": kept + b"\0" * 300,
        "header only": _prefix(full_bank, 1),
        "torn header": _prefix(full_bank, 1)[:30],
        "empty file": b"",
    }[damage]
    path = tmp_path / "bank.txt"
    path.write_bytes(content)
    assert _resume(path) == full_bank


def test_resume_in_two_steps_and_extend(full_bank: bytes, tmp_path: Path) -> None:
    path = tmp_path / "bank.txt"
    build_bank(MATCHLESS, "6x6", 50, path, runner=inline())
    assert _resume(path, 120) == _prefix(full_bank, 121)
    assert _resume(path) == full_bank
    result = build_bank(MATCHLESS, "default", N, path, resume=True, runner=inline())
    assert result.written == 0 and result.boards == N
    assert sum(result.grades.values()) == N


def test_interrupt_during_a_write_leaves_a_valid_bank(
    full_bank: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bank.txt"
    real_write = os.write
    calls = {"n": 0}

    def write_then_interrupt(fd: int, data: bytes | memoryview) -> int:
        if os.readlink(f"/proc/self/fd/{fd}") != str(path.resolve()):
            return real_write(fd, data)  # someone else's write (this patch is process-wide)
        calls["n"] += 1
        if calls["n"] == 3:  # header, chunk 0, then half of chunk 1 and Ctrl-C
            real_write(fd, bytes(data[: len(data) // 2]))
            raise KeyboardInterrupt
        return real_write(fd, data)

    monkeypatch.setattr(bank_module.os, "write", write_then_interrupt)
    with pytest.raises(StudyInterrupted) as info:
        build_bank(MATCHLESS, "default", N, path, runner=inline())
    monkeypatch.undo()
    part = info.value.partial
    assert isinstance(part, bank_module.BankResult) and part.boards == MATCHLESS.chunk
    assert path.read_bytes() == _prefix(
        full_bank, 1 + MATCHLESS.chunk
    )  # truncated back to the synced chunk
    assert _resume(path) == full_bank


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("garbled middle line", "line 41 has a checksum mismatch before the end"),
        ("duplicated line", "line 42 has index '39' where 40 belongs"),
        ("lost line", "line 41 has index '40' where 39 belongs"),
        ("missing column", "columns instead of 6"),
        ("other params", "is a bank of matchless 5x5d70f2"),
        ("not a bank", "line 1 is not a proofgrid-bank/1 header"),
    ],
)
def test_corruption_before_the_end_is_refused(
    full_bank: bytes, tmp_path: Path, damage: str, message: str
) -> None:
    lines = full_bank.split(b"\n")[:-1]
    if damage == "garbled middle line":
        lines[40] = lines[40].replace(b"\t", b"\tX", 1)
    elif damage == "duplicated line":
        lines.insert(41, lines[40])
    elif damage == "lost line":
        del lines[40]
    elif damage == "missing column":
        payload = unseal(lines[40])
        assert payload is not None
        lines[40] = seal(payload.rsplit("\t", 1)[0])[:-1].encode()
    elif damage == "other params":
        header = BankHeader("matchless", "5x5d70f2", "matchless/bank", MATCHLESS.columns)
        lines[0] = seal(header.payload())[:-1].encode()
    else:
        lines[0] = b"hello\tworld"
    content = b"\n".join(lines) + b"\n"
    path = tmp_path / "bank.txt"
    path.write_bytes(content)
    with pytest.raises(BankError, match=message):
        _resume(path)
    assert path.read_bytes() == content  # nothing written


def test_other_refusals(full_bank: bytes, tmp_path: Path) -> None:
    path = tmp_path / "bank.txt"
    path.write_bytes(full_bank)
    with pytest.raises(BankError, match="exists; pass --resume"):
        build_bank(MATCHLESS, "default", N, path, runner=inline())
    with pytest.raises(BankError, match="more than the 10 asked"):
        build_bank(MATCHLESS, "default", 10, path, resume=True, runner=inline())
    with pytest.raises(BankError, match="tabs or newlines"):
        build_bank(MATCHLESS, "default", 10, tmp_path / "x", base="a\tb", runner=inline())
    with pytest.raises(BankError, match="is a directory"):
        build_bank(MATCHLESS, "default", 10, tmp_path, runner=inline())
    # A last line that checks out but is not what the generator makes: refuse to splice.
    lines = full_bank.split(b"\n")[:-1]
    payload = unseal(lines[-1])
    assert payload is not None
    cols = payload.split("\t")
    cols[3] = str(int(cols[3]) + 1)
    lines[-1] = seal("\t".join(cols))[:-1].encode()
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(BankError, match="not what this version generates"):
        _resume(path, N + 5)


def test_scan_reports_the_valid_prefix(full_bank: bytes, tmp_path: Path) -> None:
    path = tmp_path / "bank.txt"
    path.write_bytes(_prefix(full_bank, 11) + b"5\tgarbage")
    header = BankHeader("matchless", "6x6d70f2", "matchless/bank", MATCHLESS.columns)
    found = scan(path, header)
    assert found.boards == 10 and found.keep_bytes == len(_prefix(full_bank, 11))
    assert found.dropped == "a torn last line"
    assert sum(found.grades.values()) == 10
