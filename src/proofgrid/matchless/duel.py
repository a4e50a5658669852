"""The duel: two players alternate matches on one board; exact minimax and a bot.

Rules
-----
Both players share one board (a digraph: shells are vertices, fuses are
edges; ``succ[v]`` lists the heads of ``v``'s fuses). They alternate striking a
match on any unlit shell; the *cascade* lights that shell and every unlit shell
reachable from it through unlit shells (lit shells have burst and carry
nothing). Each player is credited with the shells their own matches light. The
game ends when the sky is clear. Two rules sit behind one comparator
(:meth:`Rule.compare`):

* ``Rule.MOST`` — more shells wins (the obvious rule, which greed solves);
* ``Rule.FEWEST`` — fewer shells wins (the shipped rule: the danger is being
  forced to set off a huge cascade).

Equal scores draw.

Value
-----
Write ``sign = +1`` for MOST and ``-1`` for FEWEST. The *value* of a position
(the bitmask ``unlit`` of unlit shells) is the best advantage the player to
move can force over the rest of the game, ``sign * (own future shells -
opponent's future shells)``, against best defence. Shells already credited add
a constant to the final difference, so one memo table keyed by ``unlit`` alone
serves every position of a (graph, rule) pair. Negamax recurrence::

    value(0) = 0
    value(U) = max over unlit s of  sign * |c(U, s)| - value(U \\ c(U, s))

with ``c(U, s)`` the cascade. The game-theoretic outcome is ``sign(value)``
(win / draw / loss for the mover): a move that attains the value also keeps the
best outcome, so the optimal moves used below (those attaining the value) are a
subset of the outcome-preserving ones.

Theorem used for speed (closed positions). From the full board, the lit set is
always closed under fuses: a cascade lights everything reachable through unlit
shells, and whatever lies beyond an already-lit shell was lit with it. So every
reachable unlit set ``U`` is closed under predecessors (*closed*), and then

* ``c(U, s) = reach(s) & U`` with ``reach`` the reachability of the full graph
  (a path from ``s`` that touched a lit shell would stay lit from there on);
* ``U`` is a union of whole strongly connected components of the full graph,
  two shells have the same cascade iff they share a component, and distinct
  components give distinct cascades. So the moves to try are exactly one
  representative (the lowest shell) per component inside ``U`` — the
  duplicate-move symmetry collapses a component of ``k`` shells to one move;
* every child ``U \\ c`` of a closed ``U`` is closed again.

An arbitrary (not closed) mask is still accepted: then cascades are computed by
breadth-first search through unlit shells and moves are deduplicated by their
cascade mask. Both paths compute the same function and share the memo.

Algorithm (the JavaScript mirror ports it exactly; integers only)
------------------------------------------------------------------
1. Components by Tarjan (:func:`proofgrid.graph.scc.tarjan_scc`), whose labels
   are reverse topological, so ``reach`` of each component is its own shells
   OR the reach of its successor components, in increasing label order.
   ``rep`` = mask of the lowest shell of each component.
2. ``value(U)`` (closed): memo lookup; otherwise for each set bit ``s`` of
   ``U & rep`` in ascending order, ``c = reach[s] & U``,
   ``x = sign * popcount(c) - value(U ^ c)``; the value is the maximum ``x``.
   The memo stores exact values only, so a search interrupted by the clock
   leaves a memo that is still correct.
3. Optimal moves (:meth:`DuelSolver.best_moves`): every unlit shell whose ``x``
   equals ``value(U)``, ascending. The perfect bot plays the lowest one.
4. The obvious move (:func:`obvious_move`, the GREEDY bot): the unlit shell with
   the biggest cascade under MOST and the smallest cascade under FEWEST, i.e.
   the best move one ply deep; ties to the lowest shell index.
5. Budgeted perfect play (:func:`bot_move` with ``Level.PERFECT``): step 2
   from the position, with a deadline at half the time budget (the clock is
   read every 128 new positions). If it finishes, the lowest optimal move is
   played, proved (``perfect=True``). Otherwise: iterative deepening, depth
   1, 2, …, of alpha-beta negamax (fail-soft) over the same recurrence, until
   the full budget is spent (the clock is read every 2048 move evaluations).
   A position found in the exact memo takes its exact value. An unsolved
   position at depth 0 is scored by a heuristic: under MOST the *greedy
   playout* (both sides play the obvious move of step 4 to the end; the
   mover's resulting advantage), under FEWEST 0 (the unknown future counts as
   even) — ``bench/results/duel.md`` measures why each rule gets its own.
   Inner moves are tried by immediate gain ``sign * |c|`` descending, then
   shell ascending; root moves by lowest shell ascending, the best replaced
   only by a strictly better one (so ties go to the lowest shell). Depth 1
   always completes, whatever the clock (under FEWEST it plays the obvious
   move; under MOST the move whose greedy playout scores best). The move of
   the deepest completed depth is played with ``perfect=False``, unless that
   search met no depth cut-off: then it was exact and ``perfect=True``.
6. Memory guard: a solver whose memo exceeds :data:`MEMO_LIMIT` positions
   clears it before the next search.

Complexity: the number of closed unlit sets is the number of antichains of
the condensation's reachability order (at most ``2**k`` for ``k``
components); each costs one pass over its components. Exponential in general:
the exact search is for boards up to about 5x5–6x6 (see
``bench/results/duel.md``); larger boards rely on the budgeted search.
Bitmasks exceed 53 bits on boards of more than 53 shells: the JavaScript mirror
uses ``BigInt`` (or ``Uint32Array`` words) for masks.

References
----------
J. von Neumann, "Zur Theorie der Gesellschaftsspiele", Math. Ann. 100, 1928
(minimax); D. E. Knuth and R. W. Moore, "An analysis of alpha-beta pruning",
Artificial Intelligence 6(4), 1975 (negamax, alpha-beta); R. E. Tarjan,
"Depth-first search and linear graph algorithms", SIAM J. Computing 1(2), 1972.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from proofgrid.graph.scc import bfs_depths, tarjan_scc
from proofgrid.puzzle import InvalidMoveError
from proofgrid.rng import SplitMix64

__all__ = [
    "COUNTEREXAMPLES",
    "DEFAULT_RULE",
    "MEMO_LIMIT",
    "BotMove",
    "DuelSolver",
    "Level",
    "Rule",
    "Winner",
    "bot_move",
    "cascade",
    "obvious_move",
    "obvious_move_not_optimal",
    "outcome",
    "plain_minimax",
    "verify_duel",
]

MEMO_LIMIT = 1_000_000
"""A solver clears its memo before a search once it holds more positions than this."""

_CHECK_EVERY = 128  # exact search: new positions between two reads of the clock
_WORK_PER_CHECK = 2048  # budgeted search: move evaluations between two reads of the clock


class Rule(enum.Enum):
    """Who wins a duel: the player with the most shells, or with the fewest (shipped)."""

    MOST = "most"
    FEWEST = "fewest"

    @property
    def sign(self) -> int:
        """+1 when shells are good for their owner (MOST), -1 when they are bad (FEWEST)."""
        return 1 if self is Rule.MOST else -1

    def compare(self, mine: int, theirs: int) -> int:
        """The comparator: +1 if score ``mine`` beats ``theirs`` under this rule, 0 draw, -1."""
        d = self.sign * (mine - theirs)
        return (d > 0) - (d < 0)


DEFAULT_RULE = Rule.FEWEST
"""The shipped rule: fewest shells wins."""


class Level(enum.Enum):
    """Bot strength: a uniform random shell, the obvious move, or (budgeted) perfect play."""

    RANDOM = "random"
    GREEDY = "greedy"
    PERFECT = "perfect"


class Winner(enum.Enum):
    """Result of a finished duel."""

    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"


def outcome(scores: tuple[int, int], rule: Rule) -> Winner:
    """Who won, given ``(first player's shells, second player's shells)`` and the rule."""
    c = rule.compare(scores[0], scores[1])
    if c > 0:
        return Winner.FIRST
    if c < 0:
        return Winner.SECOND
    return Winner.DRAW


@dataclass(frozen=True, slots=True)
class BotMove:
    """A bot's choice.

    Attributes
    ----------
    shell : int
        The shell to strike (an unlit shell of the position).
    perfect : bool
        True iff the move is proved optimal (it attains the position's value).
    value : int or None
        The position's exact value (mover's forced advantage, module docstring)
        when ``perfect``; otherwise None.
    """

    shell: int
    perfect: bool
    value: int | None


class _DeadlineError(Exception):
    """Raised inside a search when the deadline has passed."""


# --- graph preparation --------------------------------------------------------------------


def _succ_masks(succ: Sequence[Sequence[int]]) -> list[int]:
    """Successor bitmasks, validating every head; O(n + m)."""
    n = len(succ)
    masks: list[int] = []
    for v, heads in enumerate(succ):
        m = 0
        for w in heads:
            if not 0 <= w < n:
                raise ValueError(f"fuse {v} -> {w} points outside shells 0..{n - 1}")
            m |= 1 << w
        masks.append(m)
    return masks


def _reach_and_reps(succ: Sequence[Sequence[int]]) -> tuple[list[int], int]:
    """Full-graph reach mask of every shell and the mask of component representatives.

    Tarjan labels are reverse topological (an edge between components goes to a
    smaller label), so each component's reach is complete once all smaller
    labels are; O(n + m) big-integer operations.
    """
    labels, count = tarjan_scc(succ)
    own = [0] * count
    rep = [-1] * count
    for v, lab in enumerate(labels):
        own[lab] |= 1 << v
        if rep[lab] < 0:
            rep[lab] = v
    members: list[list[int]] = [[] for _ in range(count)]
    for v, lab in enumerate(labels):
        members[lab].append(v)
    creach = [0] * count
    for lab in range(count):
        acc = own[lab]
        for v in members[lab]:
            for w in succ[v]:
                if labels[w] != lab:
                    acc |= creach[labels[w]]
        creach[lab] = acc
    repmask = 0
    for r in rep:
        repmask |= 1 << r
    return [creach[lab] for lab in labels], repmask


def _bfs_cascade(succ_mask: Sequence[int], unlit: int, shell: int) -> int:
    """Cascade by bitmask breadth-first search through ``unlit``; O(n) mask steps."""
    seen = 1 << shell
    frontier = seen
    while frontier:
        nxt = 0
        m = frontier
        while m:
            low = m & -m
            m ^= low
            nxt |= succ_mask[low.bit_length() - 1]
        frontier = nxt & unlit & ~seen
        seen |= frontier
    return seen


def _check_mask(n: int, unlit: int) -> None:
    if not 0 <= unlit < 1 << n:
        raise ValueError(f"unlit mask {unlit} is not a set of shells 0..{n - 1}")


def _check_unlit_shell(n: int, unlit: int, shell: int) -> None:
    if not 0 <= shell < n:
        raise InvalidMoveError(f"no shell {shell} (shells are 0..{n - 1})")
    if not unlit >> shell & 1:
        raise InvalidMoveError(f"shell {shell} is already lit")


def cascade(succ: Sequence[Sequence[int]], unlit: int, shell: int) -> int:
    """Bitmask of the shells a match on ``shell`` lights: those reachable through unlit ones.

    ``shell`` must be unlit (else :class:`~proofgrid.puzzle.InvalidMoveError`).
    Lit shells are neither entered nor expanded. Holds for any ``unlit`` mask,
    closed or not. O(n + m).
    """
    masks = _succ_masks(succ)
    _check_mask(len(succ), unlit)
    _check_unlit_shell(len(succ), unlit, shell)
    return _bfs_cascade(masks, unlit, shell)


# --- exact solver ------------------------------------------------------------------------


class DuelSolver:
    """Exact memoised negamax over unlit-shell bitmasks for one graph and one rule.

    Parameters
    ----------
    succ : sequence of sequences of int
        ``succ[v]``: heads of the fuses of shell ``v`` (duplicates, self-loops allowed).
    rule : Rule
        MOST or FEWEST.

    Notes
    -----
    ``value`` and ``best_moves`` are exact and exponential in the worst case
    (the number of closed unlit sets); see the module docstring for the
    algorithm, the closed-position theorem and the complexity. The memo
    persists across calls, so a whole game costs one solve.
    """

    def __init__(self, succ: Sequence[Sequence[int]], rule: Rule) -> None:
        self.rule = rule
        self.n = len(succ)
        self.all_mask = (1 << self.n) - 1
        self._succ_mask = _succ_masks(succ)
        self._reach, self._repmask = _reach_and_reps(succ)
        self._sign = rule.sign
        self._memo: dict[int, int] = {0: 0}

    def __repr__(self) -> str:
        return f"DuelSolver(n={self.n}, rule={self.rule}, positions={len(self._memo)})"

    @property
    def positions(self) -> int:
        """Number of positions whose exact value is memoised."""
        return len(self._memo)

    def is_closed(self, unlit: int) -> bool:
        """True when no lit shell has a fuse into ``unlit`` (every reachable position is)."""
        _check_mask(self.n, unlit)
        lit = self.all_mask & ~unlit
        into = 0
        while lit:
            low = lit & -lit
            lit ^= low
            into |= self._succ_mask[low.bit_length() - 1]
        return not into & unlit

    def cascade(self, unlit: int, shell: int) -> int:
        """The cascade of ``shell`` in position ``unlit`` (fast path when closed)."""
        _check_mask(self.n, unlit)
        _check_unlit_shell(self.n, unlit, shell)
        if self.is_closed(unlit):
            return self._reach[shell] & unlit
        return _bfs_cascade(self._succ_mask, unlit, shell)

    def _moves(self, unlit: int, closed: bool) -> list[tuple[int, int]]:
        """Distinct moves as ``(lowest shell, cascade)``, lowest shell ascending."""
        out: list[tuple[int, int]] = []
        if closed:
            reach = self._reach
            m = unlit & self._repmask
            while m:
                low = m & -m
                m ^= low
                s = low.bit_length() - 1
                out.append((s, reach[s] & unlit))
            return out
        seen: set[int] = set()
        m = unlit
        while m:
            low = m & -m
            m ^= low
            s = low.bit_length() - 1
            c = _bfs_cascade(self._succ_mask, unlit, s)
            if c not in seen:
                seen.add(c)
                out.append((s, c))
        return out

    def _guard_memory(self) -> None:
        if len(self._memo) > MEMO_LIMIT:
            self._memo.clear()
            self._memo[0] = 0

    def _solve(self, root: int, deadline: int | None) -> int:
        """Exact value of ``root``; raises _DeadlineError past ``deadline`` (perf_counter_ns)."""
        memo = self._memo
        v = memo.get(root)
        if v is not None:
            return v
        self._guard_memory()
        sign = self._sign
        floor = -self.n - 1
        tick = [_CHECK_EVERY]

        def clock() -> None:
            tick[0] = _CHECK_EVERY
            if deadline is not None and time.perf_counter_ns() > deadline:
                raise _DeadlineError

        if self.is_closed(root):
            reach = self._reach
            repmask = self._repmask

            def val(U: int) -> int:
                got = memo.get(U)
                if got is not None:
                    return got
                tick[0] -= 1
                if tick[0] <= 0:
                    clock()
                best = floor
                m = U & repmask
                while m:
                    low = m & -m
                    m ^= low
                    c = reach[low.bit_length() - 1] & U
                    x = sign * c.bit_count() - val(U ^ c)
                    if x > best:
                        best = x
                memo[U] = best
                return best

            return val(root)

        def val_general(U: int) -> int:
            got = memo.get(U)
            if got is not None:
                return got
            tick[0] -= 1
            if tick[0] <= 0:
                clock()
            best = floor
            for _, c in self._moves(U, closed=False):
                x = sign * c.bit_count() - val_general(U ^ c)
                if x > best:
                    best = x
            memo[U] = best
            return best

        return val_general(root)

    def value(self, unlit: int) -> int:
        """The mover's best forced advantage from ``unlit`` (module docstring); exact."""
        _check_mask(self.n, unlit)
        return self._solve(unlit, None)

    def move_values(self, unlit: int) -> list[tuple[int, int]]:
        """``(shell, sign * |cascade| - value(child))`` for every unlit shell, ascending."""
        _check_mask(self.n, unlit)
        self._solve(unlit, None)
        return self._move_values(unlit)

    def _move_values(self, unlit: int) -> list[tuple[int, int]]:
        closed = self.is_closed(unlit)
        out: list[tuple[int, int]] = []
        m = unlit
        while m:
            low = m & -m
            m ^= low
            s = low.bit_length() - 1
            c = self._reach[s] & unlit if closed else _bfs_cascade(self._succ_mask, unlit, s)
            out.append((s, self._sign * c.bit_count() - self._solve(unlit ^ c, None)))
        return out

    def best_moves(self, unlit: int) -> list[int]:
        """Every unlit shell whose move attains the value, ascending; [] when the sky is clear."""
        vals = self.move_values(unlit)
        if not vals:
            return []
        best = max(x for _, x in vals)
        return [s for s, x in vals if x == best]

    # --- budgeted play -----------------------------------------------------------------

    def _deepening(self, root: int, deadline: int) -> tuple[int, int, bool]:
        """Iterative-deepening alpha-beta (module docstring, step 5).

        Returns ``(shell, value, exact)`` of the deepest completed depth;
        depth 1 always completes.
        """
        memo = self._memo
        sign = self._sign
        closed = self.is_closed(root)
        inf = 4 * self.n + 4  # beyond every value and every gain-shifted window
        tick = [_WORK_PER_CHECK]
        cut = [False]
        active = [False]  # the clock is ignored during depth 1

        def spend(work: int) -> None:
            """Count ``work`` move evaluations; read the clock every _WORK_PER_CHECK."""
            tick[0] -= work
            if tick[0] <= 0:
                tick[0] = _WORK_PER_CHECK
                if active[0] and time.perf_counter_ns() > deadline:
                    raise _DeadlineError

        def ordered(U: int) -> list[tuple[int, int, int]]:
            ms = [(sign * c.bit_count(), s, c) for s, c in self._moves(U, closed)]
            spend(len(ms))
            ms.sort(key=lambda t: (-t[0], t[1]))
            return ms

        use_playout = self.rule is Rule.MOST
        playouts: dict[int, int] = {}

        def playout(U: int) -> int:
            """Both sides play the obvious move to the end; the mover's advantage."""
            got = playouts.get(U)
            if got is not None:
                return got
            total, turn, W = 0, 1, U
            while W:
                best_g, best_c = -inf, 0
                moves = self._moves(W, closed)
                spend(len(moves))
                for _, c in moves:
                    g = sign * c.bit_count()
                    if g > best_g:
                        best_g, best_c = g, c
                total += turn * best_g
                turn = -turn
                W ^= best_c
            playouts[U] = total
            return total

        def search(U: int, depth: int, alpha: int, beta: int) -> int:
            got = memo.get(U)
            if got is not None:
                return got
            if depth == 0:
                cut[0] = True
                return playout(U) if use_playout else 0
            best = -inf
            for gain, _, c in ordered(U):
                x = gain - search(U ^ c, depth - 1, gain - beta, gain - max(alpha, best))
                if x > best:
                    best = x
                    if best >= beta:
                        break
            return best

        root_moves = self._moves(root, closed)
        result: tuple[int, int, bool] | None = None
        depth = 1
        while True:
            cut[0] = False
            try:
                best_shell, best_val = -1, -inf
                for s, c in root_moves:
                    gain = sign * c.bit_count()
                    x = gain - search(root ^ c, depth - 1, gain - inf, gain - best_val)
                    if x > best_val:
                        best_shell, best_val = s, x
            except _DeadlineError:
                break
            result = (best_shell, best_val, not cut[0])
            active[0] = True
            if not cut[0] or time.perf_counter_ns() > deadline:
                break
            depth += 1
        assert result is not None
        return result


@lru_cache(maxsize=8)
def _cached_solver(key: tuple[tuple[int, ...], ...], rule: Rule) -> DuelSolver:
    return DuelSolver(key, rule)


def _solver_for(succ: Sequence[Sequence[int]], rule: Rule) -> DuelSolver:
    """A solver shared by successive calls on the same graph (its memo persists)."""
    return _cached_solver(tuple(tuple(h) for h in succ), rule)


# --- moves of the bots ---------------------------------------------------------------------


def obvious_move(succ: Sequence[Sequence[int]], unlit: int, rule: Rule) -> int:
    """The naive player's move: biggest cascade (MOST) or smallest (FEWEST); ties to lowest.

    This is the best move one ply deep. Raises InvalidMoveError when the sky is clear.
    """
    masks = _succ_masks(succ)
    n = len(succ)
    _check_mask(n, unlit)
    if not unlit:
        raise InvalidMoveError("the sky is already clear")
    sign = rule.sign
    best, best_key = -1, 0
    m = unlit
    while m:
        low = m & -m
        m ^= low
        s = low.bit_length() - 1
        key = sign * _bfs_cascade(masks, unlit, s).bit_count()
        if best < 0 or key > best_key:
            best, best_key = s, key
    return best


def bot_move(  # noqa: PLR0917 -- the agreed API (used by the CLI) passes all six positionally
    succ: Sequence[Sequence[int]],
    unlit: int,
    rule: Rule,
    level: Level,
    seed: int,
    time_budget_ms: int = 1000,
) -> BotMove:
    """The bot's move in position ``unlit``.

    * RANDOM: the ``k``-th unlit shell (ascending) with
      ``k = SplitMix64(seed).below(number of unlit shells)``.
    * GREEDY: :func:`obvious_move`.
    * PERFECT: exact search, falling back to iterative deepening when the
      budget runs out (module docstring, step 5); ``perfect`` says which.

    ``seed`` is used by RANDOM only. Raises InvalidMoveError when the sky is clear.
    """
    n = len(succ)
    _succ_masks(succ)  # validates the graph for every level
    _check_mask(n, unlit)
    if not unlit:
        raise InvalidMoveError("the sky is already clear")
    if level is Level.RANDOM:
        k = SplitMix64(seed).below(unlit.bit_count())
        m = unlit
        for _ in range(k):
            m &= m - 1
        return BotMove((m & -m).bit_length() - 1, False, None)
    if level is Level.GREEDY:
        return BotMove(obvious_move(succ, unlit, rule), False, None)
    budget = max(0, time_budget_ms) * 1_000_000
    start = time.perf_counter_ns()
    solver = _solver_for(succ, rule)
    try:
        value = solver._solve(unlit, start + budget // 2)
    except _DeadlineError:
        shell, val, exact = solver._deepening(unlit, start + budget)
        return BotMove(shell, exact, val if exact else None)
    best = [s for s, x in solver._move_values(unlit) if x == value]
    return BotMove(best[0], True, value)


def obvious_move_not_optimal(succ: Sequence[Sequence[int]], rule: Rule) -> bool:
    """From the full board, is the obvious opening move outside the optimal moves?

    The seed's duel table counts the boards where this is True. False for an
    empty graph. Exact (one full solve).
    """
    n = len(succ)
    if n == 0:
        return False
    solver = DuelSolver(succ, rule)
    full = solver.all_mask
    value = solver.value(full)
    ob = obvious_move(succ, full, rule)
    c = solver._reach[ob]
    return rule.sign * c.bit_count() - solver.value(full ^ c) != value


# --- oracles -------------------------------------------------------------------------------


def plain_minimax(succ: Sequence[Sequence[int]], unlit: int, rule: Rule) -> int:
    """The value by plain unmemoised minimax: the oracle for tiny graphs.

    Every unlit shell is tried (no deduplication), cascades come from
    :func:`proofgrid.graph.scc.bfs_depths` with the lit shells blocked, and
    nothing is remembered: O(n! · (n + m)) time. Use on graphs of at most ~8 shells.
    """
    n = len(succ)
    _succ_masks(succ)
    _check_mask(n, unlit)
    sign = rule.sign

    def go(U: int) -> int:
        if not U:
            return 0
        blocked = [not U >> v & 1 for v in range(n)]
        best: int | None = None
        for s in range(n):
            if U >> s & 1:
                lit = bfs_depths(succ, [s], blocked)
                c = 0
                for v in lit:
                    c |= 1 << v
                x = sign * len(lit) - go(U & ~c)
                if best is None or x > best:
                    best = x
        assert best is not None
        return best

    return go(unlit)


COUNTEREXAMPLES: dict[Rule, tuple[tuple[int, ...], ...]] = {
    # Matchless game ID 3x4:ES3fASR8AEAcUQ (10 shells). The biggest cascades (4 shells,
    # from shell 5 = d2 or 6 = a3) only draw (value 0); shell 4 = b2 (3 shells) wins by 2.
    Rule.MOST: ((), (), (), (0, 7), (8, 0), (2, 9, 8), (3,), (), (), (8,)),
    # Matchless game ID 2x2:EA9BMLv4 (4 shells). The smallest cascade (shell 1 = b1, one
    # shell) loses by 2; shell 2 = a2 (two shells) draws; the biggest (4 shells) loses by 4.
    Rule.FEWEST: ((3,), (), (1,), (2, 0)),
}
"""Pinned boards (successor lists) whose obvious opening move is not optimal, one per rule.

Found by random search over small grid boards; in both, the obvious move even
changes the game-theoretic outcome (win or draw thrown away), so they are
counterexamples whether optimality is judged by margin or by outcome.
"""


def _random_graph(rng: SplitMix64, max_shells: int) -> list[list[int]]:
    n = 1 + rng.below(max_shells)
    return [[w for w in range(n) if rng.chance(1, 4)] for _ in range(n)]


def verify_duel(
    *,
    quick: bool = False,
    count: int | None = None,
    max_shells: int = 7,
    seed: int = 0,
) -> tuple[int, list[str]]:
    """Check the duel engine against its oracles; returns ``(checks, failure messages)``.

    For ``count`` random digraphs (default 400, or 40 when ``quick``) of
    1..``max_shells`` shells (SplitMix64 from ``seed``: each ordered pair,
    self-loops included, is a fuse with chance 1/4) and both rules: the
    memoised value equals :func:`plain_minimax` from the full board and from one
    random unlit set (closed or not); the best moves are exactly the moves whose
    plain-minimax line attains the value; the cascade of one random unlit shell
    equals :func:`proofgrid.graph.scc.bfs_depths` with the lit shells blocked.
    Then each pinned counterexample (:data:`COUNTEREXAMPLES`) must still be one.
    Each failure is one line in the returned list.
    """
    if count is None:
        count = 40 if quick else 400
    rng = SplitMix64(seed)
    checks = 0
    failures: list[str] = []

    def check(ok: bool, what: str) -> None:
        nonlocal checks
        checks += 1
        if not ok:
            failures.append(f"duel: {what}")

    for i in range(count):
        succ = _random_graph(rng, max_shells)
        n = len(succ)
        full = (1 << n) - 1
        sub = rng.below(1 << n)
        for rule in Rule:
            solver = DuelSolver(succ, rule)
            for unlit in (full, sub):
                want = plain_minimax(succ, unlit, rule)
                got = solver.value(unlit)
                check(got == want, f"graph {i} {succ} {rule.value} unlit={unlit}: {got} != {want}")
            plain_best: list[int] = []
            want = plain_minimax(succ, full, rule)
            for s in range(n):
                c = cascade(succ, full, s)
                x = rule.sign * c.bit_count() - plain_minimax(succ, full ^ c, rule)
                if x == want:
                    plain_best.append(s)
            best = solver.best_moves(full)
            check(best == plain_best, f"graph {i} {rule.value}: best {best} != {plain_best}")
        if sub:
            k = rng.below(sub.bit_count())
            m = sub
            for _ in range(k):
                m &= m - 1
            s = (m & -m).bit_length() - 1
            blocked = [not sub >> v & 1 for v in range(n)]
            want_c = sum(1 << v for v in bfs_depths(succ, [s], blocked))
            got_c = cascade(succ, sub, s)
            check(got_c == want_c, f"graph {i} cascade of {s} in {sub}: {got_c} != {want_c}")
    for rule, graph in COUNTEREXAMPLES.items():
        check(
            obvious_move_not_optimal(graph, rule),
            f"pinned {rule.value} counterexample: the obvious move is optimal after all",
        )
    return checks, failures
