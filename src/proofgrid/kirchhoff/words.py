"""Proofs in words: short sentences per step, a headline per hint or lost verdict.

The sentences are built from the proof JSON and the board alone (so the
JavaScript mirror can build the same ones): the proof is replayed from the
uses so each sentence can say what is already known about the edges it reads.
Symbols are the board's own: ``+2`` and ``−2`` (U+2212 minus) circled numbers,
``0``..``2`` plain numbers, ``a1–b1`` (en dash) for an edge and ``a1→b1`` for
an arrow. Nested reasoning (a supposition, or one case of a split) is indented by
two spaces per level. Each step is one line of a few short sentences; each
sentence states one fact and the count that makes it true.

Templates
---------
* cell: ``"<clue>. [So far <arrows in> enter(s) it and <arrows out> leave(s)
  it, so <need>.] <open edges>[. <partly known>], so <conclusion>."`` where
  ``<clue>`` is e.g. "b3 is a −1: it takes in one more arrow than it sends
  out", "e1 is a 1: one arrow enters it and one leaves" or "a1 has no clue:
  as many arrows enter it as leave"; ``<need>`` what the clue still asks
  once the drawn arrows are counted ("it still needs one arrow in and none
  out", "… one more arrow out than in", "the rest must balance, as many in
  as out"); ``<open edges>`` the cell's undecided edges ("Only c3–b3 is
  left", "b3–c3 and b3–b4 are left"), ``<partly known>`` what is known of
  them ("No arrow goes c3→b3") and
  ``<conclusion>`` e.g. "a1–b1 stays empty", "the arrow goes a1→b1", "a1–b1
  carries an arrow", "no arrow goes b1→a1". An end says ``": impossible."``
  for the conclusion. A 0 says ``"b1 is a 0, so no arrow enters or leaves it:
  <conclusion>."``;
* region: ``"Take <members> together: they must <net D>. Even if every open
  edge around them pointed out (in), they would <net Max (Min)>. So each edge
  that can take an arrow out of them does, and none brings one in: <conclusion>."``
  (in: "bring an arrow into them", "none takes one out"); an end: ``"… Even if
  every open edge around them pointed out, they could only <net>:
  impossible."``; a region of one whole cell says ``"<cell> must <net D>"`` and
  "it" for "they"; a region of more than three members is listed on its own,
  ``"Take these cells together: a1 to e1, a2 and the arrows into g2 and f3.
  They must <net D>."`` (three or more cells in a row as "a1 to e1");
* refute: ``"Suppose <state>."``, the case's sentences indented, then ``"That
  cannot be, so <conclusion>."``; split: ``"Either … or …; each way fails."``
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
_NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


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


def _num(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def _some(n: int) -> str:
    """``"one arrow"``, ``"two arrows"``, ``"no arrow"``."""
    return f"{_num(n)} arrow" + ("" if n in (0, 1) else "s")


def _arrows(n: int) -> str:
    return f"{_num(n)} more arrow" + ("" if n == 1 else "s")


def _clue_sentence(board: Board, cell: int) -> str:
    """What the clue of ``cell`` asks, as one sentence."""
    name = cell_name(board, cell)
    cl = board.clues[cell]
    sym = clue_text(board, cell)
    if cl.kind is ClueKind.SOURCE:
        return f"{name} is a {sym}: it sends out {_arrows(cl.value)} than it takes in."
    if cl.kind is ClueKind.SINK:
        return f"{name} is a {sym}: it takes in {_arrows(cl.value)} than it sends out."
    if cl.kind is ClueKind.THROUGHPUT:
        w = _num(cl.value)
        if cl.value == 1:
            return f"{name} is a 1: one arrow enters it and one leaves."
        return f"{name} is a {sym}: {w} arrows enter it and {w} leave."
    return f"{name} has no clue: as many arrows enter it as leave."


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


def _join(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


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
    return _join(parts)


def _group(board: Board, nodes: Sequence[str]) -> str:
    """A long region as a list: whole cells row by row, three or more in a row as
    ``"a1 to e1"``, then the half cells (``"the arrows into g2 and f3"``)."""
    whole = sorted(parse_node(board, t) // 3 for t in nodes if ":" not in t)
    runs: list[list[int]] = []
    for c in whole:
        if runs and runs[-1][-1] + 1 == c and c // board.cols == runs[-1][-1] // board.cols:
            runs[-1].append(c)
        else:
            runs.append([c])
    parts: list[str] = []
    for run in runs:
        names = [cell_name(board, c) for c in run]
        parts.extend([f"{names[0]} to {names[-1]}"] if len(run) >= 3 else names)
    for half, words in (("in", "the arrows into"), ("out", "the arrows out of")):
        named = [t.partition(":")[0] for t in nodes if t.endswith(f":{half}")]
        if named:
            parts.append(f"{words} {_join(named)}")
    return _join(parts)


def _net(x: int, one: bool = False) -> str:
    they, take, send = ("it", "takes", "sends") if one else ("they", "take", "send")
    if x > 0:
        return f"send out {_arrows(x)} than {they} {take} in"
    if x < 0:
        return f"take in {_arrows(-x)} than {they} {send} out"
    return f"send out exactly as many arrows as {they} {take} in"


def _need_through(a: int, b: int) -> str:
    """What a plain number still asks: ``a`` more arrows in and ``b`` more out."""
    if a == 0 and b == 0:
        return "it needs no more arrows"
    if a < 0 or b < 0:
        over = [f"{_some(-a)} in" if a < 0 else "", f"{_some(-b)} out" if b < 0 else ""]
        return "it has " + _join([t for t in over if t]) + " too many"
    if b == 0:
        return f"it still needs {_some(a)} in and none out"
    if a == 0:
        return f"it still needs {_some(b)} out and none in"
    return f"it still needs {_some(a)} in and {_num(b)} out"


def _need_net(r: int) -> str:
    """What a circled number or a cell without a clue still asks: net ``r`` more arrows out."""
    if r > 0:
        return f"it still needs {_arrows(r)} out than in"
    if r < 0:
        return f"it still needs {_arrows(-r)} in than out"
    return "the rest must balance, as many in as out"


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

    def count(self, cell: int, masks: list[int]) -> str:
        """The drawn arrows at ``cell`` and what its clue still asks, as a sentence (or ``""``).

        One pass over the cell's at most four edges (left, up, right, down), O(1).
        """
        b = self.board
        ins: list[str] = []
        outs: list[str] = []
        name = cell_name(b, cell)
        for e in b.geometry.cell_edges[cell]:
            u, v = b.geometry.ends[e]
            other = cell_name(b, v if u == cell else u)
            away, toward = (2, 4) if u == cell else (4, 2)
            if masks[e] == toward:
                ins.append(f"{other}→{name}")
            elif masks[e] == away:
                outs.append(f"{name}→{other}")
        if not ins and not outs:
            return ""
        parts = []
        if ins:
            parts.append(f"{_join(ins)} {'enters' if len(ins) == 1 else 'enter'} it")
        if outs:
            parts.append(f"{_join(outs)} {'leaves' if len(outs) == 1 else 'leave'} it")
        cl = b.clues[cell]
        if cl.kind is ClueKind.THROUGHPUT:
            need = _need_through(cl.value - len(ins), cl.value - len(outs))
        else:
            need = _need_net(b.demand[cell] - len(outs) + len(ins))
        return f"So far {' and '.join(parts)}, so {need}."

    def open_edges(self, cell: int, masks: list[int], tail: str) -> str:
        """The cell's undecided edges, then what is known of the partly decided ones, then ``tail``.

        ``"Only c3–b3 is left, so <conclusion>."`` or ``"b3–c3 and b3–b4 are
        left. No arrow goes c3→b3, so <conclusion>."`` (capitalised sentences).
        """
        b = self.board
        names: list[str] = []
        facts: list[str] = []
        edges = b.geometry.cell_edges[cell]
        for e in edges:
            m = masks[e]
            if m in (1, 2, 4):
                continue
            x, y = _ends(b, e)
            names.append(f"{x}–{y}")
            if m != _ALL:
                facts.append(_fact(b, e, m))
        if not names:
            text = "None of its edges is left"
        elif len(names) == 1:
            text = f"Only {names[0]} is left"
        elif len(names) == len(edges):
            text = (
                "Both its edges are open"
                if len(names) == 2
                else f"All {_num(len(names))} of its edges are open"
            )
        else:
            text = f"{_join(names)} are left"
        if not facts:
            return f"{text}{tail}."
        known = _join(facts)
        if known.startswith(("no ", "the ")):  # a cell name starts lower case, like everywhere
            known = known[0].upper() + known[1:]
        return f"{text}. {known}{tail}."

    def cell(self, cell: int, masks: list[int], tail: str) -> str:
        """A cell step's or end's sentences (``tail``: ``", so <concl>"`` or ``": impossible"``)."""
        b = self.board
        cl = b.clues[cell]
        if cl.kind is ClueKind.THROUGHPUT and cl.value == 0:
            name = cell_name(b, cell)
            drawn = [
                _fact(b, e, masks[e]) for e in b.geometry.cell_edges[cell] if masks[e] in (2, 4, 6)
            ]
            but = f"; but {_join(drawn)}" if drawn else ""
            return f"{name} is a 0, so no arrow enters or leaves it{but}{tail}."
        head = _clue_sentence(b, cell)
        count = self.count(cell, masks)
        mid = f" {count}" if count else ""
        return f"{head}{mid} {self.open_edges(cell, masks, tail)}"

    def region(
        self, nodes: Sequence[str], masks: list[int]
    ) -> tuple[str, int, int, int, bool, str, str]:
        """Head sentence, D, Min, Max, one whole cell?, its pronouns (subject, object)."""
        codes = [parse_node(self.board, t) for t in nodes]
        d, lo, hi = region_numbers(self.board, codes, masks)
        if len(nodes) == 1 and ":" not in nodes[0]:
            return f"{nodes[0]} must {_net(d, True)}.", d, lo, hi, True, "it", "it"
        if len(nodes) <= 3:
            head = f"Take {_members(self.board, nodes)} together: they must {_net(d)}."
        else:
            head = f"Take these cells together: {_group(self.board, nodes)}. They must {_net(d)}."
        return head, d, lo, hi, False, "they", "them"

    def steps(self, steps: Sequence[dict[str, Any]], masks: list[int], depth: int) -> None:
        b = self.board
        for st in steps:
            e = self.edge_ids[st["edge"]]
            new = states_mask(st["states"])
            concl = _conclusion(b, e, new)
            if "cell" in st:
                c = cell_index(b, st["cell"])
                if b.clues[c].kind is ClueKind.THROUGHPUT and b.clues[c].value == 0:
                    self.say(depth, self.cell(c, masks, f": {concl}"))
                else:
                    self.say(depth, self.cell(c, masks, f", so {concl}"))
            elif "region" in st:
                head, d, lo, hi, one, they, them = self.region(st["region"], masks)
                if d == hi:
                    tail = (
                        f" Even if every open edge around {them} pointed out, {they} would "
                        f"{_net(hi, one)}. So each edge that can take an arrow out of {them} "
                        f"does, and none brings one in: {concl}."
                    )
                else:
                    tail = (
                        f" Even if every open edge around {them} pointed in, {they} would "
                        f"{_net(lo, one)}. So each edge that can bring an arrow into {them} "
                        f"does, and none takes one out: {concl}."
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
            self.say(depth, self.cell(cell_index(b, end["cell"]), masks, ": impossible"))
        elif "region" in end:
            head, d, lo, hi, one, they, them = self.region(end["region"], masks)
            way, most = ("out", hi) if d > hi else ("in", lo)
            tail = (
                f" Even if every open edge around {them} pointed {way}, {they} could "
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
    """The hint in one sentence, e.g. "a1–b1 stays empty: the 0 at b1 shows it.".

    It names a clue only where the cell has one ("counting the arrows at a1"
    for a cell without a clue).
    """
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
        c = cell_index(board, proof["steps"][0]["cell"])
        name = cell_name(board, c)
        sym = clue_text(board, c)
        why = f"the {sym} at {name} shows it" if sym else f"counting the arrows at {name} shows it"
    else:
        why = "the cells around it show it, one after another"
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
