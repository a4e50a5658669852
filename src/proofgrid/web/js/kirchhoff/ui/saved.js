// Kirchhoff's saved games (js/app/saved-games.js, one storage key per game ID):
// every board a player has touched — a preset, a shared link, an editor
// board, the daily — is kept under its canonical params:desc game ID with
// its marks, hints looked at, time and whether the solution was shown. A Play
// route without an ID resumes the last unfinished game of its preset; only
// "New puzzle" starts a new board. The state is checked on the way in, so a
// damaged record is treated as no record (never a broken board). A saved
// grade is kept only when it is one of the engine's grades (handed in:
// KirchhoffGames's `grades`, the engine's GRADES).

import { SavedGames } from '../../app/saved-games.js';
import { localISO } from '../../app/dates.js';
import { PLAY_KEY, PRESET_LABELS, presetOfSize } from './records.js';
import { kirchhoffHash } from './routes.js';

const isCount = (x) => Number.isInteger(x) && x >= 0 && x <= 1e6;
const MARKS_RE = /^[0-3]{0,480}$/;

/** The board size a fixed game ID names ("7x7dh:..." -> {rows: 7, cols: 7}), or null. */
export function sizeOfGameId(gid) {
  const m = /^(\d{1,2})x(\d{1,2})/.exec(String(gid));
  return m ? { rows: Number(m[1]), cols: Number(m[2]) } : null;
}

/** The preset of a game ID's size ('other' for sizes no preset has). */
export function presetOfGameId(gid) {
  const s = sizeOfGameId(gid);
  return s ? presetOfSize(s.rows, s.cols) : 'other';
}

/**
 * A saved state as the play view restores it: {marks, hints, ms, revealed,
 * alarm, crossedByGame?, date?, grade?}, or null when `state` is not one;
 * `grade` only when it is one of `grades` (the engine's GRADES).
 */
export function validState(state, grades = []) {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return null;
  if (typeof state.marks !== 'string' || !MARKS_RE.test(state.marks)) return null;
  const out = {
    marks: state.marks,
    hints: isCount(state.hints) ? state.hints : 0,
    ms: isCount(state.ms) ? state.ms : 0,
    revealed: state.revealed === true,
    alarm: state.alarm === true,
  };
  if (typeof state.crossedByGame === 'string' && state.crossedByGame.length === state.marks.length && /^[01]*$/.test(state.crossedByGame)) {
    out.crossedByGame = state.crossedByGame; // the edges the game crossed itself (view.js)
  }
  if (typeof state.date === 'string') out.date = state.date;
  if (grades.includes(state.grade)) out.grade = state.grade;
  return out;
}

/** Number of arrows in a marks text. */
export function arrowsIn(marks) {
  let n = 0;
  for (const ch of String(marks)) if (ch === '1' || ch === '2') n += 1;
  return n;
}

export class KirchhoffGames {
  /** @param opts {grades (the engine's GRADES), ...SavedGames's options} */
  constructor(store, { grades = [], ...opts } = {}) {
    this.grades = grades;
    this.games = new SavedGames(store, 'kirchhoff', opts);
  }

  /** The saved state of `gid` ({marks, hints, ms, revealed, alarm, finished, daily}) or null. */
  load(gid) {
    const r = this.games.load(gid);
    const s = r ? validState(r.state, this.grades) : null;
    return s ? { ...s, finished: r.finished, daily: r.daily } : null;
  }

  /** Keep `gid`'s state; `daily` games are never evicted. */
  save(gid, state, { finished = false, daily = false } = {}) {
    return this.games.save(gid, { preset: presetOfGameId(gid), state, finished, daily });
  }

  lastUnfinished(preset) { return this.games.lastUnfinished(preset); }

  list() { return this.games.list(); }

  /**
   * Move the single "game in progress" of the old kirchhoff.play key into the
   * saved games (once; a touched board only), so no game is lost on upgrade.
   */
  adoptOldSlot(store) {
    const d = store.get(PLAY_KEY);
    const cur = d.current;
    if (!cur) return;
    if (/[1-3]/.test(cur.marks) && !this.games.load(cur.id)) this.save(cur.id, { marks: cur.marks, hints: 0, ms: 0 });
    store.update(PLAY_KEY, (x) => ({ ...x, current: null }));
  }
}

/** Where the home page's "Continue" list reopens a saved game (today's daily on its own page). */
export function continueHref(gid, record, today = localISO()) {
  if (record?.daily && record.state?.date === today) return kirchhoffHash({ view: 'daily' });
  if (record?.daily && typeof record.state?.date === 'string') return kirchhoffHash({ view: 'daily', date: record.state.date });
  return kirchhoffHash({ view: 'play', id: gid });
}

/** A short line for the "Continue" list: "Kirchhoff · Hard 7×7, 12 arrows drawn". */
export function continueLabel(gid, record) {
  const s = validState(record?.state);
  const n = s ? arrowsIn(s.marks) : 0;
  const drawn = `${n} ${n === 1 ? 'arrow' : 'arrows'} drawn`;
  if (record?.daily) return `Daily Kirchhoff${s?.date ? ` ${s.date}` : ''}, ${drawn}`;
  const size = sizeOfGameId(gid);
  const preset = presetOfGameId(gid);
  const what = PRESET_LABELS[preset] || (size ? `${size.rows}×${size.cols}` : 'board');
  return `Kirchhoff · ${what}, ${drawn}`;
}
