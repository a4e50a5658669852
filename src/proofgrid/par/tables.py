"""Edges and costs from tables: Parquet, Arrow IPC / Feather and CSV with a header (pyarrow).

``proofgrid par FILE --columns SRC,DST`` reads two named columns of a table;
``--costs FILE --cost-columns NODE,COST`` reads costs the same way. The kind is
told by the file's first bytes (after :mod:`proofgrid.par.sources` has
removed any compression): ``PAR1`` is Parquet, ``ARROW1`` an Arrow IPC file
(Feather v2), ``FEA1`` Feather v1, ``ff ff ff ff`` an Arrow IPC stream; any
other file given with ``--columns`` is CSV whose first line names the columns
(separated by commas, or by tabs when the header has a tab and no comma).
Parquet and Arrow files may omit ``--columns``: the first two columns are used.

Meaning: the same as the text edge list it stands for
--------------------------------------------------------
Row ``i`` is the line ``SRC[i] DST[i]``. A null (or empty) cell leaves that
name out, so a row with one name is an isolated node and a row with none is a
blank line. Nodes are numbered in order of first appearance over the rows, the
source cell before the destination cell of each row, exactly as in a text
file, so par, the seeds and their order are those of the equivalent text file.
Names are the cells' text: strings as they are (CSV cells are read as strings,
so ``007`` stays ``007``), integers in decimal. A string column and an integer
column together are compared as text.

Node columns must hold integers or strings (dictionary-encoded too); cost
columns integers, decimals, floats (read by their shortest decimal repr:
``2.5`` is exactly 2.5) or decimal text as in a text cost file. Anything else,
a missing column or an unreadable file is one line of :class:`ColumnarError`.

Method: pyarrow reads only the named columns. String cells are keyed in place,
from arrow's own data buffers, by the text reader's keying of names
(:func:`proofgrid.par.keys.arrow.key_columns`: the same exact comparison, the
same first-appearance numbering), over the interleaving src0, dst0, src1, ...;
integer cells by the text reader's integer keying (a table indexed by value
when dense, else a hash table). O(rows) expected; memory the two columns, one
copy of their bytes and the codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from proofgrid.errors import ProofgridError, require_extra
from proofgrid.graph.compiled import pair_arrays, phase
from proofgrid.par.costs import MAX_SCALED, CostTable, scale_costs
from proofgrid.par.keys import first_appearance, nfc_twins
from proofgrid.par.keys.arrow import valid_mask
from proofgrid.par.names import NameBytes, NamedGraph
from proofgrid.par.scan import give_back

if TYPE_CHECKING:
    import pyarrow as pa

    from proofgrid.par.sources import Source

__all__ = [
    "ColumnarEdges",
    "ColumnarError",
    "parse_columns",
    "read_columnar_costs",
    "read_columnar_edges",
    "table_kind",
]

Int32Array = npt.NDArray[np.int32]
_FEATURE = "reading Parquet, Arrow and CSV tables"


class ColumnarError(ProofgridError):
    """A table that cannot be read as edges or costs; the message is ``FILE: reason``."""


def _pa() -> Any:
    return require_extra("pyarrow", extra="arrow", feature=_FEATURE)


def table_kind(head: bytes) -> str | None:
    """``parquet``, ``arrow`` (IPC file / Feather v2), ``feather1``, ``arrow-stream``
    or None (text: CSV or an edge list), from a file's first plain bytes.

    A magic number counts only when a binary byte (a control character no text
    file holds) follows it within the first 8 bytes, so an edge list whose first
    node is named ``PAR1`` stays text."""
    for magic, kind in _MAGIC:
        if head.startswith(magic) and any(_binary(c) for c in head[len(magic) : 8]):
            return kind
    return None


_MAGIC = (
    (b"PAR1", "parquet"),
    (b"ARROW1", "arrow"),
    (b"FEA1", "feather1"),
    (b"\xff\xff\xff\xff", "arrow-stream"),
)


def _binary(byte: int) -> bool:
    return byte < 9 or 14 <= byte < 32 or byte == 127


def parse_columns(text: str, option: str) -> tuple[str, str]:
    """``"SRC,DST"`` -> ``("SRC", "DST")``; a :class:`ColumnarError` names ``option``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise ColumnarError(f"{option} takes two column names separated by a comma, not {text!r}")
    return parts[0], parts[1]


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _csv_delimiter(src: Source) -> str:
    header = src.stream.peek(1 << 16).split(b"\n", 1)[0]
    return "\t" if b"\t" in header and b"," not in header else ","


def _read_table(src: Source, kind: str | None, columns: tuple[str, str] | None) -> pa.Table:
    """The two wanted columns of the table in ``src`` (``columns`` None: the first two)."""
    pa = _pa()
    try:
        if kind is None:
            if columns is None:
                raise ColumnarError(f"{src.name}: a CSV table needs its column names (--columns)")
            csv = require_extra("pyarrow.csv", extra="arrow", feature=_FEATURE)
            header = src.stream.peek(1 << 16).split(b"\n", 1)[0].decode("utf-8", "replace")
            delimiter = _csv_delimiter(src)
            names = [h.strip().strip('"') for h in header.rstrip("\r").split(delimiter)]
            _check_names(src.name, names, columns)
            table = csv.read_csv(
                src.stream,
                parse_options=csv.ParseOptions(delimiter=delimiter),
                convert_options=csv.ConvertOptions(
                    include_columns=list(columns),
                    column_types=dict.fromkeys(columns, pa.string()),
                    strings_can_be_null=True,
                    null_values=[""],
                ),
            )
        else:
            data = src.path if src.path is not None else pa.BufferReader(src.stream.read())
            if kind == "parquet":
                pq = require_extra("pyarrow.parquet", extra="arrow", feature=_FEATURE)
                file = pq.ParquetFile(data)
                names = list(file.schema_arrow.names)
                wanted = _check_names(src.name, names, columns)
                table = file.read(columns=list(wanted))
            elif kind == "arrow-stream":
                table = pa.ipc.open_stream(data).read_all()
                wanted = _check_names(src.name, table.column_names, columns)
                table = table.select(list(wanted))
            else:
                feather = require_extra("pyarrow.feather", extra="arrow", feature=_FEATURE)
                table = feather.read_table(data, memory_map=False)
                wanted = _check_names(src.name, table.column_names, columns)
                table = table.select(list(wanted))
            if columns is not None:
                table = table.select(list(columns))
    except ColumnarError:
        raise
    except (pa.ArrowException, OSError, ValueError) as exc:
        raise ColumnarError(f"{src.name}: cannot read the table: {_one_line(exc)}") from None
    return table


def _check_names(source: str, names: list[str], columns: tuple[str, str] | None) -> tuple[str, str]:
    if columns is None:
        if len(names) < 2:
            raise ColumnarError(f"{source}: the table has {len(names)} column(s); need two")
        return names[0], names[1]
    if columns[0] == columns[1]:
        raise ColumnarError(f"{source}: the two columns must differ, not {columns[0]!r} twice")
    for c in columns:
        if names.count(c) > 1:
            raise ColumnarError(
                f"{source}: column {c!r} is ambiguous: the table has {names.count(c)}"
            )
        if c not in names:
            shown = ", ".join(repr(n) for n in names[:8]) + (", ..." if len(names) > 8 else "")
            raise ColumnarError(f"{source}: no column {c!r} (columns: {shown})")
    return columns


def _node_array(source: str, name: str, col: Any) -> Any:
    """One node column as a plain arrow array of integers or (large) strings."""
    pa = _pa()
    if pa.types.is_string(col.type) or pa.types.is_large_string(col.type):
        return col  # keyed in place, chunk by chunk; empty strings are skipped then
    arr = col.combine_chunks() if isinstance(col, pa.ChunkedArray) else col
    if pa.types.is_dictionary(arr.type):
        arr = arr.dictionary_decode()
    t = arr.type
    if pa.types.is_null(t):
        return pa.nulls(len(arr), pa.string())
    if pa.types.is_integer(t):
        return arr
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return arr  # keyed in place; empty strings are skipped then
    if pa.types.is_string_view(t):
        return arr.cast(pa.large_string())
    raise ColumnarError(
        f"{source}: column {name!r} holds {t}; node columns must hold integers or strings"
    )


def _common(source: str, a: Any, b: Any) -> tuple[Any, Any, bool]:
    """Bring two node arrays to one type: int64 if both are integers, else text."""
    pa = _pa()
    ai, bi = pa.types.is_integer(a.type), pa.types.is_integer(b.type)
    if ai and bi:
        try:
            return a.cast(pa.int64()), b.cast(pa.int64()), True
        except pa.ArrowInvalid:  # uint64 beyond int64: compare as text
            pass
    return _text(a), _text(b), False


def _text(arr: Any) -> Any:
    """A node array as strings: string columns as they are, integers in decimal."""
    pa = _pa()
    if pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type):
        return arr
    return arr.cast(pa.large_string())


@dataclass(frozen=True, eq=False)
class ColumnarEdges:
    """Edges read from a table, numbered as the equivalent text edge list would be.

    Attributes
    ----------
    source : str
        File name for messages.
    n : int
        Number of distinct nodes.
    src, dst : numpy.ndarray of int32
        The edges (rows with both names), in row order.
    rows : int
        Number of rows of the table.
    integers : bool
        The names are integers (both columns integer-typed).
    """

    source: str
    n: int
    src: Int32Array
    dst: Int32Array
    rows: int
    integers: bool
    _nodes: Any  # arrow array of the n distinct names, by node id (int32, int64 or text)

    @property
    def m(self) -> int:
        """Number of edges (rows with both names; repeats and self-loops included)."""
        return int(self.src.size)

    def values(self, nodes: npt.ArrayLike) -> list[Any]:
        """The cells' own values (``int`` or ``str``) of several nodes, in the order given."""
        ids = np.asarray(nodes, dtype=np.int64).ravel()
        return list(self._nodes.take(ids).to_pylist())

    def names(self, nodes: npt.ArrayLike) -> list[str]:
        """Names (the cells' text) of several nodes, in the order given."""
        return [str(v) for v in self.values(nodes)]

    def name(self, v: int) -> str:
        """The name of node ``v``."""
        return self.names([v])[0]

    def name_bytes(self, nodes: npt.ArrayLike) -> NameBytes:
        """The names (the cells' text) of several nodes as UTF-8 bytes end to end, from
        Arrow's buffers (integers cast to text by Arrow); O(k + bytes)."""
        pa = _pa()
        ids = np.asarray(nodes, dtype=np.int64).ravel()
        arr = self._nodes.take(pa.array(ids)).cast(pa.large_string())
        if isinstance(arr, pa.ChunkedArray):
            arr = arr.combine_chunks()
        _, offsets, data = arr.buffers()
        off = np.frombuffer(offsets, dtype=np.int64, count=len(arr) + 1, offset=8 * arr.offset)
        raw = (
            np.frombuffer(data, dtype=np.uint8)
            if data is not None and data.size
            else np.zeros(0, dtype=np.uint8)
        )
        return NameBytes(raw, off[:-1].copy(), np.diff(off))

    def node_array(self) -> Any:
        """The n names as an arrow array (int32, int64 or large_string), by node id."""
        return self._nodes

    def unicode_twins(self) -> list[tuple[str, str]]:
        """Pairs of distinct nodes whose names are the same text in different Unicode
        normalisations (NFC and NFD), as :meth:`.EdgeList.unicode_twins` finds them
        in a text file; only the non-ASCII names are decoded. O(n) vectorised plus
        O(non-ASCII names) in Python."""
        if self.integers or self.n == 0:
            return []
        pc = _pa().compute
        odd = np.flatnonzero(~pc.string_is_ascii(self._nodes).to_numpy(zero_copy_only=False))
        return nfc_twins(self._nodes.take(odd).to_pylist())


def read_columnar_edges(src: Source, columns: tuple[str, str] | None) -> ColumnarEdges:
    """Edges from two columns of the table in ``src`` (module docstring for the meaning).

    Raises
    ------
    ColumnarError
        A missing column, a column of another type, or an unreadable table.
    MissingExtraError
        pyarrow is not installed.
    """
    kind = table_kind(src.head)
    if kind == "parquet" and src.path is not None:
        batched = _parquet_integer_edges(src, src.path, columns)
        if batched is not None:
            return batched
    table = _read_table(src, kind, columns)
    names = table.column_names
    a = _node_array(src.name, names[0], table.column(0))
    b = _node_array(src.name, names[1], table.column(1))
    a, b, integers = _common(src.name, a, b)
    rows = len(a)
    codes: npt.NDArray[np.integer[Any]]
    if integers:
        codes, nodes = _integer_tokens(a, b)
    else:
        codes, nodes = _string_tokens(src.name, a, b)
    n = len(nodes)
    if n >= 2**31:
        raise ColumnarError(f"{src.name}: more than 2**31 - 1 nodes")
    s, d = codes[0::2], codes[1::2]
    edge = (s >= 0) & (d >= 0)
    s, d = (s, d) if bool(edge.all()) else (s[edge], d[edge])
    return ColumnarEdges(src.name, n, s.astype(np.int32), d.astype(np.int32), rows, integers, nodes)


_BATCH_ROWS = 1 << 18  # rows per Parquet record batch on the integer path


def _parquet_integer_edges(
    src: Source, path: str, columns: tuple[str, str] | None
) -> ColumnarEdges | None:
    """Edges of a Parquet file whose two node columns hold non-negative integers, read
    a record batch at a time straight into the int32 edge arrays: each batch's cells
    are keyed as they come by the table indexed by value of
    :class:`~proofgrid.par.keys.IntegerCoder` (first appearance, exactly as a text
    file's integer names), so neither the table nor an array over all cells is
    held; memory: the edges (8 bytes an edge, laid out one int64 an edge by
    :func:`~proofgrid.graph.compiled.pair_arrays`), the values (4 bytes a node),
    the coder's table (4 bytes a value up to the largest) and one batch. None
    (nothing kept) when a cell is null, negative or too sparse for the table, or a
    column is not integer-typed: the caller then reads the whole table. O(rows + largest value)."""
    from proofgrid.par.keys import IntegerCoder  # noqa: PLC0415

    pa = _pa()
    pq = require_extra("pyarrow.parquet", extra="arrow", feature=_FEATURE)
    try:
        # pre_buffer (pyarrow's default) caches every column chunk read until the
        # reader is closed: 7 bytes an edge here at 2e7 edges; a 1 MB stream buffer
        # instead keeps one batch's pages.
        file = pq.ParquetFile(path, pre_buffer=False, buffer_size=1 << 20)
        schema = file.schema_arrow
        wanted = _check_names(src.name, list(schema.names), columns)
        if not all(pa.types.is_integer(schema.field(c).type) for c in wanted):
            return None
        rows = int(file.metadata.num_rows)
        coder = IntegerCoder()
        limit = 4 * rows + (1 << 16)
        # One int64 an edge (compiled.pair_arrays), so that the kernel may build its
        # adjacency inside the edges' own memory (``reorder``).
        s_all, d_all = pair_arrays(rows)
        # The values by code: at most one a cell; pages never written are never
        # resident, so only the distinct values cost memory (no growth, no copy).
        # int32: the coder takes values below 2**31 - 1 only.
        uniq = np.empty(2 * rows, dtype=np.int32)
        m = 0
        for batch in file.iter_batches(batch_size=_BATCH_ROWS, columns=list(wanted)):
            a, b = batch.column(0), batch.column(1)
            if a.null_count or b.null_count:
                return None
            k = len(a)
            values = np.empty(2 * k, dtype=np.int64)
            values[0::2] = a.to_numpy(zero_copy_only=False)
            values[1::2] = b.to_numpy(zero_copy_only=False)
            if k and int(values.min()) < 0:
                return None
            got = coder.add(values, limit)
            if got is None:
                return None
            codes, order = got
            s_all[m : m + k] = codes[0::2]
            d_all[m : m + k] = codes[1::2]
            m += k
            uniq[coder.count - order.size : coder.count] = values[order]
    except (pa.ArrowException, OSError, ValueError) as exc:
        raise ColumnarError(f"{src.name}: cannot read the table: {_one_line(exc)}") from None
    uniq = uniq[: coder.count]
    del file
    pa.default_memory_pool().release_unused()
    give_back()  # what the reader's threads freed, back to the system before the kernel
    nodes = pa.Array.from_buffers(pa.int32(), uniq.size, [None, pa.py_buffer(uniq)])
    phase("read")
    return ColumnarEdges(src.name, coder.count, s_all[:m], d_all[:m], m, True, nodes)


def _interleaved(x: npt.NDArray[Any], y: npt.NDArray[Any]) -> npt.NDArray[Any]:
    out = np.empty(2 * x.size, dtype=np.result_type(x, y))
    out[0::2] = x
    out[1::2] = y
    return out


def _integer_tokens(a: Any, b: Any) -> tuple[npt.NDArray[np.int64], Any]:
    """Interleaved first-appearance codes (-1 = null) of two int64 arrays, and the values."""
    pa = _pa()
    values = _interleaved(_int64s(a), _int64s(b))
    codes, uniq = first_appearance(values, ~_interleaved(valid_mask(a), valid_mask(b)))
    uniq = np.ascontiguousarray(uniq, dtype=np.int64)
    return codes, pa.Array.from_buffers(pa.int64(), uniq.size, [None, pa.py_buffer(uniq)])


def _int64s(arr: Any) -> npt.NDArray[np.int64]:
    """The values buffer of an int64 array, as it is (a null's slot holds anything)."""
    return np.frombuffer(arr.buffers()[1], dtype=np.int64, count=len(arr), offset=8 * arr.offset)


def _string_tokens(source: str, a: Any, b: Any) -> tuple[npt.NDArray[np.int32], Any]:
    """Interleaved first-appearance codes (-1 = null or empty) of two string arrays,
    keyed in place by the text reader's Arrow keying of names
    (:func:`proofgrid.par.keys.arrow.key_columns`), and the names (large_string)."""
    from proofgrid.par.keys import arrow as arrow_keys  # noqa: PLC0415 (loaded on use)

    pa = _pa()
    try:
        codes, names = arrow_keys.key_columns([a, b])
    except arrow_keys.TooManyError:
        raise ColumnarError(f"{source}: more than 2**31 - 1 nodes") from None
    except arrow_keys.TooLongError:
        raise ColumnarError(f"{source}: more than 2 GiB of names in 65,536 rows") from None
    return codes, names.cast(pa.large_string())


# --- costs ------------------------------------------------------------------------------


def _graph_nodes(graph: NamedGraph) -> tuple[Any, bool]:
    """The graph's names as an arrow array by node id, and whether they are integers."""
    pa = _pa()
    if isinstance(graph, ColumnarEdges):
        nodes = graph.node_array()
        if graph.integers:  # int32 from the Parquet integer path: matched as int64
            nodes = nodes.cast(pa.int64())
        return nodes, graph.integers
    return pa.array(graph.names(np.arange(graph.n)), pa.large_string()), False


def read_columnar_costs(
    src: Source, columns: tuple[str, str] | None, graph: NamedGraph
) -> CostTable:
    """Costs from the columns ``(NODE, COST)`` (None: the first two of a Parquet or
    Arrow file) of the table in ``src``, for ``graph``.

    A node named twice, a null node or cost, a negative or non-numeric cost is a
    :class:`ColumnarError` ``FILE: row R: reason`` (rows count from 1, the CSV
    header not counted); nodes not in the graph are ignored and counted, as in a
    text cost file. O(rows) plus one Python step per row for non-integer costs.
    """
    pa = _pa()
    pc = require_extra("pyarrow.compute", extra="arrow", feature=_FEATURE)
    table = _read_table(src, table_kind(src.head), columns)
    node_name, cost_name = table.column_names
    node_col = _node_array(src.name, node_name, table.column(0))
    if isinstance(node_col, pa.ChunkedArray):
        node_col = node_col.combine_chunks()
    cost_col = table.column(1).combine_chunks()
    t = cost_col.type
    if pa.types.is_dictionary(t):
        cost_col = cost_col.dictionary_decode()
        t = cost_col.type
    if not (
        pa.types.is_integer(t)
        or pa.types.is_floating(t)
        or pa.types.is_decimal(t)
        or pa.types.is_string(t)
        or pa.types.is_large_string(t)
    ):
        raise ColumnarError(
            f"{src.name}: column {cost_name!r} holds {t}; costs must be numbers or decimal text"
        )
    rows = len(node_col)
    nulls = ~valid_mask(node_col)
    if nulls.any():
        r = int(np.argmax(nulls))
        raise ColumnarError(f"{src.name}: row {r + 1}: no node name")
    cost_nulls = ~valid_mask(cost_col)
    if cost_nulls.any():
        r = int(np.argmax(cost_nulls))
        raise ColumnarError(f"{src.name}: row {r + 1}: no cost")
    nodes, integers = _graph_nodes(graph)
    if integers and pa.types.is_integer(node_col.type):
        node_col = node_col.cast(pa.int64())
    else:
        node_col = node_col.cast(pa.large_string())
        nodes = nodes.cast(pa.large_string())
    codes = np.asarray(pc.fill_null(pc.index_in(node_col, value_set=nodes), -1).to_numpy())
    # A node named twice: keyed by name, so unknown names count too.
    keys = np.asarray(pc.dictionary_encode(node_col).indices.to_numpy(), dtype=np.int64)
    first = np.full(int(keys.max()) + 1 if rows else 0, rows, dtype=np.int64)
    np.minimum.at(first, keys, np.arange(rows, dtype=np.int64))
    dup = first[keys] != np.arange(rows)
    if dup.any():
        r = int(np.argmax(dup))
        raise ColumnarError(
            f"{src.name}: row {r + 1}: second cost for the same node"
            f" (first on row {int(first[keys[r]]) + 1})"
        )
    if pa.types.is_integer(t) and not pa.types.is_uint64(t):
        ints = np.asarray(cost_col.to_numpy(), dtype=np.int64)
        if rows and int(ints.min()) < 0:
            r = int(np.argmax(ints < 0))
            raise ColumnarError(f"{src.name}: row {r + 1}: negative cost: '{int(ints[r])}'")
        if rows and int(ints.max()) >= MAX_SCALED:
            r = int(np.argmax(ints >= MAX_SCALED))
            raise ColumnarError(f"{src.name}: row {r + 1}: cost too large")
        values = np.ones(graph.n, dtype=np.int64)
        known = codes >= 0
        values[codes[known]] = ints[known]
        unknown_rows = np.flatnonzero(~known)
        unknown = tuple(
            (int(r) + 1, str(v))
            for r, v in zip(
                unknown_rows[:5].tolist(),
                node_col.take(pa.array(unknown_rows[:5])).to_pylist(),
                strict=True,
            )
        )
        return CostTable(values, 0, unknown, int(unknown_rows.size))
    costs = cost_col.to_pylist()
    names = node_col.to_pylist()
    return scale_costs(
        ColumnarError,
        graph.n,
        (
            (None if c < 0 else c, v, f"row {r + 1}", r + 1, str(nm))
            for r, (c, v, nm) in enumerate(zip(codes.tolist(), costs, names, strict=True))
        ),
        src.name,
    )
