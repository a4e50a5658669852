"""The streamed ``--json`` certificate and the topological components/condensation.

Oracles: the certificate is compared with a second builder written here the way
the old one was (a dictionary per source, members by one boolean mask per
source, ``json.dumps``), after parsing the streamed bytes back; the components
and the condensation with networkx (``strongly_connected_components``,
``condensation``, ``is_directed_acyclic_graph``) on random graphs (hypothesis)
and on a real-shaped graph file.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid import par
from proofgrid.cli import main
from proofgrid.graph.sparse import Engine, par_certificate, topological
from proofgrid.par import read_graph
from proofgrid.par.writers import write_certificate_json

NAMES = ["a", "b", 'q"uote', "back\\slash", "é", "日本", "x,y"[:1], "7", "007", "long" * 40]


def oracle_certificate(graph: Any, cert: Any, limit: int, missing: int | None) -> dict[str, Any]:
    """The old dictionary builder: one dictionary and one mask per source."""
    seeds = graph.names(cert.seeds)
    sources = []
    for seed, comp in zip(seeds, cert.seed_components.tolist(), strict=True):
        members = np.flatnonzero(cert.labels == comp)
        sources.append(
            {"seed": seed, "size": int(members.size), "members": graph.names(members[:limit])}
        )
    out: dict[str, Any] = {
        "file": graph.source,
        "nodes": graph.n,
        "edges": graph.m,
        "par": cert.par,
        "seeds": seeds,
        "cost": cert.cost,
        "components": cert.n_components,
        "condensation_edges": cert.condensation_edges,
        "members_limit": limit,
        "sources": sources,
        "engine": cert.engine.value,
    }
    if missing is not None:
        out["check"] = {"ok": missing == 0, "unreached": missing}
    return out


edges = st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)), min_size=0, max_size=40)


def _file(tmp_path: Path, rows: list[tuple[str, str]], isolated: list[str]) -> Path:
    text = "".join(f"{a} {b}\n" for a, b in rows) + "".join(f"{v}\n" for v in isolated)
    path = tmp_path / "g.txt"
    path.write_text(text, encoding="utf-8")
    return path


@settings(max_examples=60, deadline=None)
@given(edges, st.lists(st.sampled_from(NAMES), max_size=4), st.integers(0, 3))
def test_streamed_json_is_the_oracles_certificate(
    tmp_path_factory: pytest.TempPathFactory,
    rows: list[tuple[str, str]],
    isolated: list[str],
    limit: int,
) -> None:
    path = _file(tmp_path_factory.mktemp("j"), rows, isolated)
    graph = read_graph(path)
    for engine in (Engine.PYTHON, Engine.COMPILED):
        cert = par_certificate(
            graph.src, graph.dst, graph.n, engine=engine, condensation_edges=True
        )
        out = io.BytesIO()
        write_certificate_json(
            out,
            source=graph.source,
            n=graph.n,
            m=graph.m,
            graph=graph,
            cert=cert,
            costs=None,
            members_limit=limit,
            missing=0,
        )
        text = out.getvalue().decode("utf-8")
        assert "\n" not in text.rstrip("\n")  # compact: one line
        want = oracle_certificate(graph, cert, limit, 0)
        assert json.loads(text) == want
        # Byte for byte what Python's own encoder writes, compact.
        assert text == json.dumps(want, separators=(",", ":"), ensure_ascii=False) + "\n"


def test_cli_json_many_blocks_and_indent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """More sources than a block (4096), so blocks join; --indent gives the same document."""
    k = 9000
    rows = [(f"s{i}", f"t{i % 50}") for i in range(k)] + [(f"t{i}", f"t{i + 1}") for i in range(49)]
    path = _file(tmp_path, rows, [])
    assert main(["par", str(path), "--json", "--members-limit", "2"]) == 0
    compact = capsys.readouterr().out
    assert main(["par", str(path), "--json", "--members-limit", "2", "--indent", "2"]) == 0
    indented = capsys.readouterr().out
    graph = read_graph(path)
    cert = par_certificate(graph.src, graph.dst, graph.n, condensation_edges=True)
    want = oracle_certificate(graph, cert, 2, None)
    assert json.loads(compact) == want == json.loads(indented)
    assert compact.count("\n") == 1 and indented.count("\n") > k


def _nx(graph: Any) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(range(graph.n))
    g.add_edges_from(zip(graph.src.tolist(), graph.dst.tolist(), strict=True))
    return g


def check_topological(graph: Any, engine: Engine) -> None:
    cert = par_certificate(graph.src, graph.dst, graph.n, engine=engine)
    topo = topological(cert, graph.src, graph.dst)
    g = _nx(graph)
    comp = topo.components.tolist()
    # The same partition as networkx's strongly connected components.
    groups: dict[int, set[int]] = {}
    for v, c in enumerate(comp):
        groups.setdefault(c, set()).add(v)
    assert {frozenset(s) for s in groups.values()} == {
        frozenset(s) for s in nx.strongly_connected_components(g)
    }
    assert sorted(groups) == list(range(topo.count))
    # The condensation's edges: networkx's, relabelled; each a < b, sorted, once.
    cond = nx.condensation(g)
    want = {
        (comp[next(iter(cond.nodes[x]["members"]))], comp[next(iter(cond.nodes[y]["members"]))])
        for x, y in cond.edges
    }
    got = list(zip(topo.edge_src.tolist(), topo.edge_dst.tolist(), strict=True))
    assert got == sorted(want)
    assert all(a < b for a, b in got)
    # Sources first, in seed order.
    sources = sorted(c for c in range(topo.count) if not any(b == c for _, b in got))
    assert sources == list(range(cert.par))
    assert [comp[s] for s in cert.seeds.tolist()] == list(range(cert.par))


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 30).flatmap(
        lambda n: st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=80)
    )
)
def test_components_in_topological_order_against_networkx(rows: list[tuple[int, int]]) -> None:
    arr = np.array(rows or [(0, 0)], dtype=np.int64).reshape(-1, 2)
    res = par(arr)
    graph = res._run.inp if res._run is not None else None
    assert graph is not None
    for engine in (Engine.PYTHON, Engine.COMPILED):
        check_topological(_Arrays(graph.nodes.n, graph.src, graph.dst), engine)


class _Arrays:
    def __init__(self, n: int, src: Any, dst: Any) -> None:
        self.n, self.src, self.dst = n, src, dst


def test_components_on_a_real_shaped_file(tmp_path: Path) -> None:
    """A random graph of 3,000 named nodes with cycles (the shape of a dependency file)."""
    rng = np.random.default_rng(7)
    n, m = 3000, 5000
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    path = _file(tmp_path, [(f"pkg-{x}", f"pkg-{y}") for x, y in zip(a, b, strict=True)], [])
    graph = read_graph(path)
    for engine in (Engine.PYTHON, Engine.COMPILED):
        check_topological(graph, engine)


def test_cli_components_and_condensation_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, [("a", "b"), ("b", "a"), ("c", "a"), ("b", "d"), ("e", "d")], ["f"])
    comps, cond = tmp_path / "c.tsv", tmp_path / "e.tsv"
    assert main(["par", str(path), "--components", str(comps), "--condensation", str(cond)]) == 0
    assert "par: 3" in capsys.readouterr().out
    got = dict(line.split("\t") for line in comps.read_text().splitlines())
    assert set(got) == {"a", "b", "c", "d", "e", "f"}
    assert got["a"] == got["b"]
    # Sources c, e, f first (seed order: first appearance), then {a, b}, then d.
    assert [got[v] for v in ("c", "e", "f", "a", "d")] == ["0", "1", "2", "3", "4"]
    assert cond.read_text().splitlines() == ["0\t3", "1\t4", "3\t4"]
    assert main(["par", str(path), "--components", str(tmp_path / "no" / "x")]) == 74
    assert "cannot write the components" in capsys.readouterr().err


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abcdefg"), st.sampled_from("abcdefg")), max_size=30))
def test_par_condensation_api_against_networkx(rows: list[tuple[str, str]]) -> None:
    res = par(rows)
    c = res.condensation()
    g = nx.DiGraph(rows)
    ids = {v: i for i, v in enumerate(c.nodes)}
    assert set(ids) == set(g.nodes)
    comp = c.components.tolist()
    cond = nx.condensation(g)
    want = {
        (
            comp[ids[next(iter(cond.nodes[x]["members"]))]],
            comp[ids[next(iter(cond.nodes[y]["members"]))]],
        )
        for x, y in cond.edges
    }
    assert [tuple(e) for e in c.edges.tolist()] == sorted(want)
    assert [comp[ids[s]] for s in res.seeds] == list(range(res.par))


def test_cli_json_with_costs_is_the_python_certificate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The streamed writer against the Python API's dictionary builder, with costs."""
    path = _file(tmp_path, [("a", "b"), ("b", "a"), ("c", "a"), ("d", "e"), ("e", "d")], ["f"])
    costs = tmp_path / "c.txt"
    costs.write_text("a 2.5\nb 0.25\nc 0.5\nd 3\ne 7\n")
    assert main(["par", str(path), "--json", "--costs", str(costs), "--check"]) == 0
    got = json.loads(capsys.readouterr().out)
    want = par(str(path), costs=str(costs)).certificate(check=True)
    want["file"] = str(path)
    assert got == want
    assert [s["seed_cost"] for s in got["sources"]] == [0.5, 3, 1] and got["cost"] == 4.5


@settings(max_examples=200, deadline=None)
@given(
    st.binary(min_size=1, max_size=200),
    st.lists(st.tuples(st.integers(0, 199), st.integers(0, 30)), max_size=40),
    st.sampled_from([1, 3, 16, 1 << 20]),
)
def test_gather_copies_the_spans_end_to_end(
    data: bytes, spans: list[tuple[int, int]], ramp: int
) -> None:
    """:func:`proofgrid.par.names.gather` against slicing and joining the bytes: any
    spans (empty, overlapping, out of order), indexed a step of 1, 3, 16 or 2**20
    output bytes at a time."""
    from proofgrid.par import names  # noqa: PLC0415

    spans = [(s % len(data), ln) for s, ln in spans]
    spans = [(s, min(ln, len(data) - s)) for s, ln in spans]
    buf = np.frombuffer(data, dtype=np.uint8)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(names, "_RAMP", ramp)
        names._ramp.cache_clear()
        got = names.gather(buf, [s for s, _ in spans], [ln for _, ln in spans])
    names._ramp.cache_clear()
    assert got.tobytes() == b"".join(data[s : s + ln] for s, ln in spans)
