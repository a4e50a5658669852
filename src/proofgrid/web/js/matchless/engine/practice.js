// The twelve curated practice boards, easy to expert — the same list as
// Python's src/proofgrid/matchless/practice.json, shipped as a module
// (practice-data.js, written by tools/practice_js.py) so no fetch is needed.

import { PRACTICE_BOARDS as RAW } from './practice-data.js';

/** Every practice board with its measures: {number, level, id, par, myopic_gap, ...}. */
export const PRACTICE_BOARDS = Object.freeze(RAW.map((b) => Object.freeze({ ...b })));

/** The twelve game IDs, easy to expert. */
export const PRACTICE = Object.freeze(PRACTICE_BOARDS.map((b) => b.id));

/** The level ("easy", "medium", "hard", "expert") of practice board i (0-based). */
export function practiceLevel(i) {
  return PRACTICE_BOARDS[i].level;
}
