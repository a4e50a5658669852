"""Par's seeds by trim and reach (:mod:`proofgrid.graph.reach`, ``sparse.par_seeds``).

Oracles: networkx's condensation (the source components, the cheapest node of each,
ties to the smallest id) and networkx's ``descendants`` for the reach, on random
multigraphs with self-loops, repeats and costs; and the full certificate
(:func:`proofgrid.graph.sparse.par_certificate`) through the command line, with the
reach path forced on small files and left to its size threshold on large ones.
"""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofgrid.graph import compiled, reach, scc, sparse
from tests.par.test_cli import subprocess_free_run

_GRAPHS = st.integers(1, 30).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=90),
        st.one_of(st.none(), st.lists(st.integers(0, 4), min_size=n, max_size=n)),
        st.booleans(),
    )
)


def _oracle(n: int, pairs: list[tuple[int, int]], costs: list[int] | None) -> list[int]:
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(pairs)
    cond = nx.condensation(g)
    seeds = []
    for c in cond.nodes:
        if cond.in_degree(c) == 0:
            members = cond.nodes[c]["members"]
            seeds.append(min(members, key=lambda v: (costs[v] if costs else 1, v)))
    return sorted(seeds)


def _packed(n: int, pairs: list[tuple[int, int]]) -> np.ndarray:
    src, dst = compiled.pair_arrays(len(pairs))
    if pairs:
        src[:] = [a for a, _ in pairs]
        dst[:] = [b for _, b in pairs]
    keys = compiled.packed(src, dst)
    assert keys is not None
    return keys


def _shape(pairs: list[tuple[int, int]], acyclic: bool) -> list[tuple[int, int]]:
    if acyclic:  # mostly forward edges: many nodes nothing enters, long reaches
        return [(min(a, b), max(a, b)) if i % 5 else (b, a) for i, (a, b) in enumerate(pairs)]
    return pairs


@settings(max_examples=300, deadline=None)
@given(_GRAPHS, st.sampled_from([1, 2, 4096]), st.sampled_from([1, 3, 1 << 20]))
def test_source_seeds_match_networkx(
    graph: tuple[int, list[tuple[int, int]], list[int] | None, bool],
    levels: int,
    step: int,
) -> None:
    n, pairs, costs, acyclic = graph
    pairs = _shape(pairs, acyclic)
    if not pairs:
        return
    keys = _packed(n, pairs)
    adj = compiled.pack_csr(keys, n)
    c = None if costs is None else np.asarray(costs, dtype=np.int64)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reach, "_STEP", step)  # small steps cut every level into pieces
        got = reach.source_seeds(adj.indptr, adj.indices, c, max_levels=levels)
    want = _oracle(n, pairs, costs)
    if got is None:  # it may give up only for the reasons it names
        entered = {b for _, b in pairs}
        g = nx.DiGraph(pairs)
        g.add_nodes_from(range(n))
        zero = [v for v in range(n) if v not in entered]
        reached = set(zero).union(*(nx.descendants(g, z) for z in zero))
        dist = nx.multi_source_dijkstra_path_length(g, zero) if zero else {}
        depth = max(dist.values(), default=0)  # the reach's levels, less one
        assert not zero or depth >= levels or 2 * (n - len(reached)) > n
        return
    assert got.tolist() == want


@settings(max_examples=300, deadline=None)
@given(
    _GRAPHS,
    st.sampled_from([1, 2, 16]),
    st.sampled_from([1, 3, 1 << 20]),
    st.sampled_from([1, 8, 1 << 30]),
)
def test_relaxed_seeds_match_networkx(
    graph: tuple[int, list[tuple[int, int]], list[int] | None, bool],
    passes: int,
    block: int,
    share: int,
) -> None:
    """The reach by passes over the edges as they lie (strided int32 views, as the
    reader lays them out), blocks of 1, 3 or all edges, the open edges kept as soon as
    a pass by head finds them (share 1), once an eighth of all or never; the edges are
    left as they were."""
    n, pairs, costs, acyclic = graph
    pairs = _shape(pairs, acyclic)
    if not pairs:
        return
    src, dst = compiled.pair_arrays(len(pairs))
    src[:], dst[:] = [a for a, _ in pairs], [b for _, b in pairs]
    c = None if costs is None else np.asarray(costs, dtype=np.int64)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reach, "_BLOCK", block)
        mp.setattr(reach, "_OPEN_SHARE", share)
        got = reach.relaxed_seeds(src, dst, n, c, max_passes=passes)
    assert list(zip(src.tolist(), dst.tolist(), strict=True)) == pairs
    if isinstance(got, reach.GaveUp):  # it may give up only for the reason it names
        g = nx.DiGraph(pairs)
        g.add_nodes_from(range(n))
        zero = [v for v in range(n) if g.in_degree(v) == 0]
        reached = set(zero).union(*(nx.descendants(g, z) for z in zero))
        dist = nx.multi_source_dijkstra_path_length(g, zero) if zero else {}
        depth = max(dist.values(), default=0)  # each pass settles a level at least
        if got is reach.GaveUp.NO_SOURCE:
            assert not zero
        elif got is reach.GaveUp.DEEP:
            assert zero and depth + 1 > passes
        else:
            assert zero and 2 * (n - len(reached)) > n
        return
    assert got.tolist() == _oracle(n, pairs, costs)


@settings(max_examples=200, deadline=None)
@given(_GRAPHS)
def test_forward_reach_matches_descendants(
    graph: tuple[int, list[tuple[int, int]], list[int] | None, bool],
) -> None:
    n, pairs, _, acyclic = graph
    pairs = _shape(pairs, acyclic)
    if not pairs:
        return
    adj = compiled.pack_csr(_packed(n, pairs), n)
    starts = np.arange(0, n, 3, dtype=np.int64)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(reach, "_STEP", 2)
        got = reach.forward_reach(adj.indptr, adj.indices, starts, max_levels=n + 1)
    assert got is not None
    g = nx.DiGraph(pairs)
    g.add_nodes_from(range(n))
    want = set(starts.tolist()).union(*(nx.descendants(g, int(s)) for s in starts))
    assert set(np.flatnonzero(got).tolist()) == want


@settings(max_examples=200, deadline=None)
@given(_GRAPHS)
def test_par_seeds_is_the_certificates_answer(
    graph: tuple[int, list[tuple[int, int]], list[int] | None, bool],
) -> None:
    n, pairs, costs, acyclic = graph
    pairs = _shape(pairs, acyclic)
    if not pairs:
        return
    want = sparse.par_certificate(
        np.array([a for a, _ in pairs]), np.array([b for _, b in pairs]), n, costs
    )
    src, dst = compiled.pair_arrays(len(pairs))
    src[:], dst[:] = [a for a, _ in pairs], [b for _, b in pairs]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scc, "PEEL_MAX", 0)  # the reach path, at any size
        got = sparse.par_seeds(src, dst, n, costs, engine=sparse.Engine.COMPILED, consume=True)
    assert got.seeds.tolist() == want.seeds.tolist() == _oracle(n, pairs, costs)
    assert got.cost == want.cost
    assert got.par == want.par


def test_a_long_path_gives_the_reach_up_and_is_still_right() -> None:
    n = 10_000  # one node nothing enters, 9,999 levels: past MAX_LEVELS
    pairs = [(i, i + 1) for i in range(n - 1)]
    adj = compiled.pack_csr(_packed(n, pairs), n)
    assert reach.source_seeds(adj.indptr, adj.indices, None) is None
    src, dst = compiled.pair_arrays(n - 1)
    src[:], dst[:] = np.arange(n - 1), np.arange(1, n)
    assert reach.relaxed_seeds(src, dst, n, None) is reach.GaveUp.DEEP  # one level a pass
    src[:], dst[:] = np.arange(n - 1), np.arange(1, n)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scc, "PEEL_MAX", 0)
        got = sparse.par_seeds(src, dst, n, engine=sparse.Engine.COMPILED, consume=True)
    assert got.seeds.tolist() == [0]


def test_the_plain_answer_is_the_certificates_on_a_random_file(tmp_path: Path) -> None:
    """Through the command line: the plain answer (reach) against ``--json`` (every
    component), on a random graph with a few nodes nothing enters and a cycle that no
    trimmed node reaches, with and without costs."""
    rng = np.random.default_rng(7)
    n, m = 3_000, 9_000
    src = rng.integers(0, n, m)
    dst = rng.integers(0, n, m)
    lines = [f"{a} {b}" for a, b in zip(src.tolist(), dst.tolist(), strict=True)]
    lines += [f"{n} {n + 1}", f"{n + 1} {n}", f"{n} 5"]  # a source cycle, reaching the rest
    f = tmp_path / "g.txt"
    f.write_text("\n".join(lines) + "\n")
    costs = tmp_path / "c.txt"
    costs.write_text("".join(f"{v} {(v * 7) % 5}\n" for v in range(n + 2)))
    seeds = reach.relaxed_seeds
    answers: list[object] = []

    def spy(*args: object, **kw: object) -> object:
        answers.append(seeds(*args, **kw))  # type: ignore[arg-type]
        return answers[-1]

    for extra in ([], ["--costs", str(costs)]):
        answers.clear()
        whole = json.loads(subprocess_free_run([str(f), "--json", *extra]))
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(scc, "PEEL_MAX", 0)
            mp.setattr(reach, "relaxed_seeds", spy)
            plain = subprocess_free_run([str(f), "--engine", "compiled", *extra]).splitlines()
        assert len(answers) == 1 and not isinstance(answers[0], reach.GaveUp)  # it answered
        assert plain[0] == f"par: {whole['par']}"
        assert plain[-len(whole["seeds"]) :] == [f"  {s}" for s in whole["seeds"]]
        assert str(n + 1) in whole["seeds"] or str(n) in whole["seeds"]


@pytest.mark.parametrize(
    ("shape", "why"),
    [("cycle", "NO_SOURCE"), ("few reach", "MOSTLY_LEFT"), ("path", "DEEP")],
)
def test_only_a_reach_cut_short_is_tried_again_by_levels(shape: str, why: str) -> None:
    """When the passes give up because nothing has in-degree 0 or most nodes are left,
    any reach would: the answer comes from every component at once, with no second
    reach by levels (the code before built the adjacency and reached again); a reach
    cut short by its passes is tried by levels. The seeds are networkx's either way."""
    n = 3_000
    if shape == "cycle":
        pairs = [(i, (i + 1) % n) for i in range(n)]
    elif shape == "few reach":  # 0 -> 1 -> 2, and a cycle through everything else
        pairs = [(0, 1), (1, 2)] + [(i, i + 1) for i in range(3, n - 1)] + [(n - 1, 3)]
    else:
        pairs = [(i, i + 1) for i in range(n - 1)]
    src, dst = compiled.pair_arrays(len(pairs))
    src[:], dst[:] = [a for a, _ in pairs], [b for _, b in pairs]
    tried: list[object] = []
    relaxed, levels = reach.relaxed_seeds, reach.source_seeds
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scc, "PEEL_MAX", 0)
        mp.setattr(
            reach, "relaxed_seeds", lambda *a, **k: tried.append(relaxed(*a, **k)) or tried[-1]
        )
        mp.setattr(reach, "source_seeds", lambda *a, **k: tried.append("levels") or levels(*a, **k))
        got = sparse.par_seeds(src, dst, n, engine=sparse.Engine.COMPILED, consume=True)
    assert tried[0] is getattr(reach.GaveUp, why)
    assert ("levels" in tried) == (why == "DEEP")
    assert got.seeds.tolist() == _oracle(n, pairs, None)
