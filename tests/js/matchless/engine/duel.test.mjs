// The duel bot against oracles: the memoised value and best moves against plain
// unmemoised minimax over every shell (tiny graphs, closed and arbitrary unlit
// sets), Number masks against BigInt masks, the greedy bot against a one-ply
// brute force, and the random bot against the SplitMix64 stream it specifies.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { SplitMix64 } from '../../../../src/proofgrid/web/js/core/rng.js';
import { bfsDepths } from '../../../../src/proofgrid/web/js/core/graph.js';
import {
  DuelSolver, botMove, cascadeMask, obviousMove, plainMinimax,
} from '../../../../src/proofgrid/web/js/matchless/engine/duel.js';
import { generate } from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { rngFor } from '../../helpers.mjs';

/** Random digraph: each ordered pair (self-loops included) is a fuse with chance 1/4. */
function tinyGraph(rng, maxShells) {
  const n = 1 + rng.below(maxShells);
  return Array.from({ length: n }, () => [...Array(n).keys()].filter(() => rng.chance(1, 4)));
}

const full = (n) => (1n << BigInt(n)) - 1n;

function cascadeSize(succ, unlit, s) {
  const blocked = succ.map((_, v) => ((unlit >> BigInt(v)) & 1n) === 0n);
  return bfsDepths(succ, [s], blocked).size;
}

test('value = plain minimax, full board and arbitrary unlit sets, both rules (300 graphs)', () => {
  const rng = rngFor(1);
  for (let i = 0; i < 300; i++) {
    const succ = tinyGraph(rng, 7);
    const n = succ.length;
    const sub = BigInt(rng.below(full(n) + 1n));
    for (const rule of ['most', 'fewest']) {
      const solver = new DuelSolver(succ, rule);
      for (const unlit of [full(n), sub]) assert.equal(solver.value(unlit), plainMinimax(succ, unlit, rule));
    }
  }
});

test('bestMoves = every move whose plain-minimax line attains the value', () => {
  const rng = rngFor(2);
  for (let i = 0; i < 150; i++) {
    const succ = tinyGraph(rng, 6);
    const n = succ.length;
    for (const rule of ['most', 'fewest']) {
      const sign = rule === 'most' ? 1 : -1;
      const want = plainMinimax(succ, full(n), rule);
      const expected = [];
      for (let s = 0; s < n; s++) {
        const c = cascadeMask(succ, full(n), s);
        if (sign * cascadeSize(succ, full(n), s) - plainMinimax(succ, full(n) ^ c, rule) === want) expected.push(s);
      }
      assert.deepEqual(new DuelSolver(succ, rule).bestMoves(full(n)), expected);
    }
  }
});

test('Number masks and BigInt masks give the same values (5x5 boards)', () => {
  const rng = rngFor(3);
  for (let i = 0; i < 20; i++) {
    const b = generate({ rows: 5, cols: 5, density: 60 + rng.below(41), fuses: 1 + rng.below(3) }, rng.next64());
    for (const rule of ['most', 'fewest']) {
      const a = new DuelSolver(b.succ, rule);
      const big = new DuelSolver(b.succ, rule, { bigint: true });
      const sub = BigInt(rng.below(full(b.shells.length) + 1n));
      for (const u of [full(b.shells.length), sub]) assert.equal(a.value(u), big.value(u));
      assert.deepEqual(a.bestMoves(full(b.shells.length)), big.bestMoves(full(b.shells.length)));
    }
  }
});

test('the perfect bot with time to spare plays the lowest optimal move and reports the value', () => {
  const rng = rngFor(4);
  for (let i = 0; i < 100; i++) {
    const succ = tinyGraph(rng, 7);
    const n = succ.length;
    const unlit = 1n + BigInt(rng.below(full(n)));
    for (const rule of ['most', 'fewest']) {
      const m = botMove(succ, unlit, rule, 'perfect', 0n, 60000);
      assert.equal(m.perfect, true);
      assert.equal(m.value, plainMinimax(succ, unlit, rule));
      assert.equal(m.shell, new DuelSolver(succ, rule).bestMoves(unlit)[0]);
    }
  }
});

test('with no time the perfect bot still answers an unlit shell (the deepening fallback)', () => {
  const rng = rngFor(5);
  for (let i = 0; i < 3; i++) {
    const b = generate({ rows: 7, cols: 7, density: 100, fuses: 1 }, rng.next64());
    const unlit = full(b.shells.length);
    for (const rule of ['most', 'fewest']) {
      const m = botMove(b.succ, unlit, rule, 'perfect', 0n, 0);
      assert.ok(Number.isInteger(m.shell) && m.shell >= 0 && m.shell < b.shells.length);
      assert.equal(m.value === null, !m.perfect);
    }
  }
});

test('the greedy bot plays the biggest (most) or smallest (fewest) cascade, ties to the lowest', () => {
  const rng = rngFor(6);
  for (let i = 0; i < 200; i++) {
    const succ = tinyGraph(rng, 9);
    const n = succ.length;
    const unlit = 1n + BigInt(rng.below(full(n)));
    for (const rule of ['most', 'fewest']) {
      const sign = rule === 'most' ? 1 : -1;
      let best = -1;
      let key = 0;
      for (let s = 0; s < n; s++) {
        if (!((unlit >> BigInt(s)) & 1n)) continue;
        const k = sign * cascadeSize(succ, unlit, s);
        if (best < 0 || k > key) [best, key] = [s, k];
      }
      assert.equal(obviousMove(succ, unlit, rule), best);
      assert.deepEqual(botMove(succ, unlit, rule, 'greedy', 0n, 0), { shell: best, perfect: false, value: null });
    }
  }
});

test('the random bot takes the k-th unlit shell, k = SplitMix64(seed).below(#unlit)', () => {
  const succ = [[1], [2], [0], [], [3], []];
  const unlit = 0b110101n; // shells 0, 2, 4, 5
  for (let seed = 0n; seed < 50n; seed++) {
    const k = new SplitMix64(seed).below(4);
    assert.equal(botMove(succ, unlit, 'fewest', 'random', seed, 0).shell, [0, 2, 4, 5][k]);
  }
});

test('bad input throws RangeError', () => {
  const succ = [[1], []];
  assert.throws(() => botMove(succ, 0n, 'most', 'perfect', 0n, 10), RangeError);
  assert.throws(() => botMove(succ, 4n, 'most', 'perfect', 0n, 10), RangeError);
  assert.throws(() => botMove(succ, 3n, 'least', 'perfect', 0n, 10), RangeError);
  assert.throws(() => botMove(succ, 3n, 'most', 'genius', 0n, 10), RangeError);
  assert.throws(() => botMove([[5]], 1n, 'most', 'greedy', 0n, 10), RangeError);
});
