"""The Kirchhoff prover: tapes, the cell and region phases, saturation and the hint/lost searches.

The algorithm is :mod:`proofgrid.kirchhoff.proof`'s docstring (steps 1–4 and
6–9); the writer (:mod:`proofgrid.kirchhoff.writer`, step 5) replays what this
module finds, and :mod:`proofgrid.kirchhoff.notation` names it. Integers only;
the JavaScript mirror (``js/kirchhoff/engine/prover.js``) follows it exactly,
budget units included.

Complexity: a saturate is O(RC) cell evaluations per change plus one max-flow
per region round; stage C costs one saturate per undecided edge state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from proofgrid.kirchhoff.board import ALL_STATES, Board, Mark, Position
from proofgrid.kirchhoff.local import single_state
from proofgrid.kirchhoff.notation import STATE_ORDER, RegionView
from proofgrid.kirchhoff.relax import Relaxation
from proofgrid.kirchhoff.writer import (
    ASSUME,
    CELL,
    END_CELL,
    END_REGION,
    END_SPLIT,
    MISS,
    REFUTE,
    REGION,
    USE,
    ProofItem,
    ProofWriter,
)

__all__ = ["BUDGET", "Found", "obvious_empties", "prove_hint", "prove_lost"]

BUDGET = 160_000
"""Rule applications one search may spend (cell evaluation 1, relaxation 25)."""
_RELAX_COST = 25


class _OutOfBudgetError(Exception):
    """The search spent its budget."""


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
        The JSON proof (the format of ``docs/proofs.md``).
    edge, state : int
        The hinted edge and state (``-1`` for a lost verdict).
    size : tuple of int
        (cases, region steps, steps), counted through refutations and splits.
    """

    proof: dict[str, Any]
    edge: int
    state: int
    size: tuple[int, int, int]


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


class _Prover(ProofWriter):
    """One search: the item store, the budget left, per-board tables and memos.

    Supports and region views (:class:`~proofgrid.kirchhoff.writer.ProofWriter`);
    premise patterns memoised per clue; relaxation summaries per mask vector.
    They only speed the rules up: every rule application is still counted
    where the algorithm counts it (:data:`BUDGET`).
    """

    def __init__(self, board: Board, budget: int) -> None:
        super().__init__(board)
        self.units = budget
        g = board.geometry
        pmemo: dict[tuple[int, int, tuple[bool, ...]], dict[Any, tuple[int, ...]]] = {}
        self.prem_memo = [
            pmemo.setdefault(
                (board.demand[c], board.through[c], tuple(e < 0 for e in g.sides[c])), {}
            )
            for c in range(board.n_cells)
        ]
        self.relaxations: dict[tuple[int, ...], _Summary] = {}

    def spend(self, k: int) -> None:
        self.units -= k
        if self.units < 0:
            raise _OutOfBudgetError

    def add(self, tape: _Tape, item: ProofItem) -> int:
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
        tape = _Tape([ALL_STATES] * n, [-1] * n)
        masks = position.masks()
        for e, m in enumerate(position.marks):
            if m is not Mark.FREE:
                self.add(tape, ProofItem(USE, e, masks[e]))
        return tape

    def fork(self, tape: _Tape) -> _Tape:
        return _Tape(list(tape.masks), list(tape.last), list(tape.ids))

    def assume(self, tape: _Tape, edge: int, state: int) -> _Tape:
        sub = _Tape(list(tape.masks), list(tape.last))
        self.add(sub, ProofItem(ASSUME, edge, 1 << state))
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
            sup = sup_memo[v].get(old, MISS)
            if sup is MISS:
                sup = self.support(v, old)
            if sup is None:
                prem = self._cell_premises(tape, v, old, -1, 0)
                return self.add(tape, ProofItem(END_CELL, cell=v, premises=prem))
            if sup == old:
                continue
            for i in range(4):
                e = sides[i]
                if e >= 0 and sup[i] != old[i]:
                    prem = self._cell_premises(tape, v, old, i, sup[i])
                    self.add(tape, ProofItem(CELL, e, sup[i], cell=v, premises=prem))
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
                if sides[j] < 0 or sm[j] == ALL_STATES:
                    continue
                keep = sm[j]
                sm[j] = ALL_STATES
                sup = self.support(v, (sm[0], sm[1], sm[2], sm[3]))
                ok = sup is None if side < 0 else sup is not None and not sup[side] & ~target
                if not ok:
                    sm[j] = keep
            kept = memo[key] = tuple(j for j in range(4) if sides[j] >= 0 and sm[j] != ALL_STATES)
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
            return self.add(tape, ProofItem(END_REGION, nodes=cert, premises=prem)), []
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
            self.add(tape, ProofItem(REGION, e, new, nodes=arc_nodes, premises=prem))
            changed.append(e)
        return -1, changed

    def _region_premises(
        self, tape: _Tape, rv: RegionView, edge: int, top: bool, new: int
    ) -> tuple[int, ...]:
        out = []
        for e in rv.edges:
            m = tape.masks[e]
            if m == ALL_STATES:
                continue
            need = rv.extreme(e, ALL_STATES, top) != rv.extreme(e, m, top)
            if e == edge and not need:
                need = bool(rv.narrowed(e, ALL_STATES, top) & ~new)
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
            if m == ALL_STATES:
                continue
            cost = (
                rv.extreme(e, ALL_STATES, True) - rv.extreme(e, m, True)
                if top
                else rv.extreme(e, m, False) - rv.extreme(e, ALL_STATES, False)
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
            for s in STATE_ORDER:
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
                return self.add(tape, ProofItem(END_SPLIT, e, 0, cases=tuple(cases), premises=prem))
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
        self.add(tape, ProofItem(REFUTE, edge, new, cases=((state, case),), premises=prem))
        return tape


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
        for s in STATE_ORDER:
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
