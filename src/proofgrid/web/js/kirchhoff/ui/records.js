// Kirchhoff's saved data: one storage key per concern (js/app/storage.js),
// each with a schema version, separate from Matchless's keys.

import { isISODate } from '../../app/dates.js';

const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isCount = (x) => Number.isInteger(x) && x >= 0 && x <= 1e6;
const isMs = (x) => x === null || (Number.isInteger(x) && x >= 0 && x <= 1e9);
const isMarks = (m) => typeof m === 'string' && m.length <= 480 && /^[0-3]*$/.test(m);
const isGameId = (s) => typeof s === 'string' && s.length >= 3 && s.length <= 600;

export const PRESET_NAMES = ['easy', 'medium', 'hard', 'expert', 'giant'];
export const PRESET_LABELS = {
  easy: 'Easy 5×5', medium: 'Medium 6×6', hard: 'Hard 7×7', expert: 'Expert 10×10', giant: 'Giant 16×16',
};
const PRESET_SIZE = { easy: 5, medium: 6, hard: 7, expert: 10, giant: 16 };

/** The preset whose square size a board has, or 'other'. */
export function presetOfSize(rows, cols) {
  if (rows !== cols) return 'other';
  return PRESET_NAMES.find((p) => PRESET_SIZE[p] === rows) || 'other';
}

export const DAILY_KEY = 'kirchhoff.daily';
export const PLAY_KEY = 'kirchhoff.play';
export const SETTINGS_KEY = 'kirchhoff.settings';
export const TIMES_KEY = 'kirchhoff.times';

/**
 * A finished daily: its number, the hints looked at, the time (null when the
 * timer was off) and whether the lost alarm was on (optional: older records
 * do not say).
 */
export function isDailyRecord(r) {
  return isObj(r) && Number.isInteger(r.number) && r.number >= 1 && isCount(r.hints) && isMs(r.ms)
    && (r.alarm === undefined || typeof r.alarm === 'boolean');
}

/** {records: {date: {number, hints, ms, alarm?}}, current: null | {date, marks, hints, ms, revealed?, alarm?}} */
export const DAILY_SCHEMA = {
  version: 1,
  label: 'Kirchhoff daily results',
  initial: () => ({ records: {}, current: null }),
  validate: (d) => isObj(d) && isObj(d.records)
    && Object.entries(d.records).every(([k, r]) => isISODate(k) && isDailyRecord(r))
    && (d.current === null || (isObj(d.current) && isISODate(d.current.date) && isMarks(d.current.marks)
      && isCount(d.current.hints) && isMs(d.current.ms) && typeof (d.current.revealed ?? false) === 'boolean'
      && typeof (d.current.alarm ?? false) === 'boolean')),
};

/** {preset, current: null | {id, marks}} — the last preset played and the game in progress. */
export const PLAY_SCHEMA = {
  version: 1,
  label: 'Kirchhoff game in progress',
  initial: () => ({ preset: 'hard', current: null }),
  validate: (d) => isObj(d) && PRESET_NAMES.includes(d.preset)
    && (d.current === null || (isObj(d.current) && isGameId(d.current.id) && isMarks(d.current.marks))),
};

/**
 * The old options key {indicators, timer, alarm: {preset|'other': bool}},
 * read once by options.js (migrateOldOptions) and then dropped: the options
 * now live in the site's settings, the same on every preset.
 */
export const SETTINGS_SCHEMA = {
  version: 1,
  label: 'Kirchhoff settings',
  initial: () => ({
    indicators: true,
    timer: false,
    alarm: { easy: true, medium: false, hard: false, expert: false, giant: false, other: false },
  }),
  validate: (d) => isObj(d) && typeof d.indicators === 'boolean' && typeof d.timer === 'boolean'
    && isObj(d.alarm) && [...PRESET_NAMES, 'other'].every((k) => typeof d.alarm[k] === 'boolean'),
};

/** {best: {preset: ms}} — best solve times (no hint, no shown solution) per preset. */
export const TIMES_SCHEMA = {
  version: 1,
  label: 'Kirchhoff best times',
  initial: () => ({ best: {} }),
  validate: (d) => isObj(d) && isObj(d.best)
    && Object.entries(d.best).every(([k, v]) => PRESET_NAMES.includes(k) && Number.isInteger(v) && v > 0),
};

export function defineKirchhoffKeys(store) {
  store.define(DAILY_KEY, DAILY_SCHEMA);
  store.define(PLAY_KEY, PLAY_SCHEMA);
  store.define(SETTINGS_KEY, SETTINGS_SCHEMA);
  store.define(TIMES_KEY, TIMES_SCHEMA);
}

export const KIRCHHOFF_KEYS = [DAILY_KEY, PLAY_KEY, SETTINGS_KEY, TIMES_KEY];
