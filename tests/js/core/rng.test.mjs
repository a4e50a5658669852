// SplitMix64 / Lemire / Fisher–Yates / seedFromText against published reference
// vectors and values computed by Python's proofgrid.rng (the specification).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MASK64, SplitMix64, mix64, seedFromText } from '../../../src/proofgrid/web/js/core/rng.js';

test('SplitMix64 reference vectors (seed 1234567, Vigna splitmix64.c)', () => {
  const rng = new SplitMix64(1234567n);
  const got = [1, 2, 3, 4, 5].map(() => rng.next64());
  assert.deepEqual(got, [
    6457827717110365317n, 3203168211198807973n, 9817491932198370423n,
    4593380528125082431n, 16408922859458223821n,
  ]);
});

test('a Number seed is the same stream as its BigInt', () => {
  const a = new SplitMix64(1234567);
  const b = new SplitMix64(1234567n);
  for (let i = 0; i < 10; i++) assert.equal(a.next64(), b.next64());
});

test('seeds are masked to 64 bits like Python (negative and oversized)', () => {
  assert.equal(new SplitMix64(-1n).state, MASK64);
  assert.equal(new SplitMix64((1n << 64n) + 5n).state, 5n);
  assert.throws(() => new SplitMix64(0.5), TypeError);
  assert.throws(() => new SplitMix64('7'), TypeError);
});

test('Lemire below() equals Python, rejections included (SplitMix64(99))', () => {
  const rng = new SplitMix64(99n);
  const bounds = [1, 2, 3, 100, 2 ** 32 + 1, 2 ** 53 - 1, 2n ** 53n, 2n ** 63n + 1n, 2n ** 64n - 1n, 2n ** 64n];
  const got = [];
  for (const b of bounds) for (let i = 0; i < 3; i++) got.push(rng.below(b));
  const want = [0, 0, 0, 0, 0, 0, 2, 2, 1, 55, 53, 74, 1094573043, 1910068322, 455992591,
    6777931483437694, 2187345377874940, 3257479596812416, 2938292540593401n,
    1500013448677931n, 7440825065628872n, 9112813057429070960n, 1967731814433101322n,
    6521421323599253337n, 16596575196554514644n, 15871476080947780891n, 14104536160193848071n,
    9194564919863024572n, 8105031279542336237n, 726983489340736739n];
  assert.deepEqual(got, want);
  // 30 results took 34 draws: four rejections happened and were replayed exactly.
  assert.equal(rng.state, 242678309088164653n);
});

test('below returns a Number for safe bounds, given a Number or a BigInt', () => {
  const rng = new SplitMix64(5n);
  assert.equal(typeof rng.below(10), 'number');
  assert.equal(typeof rng.below(10n), 'number');
  assert.equal(typeof rng.below(2n ** 60n), 'bigint');
  for (const bad of [0, -1, 0n, 2n ** 64n + 1n, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
    assert.throws(() => rng.below(bad));
  }
});

test('below(2**64) is the raw output; below(1) is 0 and still draws once', () => {
  const a = new SplitMix64(42n);
  const b = new SplitMix64(42n);
  assert.equal(a.below(2n ** 64n), b.next64());
  assert.equal(a.below(1), 0);
  b.next64();
  assert.equal(a.state, b.state);
});

test('below() stays in range and covers it (every value of 0..6 in 700 draws)', () => {
  const rng = new SplitMix64(3n);
  const seen = new Array(7).fill(0);
  for (let i = 0; i < 700; i++) {
    const x = rng.below(7);
    assert.ok(Number.isInteger(x) && x >= 0 && x < 7);
    seen[x]++;
  }
  assert.ok(seen.every((c) => c > 50), String(seen));
});

test('chance(num, den) is below(den) < num on the same stream', () => {
  const a = new SplitMix64(11n);
  const b = new SplitMix64(11n);
  for (let i = 0; i < 200; i++) assert.equal(a.chance(70, 100), b.below(100) < 70);
});

test('Fisher–Yates equals Python (SplitMix64(7), 0..9) and draws nothing for n <= 1', () => {
  const rng = new SplitMix64(7n);
  assert.deepEqual(rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]);
  const r2 = new SplitMix64(7n);
  r2.shuffle([]);
  r2.shuffle(['x']);
  assert.equal(r2.state, 7n);
});

test('seedFromText equals Python (FNV-1a over UTF-8, then one SplitMix64 step)', () => {
  assert.equal(seedFromText(''), 14087677454934409008n);
  assert.equal(seedFromText('a'), 6857225946766476583n);
  assert.equal(seedFromText('matchless/v1/daily/2026-11-30'), 15635496746155106302n);
  assert.equal(seedFromText('héllo ✓ 🎆'), 10128042993653752197n);
});

test('mix64 is the SplitMix64 output function', () => {
  const rng = new SplitMix64(0n);
  assert.equal(rng.next64(), mix64(0x9e3779b97f4a7c15n));
});
