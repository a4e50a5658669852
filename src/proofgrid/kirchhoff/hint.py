"""Hints that explain themselves: the next forced edge, ranked as a person would find it.

A hint is derived from the position alone — never from a stored answer — and
is *sound*: the state it names holds in every completion of the position. The
ladder, lowest rung first:

(a) **local** — arc consistency on the cells' own clues
    (:mod:`proofgrid.kirchhoff.local`) leaves the edge one state; the reason
    names the cell whose clue settled it (a throughput 0, a corner ``+2``...);
(b) **region** — the max-flow relaxation (:mod:`proofgrid.kirchhoff.relax`)
    rules states out: directly, by a *tight* Gale region (its surplus equals
    the edges leaving it, so every one of them carries an arrow outward and
    none inward), or by trial (had the edge that state, the returned region
    would have to export more than its boundary can carry). The regions are
    returned so the UI can draw them;
(c) **exact** — only the exact counter sees it: every completion has it.

A position with no completion is *lost* (decided exactly by the counter),
with the offending region when the relaxation sees one (a cell whose own clue
is dead is a one-cell region). Tie-breaks: among the edges a rung decides, the
smallest edge id; for rung (b) the direct deductions before trials.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from proofgrid.kirchhoff.board import (
    Board,
    EdgeState,
    Position,
    cell_name,
    is_solution,
    state_mark,
)
from proofgrid.kirchhoff.exact import analyse, count
from proofgrid.kirchhoff.local import propagate, single_state
from proofgrid.kirchhoff.moves import format_move
from proofgrid.kirchhoff.relax import Region, probe, relax

__all__ = ["Hint", "HintKind", "hint"]


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
        For a local hint, the cell whose clue settled it; for a lost position
        whose first dead cell is known, that cell; else -1.
    regions : tuple of Region
        Gale regions behind a region hint or a lost verdict (may be empty).
    trial : bool
        True when the region rules a state out by trial (hypothetical).
    reason : str
        One line of English.
    """

    kind: HintKind
    edge: int = -1
    state: int = -1
    move: str = ""
    cell: int = -1
    regions: tuple[Region, ...] = ()
    trial: bool = False
    reason: str = ""


def _describe_edge(board: Board, edge: int, state: int) -> str:
    u, v = board.geometry.ends[edge]
    a, b = cell_name(board, u), cell_name(board, v)
    if state == EdgeState.UNUSED:
        return f"{a}–{b} is unused"
    if state == EdgeState.FORWARD:
        return f"{a}→{b}"
    return f"{b}→{a}"


def _region_text(board: Board, reg: Region) -> str:
    names = [cell_name(board, c) for c in reg.all_cells()]
    shown = " ".join(names[:8]) + (" …" if len(names) > 8 else "")
    return f"{{{shown}}}"


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
) -> Hint:
    move = format_move(board, edge, state_mark(state))
    return Hint(kind, edge, state, move, cell, regions, trial, reason)


def hint(position: Position) -> Hint:
    """The next forced edge of ``position`` with its reason (module docstring).

    Cost: one arc-consistency pass; then, only if needed, a max-flow (plus
    trial max-flows) and one exact sweep.
    """
    board = position.board
    if is_solution(board, position.arrows()):
        return Hint(HintKind.SOLVED, reason="every clue is met")
    masks0 = position.masks()
    free = [e for e, m in enumerate(masks0) if single_state(m) < 0]
    prop = propagate(board, masks0)
    if prop.dead_cell >= 0:
        v = prop.dead_cell
        return Hint(
            HintKind.LOST,
            cell=v,
            regions=(Region((v,)),),
            reason=f"the clue of {cell_name(board, v)} can no longer be met",
        )
    masks = prop.masks
    if count(board, masks, cap=1).value == 0:
        rx = relax(board, masks)
        if not rx.feasible and rx.certificate is not None:
            reg = rx.certificate
            return Hint(
                HintKind.LOST,
                regions=(reg,),
                reason=_overflow_text(board, reg),
            )
        return Hint(HintKind.LOST, reason="no completion exists (only the exact counter sees it)")
    # (a) local
    for e in free:
        s = single_state(masks[e])
        if s >= 0:
            v = prop.reason[e]
            clue = board.clues[v].token() if v >= 0 else ""
            return _hint_for(
                board,
                HintKind.LOCAL,
                e,
                s,
                cell=v,
                reason=(
                    f"{_describe_edge(board, e, s)}: forced by the clue {clue} of "
                    f"{cell_name(board, v)} and what its neighbours allow"
                ),
            )
    # (b) region cuts: direct first, then by trial
    pr = probe(board, masks)
    if pr is not None and pr.eliminated:
        masks2 = tuple(m & ~pr.eliminated.get(e, 0) for e, m in enumerate(masks))
        trial = any(t for _, t in pr.regions.values())
        for e in free:
            s = single_state(masks2[e])
            if s >= 0 and masks2[e] != masks[e]:
                regs = _regions_of(pr.regions, e, masks[e] & ~masks2[e])
                return _hint_for(
                    board,
                    HintKind.REGION,
                    e,
                    s,
                    regions=regs,
                    trial=trial,
                    reason=_cut_reason(board, e, s, regs, trial),
                )
        prop2 = propagate(board, masks2)
        for e in free:
            s = single_state(prop2.masks[e])
            if s >= 0:
                regs = tuple(
                    sorted({r for r, _ in pr.regions.values()}, key=lambda r: (r.size, r.cells))
                )[:1]
                v = prop2.reason[e]
                return _hint_for(
                    board,
                    HintKind.REGION,
                    e,
                    s,
                    cell=v,
                    regions=regs,
                    trial=trial,
                    reason=(
                        f"{_describe_edge(board, e, s)}: after the region cut "
                        f"{_region_text(board, regs[0]) if regs else ''}, the clue of "
                        f"{cell_name(board, v) if v >= 0 else '?'} forces it"
                    ),
                )
    # (c) exact
    an = analyse(board, masks, cap=2)
    support = an.support
    for e in free:
        s = single_state(support[e])
        if s >= 0:
            return _hint_for(
                board,
                HintKind.EXACT,
                e,
                s,
                reason=(
                    f"{_describe_edge(board, e, s)}: every completion has it "
                    "(only the exact counter sees it)"
                ),
            )
    return Hint(
        HintKind.NONE,
        reason=f"no edge is forced: {'at least 2' if an.count.capped else an.count.value} "
        "completions remain",
    )


def _regions_of(
    regions: dict[tuple[int, int], tuple[Region, bool]], edge: int, removed: int
) -> tuple[Region, ...]:
    out: list[Region] = []
    for s in range(3):
        if removed >> s & 1:
            hit = regions.get((edge, s))
            if hit is not None and hit[0] not in out:
                out.append(hit[0])
    return tuple(out)


def _overflow_text(board: Board, reg: Region) -> str:
    """Gale's condition violated: the region owes more than its boundary carries."""
    send, more, cross = (
        ("send out", "takes in", "leave")
        if reg.outward
        else (
            "take in",
            "sends out",
            "enter",
        )
    )
    return (
        f"region {_region_text(board, reg)} must {send} {_n(reg.surplus, 'more arrow')} than "
        f"it {more}, but only {_n(reg.capacity, 'edge')} can {cross} it"
    )


def _n(k: int, noun: str) -> str:
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def _cut_reason(board: Board, edge: int, state: int, regs: tuple[Region, ...], trial: bool) -> str:
    what = _describe_edge(board, edge, state)
    if not regs:
        return f"{what}: a region cut of the flow relaxation forces it"
    reg = regs[0]
    if trial:
        return f"{what}: otherwise {_overflow_text(board, reg)}"
    send, more, cross, way, back = (
        ("send out", "takes in", "leave", "outward", "in")
        if reg.outward
        else ("take in", "sends out", "enter", "inward", "out")
    )
    if reg.capacity == 0:
        return (
            f"{what}: no arrow can {cross} region {_region_text(board, reg)} and it must "
            f"{send} as many arrows as it {more}, so no arrow goes {back} either"
        )
    return (
        f"{what}: region {_region_text(board, reg)} must {send} "
        f"{_n(reg.surplus, 'more arrow')} than it {more} and exactly "
        f"{_n(reg.capacity, 'edge')} can {cross} it, so each of those carries an arrow {way} "
        f"and no arrow goes {back}"
    )
