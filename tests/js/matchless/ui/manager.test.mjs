// The game manager with the real engine, its answers (par, remaining par)
// asked of the real Matchless worker through the midend (handlerAsk: the
// worker's own message handler, in this thread). Oracles: brute-force par of
// the unlit subgraph (enumerating subsets) for the meter, and a direct scan of
// the history for "rewind to the last move where par was reachable".

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as engine from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { Midend, handlerAsk } from '../../../../src/proofgrid/web/js/app/midend.js';
import { PlayManager } from '../../../../src/proofgrid/web/js/matchless/ui/manager.js';
import { handleMessage } from '../../../../src/proofgrid/web/js/matchless/ui/worker.js';
import { bruteForcePar, rngFor } from '../../helpers.mjs';

const midend = new Midend({ puzzle: 'matchless', engine, ask: handlerAsk(handleMessage) });

/** A manager of `board` whose game is the midend's (its answers from the worker). */
function managerOf(board) {
  return new PlayManager(engine, board, { game: midend.open({ gid: engine.formatGameId(board), board }) });
}

function unlitPar(board, lit) {
  const idx = [];
  board.succ.forEach((_, v) => { if (!lit[v]) idx.push(v); });
  const sub = idx.map((v) => board.succ[v].filter((w) => !lit[w]).map((w) => idx.indexOf(w)));
  return sub.length ? bruteForcePar(sub) : 0;
}

test('meter, undo/redo and rewind on random play', async () => {
  const rng = rngFor(31);
  for (let trial = 0; trial < 60; trial++) {
    const board = engine.generate({ rows: 2 + rng.below(3), cols: 2 + rng.below(3), density: 60 + rng.below(41), fuses: 1 + rng.below(3) }, rng.next64());
    const m = managerOf(board);
    assert.equal(m.par, null); // nothing is computed on the page: par is asked
    await m.start();
    assert.equal(m.par, bruteForcePar(board.succ));
    assert.equal(m.over, 0);
    const seen = [];
    for (let step = 0; step < 25 && !m.won; step++) {
      const op = rng.below(6);
      if (op === 0) m.undo();
      else if (op === 1) m.redo();
      else if (op === 2) {
        const states = m.history.states();
        let want = 0;
        for (let i = states.length - 1; i >= 0; i--) {
          if (states[i].moves.length + unlitPar(board, states[i].lit) === m.par) { want = i; break; }
        }
        const moved = m.rewind();
        assert.equal(m.history.index, want);
        assert.equal(moved, want !== states.length - 1);
        assert.equal(m.over, 0, 'rewind always lands where par is reachable');
      } else {
        const unlit = m.snapshot.lit.map((x, v) => (x ? -1 : v)).filter((v) => v >= 0);
        const shell = unlit[rng.below(unlit.length)];
        const res = m.strike(shell);
        assert.ok(res.depths.has(shell) && res.depths.get(shell) === 0);
        assert.equal(m.strike(shell), null, 'a lit shell cannot be struck');
        assert.equal(m.over, null, 'the new position waits for the worker');
        assert.equal(m.canRewind, false, 'rewind waits for every answer');
        await m.answer();
      }
      const rem = unlitPar(board, m.snapshot.lit);
      assert.equal(m.remainingPar, rem);
      assert.equal(m.over, m.used + rem - m.par);
      assert.ok(m.over >= 0);
      assert.equal(m.canRewind, m.lastReachableIndex() !== m.history.index);
      seen.push(m.over);
    }
  }
});

test('striking the witness wins at par; restart keeps the game undoable', async () => {
  const rng = rngFor(2);
  for (let i = 0; i < 40; i++) {
    const board = engine.generate({ rows: 6, cols: 6, density: 70, fuses: 2 }, rng.next64());
    const m = managerOf(board);
    await m.solve();
    for (const w of m.solution.witness) assert.ok(m.strike(w));
    assert.ok(m.won);
    assert.equal(m.used, m.par);
    assert.ok(m.restart());
    assert.equal(m.used, 0);
    assert.ok(m.undo());
    assert.ok(m.won);
    const again = managerOf(board);
    again.replay([...m.solution.witness, 999, -1]);
    assert.ok(again.won);
    await again.start(); // a restored game: every position's remaining par asked
    assert.equal(again.over, 0);
    assert.equal(again.lastReachableIndex(), again.history.index);
  }
});
