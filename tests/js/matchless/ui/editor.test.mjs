// The editor model against the engine: every model's board survives the
// engine's game-ID round trip unchanged (so a shared link is the board that
// was built), and editing keeps fuses between adjacent shells only.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  DX, DY, emptyModel, fromBoard, hasFuse, neighbour, resize, shellCount, toBoard, toggleFuse, toggleShell,
} from '../../../../src/proofgrid/web/js/matchless/ui/editor-model.js';
import { DX as EDX, DY as EDY, formatGameId, generate, parseGameId, solve } from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { rngFor } from '../../helpers.mjs';

function randomModel(rng) {
  let m = emptyModel(2 + rng.below(11), 2 + rng.below(11));
  const n = m.rows * m.cols;
  for (let i = 0; i < n; i++) if (rng.below(100) < 60) m = toggleShell(m, i);
  for (let k = 0; k < 2 * n; k++) {
    const a = rng.below(n);
    const b = neighbour(m, a, rng.below(8));
    if (b >= 0) m = toggleFuse(m, a, b);
  }
  return m;
}

test('directions are the engine\'s', () => {
  assert.deepEqual(DX, [...EDX]);
  assert.deepEqual(DY, [...EDY]);
});

test('editor boards round-trip through the engine\'s game IDs', () => {
  const rng = rngFor(21);
  for (let trial = 0; trial < 300; trial++) {
    const m = randomModel(rng);
    const b = toBoard(m);
    if (!b) {
      assert.equal(shellCount(m), 0);
      continue;
    }
    const id = formatGameId(b);
    const back = parseGameId(id);
    assert.deepEqual(back.shells, b.shells);
    assert.deepEqual(back.succ, b.succ);
    assert.deepEqual(back.fuses, b.fuses);
    assert.deepEqual(fromBoard(back), m);
    assert.equal(solve(back).par, solve(b).par);
  }
});

test('generated boards load into the editor and out again unchanged', () => {
  const rng = rngFor(4);
  for (let i = 0; i < 100; i++) {
    const g = generate({ rows: 2 + rng.below(11), cols: 2 + rng.below(11), density: 40 + rng.below(61), fuses: 1 + rng.below(8) }, rng.next64());
    assert.equal(formatGameId(toBoard(fromBoard(g))), formatGameId(g));
  }
});

test('removing a shell removes the fuses into it; resizing drops what falls off', () => {
  let m = emptyModel(3, 3);
  for (const c of [0, 1, 4]) m = toggleShell(m, c);
  m = toggleFuse(m, 0, 1);
  m = toggleFuse(m, 4, 0);
  m = toggleFuse(m, 1, 4);
  assert.ok(hasFuse(m, 0, 1) && hasFuse(m, 4, 0) && hasFuse(m, 1, 4));
  assert.equal(toggleFuse(m, 0, 8), m, 'not adjacent: no-op');
  const gone = toggleShell(m, 0);
  assert.ok(!hasFuse(gone, 4, 0));
  assert.ok(hasFuse(gone, 1, 4));
  const small = resize(m, 2, 2);
  assert.equal(shellCount(small), 3);
  assert.ok(hasFuse(small, 0, 1));
  const tiny = resize(toggleShell(emptyModel(4, 4), 15), 2, 2);
  assert.equal(shellCount(tiny), 0);
  assert.equal(toBoard(tiny), null);
  assert.throws(() => emptyModel(1, 5), RangeError);
  assert.throws(() => resize(m, 13, 2), RangeError);
  // every fuse of every random model joins two adjacent shells
  const rng = rngFor(8);
  for (let i = 0; i < 100; i++) {
    const r = randomModel(rng);
    const b = toBoard(r);
    if (!b) continue;
    for (const [x, y] of b.fuses) {
      const [r1, c1] = b.shells[x];
      const [r2, c2] = b.shells[y];
      assert.equal(Math.max(Math.abs(r1 - r2), Math.abs(c1 - c2)), 1);
    }
  }
});
