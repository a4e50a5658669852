// The editor's model. Oracles: the tool cycles written out by hand, a direct
// sum of demands, and resize against a cell-by-cell copy.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  applyTool, balance, clueCount, emptyModel, fromBoard, nextClue, resize, toClues,
} from '../../../../src/proofgrid/web/js/kirchhoff/ui/editor-model.js';
import { rngFor } from '../../helpers.mjs';

test('tools cycle a cell through the engine ranges and back to blank', () => {
  const seq = (tool, n) => {
    let c = { kind: 'blank', value: 0 };
    const out = [];
    for (let i = 0; i < n; i++) {
      c = nextClue(c, tool);
      out.push(c.kind === 'blank' ? '.' : `${c.kind[0]}${c.value}`);
    }
    return out.join(' ');
  };
  assert.equal(seq('source', 6), 's1 s2 s3 s4 . s1');
  assert.equal(seq('sink', 5), 's1 s2 s3 s4 .');
  assert.equal(seq('throughput', 5), 't0 t1 t2 . t0');
  assert.deepEqual(nextClue({ kind: 'source', value: 3 }, 'sink'), { kind: 'sink', value: 1 });
  assert.deepEqual(nextClue({ kind: 'source', value: 3 }, 'blank'), { kind: 'blank', value: 0 });
});

test('balance is the sum of demands; resize keeps what fits; the clue list covers every cell', () => {
  const rng = rngFor(41);
  for (let t = 0; t < 300; t++) {
    const rows = 2 + rng.below(6);
    const cols = 2 + rng.below(6);
    let m = emptyModel(rows, cols);
    for (let i = 0; i < 20; i++) m = applyTool(m, rng.below(rows * cols), ['source', 'sink', 'throughput', 'blank'][rng.below(4)]);
    let want = 0;
    for (const c of m.clues) want += c.kind === 'source' ? c.value : c.kind === 'sink' ? -c.value : 0;
    assert.equal(balance(m), want);
    assert.equal(clueCount(m), m.clues.filter((c) => c.kind !== 'blank').length);
    const list = toClues(m);
    assert.equal(list.length, rows * cols);
    list.forEach((c, i) => assert.deepEqual(c, { cell: i, ...m.clues[i] }));
    const r2 = 2 + rng.below(6);
    const c2 = 2 + rng.below(6);
    const z = resize(m, r2, c2);
    for (let r = 0; r < r2; r++) {
      for (let c = 0; c < c2; c++) {
        const want2 = r < rows && c < cols ? m.clues[r * cols + c] : { kind: 'blank', value: 0 };
        assert.deepEqual(z.clues[r * c2 + c], want2);
      }
    }
    assert.deepEqual(fromBoard({ rows, cols, clues: toClues(m) }), m);
    assert.ok(Object.isFrozen(m) && Object.isFrozen(m.clues));
  }
  assert.throws(() => emptyModel(1, 5), RangeError);
  assert.throws(() => resize(emptyModel(3, 3), 17, 3), RangeError);
});
