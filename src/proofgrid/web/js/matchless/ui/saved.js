// Matchless's saved games (js/app/saved-games.js SavedGames, one key per game ID):
// every board a player has touched — the daily, practice boards, random boards
// and boards from a link or the editor — is kept under its canonical game ID
// with state {moves, xray} (the shells struck in order, whether the X-ray was
// shown). Only today's daily is kept among dailies.

import { SavedGames } from '../../app/saved-games.js';
import { encodeId } from '../../app/router.js';

export const PUZZLE = 'matchless';
/** Presets of random boards ("New puzzle"), in the order the picker shows them. */
export const RANDOM_PRESETS = Object.freeze(['small', 'medium', 'default', 'large']);
export const PRESET_LABELS = Object.freeze({
  small: 'Small 4×4', medium: 'Medium 5×5', default: 'Standard 6×6', large: 'Large 8×8',
});

const isMoves = (m) => Array.isArray(m) && m.length <= 200 && m.every((x) => Number.isInteger(x) && x >= 0 && x < 144);

export function savedGames(store) {
  return new SavedGames(store, PUZZLE);
}

/** The saved {moves, xray} of `gid` (empty when none or unreadable). */
export function loadState(games, gid) {
  const rec = games.load(gid);
  const st = rec && rec.state;
  if (!st || !isMoves(st.moves)) return { moves: [], xray: false, preset: rec?.preset ?? null, finished: false };
  const out = { moves: st.moves.slice(), xray: st.xray === true, preset: rec.preset, finished: rec.finished };
  if (Number.isInteger(st.hints) && st.hints > 0) out.hints = st.hints; // hints asked for, when any
  return out;
}

/** Save a touched board: nothing is stored for a board with no move and no X-ray. */
export function saveState(games, gid, { preset, moves, xray = false, hints = 0, finished = false, daily = false, date = null }) {
  if (!moves.length && !xray && !hints && !games.load(gid)) return false;
  const state = { moves: moves.slice(0, 200), xray: Boolean(xray), ...(date ? { date } : {}) };
  if (hints > 0) state.hints = hints;
  return games.save(gid, { preset, state, finished, daily });
}

/** Forget every saved daily but `keepGid` (only today's daily is kept). */
export function dropOldDailies(games, keepGid) {
  for (const e of games.list()) if (e.daily && e.gid !== keepGid) games.remove(e.gid);
}

/** The route that reopens a saved game. */
export function continueHref(gid, record, practice = []) {
  if (record?.daily) return '#daily';
  if (record?.preset === 'archive' && typeof record.state?.date === 'string') return `#daily/${record.state.date}`;
  const i = practice.indexOf(gid);
  if (record?.preset === 'practice' && i >= 0) return `#practice/${i + 1}`;
  return `#play/${encodeId(gid)}`;
}

/** Short player words for a saved game: "Matchless · Practice 4, 3 matches struck". */
export function continueLabel(gid, record, practice = []) {
  const size = /^(\d+)x(\d+)/.exec(gid);
  const i = practice.indexOf(gid);
  let what;
  if (record?.daily) what = "Today's daily";
  else if (record?.preset === 'archive') what = `Daily of ${String(record.state?.date || '').slice(0, 10)}`;
  else if (record?.preset === 'practice' && i >= 0) what = `Practice ${i + 1}`;
  else if (size) what = `${size[1]}×${size[2]} board`;
  else what = 'A board';
  const n = isMoves(record?.state?.moves) ? record.state.moves.length : 0;
  const done = record?.finished ? ', solved' : `, ${n} ${n === 1 ? 'match' : 'matches'} struck`;
  return `Matchless · ${what}${done}`;
}
