// What HINT draws. Oracles: the engine's own hint fields (the explanation
// must point at exactly the cell, region and edge the engine names, and an
// actionable hint's mark must hold in the solution), and hand-written cases
// for the Gale sentence.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as engine from '../../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { explainHint, regionSentence } from '../../../../src/proofgrid/web/js/kirchhoff/ui/hint-view.js';
import { edgeCount } from '../../../../src/proofgrid/web/js/kirchhoff/ui/layout.js';
import { rngFor } from '../../helpers.mjs';

test('the Gale sentence', () => {
  assert.equal(regionSentence({ surplus: 2, boundary: 2 }), 'surplus 2, 2 edges leave: all must point out');
  assert.equal(regionSentence({ surplus: 1, boundary: 1, outward: true }), 'surplus 1, 1 edge leaves: all must point out');
  assert.equal(regionSentence({ surplus: 3, boundary: 3, outward: false }), 'deficit 3, 3 edges enter: all must point in');
  assert.equal(regionSentence({ surplus: null, boundary: null }), '');
});

test('every hint on the way to a solution is explained and drawn where the engine says', () => {
  const kinds = new Set();
  for (const [preset, seeds] of [['easy', 4], ['medium', 3], ['hard', 3]]) {
    for (let s = 1; s <= seeds; s++) {
      const board = engine.generate(engine.PRESETS[preset], BigInt(100 + s)).board;
      const sol = Array.from(engine.solution(board));
      let pos = engine.newPosition(board);
      for (let guard = 0; guard < 400 && engine.status(pos) !== 'won'; guard++) {
        const h = engine.hint(pos);
        const info = explainHint(h, board);
        kinds.add(h.kind);
        assert.ok(info.actionable, `${h.kind} is actionable`);
        assert.equal(info.edge, h.edge);
        assert.equal(info.overlay.edge, h.edge);
        assert.equal(info.mark === 3 ? 0 : info.mark, sol[h.edge]);
        assert.ok(info.headline.length > 10);
        if (h.kind === 'region') {
          assert.deepEqual(info.overlay.region, h.region && h.region.length ? h.region : null);
          if (Number.isInteger(h.surplus) && h.region && h.region.length) assert.ok(info.headline.includes(regionSentence(h)));
        }
        if (h.kind === 'local') assert.equal(info.overlay.cell, h.cell);
        if (h.kind === 'exact') assert.ok(/Every completion/.test(info.headline));
        pos = engine.setMark(pos, h.edge, h.mark);
      }
      assert.equal(engine.status(pos), 'won');
    }
  }
  assert.ok(kinds.has('local') && kinds.has('region'), [...kinds].join());
});

test('a wrong arrow: lost, explained with the engine region or cell, drawn as an alarm', () => {
  const rng = rngFor(7);
  let withRegion = 0;
  for (let s = 1; s <= 8; s++) {
    const board = engine.generate(engine.PRESETS.easy, BigInt(s)).board;
    const sol = Array.from(engine.solution(board));
    const n = edgeCount(board.rows, board.cols);
    for (let t = 0; t < 6; t++) {
      const e = rng.below(n);
      const wrong = sol[e] === 1 ? 2 : 1;
      const pos = engine.setMark(engine.newPosition(board), e, wrong);
      if (engine.status(pos) !== 'lost') continue;
      const h = engine.hint(pos);
      assert.equal(h.kind, 'lost');
      const info = explainHint(h, board);
      assert.equal(info.actionable, false);
      assert.equal(info.overlay.kind, 'alarm');
      assert.ok(info.headline.startsWith('This position can no longer be completed'));
      if (h.region && h.region.length) {
        withRegion += 1;
        assert.deepEqual(info.overlay.region, h.region);
      } else if (h.cell >= 0) {
        assert.deepEqual(info.overlay.region, [h.cell]);
      }
    }
  }
  assert.ok(withRegion > 0, 'some wrong arrows have a region to point at');
  const none = explainHint({ kind: 'none', text: 'no edge is forced' }, { rows: 3, cols: 3 });
  assert.equal(none.overlay, null);
  assert.equal(explainHint({ kind: 'solved' }, { rows: 3, cols: 3 }).headline, 'Solved — every clue is met.');
});
