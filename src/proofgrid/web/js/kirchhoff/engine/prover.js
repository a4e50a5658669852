// The Kirchhoff prover, mirroring src/proofgrid/kirchhoff/prover.py step for
// step (proof.py's docstring is the algorithm: cell phase, region phase on the
// max-flow relaxation, saturation, premises, slices, sizes, the hint and lost
// searches, the counted budget); the writer (writer.js) replays what it finds.
// Integers only, the same item order, the same tie-breaks, so a proof here is
// byte-identical (as JSON) to Python's; tools/crosscheck_kirchhoff.py compares
// them.

import { Mark, masksOf } from './board.js';
import { singleState } from './local.js';
import { ALL, RegionView, STATE_ORDER, cmpTuple, numeric, regionNodes } from './notation.js';
import { Relaxation } from './relax.js';
import {
  ASSUME, CELL, END_CELL, END_REGION, END_SPLIT, REFUTE, REGION, USE,
  Writer, cellSupport, item, sameSides, sidesMasks,
} from './writer.js';

/** Rule applications one search may spend (cell evaluation 1, relaxation 25). */
export const BUDGET = 160000;
const RELAX_COST = 25;
const POP = [0, 1, 1, 2, 1, 2, 2, 3];

class OutOfBudgetError extends Error {}

function tapeOf(masks, last, ids = []) {
  return { masks, last, ids };
}

// --------------------------------------------------------------------------- the prover

class Prover extends Writer {
  constructor(board, budget) {
    super(board);
    this.units = budget;
  }

  spend(k) {
    this.units -= k;
    if (this.units < 0) throw new OutOfBudgetError();
  }

  add(tape, it) {
    this.store.push(it);
    const i = this.store.length - 1;
    tape.ids.push(i);
    if (it.edge >= 0 && it.kind !== END_SPLIT) {
      tape.masks[it.edge] = it.states;
      tape.last[it.edge] = i;
    }
    return i;
  }

  // ---- tapes
  start(pos) {
    const n = this.board.nEdges;
    const tape = tapeOf(new Array(n).fill(ALL), new Array(n).fill(-1));
    const masks = masksOf(pos.marks);
    pos.marks.forEach((m, e) => {
      if (m !== Mark.FREE) this.add(tape, item(USE, { edge: e, states: masks[e] }));
    });
    return tape;
  }

  fork(tape) {
    return tapeOf(tape.masks.slice(), tape.last.slice(), tape.ids.slice());
  }

  assume(tape, edge, state) {
    const sub = tapeOf(tape.masks.slice(), tape.last.slice());
    this.add(sub, item(ASSUME, { edge, states: 1 << state }));
    return sub;
  }

  // ---- phases
  /** Cell phase; the END item id or -1. */
  cells(tape, start) {
    const b = this.board;
    const g = b.geometry;
    const queued = new Uint8Array(b.nCells);
    const q = [];
    for (const c of start) {
      if (!queued[c]) {
        queued[c] = 1;
        q.push(c);
      }
    }
    const m = tape.masks;
    let head = 0;
    while (head < q.length) {
      const v = q[head++];
      queued[v] = 0;
      this.spend(1);
      const sides = g.sides[v];
      const old = sidesMasks(b, v, m);
      const sup = cellSupport(b, v, old);
      if (sup === null) {
        const premises = this.cellPremises(tape, v, old, -1, 0);
        return this.add(tape, item(END_CELL, { cell: v, premises }));
      }
      if (sameSides(sup, old)) continue;
      for (let i = 0; i < 4; i++) {
        const e = sides[i];
        if (e >= 0 && sup[i] !== old[i]) {
          const premises = this.cellPremises(tape, v, old, i, sup[i]);
          this.add(tape, item(CELL, { edge: e, states: sup[i], cell: v, premises }));
          const [a, c] = g.ends[e];
          const w = a === v ? c : a;
          if (!queued[w]) {
            queued[w] = 1;
            q.push(w);
          }
        }
      }
    }
    return -1;
  }

  cellPremises(tape, v, old, side, target) {
    const b = this.board;
    const sides = b.geometry.sides[v];
    const sm = old.slice();
    for (let j = 0; j < 4; j++) {
      if (sides[j] < 0 || sm[j] === ALL) continue;
      const keep = sm[j];
      sm[j] = ALL;
      const sup = cellSupport(b, v, sm);
      const ok = side < 0 ? sup === null : sup !== null && !(sup[side] & ~target);
      if (!ok) sm[j] = keep;
    }
    const out = [];
    for (let j = 0; j < 4; j++) if (sides[j] >= 0 && sm[j] !== ALL) out.push(tape.last[sides[j]]);
    return out;
  }

  /** Region phase: [END id or -1, edges changed]. */
  regions(tape) {
    const b = this.board;
    this.spend(RELAX_COST);
    const rx = new Relaxation(b, tape.masks);
    if (!rx.feasible) {
      const nodes = regionNodes(rx.certificate);
      const premises = this.endRegionPremises(tape, nodes);
      return [this.add(tape, item(END_REGION, { nodes, premises })), []];
    }
    const changed = [];
    for (const [e, s] of rx.forcedArcs()) {
      if (singleState(tape.masks[e]) >= 0) continue;
      this.spend(1);
      const reg = rx.regionFor(e, s);
      if (reg === null) continue;
      const nodes = regionNodes(reg);
      const rv = new RegionView(b, nodes);
      const [lo, hi] = rv.bounds(tape.masks);
      const d = rv.demand;
      if (d !== hi && d !== lo) continue;
      const top = d === hi;
      const nw = rv.narrowed(e, tape.masks[e], top);
      if (nw === tape.masks[e] || nw === 0) continue;
      const premises = this.regionPremises(tape, rv, e, top, nw);
      this.add(tape, item(REGION, { edge: e, states: nw, nodes, premises }));
      changed.push(e);
    }
    return [-1, changed];
  }

  regionPremises(tape, rv, edge, top, nw) {
    const out = [];
    for (const e of rv.edges) {
      const m = tape.masks[e];
      if (m === ALL) continue;
      let need = rv.extreme(e, ALL, top) !== rv.extreme(e, m, top);
      if (e === edge && !need) need = Boolean(rv.narrowed(e, ALL, top) & ~nw);
      if (need) out.push(tape.last[e]);
    }
    return out;
  }

  endRegionPremises(tape, nodes) {
    const rv = new RegionView(this.board, nodes);
    const [lo, hi] = rv.bounds(tape.masks);
    const d = rv.demand;
    const top = d > hi;
    let slack = top ? d - hi : lo - d;
    const out = [];
    for (const e of rv.edges) {
      const m = tape.masks[e];
      if (m === ALL) continue;
      const cost = top
        ? rv.extreme(e, ALL, true) - rv.extreme(e, m, true)
        : rv.extreme(e, m, false) - rv.extreme(e, ALL, false);
      if (cost < slack) slack -= cost;
      else out.push(tape.last[e]);
    }
    return out;
  }

  /** Cell phase, then (level 1) region rounds until nothing changes; END id or -1. */
  saturate(tape, start, level) {
    const { ends } = this.board.geometry;
    let queue = Array.from(start);
    for (;;) {
      let end = this.cells(tape, queue);
      if (end >= 0 || level < 1) return end;
      let changed;
      [end, changed] = this.regions(tape);
      if (end >= 0 || !changed.length) return end;
      queue = changed.flatMap((e) => ends[e]);
    }
  }

  /** Saturate (level 1); if that stalls, split (up to depth deep). END id or -1. */
  close(tape, start, depth) {
    const end = this.saturate(tape, start, 1);
    if (end >= 0 || depth <= 0) return end;
    const order = [];
    tape.masks.forEach((m, e) => {
      if (singleState(m) < 0) order.push([POP[m], e]);
    });
    order.sort(cmpTuple);
    const { ends } = this.board.geometry;
    for (const [, e] of order) {
      const cases = [];
      const outer = new Set();
      let closed = true;
      for (const s of STATE_ORDER) {
        if (!((tape.masks[e] >> s) & 1)) continue;
        const sub = this.assume(tape, e, s);
        const subEnd = this.close(sub, ends[e], depth - 1);
        if (subEnd < 0) {
          closed = false;
          break;
        }
        const [ids, ptrs] = this.slice(sub, subEnd);
        cases.push([s, ids]);
        for (const p of ptrs) outer.add(p);
      }
      if (closed) {
        if (tape.last[e] !== -1) outer.add(tape.last[e]);
        const premises = [...outer].sort(numeric);
        return this.add(tape, item(END_SPLIT, { edge: e, states: 0, cases, premises }));
      }
    }
    return -1;
  }

  /** The premise closure of goal within tape (ascending) and the pointers outside it. */
  slice(tape, goal) {
    const inside = new Set(tape.ids);
    const seen = new Set([goal]);
    const stack = [goal];
    const outer = new Set();
    while (stack.length) {
      const i = stack.pop();
      for (const p of this.store[i].premises) {
        if (p < 0 || seen.has(p) || outer.has(p)) continue;
        if (inside.has(p)) {
          seen.add(p);
          stack.push(p);
        } else {
          outer.add(p);
        }
      }
    }
    for (const i of tape.ids) if (this.store[i].kind === ASSUME) seen.add(i);
    return [[...seen].sort(numeric), outer];
  }

  refuteTape(base, edge, state, kase, outer) {
    const tape = this.fork(base);
    const nw = tape.masks[edge] & ~(1 << state);
    const all = new Set(outer);
    if (tape.last[edge] !== -1) all.add(tape.last[edge]);
    const premises = [...all].sort(numeric);
    this.add(tape, item(REFUTE, { edge, states: nw, cases: [[state, kase]], premises }));
    return tape;
  }
}

// --------------------------------------------------------------------------- searches

/** Item that first left each free edge single-state: [edge, item id] by edge. */
function firstSingle(p, tape, free) {
  const out = new Map();
  for (const i of tape.ids) {
    const it = p.store[i];
    if ((it.kind === CELL || it.kind === REGION || it.kind === REFUTE) && free[it.edge]
        && !out.has(it.edge) && singleState(it.states) >= 0) {
      out.set(it.edge, i);
    }
  }
  return [...out].sort((x, y) => x[0] - y[0]);
}

function hintKey(board, pos, lastEdge, found) {
  const g = board.geometry;
  const e = found.edge;
  let near = 1;
  if (lastEdge >= 0) {
    const [a, b] = g.ends[e];
    const [c, d] = g.ends[lastEdge];
    near = a === c || a === d || b === c || b === d ? 0 : 1;
  }
  const freeAt = Math.min(...g.ends[e].map((c) => g.cellEdges[c].filter((f) => pos.marks[f] === Mark.FREE).length));
  return [...found.size, near, freeAt, found.state === 0 ? 1 : 0, e];
}

function candidates(p, tape, free) {
  const out = [];
  for (const [e, i] of firstSingle(p, tape, free)) {
    const [ids] = p.slice(tape, i);
    const [proof, size] = p.emit(ids, e);
    out.push({ proof, edge: e, state: singleState(p.store[i].states), size, ids });
  }
  return out;
}

function refutationCandidates(p, base, free, depth) {
  const { ends } = p.board.geometry;
  const cands = [];
  base.masks.forEach((m, e) => {
    if (singleState(m) >= 0) return;
    for (const s of STATE_ORDER) {
      if (!((m >> s) & 1)) continue;
      const sub = p.assume(base, e, s);
      const end = depth ? p.close(sub, ends[e], depth) : p.saturate(sub, ends[e], 1);
      if (end < 0) continue;
      const [kase, outer] = p.slice(sub, end);
      const tape = p.refuteTape(base, e, s, kase, outer);
      p.saturate(tape, ends[e], 1);
      cands.push(...candidates(p, tape, free));
    }
  });
  return cands;
}

function range(n) {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * The hint a person would want next, with its proof: {proof, edge, state, size}
 * or null (no proof within the budget, or no edge forced). Assumes the position
 * has a completion (callers check with the exact counter).
 */
export function proveHint(pos, { lastEdge = -1, budget = BUDGET } = {}) {
  const { board } = pos;
  const p = new Prover(board, budget);
  const free = pos.marks.map((m) => m === Mark.FREE);
  const allCells = range(board.nCells);
  const best = (cands) => {
    let top = null;
    let topKey = null;
    for (const f of cands) {
      const key = hintKey(board, pos, lastEdge, f);
      if (top === null || cmpTuple(key, topKey) < 0) {
        top = f;
        topKey = key;
      }
    }
    if (top === null) return null;
    const [proof, size] = p.emit(top.ids, top.edge, true);
    return { proof, edge: top.edge, state: top.state, size };
  };
  try {
    let tape = p.start(pos);
    if (p.saturate(tape, allCells, 0) >= 0) return null;
    let found = best(candidates(p, tape, free));
    if (found !== null) return found;
    tape = p.start(pos);
    if (p.saturate(tape, allCells, 1) >= 0) return null;
    found = best(candidates(p, tape, free));
    if (found !== null) return found;
    for (const depth of [0, 1]) {
      found = best(refutationCandidates(p, tape, free, depth));
      if (found !== null) return found;
    }
  } catch (err) {
    if (err instanceof OutOfBudgetError) return null;
    throw err;
  }
  return null;
}

/** A proof that pos has no completion, or null beyond the budget. Only call it on a lost position. */
export function proveLost(pos, { budget = BUDGET } = {}) {
  const { board } = pos;
  const p = new Prover(board, budget);
  const allCells = range(board.nCells);
  let best = null;
  const offer = (tape, end) => {
    if (end < 0) return;
    const [ids] = p.slice(tape, end);
    const [proof, size] = p.emit(ids, -1);
    if (proof.ends !== undefined && (best === null || cmpTuple(size, best[0]) < 0)) best = [size, ids];
  };
  const proof = () => (best === null ? null : p.emit(best[1], -1, true)[0]);
  try {
    let tape = p.start(pos);
    offer(tape, p.saturate(tape, allCells, 0));
    tape = p.start(pos);
    const [rxEnd] = p.regions(tape);
    offer(tape, rxEnd);
    tape = p.start(pos);
    const end = p.saturate(tape, allCells, 1);
    offer(tape, end);
    if (best !== null) return proof();
    offer(tape, p.close(tape, [], 2));
  } catch (err) {
    if (!(err instanceof OutOfBudgetError)) throw err;
  }
  return proof();
}

/** Free edges that cell steps alone prove unused (none when the cells contradict), ascending. */
export function obviousEmpties(pos) {
  const { board } = pos;
  const p = new Prover(board, 2 ** 30);
  const tape = p.start(pos);
  if (p.saturate(tape, range(board.nCells), 0) >= 0) return [];
  const out = [];
  pos.marks.forEach((m, e) => {
    if (m === Mark.FREE && tape.masks[e] === 1) out.push(e);
  });
  return out;
}
