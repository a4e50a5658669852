// Calendar dates for dailies, mirroring proofgrid.midend.parse_date: ISO text
// "YYYY-MM-DD" read and written in integer arithmetic (no Date object, so no
// time zone). Day numbers count days since 1970-01-01, proleptic Gregorian.

import { GameIdError } from './errors.js';
import { pyStrip, quote } from './text.js';

/** Days since 1970-01-01 of a date (H. Hinnant's days_from_civil, integer only). */
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
 * {iso, days}; throws GameIdError. (A puzzle's Python date parser may also take the
 * compact and week forms; the browser only ever produces this one.)
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

/** The site's launch, day #1 of every puzzle's dailies (Python's Puzzle.launch). */
export const LAUNCH = '2026-11-30';
