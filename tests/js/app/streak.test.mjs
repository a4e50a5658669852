// Streaks by calendar date. Oracle: a direct count over a set of day numbers
// (walk back from today, or from yesterday when today is not played).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addDays, dayNumber, isISODate, isoFromDayNumber, localISO } from '../../../src/proofgrid/web/js/app/dates.js';
import { bestStreak, currentStreak, isRecords, recordResult, summarize } from '../../../src/proofgrid/web/js/app/streak.js';
import { rngFor } from '../helpers.mjs';

const R = (score, par = 3, number = 1) => ({ number, score, par });

test('calendar arithmetic: leap years, month ends, DST-free', () => {
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2023-02-28', 1), '2023-03-01');
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(addDays('2026-03-29', -1), '2026-03-28'); // EU DST change
  assert.equal(addDays('2026-03-08', 1), '2026-03-09'); // US DST change
  assert.equal(dayNumber('1970-01-01'), 0);
  for (let n = -1000; n < 40000; n += 97) assert.equal(dayNumber(isoFromDayNumber(n)), n);
  assert.equal(isISODate('2026-02-29'), false);
  assert.equal(isISODate('2028-02-29'), true);
  assert.equal(isISODate('2026-1-01'), false);
  assert.equal(localISO(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
});

test('a skipped day breaks the streak; today unplayed keeps yesterday alive', () => {
  let rec = {};
  rec = recordResult(rec, '2026-05-01', R(3));
  rec = recordResult(rec, '2026-05-02', R(4));
  rec = recordResult(rec, '2026-05-03', R(3));
  assert.equal(currentStreak(rec, '2026-05-03'), 3);
  assert.equal(currentStreak(rec, '2026-05-04'), 3, 'today not played yet');
  assert.equal(currentStreak(rec, '2026-05-05'), 0, 'a whole day skipped');
  rec = recordResult(rec, '2026-05-05', R(3));
  assert.equal(currentStreak(rec, '2026-05-05'), 1);
  assert.equal(bestStreak(rec), 3);
});

test('playing twice on one date never doubles it (the first result stays)', () => {
  let rec = recordResult({}, '2026-06-10', R(5, 3));
  rec = recordResult(rec, '2026-06-10', R(3, 3));
  rec = recordResult(rec, '2026-06-10', R(3, 3));
  assert.deepEqual(Object.keys(rec), ['2026-06-10']);
  assert.equal(rec['2026-06-10'].score, 5);
  assert.equal(currentStreak(rec, '2026-06-10'), 1);
  assert.equal(summarize(rec, '2026-06-10').played, 1);
});

test('streaks agree with a direct count on random histories', () => {
  const rng = rngFor(5);
  for (let trial = 0; trial < 300; trial++) {
    const start = dayNumber('2026-01-01') + rng.below(400);
    const days = new Set();
    let rec = {};
    for (let i = 0; i < 60; i++) {
      if (rng.below(100) < 75) {
        days.add(start + i);
        rec = recordResult(rec, isoFromDayNumber(start + i), R(3 + rng.below(3), 3));
      }
    }
    const today = start + 30 + rng.below(35);
    let d = days.has(today) ? today : today - 1;
    let want = 0;
    while (days.has(d)) { want++; d--; }
    assert.equal(currentStreak(rec, isoFromDayNumber(today)), want);
    let best = 0;
    for (const x of days) {
      if (days.has(x - 1)) continue;
      let k = 0;
      while (days.has(x + k)) k++;
      best = Math.max(best, k);
    }
    assert.equal(bestStreak(rec), best);
  }
});

test('summary: played, win-at-par percent and the distribution', () => {
  let rec = {};
  const scores = [[3, 3], [4, 3], [3, 3], [6, 3], [9, 4], [2, 2]];
  scores.forEach(([s, p], i) => { rec = recordResult(rec, addDays('2026-07-01', i), R(s, p)); });
  const st = summarize(rec, '2026-07-06');
  assert.equal(st.played, 6);
  assert.equal(st.atPar, 3);
  assert.equal(st.winPct, 50);
  assert.deepEqual(st.distribution, [3, 1, 0, 2]);
  assert.equal(st.current, 6);
  assert.equal(st.best, 6);
  assert.deepEqual(summarize({}, '2026-07-06'), { played: 0, atPar: 0, winPct: 0, current: 0, best: 0, distribution: [0, 0, 0, 0] });
});

test('records validation and bad results', () => {
  assert.ok(isRecords({ '2026-01-01': R(3) }));
  assert.ok(!isRecords({ '2026-01-01': R(2, 3) }), 'below par is impossible');
  assert.throws(() => recordResult({}, 'yesterday', R(3)), RangeError);
  assert.throws(() => recordResult({}, '2026-01-01', { number: 1, score: 0, par: 1 }), RangeError);
});
