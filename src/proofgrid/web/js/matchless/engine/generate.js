// The seeded, integer-only board generator (version 1), reproducing
// src/proofgrid/matchless/generate.py draw for draw:
//   1. shell mask: for every cell in row-major order, chance(density, 100);
//      if no cell got a shell, repeat from the first cell (the stream continues);
//   2. fuses: for every shell in row-major order, list the directions (N, NE, E,
//      SE, S, SW, W, NW) whose neighbour is on the grid and holds a shell; with
//      no candidate draw nothing; otherwise k = 1 + below(min(fuses, #cands)),
//      Fisher–Yates shuffle the candidates and take the first k.
// Seeds in game IDs: 1–20 ASCII decimal digits below 2**64 are that integer;
// any other text is hashed with seedFromText (after Python's strip()) — core/puzzle.js's
// seedValue, Python's proofgrid.puzzle.parse_seed.

import { GameIdError } from '../../core/errors.js';
import { seedValue } from '../../core/puzzle.js';
import { SplitMix64 } from '../../core/rng.js';
import { DX, DY, makeBoard } from './board.js';
import { makeParams, validateParams } from './params.js';

export const GENERATOR_VERSION = 1;

function seedOf(seed) {
  if (typeof seed === 'bigint') return seed;
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) return BigInt(seed);
  if (typeof seed === 'string') return seedValue(seed);
  throw new GameIdError('seed must be a BigInt, a safe integer or text');
}

/**
 * Generate the board for (params, seed); deterministic and integer-only,
 * O(R·C) draws in expectation. `params` has Python's Params fields (missing
 * ones take the defaults); `seed` is a BigInt, a safe integer, or seed text.
 */
export function generate(params, seed) {
  const p = makeParams(params || {});
  validateParams(p);
  const { rows, cols, density, fuses: maxFuses } = p;
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
    const cands = [];
    for (let d = 0; d < 8; d++) {
      const r2 = r + DY[d];
      const c2 = c + DX[d];
      if (r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols && shell[r2 * cols + c2]) cands.push(d);
    }
    let mask = 0;
    if (cands.length) {
      const k = 1 + rng.below(Math.min(maxFuses, cands.length));
      rng.shuffle(cands);
      for (let i = 0; i < k; i++) mask |= 1 << cands[i];
    }
    cells[cell] = mask;
  }
  return makeBoard(rows, cols, cells, p);
}
