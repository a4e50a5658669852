// The crosses the game draws itself (kirchhoff/ui/crosses.js), with the real
// engine and manager. Oracles: the engine's obviousEmpties (what the worker's
// empties op answers; the crosses drawn are exactly those edges), the history's own undo (a merged fill goes back
// with the player's mark), and a set model of "crossed by the game and not
// touched by the player since", replayed over random marks.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as engine from '../../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { GameCrosses, crossedFromText, crossedToText } from '../../../../src/proofgrid/web/js/kirchhoff/ui/crosses.js';
import { CROSS, useEngine } from '../../../../src/proofgrid/web/js/kirchhoff/ui/layout.js';
import { KirchhoffManager } from '../../../../src/proofgrid/web/js/kirchhoff/ui/manager.js';
import { rngFor } from '../../helpers.mjs';

useEngine(engine); // as Kirchhoff's ui/app.js mount does

const boards = [1, 2, 3, 4].map((s) => engine.generate(engine.PRESETS.easy, BigInt(s)).board);

test('a fill crosses exactly the engine\'s obvious empties, and undo takes them back with the mark', () => {
  for (const board of boards) {
    const m = new KirchhoffManager(engine, board);
    const crosses = new GameCrosses(m.start, m.position, undefined);
    const want = engine.obviousEmpties(m.position);
    const before = m.position;
    assert.equal(crosses.fill(m, want, false), want.length > 0);
    for (let e = 0; e < m.marks.length; e++) {
      assert.equal(m.marks[e] === CROSS, want.includes(e), `edge ${e}`);
    }
    assert.deepEqual([...crosses.of(m.position)].sort((a, b) => a - b), [...want].sort((a, b) => a - b));
    assert.equal(crosses.fill(m, engine.obviousEmpties(m.position), false), engine.obviousEmpties(m.position).length > 0);
    if (want.length) {
      m.undo();
      while (m.position !== before && m.canUndo) m.undo();
      assert.equal(m.position, before);
    }
  }
});

test('the game\'s crosses a player touches stop being the game\'s; the text form round-trips', () => {
  const rng = rngFor(7);
  for (const board of boards) {
    const m = new KirchhoffManager(engine, board);
    const crosses = new GameCrosses(m.start, m.position, undefined);
    crosses.fill(m, engine.obviousEmpties(m.position), false);
    crosses.track(m.position);
    let model = new Set(crosses.of(m.position));
    for (let step = 0; step < 30; step++) {
      const e = rng.below(m.marks.length);
      const mark = rng.below(4);
      if (!m.set(e, mark)) continue;
      model.delete(e); // touched by the player: a cross drawn now is the player's own
      model = new Set([...model].filter((x) => m.marks[x] === CROSS));
      assert.deepEqual([...crosses.of(m.position)].sort((a, b) => a - b), [...model].sort((a, b) => a - b));
      crosses.track(m.position);
    }
    const text = crossedToText(crosses.of(m.position), m.marks.length);
    assert.deepEqual(crossedFromText(text, m.marks), crosses.of(m.position));
    assert.deepEqual(crossedFromText(text.slice(1), m.marks), new Set()); // a text that does not fit is none
  }
});
