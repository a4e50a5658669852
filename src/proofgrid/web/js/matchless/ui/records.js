// Matchless's saved data: one key per concern, each with a schema version.

import { isRecords } from '../../app/streak.js';
import { isISODate } from '../../app/dates.js';

const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isMoves = (m) => Array.isArray(m) && m.length <= 200 && m.every((x) => Number.isInteger(x) && x >= 0 && x < 144);

export const DAILY_KEY = 'matchless.daily';
export const PRACTICE_KEY = 'matchless.practice';
export const DUEL_KEY = 'matchless.duel';

/** {records: {date: {number, score, par}}, current: null | {date, moves}} */
export const DAILY_SCHEMA = {
  version: 1,
  label: 'daily results',
  initial: () => ({ records: {}, current: null }),
  validate: (d) => isObj(d) && isRecords(d.records)
    && (d.current === null || (isObj(d.current) && isISODate(d.current.date) && isMoves(d.current.moves))),
};

/**
 * {best: {"<board index>": fewest matches}, current: null | {index, moves},
 * helped?: {"<board index>": true}} — helped (added later, so it may be
 * missing) marks a best reached only with a hint or the X-ray.
 */
export const PRACTICE_SCHEMA = {
  version: 1,
  label: 'practice progress',
  initial: () => ({ best: {}, current: null }),
  validate: (d) => isObj(d) && isObj(d.best)
    && Object.entries(d.best).every(([k, v]) => /^\d{1,2}$/.test(k) && Number.isInteger(v) && v >= 1)
    && (d.helped === undefined || (isObj(d.helped) && Object.entries(d.helped).every(([k, v]) => /^\d{1,2}$/.test(k) && v === true)))
    && (d.current === null || (isObj(d.current) && Number.isInteger(d.current.index) && isMoves(d.current.moves))),
};

const OPPONENTS = ['friend', 'random', 'greedy', 'perfect'];

/**
 * {rule, opponent, series: {p1, p2, draws}, first?: 0 | 1 (who starts), match?: boolean
 * (two games with starts swapped)}; first and match came later, so they may be missing.
 */
export const DUEL_SCHEMA = {
  version: 1,
  label: 'duel settings',
  initial: () => ({ rule: 'fewest', opponent: 'greedy', series: { p1: 0, p2: 0, draws: 0 }, first: 0, match: true }),
  validate: (d) => isObj(d) && (d.rule === 'fewest' || d.rule === 'most') && OPPONENTS.includes(d.opponent)
    && isObj(d.series) && ['p1', 'p2', 'draws'].every((k) => Number.isInteger(d.series[k]) && d.series[k] >= 0)
    && (d.first === undefined || d.first === 0 || d.first === 1)
    && (d.match === undefined || typeof d.match === 'boolean'),
};

export const OPPONENT_LABELS = {
  friend: 'A friend (pass and play)',
  random: 'Bot — easy (random)',
  greedy: 'Bot — medium (greedy)',
  perfect: 'Bot — hard (perfect)',
};

export function defineMatchlessKeys(store) {
  store.define(DAILY_KEY, DAILY_SCHEMA);
  store.define(PRACTICE_KEY, PRACTICE_SCHEMA);
  store.define(DUEL_KEY, DUEL_SCHEMA);
}
