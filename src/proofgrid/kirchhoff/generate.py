"""Seeded, integer-only generation of unique, graded Kirchhoff boards.

Construction (after the seed: route, clue everything, rub clues out)
--------------------------------------------------------------------
1. Route edge-disjoint paths one at a time between cells; after each path,
   clue the board fully (each terminal its demand, every other cell its
   throughput, 0 where unused) and keep the path only if that board still has
   exactly one solution. Random paths often close a reversible directed cycle
   with earlier ones; checking each path as it comes is the cheap cure. A
   unique board has no directed cycle (reversing one would give a second
   solution), so a generated solution is never a circulation.
2. Rub throughput clues out one at a time, in a seeded order, keeping each
   removal that leaves the solution unique. Only throughput clues are ever
   removed: a blank cell means in = out, so blanking a terminal would change
   the puzzle. The result is *minimal*: no remaining throughput clue can go.
3. Grade it (:mod:`proofgrid.kirchhoff.grade`); if the grade is not the one
   asked for, start again from step 1 with the same random stream.

Every uniqueness decision is the exact counter's (capped at 2). The removal
loop reuses the counter's work: it keeps the forward layers ``F[k]`` and the
backward layers ``B[k]`` of the current board; removing cell ``x``'s clue
changes only the transfer tables of the steps whose cell or masks change (the
cell and whatever the arc-consistency pre-filter now leaves wider, a window
``[a, b]`` of the sweep), so the new count is ``Σ_S F'[b+1][S] · B[b+1][S]``
with ``F'`` pushed from ``F[a]`` through that window only. Layers are
recomputed lazily, only where a kept removal invalidated them.

Order of random draws (the JavaScript mirror reproduces it exactly)
-------------------------------------------------------------------
``rng = SplitMix64(seed)``. For each attempt, with the recipe of
:func:`recipe` (``paths``, ``min_len``, ``max_len``, ``reuse = (num, den)``,
``max_tries``), while fewer than ``paths`` paths are kept and fewer than
``max_tries`` routes were tried:

* if some terminal exists (a start or end of a kept path, in the order they
  were kept, starts before ends, repeats included): ``rng.chance(num, den)``;
  when true the start is ``terminals[rng.below(len(terminals))]``;
* otherwise, or when the chance was false: start = ``rng.below(R*C)``;
* length = ``rng.between(min_len, max_len)``;
* walk: at the current cell list the edges in order left, up, right, down
  that no kept path uses and whose other cell is not yet on this path; stop
  if none or the length is reached, else take ``cands[rng.below(len(cands))]``;
* a walk of fewer than 2 edges is dropped (it still counts as a try).

Then: the throughput-clued cells in ascending order are shuffled with
``rng.shuffle`` (Fisher–Yates); the shuffled list is stably split into the
cells with throughput 0 followed by the others, and the clues are tried for
removal in that order (no draws).
Grading draws nothing.

Work budget (counted, never timed)
----------------------------------
Every state the exact counter creates while generating (the uniqueness test
of each routed path, the clue-removal loop's layers) is charged to one
:class:`~proofgrid.kirchhoff.exact.WorkMeter` of :data:`GEN_WORK` states per
board. Past it generation stops with :class:`GenerationWorkError` (a one-line
422, exit 2), the same on every machine and under any load: whether a seed
gives a board never depends on a clock, so the server runs generation under
no time budget of its own (only its end-to-end bound, which can make an answer
late, never different). The budget is far above what any seed measured needs
(``bench/results/load-server-round3.md``), so it changes no board: a seed that
gave a board before gives the same board now. The grading ladder is bounded by
its own counted budgets. Complexity: O(:data:`GEN_WORK`) frontier-state
operations at most (plus the ladder's), whatever the seed.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from proofgrid.kirchhoff.board import BLANK, Board, Clue, ClueKind, Geometry, Grade, geometry
from proofgrid.kirchhoff.codec import Params, validate_params
from proofgrid.kirchhoff.exact import Layer, Sweep, WorkLimitError, WorkMeter, count, plan
from proofgrid.kirchhoff.grade import GradeReport, grade_board
from proofgrid.kirchhoff.local import all_free, propagate
from proofgrid.puzzle import InvalidParamsError, ProofgridError
from proofgrid.rng import SplitMix64

__all__ = [
    "GENERATOR_VERSION",
    "GEN_WORK",
    "MAX_ATTEMPTS",
    "Generated",
    "GenerationWorkError",
    "Recipe",
    "board_from_solution",
    "forget",
    "generate_board",
    "known",
    "minimise",
    "recipe",
    "route_paths",
]

GENERATOR_VERSION = 1
MAX_ATTEMPTS = 400
#: Frontier states the exact counter may create while generating one board (module
#: docstring, "Work budget"). 16x16 hard seeds 1000-1079 needed 1.0-2.5 x 10^6 but
#: seed 1002 26.7 x 10^6 (8.7 s on one core here: 1.3-3 x 10^6 states a second), so
#: this is about twice the heaviest measured and 15-40 s of one core.
GEN_WORK = 50_000_000
#: Generated boards remembered per process (:func:`known`): enough for the
#: boards one request or one command resolves, bounded so a long-lived worker
#: never grows with the seeds it has served.
KNOWN_BOARDS = 64
_KNOWN: OrderedDict[Board, Generated] = OrderedDict()


@dataclass(frozen=True, slots=True)
class Recipe:
    """Knobs of one attempt: how many paths, how long, how often from an old terminal."""

    paths: int
    min_len: int
    max_len: int
    reuse: tuple[int, int]
    max_tries: int


def recipe(params: Params) -> Recipe:
    """The routing recipe for a size and grade.

    With ``n = R*C`` cells and ``side = max(R, C)``:

    * easy: ``n // 8`` paths of ``side // 2 .. 2*side`` edges;
    * medium: ``n // 4`` paths of ``side - 1 .. 3*side`` edges;
    * hard: ``n // 6`` paths of ``side - 1 .. 3*side`` edges;

    (at least 2 paths, lengths at least 2), a quarter of the paths starting
    at an earlier terminal, and at most 4 tries per path. Long paths raise the
    share of boards that need region cuts (measured on 150 seeds at 6×6, with
    the medium pipeline: 13% medium against 5% for the easy recipe; at 7×7
    with the hard pipeline: 41% hard against 27%), and make 16×16 faster.
    """
    R, C = params.rows, params.cols
    n = R * C
    side = max(R, C)
    if params.grade is Grade.EASY:
        paths, lo, hi = n // 8, side // 2, 2 * side
    elif params.grade is Grade.MEDIUM:
        paths, lo, hi = n // 4, side - 1, 3 * side
    else:
        paths, lo, hi = n // 6, side - 1, 3 * side
    paths = max(2, paths)
    lo = max(2, lo)
    return Recipe(paths=paths, min_len=lo, max_len=max(lo, hi), reuse=(1, 4), max_tries=4 * paths)


def board_from_solution(rows: int, cols: int, states: list[int] | tuple[int, ...]) -> Board:
    """The fully clued board of a solution: terminals their demand, others their throughput."""
    g = geometry(rows, cols)
    n = rows * cols
    n_in = [0] * n
    n_out = [0] * n
    for e, s in enumerate(states):
        if s:
            u, v = g.ends[e]
            a, b = (u, v) if s == 1 else (v, u)
            n_out[a] += 1
            n_in[b] += 1
    clues: list[Clue] = []
    for x in range(n):
        d = n_out[x] - n_in[x]
        if d > 0:
            clues.append(Clue(ClueKind.SOURCE, d))
        elif d < 0:
            clues.append(Clue(ClueKind.SINK, -d))
        else:
            clues.append(Clue(ClueKind.THROUGHPUT, n_in[x]))
    return Board(rows, cols, tuple(clues))


def _walk(
    rng: SplitMix64, g: Geometry, used: list[bool], start: int, length: int
) -> tuple[list[int], list[tuple[int, int]]]:
    path = [start]
    on = {start}
    edges: list[tuple[int, int]] = []
    cur = start
    while len(edges) < length:
        cands: list[tuple[int, int]] = []
        for e in g.cell_edges[cur]:
            if used[e]:
                continue
            u, v = g.ends[e]
            w = v if u == cur else u
            if w not in on:
                cands.append((e, w))
        if not cands:
            break
        e, w = cands[rng.below(len(cands))]
        edges.append((e, 1 if g.ends[e][0] == cur else 2))
        path.append(w)
        on.add(w)
        cur = w
    return path, edges


class GenerationWorkError(ProofgridError):
    """Generating a board from this seed needed more than its counted work budget
    (:data:`GEN_WORK`): the same on every machine, so the API answers it with 422."""

    http_status = 422


def route_paths(
    rng: SplitMix64, rows: int, cols: int, rec: Recipe, meter: WorkMeter | None = None
) -> list[int]:
    """Step 1: the solution's edge states (0/1/2), its fully clued board unique (the
    counter's states charged to ``meter``)."""
    g = geometry(rows, cols)
    states = [0] * g.edges
    used = [False] * g.edges
    starts: list[int] = []
    ends: list[int] = []
    kept = tries = 0
    while kept < rec.paths and tries < rec.max_tries:
        tries += 1
        terminals = starts + ends
        if terminals and rng.chance(*rec.reuse):
            start = terminals[rng.below(len(terminals))]
        else:
            start = rng.below(rows * cols)
        length = rng.between(rec.min_len, rec.max_len)
        path, edges = _walk(rng, g, used, start, length)
        if len(edges) < 2:
            continue
        trial = list(states)
        for e, s in edges:
            trial[e] = s
        if count(board_from_solution(rows, cols, trial), cap=2, meter=meter).value != 1:
            continue
        states = trial
        for e, _ in edges:
            used[e] = True
        starts.append(path[0])
        ends.append(path[-1])
        kept += 1
    return states


class _Minimiser:
    """The clue-removal loop with reused forward/backward layers (module docstring)."""

    def __init__(self, board: Board, meter: WorkMeter | None = None) -> None:
        self.board = board
        self.masks = propagate(board, all_free(board)).masks
        self.sweep = Sweep(board, self.masks, cap=2, limited=False, meter=meter)
        steps = plan(board.rows, board.cols)
        self.steps = steps
        self.step_of = [0] * board.n_cells
        for k, st in enumerate(steps):
            self.step_of[st.cell] = k
        n = len(steps)
        self.fwd: list[Layer] = [{} for _ in range(n + 1)]
        self.fwd[0] = {0: 1}
        self.fv = 0  # fwd[0..fv] valid
        self.bwd: list[Layer] = [{} for _ in range(n + 1)]
        self.bwd[n] = {0: 1}
        self.bv = n  # bwd[bv..n] valid
        self.tests = 0
        self.steps_run = 0

    def try_remove(self, cell: int) -> bool:
        """Blank ``cell``'s throughput clue if the board stays unique; report whether."""
        self.tests += 1
        board = self.board.with_clue(cell, BLANK)
        prop = propagate(board, all_free(board))
        masks = prop.masks
        ends = board.geometry.ends
        touched = {self.step_of[cell]}
        for e, (old, new) in enumerate(zip(self.masks, masks, strict=True)):
            if old != new:
                u, v = ends[e]
                touched.add(self.step_of[u])
                touched.add(self.step_of[v])
        a, b = min(touched), max(touched)
        sw = self.sweep
        while self.fv < a:
            self.fwd[self.fv + 1] = sw.step(self.fv, self.fwd[self.fv])
            self.fv += 1
            self.steps_run += 1
        while self.bv > b + 1:
            self.bwd[self.bv - 1] = sw.step_back(self.bv - 1, self.bwd[self.bv])
            self.bv -= 1
            self.steps_run += 1
        trial = sw.derive(board, masks, range(a, b + 1))
        layers: list[Layer] = []
        layer = self.fwd[a]
        for k in range(a, b + 1):
            layer = trial.step(k, layer)
            layers.append(layer)
            self.steps_run += 1
        after = self.bwd[b + 1]
        total = 0
        for S, c in layer.items():
            x = after.get(S)
            if x:
                total += c * x
                if total >= 2:
                    return False
        if total != 1:  # pragma: no cover - the solution itself always survives
            raise AssertionError("the board lost its solution while removing a clue")
        self.board, self.masks, self.sweep = board, masks, trial
        for i, lay in enumerate(layers):
            self.fwd[a + 1 + i] = lay
        self.fv = b + 1
        self.bv = max(self.bv, b + 1)
        return True


def minimise(
    rng: SplitMix64, board: Board, target: Grade = Grade.HARD, meter: WorkMeter | None = None
) -> tuple[Board, int]:
    """Step 2: rub throughput clues out in a seeded order while the board stays unique.

    For a hard target the test is the exact counter (capped at 2, reusing
    layers). For easy and medium the test is stronger and cheaper: the hint
    ladder limited to that grade must still solve the board (sound deductions
    that decide every edge prove uniqueness), so the board never becomes
    harder than asked. Returns the minimal board and the number of tests.
    The counter's states are charged to ``meter`` (the ladder has its own budgets).
    """
    order = [x for x in range(board.n_cells) if board.clues[x].kind is ClueKind.THROUGHPUT]
    rng.shuffle(order)
    # Zero clues (cells no path uses) are tried first: blank cells then surround
    # the paths, which measurably raises the share of medium and hard boards.
    order = [x for x in order if board.through[x] == 0] + [x for x in order if board.through[x] > 0]
    if target is Grade.HARD:
        mini = _Minimiser(board, meter)
        for x in order:
            mini.try_remove(x)
        return mini.board, mini.tests
    for x in order:
        trial = board.with_clue(x, BLANK)
        if grade_board(trial, up_to=target).solved:
            board = trial
    return board, len(order)


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated board with its (unique) solution and how it was reached.

    Attributes
    ----------
    board : Board
    solution : tuple of int
        Edge states 0/1/2 of the unique solution.
    report : GradeReport
        The grade (for hard boards the round counts stop at the first hard step).
    attempts : int
        Boards built until the grade matched.
    attempt_grades : tuple of Grade
        The grade of every attempt, in order (the last is the board's when the
        target was met).
    tests : int
        Uniqueness tests run in the clue-removal loops.
    work : int
        Frontier states the counter created while generating (the counted
        work, at most :data:`GEN_WORK`).
    """

    board: Board
    solution: tuple[int, ...]
    report: GradeReport
    attempts: int
    attempt_grades: tuple[Grade, ...]
    tests: int
    work: int = 0


def known(board: Board) -> Generated | None:
    """What the generator knows of ``board`` if this process generated it: its unique
    solution and grade (None otherwise).

    Every generated board is unique by construction (each kept path and each
    rubbed-out clue passed the exact counter, capped at 2), so for a board the
    generator made, its solution *is* the answer the counter would give:
    callers (:func:`proofgrid.kirchhoff.search.decide`, the board JSON) use it
    instead of counting a board that may be too large for the counter's
    budget. The store is the last :data:`KNOWN_BOARDS` boards generated; O(1).
    """
    gen = _KNOWN.get(board)
    if gen is not None:
        _KNOWN.move_to_end(board)
    return gen


def forget() -> None:
    """Empty the store of :func:`known` (so a benchmark or test measures the counter itself)."""
    _KNOWN.clear()


def _remember(gen: Generated) -> Generated:
    _KNOWN[gen.board] = gen
    _KNOWN.move_to_end(gen.board)
    while len(_KNOWN) > KNOWN_BOARDS:
        _KNOWN.popitem(last=False)
    return gen


def generate_board(params: Params, seed: int, *, work: int = GEN_WORK) -> Generated:
    """Generate a unique board of ``params``' size and grade from ``seed``.

    Retries (continuing the same random stream) until the grade matches, at
    most :data:`MAX_ATTEMPTS` times; then the first board whose grade was
    closest to the target is returned (its report says which grade it has).
    The counter may create at most ``work`` frontier states in all (module
    docstring, "Work budget"); past that, :class:`GenerationWorkError`.
    """
    validate_params(params)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidParamsError("seed must be an integer")
    rng = SplitMix64(seed)
    rec = recipe(params)
    meter = WorkMeter(work)
    best: tuple[Board, list[int], GradeReport] | None = None
    grades: list[Grade] = []
    tests = 0
    try:
        for _ in range(MAX_ATTEMPTS):
            states = route_paths(rng, params.rows, params.cols, rec, meter)
            full = board_from_solution(params.rows, params.cols, states)
            board, n_tests = minimise(rng, full, params.grade, meter)
            tests += n_tests
            report = grade_board(board, stop_when_hard=params.grade is Grade.HARD)
            grades.append(report.grade)
            if report.grade is params.grade:
                return _remember(
                    Generated(
                        board, tuple(states), report, len(grades), tuple(grades), tests, meter.used
                    )
                )
            gap = abs(report.grade.rank - params.grade.rank)
            if best is None or gap < abs(best[2].grade.rank - params.grade.rank):
                best = (board, states, report)
    except WorkLimitError:
        raise GenerationWorkError(
            f"generating a {params.rows}x{params.cols} board from this seed needs more than "
            f"its counted work ({work:,} frontier states): try another seed"
        ) from None
    assert best is not None
    b, states, report = best
    return _remember(
        Generated(b, tuple(states), report, len(grades), tuple(grades), tests, meter.used)
    )
