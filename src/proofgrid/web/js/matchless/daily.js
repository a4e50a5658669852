// The daily board: a pure function of the date, rebuilt offline in the browser,
// mirroring src/proofgrid/matchless/daily.py exactly:
//   seed  = seedFromText(`matchless/v${GENERATOR_VERSION}/daily/${YYYY-MM-DD}`)
//   rng   = SplitMix64(seed); attempt k generates generate(DAILY_PARAMS, rng.next64())
//   daily = the first attempt that clears the bar: 4 <= par <= 7, myopic gap >= 1,
//           at least one hidden source (at most MAX_ATTEMPTS; else attempt 0).
// Puzzle number = days since LAUNCH (2026-11-30 is #1) plus one. Dates are
// calendar dates in integer arithmetic (no Date object, so no time zone).

import { SplitMix64, seedFromText } from '../core/rng.js';
import { formatGameId } from './codec.js';
import { GameIdError, pyStrip, quote } from './errors.js';
import { GENERATOR_VERSION, generate } from './generate.js';
import { makeParams } from './params.js';
import { solve } from './solve.js';

export const LAUNCH = '2026-11-30';
export const DAILY_PARAMS = makeParams({ rows: 6, cols: 6, density: 70, fuses: 2 });
export const MIN_PAR = 4;
export const MAX_PAR = 7;
export const MAX_ATTEMPTS = 1000;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
 * days_from_civil, integer only).
 */
export function daysFromCivil(y, m, d) {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date `days` after 1970-01-01 as "YYYY-MM-DD" (Hinnant's civil_from_days). */
export function civilFromDays(days) {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function daysInMonth(y, m) {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/**
 * Parse an ISO calendar date "YYYY-MM-DD" (surrounding whitespace allowed) to
 * {iso, days}; throws GameIdError. (Python's parser also takes the compact
 * and week forms; the browser only ever produces this one.)
 */
export function parseDate(text) {
  const t = pyStrip(String(text));
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(t);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo)) {
      return { iso: t, days: daysFromCivil(y, mo, d) };
    }
  }
  throw new GameIdError(`cannot read date ${quote(t, 20)} (use YYYY-MM-DD)`);
}

const LAUNCH_DAYS = parseDate(LAUNCH).days;

/** Days since the launch plus one; throws GameIdError before the launch. */
export function puzzleNumber(dateISO) {
  const number = parseDate(dateISO).days - LAUNCH_DAYS + 1;
  if (number < 1) throw new GameIdError(`daily boards begin on ${LAUNCH} (#1)`);
  return number;
}

/** The date of a puzzle number ("YYYY-MM-DD"). */
export function dateOfNumber(number) {
  return civilFromDays(LAUNCH_DAYS + number - 1);
}

/** The 64-bit seed (BigInt) of a date's stream. */
export function dailySeed(dateISO) {
  return seedFromText(`matchless/v${GENERATOR_VERSION}/daily/${parseDate(dateISO).iso}`);
}

/** The daily bar: par in 4..7, myopic gap >= 1, at least one hidden source. */
export function clearsBar(sol) {
  return sol.par >= MIN_PAR && sol.par <= MAX_PAR && sol.myopicGap >= 1 && sol.hiddenSources >= 1;
}

/**
 * The daily puzzle of a date: {date, id, number, attempt, barMet, board, solution}.
 * Deterministic; a few milliseconds. Throws GameIdError for a bad or pre-launch date.
 */
export function daily(dateISO) {
  const { iso } = parseDate(dateISO);
  const number = puzzleNumber(iso);
  const rng = new SplitMix64(dailySeed(iso));
  let first = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const board = generate(DAILY_PARAMS, rng.next64());
    const solution = solve(board);
    if (first === null) first = { board, solution };
    if (clearsBar(solution)) {
      return Object.freeze({ date: iso, id: formatGameId(board), number, attempt, barMet: true, board, solution });
    }
  }
  return Object.freeze({
    date: iso, id: formatGameId(first.board), number, attempt: 0, barMet: false, ...first,
  });
}
