"""The cluster's input: a partitioned Parquet dataset (or a Dask DataFrame) keyed to integer ids.

What it owns: turning ``DATASET --columns SRC,DST`` into two Dask DataFrames of
integers, the edges ``(s, d)`` and the nodes ``(id, name)``, with no step that
holds the graph in one process.

The order of the data (the one-machine meaning)
-----------------------------------------------
The files of a dataset are taken in natural order of their paths (``part.2``
before ``part.10``, as ``dask.dataframe.read_parquet`` orders them), each file
row group by row group; row *i* of the whole is the text line ``SRC[i] DST[i]``.
A node's **id is the position of its first token** in that order (``2·row`` for
a source cell, ``2·row + 1`` for a destination cell). Ids are therefore distinct
and ordered exactly as the one-machine reader numbers nodes (first appearance,
source before destination), so seeds printed in id order, and ties between
equally cheap nodes broken towards the smaller id, are those of ``proofgrid par``
on the concatenated file. Ids are not dense (``0 .. 2m-1``), which nothing needs.

Keying across the cluster
-------------------------
Every piece (a file's row groups) is read by the worker that runs its task and
emits its tokens ``(name, position)``; a group-by on the name with the minimum
position (a hash shuffle into ``P`` partitions) is the node table; two merges on
the name replace both endpoints of every edge by ids. Three shuffles in all,
O((m + n) / P) memory a worker, spilled to disk by Dask under a memory limit.

Checks (each one line naming the file)
--------------------------------------
A missing column, a column that holds neither integers nor strings, source and
destination columns of different kinds, files of different kinds, and a null or
empty cell (``FILE: row R: null in column 'src'``; rows count from 1 within the
file). Schemas are read on the client from the files' footers; cells by the
workers.
"""

from __future__ import annotations

import glob
import os
import re
from dataclasses import dataclass
from typing import Any

from proofgrid.errors import ProofgridError, extra_imports

__all__ = ["ClusterInputError", "Dataset", "Piece", "list_pieces", "read_pieces", "tokens"]

EXTRA = "cluster"
FEATURE = "proofgrid par --scheduler"
PACKAGES = ("dask", "distributed", "pyarrow", "pandas")


class ClusterInputError(ProofgridError):
    """A dataset the cluster cannot read; the message is one line naming the file."""


@dataclass(frozen=True)
class Piece:
    """Some row groups of one Parquet file: the unit a worker reads."""

    path: str
    row_groups: tuple[int, ...]
    first_row: int  # row of the file where the piece starts
    offset: int  # global row of the piece's first row
    rows: int


@dataclass(frozen=True)
class Dataset:
    """The pieces of a dataset and what its schemas say."""

    source: str
    pieces: tuple[Piece, ...]
    columns: tuple[str, str]
    integers: bool
    rows: int


def _natural(path: str) -> list[Any]:
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path)]


def _paths(dataset: str) -> list[str]:
    if os.path.isdir(dataset):
        found = [
            os.path.join(root, f)
            for root, dirs, files in os.walk(dataset)
            for f in files
            if not f.startswith(("_", "."))
        ]
        # hidden and underscore directories (_temporary, .spark) hold no data
        found = [
            p
            for p in found
            if not any(
                s.startswith(("_", ".")) for s in os.path.relpath(p, dataset).split(os.sep)[:-1]
            )
        ]
    elif any(c in dataset for c in "*?["):
        found = [p for p in glob.glob(dataset, recursive=True) if os.path.isfile(p)]
    elif os.path.isfile(dataset):
        found = [dataset]
    else:
        raise ClusterInputError(f"{dataset}: no such file, directory or glob")
    if not found:
        raise ClusterInputError(f"{dataset}: no Parquet files")
    return sorted(found, key=_natural)


def _kind(pa: Any, t: Any) -> str | None:
    if pa.types.is_dictionary(t):
        t = t.value_type
    if pa.types.is_integer(t):
        return "integer"
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return "string"
    return None


def list_pieces(dataset: str, columns: tuple[str, str] | None, rows_per_piece: int) -> Dataset:
    """The pieces of ``dataset`` (a Parquet file, a directory or a glob), from the footers.

    ``columns`` default to the first two of the first file. Raises
    :class:`ClusterInputError` naming the file on a missing column, a column of
    another type, or files whose columns are of different kinds. O(files + row groups).
    """
    with extra_imports(extra=EXTRA, feature=FEATURE, packages=PACKAGES):
        import pyarrow as pa  # noqa: PLC0415 (the cluster path only)
        import pyarrow.parquet as pq  # noqa: PLC0415 (as above)
    pieces: list[Piece] = []
    offset = 0
    kind: str | None = None
    first_file = ""
    cols = columns
    for path in _paths(dataset):
        try:
            meta = pq.ParquetFile(path).metadata
        except (OSError, pa.ArrowException) as exc:
            msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ClusterInputError(f"{path}: not a readable Parquet file ({msg})") from None
        schema = meta.schema.to_arrow_schema()
        if cols is None:
            if len(schema.names) < 2:
                raise ClusterInputError(f"{path}: the table has {len(schema.names)} column(s)")
            cols = (schema.names[0], schema.names[1])
        kinds = []
        for c in cols:
            if c not in schema.names:
                shown = ", ".join(repr(n) for n in schema.names[:8])
                raise ClusterInputError(f"{path}: no column {c!r} (columns: {shown})")
            t = schema.field(c).type
            k = _kind(pa, t)
            if k is None:
                raise ClusterInputError(
                    f"{path}: column {c!r} holds {t}; node columns must hold integers or strings"
                )
            kinds.append(k)
        if kinds[0] != kinds[1]:
            raise ClusterInputError(
                f"{path}: mixed types: column {cols[0]!r} holds {kinds[0]}s and"
                f" {cols[1]!r} {kinds[1]}s; give both columns one type"
            )
        if kind is None:
            kind, first_file = kinds[0], path
        elif kinds[0] != kind:
            raise ClusterInputError(
                f"{path}: mixed types: its node columns hold {kinds[0]}s, those of"
                f" {first_file} {kind}s"
            )
        group: list[int] = []
        start = rows = first_row = 0
        for rg in range(meta.num_row_groups):
            r = meta.row_group(rg).num_rows
            if group and rows + r > rows_per_piece:
                pieces.append(Piece(path, tuple(group), first_row, offset + start, rows))
                start, first_row, group, rows = start + rows, first_row + rows, [], 0
            group.append(rg)
            rows += r
        if group and rows:
            pieces.append(Piece(path, tuple(group), first_row, offset + start, rows))
        offset += meta.num_rows
    assert cols is not None and kind is not None
    return Dataset(dataset, tuple(pieces), cols, kind == "integer", offset)


def _check_cells(pa: Any, pc: Any, arr: Any, piece: Piece, column: str) -> Any:
    import numpy as np  # noqa: PLC0415 (pandas brings it)

    if pa.types.is_dictionary(arr.type):
        arr = arr.dictionary_decode()
    bad = pc.is_null(arr)
    if not pa.types.is_integer(arr.type):
        arr = arr.cast(pa.large_string())
        bad = pc.or_(bad, pc.equal(pc.binary_length(arr), 0))
    bad_np = np.asarray(bad.to_numpy(zero_copy_only=False))
    if bad_np.any():
        r = int(np.argmax(bad_np)) + piece.first_row + 1
        raise ClusterInputError(f"{piece.path}: row {r}: null or empty cell in column {column!r}")
    if pa.types.is_integer(arr.type):
        try:
            arr = arr.cast(pa.int64())
        except pa.ArrowInvalid:
            raise ClusterInputError(
                f"{piece.path}: column {column!r} holds integers beyond int64"
            ) from None
    return arr


def read_piece(piece: Piece, names: tuple[str, str]) -> Any:
    """The piece's edges as a pandas DataFrame ``a, b`` (names) and ``row`` (global row).

    Runs on a worker. Raises :class:`ClusterInputError` naming the file and row on a
    null or empty cell.
    """
    import numpy as np  # noqa: PLC0415 (on the worker)
    import pandas as pd  # noqa: PLC0415 (as above)
    import pyarrow as pa  # noqa: PLC0415 (as above)
    import pyarrow.compute as pc  # noqa: PLC0415 (as above)
    import pyarrow.parquet as pq  # noqa: PLC0415 (as above)

    columns = names

    try:
        table = pq.ParquetFile(piece.path).read_row_groups(
            list(piece.row_groups), columns=list(columns)
        )
    except (OSError, pa.ArrowException) as exc:
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ClusterInputError(f"{piece.path}: cannot read ({msg})") from None
    a = _check_cells(pa, pc, table.column(columns[0]).combine_chunks(), piece, columns[0])
    b = _check_cells(pa, pc, table.column(columns[1]).combine_chunks(), piece, columns[1])
    if pa.types.is_integer(a.type) != pa.types.is_integer(b.type):
        raise ClusterInputError(f"{piece.path}: mixed types in columns {columns!r}")
    if pa.types.is_integer(a.type):
        av, bv = a.to_numpy(), b.to_numpy()
    else:
        av = a.to_pandas().astype("str")
        bv = b.to_pandas().astype("str")
    row = np.arange(piece.offset, piece.offset + len(av), dtype=np.int64)
    return pd.DataFrame({"a": av, "b": bv, "row": row}, index=pd.RangeIndex(len(row)))


def read_pieces(data: Dataset) -> Any:
    """The dataset as a Dask DataFrame ``a, b, row``: one partition a piece (``dd.from_map``)."""
    import dask.dataframe as dd  # noqa: PLC0415 (the cluster path only)
    import numpy as np  # noqa: PLC0415
    import pandas as pd  # noqa: PLC0415

    dtype: Any = np.int64 if data.integers else "str"
    meta = pd.DataFrame(
        {
            "a": pd.Series([], dtype=dtype),
            "b": pd.Series([], dtype=dtype),
            "row": pd.Series([], dtype=np.int64),
        }
    )
    return dd.from_map(  # type: ignore[no-untyped-call]
        read_piece, list(data.pieces), names=data.columns, meta=meta, enforce_metadata=False
    )


def tokens(edges: Any) -> Any:
    """``(name, pos)`` for every cell of a partition ``a, b, row``: ``pos = 2·row + side``."""
    import pandas as pd  # noqa: PLC0415

    return pd.DataFrame(
        {
            "name": pd.concat([edges["a"], edges["b"]], ignore_index=True),
            "pos": pd.concat([edges["row"] * 2, edges["row"] * 2 + 1], ignore_index=True),
        }
    )
