// Seeded, integer-only generation of unique, graded Kirchhoff boards,
// reproducing src/proofgrid/kirchhoff/generate.py draw for draw (the order of
// random draws is specified in that module's docstring):
//   1. route edge-disjoint paths one at a time, keeping a path only if the
//      fully clued board stays unique (exact counter, capped at 2);
//   2. rub throughput clues out in a seeded order (zeros first) while the board
//      stays unique — for hard targets by the exact counter reusing its forward
//      and backward layers, for easy/medium by the ladder limited to that grade;
//   3. grade; retry (same stream) until the grade matches, at most MAX_ATTEMPTS.
// Every decision is an exact integer computation; the same params and seed
// give Python's board, hence its game ID.

import { SplitMix64 } from '../../core/rng.js';
import { GameIdError } from '../../core/errors.js';
import { geometry, makeBoard } from './board.js';
import { parseSeed, toParams } from './codec.js';
import { Layer, Sweep, count, plan } from './exact.js';
import { gradeBoard } from './grade.js';
import { allFree, propagate } from './local.js';

export const GENERATOR_VERSION = 1;
export const MAX_ATTEMPTS = 400;
const RANK = { easy: 0, medium: 1, hard: 2 };
const BLANK = Object.freeze({ kind: 'blank', value: 0 });

/**
 * The routing recipe for a size and grade: {paths, minLen, maxLen, reuse: [num, den], maxTries}.
 * With n = R*C and side = max(R, C): easy n//8 paths of side//2 .. 2*side edges;
 * medium n//4 paths of side−1 .. 3*side; hard n//6 paths of side−1 .. 3*side
 * (at least 2 paths, lengths at least 2), a quarter of the paths from an
 * earlier terminal, at most 4 tries per path.
 */
export function recipe(params) {
  const n = params.rows * params.cols;
  const side = Math.max(params.rows, params.cols);
  let paths;
  let lo;
  let hi;
  if (params.grade === 'easy') [paths, lo, hi] = [Math.floor(n / 8), Math.floor(side / 2), 2 * side];
  else if (params.grade === 'medium') [paths, lo, hi] = [Math.floor(n / 4), side - 1, 3 * side];
  else [paths, lo, hi] = [Math.floor(n / 6), side - 1, 3 * side];
  paths = Math.max(2, paths);
  lo = Math.max(2, lo);
  return { paths, minLen: lo, maxLen: Math.max(lo, hi), reuse: [1, 4], maxTries: 4 * paths };
}

/** The fully clued board of a solution: terminals their demand, other cells their throughput. */
export function boardFromSolution(rows, cols, states, params = null) {
  const g = geometry(rows, cols);
  const n = rows * cols;
  const nIn = new Array(n).fill(0);
  const nOut = new Array(n).fill(0);
  states.forEach((s, e) => {
    if (!s) return;
    const [u, v] = g.ends[e];
    const [a, b] = s === 1 ? [u, v] : [v, u];
    nOut[a]++;
    nIn[b]++;
  });
  const cells = [];
  for (let x = 0; x < n; x++) {
    const d = nOut[x] - nIn[x];
    if (d > 0) cells.push({ kind: 'source', value: d });
    else if (d < 0) cells.push({ kind: 'sink', value: -d });
    else cells.push({ kind: 'throughput', value: nIn[x] });
  }
  return makeBoard(rows, cols, cells, params);
}

/** A copy of board with one clue replaced (re-validated). */
export function withClue(board, cell, clue) {
  const cells = board.clues.slice();
  cells[cell] = clue;
  return makeBoard(board.rows, board.cols, cells, board.params);
}

function walk(rng, g, used, start, length) {
  const path = [start];
  const on = new Set([start]);
  const edges = [];
  let cur = start;
  while (edges.length < length) {
    const cands = [];
    for (const e of g.cellEdges[cur]) {
      if (used[e]) continue;
      const [u, v] = g.ends[e];
      const w = u === cur ? v : u;
      if (!on.has(w)) cands.push([e, w]);
    }
    if (!cands.length) break;
    const [e, w] = cands[rng.below(cands.length)];
    edges.push([e, g.ends[e][0] === cur ? 1 : 2]);
    path.push(w);
    on.add(w);
    cur = w;
  }
  return { path, edges };
}

/**
 * Step 1: the solution's edge states (0/1/2), its fully clued board unique.
 * onTick(kept, paths) after every route tried (progress only; draws nothing).
 */
export function routePaths(rng, rows, cols, rec, onTick = null) {
  const g = geometry(rows, cols);
  let states = new Array(g.edges).fill(0);
  const used = new Array(g.edges).fill(false);
  const starts = [];
  const ends = [];
  let kept = 0;
  let tries = 0;
  while (kept < rec.paths && tries < rec.maxTries) {
    tries++;
    if (onTick) onTick(kept, rec.paths);
    const terminals = starts.concat(ends);
    let start;
    if (terminals.length && rng.chance(rec.reuse[0], rec.reuse[1])) start = terminals[rng.below(terminals.length)];
    else start = rng.below(rows * cols);
    const length = rng.between(rec.minLen, rec.maxLen);
    const { path, edges } = walk(rng, g, used, start, length);
    if (edges.length < 2) continue;
    const trial = states.slice();
    for (const [e, s] of edges) trial[e] = s;
    if (count(boardFromSolution(rows, cols, trial), null, { cap: 2 }).value !== 1) continue;
    states = trial;
    for (const [e] of edges) used[e] = true;
    starts.push(path[0]);
    ends.push(path[path.length - 1]);
    kept++;
  }
  return states;
}

/** The clue-removal loop with reused forward/backward layers (Python's _Minimiser). */
class Minimiser {
  constructor(board) {
    this.board = board;
    this.masks = propagate(board, allFree(board)).masks;
    this.sweep = new Sweep(board, this.masks, 2, { limited: false });
    const { steps } = plan(board.rows, board.cols);
    this.stepOf = new Int32Array(board.nCells);
    steps.forEach((st, k) => {
      this.stepOf[st.cell] = k;
    });
    const n = steps.length;
    this.fwd = new Array(n + 1);
    this.fwd[0] = Layer.unit(1);
    this.fv = 0; // fwd[0..fv] valid
    this.bwd = new Array(n + 1);
    this.bwd[n] = Layer.unit(1);
    this.bv = n; // bwd[bv..n] valid
    this.tests = 0;
  }

  /** Blank cell's throughput clue if the board stays unique; report whether. */
  tryRemove(cell) {
    this.tests++;
    const board = withClue(this.board, cell, BLANK);
    const { masks } = propagate(board, allFree(board));
    const { ends } = board.geometry;
    let a = this.stepOf[cell];
    let b = a;
    for (let e = 0; e < masks.length; e++) {
      if (masks[e] !== this.masks[e]) {
        const [u, v] = ends[e];
        for (const k of [this.stepOf[u], this.stepOf[v]]) {
          if (k < a) a = k;
          if (k > b) b = k;
        }
      }
    }
    const sw = this.sweep;
    while (this.fv < a) {
      this.fwd[this.fv + 1] = sw.step(this.fv, this.fwd[this.fv]);
      this.fv++;
    }
    while (this.bv > b + 1) {
      this.bwd[this.bv - 1] = sw.stepBack(this.bv - 1, this.bwd[this.bv]);
      this.bv--;
    }
    const changed = [];
    for (let k = a; k <= b; k++) changed.push(k);
    const trial = sw.derive(board, masks, changed);
    const layers = [];
    let layer = this.fwd[a];
    for (let k = a; k <= b; k++) {
      layer = trial.step(k, layer);
      layers.push(layer);
    }
    const after = this.bwd[b + 1];
    let total = 0;
    for (let j = 0; j < layer.size; j++) {
      const x = after.get(layer.ks[j]);
      if (x) {
        total += layer.vs[j] * x;
        if (total >= 2) return false;
      }
    }
    if (total !== 1) throw new Error('the board lost its solution while removing a clue');
    this.board = board;
    this.masks = masks;
    this.sweep = trial;
    layers.forEach((lay, i) => {
      this.fwd[a + 1 + i] = lay;
    });
    this.fv = b + 1;
    this.bv = Math.max(this.bv, b + 1);
    return true;
  }
}

/**
 * Step 2: rub throughput clues out in a seeded order while the board stays
 * unique (see the header); returns {board, tests}. onTick(done, total) after each clue.
 */
export function minimise(rng, board, target = 'hard', onTick = null) {
  let order = [];
  for (let x = 0; x < board.nCells; x++) if (board.clues[x].kind === 'throughput') order.push(x);
  rng.shuffle(order);
  // Zero clues first: blank cells then surround the paths (more medium and hard boards).
  order = order.filter((x) => board.through[x] === 0).concat(order.filter((x) => board.through[x] > 0));
  if (target === 'hard') {
    const mini = new Minimiser(board);
    order.forEach((x, i) => {
      mini.tryRemove(x);
      if (onTick) onTick(i + 1, order.length);
    });
    return { board: mini.board, tests: mini.tests };
  }
  let b = board;
  order.forEach((x, i) => {
    const trial = withClue(b, x, BLANK);
    if (gradeBoard(trial, { upTo: target }).solved) b = trial;
    if (onTick) onTick(i + 1, order.length);
  });
  return { board: b, tests: order.length };
}

function seedOf(seed) {
  if (typeof seed === 'bigint') return seed;
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) return BigInt(seed);
  if (typeof seed === 'string') return parseSeed(seed);
  throw new GameIdError('seed must be a BigInt, a safe integer or seed text');
}

/**
 * Generate a unique board of params' size and grade from seed (BigInt, safe
 * integer, or seed text as in a game ID "params#seed"); params is a preset
 * name, a params string or {rows, cols, grade}. Retries on the same stream
 * until the grade matches (at most MAX_ATTEMPTS; then the first board closest
 * to the target). onProgress({phase: 'route' | 'minimise' | 'grade', done,
 * total, attempt}) reports the work. Returns a frozen {id, board, grade,
 * solution, report, attempts, attemptGrades, tests, params, seed}.
 */
export function generate(params, seed, onProgress = null) {
  const p = toParams(params);
  const seedBig = seedOf(seed);
  const rng = new SplitMix64(seedBig);
  const rec = recipe(p);
  let best = null;
  const grades = [];
  let tests = 0;
  const tell = onProgress || (() => {});
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    tell({ phase: 'route', done: 0, total: rec.paths, attempt });
    const states = routePaths(rng, p.rows, p.cols, rec, (done, total) => tell({ phase: 'route', done, total, attempt }));
    const full = boardFromSolution(p.rows, p.cols, states, p);
    const mini = minimise(rng, full, p.grade, (done, total) => tell({ phase: 'minimise', done, total, attempt }));
    tests += mini.tests;
    tell({ phase: 'grade', done: 0, total: 1, attempt });
    const report = gradeBoard(mini.board, { stopWhenHard: p.grade === 'hard' });
    grades.push(report.grade);
    if (report.grade === p.grade) {
      tell({ phase: 'grade', done: 1, total: 1, attempt });
      return done(mini.board, states, report);
    }
    const gap = Math.abs(RANK[report.grade] - RANK[p.grade]);
    if (best === null || gap < Math.abs(RANK[best.report.grade] - RANK[p.grade])) {
      best = { board: mini.board, states, report };
    }
  }
  return done(best.board, best.states, best.report);

  function done(board, states, report) {
    return Object.freeze({
      id: board.id,
      board,
      grade: report.grade,
      solution: Object.freeze(states.slice()),
      report: Object.freeze(report),
      attempts: grades.length,
      attemptGrades: Object.freeze(grades.slice()),
      tests,
      params: p,
      seed: seedBig,
    });
  }
}
