"""Hypothesis strategies shared by the whole test suite (one module, by design)."""

from __future__ import annotations

from hypothesis import strategies as st

# --- graphs -------------------------------------------------------------------


@st.composite
def digraphs(draw: st.DrawFn, max_nodes: int = 12) -> list[list[int]]:
    """Successor lists over 0..n-1, with self-loops and duplicate edges allowed."""
    n = draw(st.integers(0, max_nodes))
    if n == 0:
        return []
    edge = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    edges = draw(st.lists(edge, max_size=3 * n))
    succ: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        succ[a].append(b)
    return succ


# --- flow networks (proofgrid.graph.flow) ---------------------------------------

FlowCase = tuple[int, list[tuple[int, int, int]], int, int]


@st.composite
def flow_networks(
    draw: st.DrawFn, max_nodes: int = 8, max_edges: int = 20, max_cap: int = 10
) -> FlowCase:
    """A small network ``(n, [(u, v, cap)], s, t)`` with ``s != t``.

    Parallel edges, self-loops, zero capacities and isolated nodes all occur.
    """
    n = draw(st.integers(2, max_nodes))
    node = st.integers(0, n - 1)
    edges = draw(st.lists(st.tuples(node, node, st.integers(0, max_cap)), max_size=max_edges))
    s = draw(node)
    t = draw(node.filter(lambda v: v != s))
    return n, edges, s, t
