// The exact frontier-sweep counter against brute force over all 3^|E|
// assignments on every board up to 3x3 (random clue grids under random marks):
// the count (BigInt), capped counts, every edge's marginals, the forced set,
// the solutions listed, and the backward sweep. The Number→BigInt switch is
// checked on blank boards whose counts pass 2**53 (values pinned from
// Python's counter, an independent implementation), and the wide (34-bit)
// frontier path on 16-wide boards against the narrow path by transposition.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Sweep, count, prefilter } from '../../../../src/proofgrid/web/js/kirchhoff/engine/exact.js';
import { K, SMALL_SIZES, bruteForce, randomBoard, randomMarks, rngFor } from './helpers.mjs';

function* cases(n, seed) {
  const rng = rngFor(seed);
  for (let i = 0; i < n; i++) {
    const [rows, cols] = SMALL_SIZES[i % SMALL_SIZES.length];
    const board = randomBoard(rng, rows, cols);
    const marks = i % 4 === 0 ? new Array(board.nEdges).fill(0) : randomMarks(rng, board, 3 + rng.below(6));
    yield { board, marks, masks: K.masksOf(marks) };
  }
}

test('count, marginals, forced edges and solutions = brute force (600 positions up to 3x3)', () => {
  let nonzero = 0;
  let multi = 0;
  for (const { board, marks, masks } of cases(600, 1)) {
    const sols = bruteForce(board, masks);
    const c = K.count(board, marks);
    assert.equal(c.count, BigInt(sols.length));
    assert.equal(c.capped, false);
    const an = K.analyse(board, masks);
    assert.equal(an.count.value, BigInt(sols.length));
    for (let e = 0; e < board.nEdges; e++) {
      for (let s = 0; s < 3; s++) {
        assert.equal(an.marginals[e][s], BigInt(sols.filter((x) => x[e] === s).length));
      }
    }
    const forced = K.forcedStates(board, masks);
    for (let e = 0; e < board.nEdges; e++) {
      const seen = new Set(sols.map((x) => x[e]));
      if (sols.length && seen.size === 1) assert.equal(forced.get(e), [...seen][0]);
      else assert.equal(forced.has(e), false);
    }
    for (const cap of [1, 2, 3]) {
      const r = K.count(board, marks, { cap });
      assert.equal(r.count, BigInt(Math.min(cap, sols.length)));
      assert.equal(r.capped, sols.length >= cap);
    }
    const listed = K.solutions(board, masks, { limit: 1000 });
    assert.deepEqual(listed.map(String).sort(), sols.map(String).sort());
    assert.equal(K.isLost(board, masks), sols.length === 0);
    const first = K.firstSolution(board, masks);
    assert.equal(first === null, sols.length === 0);
    if (first) assert.ok(K.isSolution(board, first));
    const m = prefilter(board, masks);
    if (m) assert.equal(BigInt(new Sweep(board, m, null).backward()[0].get(0) ?? 0), BigInt(sols.length));
    nonzero += sols.length > 0;
    multi += sols.length > 1;
  }
  assert.ok(nonzero > 60 && multi > 25, `${nonzero} solvable, ${multi} with several solutions`);
});

test('a blank 3x3 board: 3^12 assignments, every count by brute force', () => {
  const board = K.boardFromClues(3, 3, []);
  const sols = bruteForce(board, K.allFree(board));
  assert.equal(K.count(board).count, BigInt(sols.length));
  assert.equal(sols.length, 35); // Eulerian orientations of subgraphs of the 3x3 grid
});

test('counts past 2**53 switch to BigInt and stay exact (values from Python)', () => {
  const b8 = K.boardFromClues(8, 8, []);
  assert.equal(K.count(b8).count, 149596683621380451n);
  assert.equal(K.count(K.boardFromClues(4, 9, [])).count, 373637817n);
  const an = K.analyse(b8, null);
  assert.equal(an.count.value, 149596683621380451n);
  // every solution uses each edge in exactly one state
  for (const [a, b, c] of an.marginals) assert.equal(a + b + c, 149596683621380451n);
  // symmetry: the two directions of an edge are used equally often on a blank board
  for (const [, b, c] of an.marginals) assert.equal(b, c);
});

test('the 34-bit frontier (16 wide) agrees with the 30-bit one by transposition', () => {
  const rng = rngFor(5);
  for (let i = 0; i < 4; i++) {
    const g = K.generate({ rows: 3 + i, cols: 16, grade: 'easy' }, rng.next64());
    const b = g.board;
    // the same board transposed: 16 tall and narrow (bitwise path)
    const cells = [];
    for (let c = 0; c < b.cols; c++) for (let r = 0; r < b.rows; r++) cells.push(b.clues[r * b.cols + c]);
    const t = K.makeBoard(b.cols, b.rows, cells);
    for (const opened of [0, 6]) {
      let bb = b;
      let tt = t;
      for (let k = 0, x = 0; k < opened && x < b.nCells; x++) {
        if (b.clues[x].kind !== 'throughput') continue;
        const cl = [...bb.clues];
        cl[x] = { kind: 'blank', value: 0 };
        bb = K.makeBoard(b.rows, b.cols, cl);
        const r = Math.floor(x / b.cols);
        const c = x % b.cols;
        const ct = [...tt.clues];
        ct[c * b.rows + r] = { kind: 'blank', value: 0 };
        tt = K.makeBoard(b.cols, b.rows, ct);
        k++;
      }
      assert.equal(K.count(bb).count, K.count(tt).count);
      assert.deepEqual(K.analyse(bb, null).count, K.analyse(tt, null).count);
    }
    assert.equal(K.count(b).count, 1n);
  }
});

test('limits: a blank 16x16 board is refused, never a hang; a deadline stops the count', () => {
  const b = K.boardFromClues(16, 16, []);
  assert.throws(() => count(b, null), (e) => e instanceof K.CountLimitError && e.name === 'CountLimitError');
  const r = K.count(b, null);
  assert.deepEqual([r.count, r.timedOut, r.reason], [null, true, 'limit']);
  const d = K.count(K.boardFromClues(11, 11, []), null, { deadlineMs: 0 });
  assert.deepEqual([d.count, d.timedOut, d.reason], [null, true, 'deadline']);
});
