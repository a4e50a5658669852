// The DOM-free helpers of js/app/ui.js shared by both puzzles' views:
// plural (the count and its word) and randomSeed (a fresh 64-bit BigInt).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { plural, randomSeed } from '../../../src/proofgrid/web/js/app/ui.js';

test('plural puts the count before the word that agrees with it', () => {
  assert.equal(plural(1, 'saved game'), '1 saved game');
  assert.equal(plural(0, 'saved game'), '0 saved games');
  assert.equal(plural(2, 'match', 'matches'), '2 matches');
  assert.equal(plural(1, 'match', 'matches'), '1 match');
  assert.equal(plural(3, 'game was', 'games were'), '3 games were');
});

test('randomSeed is a BigInt of 64 bits, fresh on every call', () => {
  const seeds = Array.from({ length: 64 }, () => randomSeed());
  for (const s of seeds) {
    assert.equal(typeof s, 'bigint');
    assert.ok(s >= 0n && s < 1n << 64n);
  }
  assert.equal(new Set(seeds).size, seeds.length);
  // Both halves are drawn: some seed has a high word, some a low word.
  assert.ok(seeds.some((s) => s >> 32n !== 0n) && seeds.some((s) => (s & 0xffffffffn) !== 0n));
});
