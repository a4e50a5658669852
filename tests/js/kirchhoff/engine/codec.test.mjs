// Params, descriptions and game IDs: values pinned from Python (the
// specification), round trips on random boards of every size, and fuzzing —
// every single-character corruption, truncation and random text throws
// GameIdError and nothing else.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checksum } from '../../../../src/proofgrid/web/js/kirchhoff/engine/codec.js';
import { K, randomBoard, rngFor } from './helpers.mjs';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const FUZZ = [...ALPHABET, ':', '#', 'x', 'd', 'e', 'm', 'h', ' ', '\t', '\n', 'é', '🎆', '٦', '\x1c', '\ufeff'];

function throwsGameIdError(fn, what) {
  assert.throws(fn, (err) => err instanceof K.GameIdError && !err.message.includes('\n'), what);
}

test('presets are Python presets()', () => {
  assert.deepEqual(JSON.parse(JSON.stringify(K.PRESETS)), {
    easy: { rows: 5, cols: 5, grade: 'easy' },
    medium: { rows: 6, cols: 6, grade: 'medium' },
    hard: { rows: 7, cols: 7, grade: 'hard' },
    expert: { rows: 10, cols: 10, grade: 'hard' },
    giant: { rows: 16, cols: 16, grade: 'hard' },
  });
  assert.equal(K.encodeParams(K.PRESETS.giant), '16x16dh');
  assert.deepEqual(K.decodeParams(' Hard '), K.PRESETS.hard);
  assert.deepEqual(K.decodeParams('7x5'), { rows: 7, cols: 5, grade: 'easy' });
  throwsGameIdError(() => K.decodeParams('٧x٥dm'), 'Unicode digits'); // ASCII digits only, as Python
  for (const bad of ['', '1x5', '17x2', '5x5dx', '5x5d', 'x5', '5x5dhh', '100x1', 'huge', 7]) throwsGameIdError(() => K.decodeParams(bad), String(bad));
});

test('the documented example board (docs/kirchhoff.md) and its ID', () => {
  const b = K.boardFromText('+2 . 1 / . 0 . / 1 . -2');
  assert.equal(K.formatGameId(b), '3x3de:ERylCXQnX');
  assert.equal(b.id, '3x3de:ERylCXQnX');
  const back = K.parseGameId('3x3de:ERylCXQnX');
  assert.equal(K.boardToText(back), '+2 . 1 / . 0 . / 1 . -2');
  assert.deepEqual(back.clues[0], { cell: 0, kind: 'source', value: 2 });
  assert.deepEqual(back.clues[8], { cell: 8, kind: 'sink', value: 2 });
  assert.deepEqual(back.edges.slice(0, 3), [[0, 1], [1, 2], [3, 4]]);
  assert.deepEqual(back.edges[6], [0, 3]);
  assert.equal(K.solution(back).join(''), '110011101101'); // Python's first_solution
});

test('checksum is FNV-1a-32 folded to 12 bits', () => {
  // FNV-1a of the bytes [0, 1] by hand: ((0x811C9DC5 ^ 0) * p ^ 1) * p mod 2^32
  let h = 0x811c9dc5n;
  for (const s of [0n, 1n]) h = ((h ^ s) * 0x01000193n) & 0xffffffffn;
  const folded = Number((h ^ (h >> 12n) ^ (h >> 24n)) & 0xfffn);
  assert.equal(checksum([0, 1]), folded);
});

test('round trip on 300 random boards of every size (2..16 each way)', () => {
  const rng = rngFor(3);
  for (let i = 0; i < 300; i++) {
    const rows = 2 + rng.below(15);
    const cols = 2 + rng.below(15);
    const b = randomBoard(rng, rows, cols);
    const id = K.formatGameId(b);
    assert.equal(id, b.id);
    const back = K.parseGameId(id);
    assert.deepEqual(back.clues, b.clues);
    assert.equal(K.formatGameId(back), id);
    const { rows: r2, cols: c2, cells } = K.decodeDesc(id.split(':')[1]);
    assert.deepEqual([r2, c2, cells.length], [rows, cols, rows * cols]);
  }
});

test('every single-character corruption, truncation and insertion throws GameIdError', () => {
  const rng = rngFor(4);
  let cases = 0;
  let accepted = 0;
  for (let i = 0; i < 30; i++) {
    const b = randomBoard(rng, 2 + rng.below(8), 2 + rng.below(8));
    const [params, desc] = b.id.split(':');
    const tryIt = (text) => {
      cases++;
      try {
        const back = K.parseGameId(text);
        accepted++;
        assert.ok(back.id.startsWith(`${back.rows}x${back.cols}`));
      } catch (err) {
        assert.ok(err instanceof K.GameIdError && !err.message.includes('\n'), `${text}: ${err}`);
      }
    };
    for (let k = 0; k < desc.length; k++) {
      for (const ch of ALPHABET) if (ch !== desc[k]) tryIt(`${params}:${desc.slice(0, k)}${ch}${desc.slice(k + 1)}`);
      tryIt(`${params}:${desc.slice(0, k)}${desc.slice(k + 1)}`);
      tryIt(`${params}:${desc.slice(0, k)}`);
      tryIt(`${params}:${desc.slice(0, k)}${FUZZ[rng.below(FUZZ.length)]}${desc.slice(k)}`);
    }
  }
  // a 12-bit checksum lets about 1 in 4096 corruptions through; they must still be valid boards
  assert.ok(cases > 10000 && accepted < cases / 100, `${accepted} of ${cases} accepted`);
});

test('random text and odd inputs throw GameIdError only', () => {
  const rng = rngFor(5);
  const prefixes = ['', '5x5:', '5x5de#', '7x7dh:E', '16x16dh:', '2x17:', 'hard:', 'easy#', '3x3#'];
  for (let i = 0; i < 3000; i++) {
    let t = prefixes[rng.below(prefixes.length)];
    const n = rng.below(25);
    for (let k = 0; k < n; k++) t += FUZZ[rng.below(FUZZ.length)];
    try {
      K.parseGameId(t);
    } catch (err) {
      assert.ok(err instanceof K.GameIdError, `${JSON.stringify(t)}: ${err}`);
    }
  }
  for (const bad of [null, undefined, 5, {}, '', ' ', ':', '#', 'x'.repeat(5000), '5x5:', '5x5#', 'ab', '5x5de:AAAA']) {
    throwsGameIdError(() => K.parseGameId(bad), String(bad));
  }
  throwsGameIdError(() => K.parseGameId('3x3#\ud800'), 'lone surrogate seed');
});

test('boards are validated: demands sum to 0, clue ranges, sizes (editor constructor)', () => {
  const b = K.boardFromClues(3, 3, [{ cell: 0, kind: 'source', value: 2 }, { cell: [2, 2], kind: 'sink', value: 2 }, { cell: 4, kind: 'throughput', value: 0 }]);
  assert.equal(b.clues[8].kind, 'sink');
  assert.equal(b.clues[4].value, 0);
  assert.equal(b.id, '3x3de:' + K.encodeDesc({ rows: 3, cols: 3, cells: b.clues }));
  assert.equal(K.boardFromClues(3, 3, [], 'hard').id.slice(0, 5), '3x3dh');
  throwsGameIdError(() => K.boardFromClues(3, 3, [{ cell: 0, kind: 'source', value: 1 }]), 'unbalanced');
  throwsGameIdError(() => K.boardFromClues(3, 3, [{ cell: 0, kind: 'source', value: 5 }, { cell: 1, kind: 'sink', value: 5 }]), 'range');
  throwsGameIdError(() => K.boardFromClues(3, 3, [{ cell: 0, kind: 'throughput', value: 3 }]), 'throughput 3');
  throwsGameIdError(() => K.boardFromClues(3, 3, [{ cell: 9, kind: 'throughput', value: 1 }]), 'off board');
  throwsGameIdError(() => K.boardFromClues(3, 3, [{ cell: [3, 0], kind: 'throughput', value: 1 }]), 'off board rc');
  throwsGameIdError(() => K.boardFromClues(3, 3, [{ cell: 1, kind: 'throughput', value: 1 }, { cell: 1, kind: 'blank' }]), 'twice');
  throwsGameIdError(() => K.boardFromClues(1, 3, []), 'size');
  throwsGameIdError(() => K.boardFromClues(3, 3, [{ cell: 1, kind: 'wall', value: 1 }]), 'kind');
  throwsGameIdError(() => K.parseGameId('4x4de:ERylCXQnX'), 'size mismatch with params');
});
