// The seeded, integer-only board generator (versions 1 and 2), reproducing
// src/proofgrid/matchless/generate.py draw for draw:
//   1. shell mask: for every cell in row-major order, chance(density, 100);
//      if no cell got a shell, repeat from the first cell (the stream continues);
//   2. fuses (v1): for every shell in row-major order, list the directions (N,
//      NE, E, SE, S, SW, W, NW) whose neighbour is on the grid and holds a
//      shell; with no candidate draw nothing; otherwise k = 1 + below(min(fuses,
//      #cands)), Fisher–Yates shuffle the candidates and take the first k.
//   2. fuses (v2): the directions are N, E, S, W (n4) or all eight (n8); with
//      e1 a neighbour on the grid is a candidate even when empty; k =
//      min(fuses, #cands) with x1, else as v1; shuffle; with mutual bias m > 0,
//      each candidate (shuffled order) whose neighbour already has a fuse back
//      here draws chance(m, 100) and those drawn true move to the front
//      (stable); fuses towards the first k candidates that hold a shell.
// Seeds in game IDs: 1–20 ASCII decimal digits below 2**64 are that integer;
// any other text is hashed with seedFromText (after Python's strip()) — core/puzzle.js's
// seedValue, Python's proofgrid.puzzle.parse_seed.

import { GameIdError } from '../../core/errors.js';
import { seedValue } from '../../core/puzzle.js';
import { SplitMix64 } from '../../core/rng.js';
import { DX, DY, makeBoard } from './board.js';
import { makeParams, validateParams } from './params.js';

// The v1 algorithm's version, in the seed texts of the pre-v2 dailies and practice boards.
export const GENERATOR_VERSION = 1;
export const GENERATOR_VERSIONS = Object.freeze([1, 2]);

function seedOf(seed) {
  if (typeof seed === 'bigint') return seed;
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) return BigInt(seed);
  if (typeof seed === 'string') return seedValue(seed);
  throw new GameIdError('seed must be a BigInt, a safe integer or text');
}

// Step 2 (v2) with m > 0: back-pointing candidates move to the front with chance m%.
function promoteMutual(rng, cands, cell, cols, cells, mutual) {
  const front = [];
  const rest = [];
  for (const d of cands) {
    const there = cells[cell + DY[d] * cols + DX[d]];
    const back = (d + 4) % 8;
    if (there !== null && (there >> back) & 1 && rng.chance(mutual, 100)) front.push(d);
    else rest.push(d);
  }
  return front.concat(rest);
}

/**
 * Generate the board for (params, seed); deterministic and integer-only,
 * O(R·C) draws in expectation. `params` has Python's Params fields (missing
 * ones take the defaults); `seed` is a BigInt, a safe integer, or seed text.
 */
export function generate(params, seed) {
  const p = makeParams(params || {});
  validateParams(p);
  const { rows, cols, density, fuses: maxFuses, mutual, empty, exact } = p;
  const step = p.dirs === 4 ? 2 : 1;
  const rng = new SplitMix64(seedOf(seed));
  const n = rows * cols;
  let shell;
  do {
    shell = [];
    for (let k = 0; k < n; k++) shell.push(rng.below(100) < density);
  } while (!shell.includes(true));
  const cells = new Array(n).fill(null);
  for (let cell = 0; cell < n; cell++) {
    if (!shell[cell]) continue;
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    let cands = [];
    for (let d = 0; d < 8; d += step) {
      const r2 = r + DY[d];
      const c2 = c + DX[d];
      if (r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols && (empty || shell[r2 * cols + c2])) cands.push(d);
    }
    let mask = 0;
    if (cands.length) {
      const bound = Math.min(maxFuses, cands.length);
      const k = exact ? bound : 1 + rng.below(bound);
      rng.shuffle(cands);
      if (mutual) cands = promoteMutual(rng, cands, cell, cols, cells, mutual);
      for (let i = 0; i < k; i++) {
        const d = cands[i];
        if (shell[cell + DY[d] * cols + DX[d]]) mask |= 1 << d;
      }
    }
    cells[cell] = mask;
  }
  return makeBoard(rows, cols, cells, p);
}
