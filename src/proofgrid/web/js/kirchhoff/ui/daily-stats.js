// Daily Kirchhoff results: recording a finished daily, the stats panel's
// numbers and the spoiler-free share card. The streak itself is the shared
// one (js/app/streak.js: consecutive calendar dates with a finished daily).

import { recordFirst, summarizeBuckets } from '../../app/streak.js';
import { isDailyRecord } from './records.js';
import { formatMs } from './timer.js';

/** Buckets of the hints distribution: none, 1-3, 4-9, 10 or more. */
export const HINT_BUCKETS = ['No hints', '1–3 hints', '4–9 hints', '10+ hints'];

export function hintBucket(hints) {
  if (hints === 0) return 0;
  if (hints <= 3) return 1;
  if (hints <= 9) return 2;
  return 3;
}

/** Records with `result` added for `dateISO` unless that date already has one (the first counts). */
export function recordDaily(records, dateISO, result) {
  const fields = typeof result.alarm === 'boolean' ? ['number', 'hints', 'ms', 'alarm'] : ['number', 'hints', 'ms'];
  return recordFirst(records, dateISO, result, isDailyRecord, fields);
}

/**
 * Stats: played, clean (solved without a hint), cleanPct (integer percent),
 * current and best streak, distribution over HINT_BUCKETS, fastest time (ms or null).
 */
export function summarizeDaily(records, todayISO) {
  const { played, top, topPct, current, best, distribution } = summarizeBuckets(
    records, todayISO, (r) => hintBucket(r.hints));
  let fastest = null;
  for (const r of Object.values(records)) {
    if (r.ms !== null && r.hints === 0 && (fastest === null || r.ms < fastest)) fastest = r.ms;
  }
  return { played, clean: top, cleanPct: topPct, current, best, distribution, fastest };
}

/**
 * The share card: puzzle number, hints, whether the lost alarm was on (when
 * known), time when timed, streak — never a clue, a cell, an arrow or the
 * board's code. A past day's card (the archive) names its `date` and has no
 * streak line (`streak` null): it never changed one.
 */
export function kirchhoffShareText({ number, hints, ms = null, alarm = null, streak, date = null, url = '' }) {
  const lines = [
    date ? `Kirchhoff #${number} · ${date}` : `Kirchhoff #${number}`,
    hints === 0 ? '💡 no hints' : `💡 ${hints} ${hints === 1 ? 'hint' : 'hints'}`,
  ];
  if (typeof alarm === 'boolean') lines.push(alarm ? '🔔 lost alarm on' : '🔕 lost alarm off');
  if (ms !== null) lines.push(`⏱ ${formatMs(ms)}`);
  lines.push(hints === 0 ? '🟩🟩🟩🟩🟩' : '🟨'.repeat(Math.min(hints, 10)));
  if (streak !== null && streak !== undefined) lines.push(`🔥 Streak ${streak}`);
  if (url) lines.push(url);
  return lines.join('\n');
}
