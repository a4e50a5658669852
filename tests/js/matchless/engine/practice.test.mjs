// Practice boards: the JS module agrees with Python's practice.json (read
// directly here), and every board's recorded measures agree with the JS solver.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  PRACTICE, PRACTICE_BOARDS, biggestCascade, formatGameId, parseGameId, solve,
} from '../../../../src/proofgrid/web/js/matchless/engine/index.js';

const json = JSON.parse(readFileSync(new URL('../../../../src/proofgrid/matchless/practice.json', import.meta.url), 'utf8'));

test('PRACTICE is practice.json: twelve IDs, easy to expert, in order', () => {
  assert.equal(PRACTICE.length, 12);
  assert.deepEqual([...PRACTICE], json.map((b) => b.id));
  assert.deepEqual(PRACTICE_BOARDS.map((b) => b.level), json.map((b) => b.level));
  assert.ok(Object.isFrozen(PRACTICE));
});

test('each practice board parses, round-trips, and its recorded measures hold', () => {
  PRACTICE_BOARDS.forEach((rec) => {
    const b = parseGameId(rec.id);
    assert.equal(formatGameId(b), rec.id);
    const s = solve(b);
    assert.equal(s.par, rec.par);
    assert.equal(s.myopicGap, rec.myopic_gap);
    assert.equal(s.hiddenSources, rec.hidden_sources);
    assert.equal(biggestCascade(b), rec.biggest_cascade);
  });
});
