// Practice progress under the one help rule (practice-view.js recordBest).
// Oracle: over a random sequence of finishes, the best is the fewest matches
// and it is marked "with help" exactly when no unaided finish reached it.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { recordBest } from '../../../../src/proofgrid/web/js/matchless/ui/practice-view.js';
import { PRACTICE_SCHEMA } from '../../../../src/proofgrid/web/js/matchless/ui/records.js';
import { rngFor } from '../../helpers.mjs';

test('the best is the fewest matches, marked with help only when no unaided finish reached it', () => {
  const rng = rngFor(30);
  for (let round = 0; round < 200; round++) {
    let d = PRACTICE_SCHEMA.initial();
    const finishes = [];
    for (let k = 0; k < 1 + rng.below(8); k++) {
      const index = rng.below(3);
      const score = 2 + rng.below(4);
      const help = rng.below(2) === 1;
      finishes.push({ index, score, help });
      d = recordBest(d, index, score, help);
      assert.ok(PRACTICE_SCHEMA.validate(d), JSON.stringify(d));
    }
    for (const index of [0, 1, 2]) {
      const mine = finishes.filter((f) => f.index === index);
      const key = String(index);
      if (!mine.length) {
        assert.equal(d.best[key], undefined);
        continue;
      }
      const least = Math.min(...mine.map((f) => f.score));
      assert.equal(d.best[key], least);
      const unaided = mine.some((f) => f.score === least && !f.help);
      assert.equal(d.helped?.[key] === true, !unaided, JSON.stringify({ mine, d }));
    }
  }
  assert.ok(PRACTICE_SCHEMA.validate({ best: { 0: 2 }, current: null })); // saved before `helped` existed
  assert.ok(!PRACTICE_SCHEMA.validate({ best: {}, current: null, helped: { 0: 'yes' } }));
});
