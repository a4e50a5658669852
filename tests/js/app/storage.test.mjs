// Saved data: every key carries its schema version; a corrupted, foreign,
// future or failing key is reset (or an old one migrated) without touching any
// other key; export/import codes round-trip and refuse tampering all-or-nothing.
// Oracle: a plain Map backend we inspect directly, key by key.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CodeError, MemoryBackend, Store } from '../../../src/proofgrid/web/js/app/storage.js';
import { decodeCode, encodeCode } from '../../../src/proofgrid/web/js/app/codes.js';
import { DAILY_SCHEMA, defineMatchlessKeys, DAILY_KEY, PRACTICE_KEY, DUEL_KEY } from '../../../src/proofgrid/web/js/matchless/ui/records.js';
import { SETTINGS_SCHEMA } from '../../../src/proofgrid/web/js/app/settings.js';

// A schema with history: v1 stored a bare number, v2 {count}, v3 {count, label}.
const COUNTER = {
  version: 3,
  label: 'counter',
  initial: () => ({ count: 0, label: 'none' }),
  validate: (d) => d && Number.isInteger(d.count) && d.count >= 0 && typeof d.label === 'string',
  migrate: {
    1: (n) => ({ count: n }),
    2: (d) => ({ ...d, label: 'migrated' }),
  },
};

function store(backend = new MemoryBackend()) {
  const s = new Store(backend, 't.');
  s.define('counter', COUNTER);
  s.define('settings', SETTINGS_SCHEMA);
  defineMatchlessKeys(s);
  return s;
}

test('missing keys give initial values without notices or writes', () => {
  const backend = new MemoryBackend();
  const s = store(backend);
  assert.deepEqual(s.get('counter'), { count: 0, label: 'none' });
  assert.deepEqual(s.get(DAILY_KEY), { records: {}, current: null });
  assert.deepEqual(s.takeNotices(), []);
  assert.equal(backend.map.size, 0);
});

test('set/get round-trip with a version envelope; get returns copies', () => {
  const backend = new MemoryBackend();
  const s = store(backend);
  s.set('counter', { count: 5, label: 'x' });
  assert.deepEqual(JSON.parse(backend.getItem('t.counter')), { v: 3, data: { count: 5, label: 'x' } });
  const a = s.get('counter');
  a.count = 99;
  assert.equal(s.get('counter').count, 5);
  assert.throws(() => s.set('counter', { count: -1, label: 'x' }), RangeError);
  assert.equal(store(backend).get('counter').count, 5);
});

test('old versions migrate step by step and are rewritten at the current version', () => {
  for (const [stored, want] of [
    [{ v: 1, data: 7 }, { count: 7, label: 'migrated' }],
    [{ v: 2, data: { count: 3 } }, { count: 3, label: 'migrated' }],
  ]) {
    const backend = new MemoryBackend();
    backend.setItem('t.counter', JSON.stringify(stored));
    const s = store(backend);
    assert.deepEqual(s.get('counter'), want);
    assert.deepEqual(s.takeNotices(), [{ name: 'counter', what: 'migrated' }]);
    assert.deepEqual(JSON.parse(backend.getItem('t.counter')), { v: 3, data: want });
  }
});

const CORRUPT = [
  '{not json',
  '',
  'null',
  '42',
  '[]',
  '"text"',
  '{"data": {"count": 1, "label": "a"}}',
  '{"v": "3", "data": {"count": 1, "label": "a"}}',
  '{"v": 0, "data": {}}',
  '{"v": 4, "data": {"count": 1, "label": "a"}}',
  '{"v": 3}',
  '{"v": 3, "data": {"count": -2, "label": "a"}}',
  '{"v": 1, "data": "not a number"}',
  '{"v": 2.5, "data": {}}',
];

test('every corrupted form resets that key only, with a notice', () => {
  for (const bad of CORRUPT) {
    const backend = new MemoryBackend();
    const settings = JSON.stringify({ v: 1, data: { highContrast: true } });
    const daily = JSON.stringify({ v: 1, data: { records: { '2026-01-02': { number: 3, score: 4, par: 4 } }, current: null } });
    backend.setItem('t.settings', settings);
    backend.setItem(`t.${DAILY_KEY}`, daily);
    backend.setItem('other.app.key', 'untouched {');
    backend.setItem('t.counter', bad);
    const s = store(backend);
    assert.deepEqual(s.get('counter'), { count: 0, label: 'none' }, bad);
    assert.deepEqual(s.takeNotices(), [{ name: 'counter', what: 'reset' }], bad);
    assert.deepEqual(JSON.parse(backend.getItem('t.counter')), { v: 3, data: { count: 0, label: 'none' } });
    assert.equal(backend.getItem('t.settings'), settings, 'other key untouched');
    assert.equal(backend.getItem(`t.${DAILY_KEY}`), daily, 'other key untouched');
    assert.equal(backend.getItem('other.app.key'), 'untouched {');
    assert.equal(s.get('settings').highContrast, true);
    assert.equal(s.get(DAILY_KEY).records['2026-01-02'].score, 4);
  }
});

test('matchless schemas reject malformed records', () => {
  const bad = [
    { records: { 'not-a-date': { number: 1, score: 1, par: 1 } }, current: null },
    { records: { '2026-02-30': { number: 1, score: 1, par: 1 } }, current: null },
    { records: { '2026-02-01': { number: 1, score: 2, par: 3 } }, current: null },
    { records: {}, current: { date: '2026-02-01', moves: [1, 'x'] } },
    { records: [], current: null },
  ];
  for (const d of bad) assert.equal(DAILY_SCHEMA.validate(d), false, JSON.stringify(d));
  assert.equal(DAILY_SCHEMA.validate(DAILY_SCHEMA.initial()), true);
});

test('a throwing backend (private mode, quota) degrades to memory without throwing', () => {
  const hostile = {
    getItem() { throw new Error('SecurityError'); },
    setItem() { throw new Error('QuotaExceededError'); },
    removeItem() { throw new Error('nope'); },
  };
  const s = store(hostile);
  assert.deepEqual(s.get('counter'), { count: 0, label: 'none' });
  s.set('counter', { count: 2, label: 'y' });
  assert.equal(s.get('counter').count, 2);
});

test('export/import codes round-trip every key', () => {
  const a = store();
  a.set(DAILY_KEY, { records: { '2026-03-01': { number: 92, score: 5, par: 4 } }, current: null });
  a.set(PRACTICE_KEY, { best: { 0: 2, 11: 7 }, current: null });
  a.set(DUEL_KEY, { rule: 'most', opponent: 'perfect', series: { p1: 3, p2: 1, draws: 2 } });
  const code = a.exportCode([DAILY_KEY, PRACTICE_KEY, DUEL_KEY]);
  assert.match(code, /^PG1\.[A-Za-z0-9_-]+\.[0-9a-f]{8}$/);
  const b = store();
  assert.deepEqual(b.importCode(`  ${code}\n`), [DAILY_KEY, PRACTICE_KEY, DUEL_KEY]);
  for (const k of [DAILY_KEY, PRACTICE_KEY, DUEL_KEY]) assert.deepEqual(b.get(k), a.get(k));
});

test('a tampered or foreign code changes nothing', () => {
  const a = store();
  a.set(PRACTICE_KEY, { best: { 3: 4 }, current: null });
  const code = a.exportCode([PRACTICE_KEY]);
  const b = store();
  b.set(PRACTICE_KEY, { best: { 1: 9 }, current: null });
  const before = b.get(PRACTICE_KEY);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let refused = 0;
  for (let i = 4; i < code.length - 9; i++) {
    const c = alphabet[(alphabet.indexOf(code[i]) + 1) % 64];
    assert.throws(() => b.importCode(code.slice(0, i) + c + code.slice(i + 1)), CodeError);
    refused++;
  }
  assert.ok(refused > 10);
  for (const junk of ['', 'hello', 'PG1..00000000', code.slice(0, -1), `PG2${code.slice(3)}`]) {
    assert.throws(() => b.importCode(junk), CodeError);
  }
  // Well-formed codes carrying bad data are refused as a whole.
  const unknown = encodeCode({ app: 'proofgrid', keys: { nope: { v: 1, data: {} } } });
  assert.throws(() => b.importCode(unknown), /unknown data/);
  const invalid = encodeCode({ app: 'proofgrid', keys: { [PRACTICE_KEY]: { v: 1, data: { best: { 2: 3 }, current: null } }, [DUEL_KEY]: { v: 1, data: { rule: 'x' } } } });
  assert.throws(() => b.importCode(invalid), CodeError);
  assert.throws(() => b.importCode(encodeCode({ app: 'other', keys: {} })), CodeError);
  assert.deepEqual(b.get(PRACTICE_KEY), before);
});

test('codes carry any JSON value, Unicode included', () => {
  for (const v of [0, 'émoji 🎆', [1, [2, { a: null }]], { long: 'x'.repeat(5000) }]) {
    assert.deepEqual(decodeCode(encodeCode(v)), v);
  }
});
