// The browser's puzzle contract (js/core/puzzle.js, mirroring src/proofgrid/puzzle.py):
// both engine mirrors export every name of it, and the shared game-ID and seed
// text rules behave as Python's split_game_id and parse_seed (oracle: the
// values Python gives, written out here).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { GameIdError } from '../../../src/proofgrid/web/js/core/errors.js';
import { ENGINE_CONTRACT, missingFromContract, parseSeed, seedValue, splitGameId } from '../../../src/proofgrid/web/js/core/puzzle.js';
import { seedFromText } from '../../../src/proofgrid/web/js/core/rng.js';
import * as K from '../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import * as M from '../../../src/proofgrid/web/js/matchless/engine/index.js';

test('both engine mirrors fill the contract, with the one shared error type', () => {
  assert.ok(ENGINE_CONTRACT.length >= 15);
  assert.deepEqual(missingFromContract(M), []);
  assert.deepEqual(missingFromContract(K), []);
  assert.ok(missingFromContract({ parseGameId() {} }).includes('formatGameId'));
  assert.equal(M.GameIdError, GameIdError);
  assert.equal(K.GameIdError, GameIdError);
  assert.equal(M.LAUNCH, K.LAUNCH);
});

test('game IDs split as Python splits them; seeds read as parse_seed reads them', () => {
  assert.deepEqual(splitGameId(' 6x6:AbC '), { params: '6x6', desc: 'AbC' });
  assert.deepEqual(splitGameId('5x5#a:b'), { params: '5x5', seed: 'a:b' });
  assert.deepEqual(splitGameId('5x5:a#b'), { params: '5x5', desc: 'a#b' });
  for (const bad of ['', '   ', 'nothing', '6x6:', '6x6#', 42, `6x6:${'A'.repeat(4100)}`]) {
    assert.throws(() => splitGameId(bad), GameIdError, String(bad).slice(0, 20));
  }
  assert.equal(seedValue(' 42 '), 42n);
  assert.equal(seedValue('18446744073709551615'), (1n << 64n) - 1n);
  assert.equal(seedValue('18446744073709551616'), seedFromText('18446744073709551616'));
  assert.equal(seedValue(' hello '), seedFromText('hello'));
  assert.equal(parseSeed, seedValue);
  assert.throws(() => seedValue('\ud800'), GameIdError);
});
