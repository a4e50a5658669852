// What HINT draws. Oracles: the engine's own hint fields and proof (the walk
// must end at exactly the edge the engine names, each step outlines what its
// proof step reads, an actionable hint's mark must hold in the solution), and
// the proof's sentences (one step's sentences each, all of them in order).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as engine from '../../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { explainHint } from '../../../../src/proofgrid/web/js/kirchhoff/ui/hint-view.js';
import { edgeCount, useEngine } from '../../../../src/proofgrid/web/js/kirchhoff/ui/layout.js';
import { rngFor } from '../../helpers.mjs';

useEngine(engine); // as Kirchhoff's ui/app.js mount does

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
        const last = info.steps[info.steps.length - 1];
        assert.equal(last.overlay.edge, h.edge);
        assert.equal(info.overlay, info.steps[0].overlay);
        assert.equal(info.mark === 3 ? 0 : info.mark, sol[h.edge]);
        assert.equal(info.headline, h.reason);
        assert.equal(info.steps.length, h.proof.steps.length);
        assert.deepEqual(info.steps.map((st) => st.text).join('\n').split('\n'), [...h.words]);
        h.proof.steps.forEach((st, i) => {
          const ov = info.steps[i].overlay;
          if ('cell' in st) assert.equal(engine.cellName(board, ov.cell), st.cell);
          if ('region' in st) assert.ok(ov.region.length > 0);
        });
        if (h.kind === 'local') assert.equal(last.overlay.cell, h.cell);
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
      assert.deepEqual(info.overlay.edges, [e], 'the proof uses the wrong arrow, drawn');
      const end = h.proof.ends;
      if ('region' in end) {
        withRegion += 1;
        assert.deepEqual(info.overlay.region.map((c) => engine.cellName(board, c)),
          [...new Set(end.region.map((t) => t.split(':')[0]))].sort((a, b) => engine.parseNode(board, a) - engine.parseNode(board, b)));
      } else if ('cell' in end) {
        assert.deepEqual(info.overlay.region, [h.cell]);
      }
    }
  }
  assert.ok(withRegion > 0, 'some wrong arrows have a region to point at');
  const none = explainHint({ kind: 'none', text: 'no edge is forced' }, { rows: 3, cols: 3 });
  assert.equal(none.overlay, null);
  assert.equal(explainHint({ kind: 'solved' }, { rows: 3, cols: 3 }).headline, 'Solved — every clue is met.');
});

test('a proof walk draws what earlier steps deduced as ghosts, each true in the solution', () => {
  let seen = 0;
  for (const seed of [201n, 202n]) {
    const board = engine.generate(engine.PRESETS.hard, seed).board;
    const sol = Array.from(engine.solution(board));
    let pos = engine.newPosition(board);
    for (let guard = 0; guard < 400 && engine.status(pos) !== 'won'; guard++) {
      const h = engine.hint(pos);
      const info = explainHint(h, board);
      const stepEdges = info.steps.map((st) => st.overlay.edge);
      info.steps.forEach((st, i) => {
        const ghosts = st.overlay.ghosts;
        // exactly the edges of the steps before this one, each once
        assert.deepEqual(new Set(ghosts.map((g) => g.edge)), new Set(stepEdges.slice(0, i)));
        for (const g of ghosts) {
          assert.ok(g.mask & (1 << sol[g.edge]), `ghost ${g.edge} (${g.mask}) disagrees with the solution`);
          seen++;
        }
      });
      assert.deepEqual(info.steps[0].overlay.ghosts, []);
      pos = engine.setMark(pos, h.edge, h.mark);
    }
  }
  assert.ok(seen > 50, `only ${seen} ghosts`);
});
