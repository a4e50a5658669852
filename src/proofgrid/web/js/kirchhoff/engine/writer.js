// The Kirchhoff proof writer, mirroring src/proofgrid/kirchhoff/writer.py:
// replay a sliced proof from mask 7 (a case from the enclosing masks), one
// handler per rule, re-evaluating each step on the replayed masks (a step that
// no longer narrows is dropped, a rule that finds no assignment ends there, a
// hint stops at the first step that leaves its edge one state); then relevance
// (walk back from the goal, keep what a kept later item reads), minimal END
// regions for the emitted proof, and the size (cases, region steps, steps).

import { Mark, cellName } from './board.js';
import { singleState, support } from './local.js';
import { formatMove } from './moves.js';
import { ALL, RegionView, STATE_ORDER, STATE_TEXT, cmpTuple, edgeName, nodeName, numeric, regionNumbers } from './notation.js';

export const USE = 0;
export const ASSUME = 1;
export const CELL = 2;
export const REGION = 3;
export const REFUTE = 4;
export const END_CELL = 5;
export const END_REGION = 6;
export const END_SPLIT = 7;

// what a replay handler tells the loop
const SKIP = 0; // nothing emitted (or the work list replaced): next item
const STEP = 1; // a step emitted: stop if it leaves the target edge one state
const STOP = 2; // an END emitted: the rest is cut

export function item(kind, { edge = -1, states = 0, cell = -1, nodes = [], cases = [], premises = [] } = {}) {
  return { kind, edge, states, cell, nodes, cases, premises };
}

export function sidesMasks(board, cell, masks) {
  return board.geometry.sides[cell].map((e) => (e >= 0 ? masks[e] : 1));
}

/** Supports of a cell's four sides as an array, or null when no assignment fits. */
export function cellSupport(board, cell, sm) {
  const s = support(board.demand[cell], board.through[cell], sm[0], sm[1], sm[2], sm[3]);
  if (s < 0) return null;
  return [s & 7, (s >> 3) & 7, (s >> 6) & 7, (s >> 9) & 7];
}

export function sameSides(a, b) {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
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

/** The item store of one search and the replay of its items. */
export class Writer {
  constructor(board) {
    this.board = board;
    this.store = [];
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


  /** Replay ids on masks (changed in place): [body JSON, size]; each item goes to its rule's handler. */
  replay(ids, masks, target, uses, shrink) {
    const handlers = [
      this.replayMark, // USE
      this.replayMark, // ASSUME
      this.replayCell, // CELL
      this.replayRegion, // REGION
      this.replayCases, // REFUTE
      this.replayCell, // END_CELL
      this.replayRegion, // END_REGION
      this.replayCases, // END_SPLIT
    ];
    // emitted: [item as replayed, its JSON (null for a use / assumption), reads]
    const r = { masks, shrink, work: ids.slice(), at: 0, emitted: [], endJson: null };
    const emitted = r.emitted;
    while (r.at < r.work.length) { // a split of one state left replaces r.work
      const it = this.store[r.work[r.at++]];
      const done = handlers[it.kind].call(this, r, it);
      if (done === STOP) break;
      if (done === STEP && target >= 0 && singleState(masks[target]) >= 0
          && emitted[emitted.length - 1][0].edge === target) break;
    }
    return this.write(r, uses);
  }

  /** A use or an assumption: its edge takes its states. */
  replayMark(r, it) {
    r.masks[it.edge] = it.states;
    r.emitted.push([it, null, new Set()]);
    return SKIP;
  }

  /** The cell rule at it.cell: narrow the step's edge to its support, or END there. */
  replayCell(r, it) {
    const b = this.board;
    const masks = r.masks;
    const sup = cellSupport(b, it.cell, sidesMasks(b, it.cell, masks));
    if (sup === null) {
      r.endJson = { cell: cellName(b, it.cell) };
      r.emitted.push([item(END_CELL, { cell: it.cell }), r.endJson, readsOf(b, it)]);
      return STOP;
    }
    if (it.kind === END_CELL) throw new Error('replayed END cell is not dead');
    const j = b.geometry.sides[it.cell].indexOf(it.edge);
    const nw = sup[j] & masks[it.edge];
    if (nw === masks[it.edge]) return SKIP;
    masks[it.edge] = nw;
    const js = { ...stepJson(b, it.edge, nw), cell: cellName(b, it.cell) };
    r.emitted.push([item(CELL, { edge: it.edge, states: nw, cell: it.cell }), js, readsOf(b, it)]);
    return STEP;
  }

  /** The region rule on it.nodes: narrow at D = Max / D = Min, or END there. */
  replayRegion(r, it) {
    const b = this.board;
    const masks = r.masks;
    const rv = new RegionView(b, it.nodes);
    const [lo, hi] = rv.bounds(masks);
    const names = it.nodes.map((x) => nodeName(b, x));
    if (!(lo <= rv.demand && rv.demand <= hi)) {
      const end = item(END_REGION, {
        nodes: r.shrink ? minimalRegion(b, it.nodes, masks, anchorCells(b, r.emitted)) : it.nodes,
      });
      r.endJson = { region: end.nodes.map((x) => nodeName(b, x)) };
      r.emitted.push([end, r.endJson, readsOf(b, end)]);
      return STOP;
    }
    if (it.kind === END_REGION) throw new Error('replayed END region is not a contradiction');
    let nw;
    if (rv.demand === hi) nw = rv.narrowed(it.edge, masks[it.edge], true);
    else if (rv.demand === lo) nw = rv.narrowed(it.edge, masks[it.edge], false);
    else throw new Error('replayed region rule does not apply');
    if (nw === masks[it.edge]) return SKIP;
    masks[it.edge] = nw;
    const js = { ...stepJson(b, it.edge, nw), region: names };
    r.emitted.push([item(REGION, { edge: it.edge, states: nw, nodes: it.nodes }), js, readsOf(b, it)]);
    return STEP;
  }

  /**
   * A refutation or a split: the cases of states still present (each replayed
   * from a copy of the masks), then refute or end; a split of one state left
   * is a plain continuation.
   */
  replayCases(r, it) {
    const b = this.board;
    const masks = r.masks;
    const k = it.kind;
    const casesJson = [];
    let removed = 0;
    for (const [s, caseIds] of it.cases) {
      if (!((masks[it.edge] >> s) & 1)) continue;
      const [cj] = this.replay(caseIds, masks.slice(), -1, null, r.shrink);
      casesJson.push(cj);
      removed |= 1 << s;
    }
    const nw = masks[it.edge] & ~removed;
    if (k === END_SPLIT && casesJson.length === 1) {
      // one state left: the case is a plain continuation (no split of a decided edge)
      const [only] = it.cases.filter(([s]) => (masks[it.edge] >> s) & 1).map(([, c]) => c);
      r.work = only.slice();
      r.at = 0;
      return SKIP;
    }
    if (k === END_SPLIT || nw === 0) {
      r.endJson = { split: edgeName(b, it.edge), cases: casesJson };
      r.emitted.push([item(END_SPLIT, { edge: it.edge }), r.endJson, null]);
      return STOP;
    }
    if (!removed) return SKIP;
    masks[it.edge] = nw;
    const js = { ...stepJson(b, it.edge, nw), refute: casesJson };
    r.emitted.push([item(REFUTE, { edge: it.edge, states: nw }), js, null]);
    return STEP;
  }

  /** The relevant replayed items as the body JSON, and its size. */
  write(r, uses) {
    const kept = relevant(r.emitted);
    const steps = [];
    const size = [0, 0, 0];
    for (const [it, js] of kept) {
      if (it.kind === USE && uses !== null) uses.push([it.edge, it.states]);
      if (js === null || it.kind === END_CELL || it.kind === END_REGION || it.kind === END_SPLIT) continue;
      steps.push(js);
      countStep(js, size);
    }
    const body = { steps };
    if (r.endJson !== null) {
      body.ends = r.endJson;
      countEnd(r.endJson, size);
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
