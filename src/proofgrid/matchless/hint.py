"""Matchless's proved hint: the next shell to strike, why it must be struck, and the proof.

The rule (the browser's mirror implements exactly this; every step is
deterministic, so both languages name the same shell and the same words):

1. Take the subgraph the **unlit** shells induce (a fuse counts only when both
   its ends are unlit), and its strongly connected components (Tarjan 1972,
   :func:`proofgrid.graph.scc.par`).
2. A **source component** is one that no fuse enters from an unlit shell
   outside it. Nothing left unlit can light it, so some match must land in
   it; there are exactly *remaining par* of them (the par theorem on the
   unlit subgraph, :mod:`proofgrid.matchless.solve`).
3. Choose the source component whose strike lights the most unlit shells
   (the cascade of any of its shells: everything unlit it reaches); ties go to
   the component holding the smallest shell index (shells are numbered
   row-major). The move is that component's smallest shell, as a cell name
   (``c4``).

Why it keeps par reachable: a match inside an unlit source component lowers
the remaining par by exactly one, any other match leaves it unchanged (the
module docstring of :mod:`proofgrid.matchless.solve`), so striking the hinted
shell spends one match and saves one. Among the equally par-keeping moves the
biggest cascade is the one a player sees most at once.

The hint's parts (:class:`proofgrid.puzzle.Hint`):

``move``
    The chosen shell (a shell always remains while the game is not won).
``words``
    Sentences, in order. One-shell component ``c4``: "Nothing left unlit can
    reach c4 — strike it, or it stays dark."; a larger one: "c4, c5 and d5
    light each other; no unlit shell outside them has a fuse into them.
    Strike c4: one match lights them all." (members in row-major order, the
    last two joined by "and"). Then "Striking c4 lights 7 of the 12 unlit
    shells." ("Striking c4 lights the last unlit shell." when it is the only
    one). Then, while par is reachable, "Par 5 needs 3 more matches, this one
    included (2 used so far)." (or "This is the last match par needs: it
    clears the sky." when one is left); once par is lost: "Par 5 is out of
    reach: 4 matches used and 3 still needed make 7, 2 over par. This is
    still the best next shell." Counts of one are singular ("1 match used").
    The dash is an em dash (U+2014).
``proof``
    ``{"component": [...], "unlit": [...], "incoming": [[tail, head], ...]}``:
    the component's shells, every unlit shell and every fuse that enters the
    component from a shell outside it, all as cell names (row-major order;
    fuses in the order of their tails, then heads). A checker verifies it
    against the board: the ``unlit`` set is the position's; the component's
    shells are unlit and reach each other through unlit shells; the listed
    fuses are exactly the board's fuses from outside into the component, and
    each tail is lit (not in ``unlit``), so no unlit shell outside has a fuse
    into it.
``extra`` (the JSON's ``matchless`` key)
    ``lights`` (shells the strike lights), ``unlit`` (unlit shells now),
    ``matches`` (used so far), ``par``, ``remaining_par`` (matches still
    needed, this one included) and ``par_reachable`` (``matches +
    remaining_par == par``).

A Matchless position is never *lost*: the sky can always be cleared, so the
contract's status is ``playing`` until it is ``won``. A position that can no
longer make par says so in the hint's words and in ``par_reachable``.

Cost: one SCC pass of the unlit subgraph and one cascade per source
component, O(remaining par · (n + m)) for n shells and m fuses.
"""

from __future__ import annotations

from proofgrid.graph.scc import par as graph_par
from proofgrid.graph.scc import reachable
from proofgrid.matchless.board import Board
from proofgrid.matchless.game import State, move_name
from proofgrid.matchless.solve import solve, unlit_subgraph
from proofgrid.puzzle import Hint

__all__ = ["hint", "names"]


def names(board: Board, shells: list[int] | tuple[int, ...]) -> list[str]:
    """The cell names of shells, in the order given."""
    return [move_name(board, v) for v in shells]


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('ch') else 's'}"


def hint(state: State, par: int | None = None) -> Hint | None:
    """The proved hint of a position (module docstring), or None once every shell is lit.

    ``par`` is the board's par when the caller knows it (else it is solved
    here, one more SCC pass).
    """
    if state.unlit == 0:
        return None
    board = state.board
    shells, sub = unlit_subgraph(board, state.unlit)
    res = graph_par(sub, canonical=True)
    # seeds are ascending and each is its source component's smallest shell
    best_seed, lights = -1, -1
    for seed in res.seeds:
        k = len(reachable(sub, [int(seed)]))
        if k > lights:
            best_seed, lights = int(seed), k
    label = res.labels[best_seed]
    component = [shells[i] for i in range(len(shells)) if res.labels[i] == label]
    inside = set(component)
    incoming = [(t, h) for t, h in board.fuses() if h in inside and t not in inside]
    if par is None:
        par = solve(board).par
    remaining, matches = int(res.par), state.matches
    move = move_name(board, component[0])
    members = names(board, component)
    words = [
        f"Nothing left unlit can reach {move} — strike it, or it stays dark."
        if len(component) == 1
        else f"{_listed(members)} light each other; no unlit shell outside them has a fuse "
        f"into them. Strike {move}: one match lights them all.",
        f"Striking {move} lights {lights} of the {len(shells)} unlit shells."
        if len(shells) > 1
        else f"Striking {move} lights the last unlit shell.",
    ]
    reachable_par = matches + remaining == par
    if not reachable_par:
        total = matches + remaining
        words.append(
            f"Par {par} is out of reach: {_plural(matches, 'match')} used and {remaining} still "
            f"needed make {total}, {total - par} over par. This is still the best next shell."
        )
    elif remaining == 1:
        words.append("This is the last match par needs: it clears the sky.")
    else:
        words.append(
            f"Par {par} needs {_plural(remaining, 'more match')}, this one included "
            f"({matches} used so far)."
        )
    proof = {
        "component": members,
        "unlit": names(board, shells),
        "incoming": [[move_name(board, t), move_name(board, h)] for t, h in incoming],
    }
    extra = {
        "lights": lights,
        "unlit": len(shells),
        "matches": matches,
        "par": par,
        "remaining_par": remaining,
        "par_reachable": reachable_par,
    }
    return Hint(move, tuple(words), proof, extra)
