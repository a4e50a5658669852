// Generator v2 and the params versioning in the browser engine: v1 texts keep
// v1 (boards pinned from Python at commit 2c8dad6, before v2), v2 texts round
// trip, v2 with v1's settings draws as v1, and the daily switches generator on
// SWITCH. Python agreement board for board is tools/crosscheck.py (v2boards).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  GameIdError, daily, decodeParams, encodeParams, formatGameId, generate, readGameId,
} from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import {
  DAILY_PARAMS, DAILY_PARAMS_V2, SWITCH, dailyParams, dailySeed,
} from '../../../../src/proofgrid/web/js/matchless/engine/daily.js';
import { PRESETS, V1, V2 } from '../../../../src/proofgrid/web/js/matchless/engine/params.js';
import { SplitMix64, seedFromText } from '../../../../src/proofgrid/web/js/core/rng.js';

test('v1 links and pre-switch dailies keep their boards (pinned from Python before v2)', () => {
  assert.equal(formatGameId(readGameId('6x6#42')), '6x6:FEev_3xLKFpMAVFRwCBAwmEEhjRPwODu');
  assert.equal(formatGameId(readGameId('8x8d50f3#hello')), '8x8:FmMjTd4ORTSW_rhjNF2bhdMBMrT4fXyYtA');
  assert.equal(daily('2026-12-25').id, '6x6:FEn34Jr8WSVASPMHNE9mgMrs');
  assert.equal(daily('2026-12-31').id, '6x6:FE9_zXjvMhp0gUIFycQYLCh8CMqQIHw');
  assert.equal(formatGameId(generate(PRESETS.default, 42n)), '6x6:FEev_3xLKFpMAVFRwCBAwmEEhjRPwODu');
});

test('params texts: v1 stays v1, v2 round trips, bad settings refused', () => {
  assert.deepEqual(decodeParams('6x6'), V1);
  assert.equal(decodeParams('6x6d70f2').version, 1);
  assert.deepEqual(decodeParams('6x6v2'), V2);
  assert.equal(encodeParams(V1), '6x6d70f2');
  const rng = new SplitMix64(7n);
  for (let i = 0; i < 500; i++) {
    const p = {
      rows: 2 + rng.below(11), cols: 2 + rng.below(11), density: 1 + rng.below(100),
      fuses: 1 + rng.below(8), version: 2, dirs: rng.below(2) ? 4 : 8, mutual: rng.below(101),
      empty: rng.below(2), exact: rng.below(2),
    };
    assert.deepEqual({ ...decodeParams(encodeParams(p)) }, p);
  }
  for (const bad of ['6x6n4', '6x6m50', '6x6v2n5', '6x6v2m101', '6x6v2e2', '6x6v3']) {
    assert.throws(() => decodeParams(bad), GameIdError, bad);
  }
});

test('v2 with n8 m0 e0 x0 draws exactly as v1', () => {
  const rng = new SplitMix64(11n);
  for (let i = 0; i < 300; i++) {
    const p = { rows: 2 + rng.below(11), cols: 2 + rng.below(11), density: 1 + rng.below(100), fuses: 1 + rng.below(8) };
    const seed = rng.next64();
    const v1 = generate(p, seed);
    const v2 = generate({ ...p, version: 2, dirs: 8, mutual: 0, empty: 0, exact: 0 }, seed);
    assert.deepEqual(v2.cells, v1.cells);
  }
});

test('four directions give orthogonal fuses only', () => {
  for (let s = 0n; s < 200n; s++) {
    for (const f of generate(V2, s).cells) assert.ok(f === null || (f & 0b10101010) === 0);
  }
});

test('the daily switches to v2 on SWITCH', () => {
  assert.equal(SWITCH, '2027-01-01');
  assert.equal(dailyParams('2026-12-31'), DAILY_PARAMS);
  assert.equal(dailyParams(SWITCH), DAILY_PARAMS_V2);
  assert.equal(dailySeed('2026-12-31'), seedFromText('matchless/v1/daily/2026-12-31'));
  assert.equal(dailySeed(SWITCH), seedFromText(`matchless/v2/daily/${SWITCH}`));
  const d = daily(SWITCH);
  const rng = new SplitMix64(dailySeed(SWITCH));
  let board = null;
  for (let k = 0; k <= d.attempt; k++) board = generate(V2, rng.next64());
  assert.equal(formatGameId(board), d.id);
  assert.ok(d.barMet);
});
