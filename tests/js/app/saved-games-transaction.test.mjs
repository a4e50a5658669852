// Importing saved games is a transaction (js/app/saved-games.js merge, js/app/data-transfer.js
// importData): every row is checked and sized first, the new rows and the index are
// written, and only then are games removed, so a failure leaves storage exactly as it
// was. Dailies have their own bound, orphan keys are swept, large codes are read in
// chunks with progress. Oracles: a fake localStorage with a 5 MiB quota (UTF-16 code
// units, as browsers count them) snapshotted key by key before and after, and plain
// models of the limits.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CodeError, fnv1a32 } from '../../../src/proofgrid/web/js/app/codes.js';
import {
  IMPORT_CHUNK, MAX_IMPORT_ROWS, exportData, importData, importDataAsync,
} from '../../../src/proofgrid/web/js/app/data-transfer.js';
import {
  DAILY_LIMIT, GAME_LIMIT, MAX_GAME_CHARS, MAX_STATE_DEPTH, SavedGames, checkGame,
} from '../../../src/proofgrid/web/js/app/saved-games.js';
import { MemoryBackend, Store } from '../../../src/proofgrid/web/js/app/storage.js';
import { QuotaBackend } from '../helpers.mjs';

const QUOTA = 5 * 1024 * 1024; // bytes

const snapshot = (backend) => new Map([...backend.map.entries()].sort());

/** A device holding the player's 40 games of kirchhoff (the last 3 finished). */
function player(backend = new QuotaBackend(QUOTA)) {
  const store = new Store(backend, 'proofgrid.');
  let t = 1_764_000_000_000;
  const games = new SavedGames(store, 'kirchhoff', { now: () => (t += 1000) });
  for (let i = 0; i < GAME_LIMIT; i++) {
    games.save(`7x7dh:mine${i}`, { preset: 'hard', state: { marks: [i, 1, 2] }, finished: i >= 37, daily: false });
  }
  return { backend, store, games };
}

/** A code whose JSON text is `text` (as encodeCode writes it, for values JSON.stringify cannot make). */
function codeOfText(text) {
  const payload = Buffer.from(text, 'utf8').toString('base64url');
  return `PG1.${payload}.${fnv1a32(payload).toString(16).padStart(8, '0')}`;
}

const codeOf = (rows, puzzle = 'kirchhoff') => codeOfText(JSON.stringify({ app: 'proofgrid', keys: {}, format: 2, games: { [puzzle]: rows } }));

const row = (gid, { finished = false, daily = false, updated = 1_765_000_000_000, state = { marks: [1] } } = {}) => [
  gid, 'hard', (finished ? 1 : 0) | (daily ? 2 : 0), updated, state,
];

function deep(n) {
  let v = 0;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

test('a state nested 100,000 deep is refused by its depth and deletes nothing', () => {
  const { backend, games } = player();
  const before = snapshot(backend);
  const got = games.merge([
    { gid: '7x7dh:deep', preset: 'hard', state: deep(100_000), finished: false, daily: false, updated: 2e12 },
  ]);
  assert.equal(got.skipped, 1);
  assert.equal(got.added, 0);
  assert.equal(games.list().length, GAME_LIMIT);
  // the index is rewritten with the same entries; every game key is untouched
  for (const [k, v] of before) if (k.startsWith('pg:game:')) assert.equal(backend.map.get(k), v, k);
  assert.equal(checkGame({ gid: 'g', preset: 'p', state: deep(MAX_STATE_DEPTH), finished: false, daily: false, updated: 1 }) !== null, true);
  assert.equal(checkGame({ gid: 'g', preset: 'p', state: deep(MAX_STATE_DEPTH + 1), finished: false, daily: false, updated: 1 }), null);
});

test('a code the quota cannot hold is refused whole: storage is exactly as it was', () => {
  const { backend, store, games } = player();
  const before = snapshot(backend);
  // 45 dailies of 63,000 characters each: 5.7 MB, more than the quota
  const big = 'x'.repeat(63_000);
  const rows = Array.from({ length: 45 }, (_, i) => row(`7x7dh:big${i}`, { daily: true, state: { pad: big } }));
  assert.throws(() => importData(store, codeOf(rows)), (err) => err instanceof CodeError && /nothing was imported/.test(err.message));
  assert.deepEqual(snapshot(backend), before);
  assert.equal(games.list().length, GAME_LIMIT);
  assert.ok(store.takeNotices().some((n) => n.what === 'full'));
  // the same code on an empty device fits once the oldest games go: the limit holds
  const fresh = new Store(new QuotaBackend(QUOTA), 'proofgrid.');
  const got = importData(fresh, codeOf(rows.slice(0, 20)));
  assert.equal(got.games.added, 20);
});

test('a game larger than MAX_GAME_CHARS is skipped, never half stored', () => {
  const { backend, store } = player();
  const before = snapshot(backend);
  const got = importData(store, codeOf([row('7x7dh:huge', { state: { pad: 'y'.repeat(6_000_000) } })]));
  assert.equal(got.games.skipped, 1);
  assert.equal(got.games.added, 0);
  for (const [k, v] of before) if (k.startsWith('pg:game:')) assert.equal(backend.map.get(k), v);
  assert.ok(MAX_GAME_CHARS < 6_000_000);
});

test('2,000 dailies keep the newest finished ones within DAILY_LIMIT and none of the player\'s games go', () => {
  const { store, games } = player();
  const mine = games.list().map((e) => e.gid).sort();
  const rows = Array.from({ length: 2000 }, (_, i) => row(`7x7dh:day${i}`, {
    daily: true, finished: i % 3 !== 0, updated: 1_765_000_000_000 + i * 1000,
  }));
  const got = importData(store, codeOf(rows));
  const left = games.list();
  const dailies = left.filter((e) => e.daily);
  assert.equal(dailies.length, DAILY_LIMIT);
  assert.deepEqual(left.filter((e) => !e.daily).map((e) => e.gid).sort(), mine);
  assert.equal(got.games.dropped, 2000 - DAILY_LIMIT);
  // model: finished dailies go first, oldest first
  const model = rows.map(([gid, , flags, updated]) => ({ gid, finished: (flags & 1) === 1, updated }))
    .sort((a, b) => Number(b.finished) - Number(a.finished) || a.updated - b.updated)
    .slice(2000 - DAILY_LIMIT).map((e) => e.gid).sort();
  assert.deepEqual(dailies.map((e) => e.gid).sort(), model);
});

test('orphan keys and index entries without a key are swept', () => {
  const { backend, store, games } = player(new MemoryBackend());
  for (let i = 0; i < 50; i++) backend.setItem(`pg:game:kirchhoff:7x7dh:orphan${i}`, '{"v":1,"data":{}}');
  backend.removeItem('pg:game:kirchhoff:7x7dh:mine5'); // its data gone, still in the index
  backend.setItem('pg:game:matchless:6x6:other', 'kept: another puzzle');
  const got = importData(store, codeOf([row('7x7dh:new')]));
  assert.equal(got.games.added, 1);
  const keys = [...backend.map.keys()].filter((k) => k.startsWith('pg:game:kirchhoff:'));
  const listed = games.list().map((e) => games.gameKey(e.gid));
  assert.deepEqual(keys.sort(), listed.sort());
  assert.ok(!listed.includes('pg:game:kirchhoff:7x7dh:mine5'));
  assert.equal(backend.getItem('pg:game:matchless:6x6:other'), 'kept: another puzzle');
  // save() on a full storage sweeps orphans before it evicts a real game
  const q = player(new QuotaBackend(Infinity));
  q.backend.setItem('pg:game:kirchhoff:7x7dh:orphan', 'z'.repeat(90_000));
  q.backend.quota = q.backend.used + 30_000; // the late game needs 40,000 bytes
  assert.equal(q.games.save('7x7dh:late', { preset: 'hard', state: { pad: 'w'.repeat(20_000) }, finished: false, daily: false }), true);
  assert.equal(q.backend.getItem('pg:game:kirchhoff:7x7dh:orphan'), null);
  assert.equal(q.games.list().length, GAME_LIMIT, 'one evicted by the limit, none by the quota');
});

test('a large code is read in chunks with progress, with the same result as at once', async () => {
  const rows = Array.from({ length: 5 * IMPORT_CHUNK + 7 }, (_, i) => row(`7x7dh:r${i}`, { updated: 1e12 + i }));
  const a = player(new MemoryBackend());
  const b = player(new MemoryBackend());
  const seen = [];
  const got = await importDataAsync(a.store, codeOf(rows), { onProgress: (p) => seen.push(p) });
  assert.deepEqual(got, importData(b.store, codeOf(rows)));
  assert.deepEqual(snapshot(a.backend), snapshot(b.backend));
  assert.equal(seen.length, 6);
  assert.deepEqual(seen.at(-1), { done: rows.length, total: rows.length });
  assert.ok(seen.every((p, i) => i === 0 || p.done > seen[i - 1].done));
});

test('a code carrying more than MAX_IMPORT_ROWS games is refused before anything changes', () => {
  const { backend, store } = player();
  const before = snapshot(backend);
  const text = `{"app":"proofgrid","keys":{},"format":2,"games":{"kirchhoff":[${'0,'.repeat(MAX_IMPORT_ROWS)}0]}}`;
  assert.throws(() => importData(store, codeOfText(text)), /more than the 100000 one import takes/);
  assert.deepEqual(snapshot(backend), before);
});

test('a round trip through a 5 MiB storage keeps every game', () => {
  const { store } = player();
  const other = new Store(new QuotaBackend(QUOTA), 'proofgrid.');
  const got = importData(other, exportData(store, []));
  assert.equal(got.games.added, GAME_LIMIT);
  assert.deepEqual(new SavedGames(other, 'kirchhoff').records(), new SavedGames(store, 'kirchhoff').records());
});
