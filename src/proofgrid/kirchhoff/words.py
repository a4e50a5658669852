"""Proofs in words: one plain sentence per step, a headline per hint or lost verdict.

The sentences are built from the proof JSON and the board alone (so the
JavaScript mirror can build the same ones): the proof is replayed from the
uses so each sentence can say what is already known about the edges it reads.
Symbols are the board's own: ``+2`` and ``−2`` (U+2212 minus) circled numbers,
``0``..``2`` plain numbers, ``a1–b1`` (en dash) for an edge and ``a1→b1`` for an
arrow. Nested reasoning (a supposition, or one case of a split) is indented by
two spaces per level.

Templates
---------
* cell: ``"<clue>; <cell> has <n> edges and <known edges>, so at most <i> can
  enter it and at most <o> can leave: <conclusion>."`` (an end says "but" for
  "and" and "impossible" for the conclusion; ``<i>``/``<o>`` count the cell's
  edges that can still bring an arrow in / take one out) where ``<clue>`` is e.g.
  "b1 is a 0, so no arrow enters or leaves it" or "a1 has no clue, so as many
  arrows enter as leave", ``<known edges>`` lists the cell's other edges
  already narrowed (left, up, right, down), and ``<conclusion>`` is e.g.
  "a1–b1 stays empty", "the arrow goes a1→b1", "a1–b1 carries an arrow",
  "no arrow goes b1→a1";
* region: ``"Take <members> together: they must <net D>; even with every edge
  around them pointing out (in), they would <net Max (Min)>, so every edge
  that can carry an arrow out (in) does and none carries one the other way:
  <conclusion>."``; an end: ``"…, they could at most <net>: impossible."``; a
  region of one whole cell says ``"<cell> must <net D>"`` and "it" for "they";
* refute: ``"Suppose <state>."``, the case's sentences indented, then ``"That
  cannot be, so <conclusion>."``; split: ``"<edge> is either …; each way fails."``
  then each case.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from proofgrid.kirchhoff.board import Board, ClueKind, cell_name, mark_mask
from proofgrid.kirchhoff.moves import parse_move
from proofgrid.kirchhoff.notation import edge_name, parse_node, region_numbers

__all__ = [
    "cell_index",
    "clue_text",
    "hint_headline",
    "lost_headline",
    "proof_words",
    "states_mask",
    "use_masks",
]

MINUS = "\u2212"
_STATES = {">": 1, "<": 2, "x": 0}
_ALL = 7
_NUMBER_WORDS = ("no", "one", "two", "three", "four")


def clue_text(board: Board, cell: int) -> str:
    """The clue of ``cell`` in the board's symbols: ``+2``, ``−2``, ``1``, or ``""`` (none)."""
    cl = board.clues[cell]
    if cl.kind is ClueKind.SOURCE:
        return f"+{cl.value}"
    if cl.kind is ClueKind.SINK:
        return f"{MINUS}{cl.value}"
    if cl.kind is ClueKind.THROUGHPUT:
        return str(cl.value)
    return ""


def _arrows(n: int) -> str:
    return f"{n} more arrow" + ("" if n == 1 else "s")


def _clue_phrase(board: Board, cell: int) -> str:
    name = cell_name(board, cell)
    cl = board.clues[cell]
    sym = clue_text(board, cell)
    if cl.kind is ClueKind.SOURCE:
        return f"{name} is a {sym}, so it sends out {_arrows(cl.value)} than it takes in"
    if cl.kind is ClueKind.SINK:
        return f"{name} is a {sym}, so it takes in {_arrows(cl.value)} than it sends out"
    if cl.kind is ClueKind.THROUGHPUT:
        if cl.value == 0:
            return f"{name} is a 0, so no arrow enters or leaves it"
        w = _NUMBER_WORDS[cl.value]
        if cl.value == 1:
            return f"{name} is a 1, so exactly one arrow enters it and one leaves"
        return f"{name} is a {sym}, so exactly {w} arrows enter it and {w} leave"
    return f"{name} has no clue, so as many arrows enter as leave"


def _ends(board: Board, edge: int) -> tuple[str, str]:
    u, v = board.geometry.ends[edge]
    return cell_name(board, u), cell_name(board, v)


def _fact(board: Board, edge: int, mask: int) -> str:
    """What is known of an edge, as a clause ("a1–b1 is empty", "a1→b1", ...)."""
    a, b = _ends(board, edge)
    if mask == 1:
        return f"{a}–{b} is empty"
    if mask == 2:
        return f"the arrow goes {a}→{b}"
    if mask == 4:
        return f"the arrow goes {b}→{a}"
    if mask == 6:
        return f"{a}–{b} carries an arrow"
    if mask == 3:
        return f"no arrow goes {b}→{a}"
    if mask == 5:
        return f"no arrow goes {a}→{b}"
    return f"{a}–{b} is open"


def _conclusion(board: Board, edge: int, mask: int) -> str:
    if mask == 1:
        a, b = _ends(board, edge)
        return f"{a}–{b} stays empty"
    return _fact(board, edge, mask)


def _members(board: Board, nodes: Sequence[str]) -> str:
    parts = []
    for text in nodes:
        name, _, half = text.partition(":")
        if half == "in":
            parts.append(f"the arrows into {name}")
        elif half == "out":
            parts.append(f"the arrows out of {name}")
        else:
            parts.append(name)
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _net(x: int, one: bool = False) -> str:
    they, take, send = ("it", "takes", "sends") if one else ("they", "take", "send")
    if x > 0:
        return f"send out {_arrows(x)} than {they} {take} in"
    if x < 0:
        return f"take in {_arrows(-x)} than {they} {send} out"
    return f"send out exactly as many arrows as {they} {take} in"


def states_mask(states: Sequence[str]) -> int:
    """The mask of a proof step's ``states`` (``">"``, ``"<"``, ``"x"``)."""
    return sum(1 << _STATES[s] for s in states)


class _Words:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.edge_ids = {edge_name(board, e): e for e in range(board.n_edges)}
        self.out: list[str] = []

    def say(self, depth: int, text: str) -> None:
        self.out.append("  " * depth + text)

    def known(self, cell: int, skip: int, masks: list[int]) -> str:
        facts = [
            _fact(self.board, e, masks[e])
            for e in self.board.geometry.cell_edges[cell]
            if e != skip and masks[e] != _ALL
        ]
        if not facts:
            return ""
        return facts[0] if len(facts) == 1 else ", ".join(facts[:-1]) + " and " + facts[-1]

    def room(self, cell: int, masks: list[int]) -> str:
        """How many arrows can still enter and leave ``cell``: the count that makes its step true.

        An edge can bring an arrow in (take one out) while its mask allows
        the arrow toward (away from) the cell; one pass over the cell's at
        most four edges, O(1).
        """
        ins = outs = 0
        for e in self.board.geometry.cell_edges[cell]:
            u, _ = self.board.geometry.ends[e]
            away, toward = (2, 4) if u == cell else (4, 2)
            outs += bool(masks[e] & away)
            ins += bool(masks[e] & toward)
        enter = "no arrow can enter it" if ins == 0 else f"at most {ins} can enter it"
        leave = "none can leave" if outs == 0 else f"at most {outs} can leave"
        return f"{enter} and {leave}"

    def cell_count(self, cell: int, known: str, joiner: str, masks: list[int]) -> str | None:
        """``"a1 has 2 edges[ and <known>], so at most 2 can enter it and 2 can leave"``.

        A 0 needs no count (no arrow at all): None, and its sentence names
        the known edges alone.
        """
        cl = self.board.clues[cell]
        if cl.kind is ClueKind.THROUGHPUT and cl.value == 0:
            return None
        n = len(self.board.geometry.cell_edges[cell])
        name = cell_name(self.board, cell)
        facts = f" {joiner} {known}" if known else ""
        return f"{name} has {n} edges{facts}, so {self.room(cell, masks)}"

    def region(
        self, nodes: Sequence[str], masks: list[int]
    ) -> tuple[str, int, int, int, bool, str, str]:
        """Head sentence, D, Min, Max, one whole cell?, its pronouns (subject, object)."""
        codes = [parse_node(self.board, t) for t in nodes]
        d, lo, hi = region_numbers(self.board, codes, masks)
        if len(nodes) == 1 and ":" not in nodes[0]:
            return f"{nodes[0]} must {_net(d, True)}", d, lo, hi, True, "it", "it"
        head = f"Take {_members(self.board, nodes)} together: they must {_net(d)}"
        return head, d, lo, hi, False, "they", "them"

    def steps(self, steps: Sequence[dict[str, Any]], masks: list[int], depth: int) -> None:
        b = self.board
        for st in steps:
            e = self.edge_ids[st["edge"]]
            new = states_mask(st["states"])
            concl = _conclusion(b, e, new)
            if "cell" in st:
                c = cell_index(b, st["cell"])
                known = self.known(c, e, masks)
                count = self.cell_count(c, known, "and", masks)
                plain = f"; {known}, so " if known else ": "
                mid = plain if count is None else f"; {count}: "
                self.say(depth, f"{_clue_phrase(b, c)}{mid}{concl}.")
            elif "region" in st:
                head, d, lo, hi, one, they, them = self.region(st["region"], masks)
                if d == hi:
                    tail = (
                        f"; even with every open edge around {them} pointing out {they} would "
                        f"only {_net(hi, one)}, so every edge that can carry an arrow out of "
                        f"{them} does and none carries one in: {concl}."
                    )
                else:
                    tail = (
                        f"; even with every open edge around {them} pointing in {they} would "
                        f"only {_net(lo, one)}, so every edge that can carry an arrow into "
                        f"{them} does and none carries one out: {concl}."
                    )
                self.say(depth, head + tail)
            else:
                gone = [s for s in "><x" if masks[e] >> _STATES[s] & 1]
                gone = [s for s in gone if s not in st["states"]]
                for state, case in zip(gone, st["refute"], strict=True):
                    self.case(e, state, case, masks, depth)
                self.say(depth, f"That cannot be, so {concl}.")
            masks[e] = new

    def case(self, e: int, state: str, p: dict[str, Any], masks: list[int], depth: int) -> None:
        self.say(depth, f"Suppose {_fact(self.board, e, 1 << _STATES[state])}.")
        sub = list(masks)
        sub[e] = 1 << _STATES[state]
        self.steps(p["steps"], sub, depth + 1)
        self.end(p["ends"], sub, depth + 1)

    def end(self, end: dict[str, Any], masks: list[int], depth: int) -> None:
        b = self.board
        if "cell" in end:
            c = cell_index(b, end["cell"])
            known = self.known(c, -1, masks)
            count = self.cell_count(c, known, "but", masks)
            plain = f"; but {known}" if known else ""
            mid = plain if count is None else f"; {count}"
            self.say(depth, f"{_clue_phrase(b, c)}{mid}: impossible.")
        elif "region" in end:
            head, d, lo, hi, one, they, them = self.region(end["region"], masks)
            way, most = ("out", hi) if d > hi else ("in", lo)
            tail = (
                f", but even with every open edge around {them} pointing {way} {they} could "
                f"only {_net(most, one)}: impossible."
            )
            self.say(depth, head + tail)
        else:
            e = self.edge_ids[end["split"]]
            states = [s for s in "><x" if masks[e] >> _STATES[s] & 1]
            ways = [_fact(b, e, 1 << _STATES[s]) for s in states]
            self.say(
                depth,
                f"Either {' or '.join(ways)}; each way fails.",
            )
            for s, case in zip(states, end["cases"], strict=True):
                self.case(e, s, case, masks, depth)


def cell_index(board: Board, name: str) -> int:
    """The cell named ``name`` in a proof (``b3``): its index on ``board``."""
    return parse_node(board, name) // 3


def use_masks(board: Board, proof: dict[str, Any]) -> list[int]:
    """Each edge's mask once the proof's ``uses`` (the marks it starts from) are applied."""
    masks = [_ALL] * board.n_edges
    for mv in proof["uses"]:
        e, mark = parse_move(board, mv)
        masks[e] = mark_mask(mark)
    return masks


def proof_words(board: Board, proof: dict[str, Any]) -> tuple[str, ...]:
    """One sentence per step and end of ``proof`` (nested ones indented); module docstring."""
    w = _Words(board)
    masks = use_masks(board, proof)
    w.steps(proof["steps"], masks, 0)
    if "ends" in proof:
        w.end(proof["ends"], masks, 0)
    return tuple(w.out)


def hint_headline(board: Board, edge: int, state: int, proof: dict[str, Any] | None) -> str:
    """The hint in one sentence, e.g. "a1–b1 stays empty: the clues next to it show it."."""
    concl = _conclusion(board, edge, 1 << state)
    if concl.startswith("the "):
        concl = "The " + concl[4:]
    if proof is None:
        return f"{concl}: every way to finish the board has it."
    kinds = _kinds(proof)
    if "refute" in kinds or "split" in kinds:
        why = "every other way leads to a dead end"
    elif "region" in kinds:
        why = "counting the arrows around a group of cells shows it"
    elif len(proof["steps"]) == 1:
        why = "the clue next to it shows it"
    else:
        why = "the clues around it show it, one after another"
    return f"{concl}: {why}."


def lost_headline(board: Board, marks: Sequence[str], *, proved: bool = True) -> str:
    """The lost verdict in one sentence, naming the blamed ``marks`` (moves) that cannot all stand.

    No marks: the board itself has no solution. ``proved=False``: the prover
    found no proof within its budget (the exact counter still decided it).
    """
    texts = [_move_text(board, mv) for mv in marks]
    if not texts:
        head = "this board has no solution"
    elif len(texts) == 1:
        head = f"{texts[0]} cannot be right"
    else:
        head = f"{', '.join(texts[:-1])} and {texts[-1]} cannot all be right"
    return f"lost — {head}" + ("" if proved else "; the proof is too long to show")


def _move_text(board: Board, move: str) -> str:
    e, mark = parse_move(board, move)
    a, b = _ends(board, e)
    if int(mark) == 3:
        return f"{a}–{b} marked empty"
    if int(mark) == 2:
        a, b = b, a
    return f"the arrow {a}→{b}"


def _kinds(p: dict[str, Any]) -> set[str]:
    """The rule names a proof (or one case) uses, through refutations and splits."""
    out: set[str] = set()
    for st in p["steps"]:
        for k in ("cell", "region", "refute"):
            if k in st:
                out.add(k)
        for case in st.get("refute", ()):
            out |= _kinds(case)
    end = p.get("ends")
    if end is not None:
        out.update(k for k in ("cell", "region", "split") if k in end)
        for case in end.get("cases", ()):
            out |= _kinds(case)
    return out
