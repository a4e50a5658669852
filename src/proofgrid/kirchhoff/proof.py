"""Checkable proofs for Kirchhoff hints and lost verdicts (issue 12): the prover.

A proof is plain JSON (the format of issue 12, restated in ``docs/proofs.md``)::

    {"uses": ["a1>b1", ...], "steps": [STEP, ...], "ends": END}   # "ends" only when lost

Rules (each sound: a state it removes is used by no solution of the marks)
--------------------------------------------------------------------------
* **cell** at ``C``: generalised arc consistency of ``C``'s clue on its edges
  (:func:`proofgrid.kirchhoff.local.support`);
* **region** ``R`` (cells and halves ``c:in``/``c:out`` of plain-number cells):
  ``D`` = the demands in ``R``; each touching edge contributes ``[tail in R] −
  [head in R]`` per state; ``D = Max`` narrows every touching edge to its
  largest contribution, ``D = Min`` to its smallest; ``D ∉ [Min, Max]`` ends;
* **refute** / **split**: a state assumed alone leads to a contradiction.

The algorithm (the JavaScript mirror follows it exactly; integers only)
----------------------------------------------------------------------
*Masks* are 3-bit sets of edge states (bit 0 unused, bit 1 forward = low cell
to high cell, bit 2 backward). Every fact is an *item* of a global store,
numbered in creation order: a *use* (a player's mark, created in edge order),
an *assumption* (inside a refutation or split case), a *step*, or an *end*.
A *tape* is the masks of a line of reasoning plus ``last[e]``, the item that
last narrowed edge ``e`` (``-1``: never, mask 7).

1. **Cell phase** (``_cells``): a FIFO queue of cells, started with the given
   cells, each queued at most once at a time. Pop ``v``, spend 1 unit, take
   the supports of its (left, up, right, down) masks. No support: an END cell.
   Else, for each side whose support is smaller, in that order: add a cell step
   (edge, new mask, cell ``v``), set the mask, queue the edge's other cell.
2. **Region phase** (``_regions``, level ≥ 1): spend 25 units, solve the
   max-flow relaxation (:class:`proofgrid.kirchhoff.relax.Relaxation`). Infeasible:
   an END region on its certificate. Else for each relaxation-forced arc
   ``(edge, state)`` in ascending order whose edge is still undecided, spend 1
   unit, take :meth:`~proofgrid.kirchhoff.relax.Relaxation.region_for` and
   evaluate the region rule on the current masks; if ``D = Max`` (else
   ``D = Min``) narrows the edge, add a region step. Then back to 1 with the
   changed edges' cells (low cell, high cell, in step order).
3. **Saturate** (level 0: phase 1 only; level 1: 1 and 2 until nothing
   changes or an END appears).
4. **Premises** of an item: for a cell step at ``C`` narrowing side ``i`` to
   ``S``: start from ``C``'s four masks before the step; for each side in order
   left, up, right, down whose mask is not 7, widen it to 7 and keep it wide if
   the support of side ``i`` stays within ``S``; the premises are ``last[e]`` of
   the sides left narrow. An END cell: the same, keeping a side wide while the
   cell stays dead. A region step: the touching edges (ascending) whose
   extreme contribution (max for ``D = Max``, min for ``D = Min``) over 7
   differs from that over its mask, plus the step's edge when widening it to 7
   changes its narrowed set. An END region with ``D > Max``: touching edges in
   ascending order, widening each while ``D`` stays above the widened Max
   (symmetrically for ``D < Min``). A refutation: ``last[e]`` of its edge and
   every pointer of its cases' proofs to items outside them; a split the same.
5. **Slice and replay** (``_emit``): a goal's items are the premise closure
   (within the tape; pointers outside go to the enclosing refutation), in
   creation order. They are replayed from mask 7 everywhere (a case: from the
   enclosing replay's masks with its assumption). Each step is re-evaluated on
   the replayed masks: a step that no longer narrows is dropped; a rule that
   finds no assignment / ``D`` outside ``[Min, Max]`` becomes the END there
   and the rest is cut; for a hint, the first item that leaves the hinted edge
   one state is the last step. Refutation cases of states no longer present
   are dropped. When the JSON is built (the winner only, never for ranking), an
   END region is first made connected and 1-minimal (:func:`_minimal_region`,
   no budget units). Then *relevance*: walking backwards from the goal, an item is
   kept only if its edge is read by a kept item after it (cell: the cell's
   edges; region: the edges at the region's cells; refute/split: all).
   Monotonicity of the rules (narrower masks never weaken a deduction) makes
   every replayed step valid.
6. **Size** of an emitted proof: (cases, region steps, steps), counted through
   refutations and splits, where *cases* counts every refutation case and split case.
7. **Hint search**: candidates are the edges free in the position that a tape
   leaves single-state, each proved by the slice of the item that did it.
   Stage A: level-0 saturate from the uses (all cells queued in index order).
   Stage B (if A has none): level-1 saturate. Stage C: from stage B's tape,
   each undecided edge (ascending), each state in order > < x: an assumption
   and a level-1 saturate; each contradiction gives a tape = B + one refute
   step + level-1 saturate, whose candidates compete. Stage D (none yet): the
   same with assumptions whose saturation stalls closed by one split
   (:func:`_close`, depth 1). The best candidate has the smallest key
   (cases, region steps, steps, not next to the last mark, fewest free
   edges at an end cell, unused after arrows, edge id).
8. **Lost search**: candidates are level-0 saturate, an END region on the
   relaxation of the bare uses, and level-1 saturate; smallest (cases, region
   steps, steps) first, then that order. Else :func:`_close` with depth 2 from
   the level-1 tape: splits on undecided edges ordered by (number of states,
   id), first one whose every case closes.
9. **Budget**: every search stops when its units (:data:`BUDGET`) run out; a
   lost position without a proof says so, never guesses.

Complexity: a saturate is O(RC) cell evaluations per change plus one max-flow
per region round; stage C costs one saturate per undecided edge state.

Speed without changing a byte or a unit: one search memoises cell supports and
premise patterns per clue, region views per node set, relaxations per mask
vector (as the node codes of their tight regions,
:meth:`~proofgrid.kirchhoff.relax.Relaxation.region_nodes`, memoised per start
node) and case sizes per (case, masks); candidates are ranked on their sizes
and only the winner's JSON is built. Every rule application is still counted
where the algorithm above counts it, so the budget stops the search at the same
point as the JavaScript mirror (``tools/kirchhoff_proof_oracle.py`` checks both
against the code before).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from proofgrid.kirchhoff.board import Board, Mark, Position, cell_name
from proofgrid.kirchhoff.local import single_state, support
from proofgrid.kirchhoff.moves import format_move
from proofgrid.kirchhoff.relax import Relaxation

__all__ = [
    "BUDGET",
    "Found",
    "edge_name",
    "node_name",
    "obvious_empties",
    "parse_node",
    "prove_hint",
    "prove_lost",
    "region_numbers",
]

BUDGET = 160_000
"""Rule applications one search may spend (cell evaluation 1, relaxation 25)."""
_RELAX_COST = 25
_ALL = 7
_STATE_ORDER = (1, 2, 0)  # > < x
_STATE_TEXT = {1: ">", 2: "<", 0: "x"}

_HALF = ("", ":in", ":out")

USE, ASSUME, CELL, REGION, REFUTE, END_CELL, END_REGION, END_SPLIT = range(8)  # USE, ASSUME first


class _OutOfBudgetError(Exception):
    """The search spent its budget."""


@dataclass(slots=True)
class _Item:
    kind: int
    edge: int = -1
    states: int = 0
    cell: int = -1
    nodes: tuple[int, ...] = ()  # region: node codes 3*cell + (0 whole, 1 in, 2 out)
    cases: tuple[tuple[int, list[int]], ...] = ()  # (assumed state, that case's item ids)
    premises: tuple[int, ...] = ()


@dataclass(slots=True)
class _Tape:
    masks: list[int]
    last: list[int]
    ids: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Found:
    """A proof and what it proves.

    Attributes
    ----------
    proof : dict
        The JSON proof (issue 12's format).
    edge, state : int
        The hinted edge and state (``-1`` for a lost verdict).
    size : tuple of int
        (cases, region steps, steps), counted through refutations and splits.
    """

    proof: dict[str, Any]
    edge: int
    state: int
    size: tuple[int, int, int]


# --------------------------------------------------------------------------- names


def edge_name(board: Board, edge: int) -> str:
    """``a1-b1``: the lower cell first."""
    u, v = board.geometry.ends[edge]
    return f"{cell_name(board, u)}-{cell_name(board, v)}"


def node_name(board: Board, node: int) -> str:
    """A region node's name: ``c3``, ``c3:in`` or ``c3:out``."""
    c, k = divmod(node, 3)
    return cell_name(board, c) + _HALF[k]


def parse_node(board: Board, text: str) -> int:
    """Inverse of :func:`node_name` (raises ValueError)."""
    name, _, half = text.partition(":")
    col = ord(name[0]) - ord("a")
    row = int(name[1:]) - 1
    if not (0 <= row < board.rows and 0 <= col < board.cols) or half not in ("", "in", "out"):
        raise ValueError(f"bad node {text!r}")
    return 3 * (row * board.cols + col) + ("", "in", "out").index(half)


# --------------------------------------------------------------------------- rules


def _contribution_tables() -> tuple[list[int], list[int], list[int], list[int]]:
    """Per (contribution code, mask): the smallest and largest contribution and their states.

    An edge's contributions are ``(0, c1, c2)`` for states (unused, forward,
    backward) with ``c1, c2`` in ``{-1, 0, 1}``; its *code* is ``3 (c1 + 1) +
    (c2 + 1)``. Entry ``8 code + mask`` (mask 0 never occurs on a tape).
    """
    lo: list[int] = []
    hi: list[int] = []
    nar_lo: list[int] = []
    nar_hi: list[int] = []
    for code in range(9):
        vals = (0, code // 3 - 1, code % 3 - 1)
        for mask in range(8):
            present = [s for s in range(3) if mask >> s & 1] or [0]
            a = min(vals[s] for s in present)
            b = max(vals[s] for s in present)
            lo.append(a)
            hi.append(b)
            nar_lo.append(sum(1 << s for s in present if vals[s] == a) & mask)
            nar_hi.append(sum(1 << s for s in present if vals[s] == b) & mask)
    return lo, hi, nar_lo, nar_hi


_LO, _HI, _NAR_LO, _NAR_HI = _contribution_tables()


class _RegionView:
    """Membership of a node set and the region rule's numbers on given masks.

    Each touching edge is reduced to a contribution code (see
    :func:`_contribution_tables`), so Min, Max and the narrowed sets are table
    look-ups: O(touching edges) per evaluation.
    """

    __slots__ = ("base", "demand", "edges", "pairs", "reads")

    def __init__(self, board: Board, nodes: Sequence[int]) -> None:
        g = board.geometry
        whole: set[int] = set()
        hin: set[int] = set()
        hout: set[int] = set()
        for x in nodes:
            c, k = divmod(x, 3)
            (whole, hin, hout)[k].add(c)
        whole |= hin & hout
        d = 0
        for c in sorted(whole | hin | hout):
            if c in whole:
                d += board.demand[c]
            else:
                if c in hin:
                    d -= board.through[c]
                if c in hout:
                    d += board.through[c]
        self.demand = d
        head_in = whole | hin
        tail_in = whole | hout
        es: set[int] = set()
        for c in head_in | tail_in:
            es.update(g.cell_edges[c])
        self.edges = sorted(es)
        self.reads = frozenset(es)
        ends = g.ends
        base: dict[int, int] = {}
        for e in self.edges:
            u, v = ends[e]
            c1 = (u in tail_in) - (v in head_in)
            c2 = (v in tail_in) - (u in head_in)
            base[e] = 8 * (3 * (c1 + 1) + c2 + 1)
        self.base = base
        self.pairs = tuple(base.items())

    def extreme(self, edge: int, mask: int, top: bool) -> int:
        """Largest (``top``) or smallest contribution of ``edge`` over ``mask``."""
        return (_HI if top else _LO)[self.base[edge] + mask]

    def bounds(self, masks: Sequence[int]) -> tuple[int, int]:
        """(Min, Max) over the touching edges."""
        lo = hi = 0
        lo_t, hi_t = _LO, _HI
        for e, b in self.pairs:
            k = b + masks[e]
            lo += lo_t[k]
            hi += hi_t[k]
        return lo, hi

    def narrowed(self, edge: int, mask: int, top: bool) -> int:
        """The states of ``mask`` with the largest (``top``) or smallest contribution."""
        return (_NAR_HI if top else _NAR_LO)[self.base[edge] + mask]


def region_numbers(
    board: Board, nodes: Sequence[int], masks: Sequence[int]
) -> tuple[int, int, int]:
    """``(D, Min, Max)`` of the region rule for node codes ``nodes`` under ``masks``."""
    rv = _RegionView(board, nodes)
    lo, hi = rv.bounds(masks)
    return rv.demand, lo, hi


# --------------------------------------------------------------------------- the prover


_Summary = tuple[tuple[int, ...] | None, list[tuple[int, int, tuple[int, ...] | None]]]
"""A relaxation as the region phase reads it: (certificate nodes or None, forced arcs)."""


def _relaxation_summary(board: Board, masks: tuple[int, ...]) -> _Summary:
    """The relaxation of ``masks``: its certificate's nodes when infeasible, else every forced
    arc ``(edge, state, region nodes)`` on an undecided edge, by edge then state.

    Kept per mask vector for the whole search (small, unlike the network itself).
    """
    rx = Relaxation(board, masks)
    if not rx.feasible:
        assert rx.certificate is not None
        return rx.certificate.codes(), []
    forced = [
        (e, s, rx.region_nodes(e, s))
        for e, s, _used in rx.forced_arcs()
        if single_state(masks[e]) < 0
    ]
    return None, forced


_MISS: Any = object()
_ONE_STATE = frozenset((1, 2, 4))


class _Prover:
    """One search: the item store, the budget left, per-board tables and memos.

    Cell names and edge sets; supports and premise patterns memoised per clue;
    region views per node set; relaxation summaries per mask vector; case
    sizes per (case, masks). They only speed the rules up: every rule
    application is still counted where the algorithm counts it (:data:`BUDGET`).
    """

    def __init__(self, board: Board, budget: int) -> None:
        self.board = board
        self.store: list[_Item] = []
        self.units = budget
        g = board.geometry
        self.sides = g.sides
        self.ends = g.ends
        self.names = [cell_name(board, c) for c in range(board.n_cells)]
        self.cell_reads = [frozenset(g.cell_edges[c]) for c in range(board.n_cells)]
        memo: dict[tuple[int, int], dict[tuple[int, int, int, int], Any]] = {}
        self.sup_memo = [
            memo.setdefault((board.demand[c], board.through[c]), {}) for c in range(board.n_cells)
        ]
        pmemo: dict[tuple[int, int, tuple[bool, ...]], dict[Any, tuple[int, ...]]] = {}
        self.prem_memo = [
            pmemo.setdefault(
                (board.demand[c], board.through[c], tuple(e < 0 for e in g.sides[c])), {}
            )
            for c in range(board.n_cells)
        ]
        self.views: dict[tuple[int, ...], _RegionView] = {}
        self.relaxations: dict[tuple[int, ...], _Summary] = {}
        self.case_sizes: dict[tuple[tuple[int, ...], tuple[int, ...]], Any] = {}

    def support(self, cell: int, sm: tuple[int, int, int, int]) -> Any:
        """The cell's supports for side masks ``sm`` (None: dead), memoised per clue."""
        d = self.sup_memo[cell]
        sup = d.get(sm, _MISS)
        if sup is _MISS:
            b = self.board
            sup = d[sm] = support(b.demand[cell], b.through[cell], sm)
        return sup

    def view(self, nodes: tuple[int, ...]) -> _RegionView:
        """The region view of a node set, memoised."""
        rv = self.views.get(nodes)
        if rv is None:
            rv = self.views[nodes] = _RegionView(self.board, nodes)
        return rv

    def spend(self, k: int) -> None:
        self.units -= k
        if self.units < 0:
            raise _OutOfBudgetError

    def add(self, tape: _Tape, item: _Item) -> int:
        self.store.append(item)
        i = len(self.store) - 1
        tape.ids.append(i)
        if item.edge >= 0 and item.kind not in (END_SPLIT,):
            tape.masks[item.edge] = item.states
            tape.last[item.edge] = i
        return i

    def step_json(self, edge: int, mask: int) -> dict[str, Any]:
        """A step's edge and states (its rule added by the caller)."""
        u, v = self.ends[edge]
        return {
            "edge": f"{self.names[u]}-{self.names[v]}",
            "states": [_STATE_TEXT[s] for s in _STATE_ORDER if mask >> s & 1],
        }

    # ---- tapes
    def start(self, position: Position) -> _Tape:
        n = self.board.n_edges
        tape = _Tape([_ALL] * n, [-1] * n)
        masks = position.masks()
        for e, m in enumerate(position.marks):
            if m is not Mark.FREE:
                self.add(tape, _Item(USE, e, masks[e]))
        return tape

    def fork(self, tape: _Tape) -> _Tape:
        return _Tape(list(tape.masks), list(tape.last), list(tape.ids))

    def assume(self, tape: _Tape, edge: int, state: int) -> _Tape:
        sub = _Tape(list(tape.masks), list(tape.last))
        self.add(sub, _Item(ASSUME, edge, 1 << state))
        return sub

    # ---- phases
    def cells(self, tape: _Tape, start: Sequence[int]) -> int:
        """Cell phase; the END item id or -1."""
        n = self.board.n_cells
        all_sides, ends, sup_memo = self.sides, self.ends, self.sup_memo
        queued = [False] * n
        q: deque[int] = deque()
        for c in start:
            if not queued[c]:
                queued[c] = True
                q.append(c)
        m = tape.masks
        pop, push = q.popleft, q.append
        while q:
            v = pop()
            queued[v] = False
            self.units -= 1
            if self.units < 0:
                raise _OutOfBudgetError
            sides = all_sides[v]
            a, b, c, d = sides
            old = (
                m[a] if a >= 0 else 1,
                m[b] if b >= 0 else 1,
                m[c] if c >= 0 else 1,
                m[d] if d >= 0 else 1,
            )
            sup = sup_memo[v].get(old, _MISS)
            if sup is _MISS:
                sup = self.support(v, old)
            if sup is None:
                prem = self._cell_premises(tape, v, old, -1, 0)
                return self.add(tape, _Item(END_CELL, cell=v, premises=prem))
            if sup == old:
                continue
            for i in range(4):
                e = sides[i]
                if e >= 0 and sup[i] != old[i]:
                    prem = self._cell_premises(tape, v, old, i, sup[i])
                    self.add(tape, _Item(CELL, e, sup[i], cell=v, premises=prem))
                    x, y = ends[e]
                    w = y if x == v else x
                    if not queued[w]:
                        queued[w] = True
                        push(w)
        return -1

    def _cell_premises(
        self, tape: _Tape, v: int, old: tuple[int, int, int, int], side: int, target: int
    ) -> tuple[int, ...]:
        sides = self.sides[v]
        key = (old, side, target)
        memo = self.prem_memo[v]
        kept = memo.get(key)
        if kept is None:
            sm = list(old)
            for j in range(4):
                if sides[j] < 0 or sm[j] == _ALL:
                    continue
                keep = sm[j]
                sm[j] = _ALL
                sup = self.support(v, (sm[0], sm[1], sm[2], sm[3]))
                ok = sup is None if side < 0 else sup is not None and not sup[side] & ~target
                if not ok:
                    sm[j] = keep
            kept = memo[key] = tuple(j for j in range(4) if sides[j] >= 0 and sm[j] != _ALL)
        last = tape.last
        return tuple([last[sides[j]] for j in kept])

    def regions(self, tape: _Tape) -> tuple[int, list[int]]:
        """Region phase: (END id or -1, edges changed)."""
        b = self.board
        self.spend(_RELAX_COST)
        key = tuple(tape.masks)
        summary = self.relaxations.get(key)
        if summary is None:
            summary = self.relaxations[key] = _relaxation_summary(b, key)
        cert, forced = summary
        if cert is not None:
            prem = self._end_region_premises(tape, cert)
            return self.add(tape, _Item(END_REGION, nodes=cert, premises=prem)), []
        changed: list[int] = []
        for e, _state, arc_nodes in forced:
            if single_state(tape.masks[e]) >= 0:
                continue
            self.spend(1)
            if arc_nodes is None:  # pragma: no cover - forced arcs always have a region
                continue
            rv = self.view(arc_nodes)
            lo, hi = rv.bounds(tape.masks)
            d = rv.demand
            if d not in (hi, lo):
                continue
            top = d == hi
            new = rv.narrowed(e, tape.masks[e], top)
            if new == tape.masks[e] or new == 0:
                continue
            prem = self._region_premises(tape, rv, e, top, new)
            self.add(tape, _Item(REGION, e, new, nodes=arc_nodes, premises=prem))
            changed.append(e)
        return -1, changed

    def _region_premises(
        self, tape: _Tape, rv: _RegionView, edge: int, top: bool, new: int
    ) -> tuple[int, ...]:
        out = []
        for e in rv.edges:
            m = tape.masks[e]
            if m == _ALL:
                continue
            need = rv.extreme(e, _ALL, top) != rv.extreme(e, m, top)
            if e == edge and not need:
                need = bool(rv.narrowed(e, _ALL, top) & ~new)
            if need:
                out.append(tape.last[e])
        return tuple(out)

    def _end_region_premises(self, tape: _Tape, nodes: tuple[int, ...]) -> tuple[int, ...]:
        rv = self.view(nodes)
        lo, hi = rv.bounds(tape.masks)
        d = rv.demand
        top = d > hi
        slack = d - hi if top else lo - d  # > 0
        out = []
        for e in rv.edges:
            m = tape.masks[e]
            if m == _ALL:
                continue
            cost = (
                rv.extreme(e, _ALL, True) - rv.extreme(e, m, True)
                if top
                else rv.extreme(e, m, False) - rv.extreme(e, _ALL, False)
            )
            if cost < slack:
                slack -= cost
            else:
                out.append(tape.last[e])
        return tuple(out)

    def saturate(self, tape: _Tape, start: Sequence[int], level: int) -> int:
        """Cell phase, then (level 1) region rounds until nothing changes; END id or -1."""
        ends = self.board.geometry.ends
        queue = list(start)
        while True:
            end = self.cells(tape, queue)
            if end >= 0 or level < 1:
                return end
            end, changed = self.regions(tape)
            if end >= 0 or not changed:
                return end
            queue = [c for e in changed for c in ends[e]]

    def close(self, tape: _Tape, start: Sequence[int], depth: int) -> int:
        """Saturate (level 1); if that stalls, split (up to ``depth`` deep). END id or -1."""
        end = self.saturate(tape, start, 1)
        if end >= 0 or depth <= 0:
            return end
        order = sorted(
            (bin(m).count("1"), e) for e, m in enumerate(tape.masks) if single_state(m) < 0
        )
        ends = self.board.geometry.ends
        for _, e in order:
            cases: list[tuple[int, list[int]]] = []
            outer: set[int] = set()
            for s in _STATE_ORDER:
                if not tape.masks[e] >> s & 1:
                    continue
                sub = self.assume(tape, e, s)
                sub_end = self.close(sub, ends[e], depth - 1)
                if sub_end < 0:
                    break
                ids, ptrs = self._slice(sub, sub_end)
                cases.append((s, ids))
                outer |= ptrs
            else:
                prem = tuple(sorted(outer | ({tape.last[e]} - {-1})))
                return self.add(tape, _Item(END_SPLIT, e, 0, cases=tuple(cases), premises=prem))
        return -1

    def slice_context(self, tape: _Tape) -> tuple[set[int], list[int]]:
        """A tape's item set and its assumptions, shared by several :meth:`_slice` calls."""
        store = self.store
        return set(tape.ids), [i for i in tape.ids if store[i].kind == ASSUME]

    def _slice(
        self, tape: _Tape, goal: int, ctx: tuple[set[int], list[int]] | None = None
    ) -> tuple[list[int], set[int]]:
        """The premise closure of ``goal`` within ``tape`` (ascending) and pointers outside it."""
        inside, assumed = ctx if ctx is not None else self.slice_context(tape)
        seen = {goal}
        stack = [goal]
        outer: set[int] = set()
        while stack:
            i = stack.pop()
            for p in self.store[i].premises:
                if p < 0 or p in seen or p in outer:
                    continue
                if p in inside:
                    seen.add(p)
                    stack.append(p)
                else:
                    outer.add(p)
        seen.update(assumed)  # an assumption is always part of its case
        return sorted(seen), outer

    def refute_tape(
        self, base: _Tape, edge: int, state: int, case: list[int], outer: set[int]
    ) -> _Tape:
        tape = self.fork(base)
        new = tape.masks[edge] & ~(1 << state)
        prem = tuple(sorted(outer | ({tape.last[edge]} - {-1})))
        self.add(tape, _Item(REFUTE, edge, new, cases=((state, case),), premises=prem))
        return tape

    # ---- emit
    def size(self, ids: list[int], target: int) -> tuple[tuple[int, int, int], bool]:
        """The size of :meth:`emit` ``(ids, target)`` and whether it ends, without its JSON."""
        size, _, ends = self._replay(ids, [_ALL] * self.board.n_edges, target, None, False)
        return size, ends

    def emit(self, ids: list[int], target: int) -> tuple[dict[str, Any], tuple[int, int, int]]:
        """Replay a sliced top-level proof from mask 7 (module docstring, step 5)."""
        masks = [_ALL] * self.board.n_edges
        uses: list[tuple[int, int]] = []
        size, body, _ = self._replay(ids, masks, target, uses, True)
        assert body is not None
        out: dict[str, Any] = {
            "uses": [format_move(self.board, e, _mark_of(m)) for e, m in sorted(uses)],
            "steps": body["steps"],
        }
        if "ends" in body:
            out["ends"] = body["ends"]
        return out, size

    def _replay(
        self,
        ids: list[int],
        masks: list[int],
        target: int,
        uses: list[tuple[int, int]] | None,
        build: bool,
    ) -> tuple[tuple[int, int, int], dict[str, Any] | None, bool]:
        """Replay ``ids`` on ``masks`` (changed in place): (size, body JSON if ``build``, ends).

        A step's JSON (and a refutation's cases, replayed from a copy of the
        masks it met) is built only if relevance keeps the step, and only when
        ``build``: replays are pure, so building it later gives the same text.
        The size (cases, region steps, steps) counts what the JSON would hold.
        """
        b = self.board
        emitted: list[_Emitted] = []
        end_json: dict[str, Any] | None = None
        end_size = [0, 0, 0]  # a split end's cases
        store, sides, names = self.store, self.sides, self.names
        cell_reads, sup_memo = self.cell_reads, self.sup_memo
        work = deque(ids)
        while work:
            it = store[work.popleft()]
            k = it.kind
            e = it.edge
            if k <= ASSUME:  # USE, ASSUME
                masks[e] = it.states
                emitted.append((k, e, it.states, None, _NO_READS))
                continue
            if k in (CELL, END_CELL):
                v = it.cell
                w, x, y, z = sides[v]
                sm = (
                    masks[w] if w >= 0 else 1,
                    masks[x] if x >= 0 else 1,
                    masks[y] if y >= 0 else 1,
                    masks[z] if z >= 0 else 1,
                )
                sup = sup_memo[v].get(sm, _MISS)
                if sup is _MISS:
                    sup = self.support(v, sm)
                if sup is None:
                    end_json = {"cell": names[v]}
                    emitted.append((END_CELL, -1, 0, None, cell_reads[v]))
                    break
                if k == END_CELL:  # pragma: no cover - monotonicity keeps it dead
                    raise AssertionError("replayed END cell is not dead")
                new = sup[sides[v].index(e)] & masks[e]
                if new == masks[e]:
                    continue
                masks[e] = new
                emitted.append((CELL, e, new, it, cell_reads[v]))
            elif k in (REGION, END_REGION):
                rv = self.view(it.nodes)
                lo, hi = rv.bounds(masks)
                if not lo <= rv.demand <= hi:
                    nodes = it.nodes
                    if build:  # the emitted proof only: sizes rank the unshrunk proofs
                        nodes = _minimal_region(b, nodes, masks, _anchor_cells(b, emitted))
                        rv = self.view(nodes)
                    end_json = {"region": self.node_names(nodes)}
                    emitted.append((END_REGION, -1, 0, None, rv.reads))
                    break
                if k == END_REGION:  # pragma: no cover
                    raise AssertionError("replayed END region is not a contradiction")
                if rv.demand == hi:
                    new = rv.narrowed(e, masks[e], True)
                elif rv.demand == lo:
                    new = rv.narrowed(e, masks[e], False)
                else:  # pragma: no cover - monotonicity keeps D at an end
                    raise AssertionError("replayed region rule does not apply")
                if new == masks[e]:
                    continue
                masks[e] = new
                emitted.append((REGION, e, new, it, rv.reads))
            else:  # REFUTE, END_SPLIT
                present = [(s, c) for s, c in it.cases if masks[e] >> s & 1]
                removed = 0
                for s, _ in present:
                    removed |= 1 << s
                new = masks[e] & ~removed
                if k == END_SPLIT and len(present) == 1:
                    # one state left: the case is a plain continuation (no split of a decided edge)
                    work = deque(present[0][1])
                    continue
                if k == END_SPLIT or new == 0:
                    subs = [self._case(c, masks, build) for _, c in present]
                    end_size[0] = len(subs)
                    for (a, r, t), _, _ in subs:
                        end_size[0] += a
                        end_size[1] += r
                        end_size[2] += t
                    end_json = {"split": "", "cases": []}
                    if build:
                        end_json = {"split": edge_name(b, e), "cases": [j for _, j, _ in subs]}
                    emitted.append((END_SPLIT, e, 0, None, None))
                    break
                if not removed:
                    continue
                emitted.append((REFUTE, e, new, (present, list(masks)), None))
                masks[e] = new
            if emitted[-1][1] == target and masks[target] in _ONE_STATE:
                break
        steps = []
        n_cases = n_region = n_steps = 0
        for kind, e, states, src, _ in _relevant(emitted):
            if kind in (USE, ASSUME):
                if kind == USE and uses is not None:
                    uses.append((e, states))
                continue
            if kind in (END_CELL, END_REGION, END_SPLIT):
                continue
            n_steps += 1
            js = self.step_json(e, states) if build else {}
            if kind == CELL:
                if build:
                    js["cell"] = names[src.cell]
            elif kind == REGION:
                n_region += 1
                if build:
                    js["region"] = self.node_names(src.nodes)
            else:
                present, before = src
                subs = [self._case(c, before, build) for _, c in present]
                n_cases += len(subs)
                for (a, r, t), _, _ in subs:
                    n_cases += a
                    n_region += r
                    n_steps += t
                if build:
                    js["refute"] = [j for _, j, _ in subs]
            steps.append(js)
        if end_json is not None:
            n_cases += end_size[0]
            n_region += end_size[1]
            n_steps += end_size[2]
        body: dict[str, Any] | None = None
        if build:
            body = {"steps": steps}
            if end_json is not None:
                body["ends"] = end_json
        return (n_cases, n_region, n_steps), body, end_json is not None

    def _case(
        self, ids: list[int], masks: list[int], build: bool
    ) -> tuple[tuple[int, int, int], dict[str, Any] | None, bool]:
        """Replay one refutation or split case from a copy of ``masks``; sizes memoised."""
        if build:
            return self._replay(ids, list(masks), -1, None, True)
        key = (tuple(ids), tuple(masks))
        got = self.case_sizes.get(key)
        if got is None:
            got = self.case_sizes[key] = self._replay(ids, list(masks), -1, None, False)
        return got

    def node_names(self, nodes: Sequence[int]) -> list[str]:
        """Region node names (:func:`node_name`)."""
        names = self.names
        return [names[x // 3] + _HALF[x % 3] for x in nodes]


_Emitted = tuple[int, int, int, Any, frozenset[int] | None]
"""A replayed item: (kind, edge, states, what its JSON is built from, edges it reads)."""
_NO_READS: frozenset[int] = frozenset()


def _relevant(emitted: list[_Emitted]) -> list[_Emitted]:
    """Keep the goal (the last item) and every item whose edge a kept later item reads."""
    if not emitted:
        return []
    kept = [emitted[-1]]
    last_reads = emitted[-1][4]
    reads_all = last_reads is None
    read: set[int] = set(last_reads or ())
    for entry in reversed(emitted[:-1]):
        kind, e, _, _, rd = entry
        if kind == ASSUME:
            kept.append(entry)
            continue
        if reads_all or e in read:
            kept.append(entry)
            if rd is None:
                reads_all = True
            else:
                read |= rd
    kept.reverse()
    return kept


def _anchor_cells(board: Board, emitted: Sequence[_Emitted]) -> list[int]:
    """The cells at the marks (uses) and assumptions replayed so far, ascending."""
    ends = board.geometry.ends
    return sorted({c for k, e, _, _, _ in emitted if k in (USE, ASSUME) for c in ends[e]})


def _minimal_region(
    board: Board, nodes: Sequence[int], masks: Sequence[int], anchors: Sequence[int]
) -> tuple[int, ...]:
    """A connected, 1-minimal sub-region of the END region ``nodes`` (``D ∉ [Min, Max]``).

    Repeat until a round removes nothing: if the region falls apart into pieces
    (cells joined by an edge, or one cell's two halves, are one piece), keep the
    first piece (by lowest node) that is still a contradiction — one is, because
    no edge touches two pieces, so ``D``, Min and Max add up over them; then try
    removing each node once, farthest from the nearest ``anchors`` cell first
    (Manhattan distance; ties: highest node first), keeping a removal when the
    smaller set is still a contradiction. The result is connected and no single
    node can be removed: the nodes near the marks the argument starts from stay.

    Each trial re-evaluates the removed node's (at most four) edges only, on the
    contribution tables, so a round is O(|R|) and the whole O(|R|²). It runs on
    the emitted proof only and spends no budget units (the JavaScript mirror
    neither).
    """
    g = board.geometry
    cols = board.cols
    ends, cell_edges = g.ends, g.cell_edges
    head = [False] * board.n_cells  # head node in R: the cell or its c:in half
    tail = [False] * board.n_cells  # tail node in R: the cell or its c:out half

    def value(x: int) -> int:
        c, k = divmod(x, 3)
        return board.demand[c] if k == 0 else board.through[c] * (1 if k == 2 else -1)

    def code(e: int) -> int:
        u, v = ends[e]
        return 8 * (3 * (tail[u] - head[v] + 1) + tail[v] - head[u] + 1) + masks[e]

    def enter(region: Sequence[int]) -> None:  # head/tail membership of the region
        for i in range(board.n_cells):
            head[i] = tail[i] = False
        for x in region:
            c, k = divmod(x, 3)
            head[c] = head[c] or k != 2
            tail[c] = tail[c] or k != 1

    def contradicts(region: Sequence[int]) -> bool:
        d, lo, hi = region_numbers(board, region, masks)
        return not lo <= d <= hi

    def pieces(region: list[int]) -> list[list[int]]:
        by_cell: dict[int, list[int]] = {}
        for x in region:
            by_cell.setdefault(x // 3, []).append(x)
        out: list[list[int]] = []
        seen: set[int] = set()
        for x in region:
            if x // 3 in seen:
                continue
            seen.add(x // 3)
            stack, piece = [x // 3], []
            while stack:
                c = stack.pop()
                piece.extend(by_cell[c])
                for e in cell_edges[c]:
                    u, v = ends[e]
                    w = v if u == c else u
                    if w in by_cell and w not in seen:
                        seen.add(w)
                        stack.append(w)
            out.append(sorted(piece))
        return out

    def dist(x: int) -> int:
        r, c = divmod(x // 3, cols)
        return min((abs(r - a // cols) + abs(c - a % cols) for a in anchors), default=0)

    cur = sorted(nodes)
    while True:
        parts = pieces(cur)
        if len(parts) > 1:
            cur = next((part for part in parts if contradicts(part)), cur)
        d, lo, hi = region_numbers(board, cur, masks)
        enter(cur)
        removed = False
        for x in sorted(cur, key=lambda y: (-dist(y), -y)):
            if len(cur) == 1:
                break
            c, k = divmod(x, 3)
            was = head[c], tail[c]
            d2, lo2, hi2 = d - value(x), lo, hi
            for e in cell_edges[c]:
                lo2 -= _LO[code(e)]
                hi2 -= _HI[code(e)]
            head[c] = head[c] and k == 2
            tail[c] = tail[c] and k == 1
            for e in cell_edges[c]:
                lo2 += _LO[code(e)]
                hi2 += _HI[code(e)]
            if lo2 <= d2 <= hi2:
                head[c], tail[c] = was
                continue
            cur.remove(x)
            d, lo, hi = d2, lo2, hi2
            removed = True
        if not removed:
            return tuple(cur)


def _mark_of(mask: int) -> Mark:
    s = single_state(mask)
    return Mark.CROSS if s == 0 else Mark(s)


# --------------------------------------------------------------------------- searches


def _first_single(p: _Prover, tape: _Tape, free: Sequence[bool]) -> dict[int, int]:
    """Item that first left each free edge single-state, for edges single at the end."""
    out: dict[int, int] = {}
    for i in tape.ids:
        it = p.store[i]
        if (
            it.kind in (CELL, REGION, REFUTE)
            and free[it.edge]
            and it.edge not in out
            and single_state(it.states) >= 0
        ):
            out[it.edge] = i
    return out


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A hint candidate before its JSON is built: the winner alone is emitted."""

    edge: int
    state: int
    size: tuple[int, int, int]
    ids: list[int]


def _hint_key(
    board: Board, position: Position, last_edge: int, found: _Candidate
) -> tuple[int, ...]:
    g = board.geometry
    e = found.edge
    near = 1
    if last_edge >= 0:
        near = 0 if set(g.ends[e]) & set(g.ends[last_edge]) else 1
    free_at = min(
        sum(1 for f in g.cell_edges[c] if position.marks[f] is Mark.FREE) for c in g.ends[e]
    )
    return (*found.size, near, free_at, 1 if found.state == 0 else 0, e)


def _candidates(p: _Prover, tape: _Tape, free: Sequence[bool]) -> list[_Candidate]:
    out = []
    ctx = p.slice_context(tape)
    for e, i in sorted(_first_single(p, tape, free).items()):
        ids, _ = p._slice(tape, i, ctx)
        size, _ = p.size(ids, e)
        out.append(_Candidate(e, single_state(p.store[i].states), size, ids))
    return out


def prove_hint(position: Position, *, last_edge: int = -1, budget: int = BUDGET) -> Found | None:
    """The hint a person would want next, with its proof (module docstring, step 7).

    Assumes the position has a completion (callers check with the exact
    counter). None when no proof fits the budget or no edge is forced.
    """
    board = position.board
    p = _Prover(board, budget)
    free = [m is Mark.FREE for m in position.marks]
    all_cells = range(board.n_cells)

    def best(cands: list[_Candidate]) -> Found | None:
        if not cands:
            return None
        c = min(cands, key=lambda f: _hint_key(board, position, last_edge, f))
        proof, size = p.emit(c.ids, c.edge)
        return Found(proof, c.edge, c.state, size)

    try:
        for level in (0, 1):  # stage A (cell steps), then stage B (cell and region steps)
            tape = p.start(position)
            if p.saturate(tape, all_cells, level) >= 0:
                return None
            found = best(_candidates(p, tape, free))
            if found is not None:
                return found
        for depth in (0, 1):
            cands = _refutation_candidates(p, tape, free, depth)
            found = best(cands)
            if found is not None:
                return found
    except _OutOfBudgetError:
        return None
    return None


def _refutation_candidates(
    p: _Prover, base: _Tape, free: Sequence[bool], depth: int
) -> list[_Candidate]:
    ends = p.board.geometry.ends
    cands: list[_Candidate] = []
    for e, m in enumerate(base.masks):
        if single_state(m) >= 0:
            continue
        for s in _STATE_ORDER:
            if not m >> s & 1:
                continue
            sub = p.assume(base, e, s)
            end = p.close(sub, ends[e], depth) if depth else p.saturate(sub, ends[e], 1)
            if end < 0:
                continue
            case, outer = p._slice(sub, end)
            tape = p.refute_tape(base, e, s, case, outer)
            p.saturate(tape, ends[e], 1)
            cands.extend(_candidates(p, tape, free))
    return cands


def prove_lost(position: Position, *, budget: int = BUDGET) -> dict[str, Any] | None:
    """A proof that ``position`` has no completion, or None beyond the budget (step 8).

    Only call it on a lost position (the exact counter decides lost-ness).
    """
    board = position.board
    p = _Prover(board, budget)
    all_cells = range(board.n_cells)
    best: tuple[tuple[int, int, int], list[int]] | None = None

    def offer(tape: _Tape, end: int) -> None:
        nonlocal best
        if end < 0:
            return
        ids, _ = p._slice(tape, end)
        size, ends = p.size(ids, -1)
        if ends and (best is None or size < best[0]):
            best = (size, ids)

    def proof() -> dict[str, Any] | None:
        return None if best is None else p.emit(best[1], -1)[0]

    try:
        tape = p.start(position)
        offer(tape, p.saturate(tape, all_cells, 0))
        tape = p.start(position)
        rx_end, _ = p.regions(tape)
        offer(tape, rx_end)
        tape = p.start(position)
        end = p.saturate(tape, all_cells, 1)
        offer(tape, end)
        if best is not None:
            return proof()
        end = p.close(tape, (), 2)
        offer(tape, end)
    except _OutOfBudgetError:
        pass
    return proof()


def obvious_empties(position: Position) -> list[int]:
    """Free edges that cell steps alone prove unused (none when the cells contradict)."""
    board = position.board
    p = _Prover(board, 1 << 30)
    tape = p.start(position)
    if p.saturate(tape, range(board.n_cells), 0) >= 0:
        return []
    return [e for e, m in enumerate(position.marks) if m is Mark.FREE and tape.masks[e] == 1]
