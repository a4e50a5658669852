// The daily replay's result line (matchless/ui/daily-result.js replayVerdict):
// the first finish is the day's one result, and the "This time" part says
// "X-ray used" exactly when the X-ray was shown on this board — including an
// X-ray used only on the replay. Checked over every combination against a
// direct statement of the rule.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { replayVerdict } from '../../../../src/proofgrid/web/js/matchless/ui/daily-result.js';

test('an X-ray used only on the replay is named in "This time"', () => {
  const line = replayVerdict({ number: 3, score: 7, par: 7 }, { score: 7, par: 7, xray: true });
  assert.equal(line,
    "Today's result: 7 matches (at par) — your first finish counts. This time: 7 matches (par 7, X-ray used).");
  const over = replayVerdict({ number: 3, score: 7, par: 7 }, { score: 8, par: 7, xray: true });
  assert.match(over, /This time: 8 matches \(par 7, \+1, X-ray used\)\.$/);
});

test('a replay without the X-ray says nothing about it', () => {
  const line = replayVerdict({ number: 3, score: 7, par: 7 }, { score: 8, par: 7, xray: false });
  assert.equal(line,
    "Today's result: 7 matches (at par) — your first finish counts. This time: 8 matches (par 7, +1).");
  assert.equal(replayVerdict({ number: 3, score: 7, par: 7 }, { score: 7, par: 7 }), null);
});

test('every combination follows the rule', () => {
  for (const firstScore of [5, 6, 7]) {
    for (const firstXray of [false, true]) {
      for (const score of [5, 6, 7]) {
        for (const xray of [false, true]) {
          const first = firstXray ? { number: 1, score: firstScore, par: 5, xray: true } : { number: 1, score: firstScore, par: 5 };
          const line = replayVerdict(first, { score, par: 5, xray });
          const same = firstScore === score && firstXray === xray;
          if (same && !firstXray) assert.equal(line, null);
          else if (same) assert.match(line, /^\d+ match(es)? \(par 5.*X-ray used\)\.$/);
          else {
            const thisTime = line.split('This time: ')[1];
            assert.ok(thisTime.startsWith(`${score} matches`), line);
            assert.equal(thisTime.includes('X-ray used'), xray, line);
            assert.equal(line.split(' — ')[0].includes('X-ray used'), firstXray, line);
          }
        }
      }
    }
  }
});
