// Daily results, streaks and stats, kept by calendar date.
// records: {"YYYY-MM-DD": {number, score, par}} — one entry per date, the
// first completed game of that date (playing again never doubles a day).
// The streak counts consecutive calendar days with a completed daily; it is
// still alive today until the day ends (counted back from yesterday when
// today is not played yet), and a skipped day breaks it.

import { addDays, dayNumber, isISODate } from './dates.js';

/** Is `r` a valid daily record? */
export function isRecord(r) {
  return r !== null && typeof r === 'object'
    && Number.isInteger(r.number) && Number.isInteger(r.score) && Number.isInteger(r.par)
    && r.score >= 1 && r.par >= 1 && r.score >= r.par;
}

/** Validate a whole records map. */
export function isRecords(records) {
  if (records === null || typeof records !== 'object' || Array.isArray(records)) return false;
  return Object.entries(records).every(([d, r]) => isISODate(d) && isRecord(r));
}

/**
 * Records with `result` added for `dateISO` unless that date already has one
 * (the first finished game of a date counts). `isValid` checks the result;
 * only the `fields` named are kept. Any puzzle's daily records go through here.
 */
export function recordFirst(records, dateISO, result, isValid, fields) {
  if (!isISODate(dateISO)) throw new RangeError(`not a date: ${dateISO}`);
  if (!isValid(result)) throw new RangeError('not a daily result');
  if (Object.prototype.hasOwnProperty.call(records, dateISO)) return { ...records };
  return { ...records, [dateISO]: Object.fromEntries(fields.map((k) => [k, result[k]])) };
}

/** Records with `result` added for `dateISO`, unless that date already has one. */
export function recordResult(records, dateISO, result) {
  return recordFirst(records, dateISO, result, isRecord, ['number', 'score', 'par']);
}

/** Current streak ending today (or yesterday, if today is not played yet). */
export function currentStreak(records, todayISO) {
  let day = Object.prototype.hasOwnProperty.call(records, todayISO) ? todayISO : addDays(todayISO, -1);
  let n = 0;
  while (Object.prototype.hasOwnProperty.call(records, day)) {
    n += 1;
    day = addDays(day, -1);
  }
  return n;
}

/** Longest run of consecutive played dates. */
export function bestStreak(records) {
  const days = Object.keys(records).map(dayNumber).sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let prev = null;
  for (const d of days) {
    run = prev !== null && d === prev + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    prev = d;
  }
  return best;
}

/**
 * The numbers every daily stats panel shows: played, top (results in bucket 0,
 * the best one), topPct (its integer percent), current and best streak, and
 * the distribution over four buckets; `bucketOf(record)` is 0..3.
 */
export function summarizeBuckets(records, todayISO, bucketOf) {
  const list = Object.values(records);
  const distribution = [0, 0, 0, 0];
  for (const r of list) distribution[bucketOf(r)] += 1;
  const played = list.length;
  const top = distribution[0];
  return {
    played,
    top,
    topPct: played ? Math.round((100 * top) / played) : 0,
    current: currentStreak(records, todayISO),
    best: bestStreak(records),
    distribution,
  };
}

/**
 * Stats for the stats panel: played, atPar, winPct (integer percent at par),
 * current and best streak, distribution [at par, +1, +2, +3 or more].
 */
export function summarize(records, todayISO) {
  const { played, top, topPct, current, best, distribution } = summarizeBuckets(
    records, todayISO, (r) => Math.min(r.score - r.par, 3));
  return { played, atPar: top, winPct: topPct, current, best, distribution };
}
