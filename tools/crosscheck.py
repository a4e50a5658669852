"""Python and JavaScript side by side: the browser engine must agree with Python exactly.

The daily board is only honest offline if the browser rebuilds exactly the
board Python defines, so this script runs both engines over the same cases and
compares every answer. Python finds components with Tarjan, JavaScript with
Kosaraju–Sharir: two different algorithms agreeing is a stronger check than
one transcribed twice.

Categories (full run; ``--fast`` runs a documented subset)
-----------------------------------------------------------
dailies   365 dates from the launch (2026-11-30 … 2027-11-29: generator v1
          before the switch to v2 on 2027-01-01, v2 from it on): game ID,
          puzzle number, attempt, par, witness, X-ray (canonical components,
          sources, condensation edges), myopic player, hidden sources.
boards    2,000 random boards of many sizes (2x2 … 12x12, square and not),
          densities and fuse counts, from ``RxCdNNfK`` params and a 64-bit
          seed: the game ID JS generates, everything ``solve`` reports, the
          witness checked valid by Python (it lights every shell), and the raw
          Kosaraju partition compared with Tarjan's as partitions (labels may
          differ; the partition may not).
moves     on each of those boards, a random sequence of matches until the sky is
          clear: each cascade (shells in BFS order with depths) and the
          remaining par after every match.
v2boards  2,000 random boards of generator v2 (``RxCv2…`` params: 4 or 8
          directions, density, fuses, mutual-pair bias, fuses towards empty
          cells, exact fuse counts), compared as ``boards``.
codec     round trips across the language boundary: every Python-encoded ID is
          decoded by JS and re-encoded (must be byte-identical), every
          JS-encoded ID is decoded by Python (must be the same board); plus
          corrupted IDs (substituted, deleted, inserted characters, truncations,
          wrong sizes, case and whitespace changes), seed-form IDs (v1 and
          v2 params) with arbitrary seed text, and random text — both sides must accept the
          same inputs, yield the same board and params, and JS may only ever
          throw GameIdError.
hints     the proved hint (matchless/hint.py vs engine/hint.js) on positions of
          the first 600 random boards (v1 and v2): every position of a random
          game (most lose par along the way) and two arbitrary unlit sets
          with an arbitrary match count (par reachable or not, the board's
          par passed in or solved by the hint): move, words, proof and extra
          must be identical; Python also checks the proof against the board
          and that the hinted strike lowers the remaining par by exactly one.
dates     date texts for the daily (valid, impossible, pre-launch, malformed):
          same puzzle number or same refusal.
duel      150 boards (3x3 to 8x8, at most 16 components so every exact
          search stays small; the dense 6x6 and 8x8 ones have 31 to 64 shells
          and exercise the BigInt masks), both rules: the perfect bot's move,
          its exact value and the list of all optimal moves, and the greedy
          and random bots' moves — from the full board, from a position
          reached by random play, and from an arbitrary (usually not closed)
          unlit set; then 6x6 boards with one fuse per shell (huge game
          trees) with a zero budget: the exact search stops at its first
          clock read (after the same 128 positions on both sides) and the
          depth-1 pass of iterative deepening ignores the clock, so the
          budgeted fallback is compared deterministically.

kirchhoff the Kirchhoff categories of ``tools/crosscheck_kirchhoff.py`` (generation
          per preset, dailies, positions, codec, moves), run after these;
          ``--puzzle matchless|kirchhoff`` runs one puzzle only and ``--full``
          adds the 300 giant 16x16 seeds.

Each category prints its case count and a SHA-256 fingerprint of the
canonical agreed results (equal fingerprints on two machines mean the same
boards). Exit status 1 on any mismatch, with the first differing case of each
category printed; 2 on a usage or environment error.

Usage::

    .venv/bin/python tools/crosscheck.py            # the full run
    .venv/bin/python tools/crosscheck.py --fast     # 60 dailies, 300 boards
    .venv/bin/python tools/crosscheck.py --days 120 --boards 500 --seed 7
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import subprocess
import sys
import time
from typing import Any

from crosscheck_common import (
    FUZZ_CHARS,
    ROOT,
    Category,
    Json,
    Node,
    corruptions,
    js_error_type,
    node_missing,
    report,
)
from proofgrid.graph.scc import reachable, tarjan_scc
from proofgrid.matchless.board import Board
from proofgrid.matchless.daily import LAUNCH, daily, parse_date, puzzle_number
from proofgrid.matchless.game import (
    State,
    game_id,
    move_name,
    new_state,
    parse_game_id,
    strike,
)
from proofgrid.matchless.generate import generate_board
from proofgrid.matchless.hint import hint
from proofgrid.matchless.params import Params
from proofgrid.matchless.solve import Solution, myopic_matches, remaining_par, solve
from proofgrid.puzzle import ProofgridError
from proofgrid.rng import SplitMix64, seed_from_text

NODE_SCRIPT = ROOT / "tools" / "crosscheck.mjs"
SIZES = (
    (2, 2), (2, 5), (3, 3), (3, 7), (4, 4), (5, 5), (5, 8), (6, 6),
    (7, 7), (8, 8), (9, 4), (10, 10), (12, 5), (12, 12),
)  # fmt: skip


def _note(cat: Category) -> str:
    """What the cases exercised, beyond their count."""
    if cat.name in ("codec", "dates"):
        ok = sum(1 for e in cat.expected if e.get("ok"))
        return f"{ok} accepted, {len(cat.expected) - ok} refused"
    if cat.name == "duel":
        big = sum(1 for j in cat.jobs if len(j["succ"]) > 31)
        return f"{big} on BigInt-mask boards, {cat.fallbacks} budgeted fallbacks"
    if cat.name == "hints":
        lost = sum(1 for e in cat.expected if not e["extra"]["par_reachable"])
        return f"{lost} with par out of reach"
    if cat.name.endswith("moves"):
        return f"{sum(len(e['play']) for e in cat.expected)} matches"
    return ""


def _solution(sol: Solution, board: Board) -> dict[str, Json]:
    return {
        "par": sol.par,
        "witness": list(sol.witness),
        "labels": list(sol.xray.components),
        "count": sol.xray.count,
        "sources": list(sol.xray.sources),
        "edges": [list(e) for e in sol.xray.edges],
        "myopic": myopic_matches(board),
        "hidden": sum(
            1 for c in sol.xray.sources if sum(1 for x in sol.xray.components if x == c) >= 2
        ),
    }


def _same_partition(a: list[int], b: list[int]) -> bool:
    if len(a) != len(b):
        return False
    ab: dict[int, int] = {}
    ba: dict[int, int] = {}
    return all(
        ab.setdefault(x, y) == y and ba.setdefault(y, x) == x for x, y in zip(a, b, strict=True)
    )


def _witness_problem(board: Board, answer: Json) -> str | None:
    """Python's own check of JS's witness: par shells whose cascades light every shell."""
    w = answer.get("witness")
    if not isinstance(w, list) or len(w) != answer.get("par"):
        return "witness length differs from par"
    if len(reachable(board.succ, w)) != board.n:
        return "JS witness does not light every shell"
    return None


# --- categories -----------------------------------------------------------------------------


def build_dailies(days: int) -> Category:
    cat = Category("dailies")
    for k in range(days):
        date = LAUNCH + dt.timedelta(days=k)
        d = daily(date)
        cat.jobs.append({"k": "daily", "date": date.isoformat()})
        exp = {
            "id": game_id(d.board),
            "number": d.number,
            "attempt": d.attempt,
            "barMet": d.bar_met,
            **_solution(d.solution, d.board),
        }
        cat.expected.append(exp)
        cat.checks.append(lambda ans, b=d.board: _witness_problem(b, ans))
    return cat


def _random_params(rng: SplitMix64, version: int = 1) -> Params:
    rows, cols = SIZES[rng.below(len(SIZES))]
    density, fuses = 1 + rng.below(100), 1 + rng.below(8)
    if version == 1:
        return Params(rows, cols, density, fuses)
    dirs = 4 if rng.below(2) else 8
    mutual = (0, 25, 50, 100)[rng.below(4)]
    return Params(rows, cols, density, fuses, 2, dirs, mutual, rng.below(2), rng.below(2))


def _params_json(params: Params) -> dict[str, Json]:
    return {f: getattr(params, f) for f in Params.__slots__}


def build_boards(
    count: int, rng: SplitMix64, version: int = 1
) -> tuple[Category, Category, list[Board]]:
    """Random boards of a generator version, with a random game played on each."""
    prefix = "" if version == 1 else f"v{version}"
    boards_cat, moves_cat = Category(f"{prefix}boards"), Category(f"{prefix}moves")
    boards: list[Board] = []
    for _ in range(count):
        params = _random_params(rng, version)
        seed = rng.next64()
        board = generate_board(params, seed)
        boards.append(board)
        sol = solve(board)
        state = new_state(board)
        moves: list[int] = []
        play: list[Json] = []
        while state.unlit:
            unlit = [v for v in range(board.n) if state.unlit >> v & 1]
            shell = unlit[rng.below(len(unlit))]
            st = strike(state, shell)
            state = st.state
            moves.append(shell)
            play.append(
                {
                    "cascade": [list(p) for p in st.cascade],
                    "rem": remaining_par(board, state.unlit).par,
                }
            )
        job = {"k": "gen", "params": _params_json(params), "seed": str(seed), "moves": moves}
        boards_cat.jobs.append(job)
        moves_cat.jobs.append(None)  # answered by the same Node job
        boards_cat.expected.append({"id": game_id(board), **_solution(sol, board)})
        moves_cat.expected.append({"play": play})
        tarjan = tarjan_scc(board.succ)[0]

        def check(ans: Json, b: Board = board, t: list[int] = tarjan) -> str | None:
            problem = _witness_problem(b, ans)
            if problem:
                return problem
            if not _same_partition(ans.get("kosaraju", []), t):
                return "Kosaraju and Tarjan partitions differ"
            try:
                back = parse_game_id(ans["id"])[1]
            except ProofgridError as err:
                return f"Python cannot decode JS's ID: {err}"
            return None if back.cells == b.cells else "JS's ID decodes to another board in Python"

        boards_cat.checks.append(check)
        moves_cat.checks.append(lambda ans: None)
    return boards_cat, moves_cat, boards


def _hint_problem(state: State, ans: Json) -> str | None:
    """Python's own check of JS's hint: its proof holds on the board and it costs no par."""
    board = state.board
    name = {move_name(board, v): v for v in range(board.n)}
    proof = ans.get("proof") or {}
    unlit = {v for v in range(board.n) if state.unlit >> v & 1}
    if {name[c] for c in proof.get("unlit", [])} != unlit:
        return "the proof's unlit set is not the position's"
    comp = {name[c] for c in proof.get("component", [])}
    if not comp <= unlit or name[ans["move"]] not in comp:
        return "the proof's component is not unlit or misses the move"
    sub = [[w for w in board.succ[v] if w in unlit] for v in range(board.n)]
    for v in comp:
        if not comp <= reachable(sub, [v]):
            return "the proof's component is not strongly connected through unlit shells"
    into = [(t, h) for t, h in board.fuses() if h in comp and t not in comp]
    listed = [(name[t], name[h]) for t, h in proof.get("incoming", [])]
    if listed != into or any(t in unlit for t, _ in into):
        return "the proof's incoming fuses are not the board's, or one comes from an unlit shell"
    before = remaining_par(board, state.unlit).par
    after = remaining_par(board, strike(state, name[ans["move"]]).state.unlit).par
    return None if after == before - 1 else "striking the hinted shell does not lower par by one"


def build_hints(boards: list[Board], rng: SplitMix64) -> Category:
    """Python's hint on many positions of the given boards (module docstring)."""
    cat = Category("hints")

    def add(state: State, par: int | None) -> None:
        h = hint(state, par)
        if h is None:
            return
        lit = [v for v in range(state.board.n) if not state.unlit >> v & 1]
        cat.jobs.append(
            {
                "k": "hint",
                "id": game_id(state.board),
                "lit": lit,
                "matches": state.matches,
                "par": par,
            }
        )
        cat.expected.append(
            {"move": h.move, "words": list(h.words), "proof": h.proof, "extra": dict(h.extra)}
        )
        cat.checks.append(lambda ans, s=state: _hint_problem(s, ans))

    for board in boards:
        par = solve(board).par
        state = new_state(board)
        while state.unlit:
            add(state, par)
            unlit = [v for v in range(board.n) if state.unlit >> v & 1]
            state = strike(state, unlit[rng.below(len(unlit))]).state
        for _ in range(2):
            density = 1 + rng.below(100)  # percent of shells left unlit
            mask = sum(1 << v for v in range(board.n) if rng.below(100) < density)
            mask = mask or 1 << rng.below(board.n)
            moves = tuple(rng.below(board.n) for _ in range(rng.below(par + 3)))
            add(State(board, mask, moves), None if rng.below(2) else par)
    return cat


def _python_id(text: str) -> Json:
    try:
        params, board = parse_game_id(text)
    except ProofgridError:
        return {"ok": False}
    return {"ok": True, "id": game_id(board), "params": _params_json(params)}


def _params_variants(size: str, rng: SplitMix64) -> list[str]:
    """Matchless's params near misses: swapped dimensions, density/fuse and v2 options."""
    rows, cols = size.split("x")
    return [
        f"{cols}x{rows}",
        f"{size}d{rng.below(102)}f{rng.below(10)}",
        f"{size}v2n{rng.below(10)}m{rng.below(102)}",
    ]


def _random_text(rng: SplitMix64, length: int) -> str:
    return "".join(FUZZ_CHARS[rng.below(len(FUZZ_CHARS))] for _ in range(length))


def build_codec(boards: list[Board], rng: SplitMix64, fuzz: int) -> Category:
    cat = Category("codec")
    texts: list[str] = []
    for b in boards:
        texts.extend(corruptions(game_id(b), rng, _params_variants))
    seed_texts = ["0", "1", "007", "18446744073709551615", "18446744073709551616", " 42 ", "-5"]
    seed_texts += ["hello", "٣", "🎆 fireworks", "1e5", "0x10", "99999999999999999999999"]
    for _ in range(fuzz):
        seed_texts.append(_random_text(rng, 1 + rng.below(12)))
    v2_texts = ["v2", "v2d55", "v2f3n8", "v2n4m50e1x1", "v2m101", "v2n5", "v2e2", "v2x1e1"]
    v2_texts += ["n4", "v2d70f2n4m0e0x0", "V2N8", "v3", "v2٤"]
    for s in seed_texts:
        rows, cols = SIZES[rng.below(len(SIZES))]
        texts.append(f"{rows}x{cols}d{1 + rng.below(100)}f{1 + rng.below(8)}#{s}")
        texts.append(f"{rows}x{cols}{v2_texts[rng.below(len(v2_texts))]}#{s}")
    prefixes = ["", "6x6:", "6x6#", "4x4:E", "12x12d100f8#", "٦x٦:", "2x13:", "6X6D70F2#"]
    prefixes += ["6x6v2#", "5x5v2d60f3n8m50e1x1#", "6x6v2:"]
    for _ in range(fuzz):
        texts.append(prefixes[rng.below(len(prefixes))] + _random_text(rng, rng.below(30)))
    for t in texts:
        cat.jobs.append({"k": "id", "text": t})
        cat.expected.append(_python_id(t))
        cat.checks.append(js_error_type)
    return cat


def build_dates(rng: SplitMix64) -> Category:
    cat = Category("dates")
    texts = ["2026-11-30", " 2027-02-28 ", "2028-02-29", "2027-02-29", "2026-11-29", "2026-13-01"]
    texts += ["2026-00-10", "2026-11-31", "9999-12-31", "0001-01-01", "", "today", "2026-1-1"]
    for _ in range(60):
        y, m, d = 2026 + rng.below(80), 1 + rng.below(12), 1 + rng.below(31)
        texts.append(f"{y:04d}-{m:02d}-{d:02d}")
    for t in texts:
        try:
            exp: Json = {"ok": True, "number": puzzle_number(parse_date(t))}
        except ProofgridError:
            exp = {"ok": False}
        cat.jobs.append({"k": "date", "text": t})
        cat.expected.append(exp)
        cat.checks.append(js_error_type)
    return cat


DUEL_MAX_COMPONENTS = 16
JS_DUEL = ROOT / "src" / "proofgrid" / "web" / "js" / "matchless" / "engine" / "duel.js"


def build_duel(count: int, rng: SplitMix64) -> Category | None:
    try:
        from proofgrid.matchless import duel  # noqa: PLC0415 -- optional until it lands
    except ImportError:
        return None
    if not JS_DUEL.exists():
        return None
    cat = Category("duel")
    # (rows, cols, lowest density, fewest fuses): the last two make boards of 30
    # to 64 shells with big cycles, for the BigInt masks and past 53 bits
    configs = ((3, 3, 50, 1), (3, 4, 50, 1), (4, 4, 50, 1), (4, 5, 50, 1), (5, 5, 50, 1))
    configs += ((5, 6, 50, 1), (6, 6, 85, 3), (8, 8, 95, 3))
    made = 0
    while made < count:
        rows, cols, dmin, fmin = configs[made % len(configs)]
        density = dmin + rng.below(101 - dmin)
        params = Params(rows, cols, density, fmin + rng.below(4 - fmin))
        board = generate_board(params, rng.next64())
        if solve(board).xray.count > DUEL_MAX_COMPONENTS:
            continue  # keeps every exact search small (at most 2**16 positions)
        made += 1
        succ = [list(h) for h in board.succ]
        # the full board, a position reached by a few random matches, and (on
        # boards of up to 16 shells) an arbitrary unlit set, usually not closed
        state = new_state(board)
        positions = [state.unlit]
        for _ in range(1 + rng.below(3)):
            if not state.unlit:
                break
            unlit = [v for v in range(board.n) if state.unlit >> v & 1]
            state = strike(state, unlit[rng.below(len(unlit))]).state
        if state.unlit:
            positions.append(state.unlit)
        if board.n <= 16:
            positions.append(1 + rng.below(board.all_mask))
        for unlit in positions:
            for rule in duel.Rule:
                for level in duel.Level:
                    seed = rng.next64()
                    m = duel.bot_move(succ, unlit, rule, level, seed, 10**9)
                    job = {"k": "duel", "succ": succ, "unlit": str(unlit), "rule": rule.value}
                    job |= {"level": level.value, "seed": str(seed), "budget": 10**9}
                    cat.jobs.append(job)
                    exp: Json = {"shell": m.shell, "perfect": m.perfect, "value": m.value}
                    if level is duel.Level.PERFECT:
                        exp["best"] = duel.DuelSolver(succ, rule).best_moves(unlit)
                    cat.expected.append(exp)
                    cat.checks.append(lambda ans: None)
    # The budgeted fallback, deterministically: with a zero budget the exact search
    # stops at its first clock read (after 128 new positions, the same ones on both
    # sides) and the depth-1 pass of iterative deepening ignores the clock.
    made = 0
    while made < max(4, count // 10):
        board = generate_board(Params(6, 6, 100, 1), rng.next64())
        succ = [list(h) for h in board.succ]
        for rule in duel.Rule:
            m = duel.bot_move(succ, board.all_mask, rule, duel.Level.PERFECT, 0, 0)
            job = {"k": "duel", "succ": succ, "unlit": str(board.all_mask), "rule": rule.value}
            job |= {"level": "perfect", "seed": "0", "budget": 0}
            cat.jobs.append(job)
            cat.expected.append({"shell": m.shell, "perfect": m.perfect, "value": m.value})
            cat.checks.append(lambda ans: None)
            cat.fallbacks += not m.perfect
        made += 1
    return cat


# --- running ----------------------------------------------------------------------------------


def run_node(node: str, jobs: list[Json]) -> list[Json]:
    """One Node process answers every job (JSON lines in, JSON lines out)."""
    nd = Node(node, NODE_SCRIPT)
    nd.send(jobs)
    return nd.answers(timeout=600)[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fast", action="store_true", help="60 dailies, 300 boards, 30 duel boards")
    ap.add_argument("--days", type=int, default=None, help="dailies from the launch (365)")
    ap.add_argument("--boards", type=int, default=None, help="random boards (2000)")
    ap.add_argument("--duels", type=int, default=None, help="small duel boards (150)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the case stream (1)")
    ap.add_argument("--node", default=shutil.which("node") or "/usr/bin/node")
    ap.add_argument("--puzzle", choices=("all", "matchless", "kirchhoff"), default="all")
    _kirchhoff_module().add_arguments(ap)
    args = ap.parse_args(argv)
    if args.puzzle == "kirchhoff":
        return _kirchhoff(args)
    days = args.days if args.days is not None else (60 if args.fast else 365)
    nboards = args.boards if args.boards is not None else (300 if args.fast else 2000)
    nduels = args.duels if args.duels is not None else (30 if args.fast else 150)
    if node_missing(args.node):
        return 2

    rng = SplitMix64(seed_from_text(f"proofgrid/crosscheck/{args.seed}"))
    t0 = time.perf_counter()
    cats: list[Category] = []
    t = time.perf_counter()
    cats.append(build_dailies(days))
    cats[-1].seconds = time.perf_counter() - t
    t = time.perf_counter()
    boards_cat, moves_cat, boards = build_boards(nboards, rng)
    boards_cat.seconds = time.perf_counter() - t
    cats += [boards_cat, moves_cat]
    t = time.perf_counter()
    v2_cat, v2_moves, v2_boards = build_boards(nboards, rng, version=2)
    v2_cat.seconds = time.perf_counter() - t
    cats += [v2_cat, v2_moves]
    boards_cat_boards = boards
    boards = boards + v2_boards[:200]  # board codes do not depend on the generator version
    t = time.perf_counter()
    cats.append(build_codec(boards, rng, fuzz=max(50, nboards // 4)))
    cats[-1].seconds = time.perf_counter() - t
    t = time.perf_counter()
    cats.append(build_hints(boards_cat_boards[:300] + v2_boards[:300], rng))
    cats[-1].seconds = time.perf_counter() - t
    t = time.perf_counter()
    cats.append(build_dates(rng))
    cats[-1].seconds = time.perf_counter() - t
    t = time.perf_counter()
    duel_cat = build_duel(nduels, rng)
    if duel_cat is not None:
        duel_cat.seconds = time.perf_counter() - t
        cats.append(duel_cat)
    py_seconds = time.perf_counter() - t0

    # One Node process: the moves category rides on the boards jobs.
    jobs: list[Json] = []
    spans: dict[str, tuple[int, int]] = {}
    for cat in cats:
        if cat.name.endswith("moves"):
            continue
        spans[cat.name] = (len(jobs), len(jobs) + len(cat.jobs))
        jobs += cat.jobs
    spans["moves"] = spans["boards"]
    spans["v2moves"] = spans["v2boards"]
    t = time.perf_counter()
    try:
        answers = run_node(args.node, jobs)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    node_seconds = time.perf_counter() - t

    print(
        f"crosscheck: Python (Tarjan) vs JavaScript (Kosaraju), seed {args.seed}; "
        f"Python {py_seconds:.1f} s, Node {node_seconds:.1f} s (one process, {len(jobs)} jobs)"
    )
    parts = []
    for cat in cats:
        a, b = spans[cat.name]
        if cat.name.endswith("moves"):
            cat.jobs = jobs[a:b]
        parts.append((cat, answers[a:b]))
    total_bad = report(parts, _note, width=8)
    if duel_cat is None:
        print(
            "  duel     skipped: proofgrid.matchless.duel or js/matchless/engine/duel.js is missing"
        )
    print(f"total {time.perf_counter() - t0:.1f} s: {'AGREE' if total_bad == 0 else 'DISAGREE'}")
    status = 0 if total_bad == 0 else 1
    return max(status, _kirchhoff(args)) if args.puzzle == "all" else status


def _kirchhoff_module() -> Any:
    import crosscheck_kirchhoff  # noqa: PLC0415 -- only when its options or cases are wanted

    return crosscheck_kirchhoff


def _kirchhoff(args: argparse.Namespace) -> int:
    ck = _kirchhoff_module()
    return int(ck.run(**ck.options(args, args.fast, args.days)))


if __name__ == "__main__":
    raise SystemExit(main())
