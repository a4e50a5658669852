// The daily board: a pure function of the date, rebuilt offline in the browser,
// mirroring src/proofgrid/matchless/daily.py exactly:
//   params = DAILY_PARAMS (v1, 6x6d70f2) before SWITCH (2027-01-01), DAILY_PARAMS_V2
//            (the v2 default model, 6x6) from SWITCH on
//   seed  = seedFromText(`matchless/v${version}/daily/${YYYY-MM-DD}`), version = params.version
//   rng   = SplitMix64(seed); attempt k generates generate(params, rng.next64())
//   daily = the first attempt that clears the bar: 4 <= par <= 7, myopic gap >= 1,
//           at least one hidden source (at most MAX_ATTEMPTS; else attempt 0).
// Puzzle number = days since LAUNCH (2026-11-30 is #1) plus one. Dates are
// calendar dates in integer arithmetic (no Date object, so no time zone).

import { LAUNCH, civilFromDays, parseDate } from '../../core/dates.js';
import { GameIdError } from '../../core/errors.js';
import { SplitMix64, seedFromText } from '../../core/rng.js';
import { formatGameId } from './codec.js';
import { GENERATOR_VERSION, generate } from './generate.js';
import { V2, makeParams } from './params.js';
import { solve } from './solve.js';

export const DAILY_PARAMS = makeParams({ rows: 6, cols: 6, density: 70, fuses: 2 });
export const DAILY_PARAMS_V2 = V2;
export const SWITCH = '2027-01-01';
export const MIN_PAR = 4;
export const MAX_PAR = 7;
export const MAX_ATTEMPTS = 1000;

const LAUNCH_DAYS = parseDate(LAUNCH).days;
const SWITCH_DAYS = parseDate(SWITCH).days;

/** The params of a date's daily: v1 before SWITCH, v2 from it on. */
export function dailyParams(dateISO) {
  return parseDate(dateISO).days < SWITCH_DAYS ? DAILY_PARAMS : DAILY_PARAMS_V2;
}

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
  const version = dailyParams(dateISO) === DAILY_PARAMS ? GENERATOR_VERSION : DAILY_PARAMS_V2.version;
  return seedFromText(`matchless/v${version}/daily/${parseDate(dateISO).iso}`);
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
  const params = dailyParams(iso);
  let first = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const board = generate(params, rng.next64());
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
