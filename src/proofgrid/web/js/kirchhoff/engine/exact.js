// The exact solution counter: a frontier (transfer-matrix) sweep across the
// board, mirroring src/proofgrid/kirchhoff/exact.py (whose docstring has the
// proof). Every Kirchhoff constraint involves one cell and its ≤ 4 edges; sweep
// the cells row by row along the longer side (transposed when wider than
// tall), and after k cells only the W + 1 frontier edges join decided cells to
// the rest, so the number of solutions is a sum over frontier states: dynamic
// programming over ≤ 3^(W+1) states (Stanley, Enumerative Combinatorics I,
// §4.7). A forward sweep counts; pulling counts back over the stored forward
// layers gives every edge state's number of solutions (its marginal), hence
// feasibility, uniqueness and every forced edge, exactly and without search.
// O(RC · S · 9) for S live states per cut.
//
// Frontier encoding (the same as Python's): slot i of the state is bits 2i,
// 2i+1. States span up to 2(W + 1) = 34 bits on a 16-wide board, beyond
// JavaScript's 32-bit bitwise operators, so a state is a Number (an exact
// integer below 2**53) and slots are read and written with exact integer
// arithmetic by powers of two; boards at most 14 wide (30 bits) use the
// bitwise operators. Counts are Numbers when a small cap is set (they never
// exceed cap², far below 2**53); uncapped counts run in Numbers watched for
// 2**53 and are redone in BigInts when they pass it: exact, never rounded.

import { GameIdError } from '../../core/errors.js';
import { ALL_STATES } from './board.js';
import { cellTable, propagate, singleState } from './local.js';

export const MAX_LAYER = 250000;
export const MAX_WORK = 5000000;
/** Largest cap counted in Numbers (products of two capped counts stay exact). */
export const NUMBER_CAP = 1 << 24;

/** The board is too open for the exact counter within its limits (Python's CountLimitError). */
export class CountLimitError extends GameIdError {
  constructor(message) {
    super(message);
    this.name = 'CountLimitError';
  }
}

/** A Number count passed 2**53 − 1: the sweep is redone in BigInts (internal). */
class Overflow extends Error {}
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The counter ran past its deadline (JavaScript only: the UI's time budget). */
export class CountTimeoutError extends GameIdError {
  constructor(message) {
    super(message);
    this.name = 'CountTimeoutError';
  }
}

/**
 * One frontier layer: state -> count, an open-addressing hash table over
 * dense arrays (keys as exact integers below 2**53 in a Float64Array, counts in
 * a Float64Array or, for BigInt counts, an Array), iterated in insertion order:
 * for (let i = 0; i < L.size; i++) use L.ks[i], L.vs[i]. No per-entry
 * allocation, unlike a Map of boxed numbers.
 */
export class Layer {
  constructor(big = false, capacity = 8) {
    let cap = 16;
    while (cap < 2 * capacity) cap *= 2;
    this.big = big;
    this.size = 0;
    this.ks = new Float64Array(cap >> 1);
    this.vs = big ? new Array(cap >> 1) : new Float64Array(cap >> 1);
    this._index(cap);
  }

  /** The layer {0: one}: the empty frontier before the first step. */
  static unit(one) {
    const l = new Layer(typeof one === 'bigint', 1);
    l.add(0, one);
    return l;
  }

  _index(cap) {
    this.slots = new Int32Array(cap); // dense index + 1, 0 = empty
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    for (let i = 0; i < this.size; i++) {
      let h = this._hash(this.ks[i]);
      while (this.slots[h]) h = (h + 1) & this.mask;
      this.slots[h] = i + 1;
    }
  }

  _hash(key) {
    const lo = key >>> 0; // key mod 2**32 (exact for integers)
    const hi = (key / 4294967296) | 0; // key div 2**32
    return Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }

  _find(key) {
    let h = this._hash(key);
    const { slots, ks, mask } = this;
    for (;;) {
      const j = slots[h];
      if (j === 0) return -1 - h;
      if (ks[j - 1] === key) return j - 1;
      h = (h + 1) & mask;
    }
  }

  /** The count of a state, or undefined. */
  get(key) {
    const i = this._find(key);
    return i >= 0 ? this.vs[i] : undefined;
  }

  /** Add c to a state's count (inserting it). */
  add(key, c) {
    const i = this._find(key);
    if (i >= 0) {
      this.vs[i] += c;
      return;
    }
    const n = this.size;
    if (n === this.ks.length) {
      const ks = new Float64Array(2 * n);
      ks.set(this.ks);
      this.ks = ks;
      if (this.big) {
        this.vs.length = 2 * n;
      } else {
        const vs = new Float64Array(2 * n);
        vs.set(this.vs);
        this.vs = vs;
      }
    }
    this.ks[n] = key;
    this.vs[n] = c;
    this.size = n + 1;
    this.slots[-1 - i] = n + 1;
    if (2 * this.size > this.slots.length) this._index(2 * this.slots.length);
  }
}

const POW2 = Array.from({ length: 54 }, (_, i) => 2 ** i);
const PLANS = new Map();

/**
 * The sweep order of a rows x cols board (transposed when cols > rows):
 * steps [{cell, pos, rowEnd, left, up, right, down}] (edges -1 where missing).
 */
export function plan(rows, cols) {
  const pkey = rows * 64 + cols;
  const hit = PLANS.get(pkey);
  if (hit) return hit;
  const transpose = cols > rows;
  const H = transpose ? cols : rows;
  const W = transpose ? rows : cols;
  const hBase = rows * (cols - 1);
  const cellOf = (i, j) => (transpose ? j * cols + i : i * cols + j);
  const edge = (i1, j1, i2, j2) => {
    const [r1, c1] = transpose ? [j1, i1] : [i1, j1];
    const r2 = transpose ? j2 : i2;
    if (r1 === r2) return r1 * (cols - 1) + c1;
    return hBase + r1 * cols + c1;
  };
  const steps = [];
  for (let i = 0; i < H; i++) {
    for (let j = 0; j < W; j++) {
      steps.push(Object.freeze({
        cell: cellOf(i, j),
        pos: j,
        rowEnd: j === W - 1,
        left: j > 0 ? edge(i, j - 1, i, j) : -1,
        up: i > 0 ? edge(i - 1, j, i, j) : -1,
        right: j < W - 1 ? edge(i, j, i, j + 1) : -1,
        down: i < H - 1 ? edge(i, j, i + 1, j) : -1,
      }));
    }
  }
  const out = Object.freeze({ steps: Object.freeze(steps), width: W, wide: 2 * (W + 1) > 30 });
  PLANS.set(pkey, out);
  return out;
}

const DELTAS = new Map();

/** A step's transfer: table[left + 4*up] = state deltas, rev[code] = keys, both shifted in place. */
function deltasFor(demand, through, mL, mU, mR, mD, sh, dsh) {
  const key = ((((((demand + 4) * 4 + (through + 1)) * 8 + mL) * 8 + mU) * 8 + mR) * 8 + mD) * 4096 + sh * 64 + dsh;
  let t = DELTAS.get(key);
  if (t) return t;
  const base = cellTable(demand, through, mL, mU, mR, mD);
  const P = POW2[dsh];
  const table = base.map((codes) => codes.map((c) => c * P));
  const rev = Array.from({ length: 16 }, () => []);
  const Q = POW2[sh];
  base.forEach((codes, k) => {
    for (const c of codes) rev[c].push(k * Q);
  });
  t = { table, rev };
  DELTAS.set(key, t);
  return t;
}

/**
 * The transfer tables of one board under given masks, and sweeps over them
 * (Python's Sweep). masks are used as given (callers pre-filter). cap: null
 * (exact BigInt counts) or a positive integer (every stored count is
 * min(count, cap)). Options: limited (MAX_LAYER / MAX_WORK, default true),
 * deadline (a performance.now() time after which CountTimeoutError is thrown).
 */
export class Sweep {
  constructor(board, masks, cap = null, { limited = true, deadline = null, big = false } = {}) {
    if (board === undefined) return; // derive() fills a bare instance
    if (cap !== null && !(cap >= 1)) throw new RangeError('cap must be at least 1');
    this.board = board;
    // Uncapped sweeps first run in Numbers, watched for 2**53 (see runExact).
    this.big = big || (cap !== null && cap > NUMBER_CAP);
    this.watch = cap === null && !this.big;
    this.cap = cap === null ? null : this.big ? BigInt(cap) : cap;
    this.zero = this.big ? 0n : 0;
    this.one = this.big ? 1n : 1;
    this.masks = Array.from(masks);
    const p = plan(board.rows, board.cols);
    this.steps = p.steps;
    this.wide = p.wide;
    this.work = 0;
    this.limited = limited;
    this.deadline = deadline;
    this.deltas = new Array(this.steps.length);
    for (let k = 0; k < this.steps.length; k++) this.rebuild(k);
  }

  /** A copy for a board and masks differing from this one only at steps `changed`. */
  derive(board, masks, changed) {
    const s = new Sweep();
    Object.assign(s, this);
    s.board = board;
    s.masks = Array.from(masks);
    s.work = 0;
    s.deltas = this.deltas.slice();
    for (const k of changed) s.rebuild(k);
    return s;
  }

  /** Recompute step k's table from the current masks and clue. */
  rebuild(k) {
    const st = this.steps[k];
    const m = this.masks;
    const b = this.board;
    const sh = 2 * st.pos;
    this.deltas[k] = deltasFor(
      b.demand[st.cell], b.through[st.cell],
      st.left >= 0 ? m[st.left] : 1, st.up >= 0 ? m[st.up] : 1,
      st.right >= 0 ? m[st.right] : 1, st.down >= 0 ? m[st.down] : 1,
      sh, sh + (st.rowEnd ? 2 : 0));
  }

  _charge(states) {
    this.work += states;
    if (this.limited && (states > MAX_LAYER || this.work > MAX_WORK)) {
      throw new CountLimitError(
        `board too open for the exact counter (over ${MAX_LAYER.toLocaleString('en-US')} frontier states `
        + `in a layer or ${MAX_WORK.toLocaleString('en-US')} in all); add clues`);
    }
    if (this.deadline !== null && performance.now() > this.deadline) {
      throw new CountTimeoutError('the exact counter ran out of time; add clues');
    }
  }

  _capLayer(layer) {
    const cap = this.cap;
    const { vs, size } = layer;
    if (cap !== null) {
      for (let i = 0; i < size; i++) if (vs[i] > cap) vs[i] = cap;
    } else if (this.watch) {
      for (let i = 0; i < size; i++) if (vs[i] > MAX_SAFE) throw new Overflow();
    }
    return layer;
  }

  /** Push `layer` (the frontier before step k) through step k. */
  step(k, layer) {
    const st = this.steps[k];
    const sh = 2 * st.pos;
    const table = this.deltas[k].table;
    const out = new Layer(this.big, layer.size);
    const rowEnd = st.rowEnd;
    const { ks, vs, size } = layer;
    if (!this.wide) {
      const keep = ~(15 << sh);
      for (let j = 0; j < size; j++) {
        const S = ks[j];
        const ds = table[(S >>> sh) & 15];
        if (!ds.length) continue;
        const b = rowEnd ? (S & keep) << 2 : S & keep;
        const c = vs[j];
        for (let i = 0; i < ds.length; i++) out.add(b | ds[i], c);
      }
    } else {
      const P = POW2[sh];
      for (let j = 0; j < size; j++) {
        const S = ks[j];
        const code = Math.floor(S / P) % 16;
        const ds = table[code];
        if (!ds.length) continue;
        const b = rowEnd ? (S - code * P) * 4 : S - code * P;
        const c = vs[j];
        for (let i = 0; i < ds.length; i++) out.add(b + ds[i], c);
      }
    }
    this._charge(out.size);
    return this._capLayer(out);
  }

  /** All frontier layers F[0..N] (F[k] = counts before step k). */
  forward() {
    const layers = [Layer.unit(this.one)];
    for (let k = 0; k < this.steps.length; k++) layers.push(this.step(k, layers[k]));
    return layers;
  }

  /** Number of solutions (capped if a cap is set); keeps one layer at a time. */
  count() {
    let layer = Layer.unit(this.one);
    for (let k = 0; k < this.steps.length; k++) {
      layer = this.step(k, layer);
      if (!layer.size) return this.zero;
    }
    return layer.get(0) ?? this.zero;
  }

  /** Completions of each state of `before` given those of `after` (= step k); zeros left out. */
  pull(k, before, after) {
    const st = this.steps[k];
    const sh = 2 * st.pos;
    const table = this.deltas[k].table;
    const out = new Layer(this.big, before.size);
    const rowEnd = st.rowEnd;
    const zero = this.zero;
    const P = POW2[sh];
    const keep = ~(15 << sh);
    const { ks, size } = before;
    for (let j = 0; j < size; j++) {
      const S = ks[j];
      let code;
      let b;
      if (!this.wide) {
        code = (S >>> sh) & 15;
        b = rowEnd ? (S & keep) << 2 : S & keep;
      } else {
        code = Math.floor(S / P) % 16;
        b = rowEnd ? (S - code * P) * 4 : S - code * P;
      }
      const ds = table[code];
      if (!ds.length) continue;
      let tot = zero;
      for (let i = 0; i < ds.length; i++) {
        const x = after.get(this.wide ? b + ds[i] : b | ds[i]);
        if (x) tot += x;
      }
      if (tot) out.add(S, tot);
    }
    return this._capLayer(out);
  }

  /** Solutions through each code down + 4*right of step k: Σ F[k+1][T]·B[k+1][T] by code. */
  weights(k, fwdAfter, backAfter) {
    const st = this.steps[k];
    const dsh = 2 * st.pos + (st.rowEnd ? 2 : 0);
    const weight = new Array(16).fill(this.zero);
    const P = POW2[dsh];
    const { ks, vs, size } = fwdAfter;
    for (let j = 0; j < size; j++) {
      const T = ks[j];
      const x = backAfter.get(T);
      if (x) {
        const code = this.wide ? Math.floor(T / P) % 16 : (T >>> dsh) & 15;
        weight[code] += vs[j] * x;
      }
    }
    if (this.watch) for (const w of weight) if (w > MAX_SAFE) throw new Overflow();
    return weight;
  }

  /** All backward layers B[0..N] (B[k] = completions from the state before step k). */
  backward() {
    const n = this.steps.length;
    const layers = new Array(n + 1);
    layers[n] = Layer.unit(this.one);
    for (let k = n - 1; k >= 0; k--) layers[k] = this.stepBack(k, layers[k + 1]);
    return layers;
  }

  /** States before step k with their completions, from after's (the transfer inverted). */
  stepBack(k, after) {
    const st = this.steps[k];
    const sh = 2 * st.pos;
    const dsh = sh + (st.rowEnd ? 2 : 0);
    const rev = this.deltas[k].rev;
    const out = new Layer(this.big, after.size);
    const P = POW2[dsh];
    const { ks, vs, size } = after;
    for (let j = 0; j < size; j++) {
      const T = ks[j];
      let code;
      let rest;
      if (!this.wide) {
        code = (T >>> dsh) & 15;
        rest = T & ~(15 << dsh);
      } else {
        code = Math.floor(T / P) % 16;
        rest = T - code * P;
      }
      const srcs = rev[code];
      if (!srcs.length) continue;
      if (st.rowEnd) {
        if (rest % 4) continue; // slot 0 after a row end must be empty
        rest /= 4;
      }
      const c = vs[j];
      for (let i = 0; i < srcs.length; i++) out.add(rest + srcs[i], c);
    }
    this._charge(out.size);
    return this._capLayer(out);
  }
}

function checkMasks(board, masks) {
  if (masks.length !== board.nEdges) throw new RangeError(`expected ${board.nEdges} masks, got ${masks.length}`);
  for (const x of masks) if (!(Number.isInteger(x) && x >= 0 && x <= ALL_STATES)) throw new RangeError('masks must be 3-bit integers');
}

/** Arc-consistent masks, or null when some cell's clue is already unmeetable. */
export function prefilter(board, masks = null) {
  const m = masks === null ? new Array(board.nEdges).fill(ALL_STATES) : Array.from(masks);
  checkMasks(board, m);
  if (m.includes(0)) return null;
  const prop = propagate(board, m);
  return prop.deadCell >= 0 ? null : prop.masks;
}

function countType(sw, value) {
  return { value, capped: sw.cap !== null && value >= sw.cap };
}

/**
 * Run fn(big) in Numbers first when the count is uncapped, and again in
 * BigInts if any count passed 2**53 − 1: exact either way, and fast when the
 * numbers are small (they almost always are on a real board).
 */
function runExact(cap, fn) {
  if (cap !== null) return fn(false);
  try {
    return fn(false);
  } catch (err) {
    if (!(err instanceof Overflow)) throw err;
    return fn(true);
  }
}

function toBig(x, big) {
  return big ? x : BigInt(x);
}

/**
 * Exact number of solutions within masks (all states by default):
 * {value, capped}; value is a BigInt when uncapped (or cap > NUMBER_CAP),
 * else a Number. Options: cap, limited, deadline.
 */
export function count(board, masks = null, { cap = null, limited = true, deadline = null } = {}) {
  const m = prefilter(board, masks);
  const bigOut = cap === null || cap > NUMBER_CAP;
  if (m === null) return { value: bigOut ? 0n : 0, capped: false };
  return runExact(cap, (big) => {
    const sw = new Sweep(board, m, cap, { limited, deadline, big });
    const value = sw.count();
    return countType(sw, bigOut ? toBig(value, sw.big) : value);
  });
}

/**
 * Count and per-edge state marginals (forward sweep, then a pull back):
 * {count: {value, capped}, marginals: [[n0, n1, n2]] per edge, support: masks,
 * forced(): Map edge -> state}. Values are BigInts when uncapped. With a cap
 * only the marginals' positivity is meaningful.
 */
export function analyse(board, masks = null, { cap = null, limited = true, deadline = null } = {}) {
  const nE = board.nEdges;
  const m = prefilter(board, masks);
  const bigOut = cap === null || cap > NUMBER_CAP;
  const zero = bigOut ? 0n : 0;
  if (m === null) return analysis({ value: zero, capped: false }, Array.from({ length: nE }, () => [zero, zero, zero]));
  return runExact(cap, (big) => {
    const sw = new Sweep(board, m, cap, { limited, deadline, big });
    const z = sw.zero;
    const marg = Array.from({ length: nE }, () => [z, z, z]);
    const fwd = sw.forward();
    const total = fwd[fwd.length - 1].get(0) ?? z;
    if (total) {
      let after = Layer.unit(sw.one);
      for (let k = sw.steps.length - 1; k >= 0; k--) {
        const weight = sw.weights(k, fwd[k + 1], after);
        after = sw.pull(k, fwd[k], after);
        const st = sw.steps[k];
        for (let code = 0; code < 16; code++) {
          const w = weight[code];
          if (!w) continue;
          if (st.down >= 0) marg[st.down][code & 3] += w;
          if (st.right >= 0) marg[st.right][code >> 2] += w;
        }
      }
      if (sw.watch) for (const row of marg) for (const x of row) if (x > MAX_SAFE) throw new Overflow();
    }
    const conv = (x) => (bigOut ? toBig(x, sw.big) : x);
    return analysis(countType(sw, conv(total)), marg.map((row) => row.map(conv)));
  });
}

function analysis(cnt, marginals) {
  const support = marginals.map(([a, b, c]) => (a ? 1 : 0) | (b ? 2 : 0) | (c ? 4 : 0));
  return {
    count: cnt,
    marginals,
    support,
    /** Edges whose state is the same in every solution: Map edge -> state (empty when none). */
    forced() {
      const out = new Map();
      if (!cnt.value) return out;
      support.forEach((sup, e) => {
        const s = singleState(sup);
        if (s >= 0) out.set(e, s);
      });
      return out;
    },
  };
}

/** Map edge -> state of every edge with one state in all solutions (exact). */
export function forcedStates(board, masks = null, opts = {}) {
  return analyse(board, masks, { ...opts, cap: 1 }).forced();
}

/** True when no solution lies within masks (exact; never a false alarm). */
export function isLost(board, masks = null, opts = {}) {
  return !count(board, masks, { ...opts, cap: 1 }).value;
}

/** The first solution in sweep order (smallest code first at every step), or null. */
export function firstSolution(board, masks = null, opts = {}) {
  const found = solutions(board, masks, { ...opts, limit: 1 });
  return found.length ? found[0] : null;
}

/**
 * Up to `limit` solutions (edge states 0/1/2), in sweep order of choices: walks
 * the forward layers back, only taking transitions a solution continues.
 */
export function solutions(board, masks = null, { limit = 2, limited = true, deadline = null } = {}) {
  const m = prefilter(board, masks);
  if (m === null || limit < 1) return [];
  const sw = new Sweep(board, m, limit, { limited, deadline });
  const fwd = sw.forward();
  if (!fwd[fwd.length - 1].get(0)) return [];
  const n = sw.steps.length;
  const back = new Array(n + 1);
  back[n] = Layer.unit(sw.one);
  for (let k = n - 1; k >= 0; k--) back[k] = sw.pull(k, fwd[k], back[k + 1]);
  const out = [];
  const states = new Array(board.nEdges).fill(0);
  const walk = (k, S) => {
    if (out.length >= limit) return;
    if (k === n) {
      out.push(states.slice());
      return;
    }
    const st = sw.steps[k];
    const sh = 2 * st.pos;
    const dsh = sh + (st.rowEnd ? 2 : 0);
    const code = Math.floor(S / POW2[sh]) % 16;
    let b = S - code * POW2[sh];
    if (st.rowEnd) b *= 4;
    for (const d of sw.deltas[k].table[code]) {
      const T = b + d;
      if (back[k + 1].get(T)) {
        const c = d / POW2[dsh];
        if (st.down >= 0) states[st.down] = c & 3;
        if (st.right >= 0) states[st.right] = c >> 2;
        walk(k + 1, T);
        if (out.length >= limit) return;
      }
    }
  };
  walk(0, 0);
  return out;
}
