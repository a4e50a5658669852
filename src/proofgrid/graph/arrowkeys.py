"""First-appearance codes of names by Arrow's hash table, chunk by chunk as a text is scanned.

The general (named) path of :mod:`proofgrid.graph.edgelist` when pyarrow is
installed (the ``arrow`` extra): each scanned chunk brings its tokens' bytes end
to end (:func:`proofgrid.graph.scanner._scan` with ``pack``) and their lengths,
which are exactly an Arrow ``binary`` array (offsets = running sum of the
lengths), built without a copy; the chunks together are dictionary-encoded by
``pyarrow.compute.dictionary_encode``, whose one hash table spans every chunk
and numbers the distinct values in order of first appearance (the file's node
order), comparing candidates byte for byte (exact: ``007`` ≠ ``7``). The
dictionary is the table of names, so the text itself need not be kept.

Measured in one process against :func:`proofgrid.graph.namekeys._codes` (numpy
hashing, then a byte-for-byte check of every long token against its class) on the
10^7 tokens of 8–24 bytes of ``bench/bench_par_igraph.py``'s named file: 1.9 s of
CPU against 7.5 s (2026-12-02, shared machine).
O(bytes) expected time; memory: the tokens' bytes plus 8 bytes a token.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from proofgrid.graph.scanner import EdgeListError, _alloc, _line_fields, _Scan

Int32Array = npt.NDArray[np.int32]
IntArray = npt.NDArray[np.integer[Any]]

_LIMIT = 2**31 - 1  # bytes an Arrow ``binary`` chunk (int32 offsets) may hold


def available() -> bool:
    """Whether pyarrow can be imported (it is then imported: ask only when it will be used)."""
    try:
        import pyarrow.compute  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


class TooLongError(Exception):
    """A chunk's names exceed an Arrow ``binary`` array (2 GiB); the reader says so."""


@dataclass(frozen=True, slots=True)
class Keyed:
    """The edges and names of a scanned text: ``src``, ``dst`` (int32 codes in
    first-appearance order), the number of nodes, each node's name as a span
    ``(name_start, name_len)`` of ``names`` (a padded buffer), and the newlines."""

    src: Int32Array
    dst: Int32Array
    n: int
    names: npt.NDArray[np.uint8]
    size: int
    name_start: IntArray
    name_len: IntArray
    newlines: int


def key_scans(scans: Iterable[tuple[int, _Scan, int]], source: str) -> Keyed:
    """Check field counts (at most two a line) and key every token of ``scans``
    (scanned with ``pack=True``) by one Arrow dictionary encoding.

    Raises :class:`EdgeListError` for a line of more than two fields, as
    :func:`proofgrid.graph.scanner._line_fields` does (the first in file order), and
    :class:`TooLongError` for a chunk whose names pass 2 GiB. O(bytes) expected.
    """
    import pyarrow as pa  # noqa: PLC0415 (the extra; loaded only for named files)
    import pyarrow.compute as pc  # noqa: PLC0415

    chunks: list[Any] = []
    paired: list[npt.NDArray[np.bool_] | None] = []
    line0 = nnl = 0
    for line0, (starts, lengths, counts, nnl, _values, packed), _end in scans:  # noqa: B007
        mask = _line_fields(counts, line0, source)
        if not starts.size:
            continue
        assert packed is not None, "scans must be made with pack=True"
        if packed.size > _LIMIT:
            raise TooLongError
        offsets = np.empty(lengths.size + 1, dtype=np.int32)
        offsets[0] = 0
        np.cumsum(lengths, out=offsets[1:])
        chunks.append(
            pa.Array.from_buffers(
                pa.binary(), int(lengths.size), [None, pa.py_buffer(offsets), pa.py_buffer(packed)]
            )
        )
        paired.append(mask)
    newlines = line0 + nnl
    if not chunks:
        empty = np.zeros(0, dtype=np.int32)
        return Keyed(empty, empty, 0, _alloc(0), 0, empty, empty, newlines)
    encoded = pc.dictionary_encode(pa.chunked_array(chunks, type=pa.binary()))
    chunks.clear()  # the packed bytes are no longer needed once encoded
    m = sum(
        (int(mask.sum()) if mask is not None else len(part)) // 2
        for part, mask in zip(encoded.chunks, paired, strict=True)
    )
    src = np.empty(m, dtype=np.int32)
    dst = np.empty(m, dtype=np.int32)
    at = 0
    for part, mask in zip(encoded.chunks, paired, strict=True):
        codes = part.indices.to_numpy(zero_copy_only=False)
        if mask is not None:
            codes = codes[mask]
        k = codes.size // 2
        src[at : at + k] = codes[0::2]
        dst[at : at + k] = codes[1::2]
        at += k
    names = encoded.chunks[0].dictionary
    n = len(names)
    if n >= 2**31:
        raise EdgeListError(f"{source}: more than 2**31 - 1 nodes")
    ends = np.frombuffer(names.buffers()[1], dtype=np.int32, count=n + 1, offset=4 * names.offset)
    base = int(ends[0])
    size = int(ends[-1]) - base
    buf = _alloc(size)
    data = names.buffers()[2]
    if size:
        buf[:size] = np.frombuffer(data, dtype=np.uint8, count=size, offset=base)
    start = (ends[:-1] - base).astype(np.int64)
    return Keyed(src, dst, n, buf, size, start, np.diff(ends).astype(np.int64), newlines)
