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
   are dropped. Then *relevance*: walking backwards from the goal, an item is
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
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from proofgrid.kirchhoff.board import Board, Mark, Position, cell_name
from proofgrid.kirchhoff.local import single_state, support
from proofgrid.kirchhoff.moves import format_move
from proofgrid.kirchhoff.relax import Region, Relaxation

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

USE, ASSUME, CELL, REGION, REFUTE, END_CELL, END_REGION, END_SPLIT = range(8)


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
    return cell_name(board, c) + ("", ":in", ":out")[k]


def parse_node(board: Board, text: str) -> int:
    """Inverse of :func:`node_name` (raises ValueError)."""
    name, _, half = text.partition(":")
    col = ord(name[0]) - ord("a")
    row = int(name[1:]) - 1
    if not (0 <= row < board.rows and 0 <= col < board.cols) or half not in ("", "in", "out"):
        raise ValueError(f"bad node {text!r}")
    return 3 * (row * board.cols + col) + ("", "in", "out").index(half)


# --------------------------------------------------------------------------- rules


def _sides_masks(board: Board, cell: int, masks: Sequence[int]) -> tuple[int, int, int, int]:
    a, b, c, d = (masks[e] if e >= 0 else 1 for e in board.geometry.sides[cell])
    return a, b, c, d


def _cell_support(board: Board, cell: int, sm: tuple[int, int, int, int]) -> Any:
    return support(board.demand[cell], board.through[cell], sm)


class _RegionView:
    """Membership of a node set and the region rule's numbers on given masks."""

    __slots__ = ("board", "demand", "edges", "head_in", "tail_in")

    def __init__(self, board: Board, nodes: Sequence[int]) -> None:
        n = board.n_cells
        whole = [False] * n
        hin = [False] * n
        hout = [False] * n
        for x in nodes:
            c, k = divmod(x, 3)
            (whole, hin, hout)[k][c] = True
        for c in range(n):
            if hin[c] and hout[c]:
                whole[c] = True
        self.board = board
        self.head_in = [whole[c] or hin[c] for c in range(n)]
        self.tail_in = [whole[c] or hout[c] for c in range(n)]
        d = 0
        for c in range(n):
            if whole[c]:
                d += board.demand[c]
            else:
                if hin[c]:
                    d -= board.through[c]
                if hout[c]:
                    d += board.through[c]
        self.demand = d
        touched = [c for c in range(n) if self.head_in[c] or self.tail_in[c]]
        es: set[int] = set()
        for c in touched:
            es.update(board.geometry.cell_edges[c])
        self.edges = sorted(es)

    def contrib(self, edge: int, state: int) -> int:
        """[tail in R] − [head in R] for ``edge`` in ``state``."""
        if state == 0:
            return 0
        u, v = self.board.geometry.ends[edge]
        t, h = (u, v) if state == 1 else (v, u)
        return int(self.tail_in[t]) - int(self.head_in[h])

    def extreme(self, edge: int, mask: int, top: bool) -> int:
        vals = [self.contrib(edge, s) for s in range(3) if mask >> s & 1]
        return max(vals) if top else min(vals)

    def bounds(self, masks: Sequence[int]) -> tuple[int, int]:
        """(Min, Max) over the touching edges."""
        lo = hi = 0
        for e in self.edges:
            lo += self.extreme(e, masks[e], False)
            hi += self.extreme(e, masks[e], True)
        return lo, hi

    def narrowed(self, edge: int, mask: int, top: bool) -> int:
        best = self.extreme(edge, mask, top)
        return sum(1 << s for s in range(3) if mask >> s & 1 and self.contrib(edge, s) == best)


def region_numbers(
    board: Board, nodes: Sequence[int], masks: Sequence[int]
) -> tuple[int, int, int]:
    """``(D, Min, Max)`` of the region rule for node codes ``nodes`` under ``masks``."""
    rv = _RegionView(board, nodes)
    lo, hi = rv.bounds(masks)
    return rv.demand, lo, hi


def _region_nodes(reg: Region) -> tuple[int, ...]:
    out = [3 * c for c in reg.cells] + [3 * c + 1 for c in reg.entry_only]
    out += [3 * c + 2 for c in reg.exit_only]
    return tuple(sorted(out))


def _reads(board: Board, item: _Item) -> frozenset[int] | None:
    """Edges an item reads (None: everything)."""
    if item.kind in (CELL, END_CELL):
        return frozenset(board.geometry.cell_edges[item.cell])
    if item.kind in (REGION, END_REGION):
        return frozenset(_RegionView(board, item.nodes).edges)
    if item.kind in (REFUTE, END_SPLIT):
        return None
    return frozenset()


# --------------------------------------------------------------------------- the prover


class _Prover:
    def __init__(self, board: Board, budget: int) -> None:
        self.board = board
        self.store: list[_Item] = []
        self.units = budget

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
        b = self.board
        g = b.geometry
        n = b.n_cells
        queued = [False] * n
        q: deque[int] = deque()
        for c in start:
            if not queued[c]:
                queued[c] = True
                q.append(c)
        m = tape.masks
        while q:
            v = q.popleft()
            queued[v] = False
            self.spend(1)
            sides = g.sides[v]
            old = _sides_masks(b, v, m)
            sup = _cell_support(b, v, old)
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
                    a, c = g.ends[e]
                    w = c if a == v else a
                    if not queued[w]:
                        queued[w] = True
                        q.append(w)
        return -1

    def _cell_premises(
        self, tape: _Tape, v: int, old: tuple[int, int, int, int], side: int, target: int
    ) -> tuple[int, ...]:
        b = self.board
        sides = b.geometry.sides[v]
        sm = list(old)
        for j in range(4):
            if sides[j] < 0 or sm[j] == _ALL:
                continue
            keep = sm[j]
            sm[j] = _ALL
            sup = _cell_support(b, v, (sm[0], sm[1], sm[2], sm[3]))
            ok = sup is None if side < 0 else sup is not None and not sup[side] & ~target
            if not ok:
                sm[j] = keep
        return tuple(tape.last[sides[j]] for j in range(4) if sides[j] >= 0 and sm[j] != _ALL)

    def regions(self, tape: _Tape) -> tuple[int, list[int]]:
        """Region phase: (END id or -1, edges changed)."""
        b = self.board
        self.spend(_RELAX_COST)
        rx = Relaxation(b, tape.masks)
        if not rx.feasible:
            assert rx.certificate is not None
            nodes = _region_nodes(rx.certificate)
            prem = self._end_region_premises(tape, nodes)
            return self.add(tape, _Item(END_REGION, nodes=nodes, premises=prem)), []
        changed: list[int] = []
        for e, s, _used in rx.forced_arcs():
            if single_state(tape.masks[e]) >= 0:
                continue
            self.spend(1)
            reg = rx.region_for(e, s)
            if reg is None:  # pragma: no cover - forced arcs always have a region
                continue
            nodes = _region_nodes(reg)
            rv = _RegionView(b, nodes)
            lo, hi = rv.bounds(tape.masks)
            d = rv.demand
            if d not in (hi, lo):
                continue
            top = d == hi
            new = rv.narrowed(e, tape.masks[e], top)
            if new == tape.masks[e] or new == 0:
                continue
            prem = self._region_premises(tape, rv, e, top, new)
            self.add(tape, _Item(REGION, e, new, nodes=nodes, premises=prem))
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
        rv = _RegionView(self.board, nodes)
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

    def _slice(self, tape: _Tape, goal: int) -> tuple[list[int], set[int]]:
        """The premise closure of ``goal`` within ``tape`` (ascending) and pointers outside it."""
        inside = set(tape.ids)
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
        # an assumption is always part of its case
        for i in tape.ids:
            if self.store[i].kind == ASSUME:
                seen.add(i)
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
    def emit(self, ids: list[int], target: int) -> tuple[dict[str, Any], tuple[int, int, int]]:
        """Replay a sliced top-level proof from mask 7 (module docstring, step 5)."""
        masks = [_ALL] * self.board.n_edges
        uses: list[tuple[int, int]] = []
        body, size = self._replay(ids, masks, target, uses)
        out: dict[str, Any] = {
            "uses": [format_move(self.board, e, _mark_of(m)) for e, m in sorted(uses)],
            "steps": body["steps"],
        }
        if "ends" in body:
            out["ends"] = body["ends"]
        return out, size

    def _replay(
        self, ids: list[int], masks: list[int], target: int, uses: list[tuple[int, int]] | None
    ) -> tuple[dict[str, Any], tuple[int, int, int]]:
        b = self.board
        emitted: list[tuple[_Item, dict[str, Any] | None, frozenset[int] | None]] = []
        # (item as replayed, its JSON (None for a use / assumption), reads)
        end_json: dict[str, Any] | None = None
        work = deque(ids)
        while work:
            it = self.store[work.popleft()]
            k = it.kind
            if k in (USE, ASSUME):
                masks[it.edge] = it.states
                emitted.append((it, None, frozenset()))
                continue
            if k in (CELL, END_CELL):
                sm = _sides_masks(b, it.cell, masks)
                sup = _cell_support(b, it.cell, sm)
                if sup is None:
                    end_json = {"cell": cell_name(b, it.cell)}
                    emitted.append((_Item(END_CELL, cell=it.cell), end_json, _reads(b, it)))
                    break
                if k == END_CELL:  # pragma: no cover - monotonicity keeps it dead
                    raise AssertionError("replayed END cell is not dead")
                j = b.geometry.sides[it.cell].index(it.edge)
                new = sup[j] & masks[it.edge]
                if new == masks[it.edge]:
                    continue
                masks[it.edge] = new
                js = _step_json(b, it.edge, new) | {"cell": cell_name(b, it.cell)}
                emitted.append((_Item(CELL, it.edge, new, cell=it.cell), js, _reads(b, it)))
            elif k in (REGION, END_REGION):
                rv = _RegionView(b, it.nodes)
                lo, hi = rv.bounds(masks)
                names = [node_name(b, x) for x in it.nodes]
                if not lo <= rv.demand <= hi:
                    end_json = {"region": names}
                    emitted.append((_Item(END_REGION, nodes=it.nodes), end_json, _reads(b, it)))
                    break
                if k == END_REGION:  # pragma: no cover
                    raise AssertionError("replayed END region is not a contradiction")
                if rv.demand == hi:
                    new = rv.narrowed(it.edge, masks[it.edge], True)
                elif rv.demand == lo:
                    new = rv.narrowed(it.edge, masks[it.edge], False)
                else:  # pragma: no cover - monotonicity keeps D at an end
                    raise AssertionError("replayed region rule does not apply")
                if new == masks[it.edge]:
                    continue
                masks[it.edge] = new
                js = _step_json(b, it.edge, new) | {"region": names}
                emitted.append((_Item(REGION, it.edge, new, nodes=it.nodes), js, _reads(b, it)))
            else:  # REFUTE, END_SPLIT
                cases_json = []
                removed = 0
                for s, case_ids in it.cases:
                    if not masks[it.edge] >> s & 1:
                        continue
                    sub_masks = list(masks)
                    cj, _ = self._replay(case_ids, sub_masks, -1, None)
                    cases_json.append(cj)
                    removed |= 1 << s
                new = masks[it.edge] & ~removed
                if k == END_SPLIT and len(cases_json) == 1:
                    # one state left: the case is a plain continuation (no split of a decided edge)
                    (only,) = [c for s, c in it.cases if masks[it.edge] >> s & 1]
                    work = deque(only)
                    continue
                if k == END_SPLIT or new == 0:
                    end_json = {"split": edge_name(b, it.edge), "cases": cases_json}
                    emitted.append((_Item(END_SPLIT, it.edge), end_json, None))
                    break
                if not removed:
                    continue
                masks[it.edge] = new
                js = _step_json(b, it.edge, new) | {"refute": cases_json}
                emitted.append((_Item(REFUTE, it.edge, new), js, None))
            if target >= 0 and single_state(masks[target]) >= 0 and emitted[-1][0].edge == target:
                break
        kept = _relevant(emitted)
        steps = []
        size = [0, 0, 0]
        for it, item_js, _ in kept:
            if it.kind == USE and uses is not None:
                uses.append((it.edge, it.states))
            if item_js is None or it.kind in (END_CELL, END_REGION, END_SPLIT):
                continue
            steps.append(item_js)
            _count(item_js, size)
        body: dict[str, Any] = {"steps": steps}
        if end_json is not None:
            body["ends"] = end_json
            _count_end(end_json, size)
        return body, (size[0], size[1], size[2])


def _relevant(
    emitted: list[tuple[_Item, dict[str, Any] | None, frozenset[int] | None]],
) -> list[tuple[_Item, dict[str, Any] | None, frozenset[int] | None]]:
    """Keep the goal (the last item) and every item whose edge a kept later item reads."""
    if not emitted:
        return []
    kept = [emitted[-1]]
    reads_all = emitted[-1][2] is None
    read: set[int] = set(emitted[-1][2] or ())
    for entry in reversed(emitted[:-1]):
        it, _, rd = entry
        if it.kind == ASSUME or reads_all or it.edge in read:
            kept.append(entry)
            if it.kind == ASSUME:
                continue
            if rd is None:
                reads_all = True
            else:
                read |= rd
    kept.reverse()
    return kept


def _count(js: dict[str, Any], size: list[int]) -> None:
    size[2] += 1
    if "region" in js:
        size[1] += 1
    for p in js.get("refute", ()):
        size[0] += 1
        _count_body(p, size)


def _count_end(end: dict[str, Any], size: list[int]) -> None:
    for p in end.get("cases", ()):
        size[0] += 1
        _count_body(p, size)


def _count_body(p: dict[str, Any], size: list[int]) -> None:
    for st in p["steps"]:
        _count(st, size)
    _count_end(p["ends"], size)


def _mark_of(mask: int) -> Mark:
    s = single_state(mask)
    return Mark.CROSS if s == 0 else Mark(s)


def _step_json(board: Board, edge: int, mask: int) -> dict[str, Any]:
    return {
        "edge": edge_name(board, edge),
        "states": [_STATE_TEXT[s] for s in _STATE_ORDER if mask >> s & 1],
    }


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


def _hint_key(board: Board, position: Position, last_edge: int, found: Found) -> tuple[int, ...]:
    g = board.geometry
    e = found.edge
    near = 1
    if last_edge >= 0:
        near = 0 if set(g.ends[e]) & set(g.ends[last_edge]) else 1
    free_at = min(
        sum(1 for f in g.cell_edges[c] if position.marks[f] is Mark.FREE) for c in g.ends[e]
    )
    return (*found.size, near, free_at, 1 if found.state == 0 else 0, e)


def _candidates(
    p: _Prover, tape: _Tape, free: Sequence[bool], seen: set[int] | None = None
) -> list[Found]:
    out = []
    for e, i in sorted(_first_single(p, tape, free).items()):
        if seen is not None and e in seen:
            continue
        ids, _ = p._slice(tape, i)
        proof, size = p.emit(ids, e)
        state = single_state(p.store[i].states)
        out.append(Found(proof, e, state, size))
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

    def best(cands: list[Found]) -> Found | None:
        if not cands:
            return None
        return min(cands, key=lambda f: _hint_key(board, position, last_edge, f))

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
) -> list[Found]:
    ends = p.board.geometry.ends
    cands: list[Found] = []
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
    best: tuple[tuple[int, int, int], dict[str, Any]] | None = None

    def offer(tape: _Tape, end: int) -> None:
        nonlocal best
        if end < 0:
            return
        ids, _ = p._slice(tape, end)
        proof, size = p.emit(ids, -1)
        if "ends" in proof and (best is None or size < best[0]):
            best = (size, proof)

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
            return best[1]
        end = p.close(tape, (), 2)
        offer(tape, end)
    except _OutOfBudgetError:
        pass
    return None if best is None else best[1]


def obvious_empties(position: Position) -> list[int]:
    """Free edges that cell steps alone prove unused (none when the cells contradict)."""
    board = position.board
    p = _Prover(board, 1 << 30)
    tape = p.start(position)
    if p.saturate(tape, range(board.n_cells), 0) >= 0:
        return []
    return [e for e, m in enumerate(position.marks) if m is Mark.FREE and tape.masks[e] == 1]
