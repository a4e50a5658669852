// The worker's message protocol, driven through handleMessage exactly as
// self.onmessage does: progress then one reply per request, results as plain
// data (BigInt counts), one-line errors, never a throw.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { handleMessage } from '../../../../src/proofgrid/web/js/kirchhoff/ui/worker.js';
import { K } from '../engine/helpers.mjs';

function call(op, args) {
  const out = [];
  handleMessage({ id: 7, op, args }, (m) => out.push(structuredClone(m)));
  return out;
}

function result(op, args) {
  const out = call(op, args);
  const last = out[out.length - 1];
  assert.equal(last.id, 7);
  assert.equal(last.ok, true, last.error);
  assert.ok(out.slice(0, -1).every((m) => m.progress && m.id === 7));
  return { result: last.result, progress: out.slice(0, -1).map((m) => m.progress) };
}

test('generate: Python\'s board, progress first, plain data', () => {
  const { result: r, progress } = result('generate', { preset: 'hard', seed: '1' });
  assert.equal(r.id, '7x7dh:FVTxJBUyTAmOJmsoQclKE44hOAlI');
  assert.equal(r.seedId, '7x7dh#1');
  assert.equal(r.grade, 'hard');
  assert.equal(K.parseGameId(r.board.id).id, r.id);
  assert.equal(K.formatGameId(r.board), r.id);
  assert.ok(progress.length >= 2 && progress[0].phase === 'route');
  assert.ok(r.ms >= 0);
  const fresh = result('generate', { params: { rows: 5, cols: 6, grade: 'easy' } }).result;
  assert.match(fresh.seedId, /^5x6de#\d+$/);
  assert.equal(K.parseGameId(fresh.seedId).id, fresh.id);
});

test('daily, hint, count, grade, analyse, solve', () => {
  const d = result('daily', { date: '2026-11-30' }).result;
  assert.equal(d.id, '7x7dh:FVlicYHITMYpNITPOBMJmUchEpAPU');
  assert.equal(d.number, 1);
  const h = result('hint', { gameId: d.id }).result;
  assert.ok(['local', 'region', 'exact'].includes(h.kind));
  assert.equal(d.solution[h.edge], h.state);
  const marks = new Array(d.board.edges.length).fill(0);
  marks[h.edge] = h.state === 1 ? 2 : 1; // the wrong arrow
  const a = result('analyse', { gameId: d.id, marks }).result;
  assert.deepEqual([a.lost, a.status, a.count], [true, 'lost', 0n]);
  const c = result('count', { gameId: d.id, cap: null }).result;
  assert.deepEqual([c.count, c.capped, c.timedOut], [1n, false, false]);
  const open = result('count', { gameId: K.boardFromClues(16, 16, []).id, deadlineMs: 50 }).result;
  assert.equal(open.timedOut, true);
  const g = result('grade', { gameId: d.id }).result;
  assert.equal(g.unique, true);
  assert.equal(g.grade.grade, 'hard');
  const many = result('grade', { gameId: K.boardFromClues(3, 3, []).id }).result;
  assert.deepEqual([many.unique, many.count, many.capped, many.grade], [false, 2n, true, null]);
  const none = result('grade', { gameId: K.boardFromText('+1 0 / 0 -1').id }).result;
  assert.deepEqual([none.unique, none.count], [false, 0n]);
  assert.deepEqual(result('solve', { gameId: d.id }).result.solution, d.solution);
});

test('status and empties: the exact status and the obvious empties of a position, as the engine says', () => {
  const d = result('daily', { date: '2026-11-30' }).result;
  const board = K.parseGameId(d.id);
  const free = new Array(d.board.edges.length).fill(0);
  assert.equal(result('status', { gameId: d.id }).result.status, 'playing');
  assert.equal(result('status', { gameId: d.id, marks: d.solution }).result.status, 'won');
  const h = result('hint', { gameId: d.id }).result;
  const wrong = free.slice();
  wrong[h.edge] = h.state === 1 ? 2 : 1;
  assert.equal(result('status', { gameId: d.id, marks: wrong }).result.status, 'lost');
  for (const marks of [free, wrong]) {
    assert.equal(result('status', { gameId: d.id, marks }).result.status, K.status(K.positionOf(board, marks)));
    assert.deepEqual(result('empties', { gameId: d.id, marks }).result.edges, K.obviousEmpties(K.positionOf(board, marks)));
  }
});

test('bad requests get one-line errors, never a throw', () => {
  for (const [op, args] of [['hint', { gameId: 'nonsense' }], ['count', { gameId: 5 }], ['frobnicate', {}],
    ['hint', { gameId: '3x3de:ERylCXQnX', marks: [9] }], ['daily', { date: '2026-02-30' }], [undefined, undefined]]) {
    const out = call(op, args);
    assert.equal(out.length, 1);
    assert.equal(out[0].ok, false);
    assert.ok(out[0].error && !out[0].error.includes('\n'), out[0].error);
  }
});
