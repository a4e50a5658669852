// Cell-local deductions: generalised arc consistency on each cell's own clue,
// mirroring src/proofgrid/kirchhoff/local.py.
//
// A cell sees its edges as (left, up, right, down); state 1 of a left or up
// edge is an arrow into the cell, of a right or down edge one out of it, and
// a missing edge has state 0 only. cellTable lists every assignment meeting a
// clue under four masks (key left + 4*up -> codes down + 4*right, ascending);
// the exact counter's transfer tables and the supports below read it, so the
// rule is written once. Shrinking every mask to its support until nothing
// changes is generalised arc consistency (Mackworth 1977; Bessière, Handbook of
// Constraint Programming, 2006): sound, incomplete; rung (a) of the hint
// ladder and the counter's pre-filter.
//
// Propagation order (the same as Python's, so the reasons agree): a FIFO queue
// starting with every cell in index order; when filtering cell v shrinks an
// edge's mask (edges in left, up, right, down order) the edge's other cell is
// appended unless already queued. The first cell whose filtering leaves an
// edge a single state is that edge's reason. Tables are memoised (≤ 81
// assignments each).

import { ALL_STATES } from './board.js';

const SINGLE = [-1, 0, 1, -1, 2, -1, -1, -1];

/** The state of a one-state mask, else -1. */
export function singleState(mask) {
  return SINGLE[mask];
}

const TABLES = new Map();
// every (demand −4..4, through −1..2, four masks) has a slot: -2 = not computed yet
const SUPPORTS = new Int32Array(9 * 4 * 8 ** 4).fill(-2);

function tableKey(demand, through, mL, mU, mR, mD) {
  return ((((((demand + 4) * 4 + (through + 1)) * 8 + mL) * 8 + mU) * 8 + mR) * 8) + mD;
}

/**
 * Assignments meeting a clue: 16 arrays, key left + 4*up -> codes down + 4*right
 * (ascending). demand = out − in; through = required in-count or -1. Memoised.
 */
export function cellTable(demand, through, mL, mU, mR, mD) {
  const key = tableKey(demand, through, mL, mU, mR, mD);
  let out = TABLES.get(key);
  if (out) return out;
  out = Array.from({ length: 16 }, () => []);
  for (let left = 0; left < 3; left++) {
    if (!((mL >> left) & 1)) continue;
    for (let up = 0; up < 3; up++) {
      if (!((mU >> up) & 1)) continue;
      const in0 = (left === 1) + (up === 1);
      const out0 = (left === 2) + (up === 2);
      for (let right = 0; right < 3; right++) {
        if (!((mR >> right) & 1)) continue;
        for (let down = 0; down < 3; down++) {
          if (!((mD >> down) & 1)) continue;
          const nIn = in0 + (right === 2) + (down === 2);
          const nOut = out0 + (right === 1) + (down === 1);
          if (nOut - nIn === demand && (through < 0 || nIn === through)) out[left + 4 * up].push(down + 4 * right);
        }
      }
    }
  }
  TABLES.set(key, out);
  return out;
}

/**
 * Supports (left, up, right, down) of a cell's edges packed as
 * sL | sU << 3 | sR << 6 | sD << 9, or -1 when no assignment fits. Memoised.
 */
export function support(demand, through, mL, mU, mR, mD) {
  const key = tableKey(demand, through, mL, mU, mR, mD);
  const hit = SUPPORTS[key];
  if (hit !== -2) return hit;
  let sL = 0;
  let sU = 0;
  let sR = 0;
  let sD = 0;
  const table = cellTable(demand, through, mL, mU, mR, mD);
  for (let k = 0; k < 16; k++) {
    const codes = table[k];
    if (!codes.length) continue;
    sL |= 1 << (k & 3);
    sU |= 1 << (k >> 2);
    for (const code of codes) {
      sD |= 1 << (code & 3);
      sR |= 1 << (code >> 2);
    }
  }
  const res = sL ? sL | (sU << 3) | (sR << 6) | (sD << 9) : -1;
  SUPPORTS[key] = res;
  return res;
}

/** Supports of a cell's edges in geometry.cellEdges order; [] when the cell is dead. */
export function cellSupport(board, cell, masks) {
  const sides = board.geometry.sides[cell];
  const m = sides.map((e) => (e >= 0 ? masks[e] : 1));
  const sup = support(board.demand[cell], board.through[cell], m[0], m[1], m[2], m[3]);
  if (sup < 0) return [];
  const out = [];
  for (let i = 0; i < 4; i++) if (sides[i] >= 0) out.push((sup >> (3 * i)) & 7);
  return out;
}

/**
 * Arc-consistency fixpoint of masks under every cell's clue:
 * {masks, deadCell (-1 if none), reason (per edge, the cell whose filtering made
 * it single-state, else -1)}. O(RC) supports plus one per mask change.
 */
export function propagate(board, masks) {
  const { ends, sides } = board.geometry;
  const { demand, through } = board;
  const m = Array.from(masks);
  const nE = m.length;
  const reason = new Array(nE).fill(-1);
  const n = board.nCells;
  const queued = new Uint8Array(n).fill(1);
  const queue = new Int32Array(n + 2 * nE + 1);
  for (let v = 0; v < n; v++) queue[v] = v;
  let qh = 0;
  let qt = n;
  while (qh < qt) {
    const v = queue[qh++];
    queued[v] = 0;
    const sd = sides[v];
    const e0 = sd[0];
    const e1 = sd[1];
    const e2 = sd[2];
    const e3 = sd[3];
    const o0 = e0 >= 0 ? m[e0] : 1;
    const o1 = e1 >= 0 ? m[e1] : 1;
    const o2 = e2 >= 0 ? m[e2] : 1;
    const o3 = e3 >= 0 ? m[e3] : 1;
    const sup = support(demand[v], through[v], o0, o1, o2, o3);
    if (sup < 0) return { masks: m, deadCell: v, reason };
    const old = o0 | (o1 << 3) | (o2 << 6) | (o3 << 9);
    if (sup === old) continue;
    for (let i = 0; i < 4; i++) {
      const s = (sup >> (3 * i)) & 7;
      if (s === ((old >> (3 * i)) & 7)) continue;
      const e = sd[i];
      m[e] = s;
      if (SINGLE[s] >= 0) reason[e] = v;
      const end = ends[e];
      const w = end[0] === v ? end[1] : end[0];
      if (!queued[w]) {
        queued[w] = 1;
        queue[qt++] = w;
      }
    }
  }
  return { masks: m, deadCell: -1, reason };
}

/** Masks with every state allowed on every edge. */
export function allFree(board) {
  return new Array(board.nEdges).fill(ALL_STATES);
}
