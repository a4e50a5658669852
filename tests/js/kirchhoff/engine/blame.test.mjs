// A lost verdict blames a minimal set of marks that cannot all stand (issue 31):
// oracle brute force on boards up to 3x3 (the blamed marks have no completion,
// each one dropped gives one back; the player's own marks lost ⇒ no game mark
// named) and the daily, where one wrong arrow among right ones is named alone.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { K, SMALL_SIZES, bruteForce, randomBoard, randomMarks, rngFor } from './helpers.mjs';

const keepMasks = (pos, keep) => Array.from(pos.marks, (m, e) => (keep.has(e) ? K.markMask(m) : K.ALL_STATES));

test('blame is a minimal infeasible subset, game marks spared (brute force)', () => {
  const rng = rngFor(31);
  let lost = 0;
  for (let i = 0; i < 600; i++) {
    const [r, c] = SMALL_SIZES[i % SMALL_SIZES.length];
    const board = randomBoard(rng, r, c);
    const pos = K.positionOf(board, randomMarks(rng, board));
    if (bruteForce(board, K.masksOf(pos.marks)).length) continue;
    if (!bruteForce(board, new Array(board.nEdges).fill(K.ALL_STATES)).length) continue;
    lost++;
    const marked = [...pos.marks.keys()].filter((e) => pos.marks[e] !== 0);
    const placed = new Set(marked.filter((e) => (e * 7 + i) % 3 === 0));
    const blamed = K.blame(pos, { placed });
    const keep = new Set(blamed);
    assert.equal(bruteForce(board, keepMasks(pos, keep)).length, 0);
    for (const e of blamed) {
      const less = new Set(keep);
      less.delete(e);
      assert.ok(bruteForce(board, keepMasks(pos, less)).length > 0, `mark ${e} is not needed`);
    }
    const own = new Set(marked.filter((e) => !placed.has(e)));
    if (!bruteForce(board, keepMasks(pos, own)).length) assert.ok(blamed.every((e) => !placed.has(e)));
  }
  assert.ok(lost > 50, `only ${lost} lost positions`);
});

test("the issue's daily blames only the wrong arrow", () => {
  const board = K.parseGameId('7x7dh:FVQiUiHeRElEYxLHHKZjlJTMsSA86');
  const pos = K.applyMoves(K.newPosition(board), 'e1>f1 f1>g1 g2>f2 d4>d5');
  const h = K.hint(pos);
  assert.equal(h.reason, 'lost — the arrow d4→d5 cannot be right');
  assert.deepEqual(h.proof.uses, ['d4>d5']);
});
