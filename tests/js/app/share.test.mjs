// The share action falls back cleanly: Web Share, then the clipboard, then by hand.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { shareMessage, shareText } from '../../../src/proofgrid/web/js/app/share.js';

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
