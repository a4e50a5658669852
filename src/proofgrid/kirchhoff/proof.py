"""Checkable proofs for Kirchhoff hints and lost verdicts: the algorithm and the public names.

A proof is plain JSON (the format of ``docs/proofs.md``)::

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

Where it lives: :mod:`~proofgrid.kirchhoff.notation` (names, parsing, the
region rule's arithmetic, shared with :mod:`~proofgrid.kirchhoff.words`),
:mod:`~proofgrid.kirchhoff.prover` (tapes, phases, saturation, steps 1–4 and
6–9) and :mod:`~proofgrid.kirchhoff.writer` (replay with one handler per rule,
relevance, minimal regions, step 5); this module re-exports the public names.

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

from proofgrid.kirchhoff.notation import edge_name, node_name, parse_node, region_numbers
from proofgrid.kirchhoff.prover import (
    BUDGET,
    Found,
    obvious_empties,
    prove_hint,
    prove_lost,
)

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
