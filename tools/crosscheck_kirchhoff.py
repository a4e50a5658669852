"""Kirchhoff in Python and JavaScript side by side: the browser engine must agree exactly.

The daily board, the generator and the lost-position alarm are only honest
offline if the browser's engine (``web/js/kirchhoff/``) decides exactly what
Python's does, so this script runs both over the same cases and compares every
answer. Python finds strongly connected components with Tarjan, JavaScript with
Kosaraju–Sharir; Python's counter keys its frontier states by bit shifts,
JavaScript's by exact arithmetic on 34-bit states and BigInt counts.

Categories (``tools/crosscheck.py`` runs them after Matchless's)
------------------------------------------------------------------
gen-<preset>  for each preset (easy 5x5, medium 6x6, hard 7x7, expert 10x10,
              giant 16x16) boards from 64-bit seeds of the case stream: the
              game ID, the grade, the grade of every attempt, the solution, the
              grade report and the number of uniqueness tests. Default 300
              seeds per preset and 20 for giant; ``--full`` runs 300 giants.
dailies       365 dates from 2026-11-30: the daily's game ID and its seed-form
              ID and grade (and JavaScript's puzzle number is days + 1).
boards        every board used below: the full ladder grade and the first two
              solutions in sweep order.
positions     5,000 positions on those boards (generated boards of every preset,
              "opened" ones with extra clues rubbed out so they have many
              solutions, and random small clue grids): correct marks, correct
              marks plus one or two wrong arrows or crosses, and random marks.
              Compared: the exact count (a big integer) and every edge's exact
              marginals, the forced-edge set, the status, the arc-consistency
              fixpoint with its reasons, the relaxation (feasibility, Gale
              certificate, forced arcs), the probe (ruled-out states with their
              regions) and the hint (kind, edge, state, move, cell, regions,
              reason text). A counter past its limits must refuse on both sides.
k-proofs      hints with their proofs (issue 12): the dailies and boards of every
              preset solved by hints alone from the empty position (each hint
              asked with the player's last mark), and positions on those walks
              with one wrong mark among correct ones (a lost verdict). Compared:
              the whole hint, its proof as JSON text byte for byte and its
              sentences; and every JavaScript proof must pass the independent
              checker tools/proofcheck.py (relevance included), a walk
              on an easy board use cell steps only and on a medium one cell and
              region steps only, and a lost proof's uses name the wrong mark
              (a lost verdict beyond the prover's budget, "too long to show",
              is allowed and counted per board size in the note).
              The positions category's hints carry their proofs too (checked).
codec         game IDs across the language boundary: every board's ID, its
              corruptions (substituted, deleted, inserted characters,
              truncations, wrong sizes and grades, case and whitespace), small
              seed-form IDs with arbitrary seed text, and random text — both
              sides accept the same inputs and name the same board; JavaScript
              only ever throws GameIdError.
moves         move texts on those boards (both forms, every op, off-board,
              non-neighbour, malformed, Unicode digits): the same edge and mark
              or a refusal on both sides.

Each category prints its case count, its time and a SHA-256 fingerprint of the
agreed results. Exit status 1 on any mismatch (the first differing case of each
category is printed), 2 on a usage or environment error.

Usage::

    .venv/bin/python tools/crosscheck_kirchhoff.py           # default run
    .venv/bin/python tools/crosscheck_kirchhoff.py --full    # 300 giant seeds too
    .venv/bin/python tools/crosscheck_kirchhoff.py --fast    # the test suite's subset
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from crosscheck_common import (
    FUZZ_CHARS,
    ROOT,
    Category,
    Node,
    corruptions,
    js_error_type,
    node_missing,
    report,
)
from proofcheck import Clues, ProofError, check, clues_from_game_id
from proofgrid.kirchhoff.board import (
    BLANK,
    Board,
    Clue,
    ClueKind,
    Mark,
    Position,
    mark_mask,
)
from proofgrid.kirchhoff.codec import (
    Params,
    encode_board,
    encode_params,
    parse_game_id,
    presets,
)
from proofgrid.kirchhoff.daily import daily, daily_id
from proofgrid.kirchhoff.exact import CountLimitError, analyse, count, solutions
from proofgrid.kirchhoff.generate import Generated, generate_board
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import Hint, HintKind, hint
from proofgrid.kirchhoff.local import propagate
from proofgrid.kirchhoff.moves import format_move, parse_move, status
from proofgrid.kirchhoff.proof import edge_name
from proofgrid.kirchhoff.relax import Region, probe, relax
from proofgrid.puzzle import ProofgridError
from proofgrid.rng import SplitMix64, seed_from_text

NODE_SCRIPT = ROOT / "tools" / "crosscheck_kirchhoff.mjs"
LAUNCH = dt.date(2026, 11, 30)
PRESET_NAMES = ("easy", "medium", "hard", "expert", "giant")

Json = Any


def _gid(params: Params, board: Board) -> str:
    return f"{encode_params(params)}:{encode_board(board)}"


def _region(r: Region) -> Json:
    return {
        "cells": list(r.cells),
        "entry": list(r.entry_only),
        "exit": list(r.exit_only),
        "out": r.outward,
        "surplus": r.surplus,
        "cap": r.capacity,
    }


def _limited(fn: Callable[[], Json]) -> Json:
    try:
        return fn()
    except CountLimitError:
        return "limit"


# --- generation and dailies -------------------------------------------------------------------


def gen_expected(g: Generated, params: Params) -> Json:
    r = g.report
    return {
        "id": _gid(params, g.board),
        "grade": g.report.grade.value,
        "attempts": g.attempts,
        "grades": [x.value for x in g.attempt_grades],
        "solution": list(g.solution),
        "report": [r.solved, r.cut_rounds, r.trial_rounds, r.exact_rounds],
        "tests": g.tests,
    }


def build_gen(
    name: str, seeds: Sequence[int]
) -> tuple[Category, list[tuple[Params, Board, tuple[int, ...]]]]:
    params = presets()[name]
    cat = Category(f"gen-{name}")
    made: list[tuple[Params, Board, tuple[int, ...]]] = []
    for seed in seeds:
        g = generate_board(params, seed)
        exp = gen_expected(g, params)
        cat.jobs.append({"k": "kgen", "params": name, "seed": str(seed)})
        cat.expected.append(exp)
        cat.checks.append(lambda ans: None)
        made.append((params, g.board, g.solution))
    return cat, made


def build_dailies(days: int) -> Category:
    cat = Category("k-dailies")
    hard = presets()["hard"]
    for k in range(days):
        day = LAUNCH + dt.timedelta(days=k)
        g = daily(day)
        cat.jobs.append({"k": "kdaily", "date": day.isoformat()})
        cat.expected.append(
            {"id": _gid(hard, g.board), "seedId": daily_id(day), "grade": g.report.grade.value}
        )
        cat.checks.append(
            lambda ans, n=k + 1: None if ans.get("number") == n else f"number {ans.get('number')}"
        )
    return cat


# --- boards and positions -----------------------------------------------------------------------


def random_board(rng: SplitMix64, rows: int, cols: int) -> Board:
    """A random clue grid whose demands sum to zero (a few ± terminal pairs)."""
    n = rows * cols
    clues = [
        BLANK if rng.below(20) < 8 else Clue(ClueKind.THROUGHPUT, rng.below(3)) for _ in range(n)
    ]
    for _ in range(1 + rng.below(3)):
        a, b = rng.below(n), rng.below(n)
        if a != b:
            v = rng.between(1, 2)
            clues[a] = Clue(ClueKind.SOURCE, v)
            clues[b] = Clue(ClueKind.SINK, v)
    if sum(c.demand for c in clues):
        clues = [BLANK if c.demand else c for c in clues]
    return Board(rows, cols, tuple(clues))


def opened(rng: SplitMix64, board: Board, k: int) -> Board:
    """The board with up to k more throughput clues rubbed out (many solutions)."""
    cells = [x for x in range(board.n_cells) if board.clues[x].kind is ClueKind.THROUGHPUT]
    rng.shuffle(cells)
    for x in cells[:k]:
        board = board.with_clue(x, BLANK)
    return board


def close(board: Board, marks: list[int], cuts: bool) -> list[int]:
    """Marks with every deduction of the local rung (and the cut rungs) applied.

    Such positions are where a player gets stuck: the next hint must be a
    region cut or exact-only (or none, on a board with several solutions).
    """
    masks = [mark_mask(Mark(m)) for m in marks]
    while True:
        prop = propagate(board, masks)
        if prop.dead_cell >= 0:
            return marks
        masks = list(prop.masks)
        if not cuts:
            break
        pr = probe(board, masks, regions=False)
        if pr is None or not pr.eliminated:
            break
        masks = [m & ~pr.eliminated.get(e, 0) for e, m in enumerate(masks)]
        if 0 in masks:
            return marks
    single = {1: int(Mark.CROSS), 2: 1, 4: 2}
    return [single.get(m, 0) for m in masks]


def position_marks(
    rng: SplitMix64, board: Board, sol: tuple[int, ...] | None, sparse: bool = False
) -> tuple[list[int], str]:
    """Marks of a random position and what kind it is (correct, wrong, random).

    Correct marks reveal a random share of the solution (often a small one),
    sometimes closed under the local rung or the local and cut rungs (so the
    next hint is a region cut or exact-only); wrong ones add one or two wrong
    arrows or crosses; random ones mark each edge at random (sparsely on the
    mostly blank boards, which then have astronomically many completions).
    """
    n = board.n_edges
    mode = rng.below(10)
    if sparse and mode < 5:
        return [0] * n, "random"
    if sol is None or mode == 9:
        free_in = 60 if sparse else 2 + rng.below(6)
        marks = []
        for _ in range(n):
            x = rng.below(free_in + 3)
            marks.append(0 if x < free_in else x - free_in + 1)
        return marks, "random"
    reveal = rng.below(101) if mode % 2 else rng.below(25)
    marks = [0] * n
    for e in range(n):
        if rng.below(100) < reveal:
            s = sol[e]
            marks[e] = int(Mark.CROSS) if s == 0 else s
    if mode in (3, 4, 8) or (mode in (5, 6) and board.n_cells <= 100):
        marks = close(board, marks, cuts=mode in (5, 6))
    if mode < 7:
        return marks, "correct"
    for _ in range(1 + rng.below(2)):
        e = rng.below(n)
        s = sol[e]
        wrong = [m for m in (1, 2, 3) if m != (3 if s == 0 else s)]
        marks[e] = wrong[rng.below(len(wrong))]
    return marks, "wrong"


def position_expected(board: Board, marks: list[int]) -> Json:
    pos = Position(board, tuple(Mark(m) for m in marks))
    masks = pos.masks()
    c = _limited(lambda: count(board, masks).value)
    out: Json = {
        "count": c if c == "limit" else str(c),
        "status": _limited(lambda: status(pos).value),
        "marginals": _limited(
            lambda: [[str(x) for x in m] for m in analyse(board, masks).marginals]
        ),
        "forced": _limited(
            lambda: [[e, s] for e, s in sorted(analyse(board, masks, cap=1).forced().items())]
        ),
    }
    prop = propagate(board, masks)
    out["prop"] = {"masks": list(prop.masks), "dead": prop.dead_cell, "reason": list(prop.reason)}
    if prop.dead_cell < 0:
        rx = relax(board, prop.masks)
        out["relax"] = {
            "feasible": rx.feasible,
            "cert": _region(rx.certificate) if rx.certificate else None,
            "arcs": [list(a) for a in rx.forced_arcs()],
        }
        pr = probe(board, prop.masks)
        out["probe"] = (
            None
            if pr is None
            else {
                "elim": [[e, m] for e, m in sorted(pr.eliminated.items())],
                "regions": [
                    [e, s, _region(r), hyp] for (e, s), (r, hyp) in sorted(pr.regions.items())
                ],
            }
        )

    out["hint"] = _limited(lambda: hint_json(hint(pos)))
    return out


def hint_json(h: Hint) -> Json:
    """Everything a hint says, its proof also as compact JSON text (compared byte for byte)."""
    return {
        "kind": h.kind.value,
        "edge": h.edge,
        "state": h.state,
        "move": h.move,
        "cell": h.cell,
        "regions": [_region(r) for r in h.regions],
        "trial": h.trial,
        "reason": h.reason,
        "proof": h.proof,
        "proofText": None
        if h.proof is None
        else json.dumps(h.proof, ensure_ascii=False, separators=(",", ":")),
        "words": list(h.words),
    }


def open_board(rng: SplitMix64, rows: int, cols: int) -> Board:
    """A mostly blank board with a few terminals: astronomically many solutions."""
    n = rows * cols
    clues = [BLANK] * n
    if rng.below(3) == 0:
        return Board(rows, cols, tuple(clues))
    for _ in range(rng.below(3)):
        a, b = rng.below(n), rng.below(n)
        if a != b and clues[a] is BLANK and clues[b] is BLANK:
            v = 1
            clues[a] = Clue(ClueKind.SOURCE, v)
            clues[b] = Clue(ClueKind.SINK, v)
    for _ in range(rng.below(3)):
        x = rng.below(n)
        if clues[x] is BLANK:
            clues[x] = Clue(ClueKind.THROUGHPUT, 1 + rng.below(2))
    return Board(rows, cols, tuple(clues))


Pool = list[tuple[Params, Board, tuple[int, ...] | None]]


def build_boards_positions(
    pools: dict[str, Pool], n_positions: int, rng: SplitMix64
) -> tuple[Category, Category, Pool, list[str]]:
    """Boards of every pool and positions on them.

    Positions: 80% on generated (and opened) boards, 10% on small random clue
    grids, 10% on mostly blank boards up to 8x8 (huge counts), and three on the
    blank 16x16 board, which the counter must refuse on both sides.
    """
    boards_cat, pos_cat = Category("k-boards"), Category("positions")
    flat: Pool = []
    ids: dict[str, list[str]] = {}
    for name, pool in pools.items():
        ids[name] = []
        for params, board, sol in pool:
            gid = _gid(params, board)
            ids[name].append(gid)
            flat.append((params, board, sol))
            rep = grade_board(board) if name != "huge" else None
            boards_cat.jobs.append({"k": "kboard", "id": gid, "grade": rep is not None})
            boards_cat.expected.append(
                {
                    "grade": None
                    if rep is None
                    else [
                        rep.grade.value,
                        rep.solved,
                        rep.cut_rounds,
                        rep.trial_rounds,
                        rep.exact_rounds,
                    ],
                    "solutions": _limited(lambda b=board: [list(s) for s in solutions(b, limit=2)]),
                    "id": gid,
                }
            )
            boards_cat.checks.append(lambda ans: None)
    kinds: dict[str, int] = {}
    for i in range(n_positions):
        if i < 3 and pools.get("huge"):
            name = "huge"
        else:
            x = rng.below(10)
            name = "gen" if x < 8 else "small" if x == 8 else "open"
            name = name if pools.get(name) else "gen"
        pool = pools[name]
        j = rng.below(len(pool))
        _, board, sol = pool[j]
        if name == "huge":  # one arrow drawn, so nothing is settled without counting
            marks, kind = [0] * board.n_edges, "random"
            marks[rng.below(board.n_edges)] = 1 + rng.below(2)
        else:
            marks, kind = position_marks(rng, board, sol, sparse=name == "open")
        kinds[kind] = kinds.get(kind, 0) + 1
        pos_cat.jobs.append({"k": "kpos", "id": ids[name][j], "marks": marks})
        pos_cat.expected.append(position_expected(board, marks))
        pos_cat.checks.append(_position_check(ids[name][j], board, marks))
    pos_cat.fallbacks = kinds.get("wrong", 0)
    return boards_cat, pos_cat, flat, [g for name in pools for g in ids[name]]


# --- proofs (issue 12) ---------------------------------------------------------------------------

_STATE_TEXT = {1: ">", 2: "<", 0: "x"}
_CLUES: dict[str, Clues] = {}


def _clues(gid: str) -> Clues:
    c = _CLUES.get(gid)
    if c is None:
        c = _CLUES[gid] = clues_from_game_id(gid)
    return c


def _rules(p: Json) -> set[str]:
    """Every rule a proof (or one case) names, through refutations and splits."""
    out = {k for st in p["steps"] for k in ("cell", "region", "refute") if k in st}
    for st in p["steps"]:
        for case in st.get("refute", ()):
            out |= _rules(case)
    end = p.get("ends")
    if end is not None:
        out |= {k for k in ("cell", "region", "split") if k in end}
        for case in end.get("cases", ()):
            out |= _rules(case)
    return out


def proof_problem(
    gid: str,
    board: Board,
    marks: Sequence[int],
    h: Json,
    *,
    grade: str | None = None,
    wrong: str | None = None,
) -> str | None:
    """What is wrong with a hint's proof, or None.

    The independent checker's verdict (the uses among the player's marks,
    relevance included); on a walk of an easy board cell steps only, of a
    medium one cell and region steps only; with ``wrong`` (the one wrong mark)
    a lost verdict with a proof whose uses name it.
    """
    if not isinstance(h, dict):
        return None  # the counter refused the board on both sides
    kind, proof = h.get("kind"), h.get("proof")
    if wrong is not None and kind != "lost":
        return f"one wrong mark {wrong}: {kind}, not lost"
    # a lost proof beyond the prover's budget is allowed ("too long to show"): counted in the note
    if proof is None:
        return None
    moves = [format_move(board, e, Mark(m)) for e, m in enumerate(marks) if m]
    try:
        if kind == "lost":
            check(_clues(gid), proof, lost=True, marks=moves)
        else:
            edge = edge_name(board, h["edge"])
            check(_clues(gid), proof, hint=(edge, _STATE_TEXT[h["state"]]), marks=moves)
    except ProofError as err:
        return f"proofcheck: {err}"
    used = _rules(proof)
    if grade == "easy" and used != {"cell"}:
        return f"an easy board's hint uses {sorted(used)}"
    if grade == "medium" and not used <= {"cell", "region"}:
        return f"a medium board's hint uses {sorted(used)}"
    if wrong is not None and wrong not in proof["uses"]:
        return f"the lost proof's uses {proof['uses']} miss the wrong mark {wrong}"
    return None


def _position_check(gid: str, board: Board, marks: list[int]) -> Callable[[Json], str | None]:
    return lambda ans: proof_problem(gid, board, marks, ans.get("hint"))


def _add_hint(
    cat: Category,
    gid: str,
    board: Board,
    pos: Position,
    last: int,
    *,
    grade: str | None = None,
    wrong: str | None = None,
) -> Hint:
    h = hint(pos, last_edge=last)
    marks = [int(m) for m in pos.marks]
    cat.jobs.append({"k": "khint", "id": gid, "marks": marks, "last": last})
    cat.expected.append(hint_json(h))
    cat.checks.append(lambda ans: proof_problem(gid, board, marks, ans, grade=grade, wrong=wrong))
    return h


def build_proofs(
    boards: Sequence[tuple[str, Board, Sequence[int]]], rng: SplitMix64, wrong: int
) -> Category:
    """Walks by hints alone on ``boards`` (game ID, board, solution) and ``wrong`` one-wrong-mark
    positions on each walk (module docstring, k-proofs)."""
    cat = Category("k-proofs")
    live = (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT)
    for gid, board, sol in boards:
        grade = grade_board(board).grade.value
        pos, last = Position.start(board), -1
        walk = [pos]
        while (h := _add_hint(cat, gid, board, pos, last, grade=grade)).kind in live:
            pos, last = pos.with_mark(h.edge, Mark(3 if h.state == 0 else h.state)), h.edge
            walk.append(pos)
        for _ in range(wrong):
            pos = walk[rng.below(len(walk))]
            e = rng.below(board.n_edges)
            right = 3 if sol[e] == 0 else sol[e]
            mark = Mark([m for m in (1, 2, 3) if m != right][rng.below(2)])
            bad = pos.with_mark(e, mark)
            _add_hint(cat, gid, board, bad, e, wrong=format_move(board, e, mark))
            cat.fallbacks += 1
    return cat


# --- codec and moves ------------------------------------------------------------------------------


def _python_id(text: str) -> Json:
    try:
        spec = parse_game_id(text)
        if spec.board is not None:
            return {"ok": True, "id": _gid(spec.params, spec.board)}
        assert spec.seed is not None
        return {"ok": True, "id": _gid(spec.params, generate_board(spec.params, spec.seed).board)}
    except (ProofgridError, UnicodeError):
        return {"ok": False}


def _params_variants(size: str, rng: SplitMix64) -> list[str]:
    """Kirchhoff's params near misses: swapped dimensions, a grade, no grade."""
    rows, rest = size.split("x")
    cols = rest.split("d")[0]
    grade = "emh"[rng.below(3)]
    return [f"{cols}x{rows}", f"{rows}x{cols}d{grade}", f"{rows}x{cols}"]


def _random_text(rng: SplitMix64, length: int) -> str:
    return "".join(FUZZ_CHARS[rng.below(len(FUZZ_CHARS))] for _ in range(length))


def build_codec(ids: list[str], rng: SplitMix64, fuzz: int) -> Category:
    cat = Category("k-codec")
    texts: list[str] = []
    for gid in ids:
        texts.extend(corruptions(gid, rng, _params_variants))
    seeds = ["0", "1", "007", "18446744073709551615", "18446744073709551616", " 42 ", "-5"]
    seeds += ["hello", "٣", "🎆 fireworks", "1e5", "0x10", "99999999999999999999999"]
    seeds += [_random_text(rng, 1 + rng.below(12)) for _ in range(fuzz)]
    small = ("easy", "3x3", "4x4de", "5x5", "2x6", "4X5DE", " easy ", "EASY", "٣x٣")
    for s in seeds:
        texts.append(f"{small[rng.below(len(small))]}#{s}")
    prefixes = ["", "5x5:", "5x5de#", "7x7dh:E", "16x16dh:", "٥x٥:", "2x17:", "17x2#", "hard:"]
    prefixes += ["5x5dx:", "5x5d:", "0x5:", "medium:"]
    for _ in range(fuzz):
        texts.append(prefixes[rng.below(len(prefixes))] + _random_text(rng, rng.below(30)))
    for t in texts:
        cat.jobs.append({"k": "kid", "text": t})
        cat.expected.append(_python_id(t))
        cat.checks.append(js_error_type)
    return cat


def _move_texts(board: Board, rng: SplitMix64) -> list[str]:
    R, C = board.rows, board.cols
    letters = "abcdefghijklmnopq"

    def cell() -> str:
        return f"{letters[rng.below(C + 1)]}{1 + rng.below(R + 1)}"

    ops = "<>x.-"
    out = []
    for _ in range(6):
        r, c = rng.below(R), rng.below(C)
        dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[rng.below(4)]
        a = f"{letters[c]}{r + 1}"
        b = f"{letters[max(0, c + dc)]}{max(0, r + dr) + 1}"
        out.append(f"{a}{ops[rng.below(4)]}{b}")
    out += [f"e{rng.below(board.n_edges + 3)}{ops[rng.below(5)]}" for _ in range(3)]
    out += [f"{cell()}{ops[rng.below(5)]}{cell()}", f" E{rng.below(9)}> ", "B1>C1", "a1a2"]
    out += ["e٣>", "a١>a٢", "e00012x", "e12345>", "", "   ", "a1>a1", "a0>a1", "q1>p1"]
    out += ["a1>b1 b1>c1", "e1>" + " " * 40, _random_text(rng, rng.below(8))]
    return out


def build_moves(pool: list[tuple[Params, Board, Any]], ids: list[str], rng: SplitMix64) -> Category:
    cat = Category("k-moves")
    for (_, board, _), gid in zip(pool, ids, strict=True):
        for text in _move_texts(board, rng):
            try:
                edge, mark = parse_move(board, text)
                exp: Json = {"ok": True, "edge": edge, "mark": int(mark)}
            except ProofgridError:
                exp = {"ok": False}
            cat.jobs.append({"k": "kmove", "id": gid, "text": text})
            cat.expected.append(exp)
            cat.checks.append(js_error_type)
    return cat


# --- running ----------------------------------------------------------------------------------


def run(
    *,
    per_preset: int = 300,
    giant: int = 20,
    days: int = 365,
    positions: int = 5000,
    seed: int = 1,
    node: str | None = None,
    proof_days: int = 30,
    proof_boards: int = 10,
    proof_wrong: int = 20,
) -> int:
    """Run every category; print a line each; return 0 (agree), 1 (mismatch) or 2 (error)."""
    node = node or shutil.which("node") or "/usr/bin/node"
    if node_missing(node):
        return 2
    rng = SplitMix64(seed_from_text(f"proofgrid/crosscheck/kirchhoff/{seed}"))
    t_start = time.perf_counter()
    seeds = {
        name: [rng.next64() for _ in range(giant if name == "giant" else per_preset)]
        for name in PRESET_NAMES
    }
    # Phase A: the generation jobs are known now, so Node starts on them at once.
    jobs_a = [{"k": "kgen", "params": n, "seed": str(s)} for n in PRESET_NAMES for s in seeds[n]]
    dates = [(LAUNCH + dt.timedelta(days=k)).isoformat() for k in range(days)]
    jobs_a += [{"k": "kdaily", "date": d} for d in dates]
    try:
        nd = Node(node, NODE_SCRIPT)
        nd.send(jobs_a)
    except OSError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    cats: list[Category] = []
    pool: Pool = []
    walks: list[tuple[str, Board, Sequence[int]]] = []
    for name in PRESET_NAMES:
        t = time.perf_counter()
        cat, made = build_gen(name, seeds[name])
        cat.seconds = time.perf_counter() - t
        cats.append(cat)
        pool += [m for m in made[: max(1, len(made) // 3)]]
        k = proof_boards if name != "giant" else min(1, proof_boards // 10)
        walks += [(_gid(p, b), b, sol) for p, b, sol in made[:k]]
    t = time.perf_counter()
    cats.append(build_dailies(days))
    cats[-1].seconds = time.perf_counter() - t
    # Phase B: positions on generated, opened and small random boards; codec; moves.
    opened_pool: Pool = []
    for params, board, sol in pool:
        if board.rows <= 7 and rng.below(3) == 0:
            opened_pool.append((params, opened(rng, board, 1 + rng.below(4)), sol))
    small: Pool = []
    for _ in range(max(20, len(pool) // 4)):
        rows, cols = 2 + rng.below(3), 2 + rng.below(4)
        small.append((Params(rows, cols), random_board(rng, rows, cols), None))
    open_pool: Pool = []
    for _ in range(12):
        rows, cols = 4 + rng.below(5), 4 + rng.below(5)
        open_pool.append((Params(rows, cols), open_board(rng, rows, cols), None))
    # a blank 8x8 board has 149,596,683,621,380,451 solutions (past 2**53)
    open_pool.append((Params(8, 8), Board(8, 8, (BLANK,) * 64), None))
    huge: Pool = [(Params(16, 16), Board(16, 16, (BLANK,) * 256), None)]
    pools = {"gen": pool + opened_pool, "small": small, "open": open_pool, "huge": huge}
    t = time.perf_counter()
    boards_cat, pos_cat, flat, ids = build_boards_positions(pools, positions, rng)
    pos_cat.seconds = time.perf_counter() - t
    t = time.perf_counter()
    codec_cat = build_codec(ids[: max(40, len(ids) // 3)], rng, fuzz=max(50, positions // 50))
    moves_cat = build_moves(flat, ids, rng)
    codec_cat.seconds = time.perf_counter() - t
    t = time.perf_counter()
    hard = presets()["hard"]
    for k in range(proof_days):
        g = daily(LAUNCH + dt.timedelta(days=k))
        walks.insert(k, (_gid(hard, g.board), g.board, g.solution))
    proofs_cat = build_proofs(walks, rng, proof_wrong)
    proofs_cat.seconds = time.perf_counter() - t
    cats += [boards_cat, pos_cat, codec_cat, moves_cat, proofs_cat]
    py_seconds = time.perf_counter() - t_start
    for cat in cats[len(PRESET_NAMES) + 1 :]:
        nd.send(cat.jobs)
    try:
        answers, node_seconds = nd.answers()
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(
        f"kirchhoff crosscheck: Python vs JavaScript, seed {seed}; Python {py_seconds:.1f} s, "
        f"Node {node_seconds:.1f} s (one process, running alongside; {nd.sent} jobs)"
    )
    parts = []
    at = 0
    for cat in cats:
        parts.append((cat, answers[at : at + len(cat.jobs)]))
        at += len(cat.jobs)
    total_bad = report(parts, _note, width=12)
    print(
        f"kirchhoff total {time.perf_counter() - t_start:.1f} s: "
        f"{'AGREE' if total_bad == 0 else 'DISAGREE'}"
    )
    return 0 if total_bad == 0 else 1


def _note(cat: Category) -> str:
    if cat.name in {"k-codec", "k-moves"}:
        ok = sum(1 for e in cat.expected if e.get("ok"))
        return f"{ok} accepted, {len(cat.expected) - ok} refused"
    if cat.name == "positions":
        kinds: dict[str, int] = {}
        for e in cat.expected:
            h = e["hint"]
            k = h if isinstance(h, str) else h["kind"]
            kinds[k] = kinds.get(k, 0) + 1
        big = sum(1 for e in cat.expected if e["count"] != "limit" and int(e["count"]) >= 2**53)
        shown = " ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        return f"{cat.fallbacks} with wrong marks; {big} counts >= 2^53; hints: {shown}"
    if cat.name == "k-proofs":
        sizes: dict[str, list[int]] = {}
        for e in cat.expected:
            if e["proof"] is not None:
                sizes.setdefault(e["kind"], []).append(len(e["proofText"]))
        shown = " ".join(f"{k} {len(v)} (max {max(v)} chars)" for k, v in sorted(sizes.items()))
        long: dict[str, int] = {}
        for job, e in zip(cat.jobs, cat.expected, strict=True):
            if e["kind"] == "lost" and e["proof"] is None:
                size = job["id"].split(":")[0]
                long[size] = long.get(size, 0) + 1
        too = " ".join(f"{k} {v}" for k, v in sorted(long.items())) or "none"
        return f"{cat.fallbacks} with one wrong mark; proofs: {shown}; lost too long to show: {too}"
    if cat.name.startswith("gen-"):
        grades: dict[str, int] = {}
        for e in cat.expected:
            grades[e["grade"]] = grades.get(e["grade"], 0) + 1
        return " ".join(f"{k} {v}" for k, v in sorted(grades.items()))
    return ""


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The Kirchhoff options (shared with tools/crosscheck.py)."""
    ap.add_argument("--per-preset", type=int, default=None, help="seeds per preset (300)")
    ap.add_argument("--giant", type=int, default=None, help="giant 16x16 seeds (20; --full 300)")
    ap.add_argument("--positions", type=int, default=None, help="random positions (5000)")
    ap.add_argument("--full", action="store_true", help="300 giant seeds as well")


def options(args: argparse.Namespace, fast: bool, days: int | None) -> dict[str, Any]:
    """Sizes from parsed arguments: --fast is the test suite's documented subset."""
    giant = 300 if args.full else 3 if fast else 20
    return {
        "per_preset": args.per_preset if args.per_preset is not None else (40 if fast else 300),
        "giant": args.giant if args.giant is not None else giant,
        "days": days if days is not None else (30 if fast else 365),
        "positions": args.positions if args.positions is not None else (300 if fast else 5000),
        "seed": args.seed,
        "node": args.node,
        "proof_days": 2 if fast else 30,
        "proof_boards": 1 if fast else 10,
        "proof_wrong": 10 if fast else 20,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fast", action="store_true", help="40 seeds per preset, 3 giants, 30 days")
    ap.add_argument("--days", type=int, default=None, help="dailies from 2026-11-30 (365)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the case stream (1)")
    ap.add_argument("--node", default=shutil.which("node") or "/usr/bin/node")
    add_arguments(ap)
    args = ap.parse_args(argv)
    return run(**options(args, args.fast, args.days))


if __name__ == "__main__":
    raise SystemExit(main())
