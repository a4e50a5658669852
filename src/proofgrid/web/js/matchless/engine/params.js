// Matchless parameters, mirroring src/proofgrid/matchless/params.py:
// "RxC" optionally followed by "dNN" (shell density, percent) and "fK" (maximum
// fuses per shell): 6x6, 6x6d70, 6x6d70f3. Missing parts take the defaults.

import { GameIdError } from '../../core/errors.js';
import { pyInt, pyStrip, quote } from '../../core/text.js';

export const MIN_SIZE = 2;
export const MAX_SIZE = 12;
export const DEFAULT_PARAMS = Object.freeze({ rows: 6, cols: 6, density: 70, fuses: 2 });

export const PRESETS = Object.freeze({
  small: Object.freeze({ rows: 4, cols: 4, density: 70, fuses: 2 }),
  medium: Object.freeze({ rows: 5, cols: 5, density: 70, fuses: 2 }),
  default: DEFAULT_PARAMS,
  large: Object.freeze({ rows: 8, cols: 8, density: 70, fuses: 2 }),
});

/** Frozen params with defaults filled in (fields as Python's Params). */
export function makeParams({ rows = 6, cols = 6, density = 70, fuses = 2 } = {}) {
  return Object.freeze({ rows, cols, density, fuses });
}

/** Throw GameIdError unless every field is an integer in range. */
export function validateParams(p) {
  const int = (x) => Number.isSafeInteger(x);
  if (!(p && int(p.rows) && int(p.cols)
    && p.rows >= MIN_SIZE && p.rows <= MAX_SIZE && p.cols >= MIN_SIZE && p.cols <= MAX_SIZE)) {
    throw new GameIdError(
      `size ${p && p.rows}x${p && p.cols} out of range (${MIN_SIZE}..${MAX_SIZE} each way)`);
  }
  if (!(int(p.density) && p.density >= 1 && p.density <= 100)) {
    throw new GameIdError(`density ${p.density} out of range 1..100`);
  }
  if (!(int(p.fuses) && p.fuses >= 1 && p.fuses <= 8)) {
    throw new GameIdError(`fuses per shell ${p.fuses} out of range 1..8`);
  }
}

/** "RxCdNNfK" (full) or "RxC". */
export function encodeParams(p, { full = true } = {}) {
  const size = `${p.rows}x${p.cols}`;
  return full ? `${size}d${p.density}f${p.fuses}` : size;
}

// Python's re \d matches every Unicode decimal digit (category Nd) and int()
// reads them: core/text.js's pyInt mirrors both.
const PARAMS_RE = /^(\p{Nd}{1,2})x(\p{Nd}{1,2})(?:d(\p{Nd}{1,3}))?(?:f(\p{Nd}{1,2}))?$/u;

/** Parse params text; throws GameIdError. */
export function decodeParams(text) {
  const t = pyStrip(String(text)).toLowerCase();
  const m = PARAMS_RE.exec(t);
  if (!m) throw new GameIdError(`cannot read params ${quote(pyStrip(String(text)), 40)} (expected e.g. 6x6d70f2)`);
  const p = makeParams({
    rows: pyInt(m[1]),
    cols: pyInt(m[2]),
    density: m[3] === undefined ? DEFAULT_PARAMS.density : pyInt(m[3]),
    fuses: m[4] === undefined ? DEFAULT_PARAMS.fuses : pyInt(m[4]),
  });
  validateParams(p);
  return p;
}
