// Play: strike lights exactly the cascade through unlit shells, with BFS depths;
// states are frozen; remaining par equals brute-force par of the unlit
// subgraph; matches + remaining par never drops below par, and stays at par
// exactly when every match lands in a source component of the unlit shells.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  GameIdError, generate, hint, newGame, remainingPar, solve, status, strike,
} from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { bruteForcePar, rngFor } from '../../helpers.mjs';

function boards(count, seed) {
  const rng = rngFor(seed);
  return Array.from({ length: count }, () => generate(
    { rows: 2 + rng.below(4), cols: 2 + rng.below(4), density: 50 + rng.below(51), fuses: 1 + rng.below(3) },
    rng.next64(),
  ));
}

function inducedSucc(board, lit) {
  const idx = [];
  board.succ.forEach((_, v) => { if (!lit[v]) idx.push(v); });
  return idx.map((v) => board.succ[v].filter((w) => !lit[w]).map((w) => idx.indexOf(w)));
}

test('random play: cascades, depths, frozen states, remaining par vs brute force', () => {
  const rng = rngFor(9);
  for (const b of boards(150, 1)) {
    const par = solve(b).par;
    let s = newGame(b);
    assert.equal(remainingPar(s), par);
    assert.equal(s.unlit, (1n << BigInt(b.shells.length)) - 1n);
    while (status(s) === 'playing') {
      const unlit = s.lit.map((x, v) => (x ? -1 : v)).filter((v) => v >= 0);
      const shell = unlit[rng.below(unlit.length)];
      const before = s;
      const { state, depths } = strike(s, shell);
      // depths: the struck shell at 0, each other shell one more than some unlit predecessor
      assert.equal(depths.get(shell), 0);
      for (const [v, d] of depths) {
        assert.ok(!before.lit[v]);
        if (v !== shell) assert.ok(b.succ.some((h, u) => h.includes(v) && depths.get(u) === d - 1));
      }
      // closure: nothing unlit is pointed at by a newly lit shell
      for (const v of depths.keys()) for (const w of b.succ[v]) assert.ok(state.lit[w]);
      assert.equal(state.lit.filter(Boolean).length, before.lit.filter(Boolean).length + depths.size);
      assert.ok(Object.isFrozen(state) && Object.isFrozen(state.lit) && Object.isFrozen(state.moves));
      assert.ok(!before.lit[shell], 'the old state is untouched');
      assert.throws(() => strike(state, shell), GameIdError);
      s = state;
      const rem = remainingPar(s);
      assert.equal(rem, bruteForcePar(inducedSucc(b, s.lit)));
      assert.ok(s.matches + rem >= par);
    }
    assert.equal(remainingPar(s), 0);
    assert.equal(hint(s), null);
  }
});

test('following hints finishes at exactly par', () => {
  for (const b of boards(150, 2)) {
    let s = newGame(b);
    while (status(s) === 'playing') s = strike(s, hint(s).shell).state;
    assert.equal(s.matches, solve(b).par);
  }
});

test('strike rejects shells that do not exist', () => {
  const s = newGame(generate({ rows: 3, cols: 3 }, 1n));
  for (const bad of [-1, s.board.shells.length, 0.5, '0', null]) assert.throws(() => strike(s, bad), GameIdError);
});
