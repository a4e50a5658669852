"""Banks of graded puzzles: append-only files that survive being killed.

File format (``proofgrid-bank/1``), UTF-8, one record per line::

    #proofgrid-bank/1<TAB>puzzle=matchless<TAB>params=6x6d70f2<TAB>base=matchless/bank<TAB>columns=index,id,grade,par,gap,hidden<TAB>1f0c3a9e
    0<TAB>6x6:…<TAB>hard<TAB>5<TAB>1<TAB>1<TAB>8d2b0c41
    1<TAB>…

Every line is a payload followed by a tab and the CRC-32 (ISO-HDLC, as
:func:`zlib.crc32`) of the payload's UTF-8 bytes, eight lowercase hex digits.
The first line is the header: the puzzle, params and seed base that decide
every board (the puzzle's :class:`~proofgrid.study_tasks.BankTask`, e.g.
:mod:`proofgrid.matchless.bank`) and the column names. Board
lines carry their index, which must equal their position.

Writing: lines are only ever appended, in index order, a chunk at a time, each
chunk followed by ``fsync``; if writing a chunk fails or is interrupted, the
file is truncated back to the last synced chunk. So after Ctrl-C the file is a
valid bank, and after a crash (power loss, ``kill -9``) it is a valid bank
followed at most by one torn or garbled last line.

Resuming (:func:`scan`): the header must match what is asked (same puzzle,
params and base); every line's checksum and index are checked. A torn or
corrupt *last* line is dropped (it was being written when the writer died);
a bad line anywhere before the last one is not something an interrupted
append can produce, so it is reported as corruption and nothing is written.
The last kept board is then regenerated and must match byte for byte (a
changed generator would otherwise splice two different banks). Generation
continues at the next index, so an interrupted-and-resumed bank is the same
file as an uninterrupted one.
"""

from __future__ import annotations

import os
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from proofgrid.errors import ProofgridError
from proofgrid.studies.runner import Runner
from proofgrid.study_tasks import BankTask
from proofgrid.tasks import StudyInterrupted, chunked

__all__ = [
    "FORMAT",
    "BankError",
    "BankHeader",
    "BankResult",
    "BankScan",
    "BankWriter",
    "build_bank",
    "scan",
    "seal",
    "unseal",
]

FORMAT = "proofgrid-bank/1"


class BankError(ProofgridError):
    """A bank file cannot be written or resumed (one-line message)."""


def seal(payload: str) -> str:
    """``payload<TAB>crc32`` and a newline; the payload must hold no newline."""
    if "\n" in payload or "\r" in payload:
        raise ValueError("a bank payload is one line")
    return f"{payload}\t{zlib.crc32(payload.encode()):08x}\n"


def unseal(raw: bytes) -> str | None:
    """The payload of one line (without its newline), or None if its checksum fails."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    payload, tab, crc = text.rpartition("\t")
    if not tab or len(crc) != 8 or crc != crc.lower():
        return None
    try:
        ok = int(crc, 16) == zlib.crc32(payload.encode())
    except ValueError:
        return None
    return payload if ok else None


@dataclass(frozen=True, slots=True)
class BankHeader:
    """What decides every line of a bank."""

    puzzle: str
    params: str
    base: str
    columns: tuple[str, ...]

    def payload(self) -> str:
        """The header line's payload."""
        return "\t".join(
            (
                f"#{FORMAT}",
                f"puzzle={self.puzzle}",
                f"params={self.params}",
                f"base={self.base}",
                "columns=" + ",".join(self.columns),
            )
        )

    @classmethod
    def parse(cls, payload: str) -> BankHeader | None:
        """Inverse of :meth:`payload`; None if it is not a header of this format."""
        parts = payload.split("\t")
        if len(parts) != 5 or parts[0] != f"#{FORMAT}":
            return None
        fields = {}
        for part in parts[1:]:
            key, eq, value = part.partition("=")
            if not eq:
                return None
            fields[key] = value
        if set(fields) != {"puzzle", "params", "base", "columns"}:
            return None
        return cls(
            fields["puzzle"], fields["params"], fields["base"], tuple(fields["columns"].split(","))
        )

    def describe(self) -> str:
        """``puzzle params (base …)`` for messages."""
        return f"{self.puzzle} {self.params} (base {self.base!r})"


@dataclass(frozen=True, slots=True)
class BankScan:
    """The valid prefix of an existing bank file.

    Attributes
    ----------
    boards : int
        Board lines kept.
    keep_bytes : int
        Length of the valid prefix (header included; 0 if there is no valid header).
    dropped : str or None
        Why a torn or corrupt last line was dropped, if one was.
    last_payload : str or None
        Payload of the last kept board line.
    grades : dict
        Boards per grade among the kept lines.
    """

    boards: int
    keep_bytes: int
    dropped: str | None
    last_payload: str | None
    grades: dict[str, int] = field(default_factory=dict)


def scan(path: Path, header: BankHeader) -> BankScan:
    """Validate ``path`` as a bank of ``header`` (module docstring); O(file size).

    Raises
    ------
    BankError
        The header names another bank, or a line before the last is corrupt,
        out of order or has the wrong number of columns.
    """
    data = path.read_bytes()
    lines = data.split(b"\n")
    tail = lines.pop()  # bytes after the last newline: a torn line, or b""
    if not lines:
        return BankScan(0, 0, "a torn header" if tail else None, None)
    first = unseal(lines[0])
    found = BankHeader.parse(first) if first is not None else None
    if found is None:
        if len(lines) == 1 and not tail:
            return BankScan(0, 0, "a corrupt header", None)
        raise BankError(f"{path}: line 1 is not a {FORMAT} header; not resuming")
    if found != header:
        raise BankError(
            f"{path} is a bank of {found.describe()}, not {header.describe()}; not resuming"
        )
    offset = len(lines[0]) + 1
    grades: Counter[str] = Counter()
    last: str | None = None
    boards = 0
    dropped = "a torn last line" if tail else None
    width = len(header.columns)
    for k, raw in enumerate(lines[1:]):
        payload = unseal(raw)
        problem = None
        if payload is None:
            problem = "a checksum mismatch"
        else:
            cols = payload.split("\t")
            if len(cols) != width:
                problem = f"{len(cols)} columns instead of {width}"
            elif cols[0] != str(k):
                problem = f"index {cols[0][:20]!r} where {k} belongs"
        if problem is not None:
            is_last = k == len(lines) - 2
            if is_last and not tail:
                return BankScan(boards, offset, f"{problem} on the last line", last, dict(grades))
            raise BankError(
                f"{path}: line {k + 2} has {problem} before the end of the file; the bank is "
                f"corrupt (not resuming: keep the first {k + 1} lines or start afresh)"
            )
        assert payload is not None
        grades[payload.split("\t")[2]] += 1
        last = payload
        boards += 1
        offset += len(raw) + 1
    return BankScan(boards, offset, dropped, last, dict(grades))


class BankWriter:
    """Append sealed lines to a bank, fsync'd a batch at a time (module docstring)."""

    def __init__(self, path: Path, *, keep_bytes: int) -> None:
        self.path = path
        existed = path.exists()
        try:
            self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise BankError(f"cannot write {path}: {exc.strerror or exc}") from None
        os.ftruncate(self._fd, keep_bytes)
        os.fsync(self._fd)
        if not existed:
            _fsync_dir(path.parent)
        self.committed = keep_bytes

    def append(self, lines: Sequence[str]) -> None:
        """Write ``lines`` (each already sealed) and fsync; all or nothing."""
        data = "".join(lines).encode()
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view) :]
            os.fsync(self._fd)
        except BaseException:
            os.ftruncate(self._fd, self.committed)
            os.fsync(self._fd)
            raise
        self.committed += len(data)

    def close(self) -> None:
        """Close the file."""
        os.close(self._fd)

    def __enter__(self) -> BankWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - a directory we cannot open; the file is synced
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on directories
        pass
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class BankResult:
    """What a (possibly resumed) bank run did.

    Attributes
    ----------
    header : BankHeader
    boards : int
        Boards in the file now.
    resumed_from : int
        Boards already in the file when the run began.
    dropped : str or None
        The torn or corrupt last line dropped on resume, if any.
    grades : dict
        Boards per grade in the whole file.
    """

    header: BankHeader
    boards: int
    resumed_from: int
    dropped: str | None
    grades: dict[str, int]

    @property
    def written(self) -> int:
        """Boards written by this run."""
        return self.boards - self.resumed_from


def build_bank(
    puzzle: BankTask,
    params: str,
    n: int,
    out: Path,
    *,
    base: str | None = None,
    resume: bool = False,
    runner: Runner,
) -> BankResult:
    """Write (or with ``resume`` continue) a bank of ``n`` boards to ``out``.

    ``params`` may be a preset name or params text. Without ``resume`` an
    existing non-empty ``out`` is an error. Ctrl-C raises
    :class:`~proofgrid.studies.runner.StudyInterrupted` whose ``partial`` is the
    :class:`BankResult` so far; the file is then a valid, resumable bank.

    Raises
    ------
    BankError
        ``out`` exists (without ``resume``), is corrupt, belongs to another
        bank, holds more than ``n`` boards, or cannot be written.
    """
    canon = puzzle.canonical(params)
    seed_base = puzzle.default_base if base is None else base
    if not seed_base or any(ch in seed_base for ch in "\t\r\n"):
        raise BankError("the seed base must be non-empty text without tabs or newlines")
    header = BankHeader(puzzle.name, canon, seed_base, puzzle.columns)
    if out.is_dir():
        raise BankError(f"{out} is a directory")
    found = BankScan(0, 0, None, None)
    if out.exists() and out.stat().st_size > 0:
        if not resume:
            raise BankError(f"{out} exists; pass --resume to continue it, or choose a new file")
        found = scan(out, header)
    if found.boards > n:
        raise BankError(f"{out} already holds {found.boards} boards, more than the {n} asked")
    if found.last_payload is not None:
        again = puzzle.lines(canon, seed_base, found.boards - 1, found.boards)
        if again != (found.last_payload,):
            raise BankError(
                f"{out}: board {found.boards - 1} is not what this version generates "
                "(a different generator?); not resuming"
            )
    grades = Counter(found.grades)
    boards = found.boards
    with BankWriter(out, keep_bytes=found.keep_bytes) as writer:
        if found.keep_bytes == 0:
            writer.append([seal(header.payload())])
        tasks = chunked(puzzle.lines, (canon, seed_base), n, puzzle.chunk, first=boards)
        try:
            for payloads in runner.run(tasks, label=f"bank {puzzle.name}", unit="boards"):
                writer.append([seal(p) for p in payloads])
                boards += len(payloads)
                grades.update(p.split("\t")[2] for p in payloads)
        except KeyboardInterrupt:
            partial = BankResult(header, boards, found.boards, found.dropped, dict(grades))
            raise StudyInterrupted(partial, boards, n) from None
    return BankResult(header, boards, found.boards, found.dropped, dict(grades))
