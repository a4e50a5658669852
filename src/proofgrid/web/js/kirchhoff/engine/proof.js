// Checkable proofs for Kirchhoff hints and lost verdicts (issue 12): the
// prover, mirroring src/proofgrid/kirchhoff/proof.py step for step (its module
// docstring is the algorithm: cell phase, region phase on the max-flow
// relaxation, saturation, premises, slice and replay, relevance, sizes, the
// hint and lost searches, the counted budget). Integers only, the same item
// order, the same tie-breaks, so a proof here is byte-identical (as JSON) to
// Python's; tools/crosscheck_kirchhoff.py compares them.
//
// A proof: {uses: ["a1>b1", ...], steps: [STEP, ...], ends?: END} (issue 12).
// Masks are 3-bit sets of edge states (bit 0 unused, 1 forward, 2 backward).

import { Mark, cellName, masksOf } from './board.js';
import { singleState, support } from './local.js';
import { formatMove } from './moves.js';
import { Relaxation } from './relax.js';

/** Rule applications one search may spend (cell evaluation 1, relaxation 25). */
export const BUDGET = 160000;
const RELAX_COST = 25;
const ALL = 7;
const STATE_ORDER = [1, 2, 0]; // > < x
const STATE_TEXT = ['x', '>', '<'];
const POP = [0, 1, 1, 2, 1, 2, 2, 3];

const USE = 0;
const ASSUME = 1;
const CELL = 2;
const REGION = 3;
const REFUTE = 4;
const END_CELL = 5;
const END_REGION = 6;
const END_SPLIT = 7;

class OutOfBudgetError extends Error {}

function item(kind, { edge = -1, states = 0, cell = -1, nodes = [], cases = [], premises = [] } = {}) {
  return { kind, edge, states, cell, nodes, cases, premises };
}

function tapeOf(masks, last, ids = []) {
  return { masks, last, ids };
}

const numeric = (a, b) => a - b;

/** Python's tuple comparison of two int arrays (negative, zero, positive). */
function cmpTuple(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

// --------------------------------------------------------------------------- names

/** "a1-b1": the lower cell first. */
export function edgeName(board, edge) {
  const [u, v] = board.geometry.ends[edge];
  return `${cellName(board, u)}-${cellName(board, v)}`;
}

/** A region node's name: "c3", "c3:in" or "c3:out" (node = 3·cell + 0 whole, 1 in, 2 out). */
export function nodeName(board, node) {
  const c = Math.floor(node / 3);
  return cellName(board, c) + ['', ':in', ':out'][node - 3 * c];
}

/** Inverse of nodeName (throws Error on a bad name). */
export function parseNode(board, text) {
  const i = text.indexOf(':');
  const name = i < 0 ? text : text.slice(0, i);
  const half = i < 0 ? '' : text.slice(i + 1);
  const col = name.charCodeAt(0) - 97;
  const row = Number.parseInt(name.slice(1), 10) - 1;
  const k = ['', 'in', 'out'].indexOf(half);
  if (!(row >= 0 && row < board.rows && col >= 0 && col < board.cols) || k < 0) {
    throw new Error(`bad node ${JSON.stringify(text)}`);
  }
  return 3 * (row * board.cols + col) + k;
}

// --------------------------------------------------------------------------- rules

function sidesMasks(board, cell, masks) {
  return board.geometry.sides[cell].map((e) => (e >= 0 ? masks[e] : 1));
}

/** Supports of a cell's four sides as an array, or null when no assignment fits. */
function cellSupport(board, cell, sm) {
  const s = support(board.demand[cell], board.through[cell], sm[0], sm[1], sm[2], sm[3]);
  if (s < 0) return null;
  return [s & 7, (s >> 3) & 7, (s >> 6) & 7, (s >> 9) & 7];
}

function sameSides(a, b) {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

/** Membership of a node set and the region rule's numbers on given masks. */
class RegionView {
  constructor(board, nodes) {
    const n = board.nCells;
    const whole = new Array(n).fill(false);
    const hin = new Array(n).fill(false);
    const hout = new Array(n).fill(false);
    for (const x of nodes) {
      const c = Math.floor(x / 3);
      [whole, hin, hout][x - 3 * c][c] = true;
    }
    for (let c = 0; c < n; c++) if (hin[c] && hout[c]) whole[c] = true;
    this.board = board;
    this.headIn = whole.map((w, c) => w || hin[c]);
    this.tailIn = whole.map((w, c) => w || hout[c]);
    let d = 0;
    for (let c = 0; c < n; c++) {
      if (whole[c]) {
        d += board.demand[c];
      } else {
        if (hin[c]) d -= board.through[c];
        if (hout[c]) d += board.through[c];
      }
    }
    this.demand = d;
    const es = new Set();
    for (let c = 0; c < n; c++) {
      if (this.headIn[c] || this.tailIn[c]) for (const e of board.geometry.cellEdges[c]) es.add(e);
    }
    this.edges = [...es].sort(numeric);
  }

  /** [tail in R] − [head in R] for edge in state. */
  contrib(edge, state) {
    if (state === 0) return 0;
    const [u, v] = this.board.geometry.ends[edge];
    const [t, h] = state === 1 ? [u, v] : [v, u];
    return Number(this.tailIn[t]) - Number(this.headIn[h]);
  }

  extreme(edge, mask, top) {
    let best = null;
    for (let s = 0; s < 3; s++) {
      if (!((mask >> s) & 1)) continue;
      const x = this.contrib(edge, s);
      if (best === null || (top ? x > best : x < best)) best = x;
    }
    return best;
  }

  /** [Min, Max] over the touching edges. */
  bounds(masks) {
    let lo = 0;
    let hi = 0;
    for (const e of this.edges) {
      lo += this.extreme(e, masks[e], false);
      hi += this.extreme(e, masks[e], true);
    }
    return [lo, hi];
  }

  narrowed(edge, mask, top) {
    const best = this.extreme(edge, mask, top);
    let out = 0;
    for (let s = 0; s < 3; s++) if ((mask >> s) & 1 && this.contrib(edge, s) === best) out += 1 << s;
    return out;
  }
}

/** [D, Min, Max] of the region rule for node codes under masks. */
export function regionNumbers(board, nodes, masks) {
  const rv = new RegionView(board, nodes);
  const [lo, hi] = rv.bounds(masks);
  return [rv.demand, lo, hi];
}

function regionNodes(reg) {
  const out = [...reg.cells.map((c) => 3 * c), ...reg.entryOnly.map((c) => 3 * c + 1)];
  out.push(...reg.exitOnly.map((c) => 3 * c + 2));
  return out.sort(numeric);
}

/** Edges an item reads (null: everything). */
function readsOf(board, it) {
  if (it.kind === CELL || it.kind === END_CELL) return new Set(board.geometry.cellEdges[it.cell]);
  if (it.kind === REGION || it.kind === END_REGION) return new Set(new RegionView(board, it.nodes).edges);
  if (it.kind === REFUTE || it.kind === END_SPLIT) return null;
  return new Set();
}

function stepJson(board, edge, mask) {
  return { edge: edgeName(board, edge), states: STATE_ORDER.filter((s) => (mask >> s) & 1).map((s) => STATE_TEXT[s]) };
}

function markOf(mask) {
  const s = singleState(mask);
  return s === 0 ? Mark.CROSS : s;
}

// --------------------------------------------------------------------------- the prover

class Prover {
  constructor(board, budget) {
    this.board = board;
    this.store = [];
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

  // ---- emit
  /**
   * Replay a sliced top-level proof from mask 7: [proof, size]. `shrink`: make
   * END regions minimal (the emitted proof only; candidates rank unshrunk).
   */
  emit(ids, target, shrink = false) {
    const masks = new Array(this.board.nEdges).fill(ALL);
    const uses = [];
    const [body, size] = this.replay(ids, masks, target, uses, shrink);
    uses.sort(cmpTuple);
    const out = {
      uses: uses.map(([e, m]) => formatMove(this.board, e, markOf(m))),
      steps: body.steps,
    };
    if (body.ends !== undefined) out.ends = body.ends;
    return [out, size];
  }

  replay(ids, masks, target, uses, shrink) {
    const b = this.board;
    const emitted = []; // [item as replayed, its JSON (null for a use / assumption), reads]
    let endJson = null;
    let work = ids.slice();
    let at = 0;
    while (at < work.length) {
      const it = this.store[work[at++]];
      const k = it.kind;
      if (k === USE || k === ASSUME) {
        masks[it.edge] = it.states;
        emitted.push([it, null, new Set()]);
        continue;
      }
      if (k === CELL || k === END_CELL) {
        const sup = cellSupport(b, it.cell, sidesMasks(b, it.cell, masks));
        if (sup === null) {
          endJson = { cell: cellName(b, it.cell) };
          emitted.push([item(END_CELL, { cell: it.cell }), endJson, readsOf(b, it)]);
          break;
        }
        if (k === END_CELL) throw new Error('replayed END cell is not dead');
        const j = b.geometry.sides[it.cell].indexOf(it.edge);
        const nw = sup[j] & masks[it.edge];
        if (nw === masks[it.edge]) continue;
        masks[it.edge] = nw;
        const js = { ...stepJson(b, it.edge, nw), cell: cellName(b, it.cell) };
        emitted.push([item(CELL, { edge: it.edge, states: nw, cell: it.cell }), js, readsOf(b, it)]);
      } else if (k === REGION || k === END_REGION) {
        const rv = new RegionView(b, it.nodes);
        const [lo, hi] = rv.bounds(masks);
        const names = it.nodes.map((x) => nodeName(b, x));
        if (!(lo <= rv.demand && rv.demand <= hi)) {
          const end = item(END_REGION, {
            nodes: shrink ? minimalRegion(b, it.nodes, masks, anchorCells(b, emitted)) : it.nodes,
          });
          endJson = { region: end.nodes.map((x) => nodeName(b, x)) };
          emitted.push([end, endJson, readsOf(b, end)]);
          break;
        }
        if (k === END_REGION) throw new Error('replayed END region is not a contradiction');
        let nw;
        if (rv.demand === hi) nw = rv.narrowed(it.edge, masks[it.edge], true);
        else if (rv.demand === lo) nw = rv.narrowed(it.edge, masks[it.edge], false);
        else throw new Error('replayed region rule does not apply');
        if (nw === masks[it.edge]) continue;
        masks[it.edge] = nw;
        const js = { ...stepJson(b, it.edge, nw), region: names };
        emitted.push([item(REGION, { edge: it.edge, states: nw, nodes: it.nodes }), js, readsOf(b, it)]);
      } else { // REFUTE, END_SPLIT
        const casesJson = [];
        let removed = 0;
        for (const [s, caseIds] of it.cases) {
          if (!((masks[it.edge] >> s) & 1)) continue;
          const [cj] = this.replay(caseIds, masks.slice(), -1, null, shrink);
          casesJson.push(cj);
          removed |= 1 << s;
        }
        const nw = masks[it.edge] & ~removed;
        if (k === END_SPLIT && casesJson.length === 1) {
          // one state left: the case is a plain continuation (no split of a decided edge)
          const [only] = it.cases.filter(([s]) => (masks[it.edge] >> s) & 1).map(([, c]) => c);
          work = only.slice();
          at = 0;
          continue;
        }
        if (k === END_SPLIT || nw === 0) {
          endJson = { split: edgeName(b, it.edge), cases: casesJson };
          emitted.push([item(END_SPLIT, { edge: it.edge }), endJson, null]);
          break;
        }
        if (!removed) continue;
        masks[it.edge] = nw;
        const js = { ...stepJson(b, it.edge, nw), refute: casesJson };
        emitted.push([item(REFUTE, { edge: it.edge, states: nw }), js, null]);
      }
      if (target >= 0 && singleState(masks[target]) >= 0 && emitted[emitted.length - 1][0].edge === target) break;
    }
    const kept = relevant(emitted);
    const steps = [];
    const size = [0, 0, 0];
    for (const [it, js] of kept) {
      if (it.kind === USE && uses !== null) uses.push([it.edge, it.states]);
      if (js === null || it.kind === END_CELL || it.kind === END_REGION || it.kind === END_SPLIT) continue;
      steps.push(js);
      countStep(js, size);
    }
    const body = { steps };
    if (endJson !== null) {
      body.ends = endJson;
      countEnd(endJson, size);
    }
    return [body, size];
  }
}

/** The cells at the marks (uses) and assumptions replayed so far, ascending. */
function anchorCells(board, emitted) {
  const cells = new Set();
  for (const [it] of emitted) {
    if (it.kind === USE || it.kind === ASSUME) for (const c of board.geometry.ends[it.edge]) cells.add(c);
  }
  return [...cells].sort(numeric);
}

/**
 * A connected, 1-minimal sub-region of the END region `nodes` (D outside
 * [Min, Max]): proof.py's _minimal_region step for step. Until a round removes
 * nothing: keep the first piece (by lowest node) that is still a contradiction
 * if the region falls apart, then try removing each node once, farthest (Manhattan)
 * from the nearest anchor cell first, ties highest node first. No budget units.
 */
function minimalRegion(board, nodes, masks, anchors) {
  const { ends, cellEdges } = board.geometry;
  const { cols } = board;
  const head = new Array(board.nCells).fill(false);
  const tail = new Array(board.nCells).fill(false);
  const value = (x) => {
    const c = Math.floor(x / 3);
    const k = x - 3 * c;
    return k === 0 ? board.demand[c] : board.through[c] * (k === 2 ? 1 : -1);
  };
  // contributions (0, c1, c2) of an edge's states (unused, forward, backward) on the current R
  const extremes = (e) => {
    const [u, v] = ends[e];
    const vals = [0, Number(tail[u]) - Number(head[v]), Number(tail[v]) - Number(head[u])];
    let lo = null;
    let hi = null;
    for (let s = 0; s < 3; s++) {
      if (!((masks[e] >> s) & 1)) continue;
      if (lo === null || vals[s] < lo) lo = vals[s];
      if (hi === null || vals[s] > hi) hi = vals[s];
    }
    return [lo, hi];
  };
  const enter = (region) => { // head/tail membership of the region
    head.fill(false);
    tail.fill(false);
    for (const x of region) {
      const c = Math.floor(x / 3);
      const k = x - 3 * c;
      head[c] = head[c] || k !== 2;
      tail[c] = tail[c] || k !== 1;
    }
  };
  const contradicts = (region) => {
    const [d, lo, hi] = regionNumbers(board, region, masks);
    return !(lo <= d && d <= hi);
  };
  const pieces = (region) => {
    const byCell = new Map();
    for (const x of region) {
      const c = Math.floor(x / 3);
      if (!byCell.has(c)) byCell.set(c, []);
      byCell.get(c).push(x);
    }
    const out = [];
    const seen = new Set();
    for (const x of region) {
      const c0 = Math.floor(x / 3);
      if (seen.has(c0)) continue;
      seen.add(c0);
      const stack = [c0];
      const piece = [];
      while (stack.length) {
        const c = stack.pop();
        piece.push(...byCell.get(c));
        for (const e of cellEdges[c]) {
          const [u, v] = ends[e];
          const w = u === c ? v : u;
          if (byCell.has(w) && !seen.has(w)) {
            seen.add(w);
            stack.push(w);
          }
        }
      }
      out.push(piece.sort(numeric));
    }
    return out;
  };
  const dist = (x) => {
    const cell = Math.floor(x / 3);
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    let best = 0;
    anchors.forEach((a, i) => {
      const t = Math.abs(r - Math.floor(a / cols)) + Math.abs(c - (a % cols));
      if (i === 0 || t < best) best = t;
    });
    return best;
  };
  let cur = [...nodes].sort(numeric);
  for (;;) {
    const parts = pieces(cur);
    if (parts.length > 1) cur = parts.find(contradicts) ?? cur;
    let [d, lo, hi] = regionNumbers(board, cur, masks);
    enter(cur);
    let removed = false;
    const order = cur.map((x) => [-dist(x), -x]).sort(cmpTuple).map(([, y]) => -y);
    for (const x of order) {
      if (cur.length === 1) break;
      const c = Math.floor(x / 3);
      const k = x - 3 * c;
      const was = [head[c], tail[c]];
      const d2 = d - value(x);
      let lo2 = lo;
      let hi2 = hi;
      for (const e of cellEdges[c]) {
        const [a, z] = extremes(e);
        lo2 -= a;
        hi2 -= z;
      }
      head[c] = head[c] && k === 2;
      tail[c] = tail[c] && k === 1;
      for (const e of cellEdges[c]) {
        const [a, z] = extremes(e);
        lo2 += a;
        hi2 += z;
      }
      if (lo2 <= d2 && d2 <= hi2) {
        [head[c], tail[c]] = was;
        continue;
      }
      cur = cur.filter((y) => y !== x);
      [d, lo, hi] = [d2, lo2, hi2];
      removed = true;
    }
    if (!removed) return cur;
  }
}

/** Keep the goal (the last item) and every item whose edge a kept later item reads. */
function relevant(emitted) {
  if (!emitted.length) return [];
  const kept = [emitted[emitted.length - 1]];
  let readsAll = emitted[emitted.length - 1][2] === null;
  const read = new Set(emitted[emitted.length - 1][2] || []);
  for (let i = emitted.length - 2; i >= 0; i--) {
    const entry = emitted[i];
    const [it, , rd] = entry;
    if (it.kind === ASSUME || readsAll || read.has(it.edge)) {
      kept.push(entry);
      if (it.kind === ASSUME) continue;
      if (rd === null) readsAll = true;
      else for (const e of rd) read.add(e);
    }
  }
  return kept.reverse();
}

function countStep(js, size) {
  size[2] += 1;
  if ('region' in js) size[1] += 1;
  for (const p of js.refute || []) {
    size[0] += 1;
    countBody(p, size);
  }
}

function countEnd(end, size) {
  for (const p of end.cases || []) {
    size[0] += 1;
    countBody(p, size);
  }
}

function countBody(p, size) {
  for (const st of p.steps) countStep(st, size);
  countEnd(p.ends, size);
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
