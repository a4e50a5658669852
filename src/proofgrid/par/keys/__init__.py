"""Keys: every distinct node name gets a code ``0 .. n-1`` in order of first appearance.

The one keying module of ``proofgrid par``. Every input kind (text, tables,
in-memory graphs) hands its tokens here in one of two shapes and gets back the
same thing: the code of every token (-1 where a token is missing) and, for each
code, where its name first appeared (or the distinct values themselves).

Interface
---------
* :func:`first_appearance` — a 1-D array (or list) of values: integers, text or
  any hashable objects. What the Python API and the table readers call.
* :func:`span_codes` — byte spans of a padded buffer (the scanned text of a file).
* :func:`text_codes` — the tokens of a whole text by a dictionary of its words.
* :class:`IntegerCoder` — non-negative integers fed chunk by chunk, as a file is
  scanned.
* :mod:`proofgrid.par.keys.arrow` (imported on use: it loads pyarrow) — names by
  Arrow's hash table, partition by partition, for large named texts and string
  columns.

Strategies (one module each)
----------------------------
* :mod:`~proofgrid.par.keys.integers` — a table indexed by value (dense integers).
* :mod:`~proofgrid.par.keys.table` — a vectorised open-addressing hash table of
  64-bit keys (sparse integers, hashed names) and the shared helpers (the
  SplitMix64 finaliser, first positions).
* :mod:`~proofgrid.par.keys.words` — names as 64-bit words of their bytes (exact
  up to 8 bytes, hashed and verified past), integers parsed by SWAR, and the
  dictionary of words.
* :mod:`~proofgrid.par.keys.arrow` — Arrow's ``dictionary_encode`` per hash partition.

Every strategy numbers by first appearance in the whole input, exactly as a
Python dictionary would; the tests hold each to that dictionary.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from proofgrid.par.keys.integers import IntegerCoder
from proofgrid.par.keys.table import IntArray, first_positions
from proofgrid.par.keys.words import integer_codes, nfc_twins, span_codes, text_codes

__all__ = [
    "IntArray",
    "IntegerCoder",
    "first_appearance",
    "first_positions",
    "integer_codes",
    "nfc_twins",
    "object_codes",
    "span_codes",
    "text_codes",
]


def first_appearance(
    values: npt.NDArray[Any], missing: npt.NDArray[np.bool_] | None = None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[Any]]:
    """Codes of a 1-D array's values by first appearance (-1 where ``missing``), and
    the distinct values in that order.

    Integers by the integer keying (:func:`~proofgrid.par.keys.words.integer_codes`:
    a table indexed by value when dense, else hashing; O(len + range) or O(len)
    expected); Python objects (``dtype=object``) by a dictionary (:func:`object_codes`,
    O(len) expected); other values by sorting (``numpy.unique``, O(len log len)).
    """
    if missing is not None and bool(missing.any()):
        keep = np.flatnonzero(~missing)
        codes = np.full(values.size, -1, dtype=np.int64)
        sub, uniq = first_appearance(values[keep])
        codes[keep] = sub
        return codes, uniq
    if values.size == 0:
        return np.zeros(0, dtype=np.int64), values[:0]
    if values.dtype.kind in "iu":
        found, first = integer_codes(values)
        return np.asarray(found, dtype=np.int64), values[first]
    if values.dtype.kind == "O":
        codes, distinct = object_codes(values.tolist())
        out = np.empty(len(distinct), dtype=object)
        out[:] = distinct
        return codes, out
    uniq, first, inverse = np.unique(values, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty(order.size, dtype=np.int64)
    rank[order] = np.arange(order.size, dtype=np.int64)
    return rank[inverse.ravel()], uniq[order]


def object_codes(values: Iterable[Any]) -> tuple[npt.NDArray[np.int64], list[Any]]:
    """Codes of hashable Python objects by first appearance, and the distinct objects
    in that order: one ``dict.setdefault`` per value (the loop in C through ``map``).
    O(len) expected; raises ``TypeError`` for an unhashable value."""
    index: dict[Any, int] = {}
    setdefault = index.setdefault

    def code(v: Any) -> int:
        return setdefault(v, len(index))

    codes = np.fromiter(map(code, values), dtype=np.int64)
    return codes, list(index)
