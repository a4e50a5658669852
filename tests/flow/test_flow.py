"""Dinic max-flow and min cut (proofgrid.graph.flow) against independent oracles.

Oracles: networkx's preflow-push ``maximum_flow_value`` / ``minimum_cut`` (a
different algorithm), and brute force over every cut on small networks (the
max-flow min-cut theorem read literally). The flow itself is checked for the
capacity constraints and conservation, so a wrong flow with a right value fails.
"""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings

from proofgrid.graph.flow import FlowNetwork
from proofgrid.rng import SplitMix64
from tests.strategies import FlowCase, flow_networks

Edges = list[tuple[int, int, int]]


def build(n: int, edges: Edges) -> tuple[FlowNetwork, list[int]]:
    net = FlowNetwork(n)
    ids = [net.add_edge(u, v, c) for u, v, c in edges]
    return net, ids


def nx_value(n: int, edges: Edges, s: int, t: int) -> int:
    """networkx oracle; parallel edges merged (capacities add), self-loops dropped."""
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    for u, v, c in edges:
        if u == v:
            continue
        if G.has_edge(u, v):
            G[u][v]["capacity"] += c
        else:
            G.add_edge(u, v, capacity=c)
    value, _ = nx.minimum_cut(G, s, t)
    assert value == nx.maximum_flow_value(G, s, t)
    return int(value)


def cut_capacity(edges: Edges, side: list[bool]) -> int:
    return sum(c for u, v, c in edges if side[u] and not side[v])


def brute_min_cuts(n: int, edges: Edges, s: int, t: int) -> tuple[int, list[list[bool]]]:
    """Minimum cut capacity and every source side achieving it (2^(n-2) sides)."""
    others = [v for v in range(n) if v not in (s, t)]
    best: int | None = None
    sides: list[list[bool]] = []
    for mask in range(1 << len(others)):
        side = [False] * n
        side[s] = True
        for i, v in enumerate(others):
            if mask >> i & 1:
                side[v] = True
        c = cut_capacity(edges, side)
        if best is None or c < best:
            best, sides = c, [side]
        elif c == best:
            sides.append(side)
    assert best is not None
    return best, sides


def check_certificate(
    n: int, edges: Edges, s: int, t: int, *, net: FlowNetwork, ids: list[int], value: int
) -> None:
    """Capacity, conservation, and the cut that proves optimality."""
    flows = [net.flow(e) for e in ids]
    excess = [0] * n
    for (u, v, c), f in zip(edges, flows, strict=True):
        assert 0 <= f <= c
        if u == v:
            assert f == 0
        excess[u] -= f
        excess[v] += f
    for v in range(n):
        if v == s:
            assert excess[v] == -value
        elif v == t:
            assert excess[v] == value
        else:
            assert excess[v] == 0, f"conservation fails at {v}"
    side = net.source_side()
    assert len(side) == n and side[s] and not side[t]
    assert cut_capacity(edges, side) == value
    cut = net.min_cut_edges()
    assert cut == sorted(cut)
    expected = [
        e for (u, v, c), e in zip(edges, ids, strict=True) if c > 0 and side[u] and not side[v]
    ]
    assert cut == expected
    for (u, v, c), e, f in zip(edges, ids, flows, strict=True):
        if e in cut:
            assert f == c  # saturated
        if side[v] and not side[u]:
            assert f == 0  # nothing flows back into S
    assert sum(edges[ids.index(e)][2] for e in cut) == value


@settings(max_examples=1500, deadline=None)
@given(flow_networks())
def test_value_and_cut_match_networkx_and_brute_force(case: FlowCase) -> None:
    n, edges, s, t = case
    net, ids = build(n, edges)
    value = net.max_flow(s, t)
    assert value == nx_value(n, edges, s, t)
    check_certificate(n, edges, s, t, net=net, ids=ids, value=value)
    best, sides = brute_min_cuts(n, edges, s, t)
    assert value == best
    # The residual-reachable side is the smallest minimum cut: the intersection of all.
    smallest = [all(side[v] for side in sides) for v in range(n)]
    assert net.source_side() == smallest


@settings(max_examples=300, deadline=None)
@given(flow_networks(max_nodes=30, max_edges=120, max_cap=3))
def test_denser_networks_match_networkx(case: FlowCase) -> None:
    n, edges, s, t = case
    net, ids = build(n, edges)
    value = net.max_flow(s, t)
    assert value == nx_value(n, edges, s, t)
    check_certificate(n, edges, s, t, net=net, ids=ids, value=value)


def grid_network(size: int, rng: SplitMix64) -> tuple[int, Edges, int, int]:
    """A Kirchhoff-shaped unit network: size×size cells, both directions per
    adjacent pair, random sources joined to a super-source and sinks to a super-sink."""
    cells = size * size
    s, t = cells, cells + 1
    edges: Edges = []
    for r in range(size):
        for c in range(size):
            v = r * size + c
            if c + 1 < size:
                edges += [(v, v + 1, 1), (v + 1, v, 1)]
            if r + 1 < size:
                edges += [(v, v + size, 1), (v + size, v, 1)]
            k = rng.below(10)
            if k == 0:
                edges.append((s, v, 1 + rng.below(3)))
            elif k == 1:
                edges.append((v, t, 1 + rng.below(3)))
    return cells + 2, edges, s, t


@pytest.mark.parametrize("seed", range(12))
def test_kirchhoff_sized_grids_match_networkx(seed: int) -> None:
    rng = SplitMix64(seed)
    n, edges, s, t = grid_network(16, rng)
    net, ids = build(n, edges)
    value = net.max_flow(s, t)
    assert value == nx_value(n, edges, s, t)
    check_certificate(n, edges, s, t, net=net, ids=ids, value=value)


def test_thousands_of_seeded_networks_match_networkx() -> None:
    """2,000 networks from proofgrid.rng (reproducible without hypothesis's database)."""
    rng = SplitMix64(20260101)
    for _ in range(2000):
        n = 2 + rng.below(9)
        edges = [(rng.below(n), rng.below(n), rng.below(6)) for _ in range(rng.below(25))]
        s = rng.below(n)
        t = (s + 1 + rng.below(n - 1)) % n
        net, _ = build(n, edges)
        assert net.max_flow(s, t) == nx_value(n, edges, s, t)


def test_long_path_needs_no_recursion() -> None:
    n = 20_000
    net = FlowNetwork(n)
    ids = [net.add_edge(v, v + 1, 5 + v % 3) for v in range(n - 1)]
    assert net.max_flow(0, n - 1) == 5
    assert net.min_cut_edges() == [ids[0]]  # the first bottleneck edge
    assert sum(net.source_side()) == 1


def test_textbook_example() -> None:
    # CLRS figure 26.1 (Ford–Fulkerson example): maximum flow 23.
    edges = [
        (0, 1, 16), (0, 2, 13), (1, 3, 12), (2, 1, 4),
        (2, 4, 14), (3, 2, 9), (3, 5, 20), (4, 3, 7), (4, 5, 4),
    ]  # fmt: skip
    net, ids = build(6, edges)
    assert net.max_flow(0, 5) == 23
    check_certificate(6, edges, 0, 5, net=net, ids=ids, value=23)
    assert net.source_side() == [True, True, True, False, True, False]


def test_disconnected_and_empty() -> None:
    net = FlowNetwork(3)
    e = net.add_edge(1, 2, 7)
    assert net.flow(e) == 0
    assert net.max_flow(0, 2) == 0
    assert net.source_side() == [True, False, False]
    assert net.min_cut_edges() == []


def test_edge_ids_are_even_and_sequential() -> None:
    net = FlowNetwork(2)
    assert [net.add_edge(0, 1, 1) for _ in range(3)] == [0, 2, 4]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: FlowNetwork(-1), "non-negative"),
        (lambda: FlowNetwork(2).add_edge(0, 2, 1), "not a node"),
        (lambda: FlowNetwork(2).add_edge(0, 1, -1), "non-negative int"),
        (lambda: FlowNetwork(2).add_edge(0, 1, 1.5), "non-negative int"),  # type: ignore[arg-type]
        (lambda: FlowNetwork(2).max_flow(1, 1), "must differ"),
        (lambda: FlowNetwork(2).max_flow(0, 5), "not a node"),
        (lambda: FlowNetwork(2).source_side(), "max_flow"),
        (lambda: FlowNetwork(2).min_cut_edges(), "max_flow"),
        (lambda: FlowNetwork(2).flow(0), "not an edge id"),
    ],
)
def test_bad_arguments_raise_value_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_single_use() -> None:
    net = FlowNetwork(2)
    e = net.add_edge(0, 1, 3)
    assert net.max_flow(0, 1) == 3
    with pytest.raises(ValueError, match="once"):
        net.max_flow(0, 1)
    with pytest.raises(ValueError, match="after max_flow"):
        net.add_edge(0, 1, 1)
    with pytest.raises(ValueError, match="not an edge id"):
        net.flow(e + 1)  # the residual twin is not a public id
    assert net.flow(e) == 3


def test_all_subsets_tiny_exhaustive() -> None:
    """Every network on 3 nodes with capacities in {0, 1, 2} on the 6 possible arcs."""
    arcs = [(u, v) for u, v in itertools.permutations(range(3), 2)]
    for caps in itertools.product(range(3), repeat=len(arcs)):
        edges = [(u, v, c) for (u, v), c in zip(arcs, caps, strict=True)]
        net, ids = build(3, edges)
        value = net.max_flow(0, 2)
        assert value == brute_min_cuts(3, edges, 0, 2)[0]
        check_certificate(3, edges, 0, 2, net=net, ids=ids, value=value)


# --- the bulk constructor (FlowNetwork.from_arcs) and flows() ---------------------


def build_bulk(n: int, edges: Edges, *, validate: bool = True) -> FlowNetwork:
    tails = [u for u, _, _ in edges]
    heads = [v for _, v, _ in edges]
    caps = [c for _, _, c in edges]
    return FlowNetwork.from_arcs(n, tails, heads, caps, validate=validate)


@settings(max_examples=600, deadline=None)
@given(flow_networks(max_nodes=12, max_edges=40))
def test_from_arcs_is_add_edge_in_bulk(case: FlowCase) -> None:
    """Same value as networkx, a valid certificate, and the very flow the edge-by-edge
    network finds (same ids, same adjacency order), with or without the checks."""
    n, edges, s, t = case
    ref, ids = build(n, edges)
    ref_value = ref.max_flow(s, t)
    for validate in (True, False):
        net = build_bulk(n, edges, validate=validate)
        value = net.max_flow(s, t)
        assert value == ref_value == nx_value(n, edges, s, t)
        check_certificate(n, edges, s, t, net=net, ids=ids, value=value)
        assert net.flows() == [ref.flow(e) for e in ids] == [net.flow(e) for e in ids]
        assert net.source_side() == ref.source_side()
        assert net.min_cut_edges() == ref.min_cut_edges()


@pytest.mark.parametrize("seed", range(6))
def test_from_arcs_kirchhoff_sized_grids_match_networkx(seed: int) -> None:
    n, edges, s, t = grid_network(16, SplitMix64(1000 + seed))
    net = build_bulk(n, edges, validate=False)
    value = net.max_flow(s, t)
    assert value == nx_value(n, edges, s, t)
    check_certificate(n, edges, s, t, net=net, ids=list(range(0, 2 * len(edges), 2)), value=value)
    ref, ids = build(n, edges)
    assert ref.max_flow(s, t) == value
    assert net.flows() == [ref.flow(e) for e in ids]  # the same flow, not just the same value


def test_from_arcs_then_add_edge_and_flows_before_max_flow() -> None:
    net = FlowNetwork.from_arcs(3, (0, 1), (1, 2), (2, 1))
    assert net.add_edge(0, 2, 4) == 4  # ids continue after the batch
    assert net.flows() == [0, 0, 0]
    assert net.max_flow(0, 2) == 5
    assert net.flows() == [1, 1, 4]
    empty = FlowNetwork.from_arcs(2, [], [], [])
    assert empty.max_flow(0, 1) == 0 and empty.flows() == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, [], [], []), "non-negative"),
        ((2, [0], [1, 1], [1]), "one length"),
        ((2, [0], [2], [1]), "not a node"),
        ((2, [-1], [1], [1]), "not a node"),
        ((2, [0], [True], [1]), "not a node"),
        ((2, [0.0], [1], [1]), "not a node"),
        ((2, [0], [1], [-1]), "non-negative int"),
        ((2, [0], [1], [1.5]), "non-negative int"),
        ((2, [0], [1], [False]), "non-negative int"),
    ],
)
def test_from_arcs_bad_arguments_raise_value_error(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        FlowNetwork.from_arcs(*args)  # type: ignore[arg-type]
