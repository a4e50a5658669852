"""``proofgrid par``: minimum seed sets of real directed networks.

Thin: reads the files (:func:`proofgrid.par.read_graph`: text, compressed or tables),
asks the engine (:func:`proofgrid.graph.sparse.par_certificate`), writes the answer
(:mod:`proofgrid.par.writers`: the streamed certificate, the components and the
condensation). The engines are
imported when the command runs, so other commands do not pay for numpy/scipy at
start-up, and its options are read without typer's pydantic machinery (``ParCommand``).

Start-up: importing this module imports no typer. The typer command is built by
:func:`register` (for ``proofgrid --help``, ``par --help``, and every command line
it does not take itself); :func:`quick` takes the plain command lines (``par FILE``
with options given as separate words, plain values) and runs them without typer
and click, whose import is about a sixth of ``par`` on a 3·10⁵-edge file. Anything
else (``--opt=value``, a value starting with ``-``, ``--``, ``--help``, a mistake)
goes to typer, so every message reads as before.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, cast

from proofgrid.cli import common

if TYPE_CHECKING:
    import typer

    from proofgrid.graph.sparse import ParCertificate
    from proofgrid.par.costs import CostTable
    from proofgrid.par.names import NamedGraph

#: Out of memory: ``EX_OSERR`` of BSD's sysexits.h (not 1, which is --check's).
EXIT_NO_MEMORY = 71

HELP = """Smallest set of starting points whose cascade reaches every node.

FILE is an edge list ('-' = standard input): one 'src dst' pair per line,
separated by spaces, tabs or commas; a line with one name is an isolated node;
'#' starts a comment; a line may be up to 1 GiB long. gzip, bzip2, xz and
zstd files are decompressed (told by their first bytes). Parquet and
Arrow/Feather files are tables (first two columns, or --columns SRC,DST); with
--columns, any other FILE is CSV whose header names the columns. Par is the
number of source components of the condensation (a component no edge enters),
which is provably the minimum; one node per source component is printed, in
order of first appearance in FILE.

An input with no nodes (empty, or only comments) has par 0 and a warning on
standard error.

--json prints the certificate as compact JSON, streamed (--indent N to indent it).
--components PATH writes 'node<TAB>component' for every node, components numbered
in a topological order of the condensation (source components first, in seed
order); --condensation PATH writes its edges 'a<TAB>b' (a < b, each once).

Exit status: 0 ok, 1 --check found an unreached node, 2 bad input, 71 out of
memory (one line 'error: out of memory ...'), 74 an output could not be written.
"""


def _warn_unknown(costs: CostTable, source: str) -> None:
    if not costs.unknown_count:
        return
    line, name = costs.unknown[0]
    more = costs.unknown_count - 1
    tail = f" (and {more} more such line{'s' if more != 1 else ''})" if more else ""
    print(
        f"warning: {source}:{line}: node {name!r} is not in the graph; ignored{tail}",
        file=sys.stderr,
    )


def _pair(text: str | None, option: str) -> tuple[str, str] | None:
    if text is None:
        return None
    from proofgrid.par.tables import parse_columns  # noqa: PLC0415 (lazy, see module doc)

    return parse_columns(text, option)


def run(
    file: str,
    *,
    costs_file: str | None = None,
    columns: str | None = None,
    cost_columns: str | None = None,
    as_json: bool = False,
    check: bool = False,
    members_limit: int = 10,
    scheduler: str | None = None,
    engine: str = "auto",
    indent: int | None = None,
    components_path: str | None = None,
    condensation_path: str | None = None,
) -> None:
    """``proofgrid par FILE [options]`` once its options are read (by typer or :func:`quick`)."""
    _tune_process(text=columns is None)
    if scheduler is not None:  # the cluster path (docs/par-cluster.md)
        if check:
            common.fail("--check is not available with --scheduler")
        if components_path or condensation_path:
            common.fail("--components and --condensation are not available with --scheduler")
        from proofgrid.par import read_costs  # noqa: PLC0415 (lazy, see module doc)
        from proofgrid.par.cluster_run import run_cli  # noqa: PLC0415 (dask on use)

        cols, cost_cols = _pair(columns, "--columns"), _pair(cost_columns, "--cost-columns")
        run_cli(
            file,
            scheduler=scheduler,
            columns=cols,
            costs_file=costs_file,
            cost_columns=cost_cols,
            as_json=as_json,
            members_limit=members_limit,
            indent=indent,
            read_costs=read_costs,
        )
        return
    try:
        _run(
            file,
            costs_file=costs_file,
            columns=columns,
            cost_columns=cost_columns,
            as_json=as_json,
            indent=indent,
            check=check,
            members_limit=members_limit,
            engine=engine,
            components_path=components_path,
            condensation_path=condensation_path,
        )
    except MemoryError:
        common.fail(
            "out of memory: the graph does not fit in the memory this process may use",
            code=EXIT_NO_MEMORY,
        )


def _tune_process(*, text: bool) -> None:
    """Settle two process-wide choices for ``par``'s run, before numpy loads (the
    second only when the input is ``text``, not a table).

    * **One OpenBLAS thread**, unless the caller chose (``OPENBLAS_NUM_THREADS``) or
      numpy is already loaded (then it is too late, and not ours to change). ``par``
      does no linear algebra, but numpy's OpenBLAS starts a thread per core when it
      loads and they spin for a while: 0.077 s of CPU in a 0.12 s start-up, and a
      core taken from the threads that read the edges.
    * **glibc keeps freed blocks below 16 MiB** for reuse (``mallopt``: mmap threshold
      16 MiB, trim threshold 64 MiB; the caller's ``MALLOC_*_`` variables win). The
      scan of a text allocates a few arrays of one to three megabytes per 1 MB chunk;
      by default each is mapped fresh and returned at once, so every one of its pages
      faults in again at every chunk (about a third of the scan's CPU). The reader
      returns what it freed once it is done (:func:`proofgrid.par.scan.give_back`).
      Not for a table (Parquet, Arrow, CSV by Arrow): its batches gain nothing, and
      the blocks kept raised its peak at 2·10⁷ edges from 11.4 to 12.6 bytes an edge.

    Figures: ``farm-bench`` on ``par_tiny.txt`` and ``par_int5m.txt``, bench/README.md.
    """
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if (
        not text
        or sys.platform != "linux"
        or any(k in os.environ for k in ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"))
    ):
        return
    try:
        import ctypes  # noqa: PLC0415 (linux only)

        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):  # not glibc
        return
    mallopt(_M_MMAP_THRESHOLD, 16 << 20)
    mallopt(_M_TRIM_THRESHOLD, 64 << 20)


_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's malloc.h


def _run(
    file: str,
    *,
    costs_file: str | None,
    columns: str | None,
    cost_columns: str | None,
    as_json: bool,
    indent: int | None,
    check: bool,
    members_limit: int,
    engine: str,
    components_path: str | None,
    condensation_path: str | None,
) -> None:
    """The pipeline: read (sources, scan, keys) -> certificate -> writers."""
    from proofgrid.graph import sparse  # noqa: PLC0415 (lazy, see module doc)
    from proofgrid.par import read_costs, read_graph  # noqa: PLC0415

    try:
        chosen = sparse.Engine(engine)
    except ValueError:
        common.fail(f"--engine must be auto, python or compiled, not {engine!r}")
    if costs_file == "-" and file == "-":
        common.fail("FILE and --costs cannot both be standard input")
    if cost_columns is not None and costs_file is None:
        common.fail("--cost-columns needs --costs FILE")
    if indent is not None and not as_json:
        common.fail("--indent goes with --json")
    graph = read_graph(file, columns=_pair(columns, "--columns"))
    if graph.n == 0:
        print(
            f"warning: {graph.source} names no nodes (empty, or only blank and comment lines);"
            " par is 0",
            file=sys.stderr,
        )
    twins = graph.unicode_twins()
    if twins:
        a, b = twins[0]
        more = f" (and {len(twins) - 1} more such pairs)" if len(twins) > 1 else ""
        print(
            f"warning: {graph.source}: nodes {a!a} and {b!a} are the same text in"
            f" different Unicode normalisations (NFC/NFD); kept as two nodes{more}",
            file=sys.stderr,
        )
    costs = None
    if costs_file is not None:
        costs = read_costs(costs_file, graph, columns=_pair(cost_columns, "--cost-columns"))
        _warn_unknown(costs, "<stdin>" if costs_file == "-" else str(costs_file))
    values = None if costs is None else costs.values
    consume = not (check or components_path or condensation_path)  # edges unread after
    full: sparse.ParCertificate | None = None
    if as_json or components_path is not None or condensation_path is not None:
        full = sparse.par_certificate(
            graph.src,
            graph.dst,
            graph.n,
            values,
            engine=chosen,
            condensation_edges=as_json,
            reorder=True,  # only the set of edges matters from here on
            consume=consume,
        )
        if components_path is not None or condensation_path is not None:
            _write_condensation(graph, full, components_path, condensation_path)
    # the plain answer needs the source components only
    cert = (
        full
        if full is not None
        else sparse.par_seeds(graph.src, graph.dst, graph.n, values, engine=chosen, consume=consume)
    )
    missing: int | None = None
    first_missing = ""
    if check:
        gaps = sparse.unreached(graph.src, graph.dst, graph.n, cert.seeds, engine=chosen)
        missing = int(gaps.size)
        if missing:
            first_missing = graph.name(int(gaps[0]))
    if as_json and full is not None:
        _print_json(graph, full, costs, members_limit, missing, indent)
    else:
        lines = [f"par: {cert.par}"]
        if costs is not None:
            lines.append(f"cost: {costs.format(cert.cost)}")
        lines.append("seeds:")
        tail = None
        if missing == 0:
            tail = f"check: ok, all {graph.n} nodes reached from the {cert.par} seeds\n"
        _print_plain(graph, cert.seeds, "\n".join(lines) + "\n", tail)
    if missing:
        sys.stdout.flush()
        common.fail(
            f"check failed: {missing} of {graph.n} nodes not reached from the seeds"
            f" (first: {first_missing!r})",
            code=common.EXIT_CHECK_FAILED,
        )


def _print_plain(graph: NamedGraph, seeds: Any, head: str, tail: str | None) -> None:
    """The plain answer: ``head``, a ``  name`` line per seed, then ``tail``. On a UTF-8
    standard output the seed lines are written in bulk as bytes
    (:func:`~proofgrid.par.writers.write_seed_lines`), else one ``str`` each."""
    from proofgrid.par.writers import plain_name, write_seed_lines  # noqa: PLC0415

    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("_", "-")
    if encoding not in {"utf-8", "utf8"}:
        lines = [f"  {plain_name(name)}\n" for name in graph.names(seeds)]
        sys.stdout.write(head + "".join(lines) + (tail or ""))
        return
    sys.stdout.write(head)
    out = _binary_stdout()
    write_seed_lines(out, graph, seeds)
    if tail is not None:
        out.write(tail.encode("utf-8"))


def _binary_stdout() -> IO[bytes]:
    """Standard output as a binary stream (text written so far flushed first); a pipe
    is widened first (:func:`_widen_pipe`)."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        _widen_pipe(buffer)
        return cast("IO[bytes]", buffer)
    return cast("IO[bytes]", _TextSink(sys.stdout))


#: The pipe capacity asked for (Linux's default ceiling for an unprivileged process).
PIPE_BYTES = 1 << 20


def _widen_pipe(stream: Any) -> None:
    """If ``stream`` is a pipe (Linux), ask for a capacity of :data:`PIPE_BYTES`: the
    answer is megabytes written in blocks, and a 64 KiB pipe makes writer and reader
    take turns every 64 KiB (measured: 65 MB through ``farm-bench``'s pipe, 0.119 ->
    0.088 s). Anything else, or a refusal (a lower ``/proc/sys/fs/pipe-max-size``),
    leaves the stream as it is."""
    import stat  # noqa: PLC0415 (only for output)

    try:
        import fcntl  # noqa: PLC0415 (POSIX only)
    except ImportError:
        return
    getsize = getattr(fcntl, "F_GETPIPE_SZ", None)
    setsize = getattr(fcntl, "F_SETPIPE_SZ", None)
    try:
        fd = stream.fileno()
        if getsize is None or setsize is None or not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return
        if fcntl.fcntl(fd, getsize) < PIPE_BYTES:
            fcntl.fcntl(fd, setsize, PIPE_BYTES)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return


class _TextSink(io.RawIOBase):
    """A binary stream onto a text one (a stand-in standard output without a buffer)."""

    def __init__(self, text: IO[str]) -> None:
        self._text = text

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        self._text.write(bytes(b).decode("utf-8"))
        return len(b)


def _print_json(  # noqa: PLR0917 (private helper, called once)
    graph: NamedGraph,
    cert: ParCertificate,
    costs: CostTable | None,
    members_limit: int,
    missing: int | None,
    indent: int | None,
) -> None:
    """The certificate, streamed compact (:func:`~proofgrid.par.writers.write_certificate_json`),
    or re-indented as a whole on request."""
    from proofgrid.par.writers import write_certificate_json  # noqa: PLC0415

    def write(out: IO[bytes]) -> None:
        write_certificate_json(
            out,
            source=graph.source,
            n=graph.n,
            m=graph.m,
            graph=graph,
            cert=cert,
            costs=costs,
            members_limit=members_limit,
            missing=missing,
        )

    out = _binary_stdout()
    if indent is None:
        write(out)
    else:
        held = io.BytesIO()
        write(held)
        doc = json.loads(held.getvalue())
        out.write((json.dumps(doc, indent=indent, ensure_ascii=False) + "\n").encode("utf-8"))
    out.flush()


def _write_condensation(
    graph: NamedGraph,
    cert: ParCertificate,
    components_path: str | None,
    condensation_path: str | None,
) -> None:
    """``--components`` and ``--condensation`` (:func:`proofgrid.graph.sparse.topological`)."""
    from proofgrid.graph.sparse import topological  # noqa: PLC0415
    from proofgrid.par.writers import write_components, write_condensation  # noqa: PLC0415

    topo = topological(cert, graph.src, graph.dst)
    for path, what in ((components_path, "components"), (condensation_path, "condensation")):
        if path is None:
            continue
        try:
            with open(path, "wb") as fh:
                if what == "components":
                    write_components(fh, graph, topo.components)
                else:
                    write_condensation(fh, topo.edge_src, topo.edge_dst)
        except OSError as exc:
            common.fail(
                f"{path}: cannot write the {what}: {exc.strerror or exc}", code=common.EXIT_STREAM
            )


#: ``par`` options :func:`quick` reads: flags, text values, counts (digits, >= 0).
_FLAGS = {"--json": "as_json", "--check": "check"}
_TEXTS = {
    "--costs": "costs_file",
    "--columns": "columns",
    "--cost-columns": "cost_columns",
    "--engine": "engine",
    "--components": "components_path",
    "--condensation": "condensation_path",
}
_COUNTS = {"--members-limit": "members_limit", "--indent": "indent"}
_PLAIN_COUNT = re.compile(r"[0-9]{1,18}")


def quick(argv: list[str]) -> Callable[[], None] | None:
    """The ``par`` command line ``argv`` (without the program name) read without typer, as a
    call of :func:`run`; or None to leave it to typer.

    Taken: ``par`` then one FILE (``-`` or a word not starting with ``-``) and the
    options of :data:`_FLAGS`, :data:`_TEXTS` and :data:`_COUNTS`, each value a
    separate word not starting with ``-`` (counts: 1 to 18 digits), in any order;
    a repeated option keeps its last value, as click does. Everything else
    (``--scheduler``, ``--opt=value``, ``--``, help, two FILEs, a missing value) is
    None, and typer reads it as it always did. O(len(argv)).
    """
    if not argv or argv[0] != "par":
        return None
    values: dict[str, Any] = {}
    file: str | None = None
    i = 1
    while i < len(argv):
        word = argv[i]
        if word in _FLAGS:
            values[_FLAGS[word]] = True
            i += 1
        elif word in _TEXTS or word in _COUNTS:
            if i + 1 == len(argv) or argv[i + 1].startswith("-"):
                return None
            value = argv[i + 1]
            if word in _COUNTS:
                if not _PLAIN_COUNT.fullmatch(value):
                    return None
                values[_COUNTS[word]] = int(value)
            else:
                values[_TEXTS[word]] = value
            i += 2
        elif (word == "-" or not word.startswith("-")) and file is None:
            file = word
            i += 1
        else:
            return None
    if file is None:
        return None
    path = file
    return lambda: run(path, **values)


def register(app: typer.Typer) -> None:
    """Attach the ``par`` command to the root app (typer, imported here)."""
    import typer  # noqa: PLC0415 (typer only for the typer command: module doc)
    from typer.core import TyperCommand  # noqa: PLC0415

    class ParCommand(common.QuickHelp, TyperCommand):
        """typer's command, its options read without pydantic (:func:`common.quicken`)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            common.quicken(self.params)

    def par_command(
        file: str = typer.Argument(
            ..., metavar="FILE", help="Edge list or table; '-' reads standard input."
        ),
        *,
        costs_file: str | None = typer.Option(
            None,
            "--costs",
            metavar="FILE",
            help="'node cost' lines (non-negative integers or decimals; default cost 1):"
            " choose the cheapest node of each source component and print the total.",
        ),
        columns: str | None = typer.Option(
            None,
            "--columns",
            metavar="SRC,DST",
            help="Read FILE as a table (Parquet, Arrow/Feather, or CSV with a header):"
            " the two named columns are the edges.",
        ),
        cost_columns: str | None = typer.Option(
            None,
            "--cost-columns",
            metavar="NODE,COST",
            help="Read the --costs FILE as a table: the two named columns.",
        ),
        as_json: bool = typer.Option(
            False, "--json", help="Print the certificate as JSON (components, members, counts)."
        ),
        check: bool = typer.Option(
            False,
            "--check",
            help="Re-verify by BFS that the seeds reach every node; exit 1 if not.",
        ),
        members_limit: int = typer.Option(
            10, "--members-limit", min=0, metavar="N", help="Members listed per source in --json."
        ),
        scheduler: str | None = typer.Option(
            None,
            "--scheduler",
            metavar="ADDRESS|local[:N]",
            help="Run on a Dask cluster (FILE: a Parquet file, directory or glob); 'local:N'"
            " starts N local worker processes. See docs/par-cluster.md.",
        ),
        engine: str = typer.Option(
            "auto",
            "--engine",
            metavar="[auto|python|compiled]",
            help="SCC engine: pure-Python Tarjan, compiled scipy kernel, or by size (auto).",
        ),
        indent: int | None = typer.Option(
            None, "--indent", min=0, metavar="N", help="With --json: indent by N spaces."
        ),
        components_path: str | None = typer.Option(
            None,
            "--components",
            metavar="PATH",
            help="Write 'node<TAB>component' for every node to PATH; components are numbered"
            " in a topological order of the condensation, source components first.",
        ),
        condensation_path: str | None = typer.Option(
            None,
            "--condensation",
            metavar="PATH",
            help="Write the condensation's edges 'a<TAB>b' (a < b, each once) to PATH.",
        ),
    ) -> None:
        """Smallest set of starting points whose cascade reaches every node."""
        run(
            file,
            costs_file=costs_file,
            columns=columns,
            cost_columns=cost_columns,
            as_json=as_json,
            check=check,
            members_limit=members_limit,
            scheduler=scheduler,
            engine=engine,
            indent=indent,
            components_path=components_path,
            condensation_path=condensation_path,
        )

    app.command("par", help=HELP, cls=ParCommand)(par_command)
