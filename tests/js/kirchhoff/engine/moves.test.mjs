// Moves (both forms, Python's grammar), positions, status and the cell report,
// checked against hand-worked cases on the documented example board.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { K } from './helpers.mjs';

const EXAMPLE = '3x3de:ERylCXQnX'; // +2 . 1 / . 0 . / 1 . -2

test('parseMove: edge and pair forms, every op, case and spaces', () => {
  const b = K.parseGameId(EXAMPLE);
  assert.deepEqual(K.parseMove(b, 'a1>b1'), { edge: 0, mark: K.Mark.FORWARD });
  assert.deepEqual(K.parseMove(b, 'b1<a1'), { edge: 0, mark: K.Mark.FORWARD });
  assert.deepEqual(K.parseMove(b, 'b1>a1'), { edge: 0, mark: K.Mark.BACKWARD });
  assert.deepEqual(K.parseMove(b, ' A1XA2 '), { edge: 6, mark: K.Mark.CROSS });
  assert.deepEqual(K.parseMove(b, 'a2.a1'), { edge: 6, mark: K.Mark.FREE });
  assert.deepEqual(K.parseMove(b, 'e11<'), { edge: 11, mark: K.Mark.BACKWARD });
  // moves are ASCII, as Python's puzzle.ascii_move: foreign digits, the Kelvin sign
  // (which lowers to "k") and a no-break space are refused, not read
  for (const bad of ['e١>', 'e٥>', 'a١>b١', '\u212a1>a1', 'a1>b1\u00a0']) {
    assert.throws(() => K.parseMove(b, bad), /moves are ASCII/, bad);
  }
  for (const bad of ['', 'e12>', 'a1>c1', 'a1>a1', 'a4>a3', 'd1>c1', 'a1-b1', 'e1', 'x'.repeat(40), 'a1>b1>c1']) {
    assert.throws(() => K.parseMove(b, bad), K.GameIdError, bad);
  }
  assert.equal(K.formatMove(b, 0, K.Mark.BACKWARD), 'b1>a1');
  assert.equal(K.formatMove(b, 6, K.Mark.CROSS), 'a1xa2');
  for (let e = 0; e < b.nEdges; e++) {
    for (const m of [0, 1, 2, 3]) assert.deepEqual(K.parseMove(b, K.formatMove(b, e, m)), { edge: e, mark: m });
  }
});

test('positions are frozen and pure; applyMoves, status and the won position', () => {
  const b = K.parseGameId(EXAMPLE);
  const start = K.newPosition(b);
  assert.ok(Object.isFrozen(start) && Object.isFrozen(start.marks));
  const p = K.applyMoves(start, 'a1>b1, b1>c1; c1>c2 c2>c3\na1>a2 a2>a3 a3>b3 b3>c3');
  assert.equal(start.marks.every((m) => m === 0), true);
  assert.equal(K.status(start), 'playing');
  assert.equal(K.status(p), 'won');
  assert.equal(K.hint(p).kind, 'solved');
  assert.equal(K.status(K.setMark(start, 0, K.Mark.BACKWARD)), 'lost');
  assert.equal(K.status(K.setMark(start, 0, K.Mark.CROSS)), 'lost');
  assert.equal(K.formatPosition(p).split('\n')[1], ' 1  +2 >  . >  1');
  assert.throws(() => K.setMark(start, 12, 1), K.GameIdError);
  assert.throws(() => K.setMark(start, 0, 4), K.GameIdError);
  assert.throws(() => K.applyMoves(start, 'a1>b1 zz'), K.GameIdError);
  assert.deepEqual(K.splitMoves(' a1>b1 ,;\u3000b1>c1 '), ['a1>b1', 'b1>c1']);
});

test('cellReport: in/out counts, satisfied, broken', () => {
  const b = K.parseGameId(EXAMPLE);
  let p = K.newPosition(b);
  assert.deepEqual(K.cellReport(p, 4), { inCount: 0, outCount: 0, satisfied: true, broken: false }); // the 0
  assert.deepEqual(K.cellReport(p, 0), { inCount: 0, outCount: 0, satisfied: false, broken: false }); // +2
  p = K.applyMoves(p, 'a1>b1 a1>a2');
  assert.deepEqual(K.cellReport(p, 0), { inCount: 0, outCount: 2, satisfied: true, broken: false });
  assert.deepEqual(K.cellReport(p, 1), { inCount: 1, outCount: 0, satisfied: false, broken: false });
  p = K.applyMoves(p, 'b1>b2');
  assert.equal(K.cellReport(p, 4).broken, true); // the 0 now has an arrow in
  assert.equal(K.cellReport(p, 4).satisfied, false);
  p = K.applyMoves(K.newPosition(b), 'a1xb1');
  assert.equal(K.cellReport(p, 0).broken, true); // a corner +2 needs both its edges
});
