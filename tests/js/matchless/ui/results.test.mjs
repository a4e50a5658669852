// Honest results, as pure functions: the daily share card (the shared card's
// lines, plus "🔍 X-ray used" and no "at par" after an X-ray), the first finish
// of a day kept, stats that count an X-ray day as played but never at par
// (checked against a direct count over random records), the practice count
// after any board, the duel headline with the winner's score first, and the
// words of the "Continue" list.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addDays } from '../../../../src/proofgrid/web/js/app/dates.js';
import { dailyShareText } from '../../../../src/proofgrid/web/js/matchless/ui/daily-result.js';
import {
  dailyStats, recordDaily, resultWords, shareCard,
} from '../../../../src/proofgrid/web/js/matchless/ui/daily-result.js';
import { headline, moveSentence, winnerOf } from '../../../../src/proofgrid/web/js/matchless/ui/duel-match.js';
import { nextPractice } from '../../../../src/proofgrid/web/js/matchless/ui/practice-view.js';
import { continueHref, continueLabel } from '../../../../src/proofgrid/web/js/matchless/ui/saved.js';
import { rngFor } from '../../helpers.mjs';

test('share card: plain result as the shared card; an X-ray day says so and never "at par"', () => {
  const plain = shareCard({ number: 12, score: 7, par: 7, streak: 3, url: 'https://x.test/' });
  assert.equal(plain, `${dailyShareText({ number: 12, score: 7, par: 7, streak: 3 })}\nhttps://x.test/`);
  assert.deepEqual(plain.split('\n').slice(0, 4), ['Matchless #12', '7 matches (at par)', '🎆'.repeat(7), '🔥 Streak 3']);
  const xr = shareCard({ number: 12, score: 7, par: 7, streak: 3, xray: true });
  assert.deepEqual(xr.split('\n'), ['Matchless #12', '7 matches (par 7)', '🎆'.repeat(7), '🔍 X-ray used', '🔥 Streak 3']);
  assert.ok(!xr.includes('at par'));
  const over = shareCard({ number: 1, score: 9, par: 7, streak: 1, xray: true });
  assert.equal(over.split('\n')[1], '9 matches (par 7, +2)');
  assert.equal(resultWords({ score: 1, par: 1 }), '1 match (at par)');
  assert.equal(resultWords({ score: 8, par: 7 }), '8 matches (par 7, +1)');
  assert.equal(resultWords({ score: 7, par: 7, xray: true }), '7 matches (par 7, X-ray used)');
});

test("a past day's share card names its date and says no streak (it changed none)", () => {
  const past = shareCard({ number: 32, score: 5, par: 4, hints: 1, streak: null, date: '2026-12-31', url: 'https://x.test/#daily/2026-12-31' });
  assert.deepEqual(past.split('\n'), ['Matchless #32 · 2026-12-31', '5 matches (par 4, +1)', '🎆🎆🎆🎆🧨', '💡 1 hint', 'https://x.test/#daily/2026-12-31']);
  assert.deepEqual(dailyShareText({ number: 32, score: 4, par: 4, streak: null, date: '2026-12-31' }).split('\n'),
    ['Matchless #32 · 2026-12-31', '4 matches (at par)', '🎆🎆🎆🎆']);
});

test('the first finish of a day is kept; later finishes never replace it', () => {
  let r = recordDaily({}, '2026-12-01', { number: 2, score: 7, par: 7, xray: true });
  assert.deepEqual(r['2026-12-01'], { number: 2, score: 7, par: 7, xray: true });
  r = recordDaily(r, '2026-12-01', { number: 2, score: 9, par: 7 });
  assert.deepEqual(r['2026-12-01'], { number: 2, score: 7, par: 7, xray: true });
  const plain = recordDaily({}, '2026-12-02', { number: 3, score: 8, par: 7 });
  assert.deepEqual(plain['2026-12-02'], { number: 3, score: 8, par: 7 }, 'no xray field unless used');
});

test('stats: an X-ray day is played and keeps the streak, but is never at par (random records)', () => {
  const rng = rngFor(5);
  const today = '2026-12-20';
  for (let trial = 0; trial < 200; trial++) {
    const records = {};
    for (let d = 0; d < 20; d++) {
      if (rng.below(4) === 0) continue;
      const par = 1 + rng.below(6);
      const rec = { number: 100 - d, score: par + (rng.below(3) ? 0 : rng.below(5)), par };
      if (rng.below(3) === 0) rec.xray = true;
      records[addDays(today, -d)] = rec;
    }
    const s = dailyStats(records, today);
    const list = Object.values(records);
    const honestPar = list.filter((r) => !r.xray && r.score === r.par).length;
    assert.equal(s.played, list.length);
    assert.equal(s.atPar, honestPar);
    assert.equal(s.xray, list.filter((r) => r.xray).length);
    assert.equal(s.winPct, list.length ? Math.round((100 * honestPar) / list.length) : 0);
    assert.equal(s.distribution.reduce((a, b) => a + b, 0), list.length - s.xray);
    // The streak counts X-ray days: days back from today (or yesterday) with any record.
    let day = records[today] ? today : addDays(today, -1);
    let streak = 0;
    while (records[day]) {
      streak += 1;
      day = addDays(day, -1);
    }
    assert.equal(s.current, streak);
  }
});

test('practice: what comes next counts the boards solved, whichever board was last', () => {
  const total = 12;
  const three = { 0: 2, 1: 3, 11: 4 };
  const last = nextPractice(11, total, three);
  assert.equal(last.solved, 3);
  assert.equal(last.next, 2, 'the first board not solved yet');
  assert.ok(!last.text.includes('every practice board done'));
  assert.equal(last.text, 'That was the last board: 3 of 12 solved, so some are still open.');
  assert.deepEqual(nextPractice(4, total, three), { solved: 3, next: 5, text: '3 of 12 solved.' });
  const all = Object.fromEntries(Array.from({ length: total }, (_, i) => [i, 1]));
  assert.equal(nextPractice(5, total, all).next, null);
  assert.equal(nextPractice(11, total, all).text, 'That was the last one — every practice board done.');
});

test('duel headline: the winner named first with the winner\'s score first, both rules', () => {
  const names = ['You', 'Bot'];
  assert.equal(headline('fewest', [10, 8], names), 'Bot wins, 8–10!');
  assert.equal(headline('fewest', [8, 10], names), 'You win, 8–10!');
  assert.equal(headline('most', [8, 10], names), 'Bot wins, 10–8!');
  assert.equal(headline('most', [9, 9], names), 'A draw, 9–9.');
  assert.equal(headline('fewest', [17, 19], names, ' the match'), 'You win the match, 17–19!');
  const rng = rngFor(9);
  for (let i = 0; i < 500; i++) {
    const s = [rng.below(20), rng.below(20)];
    const rule = rng.below(2) ? 'most' : 'fewest';
    const w = winnerOf(rule, s);
    const text = headline(rule, s, ['Player 1', 'Player 2']);
    const nums = text.match(/\d+(?=[–.!])/g).map(Number);
    if (w === -1) {
      assert.equal(s[0], s[1]);
      continue;
    }
    assert.ok(text.startsWith(`Player ${w + 1} wins`));
    assert.deepEqual(nums, [s[w], s[1 - w]]);
    const better = rule === 'most' ? s[w] > s[1 - w] : s[w] < s[1 - w];
    assert.ok(better);
  }
  assert.equal(moveSentence('Bot', 'c1', 4), 'Bot struck c1, lighting 4 shells.');
  assert.equal(moveSentence('You', 'a2', 1), 'You struck a2, lighting 1 shell.');
});

test('continue links and labels: the daily, a practice board, any other board', () => {
  const practice = ['4x4:AAA', '5x5:BBB'];
  const st = (n) => ({ moves: Array.from({ length: n }, (_, i) => i), xray: false });
  assert.equal(continueHref('6x6:X', { daily: true, preset: 'daily', state: st(2) }, practice), '#daily');
  assert.equal(continueHref('5x5:BBB', { daily: false, preset: 'practice', state: st(1) }, practice), '#practice/2');
  assert.equal(continueHref('6x6:a#b', { daily: false, preset: 'default', state: st(1) }, practice), '#play/6x6:a%23b');
  assert.equal(continueLabel('5x5:BBB', { preset: 'practice', state: st(1) }, practice), 'Matchless · Practice 2, 1 match struck');
  assert.equal(continueLabel('8x8:Q', { preset: 'large', state: st(3) }, practice), 'Matchless · 8×8 board, 3 matches struck');
  assert.equal(continueLabel('6x6:Q', { daily: true, preset: 'daily', state: st(3), finished: true }, practice),
    "Matchless · Today's daily, solved");
});

test('saved games: only touched boards are saved; state round-trips; only today\'s daily is kept', async () => {
  const { Store } = await import('../../../../src/proofgrid/web/js/app/storage.js');
  const { dropOldDailies, loadState, savedGames, saveState } = await import(
    '../../../../src/proofgrid/web/js/matchless/ui/saved.js');
  const map = new Map();
  const backend = {
    get length() { return map.size; },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
  };
  const games = savedGames(new Store(backend));
  assert.equal(saveState(games, '4x4:A', { preset: 'small', moves: [] }), false, 'an untouched board is not saved');
  assert.equal(games.load('4x4:A'), null);
  assert.equal(saveState(games, '4x4:A', { preset: 'small', moves: [], xray: true }), true, 'an X-ray touches it');
  saveState(games, '4x4:A', { preset: 'small', moves: [3, 1] });
  assert.deepEqual(loadState(games, '4x4:A'), { moves: [3, 1], xray: false, preset: 'small', finished: false });
  saveState(games, '6x6:D1', { preset: 'daily', moves: [0], daily: true });
  saveState(games, '6x6:D2', { preset: 'daily', moves: [1], daily: true, xray: true });
  dropOldDailies(games, '6x6:D2');
  assert.deepEqual(games.list().map((g) => g.gid).sort(), ['4x4:A', '6x6:D2']);
  assert.equal(loadState(games, '6x6:D2').xray, true);
  assert.deepEqual(loadState(games, 'nothing'), { moves: [], xray: false, preset: null, finished: false });
  map.set('pg:game:matchless:5x5:bad', '{"v":1,"data":{"gid":"5x5:bad","preset":"x","state":{"moves":"no"},"finished":false,"daily":false,"updated":1}}');
  assert.deepEqual(loadState(games, '5x5:bad').moves, [], 'moves that are not a move list are ignored');
});

test('hints: recorded with the first finish, on the share card, never at par in the stats', async () => {
  const R = await import('../../../../src/proofgrid/web/js/matchless/ui/daily-result.js');
  let recs = R.recordDaily({}, '2026-12-01', { number: 2, score: 3, par: 3, hints: 1 });
  assert.deepEqual(recs['2026-12-01'], { number: 2, score: 3, par: 3, hints: 1 });
  recs = R.recordDaily(recs, '2026-12-02', { number: 3, score: 4, par: 4 });
  const card = R.shareCard({ number: 2, score: 3, par: 3, hints: 1, streak: 2 });
  assert.match(card, /💡 1 hint(\n|$)/);
  assert.doesNotMatch(card, /at par/);
  assert.match(R.shareCard({ number: 2, score: 3, par: 3, hints: 2, xray: true, streak: 2 }), /🔍 X-ray used · 💡 2 hints/);
  assert.match(R.shareCard({ number: 3, score: 4, par: 4, streak: 2 }), /at par/);
  const st = R.dailyStats(recs, '2026-12-02');
  assert.equal(st.played, 2);
  assert.equal(st.atPar, 1);
  assert.equal(st.hinted, 1);
  assert.equal(st.current, 2);
  assert.equal(R.resultWords({ score: 3, par: 3, hints: 1 }), '3 matches (par 3, 1 hint)');
});
