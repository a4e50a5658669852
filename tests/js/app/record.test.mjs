// The one record (js/app/record.js) and its rule for help. Oracle: the rule
// as the page states it (HELP_RULE), written out case by case over every
// combination of finished, hints, X-ray, solution shown and moves vs par.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  HELP_RULE, atPar, helpWords, helped, makeRecord, outcome, resultFields, verdictWords,
} from '../../../src/proofgrid/web/js/app/record.js';

test('atPar and outcome follow the stated rule on every combination', () => {
  assert.match(HELP_RULE, /never counts as at par/);
  for (const finished of [false, true]) {
    for (const hints of [0, 1, 3]) {
      for (const xray of [false, true]) {
        for (const revealed of [false, true]) {
          for (const [moves, par] of [[0, 5], [5, 5], [7, 5], [4, null], [0, null]]) {
            const r = makeRecord({ puzzle: 'p', gid: 'g', finished, hints, xray, revealed, moves, par });
            const help = hints > 0 || xray || revealed;
            const want = finished && !help && (par === null || moves === par);
            assert.equal(helped(r), help);
            assert.equal(atPar(r), want, JSON.stringify(r));
            let kind;
            if (!finished) kind = moves > 0 || help ? 'playing' : 'new';
            else if (revealed) kind = 'revealed';
            else if (xray) kind = 'xray';
            else if (hints) kind = 'hints';
            else kind = want ? 'par' : 'solved';
            assert.equal(outcome(r), kind);
            const words = verdictWords(r);
            if (!finished) assert.equal(words, '');
            else if (help) assert.match(words, /^solved with help \(/);
            else assert.equal(words.includes('at par') || words === 'no hints', want);
          }
        }
      }
    }
  }
});

test('makeRecord gives every field its type; bad or missing ones take their empty value', () => {
  const r = makeRecord({ puzzle: 'matchless', gid: 'x', hints: -2, moves: 1.5, par: 'six', xray: 'yes', date: 7, started: NaN });
  assert.deepEqual({ ...r }, {
    puzzle: 'matchless', gid: 'x', date: null, number: null, moves: 0, par: null, hints: 0, xray: false,
    revealed: false, finished: false, started: null, updated: null, finishedAt: null,
  });
  assert.ok(Object.isFrozen(r));
  assert.deepEqual({ ...makeRecord(null) }, { ...makeRecord({}) });
});

test('words and the result code fields read the same record', () => {
  const r = makeRecord({ puzzle: 'matchless', gid: '6x6:abc', finished: true, moves: 6, par: 6, hints: 1, xray: true });
  assert.equal(helpWords(r), 'with 1 hint and the X-ray');
  assert.equal(verdictWords(r), 'solved with help (1 hint, X-ray)');
  assert.equal(helpWords(makeRecord({ hints: 2 })), 'with 2 hints');
  assert.equal(helpWords(makeRecord({})), '');
  assert.equal(verdictWords(makeRecord({ finished: true, moves: 8, par: 6 })), 'par 6, +2');
  assert.deepEqual(resultFields(r, ['a1', 'b2']), { puzzle: 'matchless', id: '6x6:abc', moves: ['a1', 'b2'], hints: 1, xray: true });
});
