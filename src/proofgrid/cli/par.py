"""``proofgrid par``: minimum seed sets of real directed networks.

Thin: reads the files (:func:`proofgrid.par.read_graph`: text, compressed or tables),
asks the engine (through :mod:`proofgrid.graph.bridge`), prints the certificate
(:func:`proofgrid.par.certificate_json`, shared with the Python API). The engines are
imported when the command runs, so other commands do not pay for numpy/scipy at
start-up, and its options are read without typer's pydantic machinery (:class:`ParCommand`).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand

from proofgrid.cli import common

if TYPE_CHECKING:
    from proofgrid.graph.bridge import CostTable

HELP = """Smallest set of starting points whose cascade reaches every node.

FILE is an edge list ('-' = standard input): one 'src dst' pair per line,
separated by spaces, tabs or commas; a line with one name is an isolated node;
'#' starts a comment. gzip, bzip2, xz and zstd files are decompressed (told by
their first bytes). Parquet and Arrow/Feather files are tables (first two
columns, or --columns SRC,DST); with --columns, any other FILE is CSV whose
header names the columns. Par is the number of source components of the
condensation (a component no edge enters), which is provably the minimum; one
node per source component is printed, in order of first appearance in FILE.

An input with no nodes (empty, or only comments) has par 0 and a warning on
standard error.

Exit status: 0 ok, 1 --check found an unreached node, 2 bad input.
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
    from proofgrid.graph.columnar import parse_columns  # noqa: PLC0415 (lazy, see module doc)

    return parse_columns(text, option)


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
        False, "--check", help="Re-verify by BFS that the seeds reach every node; exit 1 if not."
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
) -> None:
    """Smallest set of starting points whose cascade reaches every node."""
    from proofgrid.graph import bridge  # noqa: PLC0415 (lazy, see module doc)
    from proofgrid.par import certificate_json, read_costs, read_graph  # noqa: PLC0415

    if scheduler is not None:  # the cluster path (docs/par-cluster.md)
        if check:
            common.fail("--check is not available with --scheduler")
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
        )
        return
    try:
        chosen = bridge.Engine(engine)
    except ValueError:
        common.fail(f"--engine must be auto, python or compiled, not {engine!r}")
    if costs_file == "-" and file == "-":
        common.fail("FILE and --costs cannot both be standard input")
    if cost_columns is not None and costs_file is None:
        common.fail("--cost-columns needs --costs FILE")
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
    cert = bridge.certificate(
        graph.src,
        graph.dst,
        graph.n,
        None if costs is None else costs.values,
        engine=chosen,
        condensation_edges=as_json,
    )
    missing: int | None = None
    first_missing = ""
    if check:
        gaps = bridge.unreached(graph.src, graph.dst, graph.n, cert.seeds, engine=chosen)
        missing = int(gaps.size)
        if missing:
            first_missing = graph.name(int(gaps[0]))
    if as_json:
        doc = certificate_json(
            source=graph.source,
            n=graph.n,
            m=graph.m,
            labels=graph.names,
            cert=cert,
            costs=costs,
            members_limit=members_limit,
            missing=missing,
        )
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        lines = [f"par: {cert.par}"]
        if costs is not None:
            lines.append(f"cost: {costs.format(cert.cost)}")
        lines.append("seeds:")
        lines.extend(f"  {name}" for name in graph.names(cert.seeds))
        if missing == 0:
            lines.append(f"check: ok, all {graph.n} nodes reached from the {cert.par} seeds")
        sys.stdout.write("\n".join(lines) + "\n")
    if missing:
        sys.stdout.flush()
        common.fail(
            f"check failed: {missing} of {graph.n} nodes not reached from the seeds"
            f" (first: {first_missing!r})",
            code=common.EXIT_CHECK_FAILED,
        )


class ParCommand(common.QuickHelp, TyperCommand):
    """typer's command, its options read without pydantic (:func:`common.quicken`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        common.quicken(self.params)


def register(app: typer.Typer) -> None:
    """Attach the ``par`` command to the root app."""
    app.command("par", help=HELP, cls=ParCommand)(par_command)
