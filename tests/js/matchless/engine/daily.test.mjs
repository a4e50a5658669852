// The daily: calendar arithmetic against JavaScript's Date in UTC (an
// independent implementation), the bar, determinism, and the first board
// against the value Python's engine prints (proofgrid matchless daily).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  GameIdError, clearsBar, daily, dateOfNumber, parseDate, puzzleNumber, solve,
} from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { civilFromDays, daysFromCivil } from '../../../../src/proofgrid/web/js/core/dates.js';

test('integer calendar = Date.UTC on every day from 1900 to 2400', () => {
  const start = Date.UTC(1900, 0, 1) / 86400000;
  const end = Date.UTC(2400, 11, 31) / 86400000;
  for (let day = start; day <= end; day++) {
    const d = new Date(day * 86400000);
    const iso = d.toISOString().slice(0, 10);
    assert.equal(daysFromCivil(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()), day);
    if (day % 7 === 0) assert.equal(civilFromDays(day), iso);
  }
});

test('parseDate accepts real dates only', () => {
  assert.equal(parseDate(' 2028-02-29 ').iso, '2028-02-29');
  for (const bad of ['2027-02-29', '2026-13-01', '2026-00-10', '2026-11-31', '0000-01-01', '2026-1-1', '26-11-30', '', 'today', '2026-11-30T00:00']) {
    assert.throws(() => parseDate(bad), GameIdError, bad);
  }
});

test('puzzle numbers: launch day is #1, the day before is refused', () => {
  assert.equal(puzzleNumber('2026-11-30'), 1);
  assert.equal(puzzleNumber('2027-11-30'), 366);
  assert.equal(dateOfNumber(366), '2027-11-30');
  assert.throws(() => puzzleNumber('2026-11-29'), GameIdError);
  assert.throws(() => daily('2026-11-29'), GameIdError);
});

test('the first daily equals the Python engine (game ID, attempt)', () => {
  const d = daily('2026-11-30');
  assert.equal(d.id, '6x6:FEcn_Xb_jMCZWZRgFAgUA1QBFayKQAD2');
  assert.equal(d.number, 1);
  assert.equal(d.attempt, 3);
  assert.equal(d.solution.par, 5);
});

test('60 dailies: deterministic, clear the bar, and the bar rejected every earlier attempt', () => {
  for (let k = 1; k <= 60; k++) {
    const date = dateOfNumber(k);
    const d = daily(date);
    assert.equal(d.number, k);
    assert.ok(d.barMet && clearsBar(solve(d.board)));
    assert.ok(d.solution.par >= 4 && d.solution.par <= 7 && d.solution.myopicGap >= 1 && d.solution.hiddenSources >= 1);
    assert.equal(daily(date).id, d.id);
    assert.ok(Object.isFrozen(d));
  }
});
