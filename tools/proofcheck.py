"""An independent checker for Kirchhoff proofs, written from the text of issue 12 alone.

It shares no code with the prover: it knows the clues and the grid, nothing else.
``check(clues, proof, hint=..., lost=...)`` returns ``None`` or raises
:class:`ProofError` naming the first violation and where it is
(``steps[2].refute[0].ends: ...``).

Interpretation of the issue's "Meaning, exactly" (the choices the text leaves open)
-----------------------------------------------------------------------------------
* Syntax is exact: a proof has the keys ``uses`` and ``steps``, plus ``ends`` exactly
  when ``lost``; a step has ``edge``, ``states`` and one of ``cell``, ``region``,
  ``refute``; a ``P`` has ``steps`` and ``ends``; no other key anywhere. Cells are
  ``a1``..``p16`` (no leading zero) on the board; an edge names two neighbours, lower
  cell (by row, then column) first; ``states`` is a list in the order ``> < x``
  without repeats.
* A ``MOVE`` is written as the CLI writes it: ``tail>head`` for an arrow (any order
  of cells, the arrow's tail first), ``lowxhigh`` for an unused edge (lower cell
  first). Each edge is used at most once: a player has one mark per edge, so two
  uses of one edge are an error (uses come before every step, so a use can never
  contradict a narrowing).
* Cell rule: ``states`` must contain the step edge's state in every assignment of
  the cell's edges that meets the clue (and one must exist); it need not equal that
  set, only be a non-empty proper subset of the remaining states (this is what the
  text says, and it is sound).
* Region rule: ``states`` must *equal* the step edge's states of largest (``D = Max``)
  or smallest (``D = Min``) contribution, and the edge must touch the region. A
  region lists each cell at most once: as ``c`` or as one half ``c:in`` / ``c:out``
  (both halves at once are refused; write ``c``). Halves only at plain numbers.
* Refute: the ``P`` cases are the removed states (remaining minus ``states``) in the
  order ``> < x``; each starts from the current remaining states with the edge fixed
  to that state. Split: the edge must have at least two remaining states (a split of
  a decided edge is padding); one ``P`` per remaining state, in order.
* Relevance, per scope (the top level, or one ``P``): a *reader* is a step or the
  ``END``; a cell step or cell END reads its cell's edges (its own edge included),
  a region step or END the edges touching the region, a refute step or split END
  reads every edge. A use or step on edge ``e`` is relevant iff a reader strictly
  after it *in the same scope* reads ``e`` (uses come before all steps). Readers
  inside a nested ``P`` do not count for the outer scope (a refute already reads
  everything), nor do outer readers for a ``P``'s steps (the ``P``'s narrowings die
  with it). The last top-level step of a hint proof is the conclusion and is
  exempt. Not checked (the text does not ask it): that a ``P`` reads its assumed
  edge.
* A hint proof (``lost=False``) needs at least one step; with ``hint=(EDGE, STATE)``
  its last top-level step must name that edge with ``states == [STATE]``.
* ``marks`` (optional, beyond the issue's signature): the player's marks as MOVEs;
  every use must be one of them.

Complexity: a cell step enumerates at most ``3^4`` assignments, a region step is
linear in the region; the whole check is linear in the proof's size times that.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "STATES",
    "Clues",
    "ProofError",
    "check",
    "clues_from_game_id",
    "clues_from_json",
    "removable_nodes",
]

STATES = (">", "<", "x")  # for edge "u-v": arrow u→v, arrow v→u, unused
Edge = tuple[int, int]  # cell indices (r*cols + c), lower first
Dom = dict[Edge, frozenset[str]]
_ALL = frozenset(STATES)
_CELL_RE = re.compile(r"([a-p])([1-9][0-9]?)")
_MOVE_RE = re.compile(r"([a-p][0-9]+)([>x])([a-p][0-9]+)")


class ProofError(ValueError):
    """A proof violates the format or the rules; the message says where and why."""


@dataclass(frozen=True)
class Clues:
    """A board as this checker sees it: size and ``(kind, n)`` per cell, row-major.

    ``kind`` is ``blank`` (n = 0), ``source`` (+n), ``sink`` (−n) or ``number`` (t).
    """

    rows: int
    cols: int
    cells: tuple[tuple[str, int], ...]

    @classmethod
    def from_text(cls, text: str) -> Clues:
        """Rows split on ``/``, tokens ``.``, ``+n``, ``-n`` (or ``−n``), ``t``."""
        grid = [row.split() for row in text.split("/")]
        cells = []
        for tok in (t.replace("−", "-") for row in grid for t in row):
            if tok == ".":
                cells.append(("blank", 0))
            elif tok[0] in "+-":
                cells.append(("source" if tok[0] == "+" else "sink", int(tok[1:])))
            else:
                cells.append(("number", int(tok)))
        return cls(len(grid), len(grid[0]), tuple(cells))

    def name(self, i: int) -> str:
        """``a1`` is the top-left cell; columns are letters, rows numbers."""
        return f"{chr(97 + i % self.cols)}{i // self.cols + 1}"

    def cell(self, text: object) -> int | None:
        """Index of a cell name on this board, or None."""
        m = _CELL_RE.fullmatch(text) if isinstance(text, str) else None
        if not m:
            return None
        r, c = int(m.group(2)) - 1, ord(m.group(1)) - 97
        return r * self.cols + c if r < self.rows and c < self.cols else None

    def edges_at(self, i: int) -> list[Edge]:
        """The edges of cell ``i``."""
        r, c = divmod(i, self.cols)
        nb = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
        js = [a * self.cols + b for a, b in nb if 0 <= a < self.rows and 0 <= b < self.cols]
        return [(min(i, j), max(i, j)) for j in js]

    def all_edges(self) -> list[Edge]:
        """Every edge of the grid, sorted."""
        return sorted({e for i in range(self.rows * self.cols) for e in self.edges_at(i)})

    def edge_name(self, e: Edge) -> str:
        """``a1-b1``."""
        return f"{self.name(e[0])}-{self.name(e[1])}"

    def meets(self, i: int, n_in: int, n_out: int) -> bool:
        """Whether cell ``i``'s constraint holds with these arrow counts."""
        kind, n = self.cells[i]
        if kind == "source":
            return n_out - n_in == n
        if kind == "sink":
            return n_in - n_out == n
        return n_in == n_out and (kind != "number" or n_in == n)


def _flow(e: Edge, s: str) -> tuple[int, int] | None:
    """(tail, head) of edge ``e`` in state ``s``, None when unused."""
    return None if s == "x" else (e if s == ">" else (e[1], e[0]))


class _Checker:
    def __init__(self, clues: Clues, regions: list[tuple[list[str], Dom]] | None = None) -> None:
        self.k = clues
        self.regions = regions  # END regions met, with the remaining states there

    def fail(self, where: str, msg: str) -> ProofError:
        return ProofError(f"{where}: {msg}" if where else msg)

    def keys(self, obj: object, want: set[str], where: str) -> Mapping[str, Any]:
        if not isinstance(obj, dict):
            raise self.fail(where, f"expected an object, got {type(obj).__name__}")
        if set(obj) != want:
            raise self.fail(where, f"keys {sorted(obj)} should be {sorted(want)}")
        return obj

    def lst(self, obj: object, where: str) -> list[Any]:
        if not isinstance(obj, list):
            raise self.fail(where, f"expected a list, got {type(obj).__name__}")
        return obj

    def cell(self, text: object, where: str) -> int:
        i = self.k.cell(text)
        if i is None:
            raise self.fail(where, f"{text!r} is not a cell of this board")
        return i

    def edge(self, text: object, where: str) -> Edge:
        parts = text.split("-") if isinstance(text, str) else []
        if len(parts) != 2:
            raise self.fail(where, f"{text!r} is not an edge like 'a1-b1'")
        u, v = (self.cell(p, where) for p in parts)
        if (min(u, v), max(u, v)) not in self.k.edges_at(u):
            raise self.fail(where, f"{text!r}: the cells are not neighbours")
        if u > v:
            raise self.fail(
                where, f"{text!r}: name the lower cell first ({self.k.edge_name((v, u))})"
            )
        return (u, v)

    def move(self, text: object, where: str) -> tuple[Edge, str]:
        m = (
            re.fullmatch(r"([a-p][0-9]+)([>x])([a-p][0-9]+)", text)
            if isinstance(text, str)
            else None
        )
        if not m:
            raise self.fail(where, f"{text!r} is not a move like 'a1>b1' or 'a1xb1'")
        a, b = self.cell(m.group(1), where), self.cell(m.group(3), where)
        e = (min(a, b), max(a, b))
        if e not in self.k.edges_at(a):
            raise self.fail(where, f"{text!r}: the cells are not neighbours")
        if m.group(2) == "x":
            if a > b:
                raise self.fail(where, f"{text!r}: name the lower cell first")
            return e, "x"
        return e, ">" if a < b else "<"

    def states(self, obj: object, where: str) -> frozenset[str]:
        got = self.lst(obj, where)
        if got != [s for s in STATES if s in got]:
            raise self.fail(where, f"states {got!r} must be distinct, from > < x, in that order")
        return frozenset(got)

    # --- the rules
    def cell_options(self, i: int, dom: Dom) -> list[dict[Edge, str]]:
        """Every assignment of cell ``i``'s edges from ``dom`` meeting its constraint."""
        es = self.k.edges_at(i)
        out = []
        for combo in itertools.product(*(sorted(dom[e]) for e in es)):
            flows = [_flow(e, s) for e, s in zip(es, combo, strict=True)]
            n_out = sum(1 for f in flows if f and f[0] == i)
            n_in = sum(1 for f in flows if f and f[1] == i)
            if self.k.meets(i, n_in, n_out):
                out.append(dict(zip(es, combo, strict=True)))
        return out

    def region(self, obj: object, where: str) -> dict[int, str]:
        """Parse a region: cell -> ``all`` | ``in`` | ``out``."""
        nodes = self.lst(obj, where)
        if not nodes:
            raise self.fail(where, "empty region")
        members: dict[int, str] = {}
        for node in nodes:
            text = node if isinstance(node, str) else ""
            name, colon, half = text.partition(":")
            i = self.k.cell(name)
            if i is None or half not in ("", "in", "out") or (colon and not half):
                raise self.fail(where, f"{node!r} is not a node like 'c3', 'c3:in', 'c3:out'")
            if half and self.k.cells[i][0] != "number":
                raise self.fail(where, f"{node!r}: only a plain number cell has halves")
            if i in members:
                raise self.fail(where, f"{node!r}: cell {name} is already in the region")
            members[i] = half or "all"
        return members

    def contribution(self, members: dict[int, str], e: Edge, s: str) -> int:
        f = _flow(e, s)
        if f is None:
            return 0
        return int(members.get(f[0]) in ("all", "out")) - int(members.get(f[1]) in ("all", "in"))

    def bounds(self, members: dict[int, str], dom: Dom) -> tuple[int, int, int, list[Edge]]:
        """D, Min, Max and the touching edges of a region."""
        d = 0
        for i, part in members.items():
            kind, n = self.k.cells[i]
            if part == "all":
                d += {"source": n, "sink": -n}.get(kind, 0)
            else:
                d += n if part == "out" else -n
        touching = sorted({e for i in members for e in self.k.edges_at(i)})
        lo = sum(min(self.contribution(members, e, s) for s in dom[e]) for e in touching)
        hi = sum(max(self.contribution(members, e, s) for s in dom[e]) for e in touching)
        return d, lo, hi, touching

    # --- scopes
    def scope(self, steps: object, ends: object, dom: Dom, where: str, uses: list[Edge]) -> None:
        """Check one sequence of steps (and its END, if any), then its relevance."""
        reads: list[tuple[Edge | None, frozenset[Edge] | None, str]] = []  # edge, reads, where
        for n, step in enumerate(self.lst(steps, f"{where}steps")):
            w = f"{where}steps[{n}]"
            if not isinstance(step, dict):
                raise self.fail(w, "expected an object")
            rule = {"cell", "region", "refute"} & set(step)
            if len(rule) != 1:
                raise self.fail(w, "a step names exactly one of cell, region, refute")
            obj = self.keys(step, {"edge", "states", *rule}, w)
            e = self.edge(obj["edge"], f"{w}.edge")
            st = self.states(obj["states"], f"{w}.states")
            if not st or not st < dom[e]:
                raise self.fail(
                    f"{w}.states",
                    f"{sorted(st, key=STATES.index)} is not a non-empty proper subset of "
                    f"{self.k.edge_name(e)}'s remaining {sorted(dom[e], key=STATES.index)}",
                )
            reads.append((e, self.rule(obj, e, st, dom, w), w))
            dom[e] = st
        if ends is not None:
            reads.append((None, self.end(ends, dom, f"{where}ends"), f"{where}ends"))
        self.relevance(reads, uses, where, conclusion=ends is None)

    def rule(self, step: Mapping[str, Any], e: Edge, st: frozenset[str], dom: Dom, w: str) -> Any:
        """Check one step's rule; return the edges it reads (None: every edge)."""
        name = self.k.edge_name(e)
        if "cell" in step:
            i = self.cell(step["cell"], f"{w}.cell")
            if e not in self.k.edges_at(i):
                raise self.fail(f"{w}.cell", f"{name} is not an edge of {self.k.name(i)}")
            opts = self.cell_options(i, dom)
            if not opts:
                raise self.fail(f"{w}.cell", f"{self.k.name(i)} has no assignment: that is an end")
            bad = sorted({o[e] for o in opts} - st, key=STATES.index)
            if bad:
                raise self.fail(f"{w}.states", f"{self.k.name(i)} still allows {name} {bad}")
            return frozenset(self.k.edges_at(i))
        if "region" in step:
            members = self.region(step["region"], f"{w}.region")
            d, lo, hi, touching = self.bounds(members, dom)
            if e not in touching:
                raise self.fail(f"{w}.edge", f"{name} does not touch the region")
            if d not in (lo, hi):
                raise self.fail(f"{w}.region", f"not at equality: D={d}, Min={lo}, Max={hi}")
            c = {s: self.contribution(members, e, s) for s in dom[e]}
            want = [frozenset(s for s in c if c[s] == f(c.values())) for f in (max, min)]
            if not ((d == hi and st == want[0]) or (d == lo and st == want[1])):
                best = want[0] if d == hi else want[1]
                raise self.fail(
                    f"{w}.states",
                    f"the region narrows {name} to {sorted(best, key=STATES.index)}",
                )
            return frozenset(touching)
        removed = [s for s in STATES if s in dom[e] - st]
        self.cases(step["refute"], e, removed, dom, f"{w}.refute")
        return None

    def cases(self, obj: object, e: Edge, states: list[str], dom: Dom, where: str) -> None:
        ps = self.lst(obj, where)
        if len(ps) != len(states):
            raise self.fail(
                where, f"{len(ps)} cases for the states {states} of {self.k.edge_name(e)}"
            )
        for n, (p, s) in enumerate(zip(ps, states, strict=True)):
            obj2 = self.keys(p, {"steps", "ends"}, f"{where}[{n}]")
            sub = dict(dom)
            sub[e] = frozenset(s)
            self.scope(obj2["steps"], obj2["ends"], sub, f"{where}[{n}].", [])

    def end(self, obj: object, dom: Dom, where: str) -> frozenset[Edge] | None:
        if isinstance(obj, dict) and "split" in obj:
            end = self.keys(obj, {"split", "cases"}, where)
            e = self.edge(end["split"], f"{where}.split")
            if len(dom[e]) < 2:
                raise self.fail(f"{where}.split", f"{self.k.edge_name(e)} is already decided")
            self.cases(end["cases"], e, [s for s in STATES if s in dom[e]], dom, f"{where}.cases")
            return None
        if isinstance(obj, dict) and "region" in obj:
            members = self.region(self.keys(obj, {"region"}, where)["region"], f"{where}.region")
            d, lo, hi, touching = self.bounds(members, dom)
            if lo <= d <= hi:
                raise self.fail(where, f"no contradiction: Min={lo} <= D={d} <= Max={hi}")
            if self.regions is not None:
                self.regions.append((list(obj["region"]), dict(dom)))
            return frozenset(touching)
        i = self.cell(self.keys(obj, {"cell"}, where)["cell"], f"{where}.cell")
        if self.cell_options(i, dom):
            raise self.fail(where, f"{self.k.name(i)} can still meet its clue")
        return frozenset(self.k.edges_at(i))

    def relevance(
        self, reads: Sequence[Any], uses: list[Edge], where: str, conclusion: bool
    ) -> None:
        later: set[Edge] = set()
        every = False
        for k in range(len(reads) - 1, -1, -1):
            e, r, w = reads[k]
            exempt = conclusion and k == len(reads) - 1
            if e is not None and not exempt and not every and e not in later:
                raise self.fail(w, f"nothing after this step reads {self.k.edge_name(e)}")
            every = every or r is None
            later |= r or set()
        for n, e in enumerate(uses):
            if not every and e not in later:
                raise self.fail(f"{where}uses[{n}]", f"nothing reads {self.k.edge_name(e)}")


def check(
    clues: Clues,
    proof: object,
    *,
    hint: tuple[str, str] | None = None,
    lost: bool = False,
    marks: Collection[str] | None = None,
    regions: list[tuple[list[str], Dom]] | None = None,
) -> None:
    """Raise :class:`ProofError` unless ``proof`` is a valid proof on ``clues``.

    ``hint=(EDGE, STATE)``: the hint the proof must justify; ``lost``: the proof
    must end in a contradiction; ``marks``: the player's marks (uses must be among
    them); ``regions`` (beyond the issue): a list that receives every END region
    checked, top level and nested, with the remaining states where it stands (for
    :func:`removable_nodes`). See the module docstring for the exact reading of the rules.
    """
    if hint is not None and lost:
        raise ValueError("a proof is for a hint or for a lost verdict, not both")
    ck = _Checker(clues, regions)
    obj = ck.keys(proof, {"uses", "steps", "ends"} if lost else {"uses", "steps"}, "proof")
    dom: Dom = dict.fromkeys(clues.all_edges(), _ALL)
    uses: list[Edge] = []
    for n, mv in enumerate(ck.lst(obj["uses"], "uses")):
        e, s = ck.move(mv, f"uses[{n}]")
        if e in uses:
            raise ck.fail(f"uses[{n}]", f"{clues.edge_name(e)} is used twice")
        if marks is not None and mv not in marks:
            raise ck.fail(f"uses[{n}]", f"{mv} is not one of the player's marks")
        uses.append(e)
        dom[e] = frozenset(s)
    steps = ck.lst(obj["steps"], "steps")
    if not lost and not steps:
        raise ck.fail("steps", "a hint proof needs at least one step")
    ck.scope(steps, obj.get("ends"), dom, "", uses)
    if hint is not None:
        e = ck.edge(hint[0], "hint")
        if hint[1] not in STATES:
            raise ValueError(f"hint state {hint[1]!r} is not one of > < x")
        last = steps[-1]
        if ck.edge(last["edge"], "") != e or last["states"] != [hint[1]]:
            raise ck.fail(f"steps[{len(steps) - 1}]", f"does not narrow {hint[0]} to {hint[1]}")


def removable_nodes(clues: Clues, region: Sequence[str], dom: Dom) -> list[str]:
    """The nodes of an END region whose removal alone leaves ``D`` outside ``[Min, Max]``.

    Empty when the region is 1-minimal (beyond the issue: a quality measure, not a
    rule). ``dom`` is the remaining states where the region stands, as recorded by
    :func:`check`'s ``regions``; O(|R|²) region evaluations.
    """
    ck = _Checker(clues)
    out = []
    for node in region:
        rest = [x for x in region if x != node]
        if not rest:
            continue
        d, lo, hi, _ = ck.bounds(ck.region(rest, "region"), dom)
        if not lo <= d <= hi:
            out.append(node)
    return out


# --- adapter (the only place that touches proofgrid) -------------------------------------


def hint_of_move(move: str) -> tuple[str, str]:
    """The ``(EDGE, STATE)`` a hint's move names, for :func:`check`'s ``hint``:
    ``"b1>a1"`` → ``("a1-b1", "<")``, ``"a1xa2"`` → ``("a1-a2", "x")``."""
    sep = "x" if "x" in move else ">"
    a, b = move.split(sep)
    lo, hi = sorted((a, b), key=lambda n: (int(n[1:]), n[0]))
    return f"{lo}-{hi}", "x" if sep == "x" else (">" if a == lo else "<")


def clues_from_json(board: Mapping[str, Any]) -> Clues:
    """Clues from the board JSON of the CLI/API (``rows``, ``cols``, ``clues``)."""
    rows, cols = int(board["rows"]), int(board["cols"])
    cells = [("blank", 0)] * (rows * cols)
    names = {"source": "source", "sink": "sink", "throughput": "number"}
    for cl in board["clues"]:
        r, c = cl["cell"]
        cells[r * cols + c] = (names[cl["kind"]], int(cl["value"]))
    return Clues(rows, cols, tuple(cells))


def clues_from_game_id(gid: str) -> Clues:
    """Clues of a game ID ``params:desc`` or ``params#seed``, via the board JSON."""
    from proofgrid.kirchhoff.contract import KIRCHHOFF  # noqa: PLC0415 - adapter only
    from proofgrid.puzzle import parse_seed, split_game_id  # noqa: PLC0415

    g = split_game_id(gid)
    p = KIRCHHOFF.decode_params(g.params)
    desc = g.desc if g.desc is not None else KIRCHHOFF.generate(p, parse_seed(g.seed or ""))
    return clues_from_json(KIRCHHOFF.board_json(p, desc))
