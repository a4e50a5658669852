"""The Kirchhoff proof writer: replay a sliced proof, keep what is relevant, shrink END regions.

A proof's items come from the prover (:mod:`proofgrid.kirchhoff.prover`) in
creation order; the writer replays them from mask 7 everywhere (a case: from
the enclosing replay's masks with its assumption), one handler per rule, and
re-evaluates each step on the replayed masks: a step that no longer narrows is
dropped, a rule that finds no assignment (or ``D`` outside ``[Min, Max]``)
becomes the END there and the rest is cut, and for a hint the first item that
leaves the hinted edge one state is the last step. Relevance then walks back
from the goal keeping an item only if a kept later item reads its edge. The
JSON is built for the winner only; ranking reads the sizes alone. Monotonicity
of the rules (narrower masks never weaken a deduction) makes every replayed
step valid (``proofgrid.kirchhoff.proof``'s docstring, step 5).

Complexity: a replay is O(items · touching edges); :func:`_minimal_region` is
O(|R|²) and spends no budget units.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from proofgrid.kirchhoff.board import ALL_STATES, Board, Mark, cell_name
from proofgrid.kirchhoff.local import single_state, support
from proofgrid.kirchhoff.moves import format_move
from proofgrid.kirchhoff.notation import (
    HALF,
    HI,
    LO,
    STATE_ORDER,
    STATE_TEXT,
    RegionView,
    edge_name,
    region_numbers,
)

USE, ASSUME, CELL, REGION, REFUTE, END_CELL, END_REGION, END_SPLIT = range(8)  # USE, ASSUME first

MISS: Any = object()
_ONE_STATE = frozenset((1, 2, 4))


@dataclass(slots=True)
class ProofItem:
    kind: int
    edge: int = -1
    states: int = 0
    cell: int = -1
    nodes: tuple[int, ...] = ()  # region: node codes 3*cell + (0 whole, 1 in, 2 out)
    cases: tuple[tuple[int, list[int]], ...] = ()  # (assumed state, that case's item ids)
    premises: tuple[int, ...] = ()


_Emitted = tuple[int, int, int, Any, frozenset[int] | None]
"""A replayed item: (kind, edge, states, what its JSON is built from, edges it reads)."""
_NO_READS: frozenset[int] = frozenset()

_Size = tuple[int, int, int]
_Replayed = tuple[_Size, dict[str, Any] | None, bool]

# what a replay handler tells the loop
_SKIP = 0  # nothing emitted (or the work list replaced): next item
_STEP = 1  # a step emitted: stop if it leaves the target edge one state
_STOP = 2  # an END emitted: the rest is cut


@dataclass(slots=True)
class _Replay:
    """One replay in progress: the masks (changed in place), the work list and what it emitted."""

    masks: list[int]
    build: bool
    work: deque[int]
    emitted: list[_Emitted] = field(default_factory=list)
    end: dict[str, Any] | None = None
    end_size: list[int] = field(default_factory=lambda: [0, 0, 0])  # a split end's cases


class ProofWriter:
    """The item store and per-board tables a replay reads, and the replay itself.

    The prover (:class:`proofgrid.kirchhoff.prover._Prover`) extends it with
    tapes, phases and the budget; supports are memoised per clue, region views
    per node set and case sizes per (case, masks).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.store: list[ProofItem] = []
        g = board.geometry
        self.sides = g.sides
        self.ends = g.ends
        self.names = [cell_name(board, c) for c in range(board.n_cells)]
        self.cell_reads = [frozenset(g.cell_edges[c]) for c in range(board.n_cells)]
        memo: dict[tuple[int, int], dict[tuple[int, int, int, int], Any]] = {}
        self.sup_memo = [
            memo.setdefault((board.demand[c], board.through[c]), {}) for c in range(board.n_cells)
        ]
        self.views: dict[tuple[int, ...], RegionView] = {}
        self.case_sizes: dict[tuple[tuple[int, ...], tuple[int, ...]], _Replayed] = {}

    def support(self, cell: int, sm: tuple[int, int, int, int]) -> Any:
        """The cell's supports for side masks ``sm`` (None: dead), memoised per clue."""
        d = self.sup_memo[cell]
        sup = d.get(sm, MISS)
        if sup is MISS:
            b = self.board
            sup = d[sm] = support(b.demand[cell], b.through[cell], sm)
        return sup

    def view(self, nodes: tuple[int, ...]) -> RegionView:
        """The region view of a node set, memoised."""
        rv = self.views.get(nodes)
        if rv is None:
            rv = self.views[nodes] = RegionView(self.board, nodes)
        return rv

    def step_json(self, edge: int, mask: int) -> dict[str, Any]:
        """A step's edge and states (its rule added by the caller)."""
        u, v = self.ends[edge]
        return {
            "edge": f"{self.names[u]}-{self.names[v]}",
            "states": [STATE_TEXT[s] for s in STATE_ORDER if mask >> s & 1],
        }

    def node_names(self, nodes: Sequence[int]) -> list[str]:
        """Region node names (:func:`proofgrid.kirchhoff.notation.node_name`)."""
        names = self.names
        return [names[x // 3] + HALF[x % 3] for x in nodes]

    # ---- emit
    def size(self, ids: list[int], target: int) -> tuple[_Size, bool]:
        """The size of :meth:`emit` ``(ids, target)`` and whether it ends, without its JSON."""
        size, _, ends = self._replay(ids, [ALL_STATES] * self.board.n_edges, target, None, False)
        return size, ends

    def emit(self, ids: list[int], target: int) -> tuple[dict[str, Any], _Size]:
        """Replay a sliced top-level proof from mask 7 (the module docstring)."""
        masks = [ALL_STATES] * self.board.n_edges
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
    ) -> _Replayed:
        """Replay ``ids`` on ``masks`` (changed in place): (size, body JSON if ``build``, ends).

        Each item goes to its rule's handler. A step's JSON (and a refutation's
        cases, replayed from a copy of the masks it met) is built only if
        relevance keeps the step, and only when ``build``: replays are pure, so
        building it later gives the same text. The size (cases, region steps,
        steps) counts what the JSON would hold.
        """
        handlers: tuple[Callable[[_Replay, ProofItem], int], ...] = (
            self._replay_mark,  # USE
            self._replay_mark,  # ASSUME
            self._replay_cell,  # CELL
            self._replay_region,  # REGION
            self._replay_cases,  # REFUTE
            self._replay_cell,  # END_CELL
            self._replay_region,  # END_REGION
            self._replay_cases,  # END_SPLIT
        )
        r = _Replay(masks, build, deque(ids))
        store, emitted = self.store, r.emitted
        while r.work:  # a split of one state left replaces r.work
            it = store[r.work.popleft()]
            done = handlers[it.kind](r, it)
            if done == _STEP:
                if emitted[-1][1] == target and masks[target] in _ONE_STATE:
                    break
            elif done == _STOP:
                break
        return self._write(r, uses)

    def _replay_mark(self, r: _Replay, it: ProofItem) -> int:
        """A use or an assumption: its edge takes its states."""
        r.masks[it.edge] = it.states
        r.emitted.append((it.kind, it.edge, it.states, None, _NO_READS))
        return _SKIP

    def _replay_cell(self, r: _Replay, it: ProofItem) -> int:
        """The cell rule at ``it.cell``: narrow the step's edge to its support, or END there."""
        masks = r.masks
        v = it.cell
        e = it.edge
        sides = self.sides[v]
        w, x, y, z = sides
        sm = (
            masks[w] if w >= 0 else 1,
            masks[x] if x >= 0 else 1,
            masks[y] if y >= 0 else 1,
            masks[z] if z >= 0 else 1,
        )
        sup = self.sup_memo[v].get(sm, MISS)
        if sup is MISS:
            sup = self.support(v, sm)
        if sup is None:
            r.end = {"cell": self.names[v]}
            r.emitted.append((END_CELL, -1, 0, None, self.cell_reads[v]))
            return _STOP
        if it.kind == END_CELL:  # pragma: no cover - monotonicity keeps it dead
            raise AssertionError("replayed END cell is not dead")
        new = sup[sides.index(e)] & masks[e]
        if new == masks[e]:
            return _SKIP
        masks[e] = new
        r.emitted.append((CELL, e, new, it, self.cell_reads[v]))
        return _STEP

    def _replay_region(self, r: _Replay, it: ProofItem) -> int:
        """The region rule on ``it.nodes``: narrow at ``D = Max`` / ``D = Min``, or END there."""
        b = self.board
        masks = r.masks
        e = it.edge
        rv = self.view(it.nodes)
        lo, hi = rv.bounds(masks)
        if not lo <= rv.demand <= hi:
            nodes = it.nodes
            if r.build:  # the emitted proof only: sizes rank the unshrunk proofs
                nodes = _minimal_region(b, nodes, masks, _anchor_cells(b, r.emitted))
                rv = self.view(nodes)
            r.end = {"region": self.node_names(nodes)}
            r.emitted.append((END_REGION, -1, 0, None, rv.reads))
            return _STOP
        if it.kind == END_REGION:  # pragma: no cover
            raise AssertionError("replayed END region is not a contradiction")
        if rv.demand == hi:
            new = rv.narrowed(e, masks[e], True)
        elif rv.demand == lo:
            new = rv.narrowed(e, masks[e], False)
        else:  # pragma: no cover - monotonicity keeps D at an end
            raise AssertionError("replayed region rule does not apply")
        if new == masks[e]:
            return _SKIP
        masks[e] = new
        r.emitted.append((REGION, e, new, it, rv.reads))
        return _STEP

    def _replay_cases(self, r: _Replay, it: ProofItem) -> int:
        """A refutation or a split: drop the cases of states no longer present, then refute or
        end (every case replayed from a copy of the masks); a split of one state left is a plain
        continuation."""
        masks = r.masks
        k = it.kind
        e = it.edge
        present = [(s, c) for s, c in it.cases if masks[e] >> s & 1]
        removed = 0
        for s, _ in present:
            removed |= 1 << s
        new = masks[e] & ~removed
        if k == END_SPLIT and len(present) == 1:
            # one state left: the case is a plain continuation (no split of a decided edge)
            r.work = deque(present[0][1])
            return _SKIP
        if k == END_SPLIT or new == 0:
            subs = [self._case(c, masks, r.build) for _, c in present]
            end_size = r.end_size
            end_size[0] = len(subs)
            for (a, n_region, t), _, _ in subs:
                end_size[0] += a
                end_size[1] += n_region
                end_size[2] += t
            r.end = {"split": "", "cases": []}
            if r.build:
                r.end = {"split": edge_name(self.board, e), "cases": [j for _, j, _ in subs]}
            r.emitted.append((END_SPLIT, e, 0, None, None))
            return _STOP
        if not removed:
            return _SKIP
        r.emitted.append((REFUTE, e, new, (present, list(masks)), None))
        masks[e] = new
        return _STEP

    def _write(self, r: _Replay, uses: list[tuple[int, int]] | None) -> _Replayed:
        """The relevant replayed items as JSON steps (when ``r.build``) and their size."""
        build, names = r.build, self.names
        steps = []
        n_cases = n_region = n_steps = 0
        for kind, e, states, src, _ in _relevant(r.emitted):
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
                for (a, rg, t), _, _ in subs:
                    n_cases += a
                    n_region += rg
                    n_steps += t
                if build:
                    js["refute"] = [j for _, j, _ in subs]
            steps.append(js)
        if r.end is not None:
            n_cases += r.end_size[0]
            n_region += r.end_size[1]
            n_steps += r.end_size[2]
        body: dict[str, Any] | None = None
        if build:
            body = {"steps": steps}
            if r.end is not None:
                body["ends"] = r.end
        return (n_cases, n_region, n_steps), body, r.end is not None

    def _case(self, ids: list[int], masks: list[int], build: bool) -> _Replayed:
        """Replay one refutation or split case from a copy of ``masks``; sizes memoised."""
        if build:
            return self._replay(ids, list(masks), -1, None, True)
        key = (tuple(ids), tuple(masks))
        got = self.case_sizes.get(key)
        if got is None:
            got = self.case_sizes[key] = self._replay(ids, list(masks), -1, None, False)
        return got


# --------------------------------------------------------------------------- relevance
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
                lo2 -= LO[code(e)]
                hi2 -= HI[code(e)]
            head[c] = head[c] and k == 2
            tail[c] = tail[c] and k == 1
            for e in cell_edges[c]:
                lo2 += LO[code(e)]
                hi2 += HI[code(e)]
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
