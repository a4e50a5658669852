"""First-appearance factorisation of 64-bit keys by a vectorised hash table (numpy).

A strategy of :mod:`proofgrid.par.keys` (owns: the hash table of 64-bit keys and
the helpers every strategy shares: the SplitMix64 finaliser, first positions).
:mod:`proofgrid.par.keys.words` keys every name by a 64-bit word (exact for
names of up to 8 bytes, a hash verified byte for byte for longer ones) and
factorises the keys here. This replaced pandas' hash table, whose import alone
(0.4-0.6 s) cost more than reading a 10 MB edge list.

Method
------
:class:`KeyTable` is an open-addressing table (linear probing from the key's
top bits, the keys being mixed already; load at most 1/2) held in two numpy
arrays and probed for all keys at once: each probing round is one gather, and
the rounds end after the longest probe sequence (a few at this load).
:func:`factorize` looks the keys up chunk by chunk; the keys unseen before a
chunk are deduplicated by one sort of just those keys and get the next codes
in order of first position, so codes follow first appearance in the whole
array, exactly as a dictionary would give them. O(keys) expected time plus the
sorts of new keys; memory 12 bytes per slot, two slots per distinct key.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["LOWMASK", "WORD", "IntArray", "KeyTable", "factorize", "first_positions", "mix"]

Int32Array = npt.NDArray[np.int32]
IntArray = npt.NDArray[np.integer[Any]]  # int32 for files under 2 GB, else int64
WORD = 8  # bytes per key word
# LOWMASK[k] keeps the low k bytes of a little-endian word.
LOWMASK = np.array([(1 << (8 * k)) - 1 for k in range(WORD)] + [(1 << 64) - 1], dtype=np.uint64)


def mix(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64 finaliser on a uint64 array, in place (wrapping; a bijection)."""
    z ^= z >> np.uint64(30)
    z *= np.uint64(0xBF58476D1CE4E5B9)
    z ^= z >> np.uint64(27)
    z *= np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return z


def first_positions(codes: IntArray) -> IntArray:
    """Index of the first occurrence of each code, for codes in first-appearance order
    (where the codes pass their running maximum); O(len)."""
    if codes.size == 0:
        return np.zeros(0, dtype=np.int64)
    running = np.maximum.accumulate(codes)
    new = np.empty(codes.size, dtype=bool)
    new[0] = True
    new[1:] = running[1:] > running[:-1]
    return np.flatnonzero(new).astype(np.int64, copy=False)


_STEP = 1 << 18  # keys per lookup step: later steps find most keys already present


class KeyTable:
    """Open-addressing hash table from distinct 64-bit keys to int32 codes, vectorised.

    Linear probing from the key's top bits (the keys are already mixed); the
    table doubles whenever it would pass half full, so expected probe
    sequences stay short. :meth:`find` and :meth:`insert` take whole arrays.
    """

    def __init__(self, capacity: int = 1 << 10) -> None:
        size = 1 << max(10, (2 * capacity - 1).bit_length())
        self.count = 0
        self._keys = np.zeros(size, dtype=np.uint64)
        self._codes = np.full(size, -1, dtype=np.int32)
        self._shift = np.uint64(64 - (size.bit_length() - 1))

    def _slots(self, keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.intp]:
        return (keys >> self._shift).astype(np.intp)

    def find(self, keys: npt.NDArray[np.uint64]) -> Int32Array:
        """The code of every key, -1 where absent; O(len(keys)) expected."""
        out = np.full(keys.size, -1, dtype=np.int32)
        mask = self._codes.size - 1
        slot = self._slots(keys)
        pending: npt.NDArray[np.intp] | None = None  # None: all keys, in order
        want = keys
        while slot.size:
            code = self._codes[slot]
            full = code >= 0
            hit = full & (self._keys[slot] == want)
            if pending is None:
                out[hit] = code[hit]
                go = np.flatnonzero(full & ~hit)
                pending = go
            else:
                out[pending[hit]] = code[hit]
                go = np.flatnonzero(full & ~hit)
                pending = pending[go]
            slot = (slot[go] + 1) & mask
            want = want[go]
        return out

    def insert(self, keys: npt.NDArray[np.uint64], codes: Int32Array) -> None:
        """Add distinct keys absent from the table, with their codes; O(len(keys)) expected."""
        if 2 * (self.count + keys.size) > self._codes.size:
            self._rebuild(2 * (self.count + keys.size))
        self._place(keys, codes)
        self.count += int(keys.size)

    def _rebuild(self, capacity: int) -> None:
        full = self._codes >= 0
        keys, codes = self._keys[full], self._codes[full]
        fresh = KeyTable(capacity)
        fresh._place(keys, codes)
        self._keys, self._codes, self._shift = fresh._keys, fresh._codes, fresh._shift

    def _place(self, keys: npt.NDArray[np.uint64], codes: Int32Array) -> None:
        mask = self._codes.size - 1
        slot = self._slots(keys)
        while keys.size:
            empty = self._codes[slot] < 0
            cs = slot[empty]
            self._codes[cs] = codes[empty]  # with equal slots, the same (last) writer wins both
            self._keys[cs] = keys[empty]
            won = np.zeros(keys.size, dtype=bool)
            won[empty] = self._keys[cs] == keys[empty]
            lost = ~won
            keys, codes, slot = keys[lost], codes[lost], (slot[lost] + 1) & mask


def factorize(keys: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """Codes ``0, 1, ...`` of ``keys`` in order of first appearance; O(len(keys)) expected."""
    table = KeyTable(keys.size // 4)  # sized for repeats: few rebuilds, 6 bytes a key
    out = np.empty(keys.size, dtype=np.int64)
    for lo in range(0, keys.size, _STEP):
        chunk = keys[lo : lo + _STEP]
        codes = table.find(chunk)
        unseen = np.flatnonzero(codes < 0)
        if unseen.size:
            fresh, first, inverse = np.unique(chunk[unseen], return_index=True, return_inverse=True)
            order = np.argsort(first)
            number = np.empty(order.size, dtype=np.int32)
            number[order] = np.arange(table.count, table.count + order.size, dtype=np.int32)
            codes[unseen] = number[inverse]
            table.insert(fresh, number)
        out[lo : lo + chunk.size] = codes
    return out
