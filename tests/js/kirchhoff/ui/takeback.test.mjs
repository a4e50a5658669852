// "Take back the wrong marks" (engine/takeback.js). Oracle: brute force over
// every assignment of small boards (helpers.mjs bruteForce, sharing nothing
// with the sweep), the mark meanings written out here independently, and the
// defining properties: what is left is completed by the solution, every mark
// kept agrees with it, and putting back any removed mark makes the position lost.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { K, SMALL_SIZES, bruteForce, randomBoard, randomMarks, rngFor } from '../engine/helpers.mjs';

const ALL = 0b111;
// A mark's allowed edge states, written out: free any, 1 forward, 2 backward, 3 unused.
const ALLOWED = { 0: [0, 1, 2], 1: [1], 2: [2], 3: [0] };
const maskOf = (marks) => marks.map((m) => ALLOWED[m].reduce((a, s) => a | (1 << s), 0));

// Up to 10 edges (3^10 assignments per brute force) keeps the search quick.
const SIZES = SMALL_SIZES.filter(([r, c]) => 2 * r * c - r - c <= 10);

function uniqueSmallBoards(count, seed) {
  const rng = rngFor(seed);
  const out = [];
  for (let tries = 0; out.length < count && tries < 4000; tries++) {
    const [r, c] = SIZES[rng.below(SIZES.length)];
    const board = randomBoard(rng, r, c);
    const sols = bruteForce(board, new Array(board.nEdges).fill(ALL));
    if (sols.length === 1) out.push({ board, sol: sols[0] });
  }
  return out;
}

test('take-back removes exactly the marks the unique solution contradicts (brute force)', () => {
  const boards = uniqueSmallBoards(24, 1301);
  assert.ok(boards.length >= 20, `only ${boards.length} unique small boards`);
  const rng = rngFor(1302);
  let removedSome = 0;
  for (const { board, sol } of boards) {
    for (let k = 0; k < 12; k++) {
      const marks = randomMarks(rng, board, 2);
      const got = K.takeBack(board, marks);
      assert.equal(got.unique, true);
      const want = marks.map((m, e) => e).filter((e) => !ALLOWED[marks[e]].includes(sol[e]));
      assert.deepEqual(got.edges, want);
      if (want.length) removedSome += 1;
      for (let e = 0; e < marks.length; e++) {
        // never remove a mark that agrees; every kept mark agrees
        assert.equal(got.marks[e], want.includes(e) ? 0 : marks[e]);
      }
      // The solution completes what is left; putting back any removed mark loses.
      assert.deepEqual(bruteForce(board, maskOf(got.marks)), [sol]);
      for (const e of want) {
        const back = got.marks.slice();
        back[e] = marks[e];
        assert.deepEqual(bruteForce(board, maskOf(back)), []);
      }
    }
  }
  assert.ok(removedSome > 60, 'the random marks hardly ever contained a wrong one');
});

test('a wrong arrow, then the correct rest of the solution: only the wrong arrow goes', () => {
  for (const seed of [1n, 2n, 3n]) {
    const g = K.generate('easy', seed);
    const sol = g.solution;
    const marks = sol.map((s) => (s === 0 ? 0 : s));
    const wrongAt = sol.findIndex((s) => s === 0);
    marks[wrongAt] = 1;
    const got = K.takeBack(g.board, marks);
    assert.deepEqual(got.edges, [wrongAt]);
    assert.equal(got.marks.filter((m) => m === 1 || m === 2).length, sol.filter((s) => s).length);
  }
});

test('a board without a unique solution takes nothing back', () => {
  const rng = rngFor(1303);
  let seen = 0;
  for (let tries = 0; tries < 400 && seen < 10; tries++) {
    const board = randomBoard(rng, 2, 3);
    const n = bruteForce(board, new Array(board.nEdges).fill(ALL)).length;
    if (n === 1) continue;
    seen += 1;
    const marks = randomMarks(rng, board, 1);
    assert.deepEqual(K.takeBack(board, marks), { unique: false, edges: [], marks });
  }
  assert.ok(seen >= 5);
});

test('markAgrees and wrongEdges agree with the written-out meanings', () => {
  for (const m of [0, 1, 2, 3]) {
    for (const s of [0, 1, 2]) assert.equal(K.markAgrees(m, s), ALLOWED[m].includes(s));
  }
  assert.deepEqual(K.wrongEdges([0, 1, 2, 3, 3, 1], [1, 1, 1, 0, 2, 0]), [2, 4, 5]);
});
