// The generator and the daily reproduce Python's boards (IDs pinned from
// proofgrid.kirchhoff.generate_board and daily — the cross-check runs
// thousands more), every generated board is unique with the stored solution,
// progress is reported, and the RNG is the shared core/rng.js (no copy).

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

import { seedFromText } from '../../../../src/proofgrid/web/js/core/rng.js';
import { K } from './helpers.mjs';

const PINNED = [
  ['easy', 0n, '5x5de:EzEkOQQShEMuAlu', 1],
  ['easy', 1n, '5x5de:EzlGOYnlBKIxyRAvW', 2],
  ['easy', 2n, '5x5de:EzJSgQMppA5wz_', 1],
  ['medium', 0n, '6x6dm:FEhPOJlU8zWM4JpXE9YRwS3v', 3],
  ['medium', 1n, '6x6dm:FEIwlDkucmZiamYYSJwQJZ', 12],
  ['hard', 0n, '7x7dh:FVIRPIlMJmcHOcIxhxDESmUzhiJOAR4', 1],
  ['hard', 1n, '7x7dh:FVTxJBUyTAmOJmsoQclKE44hOAlI', 1],
  ['hard', 2n, '7x7dh:FV4mJRLk8ETBGIwmmEYS5MmOSIAjO', 1],
  ['hard', 18446744073709551615n, '7x7dh:FV45wwmkTxUiTSJhBLCcUSjnJgrp', 1],
  ['expert', 7n, '10x10dh:GI5gQjKYmCAnkoQ4iUpiGJJnpwiIEYSFUxMInmCOSnMRMzxMDE8eM', 2],
  ['giant', 3n, '16x16dh:HuieJOHOS5M8TEYrGCIcTEpxUzAkSQkYhMohBiImZiRESpCZJJxiZmUoRPFJmZiUIQ5UuUmeBDHKUgTCHEKklDEDjFJQQmacE1M9IiWOKrBJhPGFViZnipQjAlMYlo4AzU', 1],
];

test('generate(params, seed) gives Python\'s game ID, unique, graded, with its solution', () => {
  for (const [preset, seed, id, attempts] of PINNED) {
    const g = K.generate(preset, seed);
    assert.equal(g.id, id, `${preset} ${seed}`);
    assert.equal(K.formatGameId(g.board), id);
    assert.equal(g.attempts, attempts);
    assert.equal(g.grade, K.PRESETS[preset].grade);
    assert.equal(K.count(g.board, null, { cap: 2 }).count, 1n, 'unique');
    assert.ok(K.isSolution(g.board, g.solution));
    assert.deepEqual([...K.solution(g.board)], [...g.solution]);
    if (g.board.nCells <= 49) assert.equal(K.grade(g.board).grade, g.grade);
  }
});

test('seed forms: BigInt, safe integer, decimal text and other text are Python\'s parse_seed', () => {
  assert.equal(K.generate('hard', 1).id, PINNED[6][2]);
  assert.equal(K.generate('hard', '1').id, PINNED[6][2]);
  assert.equal(K.parseSeed('kirchhoff/v1/2026-11-30'), 8691605816032755803n);
  assert.equal(K.parseSeed('hello'), 17575560079636620544n);
  assert.equal(K.parseSeed(' 42 '), 42n);
  assert.equal(K.parseGameId('7x7dh#1').id, PINNED[6][2]);
  assert.equal(K.parseGameId('hard#1').id, PINNED[6][2]);
  assert.throws(() => K.generate('hard', 1.5), K.GameIdError);
  assert.throws(() => K.generate({ rows: 17, cols: 3 }, 1n), K.GameIdError);
});

test('progress: every phase reported, counts within totals, minimise done ends at total', () => {
  const events = [];
  const g = K.generate('giant', 3n, (p) => events.push(p));
  assert.equal(g.id, PINNED[10][2]);
  const phases = new Set(events.map((e) => e.phase));
  assert.deepEqual([...phases].sort(), ['grade', 'minimise', 'route']);
  for (const e of events) assert.ok(e.done >= 0 && e.done <= e.total && e.attempt >= 1);
  const mins = events.filter((e) => e.phase === 'minimise');
  assert.ok(mins.length > 50);
  assert.equal(mins[mins.length - 1].done, mins[mins.length - 1].total);
  const last = events[events.length - 1];
  assert.deepEqual([last.phase, last.done, last.total], ['grade', 1, 1]);
});

test('daily: Python\'s board for a date, its seed-form ID and the puzzle number', () => {
  const d = K.daily('2026-11-30');
  assert.equal(d.id, '7x7dh:FVlicYHITMYpNITPOBMJmUchEpAPU');
  assert.equal(d.seedId, '7x7dh#kirchhoff/v1/2026-11-30');
  assert.equal(d.number, 1);
  assert.equal(d.grade, 'hard');
  assert.equal(K.daily(' 2027-03-14 ').id, '7x7dh:FVRPCYdVKZVwYwmiJlXHJqdEmIA0b');
  assert.equal(K.dailyNumber('2027-03-14'), 105);
  assert.equal(K.dailyNumber('2026-11-29'), null);
  assert.equal(K.parseGameId(d.seedId).id, d.id);
  assert.equal(K.dailySeedText('2026-11-30'), 'kirchhoff/v1/2026-11-30');
  assert.equal(seedFromText(K.dailySeedText('2026-11-30')), 8691605816032755803n);
  for (const bad of ['2026-02-30', 'today', '', '2026-1-1']) assert.throws(() => K.daily(bad), K.GameIdError);
  assert.throws(() => K.daily('2026-11-30', 'huge'), K.GameIdError);
});

test('rng reuse: the Kirchhoff engine draws only from core/rng.js', () => {
  const dir = new URL('../../../../src/proofgrid/web/js/kirchhoff/engine/', import.meta.url);
  let importers = 0;
  const files = [...readdirSync(dir), '../ui/worker.js'];
  assert.ok(files.length >= 11, 'the engine mirror and the worker');
  for (const f of files) {
    const src = readFileSync(new URL(f, dir), 'utf8');
    assert.ok(!/9e3779b97f4a7c15|bf58476d1ce4e5b9|Math\.random/i.test(src), `${f} has its own randomness`);
    if (src.includes("from '../../core/rng.js'")) importers++;
  }
  assert.ok(importers >= 2, 'generate.js and daily.js import core/rng.js');
});
