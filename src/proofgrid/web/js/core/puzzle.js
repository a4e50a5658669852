// The puzzle contract in the browser, mirroring src/proofgrid/puzzle.py: game-ID
// text both ways and seeds, shared by every puzzle, and the names every engine
// mirror exports (its engine/index.js), so the UI and the tools can rely on them.
//
// Game IDs are "params:desc" (a fixed board) or "params#seed" (a generated one).
// Seeds: 1–20 ASCII decimal digits below 2**64 are that integer; any other text
// is hashed with seedFromText (after Python's strip()) — Python's parse_seed.

import { GameIdError } from './errors.js';
import { seedFromText } from './rng.js';
import { hasLoneSurrogate, pyLen, pyStrip, quote } from './text.js';

const MAX_ID = 4096;
const TWO64 = 1n << 64n;

/**
 * Split "params:desc" or "params#seed" (whitespace trimmed as Python does):
 * {params, desc} or {params, seed}. Throws GameIdError (Python's split_game_id).
 */
export function splitGameId(text) {
  if (typeof text !== 'string') throw new GameIdError('game ID must be text');
  const t = pyStrip(text);
  if (!t) throw new GameIdError('empty game ID');
  if (pyLen(t) > MAX_ID) throw new GameIdError(`game ID longer than ${MAX_ID} characters`);
  const colon = t.indexOf(':');
  const hash = t.indexOf('#');
  if (colon < 0 && hash < 0) throw new GameIdError(`game ID ${quote(t, 40)} has neither ':' nor '#'`);
  if (hash < 0 || (colon >= 0 && colon < hash)) {
    const desc = t.slice(colon + 1);
    if (!desc) throw new GameIdError("game ID has an empty description after ':'");
    return { params: t.slice(0, colon), desc };
  }
  const seed = t.slice(hash + 1);
  if (!seed) throw new GameIdError("game ID has an empty seed after '#'");
  if (hasLoneSurrogate(seed)) throw new GameIdError('game ID seed is not valid Unicode text');
  return { params: t.slice(0, hash), seed };
}

/** The 64-bit seed (BigInt) a game ID's seed text stands for (Python's parse_seed). */
export function seedValue(text) {
  const t = pyStrip(String(text));
  if (/^[0-9]+$/.test(t) && t.length <= 20 && BigInt(t) < TWO64) return BigInt(t);
  if (hasLoneSurrogate(t)) throw new GameIdError('seed text is not valid Unicode');
  return seedFromText(t);
}

/** Python's name for seedValue. */
export const parseSeed = seedValue;

/**
 * What every engine mirror's index module exports (the contract of
 * src/proofgrid/puzzle.py, in its order: params, descriptions, game IDs,
 * answers, dailies). Values differ per puzzle; the names and meanings do not:
 *   params       DEFAULT_PARAMS, PRESETS, makeParams, validateParams, encodeParams, decodeParams
 *   descriptions generate(params, seed), encodeDesc(board), decodeDesc(desc, params), GENERATOR_VERSION
 *   game IDs     parseGameId(text) -> board (throws GameIdError only), readGameId, formatGameId(board)
 *   answers      hint(position), status(position)
 *   dailies      daily(dateISO), LAUNCH
 *   errors       GameIdError
 */
export const ENGINE_CONTRACT = Object.freeze([
  'DEFAULT_PARAMS', 'PRESETS', 'makeParams', 'validateParams', 'encodeParams', 'decodeParams',
  'generate', 'encodeDesc', 'decodeDesc', 'GENERATOR_VERSION',
  'parseGameId', 'readGameId', 'formatGameId',
  'hint', 'status',
  'daily', 'LAUNCH',
  'GameIdError',
]);

/** The contract names an engine module does not export (empty when it fills the contract). */
export function missingFromContract(engine) {
  return ENGINE_CONTRACT.filter((name) => engine[name] === undefined);
}
