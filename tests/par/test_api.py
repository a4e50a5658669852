"""``from proofgrid import par``: every input kind against networkx's condensation.

Oracle: networkx builds the same graph with the same node order independently
(``nx.condensation``; a source component has in-degree 0 there). The expected
seeds are, per source component, the cheapest member (ties: the earliest in the
kind's node order), listed in node order; par is their number and the cost their
exact sum.
"""

from __future__ import annotations

import doctest
import importlib
import json
import subprocess
import sys
import tempfile
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import igraph
import networkx as nx
import numpy as np
import pandas as pd
import polars as pl
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import proofgrid
from proofgrid import Par, ParInputError, par
from proofgrid.cli import main
from tests.strategies import PAR_NAMES, cost_maps, edge_rows

Rows = list[tuple[Any, Any]]


def order_of(rows: Rows) -> list[Any]:
    """First appearance over rows, source before destination (None: no name)."""
    seen: dict[Any, None] = {}
    for a, b in rows:
        for v in (a, b):
            if v is not None:
                seen.setdefault(v, None)
    return list(seen)


def expected(
    order: list[Any], edges: list[tuple[Any, Any]], costs: dict[Any, Any] | None = None
) -> tuple[int, tuple[Any, ...], Decimal]:
    g = nx.DiGraph()
    g.add_nodes_from(order)
    g.add_edges_from(edges)
    cond = nx.condensation(g)
    pos = {v: i for i, v in enumerate(order)}
    cost = {v: Decimal(str((costs or {}).get(v, 1))) for v in order}
    seeds = []
    for c in cond.nodes:
        if cond.in_degree(c) == 0:
            seeds.append(min(cond.nodes[c]["members"], key=lambda v: (cost[v], pos[v])))
    seeds.sort(key=pos.__getitem__)
    return len(seeds), tuple(seeds), sum((cost[v] for v in seeds), Decimal(0))


def assert_matches(res: Par, order: list[Any], edges: list[Any], costs: Any = None) -> None:
    want_par, want_seeds, want_cost = expected(order, edges, costs)
    assert res.par == want_par
    assert res.seeds == want_seeds
    assert Decimal(res.cost) == want_cost
    # The components on demand are networkx's strongly connected components.
    got = {frozenset(c) for c in res.components()}
    g = nx.DiGraph()
    g.add_nodes_from(order)
    g.add_edges_from(edges)
    assert got == {frozenset(c) for c in nx.strongly_connected_components(g)}
    assert len(res.source_components()) == res.par
    for seed, comp in zip(res.seeds, res.source_components(), strict=True):
        assert seed in comp


def pairs_of(rows: Rows) -> list[tuple[Any, Any]]:
    return [(a, b) for a, b in rows if b is not None]


SETTINGS = settings(max_examples=60, deadline=None)
#: Integer stand-ins for the names, sparse (so arrays hold values, not ids).
PAR_INT = {name: 1000 + 7 * i for i, name in enumerate(PAR_NAMES)}


@SETTINGS
@given(edge_rows(isolated=False), st.data())
def test_pairs(rows: Rows, data: st.DataObject) -> None:
    costs = data.draw(cost_maps(order_of(rows)))
    assert_matches(par(rows, costs=costs or None), order_of(rows), rows, costs)
    assert_matches(par(iter(rows)), order_of(rows), rows)  # any iterable


@SETTINGS
@given(edge_rows(isolated=False), st.booleans())
def test_numpy_array(rows: Rows, ints: bool) -> None:
    if ints:
        rows = [(PAR_INT[a], PAR_INT[b]) for a, b in rows]
    arr = np.array(rows, dtype=np.int64 if ints else str).reshape(-1, 2)
    res = par(arr)
    assert_matches(res, order_of(rows), rows)
    assert all(type(s) is (int if ints else str) for s in res.seeds)


def first_missing(rows: Rows) -> int | None:
    """The 1-based row of the first None cell (a DataFrame refuses it), or None."""
    return next((r for r, (a, b) in enumerate(rows, 1) if a is None or b is None), None)


@SETTINGS
@given(edge_rows(), st.booleans(), st.data())
def test_pandas(rows: Rows, ints: bool, data: st.DataObject) -> None:
    if ints:
        rows = [(PAR_INT[a], None if b is None else PAR_INT[b]) for a, b in rows]
    df = pd.DataFrame(rows, columns=["src", "dst"], dtype=object)
    df.insert(0, "weight", 1)
    bad = first_missing(rows)
    if bad is not None:  # a null cell is refused with its row, as in arrays and pairs
        with pytest.raises(ParInputError, match=rf"^<DataFrame>: row {bad}: the destination"):
            par(df, columns=("src", "dst"))
        return
    costs = data.draw(cost_maps(order_of(rows)))
    res = par(df, costs=pd.Series(costs, dtype=object), columns=("src", "dst"))
    assert_matches(res, order_of(rows), pairs_of(rows), costs)
    # First two columns by default.
    assert par(df[["src", "dst"]]) == par(df, columns=("src", "dst"))


@SETTINGS
@given(edge_rows(), st.booleans())
def test_polars(rows: Rows, ints: bool) -> None:
    if ints:
        rows = [(PAR_INT[a], None if b is None else PAR_INT[b]) for a, b in rows]
    df = pl.DataFrame(
        {"s": [a for a, _ in rows], "d": [b for _, b in rows]},
        schema={"s": pl.Int64 if ints else pl.String, "d": pl.Int64 if ints else pl.String},
    )
    bad = first_missing(rows)
    if bad is not None:  # a null cell is refused with its row, as in arrays and pairs
        with pytest.raises(ParInputError, match=rf"^<DataFrame>: row {bad}: the destination"):
            par(df)
        return
    res = par(df)
    assert_matches(res, order_of(rows), pairs_of(rows))
    assert all(type(s) is (int if ints else str) for s in res.seeds)


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (pd.DataFrame({"s": ["a", "b"], "d": ["b", None]}), "row 2: the destination node is "),
        (
            pd.DataFrame({"s": [1.0, float("nan")], "d": [2.0, 3.0]}),
            "row 2: the source node is nan",
        ),
        (
            pd.DataFrame({"s": pd.array([1, None], dtype="Int64"), "d": [2, 3]}),
            "row 2: the source node is <NA>",
        ),
        (pd.DataFrame({"s": [None, "b"], "d": ["b", "a"]}, dtype=object), "row 1: the source"),
        (pl.DataFrame({"s": [1, 2], "d": [2, None]}), "row 2: the destination node is None"),
        (pl.DataFrame({"s": ["x", None], "d": ["y", "z"]}), "row 2: the source node is None"),
        (
            pl.DataFrame({"s": [1.0, float("nan")], "d": [2.0, 3.0]}),
            "row 2: the source node is nan",
        ),
    ],
)
def test_dataframe_null_cells_are_refused_with_their_row(frame: Any, message: str) -> None:
    """A None/NaN/NA/null node in a DataFrame is refused naming its row, as a numpy
    array's or a pair's is (issue 34): it used to be read as an isolated node."""
    with pytest.raises(ParInputError) as err:
        par(frame)
    assert str(err.value).startswith("<DataFrame>: " + message)
    with pytest.raises(ParInputError, match=r"^<array>: row 1: the destination node is nan$"):
        par(np.array([[1.0, np.nan]]))  # the same shape of message


def graph_case(rows: Rows) -> tuple[list[Any], list[tuple[int, int]]]:
    order = order_of(rows)
    index = {v: i for i, v in enumerate(order)}
    return order, [(index[a], index[b]) for a, b in pairs_of(rows)]


@SETTINGS
@given(edge_rows(), st.randoms(use_true_random=False), st.data())
def test_networkx(rows: Rows, rnd: Any, data: st.DataObject) -> None:
    order = order_of(rows)
    rnd.shuffle(order)  # networkx's own node order decides, not first appearance
    g = nx.DiGraph()
    g.add_nodes_from(order)
    g.add_edges_from(pairs_of(rows))
    costs = data.draw(cost_maps(order))
    assert_matches(par(g, costs=costs), order, pairs_of(rows), costs)
    m = nx.MultiDiGraph(g)
    m.add_edges_from(pairs_of(rows))  # parallel edges change nothing
    assert par(m) == par(g)


@SETTINGS
@given(edge_rows())
def test_networkx_undirected_is_both_directions(rows: Rows) -> None:
    g = nx.Graph()
    g.add_nodes_from(order_of(rows))
    g.add_edges_from(pairs_of(rows))
    both = pairs_of(rows) + [(b, a) for a, b in pairs_of(rows)]
    assert_matches(par(g), list(g), both)
    assert par(g).par == nx.number_connected_components(g)


@SETTINGS
@given(edge_rows(), st.booleans())
def test_igraph(rows: Rows, named: bool) -> None:
    order, edges = graph_case(rows)
    g = igraph.Graph(n=len(order), edges=edges, directed=True)
    if named:
        g.vs["name"] = order
        assert_matches(par(g), order, pairs_of(rows))
    else:
        assert_matches(par(g), list(range(len(order))), edges)


@SETTINGS
@given(edge_rows(), st.sampled_from(["csr", "coo", "csc", "lil"]))
def test_scipy(rows: Rows, fmt: str) -> None:
    order, edges = graph_case(rows)
    n = len(order)
    r = np.array([a for a, _ in edges], dtype=np.int64)
    c = np.array([b for _, b in edges], dtype=np.int64)
    a = sp.coo_array((np.ones(len(edges)), (r, c)), shape=(n, n)).asformat(fmt)
    assert_matches(par(a), list(range(n)), edges)
    assert_matches(par(sp.csr_matrix(a)), list(range(n)), edges)  # the old matrix class too


@settings(max_examples=30, deadline=None)
@given(edge_rows(), st.data())
def test_path_like_the_cli(rows: Rows, data: st.DataObject) -> None:
    costs = data.draw(cost_maps(order_of(rows)))
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "g.txt"
        f.write_text("".join(f"{a} {b}\n" if b is not None else f"{a}\n" for a, b in rows))
        c = Path(d) / "c.txt"
        c.write_text("".join(f"{k} {v}\n" for k, v in costs.items()))
        res = par(f, costs=c)
        assert_matches(res, order_of(rows), pairs_of(rows), costs)
        assert par(str(f)) == par(f, engine="compiled") == par(f, engine="python")


def test_explicit_zero_entries_are_not_edges() -> None:
    a = sp.csr_array((np.array([0.0, 1.0]), (np.array([0, 1]), np.array([1, 0]))), shape=(3, 3))
    assert par(a) == Par(par=2, seeds=(1, 2), cost=2)


def test_repr_pastes_back_and_result_is_frozen() -> None:
    res = par([("a", "b"), ("b", "a"), ("c", "a")], costs={"c": "0.5"})
    assert repr(res) == "Par(par=1, seeds=('c',), cost=Decimal('0.5'))"
    assert eval(repr(res), {"Par": Par, "Decimal": Decimal}) == res
    with pytest.raises(AttributeError):
        res.par = 3  # type: ignore[misc]
    pasted = Par(par=1, seeds=("c",), cost=Decimal("0.5"))
    with pytest.raises(ValueError, match="no graph behind it"):
        pasted.components()


def test_certificate_is_the_clis_json(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[2] / "examples"
    deps, costs = str(root / "build-deps.txt"), str(root / "build-costs.txt")
    for engine in ("python", "compiled"):
        assert main(["par", deps, "--costs", costs, "--json", "--check", "--engine", engine]) == 0
        cli = json.loads(capsys.readouterr().out)
        api = par(deps, costs=costs, engine=engine).certificate(check=True)
        assert api == cli
    # From an in-memory graph the certificate holds the caller's objects.
    g = nx.DiGraph([(1, 2), (2, 1), (3, 1)])
    cert = par(g).certificate(members_limit=1)
    assert cert["seeds"] == [3] and cert["components"] == 2 and cert["condensation_edges"] == 1
    assert cert["nodes"] == 3 and cert["edges"] == 3


def test_bad_inputs_are_one_line_errors() -> None:
    for bad, match in [
        (42, "cannot read a int"),
        (b"a b", "cannot read a bytes"),
        ({"a": "b"}, "cannot read a dict"),
        ([("a", "b", "c")], "item 0 is not"),
        ([("a", ["unhashable"])], "item 0 is not"),
        (np.zeros((3, 3)), r"shape \(m, 2\)"),
        (sp.csr_array((2, 3)), "square"),
        (pd.DataFrame({"a": [1]}), "two columns"),
    ]:
        with pytest.raises(ParInputError, match=match) as info:
            par(bad)
        assert "\n" not in str(info.value)
    with pytest.raises(ParInputError, match="no column 'x'"):
        par(pd.DataFrame({"a": [1], "b": [2]}), columns=("a", "x"))
    with pytest.raises(ParInputError, match="engine"):
        par([], engine="fast")
    with pytest.raises(ParInputError, match="mapping"):
        par([("a", "b")], costs=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(ParInputError, match="cost file goes with a graph file"):
        par([("a", "b")], costs="costs.txt")
    with pytest.raises(proofgrid.errors.ProofgridError, match="negative cost"):
        par([("a", "b")], costs={"a": -1})
    with pytest.raises(proofgrid.errors.ProofgridError, match="not a number"):
        par([("a", "b")], costs={"a": float("nan")})


def test_unknown_cost_nodes_warn_and_are_ignored() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        res = par([("a", "b")], costs={"zz": 5, "a": 2})
    assert res.cost == 2 and len(caught) == 1 and "'zz'" in str(caught[0].message)


def test_float_costs_are_exact_by_their_repr() -> None:
    # 0.1 + 0.2 is not 0.3 in floating point; costs are exact decimals.
    res = par([("a", "b"), ("c", "d")], costs={"a": 0.1, "c": 0.2})
    assert res.cost == Decimal("0.3")


def test_empty_graph() -> None:
    assert par([]) == Par(par=0, seeds=(), cost=0)
    assert par(nx.DiGraph()).components() == ()


def test_doctests() -> None:
    """The docstrings' examples run (numpydoc ``Examples`` sections)."""
    for name in ("proofgrid.par", "proofgrid.errors", "proofgrid.par.sources"):
        module = importlib.import_module(name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, name


HEAVY = ("networkx", "igraph", "pandas", "polars", "pyarrow", "numpy", "scipy")


def _loaded_after(code: str) -> list[str]:
    probe = (
        f"import sys\n{code}\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    return list(json.loads(out.replace("'", '"')))


def test_importing_proofgrid_loads_no_graph_or_table_library() -> None:
    assert _loaded_after("import proofgrid; from proofgrid import par, Par") == []


def test_par_on_pairs_and_arrays_loads_no_dataframe_or_graph_library() -> None:
    got = _loaded_after(
        "from proofgrid import par; import numpy as np\n"
        "par([('a', 'b'), ('b', 'c')]).certificate()\n"
        "par(np.array([[1, 2], [2, 3]])).certificate(check=True)"
    )
    assert not set(got) & {"networkx", "igraph", "pandas", "polars", "pyarrow"}


def test_a_networkx_graph_loads_only_networkx() -> None:
    got = _loaded_after(
        "import networkx as nx; from proofgrid import par\npar(nx.DiGraph([(1, 2)]))"
    )
    assert not set(got) & {"igraph", "pandas", "polars", "pyarrow"}
