"""Deterministic randomness that Python and JavaScript reproduce bit for bit.

Everything that decides a generated board draws from this module, and only with
integer arithmetic modulo 2**64. The JavaScript mirror (``web/js/core/rng.js``)
implements exactly the same three algorithms; any change here is a change of
every generated board and must bump the generators' version numbers.

Algorithms (the exact specification the mirror follows)
-------------------------------------------------------
SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
generators", OOPSLA 2014; the reference code is Vigna's ``splitmix64.c``)::

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    return z ^ (z >> 31)

Bounded integers by Lemire's multiply-and-reject ("Fast random integer
generation in an interval", ACM TOMACS 29(1), 2019). For ``bound`` in
``1 .. 2**64``::

    x = next64(); m = x * bound            # 128-bit product
    low = m mod 2**64
    if low < bound:
        t = (2**64 - bound) mod bound
        while low < t:
            x = next64(); m = x * bound; low = m mod 2**64
    return m >> 64                          # uniform in [0, bound)

Exactly one ``next64`` call is made unless a rejection happens; rejections are
part of the stream and the mirror performs them identically.

Fisher–Yates (Durstenfeld's in-place form): for ``i`` from ``len - 1`` down to
``1``, ``j = below(i + 1)`` and swap items ``i`` and ``j``. Shuffling a list of
length 0 or 1 draws nothing.

``chance(num, den)`` is ``below(den) < num``: a probability as a ratio of
integers, never a float.

Seeds from text (``seed_from_text``): 64-bit FNV-1a over the UTF-8 bytes
(offset basis 0xCBF29CE484222325, prime 0x100000001B3), then one SplitMix64
output from that value as state. Used for daily boards, e.g.
``seed_from_text("matchless/v1/2026-11-30")``.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

__all__ = [
    "MASK64",
    "SplitMix64",
    "mix64",
    "seed_from_text",
]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3

T = TypeVar("T")


def mix64(z: int) -> int:
    """The SplitMix64 output function (a bijection of 64-bit integers)."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


class SplitMix64:
    """SplitMix64 generator over unsigned 64-bit integers.

    >>> rng = SplitMix64(1234567)
    >>> rng.next64()
    6457827717110365317
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self.state = seed & MASK64

    def __repr__(self) -> str:
        return f"SplitMix64(state={self.state})"

    def next64(self) -> int:
        """Next unsigned 64-bit output; O(1)."""
        self.state = (self.state + _GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, bound: int) -> int:
        """Uniform integer in ``[0, bound)`` by Lemire's multiply-and-reject.

        Unbiased for every ``bound`` in ``1 .. 2**64``; expected draws < 2.
        """
        if not 1 <= bound <= (1 << 64):
            raise ValueError(f"bound must be in 1..2**64, got {bound}")
        m = self.next64() * bound
        low = m & MASK64
        if low < bound:
            t = ((1 << 64) - bound) % bound
            while low < t:
                m = self.next64() * bound
                low = m & MASK64
        return m >> 64

    def between(self, lo: int, hi: int) -> int:
        """Uniform integer in the closed range ``[lo, hi]``."""
        if hi < lo:
            raise ValueError(f"empty range {lo}..{hi}")
        return lo + self.below(hi - lo + 1)

    def chance(self, num: int, den: int) -> bool:
        """True with probability ``num/den`` exactly: ``below(den) < num``."""
        return self.below(den) < num

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates (Durstenfeld) in place; draws ``below(i + 1)`` for i = n-1..1."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        """One item, by ``below(len(items))``."""
        if not items:
            raise ValueError("choice from an empty list")
        return items[self.below(len(items))]


def seed_from_text(text: str) -> int:
    """64-bit seed from text: FNV-1a over UTF-8, then the SplitMix64 step."""
    h = _FNV_OFFSET
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * _FNV_PRIME) & MASK64
    return mix64((h + _GOLDEN) & MASK64)
