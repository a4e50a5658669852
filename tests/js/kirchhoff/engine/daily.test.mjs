// Kirchhoff dailies in JavaScript: the launch rule and preset names, against
// Python (the specification): the IDs below are what
// proofgrid.kirchhoff.daily printed for these dates, so no daily since the
// launch changes, and a date before the launch is refused as in Python.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { K } from './helpers.mjs';

const PYTHON = {
  '2026-11-30': '7x7dh:FVlicYHITMYpNITPOBMJmUchEpAPU',
  '2026-12-25': '7x7dh:FVcQlyszLghSYxHGCSuS5CcwhEguK',
};

test('dailies since the launch are the boards Python makes', () => {
  for (const [date, id] of Object.entries(PYTHON)) {
    const d = K.daily(date);
    assert.equal(d.id, id);
    assert.equal(d.seedId, `7x7dh#kirchhoff/v1/${date}`);
  }
  assert.equal(K.daily('2026-11-30').number, 1);
});

test('a date before the launch is refused, like Matchless', () => {
  for (const date of ['2026-11-29', '0001-01-01', '2000-02-29']) {
    assert.throws(() => K.daily(date, 'easy'), K.GameIdError, date);
    assert.throws(() => K.dailyId(date), K.GameIdError, date);
  }
  assert.equal(K.dailyNumber('2026-11-29'), null);
});

test('preset names are case-insensitive, as in Python', () => {
  assert.equal(K.dailyId('2026-12-01', 'EASY'), K.dailyId('2026-12-01', 'easy'));
  assert.equal(K.daily('2026-12-01', 'Easy').id, K.daily('2026-12-01', 'easy').id);
  assert.throws(() => K.dailyId('2026-12-01', 'nope'), K.GameIdError);
});
