"""Deciding open boards: a search for two distinct solutions, and a bounded exact count.

Why a search
------------
The frontier counter (:mod:`proofgrid.kirchhoff.exact`) is exact and fast on
well-clued boards, but on a nearly blank user-made board its frontier grows
towards ``3^(W+1)`` states (seconds and, when the layers are kept to list a
solution, a gigabyte). Such a board almost always has many solutions, and two
distinct ones are found quickly by the seed's branching search: decide one
edge, propagate every cell's clue to its arc-consistent fixpoint
(generalised arc consistency, :func:`proofgrid.kirchhoff.local.support`,
re-examining only the cells next to a changed edge), backtrack on a dead cell
(Mackworth 1977; the maintaining-arc-consistency search of Sabin and Freuder,
1994). Two solutions prove "not unique"; an exhausted search proves the count
(0 or 1) outright. The work is counted in *nodes* (one per decision), never in
time, so the same board gets the same answer on every machine.

:func:`decide` combines the two: a short search first, then the exact counter
under a work bound (:func:`bounded_count`, whose memory is one frontier layer
at a time), then a longer search; :class:`TooOpenError` when none settles
the board within its budget.

Complexity: each node costs O(changed cells) supports of at most 81
assignments; the search is exponential in the worst case and bounded by
``nodes``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from proofgrid.kirchhoff.board import ALL_STATES, Board, ClueKind
from proofgrid.kirchhoff.exact import (
    MAX_LAYER,
    MAX_WORK,
    Count,
    CountLimitError,
    Sweep,
    first_solution,
)
from proofgrid.kirchhoff.generate import known
from proofgrid.kirchhoff.local import propagate, single_state, support
from proofgrid.puzzle import ProofgridError

__all__ = [
    "COUNT_WORK",
    "FIRST_NODES",
    "SEARCH_NODES",
    "OutOfWorkError",
    "Search",
    "TooOpenError",
    "Verdict",
    "bounded_count",
    "decide",
    "is_open",
    "two_solutions",
]

#: Frontier states the bounded counter may create before it gives up (the
#: published boards need a few thousand; one layer stays in memory at a time).
COUNT_WORK = 100_000
#: Decisions the two-solution search may make before it gives up.
SEARCH_NODES = 20_000
#: Decisions of the short search tried before the counter.
FIRST_NODES = 2_000

_POP = (0, 1, 1, 2, 1, 2, 2, 3)  # states in a 3-bit mask


class TooOpenError(ProofgridError):
    """The counted work ran out on a board with blank cells (:func:`is_open`).

    Blank cells are what makes a board hard to decide (each lets its edges
    carry anything that balances), so the advice is to add clues. The API
    answers it with HTTP 422 (``http_status``), not 400: the request is well
    formed, the board is too open to decide.
    """

    http_status = 422

    def __init__(self, message: str = "this board is too open to decide: add clues") -> None:
        super().__init__(message)


class OutOfWorkError(ProofgridError):
    """The counted work ran out on a board with no blank cell (every cell clued).

    Not a :class:`TooOpenError` (nor a :class:`~proofgrid.kirchhoff.exact.CountLimitError`):
    adding clues cannot help a fully clued board, so its refusal says only
    that the work budget ran out. HTTP 422, like :class:`TooOpenError`.
    """

    http_status = 422

    def __init__(
        self,
        message: str = (
            "this board ran out of work before it was decided: every cell is clued, "
            "so the counter and the search needed more steps than they may take"
        ),
    ) -> None:
        super().__init__(message)


def is_open(board: Board) -> bool:
    """Whether ``board`` has a blank cell (what :class:`TooOpenError` means). O(cells)."""
    return any(cl.kind is ClueKind.BLANK for cl in board.clues)


def _out_of_work(board: Board) -> ProofgridError:
    """The refusal of a board whose budgets ran out: too open, or out of work."""
    return TooOpenError() if is_open(board) else OutOfWorkError()


def _from_generator(board: Board, masks: Sequence[int] | None, cap: int) -> Count | None:
    """The count of ``masks`` from the generator's known unique solution, if any.

    A generated board has exactly one solution (:func:`~proofgrid.kirchhoff.generate.known`),
    so a position on it has one completion when that solution fits every
    mask and none otherwise: exact, in O(edges).
    """
    gen = known(board)
    if gen is None:
        return None
    fits = masks is None or all(m >> s & 1 for m, s in zip(masks, gen.solution, strict=True))
    value = min(int(fits), cap)
    return Count(value, value >= cap)


@dataclass(frozen=True, slots=True)
class Search:
    """What :func:`two_solutions` found.

    Attributes
    ----------
    solutions : tuple of tuple of int
        Up to two distinct solutions (edge states 0/1/2), in search order.
    complete : bool
        True when the search ended by itself: then ``solutions`` are *all*
        the solutions (or the first two of more). False when the node budget
        ran out with fewer than two.
    nodes : int
        Decisions made.
    """

    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    nodes: int


class _OutOfNodesError(Exception):
    pass


def _refine(board: Board, m: list[int], cells: Sequence[int]) -> bool:
    """Propagate from ``cells`` in place (``m`` has a trailing slot for missing edges)."""
    g = board.geometry
    ends, sides = g.ends, g.sides
    demand, through = board.demand, board.through
    queue = deque(cells)
    queued = set(cells)
    while queue:
        v = queue.popleft()
        queued.discard(v)
        eL, eU, eR, eD = sides[v]
        old = (m[eL], m[eU], m[eR], m[eD])
        sup = support(demand[v], through[v], old)
        if sup is None:
            return False
        if sup == old:
            continue
        for e, s, o in zip(sides[v], sup, old, strict=True):
            if s != o:
                m[e] = s
                a, b = ends[e]
                w = b if a == v else a
                if w not in queued:
                    queued.add(w)
                    queue.append(w)
    return True


def two_solutions(
    board: Board, masks: Sequence[int] | None = None, *, nodes: int = SEARCH_NODES
) -> Search:
    """Search for two distinct solutions within ``masks`` (module docstring).

    Branches on the free edge with the fewest remaining states (lowest id on
    ties), trying its states in the order unused, forward, backward, and
    propagates after each decision. Deterministic.
    """
    n_e = board.n_edges
    start = list((ALL_STATES,) * n_e if masks is None else masks)
    if len(start) != n_e:
        raise ValueError(f"expected {n_e} masks, got {len(start)}")
    if 0 in start:
        return Search((), True, 0)
    prop = propagate(board, start)
    if prop.dead_cell >= 0:
        return Search((), True, 0)
    found: list[tuple[int, ...]] = []
    used = 0
    ends = board.geometry.ends

    def walk(m: list[int]) -> None:
        nonlocal used
        best, best_pop = -1, 4
        for e in range(n_e):
            p = _POP[m[e]]
            if 1 < p < best_pop:
                best, best_pop = e, p
                if p == 2:
                    break
        if best < 0:
            found.append(tuple(single_state(x) for x in m[:n_e]))  # all single here
            return
        for s in range(3):
            if not m[best] >> s & 1:
                continue
            used += 1
            if used > nodes:
                raise _OutOfNodesError
            child = m.copy()
            child[best] = 1 << s
            if _refine(board, child, ends[best]):
                walk(child)
                if len(found) >= 2:
                    return

    try:
        walk([*prop.masks, 1])
    except _OutOfNodesError:
        return Search(tuple(found), False, nodes)
    return Search(tuple(found), True, used)


class _BoundedSweep(Sweep):
    """A sweep that gives up past ``max_work`` frontier states in all or ``max_layer``
    in one layer (its memory: one layer is kept at a time)."""

    __slots__ = ("max_layer", "max_work")
    max_work: int
    max_layer: int

    def _charge(self, states: int) -> None:
        self.work += states
        if self.work > self.max_work or states > self.max_layer:
            raise CountLimitError(f"over {self.max_work:,} frontier states")


def bounded_count(
    board: Board, masks: Sequence[int] | None = None, *, cap: int = 2, work: int | None = None
) -> Count:
    """:func:`proofgrid.kirchhoff.exact.count` with at most ``work`` frontier states in all.

    One layer is kept at a time, so memory is bounded by ``work`` states. With
    ``work=None`` the bounds are the exact counter's own
    (:data:`~proofgrid.kirchhoff.exact.MAX_WORK` in all,
    :data:`~proofgrid.kirchhoff.exact.MAX_LAYER` in a layer): what ``proofgrid
    kirchhoff count`` decides, this decides, in whichever process, so a board
    the generator made is never refused for want of the generator's memory of
    it (the 16x16 hard boards need at most a few 10^5 states; measured in
    ``bench/README.md``). A board this process generated is answered from its
    known solution at once (:func:`_from_generator`). Past the bound: on a
    board with blank cells, :class:`~proofgrid.kirchhoff.exact.CountLimitError`
    (too open); on a fully clued one, :class:`OutOfWorkError` (adding clues
    cannot help).
    """
    m = list((ALL_STATES,) * board.n_edges if masks is None else masks)
    if len(m) != board.n_edges:
        raise ValueError(f"expected {board.n_edges} masks, got {len(m)}")
    generated = _from_generator(board, m, cap)
    if generated is not None:
        return generated
    if 0 in m:
        return Count(0, False)
    prop = propagate(board, m)
    if prop.dead_cell >= 0:
        return Count(0, False)
    sw = _BoundedSweep(board, prop.masks, cap)
    sw.max_work = MAX_WORK if work is None else work
    sw.max_layer = MAX_LAYER if work is None else min(work, MAX_LAYER)
    try:
        value = sw.count()
    except CountLimitError:
        if is_open(board):
            raise
        raise OutOfWorkError() from None
    return Count(value, value >= cap)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A board's (or position's) count capped at 2, and one solution when there is one.

    ``capped`` is True when counting stopped at 2 (the board has at least two
    solutions); ``method`` says what decided it: ``"generator"`` (the board's
    known unique solution), ``"count"`` or ``"search"``.
    """

    count: Count
    solution: tuple[int, ...] | None
    method: str


def _settled(found: Search) -> Verdict | None:
    if len(found.solutions) >= 2:
        return Verdict(Count(2, True), found.solutions[0], "search")
    if found.complete:
        sol = found.solutions[0] if found.solutions else None
        return Verdict(Count(len(found.solutions), False), sol, "search")
    return None


def decide(
    board: Board,
    masks: Sequence[int] | None = None,
    *,
    work: int = COUNT_WORK,
    nodes: int = SEARCH_NODES,
    first_nodes: int = FIRST_NODES,
    want_solution: bool = True,
) -> Verdict:
    """Count the completions of ``masks`` up to 2, within counted budgets.

    A short search first (``first_nodes``: an open board shows two solutions
    within a few hundred decisions, a well-clued one is often settled
    outright), then the bounded exact counter (``work`` states), then the
    full search (``nodes``), then the exact counter within its own bounds
    (:func:`bounded_count` with ``work=None``: what ``proofgrid kirchhoff
    count`` decides), so the verdict never depends on which process generated
    the board. A board this process generated is answered at once from the
    generator's unique solution (:func:`_from_generator`). When none settles
    it: :class:`TooOpenError` on a board with blank cells,
    :class:`OutOfWorkError` on a fully clued one.
    Every answer is exact; on a board with two or more solutions the one
    shown is the first found (the counter's is the first in sweep order).
    """
    generated = _from_generator(board, masks, 2)
    if generated is not None:
        gen = known(board)
        assert gen is not None
        sol = gen.solution if want_solution and generated.value else None
        return Verdict(generated, sol, "generator")
    early = _settled(two_solutions(board, masks, nodes=first_nodes))
    if early is not None:
        return early
    try:
        cnt = bounded_count(board, masks, work=work)
    except (CountLimitError, OutOfWorkError):
        pass
    else:
        sol = first_solution(board, masks) if want_solution and cnt.value else None
        return Verdict(cnt, sol, "count")
    late = _settled(two_solutions(board, masks, nodes=nodes))
    if late is not None:
        return late
    if work >= COUNT_WORK:  # the budgets were not cut below the defaults: count in full
        try:
            cnt = bounded_count(board, masks)
        except (CountLimitError, OutOfWorkError):
            pass
        else:
            sol = first_solution(board, masks) if want_solution and cnt.value else None
            return Verdict(cnt, sol, "count")
    raise _out_of_work(board)
