// Duel bookkeeping: each cascade is credited to the player who struck it, the
// scores always add up to the lit shells, and the rule decides the winner.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as engine from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { duelMove, duelOutcome, newDuel, unlitMask } from '../../../../src/proofgrid/web/js/matchless/ui/duel-match.js';
import { rngFor } from '../../helpers.mjs';

test('random duels: credits, turns, masks and outcomes', () => {
  const rng = rngFor(12);
  for (let trial = 0; trial < 200; trial++) {
    const board = engine.generate({ rows: 2 + rng.below(4), cols: 2 + rng.below(4), density: 70, fuses: 2 }, rng.next64());
    const rule = rng.below(2) ? 'fewest' : 'most';
    let d = newDuel(engine, board, rule);
    const n = board.shells.length;
    let turns = 0;
    while (!duelOutcome(d).over) {
      const mask = unlitMask(d);
      const unlit = [];
      for (let v = 0; v < n; v++) if ((mask >> BigInt(v)) & 1n) unlit.push(v);
      assert.deepEqual(unlit, d.owner.map((o, v) => (o === -1 ? v : -1)).filter((v) => v >= 0));
      const mover = d.turn;
      const before = d.scores[mover];
      const shell = unlit[rng.below(unlit.length)];
      const res = duelMove(engine, d, shell);
      assert.equal(res.duel.scores[mover], before + res.depths.size);
      for (const v of res.depths.keys()) assert.equal(res.duel.owner[v], mover);
      assert.equal(res.duel.turn, 1 - mover);
      assert.throws(() => duelMove(engine, res.duel, shell), RangeError);
      d = res.duel;
      turns++;
    }
    const out = duelOutcome(d);
    assert.equal(out.scores[0] + out.scores[1], n);
    assert.equal(unlitMask(d), 0n);
    const [a, b] = out.scores;
    const want = a === b ? -1 : (rule === 'fewest') === (a < b) ? 0 : 1;
    assert.equal(out.winner, want);
    assert.ok(turns >= 1);
  }
  assert.throws(() => newDuel(engine, engine.parseGameId('4x4#1'), 'longest'), RangeError);
  assert.equal(duelOutcome(newDuel(engine, engine.parseGameId('4x4#1'))).winner, null);
});

test('who starts: the chosen player moves first and is credited with the first cascade', () => {
  const board = engine.parseGameId('4x4#3');
  for (const first of [0, 1]) {
    const d = newDuel(engine, board, 'fewest', first);
    assert.equal(d.turn, first);
    assert.equal(d.first, first);
    const { duel: after, depths } = duelMove(engine, d, 0);
    assert.equal(after.scores[first], depths.size);
    assert.equal(after.scores[1 - first], 0);
    assert.equal(after.turn, 1 - first);
  }
  assert.throws(() => newDuel(engine, board, 'fewest', 2), RangeError);
});
