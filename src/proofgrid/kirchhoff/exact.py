"""The exact solution counter: a frontier (transfer-matrix) sweep across the board.

Why it is exact and polynomial in the board's length
----------------------------------------------------
Every Kirchhoff constraint involves one cell and its at most four edges. Order
the cells row by row along the longer side (the board is transposed when it is
wider than tall, so the frontier spans the shorter side ``W``). After the first
``k`` cells have been decided, the only edges joining decided cells to the rest
are the ``W + 1`` *frontier* edges: the down edges of the last ``W`` cells and
the right edge of the last one. Whether a partial assignment extends to a
solution depends only on the states of those edges, so the number of solutions
is a sum over frontier states — dynamic programming over ``3^(W+1)`` states at
most (the transfer-matrix method; Stanley, *Enumerative Combinatorics* I,
§4.7; for grid graphs the "broken profile" sweep). Only states that every
finished cell accepts are ever created, and the masks are first made arc
consistent (:mod:`proofgrid.kirchhoff.local`), which keeps the live states in
the hundreds on a 7×7 board.

One forward sweep gives the count; pulling counts back from the end over the
stored forward layers gives, for each cut, how many completions each frontier
state has, hence for every edge and each of its three states the number of
solutions using it (the edge's *marginals*). That decides feasibility,
uniqueness (a count capped at 2 suffices) and every forced edge at once,
exactly and without search.

Frontier encoding (internal; the JavaScript mirror may choose its own)
----------------------------------------------------------------------
Slot ``i`` of the integer state is bits ``2i, 2i+1``. Before cell ``(r, c)``
(sweep orientation), slot ``c`` holds its left edge and slot ``c + 1`` its up
edge; slots ``< c`` hold the down edges of cells ``(r, 0..c-1)`` and slots
``> c + 1`` the down edges of ``(r-1, c+1..W-1)``. Deciding the cell replaces
those two slots by its down edge (slot ``c``) and right edge (slot ``c + 1``);
at the end of a row the state is shifted left by one slot. Every edge's state
``1`` means "from the earlier cell to the later one" in either orientation, so
the states need no translation after a transpose.

Complexity: ``O(RC · S · 9)`` for ``S`` live states per cut, ``S ≤ 3^(W+1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from proofgrid.kirchhoff.board import ALL_STATES, Board
from proofgrid.kirchhoff.local import Sides, cell_table, propagate, single_state
from proofgrid.puzzle import ProofgridError

__all__ = [
    "MAX_LAYER",
    "MAX_WORK",
    "Analysis",
    "Count",
    "CountLimitError",
    "Step",
    "Sweep",
    "WorkLimitError",
    "WorkMeter",
    "analyse",
    "count",
    "first_solution",
    "forced_states",
    "is_lost",
    "plan",
    "solutions",
]

Layer = dict[int, int]

MAX_LAYER = 250_000
"""Most frontier states one layer may hold before :class:`CountLimitError`."""
MAX_WORK = 5_000_000
"""Most frontier states one sweep may create in all before :class:`CountLimitError`."""


class CountLimitError(ProofgridError):
    """The board is too open for the exact counter within its limits (never a hang).

    Published boards stay far below the limits (a few thousand states at 16×16);
    a near-blank user board can need ``3^17`` states per layer.
    """


@dataclass(frozen=True, slots=True)
class Step:
    """One cell of the sweep: its id, its frontier slot, its four edges (or -1)."""

    cell: int
    pos: int
    row_end: bool
    left: int
    up: int
    right: int
    down: int


@lru_cache(maxsize=64)
def plan(rows: int, cols: int) -> tuple[Step, ...]:
    """The sweep order of an ``rows×cols`` board (transposed when ``cols > rows``)."""
    transpose = cols > rows
    H, W = (cols, rows) if transpose else (rows, cols)
    h_base = rows * (cols - 1)

    def cell_of(i: int, j: int) -> int:
        return j * cols + i if transpose else i * cols + j

    def edge(a: tuple[int, int], b: tuple[int, int]) -> int:
        # a, b are sweep coordinates with b right of or below a
        (i1, j1), (i2, j2) = a, b
        r1, c1 = (j1, i1) if transpose else (i1, j1)
        r2, _ = (j2, i2) if transpose else (i2, j2)
        if r1 == r2:
            return r1 * (cols - 1) + c1
        return h_base + r1 * cols + c1

    steps: list[Step] = []
    for i in range(H):
        for j in range(W):
            steps.append(
                Step(
                    cell=cell_of(i, j),
                    pos=j,
                    row_end=j == W - 1,
                    left=edge((i, j - 1), (i, j)) if j > 0 else -1,
                    up=edge((i - 1, j), (i, j)) if i > 0 else -1,
                    right=edge((i, j), (i, j + 1)) if j < W - 1 else -1,
                    down=edge((i, j), (i + 1, j)) if i < H - 1 else -1,
                )
            )
    return tuple(steps)


@lru_cache(maxsize=1 << 16)
def _deltas(demand: int, through: int, masks: Sides, sh: int) -> tuple[tuple[int, ...], ...]:
    """:func:`~proofgrid.kirchhoff.local.cell_table` with codes shifted into place."""
    return tuple(tuple(d << sh for d in codes) for codes in cell_table(demand, through, masks))


class WorkLimitError(ProofgridError):
    """A :class:`WorkMeter` passed its limit (counted work, the same on every machine)."""

    http_status = 422


class WorkMeter:
    """Counted work shared by the sweeps that are given it: the frontier states they create.

    Work is counted in states, never in seconds, so a computation bounded by a
    meter ends the same way on every machine and under any load (a loaded
    machine only makes it slower). :meth:`charge` raises
    :class:`WorkLimitError` once more than ``limit`` states were created in
    all. O(1) per layer.
    """

    __slots__ = ("limit", "used")

    def __init__(self, limit: int) -> None:
        if limit < 0:
            raise ValueError("limit must be at least 0")
        self.limit = limit
        self.used = 0

    def charge(self, states: int) -> None:
        """Count ``states`` more; raise :class:`WorkLimitError` past the limit."""
        self.used += states
        if self.used > self.limit:
            raise WorkLimitError(f"over {self.limit:,} frontier states of counted work")


@dataclass(frozen=True, slots=True)
class Count:
    """A solution count; ``capped`` when counting stopped at the cap (true count ≥ value)."""

    value: int
    capped: bool = False


class Sweep:
    """The transfer tables of one board under given masks, and sweeps over them.

    Parameters
    ----------
    board : Board
    masks : sequence of int
        Allowed states per edge (3-bit masks). They are used as given: callers
        that want the arc-consistency pre-filter pass filtered masks.
    cap : int or None
        When set, every stored count is ``min(count, cap)`` (``cap >= 1``);
        ``cap = 1`` decides existence, ``cap = 2`` uniqueness.
    limited : bool
        Raise :class:`CountLimitError` beyond :data:`MAX_LAYER` /
        :data:`MAX_WORK` states (on by default; the generator, whose boards
        are always well clued, turns it off).
    meter : WorkMeter or None
        Also charge every layer's states to this meter (shared with other
        sweeps; the generator's work budget), and to the copies :meth:`derive` makes.
    """

    __slots__ = ("board", "cap", "deltas", "limited", "masks", "meter", "steps", "work")

    def __init__(
        self,
        board: Board,
        masks: Sequence[int],
        cap: int | None = None,
        *,
        limited: bool = True,
        meter: WorkMeter | None = None,
    ) -> None:
        if cap is not None and cap < 1:
            raise ValueError("cap must be at least 1")
        self.board = board
        self.cap = cap
        self.masks = list(masks)
        self.steps = plan(board.rows, board.cols)
        self.work = 0
        self.limited = limited
        self.meter = meter
        self.deltas: list[tuple[tuple[int, ...], ...]] = [()] * len(self.steps)
        for k in range(len(self.steps)):
            self.rebuild(k)

    def derive(self, board: Board, masks: Sequence[int], changed: Sequence[int]) -> Sweep:
        """A copy for a board and masks that differ from this one only at steps ``changed``.

        Shares the other steps' tables (they are immutable tuples); O(len(changed)).
        """
        new = Sweep.__new__(Sweep)
        new.board, new.cap, new.masks, new.steps = board, self.cap, list(masks), self.steps
        new.work, new.limited, new.deltas = 0, self.limited, list(self.deltas)
        new.meter = self.meter
        for k in changed:
            new.rebuild(k)
        return new

    def rebuild(self, k: int) -> None:
        """Recompute step ``k``'s table from the current masks and clue."""
        st = self.steps[k]
        m = self.masks
        b = self.board
        sides = (
            m[st.left] if st.left >= 0 else 1,
            m[st.up] if st.up >= 0 else 1,
            m[st.right] if st.right >= 0 else 1,
            m[st.down] if st.down >= 0 else 1,
        )
        self.deltas[k] = _deltas(
            b.demand[st.cell], b.through[st.cell], sides, 2 * st.pos + (2 if st.row_end else 0)
        )

    def step(self, k: int, layer: Layer) -> Layer:
        """Push ``layer`` (the frontier before step ``k``) through step ``k``."""
        st = self.steps[k]
        sh = 2 * st.pos
        keep = ~(15 << sh)
        table = self.deltas[k]
        new: Layer = {}
        get = new.get
        if st.row_end:
            for S, c in layer.items():
                ds = table[(S >> sh) & 15]
                if ds:
                    b = (S & keep) << 2
                    for d in ds:
                        key = b | d
                        new[key] = get(key, 0) + c
        else:
            for S, c in layer.items():
                ds = table[(S >> sh) & 15]
                if ds:
                    b = S & keep
                    for d in ds:
                        key = b | d
                        new[key] = get(key, 0) + c
        return self._settle(new)

    def _settle(self, layer: dict[int, int]) -> dict[int, int]:
        """Charge a finished layer to the work budget, then clamp its counts to the cap (O(n))."""
        self._charge(len(layer))
        cap = self.cap
        if cap is not None:
            for key, c in layer.items():
                if c > cap:
                    layer[key] = cap
        return layer

    def _charge(self, states: int) -> None:
        self.work += states
        if self.meter is not None:
            self.meter.charge(states)
        if self.limited and (states > MAX_LAYER or self.work > MAX_WORK):
            raise CountLimitError(
                f"board too open for the exact counter (over {MAX_LAYER:,} frontier states "
                f"in a layer or {MAX_WORK:,} in all); add clues"
            )

    def forward(self) -> list[Layer]:
        """All frontier layers ``F[0..N]`` (``F[k]`` = counts before step ``k``)."""
        layers: list[Layer] = [{0: 1}]
        for k in range(len(self.steps)):
            layers.append(self.step(k, layers[-1]))
        return layers

    def count(self) -> int:
        """Number of solutions (capped if a cap is set); keeps one layer at a time."""
        layer: Layer = {0: 1}
        for k in range(len(self.steps)):
            layer = self.step(k, layer)
            if not layer:
                return 0
        return layer.get(0, 0)

    def pull(self, k: int, before: Layer, after: Layer) -> Layer:
        """Completions of each state of ``before`` given those of ``after`` (= step ``k``).

        Only the states of ``before`` are visited (the forward-reachable ones);
        states without a completion are left out.
        """
        st = self.steps[k]
        sh = 2 * st.pos
        keep = ~(15 << sh)
        table = self.deltas[k]
        out: Layer = {}
        get = after.get
        row_end = st.row_end
        for S in before:
            ds = table[(S >> sh) & 15]
            if not ds:
                continue
            b = (S & keep) << 2 if row_end else S & keep
            tot = 0
            for d in ds:
                x = get(b | d)
                if x:
                    tot += x
            if tot:
                out[S] = tot
        cap = self.cap
        if cap is not None:
            for S, c in out.items():
                if c > cap:
                    out[S] = cap
        return out

    def weights(self, k: int, fwd_after: Layer, back_after: Layer) -> list[int]:
        """Solutions through each code ``down + 4*right`` of step ``k``.

        The codes sit in the state after the step, so this is one pass over the
        forward layer after step ``k``: ``Σ F[k+1][T] · B[k+1][T]`` grouped by code.
        """
        st = self.steps[k]
        dsh = 2 * st.pos + (2 if st.row_end else 0)
        weight = [0] * 16
        get = back_after.get
        for T, f in fwd_after.items():
            x = get(T)
            if x:
                weight[(T >> dsh) & 15] += f * x
        return weight

    def backward(self) -> list[Layer]:
        """All backward layers ``B[0..N]`` (``B[k]`` = completions from the state before ``k``).

        A full push-style sweep from the end, independent of the forward
        layers: the generator needs completions of states that the current
        forward layers do not reach.
        """
        n = len(self.steps)
        layers: list[Layer] = [{} for _ in range(n + 1)]
        layers[n] = {0: 1}
        for k in range(n - 1, -1, -1):
            layers[k] = self.step_back(k, layers[k + 1])
        return layers

    def step_back(self, k: int, after: Layer) -> Layer:
        """States before step ``k`` with their completions, from ``after``'s.

        Inverts the transfer: a state before the step is its two consumed slots
        (left, up) plus the untouched slots, so every (left, up, down, right)
        that the table allows maps each ``after`` state back to one state.
        """
        st = self.steps[k]
        sh = 2 * st.pos
        table = self.deltas[k]
        rev = _reverse(table)
        dsh = sh + (2 if st.row_end else 0)
        dmask = 15 << dsh
        out: Layer = {}
        get = out.get
        for T, c in after.items():
            srcs = rev.get(T & dmask)
            if not srcs:
                continue
            rest = T & ~dmask
            if st.row_end:
                if rest & 3:  # slot 0 after a row end must be empty
                    continue
                rest >>= 2
            for key in srcs:
                S = rest | (key << sh)
                out[S] = get(S, 0) + c
        return self._settle(out)


def _reverse(table: tuple[tuple[int, ...], ...]) -> dict[int, list[int]]:
    rev: dict[int, list[int]] = {}
    for key, ds in enumerate(table):
        for d in ds:
            rev.setdefault(d, []).append(key)
    return rev


def _prefilter(board: Board, masks: Sequence[int] | None) -> tuple[int, ...] | None:
    """Arc-consistent masks, or None when some cell's clue is already unmeetable."""
    m = (ALL_STATES,) * board.n_edges if masks is None else tuple(masks)
    if len(m) != board.n_edges:
        raise ValueError(f"expected {board.n_edges} masks, got {len(m)}")
    if any(not 0 <= x <= ALL_STATES for x in m):
        raise ValueError("masks must be 3-bit integers")
    if 0 in m:
        return None
    prop = propagate(board, m)
    return None if prop.dead_cell >= 0 else prop.masks


def count(
    board: Board,
    masks: Sequence[int] | None = None,
    *,
    cap: int | None = None,
    meter: WorkMeter | None = None,
) -> Count:
    """Exact number of solutions within ``masks`` (all states allowed by default).

    With ``cap`` the count stops growing at ``cap`` and ``capped`` tells
    whether it reached it; ``cap=2`` decides uniqueness. The states created
    are charged to ``meter`` when one is given. See the module docstring for
    the method; O(RC · S) for ``S`` live frontier states.
    """
    m = _prefilter(board, masks)
    if m is None:
        return Count(0, False)
    value = Sweep(board, m, cap, meter=meter).count()
    return Count(value, cap is not None and value >= cap)


@dataclass(frozen=True, slots=True)
class Analysis:
    """Count plus per-edge state marginals.

    Attributes
    ----------
    count : Count
    marginals : tuple of (int, int, int)
        Per edge, the number of solutions using each state (capped products
        when a cap was set: then only their positivity is meaningful).
    """

    count: Count
    marginals: tuple[tuple[int, int, int], ...]

    @property
    def support(self) -> tuple[int, ...]:
        """Per edge, the mask of states some solution uses (all 0 when there is none)."""
        return tuple(
            (1 if a else 0) | (2 if b else 0) | (4 if c else 0) for a, b, c in self.marginals
        )

    def forced(self) -> dict[int, int]:
        """Edges whose state is the same in every solution: ``{edge: state}``."""
        if self.count.value == 0:
            return {}
        out: dict[int, int] = {}
        for e, sup in enumerate(self.support):
            s = single_state(sup)
            if s >= 0:
                out[e] = s
        return out


def analyse(
    board: Board, masks: Sequence[int] | None = None, *, cap: int | None = None
) -> Analysis:
    """Count and marginals of every edge state (forward sweep, then a pull back).

    O(RC · S) time and the forward layers' memory.
    """
    n_e = board.n_edges
    m = _prefilter(board, masks)
    if m is None:
        return Analysis(Count(0, False), ((0, 0, 0),) * n_e)
    sw = Sweep(board, m, cap)
    fwd = sw.forward()
    total = fwd[-1].get(0, 0)
    marg = [[0, 0, 0] for _ in range(n_e)]
    if total:
        after: Layer = {0: 1}
        for k in range(len(sw.steps) - 1, -1, -1):
            weight = sw.weights(k, fwd[k + 1], after)
            after = sw.pull(k, fwd[k], after)
            st = sw.steps[k]
            for code, w in enumerate(weight):
                if w:
                    if st.down >= 0:
                        marg[st.down][code & 3] += w
                    if st.right >= 0:
                        marg[st.right][code >> 2] += w
    return Analysis(
        Count(total, sw.cap is not None and total >= sw.cap),
        tuple((a, b, c) for a, b, c in marg),
    )


def forced_states(board: Board, masks: Sequence[int] | None = None) -> dict[int, int]:
    """``{edge: state}`` for every edge with one state in all solutions (exact)."""
    return analyse(board, masks, cap=1).forced()


def is_lost(board: Board, masks: Sequence[int] | None = None) -> bool:
    """True when no solution lies within ``masks`` (exact; never a false alarm)."""
    return count(board, masks, cap=1).value == 0


def first_solution(board: Board, masks: Sequence[int] | None = None) -> tuple[int, ...] | None:
    """The first solution in sweep order (smallest code first at every step), or None."""
    found = solutions(board, masks, limit=1)
    return found[0] if found else None


def solutions(
    board: Board, masks: Sequence[int] | None = None, *, limit: int = 2
) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions (edge states 0/1/2), in sweep order of choices.

    Walks the forward layers backwards, only ever taking transitions that a
    solution continues, so each solution costs O(RC) after one sweep.
    """
    m = _prefilter(board, masks)
    if m is None or limit < 1:
        return []
    sw = Sweep(board, m, cap=limit)
    fwd = sw.forward()
    if not fwd[-1].get(0, 0):
        return []
    # backward completions restricted to forward-reachable states
    n = len(sw.steps)
    back: list[Layer] = [{} for _ in range(n + 1)]
    back[n] = {0: 1}
    for k in range(n - 1, -1, -1):
        back[k] = sw.pull(k, fwd[k], back[k + 1])
    out: list[tuple[int, ...]] = []
    states = [0] * board.n_edges

    def walk(k: int, S: int) -> None:
        if len(out) >= limit:
            return
        if k == n:
            out.append(tuple(states))
            return
        st = sw.steps[k]
        sh = 2 * st.pos
        dsh = sh + (2 if st.row_end else 0)
        b = S & ~(15 << sh)
        if st.row_end:
            b <<= 2
        for d in sw.deltas[k][(S >> sh) & 15]:
            T = b | d
            if back[k + 1].get(T):
                code = d >> dsh
                if st.down >= 0:
                    states[st.down] = code & 3
                if st.right >= 0:
                    states[st.right] = code >> 2
                walk(k + 1, T)
                if len(out) >= limit:
                    return

    walk(0, 0)
    return out
