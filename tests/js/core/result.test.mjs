// Result codes in JavaScript. Oracles: the CRC-32 check value of the standard
// ("123456789" -> 0xCBF43926, as zlib's crc32), round trips, and refusal of every
// single-character change of a code (exhaustive over positions and the alphabet).
// The Python <-> JavaScript agreement is tests/crosscheck/test_results_js.py.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { crc32, decodeResult, encodeResult, resultLink, ResultCodeError } from '../../../src/proofgrid/web/js/core/result.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

test('crc32 is the standard CRC-32', () => {
  assert.equal(crc32([...'123456789'].map((c) => c.charCodeAt(0))), 0xcbf43926);
  assert.equal(crc32([]), 0);
});

test('codes round trip, links carry them', () => {
  const r = { puzzle: 'matchless', id: '6x6:FEb_zvibhIqC6EUqICGLKeqF4CRq', moves: ['b1', 'e1', '3,2'], hints: 300, xray: true };
  const code = encodeResult(r);
  assert.deepEqual(decodeResult(code), r);
  assert.deepEqual(decodeResult(resultLink(code)), r);
  assert.deepEqual(decodeResult(encodeResult({ puzzle: 'k9', id: 'a:b', moves: [] })), { puzzle: 'k9', id: 'a:b', moves: [], hints: 0, xray: false });
});

test('every single-character change is refused', () => {
  const code = encodeResult({ puzzle: 'kirchhoff', id: '5x5de:EzQhxySCGIxxDEAM5', moves: ['a1>b1', 'c3xc4'], hints: 1 });
  let refused = 0;
  for (let i = 0; i < code.length; i++) {
    for (const ch of ALPHABET + '.#/=+ é') {
      if (ch === code[i]) continue;
      const bad = code.slice(0, i) + ch + code.slice(i + 1);
      let r = null;
      try { r = decodeResult(bad); } catch (err) { assert.ok(err instanceof ResultCodeError, String(err)); refused++; continue; }
      assert.fail(`accepted ${bad}: ${JSON.stringify(r)}`);
    }
  }
  assert.ok(refused > code.length * 60);
  for (const bad of ['', 'kirchhoff', 'kirchhoff.', code.slice(0, -1), `${code}A`, 'Kirchhoff' + code.slice(9)]) {
    assert.throws(() => decodeResult(bad), ResultCodeError);
  }
});
