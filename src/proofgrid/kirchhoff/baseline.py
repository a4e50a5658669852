"""The seed's uniqueness search, kept as the baseline the exact counter is measured against.

Three-way branching over the edge states in edge-id order, pruning every node
of the search tree whose position the max-flow relaxation
(:mod:`proofgrid.kirchhoff.relax`) calls infeasible, and checking each leaf
against the rules; it stops after ``cap`` solutions. This is the approach the
seed describes ("uniqueness is where the cost reappears, as a three-way
branching search over edge states"). It is exact — pruning is sound because
the relaxation is one-sided — but exponential in the worst case, and it runs
one max-flow per node. It doubles as a second, independent counting
algorithm for the oracle tests of :mod:`proofgrid.kirchhoff.exact`.
"""

from __future__ import annotations

from collections.abc import Sequence

from proofgrid.kirchhoff.board import ALL_STATES, Board, is_solution
from proofgrid.kirchhoff.local import single_state
from proofgrid.kirchhoff.relax import relax

__all__ = ["branch_count"]


def branch_count(board: Board, masks: Sequence[int] | None = None, *, cap: int = 2) -> int:
    """Number of solutions within ``masks``, up to ``cap``, by pruned branching.

    Iterative depth-first search (no recursion limit). O(3^E) max-flows in
    the worst case; far fewer on puzzle boards.
    """
    m = [ALL_STATES] * board.n_edges if masks is None else list(masks)
    n_e = len(m)

    def next_free(i: int) -> int:
        while i < n_e and single_state(m[i]) >= 0:
            i += 1
        return i

    def leaf() -> bool:
        return is_solution(board, [single_state(x) for x in m])

    if not relax(board, m).feasible:
        return 0
    first = next_free(0)
    if first == n_e:
        return int(leaf())
    found = 0
    frames: list[list[int]] = [[first, m[first], 0]]  # [edge, its mask on entry, next state]
    while frames:
        frame = frames[-1]
        e, orig, s = frame
        while s < 3 and not orig >> s & 1:
            s += 1
        if s == 3:
            m[e] = orig
            frames.pop()
            continue
        frame[2] = s + 1
        m[e] = 1 << s
        if not relax(board, m).feasible:
            continue
        j = next_free(e + 1)
        if j < n_e:
            frames.append([j, m[j], 0])
        elif leaf():
            found += 1
            if found >= cap:
                return found
    return found
