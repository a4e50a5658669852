"""Exact 64-bit keys and first-appearance codes of names (byte spans of a buffer).

A strategy of :mod:`proofgrid.par.keys` (owns: names as words of their bytes,
integers parsed from them, the dictionary of words): given the starts and
lengths of the tokens of a padded buffer (scanned by :mod:`proofgrid.par.scan`),
give every distinct name a code ``0 .. n-1`` in order of first appearance,
exactly (names are compared byte for byte).

Method
------
* Plain integers (digits, no leading zero, at most 16) are parsed eight digits
  at a time (SWAR, one unaligned word load per name, :func:`plain_integers`)
  and coded by value (:class:`~proofgrid.par.keys.integers.IntegerCoder` when
  dense, else hashed: :func:`_integer_codes`).
* Otherwise a token of at most 8 bytes is its own little-endian 64-bit word
  (exact, since names contain no NUL) mixed by the SplitMix64 finaliser (a
  bijection); a longer one is hashed eight bytes at a time with the same
  finaliser, one by one with BLAKE2b past ``_LONG`` bytes, so a huge name costs
  O(its length). Keys are factorised by :func:`proofgrid.par.keys.table.factorize`
  and every long token is compared byte for byte with its class representative
  (:func:`_same_bytes`), falling back to an exact dictionary
  (:func:`_exact_codes`) if a hash collision ever merged two names. At most
  ``_SMALL`` tokens go straight to that dictionary.

O(bytes of the names) expected time; memory O(tokens).
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from proofgrid.par.keys.integers import IntegerCoder
from proofgrid.par.keys.table import LOWMASK, WORD, IntArray, factorize, first_positions, mix

_LONG = 256  # tokens longer than this are hashed and compared one at a time (see _keys)


def _raw_words(buf: npt.NDArray[np.uint8], starts: IntArray) -> npt.NDArray[np.uint64]:
    """The 8 bytes at each start as little-endian words (bytes past a name included).

    Two aligned word loads and shifts per start (``buf`` from :func:`alloc`, so
    the padding covers the second word); about twice as fast as one gather from
    a byte-strided view, whose unaligned elements numpy copies one by one.
    """
    view = buf.view("<u8")
    q = starts >> 3
    r = (starts & 7).astype(np.uint64)
    r <<= np.uint64(3)
    lo: npt.NDArray[np.uint64] = view[q]
    lo >>= r
    q += 1
    hi = view[q]
    r >>= np.uint64(1)
    np.subtract(np.uint64(32), r, out=r)  # two shifts of 32 - r/2: never 64 at once
    hi <<= r
    hi <<= r
    lo |= hi
    return lo


def _words(
    buf: npt.NDArray[np.uint8], starts: IntArray, remaining: IntArray
) -> npt.NDArray[np.uint64]:
    """The 8 bytes at each start as little-endian words, masked to ``remaining``."""
    words = _raw_words(buf, starts)
    words &= LOWMASK[np.minimum(remaining, WORD)]
    return words


_BATCH = 1 << 18  # tokens per keying step: the buffer bytes they touch stay in cache


def _keys(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.uint64]:
    """64-bit keys of spans (:func:`_batch_keys`), ``_BATCH`` spans at a time."""
    out = np.empty(starts.size, dtype=np.uint64)
    for i in range(0, starts.size, _BATCH):
        out[i : i + _BATCH] = _batch_keys(buf, starts[i : i + _BATCH], lengths[i : i + _BATCH])
    return out


def _batch_keys(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.uint64]:
    """64-bit key of each span: a span of at most 8 bytes is its own word (mixed by a
    bijection, so exact: names contain no NUL), a longer one a hash of its length
    and all its bytes. Equal spans always get equal keys; the converse is verified
    by :func:`span_codes`.

    Spans of up to ``_LONG`` bytes are hashed a word at a time across all of them
    at once (at most ``_LONG / 8`` vector steps); longer ones one by one with
    BLAKE2b, at most ``size / _LONG`` of them, so the work stays O(bytes) whatever
    the lengths.
    """
    keys = mix(_words(buf, starts, lengths))
    long_ = np.flatnonzero(lengths > WORD)
    if long_.size:
        ls, ll = starts[long_], lengths[long_]
        h = mix(ll.astype(np.uint64) ^ np.uint64(0x9E3779B97F4A7C15))
        active = np.flatnonzero(ll <= _LONG)
        offset = 0
        while active.size:
            h[active] = mix(h[active] ^ _words(buf, ls[active] + offset, ll[active] - offset))
            offset += WORD
            active = active[ll[active] > offset]
        huge = np.flatnonzero(ll > _LONG)
        if huge.size:
            view = memoryview(buf)  # type: ignore[arg-type]
            digests = [
                hashlib.blake2b(view[s : s + n], digest_size=8).digest()
                for s, n in zip(ls[huge].tolist(), ll[huge].tolist(), strict=True)
            ]
            h[huge] = np.frombuffer(b"".join(digests), dtype="<u8")
        keys[long_] = h
    return keys


def _same_bytes(buf: npt.NDArray[np.uint8], a: IntArray, b: IntArray, lengths: IntArray) -> bool:
    """Whether spans ``a[i]`` and ``b[i]`` (both of ``lengths[i]`` bytes) are all equal.

    Word by word across all spans of up to ``_LONG`` bytes, then the longer ones
    one by one (as in :func:`_keys`); O(bytes compared)."""
    huge = lengths > _LONG
    active = np.flatnonzero(~huge)
    offset = 0
    while active.size:
        rem = lengths[active] - offset
        if not np.array_equal(
            _words(buf, a[active] + offset, rem), _words(buf, b[active] + offset, rem)
        ):
            return False
        offset += WORD
        active = active[lengths[active] > offset]
    return all(
        s == t or np.array_equal(buf[s : s + n], buf[t : t + n])
        for s, t, n in zip(a[huge].tolist(), b[huge].tolist(), lengths[huge].tolist(), strict=True)
    )


_POW10 = np.array([10**k for k in range(WORD + 1)], dtype=np.uint64)
_INT_DIGITS = 2 * WORD  # the integer fast path takes names of up to 16 digits


def _digits_value(words: npt.NDArray[np.uint64], lengths: IntArray) -> npt.NDArray[np.uint64]:
    """Value of the ``lengths[i]`` (1 to 8) ASCII digits in the low bytes of each word,
    computed in place in ``words`` (which is returned).

    The digits are right-aligned (any bytes past them are shifted out, the bytes
    shifted in are leading zeros), then pairs, quads and octets are combined by
    three multiply-shift steps (SWAR), without temporaries."""
    v = words
    v &= np.uint64(0x0F0F0F0F0F0F0F0F)
    v <<= ((WORD - lengths) * 8).astype(np.uint64)
    v *= np.uint64(2561)
    v >>= np.uint64(8)
    v &= np.uint64(0x00FF00FF00FF00FF)
    v *= np.uint64(6553601)
    v >>= np.uint64(16)
    v &= np.uint64(0x0000FFFF0000FFFF)
    v *= np.uint64(42949672960001)
    v >>= np.uint64(32)
    return v


def plain_integers(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.int64] | None:
    """:func:`_batch_integers` over all-digit tokens, ``_BATCH`` at a time (None: not all
    plain)."""
    if starts.size and int(lengths.max()) > _INT_DIGITS:
        return None
    if starts.size <= _BATCH:  # one batch (every chunk of a file): no copy
        return _batch_integers(buf, starts, lengths)
    out = np.empty(starts.size, dtype=np.int64)
    for i in range(0, starts.size, _BATCH):
        values = _batch_integers(buf, starts[i : i + _BATCH], lengths[i : i + _BATCH])
        if values is None:
            return None
        out[i : i + _BATCH] = values
    return out


def _batch_integers(
    buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray
) -> npt.NDArray[np.int64] | None:
    """The values of tokens made of ASCII digits if every one is a plain integer, else None.

    Plain: 1 to 16 digits and no leading zero (``0`` itself is plain), so distinct
    names have distinct values (``007`` is not plain: the whole file then goes by
    the general path, where ``007`` and ``7`` are different names). O(tokens),
    vectorised.
    """
    words = _raw_words(buf, starts)  # _digits_value shifts out the bytes past each name
    first = words.view(np.uint8)[::WORD]  # each name's first byte (little-endian words)
    if ((first == 48) & (lengths > 1)).any():
        return None  # a leading zero
    values = _digits_value(words, np.minimum(lengths, WORD))
    wide = np.flatnonzero(lengths > WORD)
    if wide.size:
        rest = lengths[wide] - WORD
        tail = _words(buf, starts[wide] + WORD, rest)
        values[wide] = values[wide] * _POW10[rest] + _digits_value(tail, rest)
    return values.view(np.int64)


def _integer_codes(values: npt.NDArray[np.int64]) -> tuple[IntArray, IntArray]:
    """Exact first-appearance codes of non-negative integers, and the index of
    each code's first occurrence.

    When the values are dense (below twice their count, plus a little), by the
    table indexed by value of :class:`~proofgrid.par.keys.integers.IntegerCoder`,
    O(tokens + max value); otherwise by a dictionary (a few) or the hash table
    of :func:`~proofgrid.par.keys.table.factorize`.
    """
    count = values.size
    dense = _dense_codes(values, 2 * count + (1 << 16))
    if dense is not None:
        return dense
    if count <= _SMALL:
        seen: dict[int, int] = {}
        out = np.array([seen.setdefault(v, len(seen)) for v in values.tolist()], np.int64)
        return out, first_positions(out)
    factorized = factorize(mix(values.astype(np.uint64)))  # a bijection: keys stay exact
    return factorized, first_positions(factorized)


_BLOCK = 1 << 16  # values per IntegerCoder step: later blocks find few new values


def _dense_codes(values: npt.NDArray[np.int64], limit: int) -> tuple[IntArray, IntArray] | None:
    """:class:`~proofgrid.par.keys.integers.IntegerCoder` over ``values`` a block at a
    time, as the text reader feeds it chunk by chunk (a block's new values are few
    once the table fills, so its scatter-min stays small); None if the values pass
    ``limit``."""
    coder = IntegerCoder()
    codes = np.empty(values.size, dtype=np.int32)
    firsts: list[npt.NDArray[np.intp]] = []
    for i in range(0, values.size, _BLOCK):
        got = coder.add(values[i : i + _BLOCK], limit)
        if got is None:
            return None
        codes[i : i + _BLOCK], order = got
        firsts.append(order + i)
    return codes, np.concatenate(firsts) if firsts else np.zeros(0, dtype=np.intp)


def integer_codes(values: npt.NDArray[np.integer[Any]]) -> tuple[IntArray, IntArray]:
    """Exact first-appearance codes of any integers (signed or not, up to 64 bits),
    and the index of each code's first occurrence: :func:`_integer_codes` on the
    values shifted to start at 0 (so a dense range, wherever it lies, is coded by
    the table indexed by value), or on their 64-bit patterns when the range is
    wider than int64 (a bijection: still exact). O(len + range) or O(len) expected.
    """
    if values.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    lo, hi = int(values.min()), int(values.max())
    bits = values.astype(np.uint64)  # two's complement patterns: arithmetic mod 2**64
    if hi - lo < 2**63:
        bits -= np.uint64(lo % 2**64)  # now 0 .. hi - lo, exactly
        return _integer_codes(bits.view(np.int64))
    factorized = factorize(mix(bits))  # a bijection: keys stay exact
    return factorized, first_positions(factorized)


_SMALL = 1 << 12  # up to this many tokens, a dictionary keys them (no hashing set-up)


def span_codes(
    buf: npt.NDArray[np.uint8],
    starts: IntArray,
    lengths: IntArray,
    values: npt.NDArray[np.int64] | None = None,
) -> tuple[IntArray, IntArray]:
    """Exact codes of byte spans in first-appearance order, and the index of each
    code's first span (so their number is its size).

    Plain integers (their ``values`` given) go by :func:`_integer_codes`, a few
    spans by a dictionary;
    otherwise the spans' keys (:func:`_keys`) are factorised with keying's hash
    table, then every span is checked against its class representative (length,
    and bytes for spans over 8 bytes); if a hash collision merged two names, an
    exact dictionary decides. O(bytes) expected.
    """
    if starts.size == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if values is not None:
        return _integer_codes(values)
    if starts.size <= _SMALL:
        exact = _exact_codes(buf, starts, lengths)
        return exact, first_positions(exact)
    codes: IntArray = factorize(_keys(buf, starts, lengths))
    first = first_positions(codes)
    long_ = np.flatnonzero(lengths > WORD)
    if long_.size == 0:
        return codes, first  # all keys are exact words: nothing to verify
    rep = first[codes]  # each span's class representative
    if not (
        np.array_equal(lengths[rep], lengths)
        and _same_bytes(buf, starts[long_], starts[rep[long_]], lengths[long_])
    ):
        exact = _exact_codes(buf, starts, lengths)  # a hash collision: be exact
        return exact, first_positions(exact)
    return codes, first


# Tokens up to which a whole text is keyed by a dictionary of its words: its bytes
# objects cost ~50 bytes a token, so a large text (with no pyarrow) is hashed instead.
_SPLIT_MAX = 1 << 21
_COMMENT = re.compile(rb"#[^\n]*")
_COMMA = bytes.maketrans(b",", b" ")


def text_codes(
    buf: npt.NDArray[np.uint8], size: int, starts: IntArray, lengths: IntArray
) -> tuple[IntArray, IntArray] | None:
    """:func:`span_codes` for the tokens of a whole text by a dictionary of its words, or
    None when it does not apply (more than ``_SPLIT_MAX`` tokens, or a split that
    does not give exactly the scanner's tokens).

    The text is split a piece of whole lines at a time (``_PIECE`` bytes): with
    commas turned to spaces and comments cut, ``bytes.split`` (ASCII whitespace:
    exactly the format's other separators) gives the scanner's tokens in order,
    checked by their number and total length. One pass of ``dict.setdefault`` in C
    (``map`` over the words and their positions) gives every token the position of
    its name's first appearance; marking those positions and counting the marks
    before each one (a cumulative sum) turns them into codes in first-appearance
    order. Only the distinct names are kept as ``bytes`` (the dictionary), never a
    list of every token's word nor a copy of the whole text: on the Debian Contents
    graph (33 MB, 1.28·10⁶ tokens, 397k names) that was 130 MB of the peak. On a
    file of a few megabytes about twice as fast as hashing the spans. O(size)
    expected."""
    if starts.size > _SPLIT_MAX:
        return None
    first_seen: dict[bytes, int] = {}
    at = np.empty(starts.size, dtype=np.int64)
    done, total, lo = 0, 0, 0
    while lo < size:
        hi = min(size, lo + _PIECE)
        raw = buf[lo:hi].tobytes()
        while hi < size and (cut := raw.rfind(b"\n")) < 0:  # a line longer than a piece
            hi = min(size, hi + _PIECE)
            raw = buf[lo:hi].tobytes()
        if hi < size:
            raw, hi = raw[: cut + 1], lo + cut + 1
        lo = hi
        if b"#" in raw:
            raw = _COMMENT.sub(b"", raw)
        if b"," in raw:
            raw = raw.translate(_COMMA)
        words = raw.split()
        k = len(words)
        if done + k > starts.size:
            return None
        total += sum(map(len, words))  # the words' bytes (one C pass over their lengths)
        at[done : done + k] = np.fromiter(
            map(first_seen.setdefault, words, itertools.count(done)), dtype=np.int64, count=k
        )
        done += k
        del words, raw
    if done != starts.size or total != int(lengths.sum(dtype=np.int64)):
        return None
    del first_seen
    first = np.zeros(at.size, dtype=bool)
    first[at] = True
    rank = np.cumsum(first, dtype=np.int64)
    rank -= 1
    return rank[at], np.flatnonzero(first).astype(np.int64, copy=False)


_PIECE = 1 << 22  # bytes of text split at a time by text_codes


def nfc_twins(names: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs ``(first, other)`` of distinct names that are the same text in different
    Unicode normalisations (NFC, NFD), each ``other`` paired with the first name of
    its NFC form, in the order given; O(total length)."""
    import unicodedata  # noqa: PLC0415 (only for names with non-ASCII bytes)

    seen: dict[str, str] = {}
    twins: list[tuple[str, str]] = []
    for name in names:
        first = seen.setdefault(unicodedata.normalize("NFC", name), name)
        if first != name:
            twins.append((first, name))
    return twins


def _exact_codes(buf: npt.NDArray[np.uint8], starts: IntArray, lengths: IntArray) -> IntArray:
    """Dictionary factorisation of byte spans (first-appearance order); slow, exact."""
    raw = buf.tobytes()
    seen: dict[bytes, int] = {}
    out = np.empty(starts.size, dtype=np.int64)
    for i, (s, n) in enumerate(zip(starts.tolist(), lengths.tolist(), strict=True)):
        out[i] = seen.setdefault(raw[s : s + n], len(seen))
    return out
