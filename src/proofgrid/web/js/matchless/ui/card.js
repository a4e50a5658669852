// What the site's home and archive show of Matchless (js/app/puzzles.js
// describes `card`): its title, one line, its main links, and its daily —
// today's state for this player and the result of each past day. Small on
// purpose: the home imports it without loading the game (no engine here).

import { LAUNCH } from '../../core/dates.js';
import { helped, makeRecord, outcome, verdictWords } from '../../app/record.js';
import { DAILY_KEY, DAILY_SCHEMA } from './records.js';
import { PUZZLE } from './saved.js';
import { SavedGames } from '../../app/saved-games.js';
import { currentStreak } from '../../app/streak.js';

/** Matchless's archive results: {records: {date: {number, score, par, xray?}}}, kept apart so the streak never sees them. */
export const ARCHIVE_KEY = 'matchless.archive';
export const ARCHIVE_SCHEMA = {
  version: 1,
  label: 'archive results',
  initial: () => ({ records: {} }),
  validate: (d) => d !== null && typeof d === 'object' && DAILY_SCHEMA.validate({ records: d.records, current: null }),
};

/**
 * The one record (js/app/record.js) of a kept daily result {number, score,
 * par, xray?, hints?} of `date`: what the home, the archive and the stats read.
 */
export function recordOfDaily(r, date = null) {
  return makeRecord({
    puzzle: PUZZLE, date, number: r.number, moves: r.score, par: r.par, hints: r.hints, xray: r.xray, finished: true,
  });
}

/**
 * "solved in 7, at par" / "solved in 8, par 6, +2" / "solved in 6, solved
 * with help (1 hint)": the record's verdict (a hint or the X-ray is never at par).
 */
export function resultText(r) {
  const rec = recordOfDaily(r);
  return helped(rec) ? `solved in ${r.score} with help (${verdictWords(rec).slice('solved with help ('.length)}`
    : `solved in ${r.score}, ${verdictWords(rec)}`;
}

function kindOf(r) {
  return outcome(recordOfDaily(r));
}

function define(store) {
  store.define(DAILY_KEY, DAILY_SCHEMA);
  store.define(ARCHIVE_KEY, ARCHIVE_SCHEMA);
}

/** The unfinished saved daily of `iso` (today's or an archive day's), or null. */
function inProgress(store, iso) {
  const games = new SavedGames(store, PUZZLE);
  for (const g of games.list()) {
    if (g.finished || !(g.daily || g.preset === 'archive')) continue;
    const rec = games.load(g.gid);
    const st = rec?.state;
    if (st && st.date === iso && Array.isArray(st.moves) && st.moves.length) return { moves: st.moves.length };
  }
  return null;
}

/**
 * Today's daily for this player: {state: 'new' | 'playing' | 'solved', kind?,
 * words, streak} (streak: consecutive days with a finished daily up to today,
 * or up to yesterday while today's is not finished yet: js/app/streak.js).
 */
function today(store, iso) {
  define(store);
  const records = store.get(DAILY_KEY).records;
  const streak = currentStreak(records, iso);
  const r = records[iso];
  if (r) return { state: 'solved', kind: kindOf(r), words: resultText(r)[0].toUpperCase() + resultText(r).slice(1), streak };
  const p = inProgress(store, iso);
  if (p) return { state: 'playing', words: `In progress, ${p.moves} ${p.moves === 1 ? 'match' : 'matches'} struck`, streak };
  return { state: 'new', words: 'Not played yet', streak };
}

/**
 * This player's result of each day: {date: {kind, words}} with kind
 * 'par' | 'solved' | 'xray' | 'playing'; days not listed were not played.
 * A day's own daily counts first; an archive play fills a day missed.
 */
function results(store) {
  define(store);
  const out = {};
  const own = store.get(DAILY_KEY).records;
  const later = store.get(ARCHIVE_KEY).records;
  for (const [d, r] of Object.entries({ ...later, ...own })) out[d] = { kind: kindOf(r), words: resultText(r) };
  const games = new SavedGames(store, PUZZLE);
  for (const g of games.list()) {
    if (g.finished || !(g.daily || g.preset === 'archive')) continue;
    const st = games.load(g.gid)?.state;
    const d = st?.date;
    // In progress once a match is struck, as the home's "today" says it.
    if (typeof d === 'string' && !out[d] && Array.isArray(st.moves) && st.moves.length) out[d] = { kind: 'playing', words: 'in progress' };
  }
  return out;
}

export const card = Object.freeze({
  title: 'Matchless',
  blurb: 'Light the whole sky with the fewest matches. Par is proved, and the X-ray shows why.',
  links: Object.freeze([
    { href: '#daily', label: "Today's Matchless", primary: true },
    { href: '#practice', label: 'Practice' },
    { href: '#duel', label: 'Duel' },
    { href: '#edit', label: 'Editor' },
    { href: '#why', label: 'Why it works' },
  ]),
  daily: Object.freeze({
    label: "Today's Matchless",
    launch: LAUNCH,
    href: (iso) => (iso ? `#daily/${iso}` : '#daily'),
    today,
    results,
  }),
});
