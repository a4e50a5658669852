// Proofs of hints and lost verdicts in JavaScript (issue 12), against brute
// force on boards up to 3x3 (a hinted state holds in every solution; lost only
// when there is none; a lost proof's uses are player's marks that admit no
// solution together; obvious empties are unused in every solution), and the
// issue's two repros. Byte-identity with Python and the independent checker run
// in tests/crosscheck/test_crosscheck_kirchhoff.py (proofs subset).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { K, SMALL_SIZES, bruteForce, randomBoard, randomMarks, rngFor } from './helpers.mjs';

const BIT = { '>': 2, '<': 4, x: 1 };

/** The masks of a proof's uses alone (every other edge free). */
function usesMasks(board, proof) {
  const masks = new Array(board.nEdges).fill(7);
  for (const mv of proof.uses) {
    const { edge, mark } = K.parseMove(board, mv);
    masks[edge] = K.markMask(mark);
  }
  return masks;
}

test('hint proofs and lost proofs are sound against brute force (600 positions up to 3x3)', () => {
  const rng = rngFor(21);
  let proved = 0;
  let lost = 0;
  for (let i = 0; i < 600; i++) {
    const [rows, cols] = SMALL_SIZES[i % SMALL_SIZES.length];
    const board = randomBoard(rng, rows, cols);
    const marks = i % 3 === 0 ? new Array(board.nEdges).fill(0) : randomMarks(rng, board, 4 + rng.below(6));
    const pos = K.positionOf(board, marks);
    const h = K.hint(pos);
    if (h.proof === null) continue;
    const moves = marks.map((m, e) => (m ? K.formatMove(board, e, m) : null));
    for (const mv of h.proof.uses) assert.ok(moves.includes(mv), `${mv} is a player's mark`);
    const fromUses = bruteForce(board, usesMasks(board, h.proof));
    if (h.kind === 'lost') {
      lost++;
      assert.equal(fromUses.length, 0, 'the uses alone admit no solution');
      assert.ok('ends' in h.proof);
    } else {
      proved++;
      const last = h.proof.steps[h.proof.steps.length - 1];
      assert.equal(last.edge, K.edgeName(board, h.edge));
      assert.deepEqual(last.states, [['x', '>', '<'][h.state]]);
      assert.ok(fromUses.every((s) => s[h.edge] === h.state), 'the uses alone force the hint');
      assert.ok(!('ends' in h.proof));
    }
    assert.equal(h.words.length >= h.proof.steps.length, true);
    for (const line of h.words) assert.doesNotMatch(line, /(^|[\s(])-\d|(^|\s)\.(\s|$)|\be\d+\b/);
  }
  assert.ok(proved > 50 && lost > 100, `${proved} ${lost}`);
});

test('obvious empties are unused in every solution', () => {
  const rng = rngFor(22);
  let seen = 0;
  for (let i = 0; i < 400; i++) {
    const [rows, cols] = SMALL_SIZES[i % SMALL_SIZES.length];
    const board = randomBoard(rng, rows, cols);
    const marks = randomMarks(rng, board, 8);
    const sols = bruteForce(board, K.masksOf(marks));
    const empties = K.obviousEmpties(K.positionOf(board, marks));
    for (const e of empties) {
      assert.equal(marks[e], 0);
      assert.ok(sols.every((s) => s[e] === 0));
      seen++;
    }
  }
  assert.ok(seen > 100, String(seen));
});

test('the issue repros: the wrong arrow is blamed; the cornered +2 is the region', () => {
  const b = K.readGameId('7x7dh#5');
  const h = K.hint(K.applyMoves(K.newPosition(b), 'a1>b1'), { lastEdge: 0 });
  assert.equal(h.kind, 'lost');
  assert.deepEqual(h.proof.uses, ['a1>b1']);
  assert.equal(h.reason, 'lost — the arrow a1→b1 cannot be right');
  const e = K.hint(K.newPosition(K.readGameId('3x3:ERzCA6G8')));
  assert.equal(e.kind, 'lost');
  assert.deepEqual(e.proof.uses, []);
  assert.ok(e.proof.ends.region.includes('a1'), JSON.stringify(e.proof));
  assert.match(e.words[0], /^Take a1/);
});

test('the worker sends the proof, its words and the obvious empties as plain data', async () => {
  const { handleMessage } = await import('../../../../src/proofgrid/web/js/kirchhoff/ui/worker.js');
  const ask = (op, args) => {
    const out = [];
    handleMessage({ id: 1, op, args }, (m) => out.push(structuredClone(m)));
    assert.equal(out[out.length - 1].ok, true, out[out.length - 1].error);
    return out[out.length - 1].result;
  };
  const gameId = '7x7dh#5';
  const b = K.readGameId(gameId);
  const marks = new Array(b.nEdges).fill(0);
  marks[0] = 1; // a1>b1, the wrong arrow
  const lost = ask('hint', { gameId, marks, last: 0 });
  assert.equal(lost.kind, 'lost');
  assert.deepEqual(lost.proof, K.hint(K.positionOf(b, marks), { lastEdge: 0 }).proof);
  assert.deepEqual(lost.words, [...K.hint(K.positionOf(b, marks)).words]);
  const h = ask('hint', { gameId });
  assert.equal(h.proof.steps[h.proof.steps.length - 1].edge, K.edgeName(b, h.edge));
  assert.ok(h.words.length >= 1);
  const { edges } = ask('empties', { gameId });
  assert.deepEqual(edges, K.obviousEmpties(K.newPosition(b)));
  assert.ok(edges.length > 0);
});
