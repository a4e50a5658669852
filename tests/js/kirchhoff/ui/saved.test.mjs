// Kirchhoff's saved games, labels, zoom levels and screen-reader words.
// Oracles: the shared SavedGames store read back directly, cell names
// (engine cellName) for the labels, the 44 px rule written out for zoom, and
// the clue/state meanings written out for the words.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MemoryBackend, Store } from '../../../../src/proofgrid/web/js/app/storage.js';
import * as engine from '../../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { cellWords } from '../../../../src/proofgrid/web/js/kirchhoff/ui/board-view.js';
import { axisLabels, useEngine } from '../../../../src/proofgrid/web/js/kirchhoff/ui/layout.js';
import { PLAY_KEY, defineKirchhoffKeys } from '../../../../src/proofgrid/web/js/kirchhoff/ui/records.js';
import { kirchhoffHash, parseKirchhoffRoute } from '../../../../src/proofgrid/web/js/kirchhoff/ui/routes.js';
import {
  KirchhoffGames, continueHref, continueLabel, presetOfGameId, validState,
} from '../../../../src/proofgrid/web/js/kirchhoff/ui/saved.js';
import { LEVELS, TARGET_PX, nextLevel } from '../../../../src/proofgrid/web/js/kirchhoff/ui/zoom.js';

useEngine(engine); // as Kirchhoff's ui/app.js mount does (board-view.js names cells through layout.js)

function freshStore() {
  const store = new Store(new MemoryBackend());
  defineKirchhoffKeys(store);
  return store;
}

test('games are kept per game ID; a preset resumes its last unfinished one', () => {
  let t = 0;
  const store = freshStore();
  const games = new KirchhoffGames(store, { now: () => ++t });
  const a = '5x5de:AAAA';
  const b = '5x5de:BBBB';
  const h = '7x7dh:CCCC';
  games.save(a, { marks: '0120', hints: 1, ms: 10 });
  games.save(h, { marks: '3' });
  games.save(b, { marks: '1' });
  assert.equal(games.lastUnfinished('easy'), b);
  assert.equal(games.lastUnfinished('hard'), h);
  assert.equal(games.lastUnfinished('giant'), null);
  games.save(b, { marks: '1' }, { finished: true });
  assert.equal(games.lastUnfinished('easy'), a, 'a finished game is not resumed');
  assert.deepEqual(games.load(a), { marks: '0120', hints: 1, ms: 10, revealed: false, alarm: false, finished: false, daily: false });
  // A daily game is saved but never resumed by a preset route.
  games.save('7x7dh:DDDD', { marks: '2', date: '2026-05-01' }, { daily: true });
  assert.equal(games.lastUnfinished('hard'), h);
  assert.equal(games.load('missing'), null);
});

test('a damaged saved state counts as no game; other games survive', () => {
  const store = freshStore();
  const games = new KirchhoffGames(store);
  games.save('5x5de:AAAA', { marks: '01x2' });
  games.save('5x5de:BBBB', { marks: '012' });
  assert.equal(games.load('5x5de:AAAA'), null);
  assert.equal(games.load('5x5de:BBBB').marks, '012');
  assert.equal(validState(null), null);
  assert.equal(validState({ marks: 12 }), null);
  assert.deepEqual(validState({ marks: '', hints: -1, ms: 'x', revealed: 1 }), { marks: '', hints: 0, ms: 0, revealed: false, alarm: false });
});

test('the old single "game in progress" slot moves into the saved games once', () => {
  const store = freshStore();
  store.set(PLAY_KEY, { preset: 'easy', current: { id: '5x5de:OLD', marks: '0010' } });
  const games = new KirchhoffGames(store);
  games.adoptOldSlot(store);
  assert.equal(games.load('5x5de:OLD').marks, '0010');
  assert.equal(store.get(PLAY_KEY).current, null);
  assert.equal(store.get(PLAY_KEY).preset, 'easy');
  // An untouched old board is not worth a saved game.
  store.set(PLAY_KEY, { preset: 'easy', current: { id: '5x5de:NEW', marks: '0000' } });
  games.adoptOldSlot(store);
  assert.equal(games.load('5x5de:NEW'), null);
});

test('continue links and labels', () => {
  assert.equal(presetOfGameId('16x16dh:X'), 'giant');
  assert.equal(presetOfGameId('3x4de:X'), 'other');
  assert.equal(continueHref('7x7dh:A', { daily: false, state: { marks: '' } }), '#kirchhoff/play/7x7dh:A');
  assert.equal(continueHref('7x7dh:A', { daily: true, state: { marks: '', date: '2026-05-01' } }, '2026-05-01'), '#kirchhoff/daily');
  assert.equal(continueHref('7x7dh:A', { daily: true, state: { marks: '', date: '2026-04-30' } }, '2026-05-01'), '#kirchhoff/daily/2026-04-30');
  assert.equal(continueLabel('7x7dh:A', { daily: false, state: { marks: '0121300' } }), 'Kirchhoff · Hard 7×7, 3 arrows drawn');
  assert.equal(continueLabel('3x4de:A', { daily: false, state: { marks: '1' } }), 'Kirchhoff · 3×4, 1 arrow drawn');
  assert.equal(continueLabel('7x7dh:A', { daily: true, state: { marks: '', date: '2026-05-01' } }), 'Daily Kirchhoff 2026-05-01, 0 arrows drawn');
});

test('routes: "new" builds a new board, "play" resumes, "why" is its own page', () => {
  assert.deepEqual(parseKirchhoffRoute('new/hard'), { puzzle: 'kirchhoff', view: 'play', preset: 'hard', fresh: true });
  assert.equal(kirchhoffHash({ view: 'play', preset: 'hard', fresh: true }), '#kirchhoff/new/hard');
  assert.deepEqual(parseKirchhoffRoute('play/hard'), { puzzle: 'kirchhoff', view: 'play', preset: 'hard' });
  assert.deepEqual(parseKirchhoffRoute('why'), { puzzle: 'kirchhoff', view: 'why' });
});

test('labels: column c and row r name cell r·cols + c, a1 top-left', () => {
  for (const [rows, cols] of [[1, 1], [5, 5], [3, 7], [16, 16]]) {
    const { columns, rowNames } = axisLabels(rows, cols);
    assert.equal(columns.length, cols);
    assert.equal(rowNames.length, rows);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) assert.equal(`${columns[c]}${rowNames[r]}`, engine.cellName(cols, r * cols + c));
    }
    assert.equal(columns[0], 'a');
    assert.equal(rowNames[0], '1');
  }
});

test('zoom: the first zoom-in reaches touch-sized cells; zoom-out never stops below them', () => {
  for (let px = 5; px <= 80; px += 0.5) {
    const first = nextLevel(1, 1, px);
    const reachable = LEVELS.filter((l) => l > 1 && l * px >= TARGET_PX);
    assert.equal(first, reachable.length ? reachable[0] : LEVELS[LEVELS.length - 1]);
    for (const z of LEVELS) {
      const down = nextLevel(z, -1, px);
      if (z === 1) assert.equal(down, null);
      else assert.ok(down === 1 || down * px >= TARGET_PX, `${z} -> ${down} at ${px}`);
    }
  }
  assert.equal(nextLevel(4, 1, 10), null);
});

test('a cell is named with its clue and state', () => {
  const rep = (inCount, outCount, satisfied, broken) => ({ inCount, outCount, satisfied, broken });
  assert.equal(cellWords(5, 7, { kind: 'source', value: 2 }, null), 'c2, source +2');
  assert.equal(cellWords(5, 0, { kind: 'sink', value: 3 }, rep(1, 0, false, false)), 'a1, sink \u22123: 1 in, 0 out, not met yet');
  assert.equal(cellWords(5, 24, { kind: 'throughput', value: 0 }, rep(1, 1, false, true)), 'e5, throughput 0: 1 in, 1 out, broken');
  assert.equal(cellWords(5, 1, { kind: 'blank', value: 0 }, rep(1, 1, true, false)), 'b1, blank: 1 in, 1 out, met');
});

test('a saved game keeps the grade its board was built with, and only a real grade (one of the engine\'s GRADES, handed in)', () => {
  const store = freshStore();
  const games = new KirchhoffGames(store, { grades: engine.GRADES });
  games.save('6x6dm:AAAA', { marks: '1', grade: 'medium' });
  games.save('6x6dm:BBBB', { marks: '1', grade: 'impossible' });
  assert.equal(games.load('6x6dm:AAAA').grade, 'medium');
  assert.equal('grade' in games.load('6x6dm:BBBB'), false);
  assert.equal('grade' in validState({ marks: '1' }, engine.GRADES), false);
  assert.equal('grade' in validState({ marks: '1', grade: 'medium' }), false); // no grades handed in: none is real
});

test("the edges the game crossed are kept with a game, only as one digit per edge", () => {
  const store = freshStore();
  const games = new KirchhoffGames(store);
  games.save('5x5de:AAAA', { marks: '0330', crossedByGame: '0110' });
  games.save('5x5de:BBBB', { marks: '0330', crossedByGame: '011' }); // does not fit the marks
  games.save('5x5de:CCCC', { marks: '0330', crossedByGame: '0210' });
  assert.equal(games.load('5x5de:AAAA').crossedByGame, '0110');
  assert.equal('crossedByGame' in games.load('5x5de:BBBB'), false);
  assert.equal('crossedByGame' in games.load('5x5de:CCCC'), false);
  assert.equal('crossedByGame' in validState({ marks: '1' }), false);
});
