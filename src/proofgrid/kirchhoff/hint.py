"""Hints that explain themselves: the next forced edge, with a checkable proof and its words.

A hint is derived from the position alone — never from a stored answer — and
is *sound*: the state it names holds in every completion of the position.
Every hint and every lost verdict carries a ``proof`` in the JSON format of
``docs/proofs.md`` (:mod:`proofgrid.kirchhoff.proof`) and its
sentences (:mod:`proofgrid.kirchhoff.words`). The kind says which rules the
proof needs:

* **local** — cell steps only (each cell's clue on its own edges);
* **region** — cell and region steps (counting arrows around a group of cells,
  the Gale regions of the max-flow relaxation, :mod:`proofgrid.kirchhoff.relax`);
* **exact** — a refutation or split (a supposition that leads to a
  contradiction), or, beyond the prover's budget, the exact counter alone
  (then without a proof).

A position with no completion is *lost* (decided exactly by the counter); the
verdict blames a minimal set of the player's marks that cannot all stand
(:func:`proofgrid.kirchhoff.blame.blame`: the wrong mark alone when one is
wrong on its own, never a mark the game placed unless it is needed), and its
proof starts from those marks alone. Which hint: the one with
the fewest refutations, then region steps, then steps; then next to the
player's last mark, at the cell with the fewest free edges, arrows before
unused, lowest edge. :func:`obvious_empties` lists the edges cell steps alone
prove unused (the "mark obvious empties" option); :func:`wrong_marks` the
marks that disagree with the solution ("take back the wrong marks").
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from proofgrid import puzzle
from proofgrid.kirchhoff.blame import blame
from proofgrid.kirchhoff.blame import wrong_marks as _wrong_marks
from proofgrid.kirchhoff.board import (
    Board,
    Mark,
    Position,
    cell_name,
    is_solution,
    state_mark,
)
from proofgrid.kirchhoff.exact import CountLimitError, analyse, is_lost
from proofgrid.kirchhoff.local import single_state
from proofgrid.kirchhoff.moves import format_move, parse_move
from proofgrid.kirchhoff.proof import (
    BUDGET,
    edge_name,
    parse_node,
    prove_hint,
    prove_lost,
    region_numbers,
)
from proofgrid.kirchhoff.proof import obvious_empties as _obvious_empties
from proofgrid.kirchhoff.relax import Region
from proofgrid.kirchhoff.search import TooOpenError, bounded_count
from proofgrid.kirchhoff.words import (
    cell_index,
    hint_headline,
    lost_headline,
    proof_words,
    states_mask,
    use_masks,
)

__all__ = [
    "Hint",
    "HintKind",
    "contract_hint",
    "hint",
    "last_mark_edge",
    "obvious_empties",
    "wrong_marks",
]


class HintKind(enum.Enum):
    """What kind of answer :func:`hint` gives."""

    LOCAL = "local"
    REGION = "region"
    EXACT = "exact"
    LOST = "lost"
    SOLVED = "solved"
    NONE = "none"

    def __repr__(self) -> str:
        return f"HintKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Hint:
    """One hint.

    Attributes
    ----------
    kind : HintKind
    edge, state : int
        The forced edge and its state (0 unused, 1 forward, 2 backward); -1
        when the hint names no edge (lost, solved, none).
    move : str
        The move that applies it (``b3>c3``, ``b3xc3``), or ``""``.
    cell : int
        The cell of the proof's last cell step (a hint) or of its contradiction
        (a lost verdict), else -1.
    regions : tuple of Region
        The regions of the proof's top-level region steps and region end.
    trial : bool
        True when the proof supposes a state and refutes it.
    reason : str
        The headline: one plain sentence.
    proof : dict or None
        The proof (the format of ``docs/proofs.md``), None when there is none (solved, none,
        or beyond the prover's budget).
    words : tuple of str
        One sentence per step and end of the proof (nested ones indented).
    """

    kind: HintKind
    edge: int = -1
    state: int = -1
    move: str = ""
    cell: int = -1
    regions: tuple[Region, ...] = ()
    trial: bool = False
    reason: str = ""
    proof: dict[str, Any] | None = None
    words: tuple[str, ...] = ()


def _hint_for(
    board: Board,
    kind: HintKind,
    edge: int,
    state: int,
    *,
    reason: str,
    cell: int = -1,
    regions: tuple[Region, ...] = (),
    trial: bool = False,
    proof: dict[str, Any] | None = None,
) -> Hint:
    move = format_move(board, edge, state_mark(state))
    words = () if proof is None else proof_words(board, proof)
    return Hint(kind, edge, state, move, cell, regions, trial, reason, proof, words)


def hint(
    position: Position,
    *,
    last_edge: int = -1,
    budget: int = BUDGET,
    placed: Collection[int] = (),
) -> Hint:
    """The hint a person would want next, with its proof and sentences (module docstring).

    ``last_edge`` is the edge of the player's last mark (``-1``: none); hints
    next to it come first among equally short proofs. A lost position blames a
    minimal infeasible subset of its marks (:func:`~proofgrid.kirchhoff.blame.blame`;
    ``placed``: the edges whose marks the game made, blamed only when needed)
    and gets the shortest proof from those marks alone found within ``budget``
    rule applications (none beyond it: "… the proof is too long to show"; the
    exact counter decides lost-ness and blame).

    Cost: the exact counter once (a lost position: once per mark at most),
    then the prover (:mod:`proofgrid.kirchhoff.proof`).
    """
    board = position.board
    if is_solution(board, position.arrows()):
        return Hint(HintKind.SOLVED, reason="every clue is met")
    if is_lost(board, position.masks()):
        return _lost(position, budget, placed)
    found = prove_hint(position, last_edge=last_edge, budget=budget)
    if found is not None:
        cases, n_region, _ = found.size
        kind = HintKind.EXACT if cases else HintKind.REGION if n_region else HintKind.LOCAL
        last = found.proof["steps"][-1]
        cell = cell_index(board, last["cell"]) if "cell" in last else -1
        return _hint_for(
            board,
            kind,
            found.edge,
            found.state,
            cell=cell,
            regions=_proof_regions(board, found.proof),
            trial=cases > 0,
            reason=hint_headline(board, found.edge, found.state, found.proof),
            proof=found.proof,
        )
    # beyond the prover's budget: the exact counter still knows the forced edges
    an = analyse(board, position.masks(), cap=2)
    for e in position.free_edges():
        s = single_state(an.support[e])
        if s >= 0:
            return _hint_for(board, HintKind.EXACT, e, s, reason=hint_headline(board, e, s, None))
    return Hint(
        HintKind.NONE,
        reason=f"no edge is forced: {'at least 2' if an.count.capped else an.count.value} "
        "completions remain",
    )


def _lost(position: Position, budget: int, placed: Collection[int]) -> Hint:
    board = position.board
    blamed = blame(position, placed=placed)
    alone = Position(
        board, tuple(position.marks[e] if e in blamed else Mark.FREE for e in range(board.n_edges))
    )
    names = [format_move(board, e, position.marks[e]) for e in blamed]
    proof = prove_lost(alone, budget=budget)
    if proof is None:
        return Hint(HintKind.LOST, reason=lost_headline(board, names, proved=False))
    end = proof["ends"]
    cell = cell_index(board, end["cell"]) if "cell" in end else -1
    return Hint(
        HintKind.LOST,
        cell=cell,
        regions=_proof_regions(board, proof),
        reason=lost_headline(board, proof["uses"]),
        proof=proof,
        words=proof_words(board, proof),
    )


def _proof_regions(board: Board, proof: dict[str, Any]) -> tuple[Region, ...]:
    """The top-level regions of a proof (steps, then the end) with their numbers there."""
    masks = use_masks(board, proof)
    out: list[Region] = []
    for st in proof["steps"]:
        if "region" in st:
            out.append(_as_region(board, st["region"], masks))
        masks[_edge_of(board, st["edge"])] = states_mask(st["states"])
    end = proof.get("ends")
    if end is not None and "region" in end:
        out.append(_as_region(board, end["region"], masks))
    return tuple(out)


def _edge_of(board: Board, name: str) -> int:
    a, _, b = name.partition("-")
    return board.geometry.edge_between(cell_index(board, a), cell_index(board, b))


def _as_region(board: Board, names: list[str], masks: list[int]) -> Region:
    """A proof region as a :class:`Region` with its Gale numbers under ``masks``.

    Outward when ``D`` reaches ``Max`` or exceeds it: ``surplus`` is ``D`` less
    what decided edges already carry, ``capacity`` the open edges' most.
    """
    nodes = [parse_node(board, t) for t in names]
    d, lo, hi = region_numbers(board, nodes, masks)
    fixed_nodes = [masks[e] if single_state(masks[e]) >= 0 else 1 for e in range(len(masks))]
    _, fixed, _ = region_numbers(board, nodes, fixed_nodes)
    whole = tuple(sorted(n // 3 for n in nodes if n % 3 == 0))
    ent = tuple(sorted(n // 3 for n in nodes if n % 3 == 1))
    ext = tuple(sorted(n // 3 for n in nodes if n % 3 == 2))
    if d >= hi:
        return Region(whole, ent, ext, True, d - fixed, hi - fixed)
    return Region(whole, ent, ext, False, fixed - d, fixed - lo)


def last_mark_edge(board: Board, moves: Sequence[str]) -> int:
    """The edge of the last move of a move list (``-1`` when there is none), for ``last_edge``."""
    return parse_move(board, moves[-1])[0] if moves else -1


def obvious_empties(position: Position) -> list[int]:
    """Free edges that cell steps alone prove unused ("mark obvious empties"), ascending."""
    return _obvious_empties(position)


def wrong_marks(position: Position) -> list[int]:
    """Edges whose mark no solution of the board agrees with ("take back the wrong marks").

    On a board with one solution these are exactly the marks that disagree
    with it; a mark that agrees is never listed. Exact (the frontier counter's
    marginals over the empty position), ascending.
    """
    return _wrong_marks(position)


def contract_hint(
    position: Position, *, last_move: str | None = None, mark_empties: bool = False
) -> puzzle.Hint:
    """The contract's :class:`proofgrid.puzzle.Hint` of a position (the generic ``hint``).

    ``move`` is the forced edge's move (``a1xb1``, ``a1>b1``), ``None`` when
    the hint names none (lost, solved, none); ``words`` is the headline, then
    one sentence per step of the proof; ``proof`` the proof (``docs/proofs.md``)
    or ``None``. ``extra`` (the JSON's ``kirchhoff`` key) holds the ladder's
    own fields, every cell and edge by name (cells ``b3``, edges ``a1-b1``):
    ``kind`` (local, region, exact, lost, solved or none), ``edge`` and
    ``state`` (0 unused, 1 forward, 2 backward; both ``None`` without an edge),
    ``cell`` (the cell of the proof's last cell step or of its contradiction,
    else ``None``), ``regions`` (``cells``, ``entry_only``, ``exit_only``,
    ``outward``, ``surplus``, ``capacity``), ``trial``, ``marked_empty`` (the
    moves ``mark_empties`` played first: the edges cell steps alone prove
    unused) and ``wrong_marks`` (when lost: the marks no solution agrees with).

    ``last_move`` (the player's last move) breaks ties towards its edge. A
    position too open for the bounded counter is refused with
    :class:`~proofgrid.kirchhoff.search.TooOpenError` before the ladder runs,
    so a hint never builds unbounded frontier layers.
    """
    board = position.board
    try:
        bounded_count(board, position.masks(), cap=1)
    except CountLimitError:
        raise TooOpenError() from None
    marked: list[str] = []
    if mark_empties and not is_solution(board, position.arrows()):
        for e in obvious_empties(position):
            position = position.with_mark(e, Mark.CROSS)
            marked.append(format_move(board, e, Mark.CROSS))
    last = last_mark_edge(board, [last_move]) if last_move else -1
    placed = [parse_move(board, mv)[0] for mv in marked]
    h = hint(position, last_edge=last, placed=placed)

    def names(cells: tuple[int, ...]) -> list[str]:
        return [cell_name(board, c) for c in cells]

    extra = {
        "kind": h.kind.value,
        "edge": edge_name(board, h.edge) if h.edge >= 0 else None,
        "state": h.state if h.state >= 0 else None,
        "cell": cell_name(board, h.cell) if h.cell >= 0 else None,
        "regions": [
            {
                "cells": names(r.cells),
                "entry_only": names(r.entry_only),
                "exit_only": names(r.exit_only),
                "outward": r.outward,
                "surplus": r.surplus,
                "capacity": r.capacity,
            }
            for r in h.regions
        ],
        "trial": h.trial,
        "marked_empty": marked,
        "wrong_marks": [format_move(board, e, position.marks[e]) for e in wrong_marks(position)]
        if h.kind is HintKind.LOST
        else [],
    }
    return puzzle.Hint(h.move or None, (h.reason, *h.words), h.proof, extra)
