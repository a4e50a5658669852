// The board codec and game IDs: round trips, the CRC check value, and fuzzing —
// every corrupted code (each single-character substitution, deletion,
// insertion, truncation) and arbitrary text throws GameIdError and nothing else.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  GameIdError, crc16, decodeDesc, encodeDesc, formatGameId, generate, makeBoard, parseGameId,
  readGameId,
} from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { rngFor } from '../../helpers.mjs';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function boards(count, seed) {
  const rng = rngFor(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const params = { rows: 2 + rng.below(11), cols: 2 + rng.below(11), density: 1 + rng.below(100), fuses: 1 + rng.below(8) };
    out.push(generate(params, rng.next64()));
  }
  return out;
}

function throwsGameIdError(fn, what) {
  assert.throws(fn, (err) => err instanceof GameIdError && !err.message.includes('\n'), what);
}

test('crc16 check value (CRC-16/CCITT-FALSE of "123456789" is 0x29B1)', () => {
  assert.equal(crc16(new TextEncoder().encode('123456789')), 0x29b1);
});

test('encode/decode round trip on 400 random boards of every size', () => {
  for (const b of boards(400, 1)) {
    const desc = encodeDesc(b);
    const back = decodeDesc(desc);
    assert.deepEqual(back.cells, b.cells);
    assert.equal(encodeDesc(back), desc);
    const id = formatGameId(b);
    assert.equal(id, `${b.rows}x${b.cols}:${desc}`);
    assert.deepEqual(parseGameId(id).cells, b.cells);
  }
});

test('formatGameId accepts the editor shape {rows, cols, shells, fuses} (no cells)', () => {
  for (const b of boards(50, 2)) {
    const shape = { rows: b.rows, cols: b.cols, shells: b.shells, fuses: b.fuses, succ: b.succ };
    assert.equal(formatGameId(shape), formatGameId(b));
  }
  throwsGameIdError(() => formatGameId({ rows: 3, cols: 3, shells: [[0, 0], [2, 2]], fuses: [[0, 1]] }));
});

test('every single-character corruption of a code throws GameIdError', () => {
  let cases = 0;
  for (const b of boards(25, 3)) {
    const desc = encodeDesc(b);
    const check = (bad) => {
      cases++;
      throwsGameIdError(() => decodeDesc(bad), bad);
      throwsGameIdError(() => parseGameId(`${b.rows}x${b.cols}:${bad}`), bad);
    };
    for (let i = 0; i < desc.length; i++) {
      for (const ch of ALPHABET) if (ch !== desc[i]) check(desc.slice(0, i) + ch + desc.slice(i + 1));
      check(desc.slice(0, i) + desc.slice(i + 1));
      check(desc.slice(0, i) + '!' + desc.slice(i + 1));
    }
    for (let i = 0; i <= desc.length; i++) check(desc.slice(0, i) + 'A' + desc.slice(i));
    for (let k = 1; k < desc.length; k++) check(desc.slice(0, k));
  }
  assert.ok(cases > 5000);
});

test('every flipped bit of the byte stream is caught (CRC detects all bursts <= 16 bits)', () => {
  for (const b of boards(40, 4)) {
    const desc = encodeDesc(b);
    for (let i = 0; i < desc.length; i++) {
      const v = ALPHABET.indexOf(desc[i]);
      for (let bit = 0; bit < 6; bit++) {
        const bad = desc.slice(0, i) + ALPHABET[v ^ (1 << bit)] + desc.slice(i + 1);
        throwsGameIdError(() => decodeDesc(bad), bad);
      }
    }
  }
});

test('arbitrary text never throws anything but GameIdError', () => {
  const rng = rngFor(5);
  const pool = [...ALPHABET, ':', '#', 'x', 'd', 'f', ' ', '\n', '\u0000', 'é', '🎆', '٦', '\ud800', '\uffff'];
  for (let i = 0; i < 20000; i++) {
    let s = '';
    const len = rng.below(40);
    for (let k = 0; k < len; k++) s += pool[rng.below(pool.length)];
    const prefix = ['', '6x6:', '6x6#', '12x12d100f8:', '2x2:', '13x2:', '6x6d0:'][rng.below(7)];
    try {
      const b = readGameId(prefix + s); // without parseGameId's safety net
      assert.equal(parseGameId(formatGameId(b)).cells.join(), b.cells.join());
    } catch (err) {
      assert.ok(err instanceof GameIdError, `${JSON.stringify(prefix + s)}: ${err}`);
    }
  }
  for (const bad of [undefined, null, 42, {}, [], 'x'.repeat(5000), `6x6:${'A'.repeat(500)}`]) {
    throwsGameIdError(() => parseGameId(bad));
  }
});

test('game ID rules mirror Python: sizes agree, params are validated, seeds', () => {
  const b = generate({ rows: 4, cols: 5 }, 7n);
  const desc = encodeDesc(b);
  throwsGameIdError(() => parseGameId(`5x4:${desc}`));
  throwsGameIdError(() => parseGameId(`4x5d0:${desc}`));
  throwsGameIdError(() => parseGameId(`4x5f9:${desc}`));
  assert.deepEqual(parseGameId(` 4X5D70F2:${desc}\t`).cells, b.cells);
  assert.deepEqual(parseGameId('4x5#7').cells, b.cells);
  assert.deepEqual(parseGameId('4x5d70f2# 7').cells, b.cells);
  // seed text that is not a small decimal is hashed; 2**64 is text, not a number
  assert.notDeepEqual(parseGameId('6x6#18446744073709551616').cells, parseGameId('6x6#0').cells);
  assert.deepEqual(parseGameId('6x6#18446744073709551615').cells, generate({}, 2n ** 64n - 1n).cells);
  // ASCII digits only in params, as Python (a Unicode digit is one line of error)
  throwsGameIdError(() => parseGameId('٦x٦#5'));
  // a lone surrogate cannot be UTF-8 encoded (Python raises): an error here too
  throwsGameIdError(() => parseGameId('6x6#\ud800'));
  for (const bad of ['', '   ', '6x6', '6x6:', '6x6#', ':', '#', 'axb:AAAA', '1x6#1', '6x13#1']) {
    throwsGameIdError(() => parseGameId(bad), JSON.stringify(bad));
  }
});

test('makeBoard rejects fuses off the grid or at empty cells, and empty boards', () => {
  throwsGameIdError(() => makeBoard(2, 2, [null, null, null, null]));
  throwsGameIdError(() => makeBoard(2, 2, [1, null, null, null])); // N from row 0
  throwsGameIdError(() => makeBoard(2, 2, [4, null, null, null])); // E at an empty cell
  throwsGameIdError(() => makeBoard(1, 2, [0, 0]));
  const b = makeBoard(2, 2, [4, 64, null, null]);
  assert.deepEqual(b.succ, [[1], [0]]);
  assert.ok(Object.isFrozen(b) && Object.isFrozen(b.succ) && Object.isFrozen(b.succ[0]));
});
