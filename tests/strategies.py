"""Hypothesis strategies shared by the whole test suite (one module, by design)."""

from __future__ import annotations

from hypothesis import strategies as st

from proofgrid.kirchhoff.board import Board, Clue, ClueKind, Mark, Position

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


# --- matchless boards (proofgrid.matchless) -------------------------------------

_MATCHLESS_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_MATCHLESS_DY = (-1, -1, 0, 1, 1, 1, 0, -1)


@st.composite
def matchless_cells(
    draw: st.DrawFn, min_size: int = 2, max_size: int = 5
) -> tuple[int, int, tuple[int | None, ...]]:
    """``(rows, cols, cells)`` of a valid Matchless board (at least one shell).

    Each shell gets a random subset of the directions that point at another shell.
    """
    rows = draw(st.integers(min_size, max_size))
    cols = draw(st.integers(min_size, max_size))
    n = rows * cols
    shell = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if not any(shell):
        shell[draw(st.integers(0, n - 1))] = True
    cells: list[int | None] = [None] * n
    for cell in range(n):
        if not shell[cell]:
            continue
        r, c = divmod(cell, cols)
        valid = 0
        for d in range(8):
            r2, c2 = r + _MATCHLESS_DY[d], c + _MATCHLESS_DX[d]
            if 0 <= r2 < rows and 0 <= c2 < cols and shell[r2 * cols + c2]:
                valid |= 1 << d
        cells[cell] = draw(st.integers(0, 255)) & valid
    return rows, cols, tuple(cells)


# --- kirchhoff: boards and positions (proofgrid.kirchhoff) -----------------------------------


@st.composite
def kirchhoff_boards(draw: st.DrawFn, max_rows: int = 3, max_cols: int = 3) -> Board:
    """A random Kirchhoff board whose demands sum to zero.

    Clues are blank, throughput 0..2, or terminals placed in ± pairs (so the
    balance holds); impossible clues (a 2 in a corner...) occur on purpose.
    """
    rows = draw(st.integers(2, max_rows))
    cols = draw(st.integers(2, max_cols))
    n = rows * cols
    plain = st.one_of(
        st.just(Clue(ClueKind.BLANK)),
        st.integers(0, 2).map(lambda t: Clue(ClueKind.THROUGHPUT, t)),
    )
    clues = draw(st.lists(plain, min_size=n, max_size=n))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3))
    for a, b in pairs:
        if a == b or clues[a].demand or clues[b].demand:
            continue
        v = draw(st.integers(1, 2))
        clues[a] = Clue(ClueKind.SOURCE, v)
        clues[b] = Clue(ClueKind.SINK, v)
    return Board(rows, cols, tuple(clues))


@st.composite
def kirchhoff_positions(draw: st.DrawFn, max_rows: int = 3, max_cols: int = 3) -> Position:
    """A board with random marks (mostly free) on its edges."""
    board = draw(kirchhoff_boards(max_rows, max_cols))
    marks = draw(
        st.lists(
            st.sampled_from([Mark.FREE] * 4 + [Mark.FORWARD, Mark.BACKWARD, Mark.CROSS]),
            min_size=board.n_edges,
            max_size=board.n_edges,
        )
    )
    return Position(board, tuple(marks))


# --- edge tables (proofgrid par's inputs) ---------------------------------------

#: Names that a text edge list, a table and a Python object all carry alike
#: (``7`` and ``007`` are different names).
PAR_NAMES = ("a", "b", "7", "007", "x-y", "node.9", "Ω", "10", "c3", "zz")


@st.composite
def edge_rows(
    draw: st.DrawFn, *, ints: bool = False, isolated: bool = True, max_rows: int = 14
) -> list[tuple[object, object | None]]:
    """Rows ``(src, dst)`` of an edge table; ``dst`` None is a row naming one node.

    Names are strings from :data:`PAR_NAMES` (or ints 0..12 with ``ints``);
    self-loops, repeats and cycles occur.
    """
    pool: list[object] = list(range(13)) if ints else list(PAR_NAMES)
    name = st.sampled_from(pool)
    other = st.one_of(st.none(), name) if isolated else name
    return draw(st.lists(st.tuples(name, other), max_size=max_rows))


@st.composite
def cost_maps(draw: st.DrawFn, nodes: list[object]) -> dict[object, str]:
    """Costs (decimal text: ``3``, ``2.5``, ``0``) for a subset of ``nodes``."""
    chosen = draw(st.lists(st.sampled_from(nodes), unique=True)) if nodes else []
    cost = st.sampled_from(["0", "1", "2", "3", "2.5", "0.25", "7", "10"])
    return {v: draw(cost) for v in chosen}
