// The share path's pure parts: which daily a game ID is (findDaily, asking the
// real Matchless worker through the midend, against a brute-force table of
// every day's board from the engine's own daily), the
// countdown's words (against a direct minute count), the fireworks' thinning
// (first and last kept, order kept, at most the cap), and the result page's
// and the duel-by-post summary lines.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { findDaily, untilMidnight } from '../../../src/proofgrid/web/js/app/daily-date.js';
import { addDays } from '../../../src/proofgrid/web/js/app/dates.js';
import { burstPoints, MAX_BURSTS } from '../../../src/proofgrid/web/js/app/celebrate.js';
import { resultSummary, resultTitle } from '../../../src/proofgrid/web/js/app/result-view.js';
import { postSummary } from '../../../src/proofgrid/web/js/matchless/ui/duel-post.js';
import { Midend, handlerAsk } from '../../../src/proofgrid/web/js/app/midend.js';
import * as matchless from '../../../src/proofgrid/web/js/matchless/engine/index.js';
import { handleMessage } from '../../../src/proofgrid/web/js/matchless/ui/worker.js';

const midend = new Midend({ puzzle: 'matchless', engine: matchless, ask: handlerAsk(handleMessage) });
const ask = (op, args) => midend.ask(op, args);
const launch = matchless.LAUNCH;

test('findDaily names the day of every daily board since the launch, and null for any other board', async () => {
  const today = addDays(matchless.LAUNCH, 12);
  const table = [];
  for (let d = matchless.LAUNCH; d <= today; d = addDays(d, 1)) table.push([d, matchless.daily(d)]);
  for (const [date, d] of table) {
    assert.deepEqual(await findDaily(ask, d.id, { launch, today, budgetMs: 60000 }), { date, number: d.number });
  }
  const other = matchless.formatGameId(matchless.generate(matchless.DEFAULT_PARAMS, 12345n));
  assert.equal(table.some(([, d]) => d.id === other), false);
  assert.equal(await findDaily(ask, other, { launch, today, budgetMs: 60000 }), null);
  // tomorrow's board (a friend a time zone ahead) is found too; a puzzle without a worker's dailies finds nothing
  const ahead = matchless.daily(addDays(today, 1));
  assert.equal((await findDaily(ask, ahead.id, { launch, today })).date, addDays(today, 1));
  assert.equal(await findDaily(null, ahead.id, { launch, today }), null);
  assert.equal(await findDaily(() => Promise.reject(new Error('unknown op "daily"')), ahead.id, { launch, today }), null);
  assert.equal(await findDaily(ask, ahead.id, { today }), null); // no launch known
  // a page that went away stops the search
  assert.equal(await findDaily(ask, table[0][1].id, { launch, today, alive: () => false }), null);
});

test('untilMidnight counts the minutes left to local midnight', () => {
  for (const [h, m, s, want] of [[23, 59, 30, 'under a minute'], [23, 0, 0, '1 h 00 min'], [23, 1, 0, '59 min'], [22, 59, 0, '1 h 01 min'],
    [12, 0, 0, '12 h 00 min'], [0, 0, 1, '24 h 00 min'], [23, 47, 10, '13 min']]) {
    assert.equal(untilMidnight(new Date(2026, 11, 4, h, m, s)), want, `${h}:${m}:${s}`);
  }
});

test('burstPoints keeps order, the first and the last, and at most the cap', () => {
  for (let n = 0; n <= 60; n++) {
    const pts = Array.from({ length: n }, (_, i) => ({ x: i, y: -i }));
    const got = burstPoints(pts);
    assert.equal(got.length, Math.min(n, MAX_BURSTS));
    if (n) {
      assert.equal(got[0], pts[0]);
      assert.equal(got[got.length - 1], pts[n - 1]);
    }
    for (let i = 1; i < got.length; i++) assert.ok(got[i].x > got[i - 1].x, 'strictly in cascade order');
  }
});

test('the result page and duel-by-post lines say it plainly', () => {
  assert.equal(resultTitle('Kirchhoff', { number: 5, date: '2026-12-04' }), 'Daily Kirchhoff #5, 2026-12-04 — a result');
  assert.equal(resultTitle('Kirchhoff', null), 'Kirchhoff result');
  assert.equal(resultSummary({ what: 'this board', solved: true, moves: '6 matches', hints: 1, xray: false }),
    'A player finished this board in 6 matches, with 1 hint and no X-ray.');
  assert.equal(resultSummary({ what: 'this board', solved: false, moves: '2 arrows', hints: 0, xray: true }),
    'A player played 2 arrows on this board without finishing it, with no hints and the X-ray used.');
  const board = { rows: 6, cols: 5 };
  assert.equal(postSummary(board, 0), 'A new duel by post on a 6×5 board: no moves yet. Player 1 starts.');
  assert.match(postSummary(board, 1), /The first move was checked/);
  assert.match(postSummary(board, 7), /All 7 moves so far were checked/);
  for (const n of [0, 1, 7]) assert.doesNotMatch(postSummary(board, n), /replayed and checked|0 moves/);
});
