"""Self-verification of the Kirchhoff engine against independent oracles.

Each check compares one engine against something that does not share its
code:

* **exact vs brute force** — every one of the ``3^E`` assignments of boards up
  to 3×3 (and 2×4, 4×2), under random positions: count, capped count, every
  edge's marginals, the solutions listed, the backward sweep's count;
* **exact vs the baseline** — the seed's pruned branching search
  (:mod:`proofgrid.kirchhoff.baseline`) on 3×4 and 4×4 positions;
* **relaxation one-sidedness** — infeasible ⇒ the exact count is 0; each Gale
  certificate re-checked from the rules (its surplus recomputed cell by cell
  exceeds the arcs crossing it); every state the relaxation rules out has
  exact marginal 0; every tight region is tight;
* **hint soundness** — the hinted state holds in every solution (brute force
  on small boards, the exact marginals on generated boards, after random
  play including wrong moves); ``lost`` exactly when there is no completion;
  pressing hint repeatedly solves every generated board;
* **blame** — a lost verdict's blamed marks (:func:`proofgrid.kirchhoff.blame.blame`)
  have no completion by brute force, and dropping any one of them gives one
  back (a minimal infeasible subset); its proof starts from them alone;
* **generated boards** — unique (exact count capped at 2 is 1), their stored
  solution satisfies the rules, the grade is reproduced, the description
  round-trips, and generation is deterministic;
* **codec** — random boards round-trip; corrupted descriptions raise only
  :class:`~proofgrid.puzzle.InvalidDescError`.

:func:`run` returns the number of checks and the failures;
``proofgrid kirchhoff verify`` prints ``N checks, 0 failures``.

Under an :class:`~proofgrid.tasks.Executor` (the studies runner) the checks that share one
random stream (every section but the generated boards) run as one task
(:func:`seeded_checks`) and each generated board as a task of its own
(:func:`check_generated_one`); the reports are concatenated in that order, so
the count and the failure lines are those of the sequential run.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from proofgrid.errors import InvalidDescError
from proofgrid.kirchhoff.baseline import branch_count
from proofgrid.kirchhoff.blame import blame
from proofgrid.kirchhoff.board import (
    ALL_STATES,
    Board,
    Clue,
    ClueKind,
    Grade,
    Mark,
    Position,
    is_solution,
    mark_mask,
)
from proofgrid.kirchhoff.codec import Params, decode_board, encode_board
from proofgrid.kirchhoff.exact import Sweep, analyse, count, solutions
from proofgrid.kirchhoff.generate import generate_board
from proofgrid.kirchhoff.grade import grade_board
from proofgrid.kirchhoff.hint import Hint, HintKind, hint
from proofgrid.kirchhoff.local import single_state
from proofgrid.kirchhoff.moves import execute_move, format_move
from proofgrid.kirchhoff.relax import Region, relax
from proofgrid.rng import SplitMix64
from proofgrid.tasks import Executor, Study, Task, VerifyReport

__all__ = [
    "VerifyReport",
    "brute_force",
    "check_generated_one",
    "gale_numbers",
    "generated_presets",
    "random_board",
    "random_marks",
    "run",
    "seeded_checks",
]


def brute_force(board: Board, masks: Sequence[int]) -> list[tuple[int, ...]]:
    """Every solution within ``masks``, by testing every assignment (vectorised).

    All ``Π |mask_e|`` (at most ``3^E``) assignments are laid out as the rows of
    an integer array by mixed-radix decoding of their index, and each cell's
    in- and out-counts are summed column-wise; a row is a solution when every
    cell meets its clue. Shares nothing with the sweep but the board.
    """
    allowed = [[s for s in range(3) if masks[e] >> s & 1] for e in range(board.n_edges)]
    if any(not a for a in allowed):
        return []
    total = 1
    for a in allowed:
        total *= len(a)
    if total > 3**13:
        raise ValueError("too many assignments for brute force")
    idx = np.arange(total, dtype=np.int64)
    cols = []
    stride = 1
    for a in allowed:
        digit = (idx // stride) % len(a)
        cols.append(np.asarray(a, dtype=np.int8)[digit])
        stride *= len(a)
    ok = np.ones(total, dtype=bool)
    ends = board.geometry.ends
    for v in range(board.n_cells):
        n_in = np.zeros(total, dtype=np.int8)
        n_out = np.zeros(total, dtype=np.int8)
        for e in board.geometry.cell_edges[v]:
            low = ends[e][0] == v
            fwd, bwd = cols[e] == 1, cols[e] == 2
            n_out += fwd if low else bwd
            n_in += bwd if low else fwd
        ok &= (n_out - n_in) == board.demand[v]
        if board.through[v] >= 0:
            ok &= n_in == board.through[v]
    rows = np.nonzero(ok)[0]
    return [tuple(int(cols[e][r]) for e in range(board.n_edges)) for r in rows]


def random_board(rng: SplitMix64, rows: int, cols: int) -> Board:
    """A random clue grid whose demands sum to zero (terminals paired ±n)."""
    n = rows * cols
    clues: list[Clue] = []
    for _ in range(n):
        x = rng.below(20)
        if x < 8:
            clues.append(Clue(ClueKind.BLANK))
        else:
            clues.append(Clue(ClueKind.THROUGHPUT, rng.below(3)))
    for _ in range(rng.below(3) + 1):
        a, b = rng.below(n), rng.below(n)
        if a != b:
            v = rng.between(1, 2)
            clues[a] = Clue(ClueKind.SOURCE, v)
            clues[b] = Clue(ClueKind.SINK, v)
    total = sum(c.demand for c in clues)
    if total:  # a later pair overwrote an earlier terminal: blank the survivors
        clues = [Clue(ClueKind.BLANK) if c.demand else c for c in clues]
    return Board(rows, cols, tuple(clues))


def random_marks(rng: SplitMix64, board: Board, free_in: int = 3) -> tuple[Mark, ...]:
    """Random marks: each edge free with odds ``free_in`` in ``free_in + 3``."""
    marks: list[Mark] = []
    for _ in range(board.n_edges):
        x = rng.below(free_in + 3)
        marks.append(Mark.FREE if x < free_in else Mark(x - free_in + 1))
    return tuple(marks)


def gale_numbers(board: Board, masks: Sequence[int], region: Region) -> tuple[int, int]:
    """Recompute a region's (surplus, capacity) from the rules, independently of relax.

    Nodes: a throughput cell is an entry half (arrows in; it must take in
    ``t``) and an exit half (arrows out; it must send ``t``); any other cell is
    one node with its demand. A decided arrow ``a → b`` runs from ``a``'s exit
    to ``b``'s entry; an undecided edge offers an arc for each direction its
    mask allows. Returns the net arrows the region must still export (import
    for an inward region) over undecided arcs, and how many such arcs cross.
    """
    entry_in = set(region.cells) | set(region.entry_only)
    exit_in = set(region.cells) | set(region.exit_only)
    net = 0
    for v in range(board.n_cells):
        t = board.through[v]
        if t >= 0:
            net += (t if v in exit_in else 0) - (t if v in entry_in else 0)
        elif v in entry_in:
            net += board.demand[v]
    cap = 0
    for e, (u, v) in enumerate(board.geometry.ends):
        m = masks[e]
        s = single_state(m)
        for st, (a, b) in ((1, (u, v)), (2, (v, u))):
            tail_in, head_in = a in exit_in, b in entry_in
            if s == st:
                net -= int(tail_in) - int(head_in)  # a drawn arrow already moves one unit
            elif s < 0 and m >> st & 1:
                if region.outward and tail_in and not head_in:
                    cap += 1
                if not region.outward and head_in and not tail_in:
                    cap += 1
    return (net if region.outward else -net), cap


def _position_masks(marks: Sequence[Mark]) -> tuple[int, ...]:
    return tuple(mark_mask(m) for m in marks)


def _sizes_small() -> Iterator[tuple[int, int]]:
    while True:
        yield from ((2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2))


def check_exact_vs_brute(rep: VerifyReport, rng: SplitMix64, n: int) -> None:
    """Exact counter against all 3^E assignments on boards up to 3×3."""
    sizes = _sizes_small()
    for _ in range(n):
        R, C = next(sizes)
        board = random_board(rng, R, C)
        masks = _position_masks(random_marks(rng, board, free_in=6))
        sols = brute_force(board, masks)
        an = analyse(board, masks)
        marg = [[0, 0, 0] for _ in range(board.n_edges)]
        for st in sols:
            for e, s in enumerate(st):
                marg[e][s] += 1
        tag = f"{board!r} masks={masks}"
        rep.check(an.count.value == len(sols), f"exact count != brute force: {tag}")
        rep.check([list(x) for x in an.marginals] == marg, f"marginals != brute force: {tag}")
        for cap in (1, 2):
            c = count(board, masks, cap=cap)
            rep.check(
                c.value == min(cap, len(sols)) and c.capped == (len(sols) >= cap),
                f"capped count wrong: {tag}",
            )
        listed = solutions(board, masks, limit=len(sols) + 1)
        rep.check(sorted(listed) == sorted(sols), f"listed solutions wrong: {tag}")
        # the backward sweep alone, without the pre-filter
        back = Sweep(board, masks).backward()
        rep.check(back[0].get(0, 0) == len(sols), f"backward sweep wrong: {tag}")


def check_exact_vs_baseline(rep: VerifyReport, rng: SplitMix64, n: int) -> None:
    """Exact counter against the seed's branching search on 3×4 and 4×4 positions."""
    for i in range(n):
        R, C = ((3, 4), (4, 3), (4, 4))[i % 3]
        board = random_board(rng, R, C)
        masks = _position_masks(random_marks(rng, board, free_in=9))
        exact_n = count(board, masks, cap=4).value
        base_n = branch_count(board, masks, cap=4)
        rep.check(
            exact_n == base_n,
            f"exact {exact_n} != baseline {base_n}: {board!r} masks={masks}",
        )


def check_relaxation(rep: VerifyReport, rng: SplitMix64, n: int) -> None:
    """Relaxation infeasible ⇒ exact 0; certificates and eliminations re-checked."""
    sizes = ((2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5))
    for i in range(n):
        R, C = sizes[i % len(sizes)]
        board = random_board(rng, R, C)
        masks = _position_masks(random_marks(rng, board, free_in=8))
        rx = relax(board, masks)
        an = analyse(board, masks, cap=1)
        tag = f"{board!r} masks={masks}"
        if not rx.feasible:
            rep.check(an.count.value == 0, f"relaxation infeasible but alive: {tag}")
            reg = rx.certificate
            ok = reg is not None and gale_numbers(board, masks, reg) == (
                reg.surplus,
                reg.capacity,
            )
            ok = ok and reg is not None and reg.surplus > reg.capacity
            rep.check(ok, f"bad Gale certificate {reg}: {tag}")
            continue
        if an.count.value == 0:
            continue  # the one-sided case: alive in the relaxation, dead in fact
        support = an.support
        for e, m in rx.eliminated().items():
            rep.check(not support[e] & m, f"relaxation removed a used state: {tag}")
        for e, s, _ in rx.forced_arcs():
            reg = rx.region_for(e, s)
            ok = reg is not None and gale_numbers(board, masks, reg) == (
                reg.surplus,
                reg.capacity,
            )
            rep.check(
                ok and reg is not None and reg.surplus == reg.capacity,
                f"tight region not tight {reg}: {tag}",
            )


def check_hints_brute(rep: VerifyReport, rng: SplitMix64, n: int) -> None:
    """Hints against brute force on small boards."""
    sizes = _sizes_small()
    for _ in range(n):
        R, C = next(sizes)
        board = random_board(rng, R, C)
        pos = Position(board, random_marks(rng, board, free_in=9))
        sols = brute_force(board, pos.masks())
        h = hint(pos)
        tag = f"{pos!r} -> {h.kind.value} {h.move}"
        if h.kind is HintKind.LOST:
            rep.check(not sols, f"hint says lost but solutions exist: {tag}")
            _check_blame(rep, pos, h, tag)
        elif h.kind is HintKind.SOLVED:
            rep.check(is_solution(board, pos.arrows()), f"false 'solved': {tag}")
        elif h.kind is HintKind.NONE:
            rep.check(len(sols) >= 2, f"hint found nothing on a forced board: {tag}")
        else:
            rep.check(
                bool(sols) and all(st[h.edge] == h.state for st in sols),
                f"unsound hint: {tag}",
            )


def _check_blame(rep: VerifyReport, pos: Position, h: Hint, tag: str) -> None:
    """A lost verdict blames a minimal infeasible subset of the marks (brute force)."""
    board = pos.board
    if not brute_force(board, [ALL_STATES] * board.n_edges):
        return  # the board itself has no solution: nothing to blame
    blamed = set(blame(pos))
    masks = pos.masks()

    def alive(keep: set[int]) -> bool:
        kept = [masks[e] if e in keep else ALL_STATES for e in range(board.n_edges)]
        return bool(brute_force(board, kept))

    rep.check(bool(blamed) and not alive(blamed), f"blamed marks are not lost: {tag}")
    rep.check(all(alive(blamed - {e}) for e in blamed), f"blame is not minimal: {tag}")
    proof = h.proof
    if proof is not None:
        names = sorted(format_move(board, e, pos.marks[e]) for e in blamed)
        rep.check(sorted(proof["uses"]) == names, f"the proof leans on unblamed marks: {tag}")


def check_generated(rep: VerifyReport, seeds: int, presets: Sequence[Params]) -> None:
    """Generated boards: unique, solution valid, grade reproduced, codec, hint walk."""
    for params in presets:
        for seed in range(seeds):
            _check_generated(rep, params, seed)


def _check_generated(rep: VerifyReport, params: Params, seed: int) -> None:
    gen = generate_board(params, seed)
    b = gen.board
    tag = f"{params} seed {seed}"
    rep.check(count(b, cap=2).value == 1, f"generated board not unique: {tag}")
    rep.check(is_solution(b, gen.solution), f"stored solution invalid: {tag}")
    rep.check(decode_board(encode_board(b), params) == b, f"codec round trip: {tag}")
    again = generate_board(params, seed)
    rep.check(again.board == b, f"generation not deterministic: {tag}")
    full = grade_board(b)
    rep.check(full.grade is gen.report.grade, f"grade not reproduced: {tag}")
    rep.check(full.solved, f"ladder did not solve: {tag}")
    _hint_walk(rep, b, gen.solution, SplitMix64(seed), tag)


def check_generated_one(params: Params, seed: int) -> VerifyReport:
    """The generated-board checks for one ``(params, seed)`` (one task of a parallel run)."""
    rep = VerifyReport()
    _check_generated(rep, params, seed)
    return rep


def _hint_walk(
    rep: VerifyReport, board: Board, solution: Sequence[int], rng: SplitMix64, tag: str
) -> None:
    """Apply hints to the end, with a few wrong moves (which must read as lost)."""
    pos = Position.start(board)
    for _ in range(board.n_edges + 2):
        h = hint(pos)
        if h.kind is HintKind.SOLVED:
            break
        rep.check(
            h.kind in (HintKind.LOCAL, HintKind.REGION, HintKind.EXACT)
            and solution[h.edge] == h.state,
            f"hint wrong on a live position: {tag} {h}",
        )
        if h.edge < 0:
            return
        if rng.chance(1, 6):
            wrong = (h.state + 1 + rng.below(2)) % 3
            bad = pos.with_mark(h.edge, Mark.CROSS if wrong == 0 else Mark(wrong))
            hb = hint(bad)
            rep.check(hb.kind is HintKind.LOST, f"wrong move not lost: {tag}")
            # the lost proof (docs/proofs.md) must use the wrong mark: the others all agree
            wrong_move = format_move(board, h.edge, bad.marks[h.edge])
            rep.check(
                hb.proof is None or wrong_move in hb.proof["uses"],
                f"lost proof does not use the wrong mark: {tag}",
            )
        pos = execute_move(pos, h.move)
    rep.check(is_solution(board, pos.arrows()), f"hint walk did not solve: {tag}")


def check_codec(rep: VerifyReport, rng: SplitMix64, n: int) -> None:
    """Round trips and corruptions of descriptions."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(n):
        R, C = rng.between(2, 16), rng.between(2, 16)
        b = random_board(rng, R, C)
        desc = encode_board(b)
        rep.check(decode_board(desc) == b, f"round trip failed: {b!r}")
        chars = list(desc)
        i = rng.below(len(chars))
        kind = rng.below(3)
        if kind == 0:
            chars[i] = alphabet[rng.below(64)]
        elif kind == 1:
            del chars[i]
        else:
            chars.insert(i, alphabet[rng.below(64)])
        bad = "".join(chars)
        try:
            decode_board(bad)
            ok = True  # a corruption may still be a valid code (1 in 4096)
        except InvalidDescError:
            ok = True
        except Exception:
            ok = False
        rep.check(ok, f"corrupt code {bad!r} raised something else")


def seeded_checks(quick: bool, seed: int) -> VerifyReport:
    """Every section that draws from the one random stream, in order (one task)."""
    rep = VerifyReport()
    rng = SplitMix64(seed)
    scale = 1 if quick else 10
    check_exact_vs_brute(rep, rng, 40 * scale)
    check_exact_vs_baseline(rep, rng, 15 * scale)
    check_relaxation(rep, rng, 150 * scale)
    check_hints_brute(rep, rng, 60 * scale)
    check_codec(rep, rng, 50 * scale)
    return rep


def generated_presets(quick: bool) -> tuple[int, list[Params]]:
    """Seeds per preset and the presets of the generated-board checks."""
    gen_presets = [Params(5, 5, Grade.EASY), Params(6, 6, Grade.MEDIUM), Params(7, 7, Grade.HARD)]
    if not quick:
        gen_presets.append(Params(10, 10, Grade.HARD))
    return (2 if quick else 8), gen_presets


def run(*, quick: bool = False, seed: int = 2026, runner: Executor | None = None) -> VerifyReport:
    """Run every check; ``quick`` is the fast form used by the test suite.

    With ``runner`` the checks are spread as the module docstring says (same
    report); Ctrl-C then raises :class:`~proofgrid.tasks.StudyInterrupted`
    whose ``partial`` is the report over the tasks that finished.
    """
    seeds, gen_presets = generated_presets(quick)
    if runner is None:
        rep = seeded_checks(quick, seed)
        check_generated(rep, seeds, gen_presets)
        return rep
    tasks = [Task(seeded_checks, (quick, seed), 1)]
    tasks.extend(Task(check_generated_one, (p, s), 1) for p in gen_presets for s in range(seeds))
    return runner.complete(Study(tasks, VerifyReport.merge, "verify", "tasks"))
