// The share card is spoiler-free and the share action falls back cleanly.
// Oracle: the card must contain the puzzle number, score, par and streak and
// nothing that identifies a move (no cell names, no board code).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { dailyShareText, shareMessage, shareText } from '../../../src/proofgrid/web/js/app/share.js';
import { daily, moveName, solve } from '../../../src/proofgrid/web/js/matchless/engine/index.js';

test('share card: number, matches vs par, streak; no spoilers', () => {
  const d = daily('2026-12-25');
  const s = solve(d.board);
  for (const score of [s.par, s.par + 1, s.par + 4]) {
    const text = dailyShareText({ number: d.number, score, par: s.par, streak: 7, url: 'https://example.test/m/' });
    assert.match(text, new RegExp(`^Matchless #${d.number}$`, 'm'));
    assert.match(text, new RegExp(`^${score} matches \\(`, 'm'));
    assert.ok(text.includes(score === s.par ? 'at par' : `par ${s.par}, +${score - s.par}`));
    assert.match(text, /Streak 7/);
    assert.ok(!text.includes(d.id) && !text.includes(d.id.split(':')[1]), 'no board code');
    for (const w of s.witness) assert.ok(!new RegExp(`\\b${moveName(d.board, w)}\\b`).test(text), 'no cell names');
    assert.equal([...text.matchAll(/🎆/gu)].length, s.par);
    assert.equal([...text.matchAll(/🧨/gu)].length, score - s.par);
  }
  assert.match(dailyShareText({ number: 1, score: 1, par: 1, streak: 1 }), /1 match \(at par\)/);
});

test('share action: Web Share, then clipboard, then manual', async () => {
  const calls = [];
  const clip = { writeText: async (t) => { calls.push(['clip', t]); } };
  const abort = Object.assign(new Error('x'), { name: 'AbortError' });
  const cases = [
    [{ share: async (d) => { calls.push(['share', d.text]); } }, 'shared'],
    [{ share: async () => { throw abort; }, clipboard: clip }, 'cancelled'],
    [{ share: async () => { throw new Error('NotAllowed'); }, clipboard: clip }, 'copied'],
    [{ share: async () => {}, canShare: () => false, clipboard: clip }, 'copied'],
    [{ clipboard: clip }, 'copied'],
    [{ clipboard: { writeText: async () => { throw new Error('denied'); } } }, 'manual'],
    [{}, 'manual'],
    [undefined, 'manual'],
  ];
  for (const [nav, want] of cases) {
    assert.equal(await shareText('hello', nav), want);
    assert.ok(shareMessage(want).length > 0);
  }
  assert.deepEqual(calls[0], ['share', 'hello']);
  assert.ok(calls.some(([k]) => k === 'clip'));
});
