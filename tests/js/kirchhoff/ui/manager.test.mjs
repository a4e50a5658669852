// The Kirchhoff game manager with the real engine mirror. Oracles: the
// engine's exact status() for "won" and "lost", a cursor model of the history
// for undo/redo/strokes, and a direct backwards scan with status() for
// "undo to the last position that could still be completed".

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as engine from '../../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { edgeCount, edgeEnds, useEngine } from '../../../../src/proofgrid/web/js/kirchhoff/ui/layout.js';
import { KirchhoffManager, marksFromText, marksToText } from '../../../../src/proofgrid/web/js/kirchhoff/ui/manager.js';
import { rngFor } from '../../helpers.mjs';

useEngine(engine); // as Kirchhoff's ui/app.js mount does

const boards = (() => {
  const out = [];
  for (let s = 1; s <= 6; s++) out.push(engine.generate(engine.PRESETS.easy, BigInt(s)).board);
  out.push(engine.generate({ rows: 3, cols: 4, grade: 'easy' }, 7n).board);
  return out;
})();

const lost = (pos) => engine.status(pos) === 'lost';

test('random play: won agrees with the exact status, undo/redo with a cursor model', () => {
  const rng = rngFor(101);
  for (const board of boards) {
    const m = new KirchhoffManager(engine, board);
    const n = edgeCount(board.rows, board.cols);
    let model = [m.position];
    let cur = 0;
    for (let step = 0; step < 120; step++) {
      const op = rng.below(7);
      if (op === 0) {
        if (m.undo()) cur -= 1;
      } else if (op === 1) {
        if (m.redo()) cur += 1;
      } else if (op === 2) {
        const e = rng.below(n);
        const mark = rng.below(4);
        const before = m.position;
        const changed = m.set(e, mark);
        assert.equal(changed, before.marks[e] !== mark);
        if (changed) { model = [...model.slice(0, cur + 1), m.position]; cur += 1; }
      } else {
        const e = rng.below(n);
        const before = m.position.marks[e];
        assert.ok(m.cycle(e));
        const want = before === 1 ? 2 : before === 2 ? 0 : 1;
        assert.equal(m.position.marks[e], want, 'unused -> one way -> the other -> unused');
        model = [...model.slice(0, cur + 1), m.position];
        cur += 1;
      }
      assert.equal(m.position, model[cur]);
      assert.equal(m.canUndo, cur > 0);
      assert.equal(m.canRedo, cur < model.length - 1);
      assert.equal(m.won, engine.status(m.position) === 'won');
    }
  }
});

test('a drag is one undo step; retracing takes its arrows back', () => {
  const board = boards[0];
  const m = new KirchhoffManager(engine, board);
  const C = board.cols;
  m.set(1, 3);
  const before = m.position;
  m.beginStroke();
  // a1 -> b1 -> c1 -> c2, then back to c1 (retrace), then c1 -> d1
  assert.ok(m.strokeArrow(0, 1) >= 0);
  assert.ok(m.strokeArrow(1, 2) >= 0, 'over a crossed edge too');
  assert.ok(m.strokeArrow(2, 2 + C) >= 0);
  assert.ok(m.strokeArrow(2 + C, 2, { retrace: true }) >= 0);
  assert.ok(m.strokeArrow(2, 3) >= 0);
  assert.equal(m.canUndo, false, 'no undo in the middle of a stroke');
  m.endStroke();
  const e = (a, b) => engine.edgeBetween(board.geometry, a, b);
  assert.equal(m.position.marks[e(0, 1)], 1);
  assert.equal(m.position.marks[e(1, 2)], 1);
  assert.equal(m.position.marks[e(2, 2 + C)], 0, 'retraced: back to its mark before the stroke');
  assert.equal(m.position.marks[e(2, 3)], 1);
  assert.ok(m.undo());
  assert.equal(m.position, before, 'one undo removes the whole stroke');
  assert.ok(m.redo());
  assert.equal(m.position.marks[e(2, 3)], 1);
  // a stroke that changed nothing leaves no step
  const idx = m.history.index;
  m.beginStroke();
  m.endStroke();
  assert.equal(m.history.index, idx);
});

test('show solution wins; clear is undoable; saved marks restore', () => {
  for (const board of boards) {
    const m = new KirchhoffManager(engine, board);
    const sol = Array.from(engine.solution(board));
    assert.ok(m.showSolution(sol));
    assert.ok(m.won);
    assert.equal(engine.status(m.position), 'won');
    assert.ok(m.solutionShown);
    const text = m.marksText();
    assert.deepEqual(marksFromText(text, m.edges), Array.from(m.position.marks));
    assert.equal(marksToText(m.position.marks), text);
    const again = new KirchhoffManager(engine, board);
    assert.ok(again.restore(text));
    assert.deepEqual(Array.from(again.position.marks), Array.from(m.position.marks));
    assert.ok(again.won);
    assert.ok(m.clear());
    assert.ok(m.position.marks.every((x) => x === 0));
    assert.equal(m.clear(), false);
    assert.ok(m.undo());
    assert.ok(m.won);
  }
  assert.equal(marksFromText('0124', 4), null);
  assert.equal(marksFromText('012', 4), null);
});

test('undo to the last completable position, against a backwards scan with the exact status', async () => {
  const rng = rngFor(202);
  for (const board of boards) {
    for (let trial = 0; trial < 8; trial++) {
      const m = new KirchhoffManager(engine, board);
      const sol = Array.from(engine.solution(board));
      const n = edgeCount(board.rows, board.cols);
      // Mostly right moves, some wrong ones.
      for (let step = 0; step < 12; step++) {
        const e = rng.below(n);
        const right = sol[e] === 0 ? 3 : sol[e];
        const mark = rng.below(3) === 0 ? [1, 2, 3].filter((x) => x !== right)[rng.below(2)] : right;
        m.set(e, mark);
      }
      const states = m.history.states();
      let want = 0;
      for (let i = states.length - 1; i > 0; i--) if (!lost(states[i])) { want = i; break; }
      let asked = 0;
      const moved = await m.rewindToCompletable((pos) => { asked += 1; return lost(pos); });
      assert.equal(m.history.index, want);
      assert.equal(moved, want !== states.length - 1);
      assert.equal(lost(m.position), false);
      assert.ok(asked <= states.length);
      // Verdicts are remembered: asking again costs nothing.
      let again = 0;
      await m.lastCompletableIndex((pos) => { again += 1; return lost(pos); });
      assert.equal(again, 0);
      if (moved) assert.ok(m.canRedo, 'the rewound moves stay redoable');
    }
  }
});

test('applying hints alone solves every board, and each hinted mark holds in the solution', () => {
  for (const board of boards) {
    const m = new KirchhoffManager(engine, board);
    const sol = Array.from(engine.solution(board));
    let guard = 2 * edgeCount(board.rows, board.cols);
    while (!m.won && guard-- > 0) {
      const h = engine.hint(m.position);
      assert.ok(['local', 'region', 'exact'].includes(h.kind), h.kind);
      assert.equal(h.mark === 3 ? 0 : h.mark, sol[h.edge], `hint on ${edgeEnds(board.rows, board.cols, h.edge)}`);
      assert.ok(m.applyHint(h));
      assert.equal(m.verdict(), false, 'a forced mark keeps the position completable');
    }
    assert.ok(m.won);
    assert.equal(m.hintsApplied > 0, true);
  }
});
