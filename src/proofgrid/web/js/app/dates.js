// Calendar dates as ISO text (YYYY-MM-DD) and integer day numbers.
// A "day number" counts days since 1970-01-01 in the proleptic Gregorian
// calendar, computed with Date.UTC so time zones and DST never shift it.

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `text` is a real calendar date written YYYY-MM-DD. */
export function isISODate(text) {
  const m = ISO_RE.exec(String(text));
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** The local calendar date of `date` (default: now) as YYYY-MM-DD. */
export function localISO(date = new Date()) {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Integer day number of an ISO date (throws on malformed text). */
export function dayNumber(iso) {
  if (!isISODate(iso)) throw new RangeError(`not a date: ${String(iso).slice(0, 20)}`);
  const [y, m, d] = iso.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86400000);
}

/** ISO date of a day number. */
export function isoFromDayNumber(n) {
  const t = new Date(n * 86400000);
  const y = String(t.getUTCFullYear()).padStart(4, '0');
  const m = String(t.getUTCMonth() + 1).padStart(2, '0');
  const d = String(t.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The date `k` days after `iso` (k may be negative). */
export function addDays(iso, k) {
  return isoFromDayNumber(dayNumber(iso) + k);
}
