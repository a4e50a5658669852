// The proved hint: following it from any position finishes in exactly
// matches + remaining par (so from the start it makes brute-force par); its
// strike lights the count it claims; its proof holds on the board; a position
// that already lost par says so. tools/crosscheck.py compares it with Python's.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { generate, newGame, remainingPar, strike } from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { hint } from '../../../../src/proofgrid/web/js/matchless/engine/hint.js';
import { bruteForcePar, rngFor } from '../../helpers.mjs';

function boards(count, seed) {
  const rng = rngFor(seed);
  return Array.from({ length: count }, () => generate(
    { rows: 2 + rng.below(4), cols: 2 + rng.below(4), density: 50 + rng.below(51), fuses: 1 + rng.below(3) },
    rng.next64(),
  ));
}

test('following the hint from the start makes brute-force par', () => {
  for (const board of boards(60, 201)) {
    const par = bruteForcePar(board.succ);
    let state = newGame(board);
    while (state.left > 0) {
      const h = hint(state, par);
      const { state: next, depths } = strike(state, h.shell);
      assert.equal(depths.size, h.extra.lights);
      assert.equal(remainingPar(next), h.extra.remaining_par - 1);
      assert.equal(h.extra.par_reachable, true);
      state = next;
    }
    assert.equal(state.matches, par);
    assert.equal(hint(state), null);
  }
});

test('the proof: component unlit, every fuse into it listed and lit at its tail', () => {
  const rng = rngFor(203);
  for (const board of boards(40, 202)) {
    let state = newGame(board);
    while (state.left > 0) {
      const h = hint(state);
      const inside = new Set(h.component);
      const into = board.fuses.filter(([t, w]) => inside.has(w) && !inside.has(t));
      assert.equal(h.proof.incoming.length, into.length);
      for (const [t] of into) assert.equal(state.lit[t], true, 'a fuse enters from an unlit shell');
      for (const v of h.component) assert.equal(state.lit[v], false);
      const unlit = state.lit.filter((x) => !x).length;
      assert.equal(h.proof.unlit.length, unlit);
      // a random strike, so later positions often lose par
      const open = state.lit.flatMap((x, v) => (x ? [] : [v]));
      state = strike(state, open[rng.below(open.length)]).state;
    }
  }
});

test('a position past par says so and still names the best shell', () => {
  let seen = 0;
  const rng = rngFor(205);
  for (const board of boards(80, 204)) {
    const par = bruteForcePar(board.succ);
    let state = newGame(board);
    while (state.left > 0) {
      const h = hint(state, par);
      const lost = state.matches + remainingPar(state) > par;
      assert.equal(h.extra.par_reachable, !lost);
      if (lost) {
        seen++;
        assert.match(h.words[2], /^Par \d+ is out of reach: .* This is still the best next shell\.$/);
      }
      const open = state.lit.flatMap((x, v) => (x ? [] : [v]));
      state = strike(state, open[rng.below(open.length)]).state;
    }
  }
  assert.ok(seen > 0);
});
