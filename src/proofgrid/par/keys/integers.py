"""First-appearance codes of non-negative integers fed chunk by chunk.

A strategy of :mod:`proofgrid.par.keys` (owns: the table indexed by value).
The integer fast path of :mod:`proofgrid.par.text` (and of Parquet integer
columns, :mod:`proofgrid.par.tables`) keys each chunk as soon as it is read,
so keying overlaps the scanning of the next chunks and no array over all tokens
(positions, values) is ever built.

Method
------
A table indexed by value holds the code of every value seen so far (-1:
unseen); one gather codes a chunk. Only the tokens still unseen go further: the
first occurrence of each of their values in the chunk is found in the same
table (its unseen entries are scratch until they get their codes): a
scatter-max of ``-2 - position`` (``np.maximum.at``) leaves ``-2 -`` the first
position, and those values get the next codes in chunk order. So codes are in
order of first appearance in the whole stream, exactly as a dictionary would
give them.

Cost: O(tokens) gathers plus O(first-appearance candidates) scatter steps per
chunk; memory one int32 table (4 bytes an entry) of the largest value + 1
entries, refused (``None``) past a caller's limit so that sparse values (e.g.
16-digit ids) can be keyed by hashing instead.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["IntegerCoder"]

_UNSEEN = -1
_MAX_CODES = 2**31 - 1  # codes are int32
_FAR = 2**31 - 1  # a chunk holds fewer values than this (positions fit the scratch)
_LOW = -(2**31)  # scratch entry of a fresh value before the scatter-max


class IntegerCoder:
    """Assigns codes ``0, 1, ...`` to non-negative integers in order of first appearance.

    Feed the values chunk after chunk with :meth:`add`; ``count`` is the number of
    distinct values so far.
    """

    def __init__(self) -> None:
        self.count = 0
        # code of each value, or _UNSEEN; one entry more, always unseen (:meth:`_grow`)
        self._code = np.full(1, _UNSEEN, dtype=np.int32)

    def _grow(self, top: int, limit: int) -> None:
        """Make the tables cover values below ``top`` (doubling, at most ``limit``; an
        eighth to spare the first time, so that a chunk's maximum a little past the
        first chunk's does not grow them again). The table has one entry more, always
        unseen, where :meth:`add`'s gather clips the values past it."""
        held = self._code.size - 1
        size = max(top, min(max(2 * held, top + top // 8), limit, _MAX_CODES))
        code = np.full(size + 1, _UNSEEN, dtype=np.int32)
        code[:held] = self._code[:held]
        self._code = code

    def add(
        self, values: npt.NDArray[np.int64], limit: int
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.intp]] | None:
        """Codes of the next chunk of ``values`` and the indices (into ``values``) of
        the values that appear here for the first time, in order.

        Returns None (the coder unchanged) if a value is ``limit`` or more, or
        ``2**31 - 1`` or more (codes are int32): the caller then keys the values
        another way. O(len(values) + new values) time.
        """
        if values.size == 0:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.intp)
        if values.size >= _FAR:
            raise ValueError("a chunk of 2**31 - 1 values or more: feed smaller chunks")
        # One gather, clipped: a value past the table reads its last entry, never seen,
        # so it is found with the unseen ones and no pass for the maximum is needed
        # (and ``take`` with ``clip`` is several times faster than indexing, which
        # checks every index).
        codes: npt.NDArray[np.int32] = np.take(self._code, values, mode="clip")
        new = np.flatnonzero(codes < 0)
        if new.size == 0:
            return codes, new
        fresh = values[new]
        top = int(fresh.max()) + 1
        if top >= self._code.size:  # past the table (its last entry is the clip's)
            if top > min(limit, _MAX_CODES):
                return None
            self._grow(top, limit)
        table: Any = self._code
        mark = new.astype(np.int32)  # a chunk holds fewer than 2**31 - 1 values (checked)
        np.negative(mark, out=mark)
        mark -= 2  # -2 - position: the largest is the earliest, all below _UNSEEN
        table[fresh] = _LOW
        np.maximum.at(table, fresh, mark)  # -2 - the earliest position of each fresh value
        order = new[table[fresh] == mark]
        table[values[order]] = np.arange(self.count, self.count + order.size, dtype=np.int32)
        self.count += int(order.size)
        codes[new] = self._code[fresh]
        return codes, order

    def values(self) -> npt.NDArray[np.int64]:
        """The distinct values so far, by code (``values()[c]`` got code ``c``), read
        off the table a step at a time; O(largest value), memory the result."""
        out = np.empty(self.count, dtype=np.int64)
        step = 1 << 20
        for lo in range(0, self._code.size - 1, step):
            codes = self._code[lo : min(lo + step, self._code.size - 1)]
            seen = np.flatnonzero(codes >= 0)
            out[codes[seen]] = seen + lo
        return out
