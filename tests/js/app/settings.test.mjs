// Settings v2: theme, high contrast, how-to seen, each puzzle's options; v1
// migrates; puzzle options are announced with the 'pg-settings' event.
// Oracle: the raw stored JSON and hand-written expected objects.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  SETTINGS_SCHEMA, applySettings, howtoSeen, markHowtoSeen, puzzleSetting, readSettings,
  setDisplaySetting, setPuzzleSetting,
} from '../../../src/proofgrid/web/js/app/settings.js';
import { MemoryBackend, Store } from '../../../src/proofgrid/web/js/app/storage.js';

test('v1 settings migrate to v2 keeping high contrast', () => {
  const backend = new MemoryBackend();
  backend.setItem('t.settings', JSON.stringify({ v: 1, data: { highContrast: true } }));
  const store = new Store(backend, 't.');
  assert.deepEqual(readSettings(store), { theme: 'system', highContrast: true, seenHowto: {}, puzzles: {} });
  assert.equal(JSON.parse(backend.getItem('t.settings')).v, 2);
});

test('validate rejects bad themes and non-boolean options', () => {
  const ok = SETTINGS_SCHEMA.initial();
  assert.equal(SETTINGS_SCHEMA.validate(ok), true);
  for (const bad of [
    { ...ok, theme: 'blue' }, { ...ok, highContrast: 1 }, { ...ok, seenHowto: { a: 'yes' } },
    { ...ok, puzzles: { k: { timer: 'on' } } }, { ...ok, puzzles: [] }, null,
  ]) assert.equal(SETTINGS_SCHEMA.validate(bad), false, JSON.stringify(bad));
});

test('puzzle options default, persist and are announced', () => {
  const store = new Store(new MemoryBackend(), 't.');
  const heard = [];
  globalThis.window = new EventTarget();
  globalThis.window.addEventListener('pg-settings', (e) => heard.push(e.detail));
  try {
    assert.equal(puzzleSetting(store, 'kirchhoff', 'alarm', true), true);
    setPuzzleSetting(store, 'kirchhoff', 'alarm', false);
    assert.equal(puzzleSetting(store, 'kirchhoff', 'alarm', true), false);
    assert.equal(puzzleSetting(store, 'matchless', 'alarm', true), true, 'per puzzle');
    assert.deepEqual(heard, [{ puzzle: 'kirchhoff', key: 'alarm', value: false }]);
    const root = { dataset: {} };
    globalThis.document = { documentElement: root };
    setDisplaySetting(store, 'theme', 'dark');
    setDisplaySetting(store, 'highContrast', true);
    assert.deepEqual(root.dataset, { theme: 'dark', contrast: 'high' });
    assert.throws(() => setDisplaySetting(store, 'theme', 'neon'), RangeError);
    assert.equal(readSettings(store).theme, 'dark');
    assert.equal(heard.length, 3);
  } finally {
    delete globalThis.window;
    delete globalThis.document;
  }
});

test('applySettings sets data-theme and data-contrast', () => {
  const root = { dataset: { contrast: 'high' } };
  applySettings({ theme: 'light', highContrast: false }, root);
  assert.deepEqual(root.dataset, { theme: 'light' });
  applySettings({ theme: 'bogus', highContrast: true }, root);
  assert.deepEqual(root.dataset, { theme: 'system', contrast: 'high' });
});

test('the how-to is marked seen per puzzle', () => {
  const store = new Store(new MemoryBackend(), 't.');
  assert.equal(howtoSeen(store, 'matchless'), false);
  markHowtoSeen(store, 'matchless');
  assert.equal(howtoSeen(store, 'matchless'), true);
  assert.equal(howtoSeen(store, 'kirchhoff'), false);
});
