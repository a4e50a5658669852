// What the site's home and archive show of Kirchhoff (js/app/puzzles.js
// describes `card`): its title, one line, its main links, and its daily —
// today's state for this player and the result of each past day. Small on
// purpose: the home imports it without loading the game (no engine here).

import { LAUNCH } from '../../core/dates.js';
import { SavedGames } from '../../app/saved-games.js';
import { makeRecord, outcome } from '../../app/record.js';
import { currentStreak } from '../../app/streak.js';
import { DAILY_KEY, DAILY_SCHEMA, isDailyRecord } from './records.js';

const PUZZLE = 'kirchhoff'; // its saved games' name (saved.js)

/** Kirchhoff's archive results: {records: {date: {number, hints, ms, alarm?}}}, kept apart so the streak never sees them. */
export const ARCHIVE_KEY = 'kirchhoff.archive';
export const ARCHIVE_SCHEMA = {
  version: 1,
  label: 'Kirchhoff archive results',
  initial: () => ({ records: {} }),
  validate: (d) => d !== null && typeof d === 'object' && d.records !== null && typeof d.records === 'object'
    && Object.values(d.records).every(isDailyRecord),
};

const hintWords = (n) => (n === 0 ? 'no hints' : `${n} ${n === 1 ? 'hint' : 'hints'}`);

/**
 * The one record (js/app/record.js) of a kept daily result {number, hints,
 * ms, alarm?} of `date`: Kirchhoff has no par, so a finish without help is
 * its "at par" ('par'), and a hinted one is solved with help ('hints').
 */
export function recordOfDaily(r, date = null) {
  return makeRecord({ puzzle: PUZZLE, date, number: r.number, hints: r.hints, finished: true });
}

const kindOf = (r) => outcome(recordOfDaily(r));

function define(store) {
  store.define(DAILY_KEY, DAILY_SCHEMA);
  store.define(ARCHIVE_KEY, ARCHIVE_SCHEMA);
}

/**
 * Today's daily for this player: {state: 'new' | 'playing' | 'solved', kind?,
 * words, streak} (streak: js/app/streak.js currentStreak of the daily records).
 */
function today(store, iso) {
  define(store);
  const d = store.get(DAILY_KEY);
  const streak = currentStreak(d.records, iso);
  const r = d.records[iso];
  if (r) return { state: 'solved', kind: kindOf(r), words: `Solved with ${hintWords(r.hints)}`, streak };
  if (d.current && d.current.date === iso && /[1-3]/.test(d.current.marks)) {
    return { state: d.current.revealed ? 'revealed' : 'playing', words: d.current.revealed ? 'Solution shown' : 'In progress', streak };
  }
  return { state: 'new', words: 'Not played yet', streak };
}

/**
 * This player's result of each day: {date: {kind, words}} with kind
 * 'par' (no hints) | 'hints' | 'playing'; days not listed were not played.
 */
function results(store) {
  define(store);
  const d = store.get(DAILY_KEY);
  const out = {};
  for (const [day, r] of Object.entries({ ...store.get(ARCHIVE_KEY).records, ...d.records })) {
    out[day] = { kind: kindOf(r), words: `solved with ${hintWords(r.hints)}` };
  }
  const playing = (day, marks) => {
    if (typeof day === 'string' && !out[day] && typeof marks === 'string' && /[1-3]/.test(marks)) {
      out[day] = { kind: 'playing', words: 'in progress' };
    }
  };
  if (d.current) playing(d.current.date, d.current.marks);
  // A past day's daily (the archive) is a saved game of its own, under its board's game ID.
  const games = new SavedGames(store, PUZZLE);
  for (const g of games.list()) {
    if (g.finished || !g.daily) continue;
    const st = games.load(g.gid)?.state;
    playing(st?.date, st?.marks);
  }
  return out;
}

export const card = Object.freeze({
  title: 'Kirchhoff',
  blurb: 'Draw arrows so that every number balances. The board knows the moment a position can no longer be solved.',
  links: Object.freeze([
    { href: '#kirchhoff/daily', label: 'Daily Kirchhoff', primary: true },
    { href: '#kirchhoff', label: 'New puzzle' },
    { href: '#kirchhoff/rules', label: 'Rules' },
    { href: '#kirchhoff/edit', label: 'Editor' },
    { href: '#kirchhoff/why', label: 'Why it works' },
  ]),
  daily: Object.freeze({
    label: 'Daily Kirchhoff',
    launch: LAUNCH,
    href: (iso) => (iso ? `#kirchhoff/daily/${iso}` : '#kirchhoff/daily'),
    today,
    results,
  }),
});
