// Kirchhoff proof notation, mirroring src/proofgrid/kirchhoff/notation.py:
// names of edges and region nodes, their parsing, and the region rule's
// arithmetic (D, Min, Max of a node set under edge masks), shared by the
// prover (prover.js), the writer (writer.js) and the sentences (words.js).
// Masks are 3-bit sets of edge states (bit 0 unused, 1 forward, 2 backward);
// a region is node codes 3·cell + (0 whole, 1 c:in, 2 c:out). Integers only.

import { cellName } from './board.js';

export const ALL = 7;
export const STATE_ORDER = [1, 2, 0]; // > < x
export const STATE_TEXT = ['x', '>', '<'];

export const numeric = (a, b) => a - b;

/** Python's tuple comparison of two int arrays (negative, zero, positive). */
export function cmpTuple(a, b) {
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

// --------------------------------------------------------------------------- the region rule

/** Membership of a node set and the region rule's numbers on given masks. */
export class RegionView {
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

export function regionNodes(reg) {
  const out = [...reg.cells.map((c) => 3 * c), ...reg.entryOnly.map((c) => 3 * c + 1)];
  out.push(...reg.exitOnly.map((c) => 3 * c + 2));
  return out.sort(numeric);
}

