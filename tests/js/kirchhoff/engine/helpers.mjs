// Oracles for the Kirchhoff node:test suites: brute force over every assignment
// of a small board (shares nothing with the sweep but the board), random clue
// grids and random marks, and a few generated boards built once.

import { SplitMix64 } from '../../../../src/proofgrid/web/js/core/rng.js';
import * as K from '../../../../src/proofgrid/web/js/kirchhoff/engine/index.js';

export { K };

export function rngFor(seed) {
  return new SplitMix64(BigInt(seed));
}

/** Every solution within masks, by trying all Π|mask_e| (≤ 3^E) assignments, checked cell by cell. */
export function bruteForce(board, masks) {
  const allowed = masks.map((m) => [0, 1, 2].filter((s) => (m >> s) & 1));
  if (allowed.some((a) => !a.length)) return [];
  const nE = board.nEdges;
  const idx = new Array(nE).fill(0);
  const states = allowed.map((a) => a[0]);
  const out = [];
  for (;;) {
    let ok = true;
    for (let v = 0; v < board.nCells && ok; v++) {
      let nIn = 0;
      let nOut = 0;
      for (let e = 0; e < nE; e++) {
        const [a, b] = board.edges[e];
        if (a !== v && b !== v) continue;
        const s = states[e];
        if (s === 0) continue;
        const tail = s === 1 ? a : b;
        if (tail === v) nOut++;
        else nIn++;
      }
      const cl = board.clues[v];
      const demand = cl.kind === 'source' ? cl.value : cl.kind === 'sink' ? -cl.value : 0;
      if (nOut - nIn !== demand) ok = false;
      if (cl.kind === 'throughput' && nIn !== cl.value) ok = false;
    }
    if (ok) out.push(states.slice());
    let e = 0;
    while (e < nE) {
      idx[e]++;
      if (idx[e] < allowed[e].length) {
        states[e] = allowed[e][idx[e]];
        break;
      }
      idx[e] = 0;
      states[e] = allowed[e][0];
      e++;
    }
    if (e === nE) return out;
  }
}

/** A random clue grid whose demands sum to zero (a few ± terminal pairs), as Python's verify. */
export function randomBoard(rng, rows, cols) {
  const n = rows * cols;
  let cells = [];
  for (let i = 0; i < n; i++) {
    cells.push(rng.below(20) < 8 ? { kind: 'blank', value: 0 } : { kind: 'throughput', value: rng.below(3) });
  }
  const pairs = 1 + rng.below(3);
  for (let i = 0; i < pairs; i++) {
    const a = rng.below(n);
    const b = rng.below(n);
    if (a !== b) {
      const v = rng.between(1, 2);
      cells[a] = { kind: 'source', value: v };
      cells[b] = { kind: 'sink', value: v };
    }
  }
  const dem = (c) => (c.kind === 'source' ? c.value : c.kind === 'sink' ? -c.value : 0);
  if (cells.reduce((t, c) => t + dem(c), 0)) cells = cells.map((c) => (dem(c) ? { kind: 'blank', value: 0 } : c));
  return K.makeBoard(rows, cols, cells);
}

/** Random marks: each edge free with odds freeIn in freeIn + 3, else a random arrow or cross. */
export function randomMarks(rng, board, freeIn = 3) {
  const marks = [];
  for (let e = 0; e < board.nEdges; e++) {
    const x = rng.below(freeIn + 3);
    marks.push(x < freeIn ? 0 : x - freeIn + 1);
  }
  return marks;
}

/** Small sizes with at most 12 edges (3^12 assignments): every board up to 3x3. */
export const SMALL_SIZES = [[2, 2], [2, 3], [3, 2], [2, 4], [4, 2], [3, 3]];

let cache = null;
/** Two generated boards of each of easy, medium and hard (built once per file). */
export function generated() {
  if (!cache) {
    cache = [];
    for (const preset of ['easy', 'medium', 'hard']) for (const seed of [1n, 2n]) cache.push(K.generate(preset, seed));
  }
  return cache;
}
