// Matchless parameters, mirroring src/proofgrid/matchless/params.py.
//
// Generator v1 (every params text written before v2; frozen): "RxC" optionally
// followed by "dNN" (shell density, percent) and "fK" (maximum fuses per
// shell): 6x6, 6x6d70, 6x6d70f3. Missing parts take the v1 defaults (V1).
// Generator v2: "RxCv2" then, optionally and in this order, dNN, fK, nD
// (directions 4 or 8), mNN (mutual-pair bias, percent), eE (1: fuses may be
// drawn towards empty cells) and xX (1: exactly min(fK, candidates) fuses).
// Missing parts take the v2 defaults (V2). DEFAULT_PARAMS (no params given)
// is V2; the named PRESETS stay v1.

import { GameIdError } from '../../core/errors.js';
import { pyInt, pyStrip, quote } from '../../core/text.js';

export const MIN_SIZE = 2;
export const MAX_SIZE = 12;

const FIELDS = Object.freeze({
  rows: 6, cols: 6, density: 70, fuses: 2, version: 1, dirs: 8, mutual: 0, empty: 0, exact: 0,
});

/** Frozen params with defaults filled in (fields as Python's Params; v1 defaults). */
export function makeParams(p = {}) {
  const out = {};
  for (const [k, v] of Object.entries(FIELDS)) out[k] = p[k] === undefined ? v : p[k];
  return Object.freeze(out);
}

/** Generator v1's defaults (6x6d70f2), frozen. */
export const V1 = makeParams();
/** Generator v2's defaults: the model fitted to the seed (docs/studies.md), frozen. */
export const V2 = makeParams({ density: 72, fuses: 3, version: 2, dirs: 4, mutual: 40 });
export const DEFAULT_PARAMS = V2;

export const PRESETS = Object.freeze({
  small: makeParams({ rows: 4, cols: 4 }),
  medium: makeParams({ rows: 5, cols: 5 }),
  default: V1,
  large: makeParams({ rows: 8, cols: 8 }),
});

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
  const v = p.version === undefined ? 1 : p.version;
  const dirs = p.dirs === undefined ? 8 : p.dirs;
  const mutual = p.mutual === undefined ? 0 : p.mutual;
  const empty = p.empty === undefined ? 0 : p.empty;
  const exact = p.exact === undefined ? 0 : p.exact;
  if (v === 1) {
    if (dirs !== 8 || mutual !== 0 || empty !== 0 || exact !== 0) {
      throw new GameIdError('generator v1 has 8 directions and no other settings');
    }
  } else if (v === 2) {
    if (dirs !== 4 && dirs !== 8) throw new GameIdError(`directions ${dirs} must be 4 or 8`);
    if (!(int(mutual) && mutual >= 0 && mutual <= 100)) {
      throw new GameIdError(`mutual-pair bias ${mutual} out of range 0..100`);
    }
    if (!((empty === 0 || empty === 1) && (exact === 0 || exact === 1))) {
      throw new GameIdError('settings e and x are 0 or 1');
    }
  } else {
    throw new GameIdError(`generator version ${v} unknown (1 or 2)`);
  }
}

/** Full form ("RxCdNNfK" for v1, "RxCv2dNNfKnDmNNeExX" for v2) or "RxC". */
export function encodeParams(p, { full = true } = {}) {
  const size = `${p.rows}x${p.cols}`;
  if (!full) return size;
  const q = makeParams(p);
  if (q.version === 1) return `${size}d${q.density}f${q.fuses}`;
  return `${size}v2d${q.density}f${q.fuses}n${q.dirs}m${q.mutual}e${q.empty}x${q.exact}`;
}

// Python's re \d matches every Unicode decimal digit (category Nd) and int()
// reads them: core/text.js's pyInt mirrors both.
const PARAMS_RE = new RegExp(
  '^([0-9]{1,2})x([0-9]{1,2})(v2)?(?:d([0-9]{1,3}))?(?:f([0-9]{1,2}))?'
  + '(?:n([0-9]{1,2}))?(?:m([0-9]{1,3}))?(?:e([0-9]))?(?:x([0-9]))?$', 'u');

/** Parse params text; throws GameIdError. */
export function decodeParams(text) {
  const t = pyStrip(String(text)).toLowerCase();
  const m = PARAMS_RE.exec(t);
  if (!m || (m[3] === undefined && m.slice(6).some((x) => x !== undefined))) {
    throw new GameIdError(`cannot read params ${quote(pyStrip(String(text)), 40)} (expected e.g. 6x6d70f2)`);
  }
  const base = m[3] === undefined ? V1 : V2;
  const num = (x, dflt) => (x === undefined ? dflt : pyInt(x));
  const p = makeParams({
    rows: pyInt(m[1]),
    cols: pyInt(m[2]),
    density: num(m[4], base.density),
    fuses: num(m[5], base.fuses),
    version: base.version,
    dirs: num(m[6], base.dirs),
    mutual: num(m[7], base.mutual),
    empty: num(m[8], base.empty),
    exact: num(m[9], base.exact),
  });
  validateParams(p);
  return p;
}
