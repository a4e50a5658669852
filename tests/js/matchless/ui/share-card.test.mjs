// Matchless's share card is spoiler-free.
// Oracle: the card must contain the puzzle number, score, par and streak and
// nothing that identifies a move (no cell names, no board code).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { dailyShareText } from '../../../../src/proofgrid/web/js/matchless/ui/daily-result.js';
import { daily, moveName, solve } from '../../../../src/proofgrid/web/js/matchless/engine/index.js';

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
