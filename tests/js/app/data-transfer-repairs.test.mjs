// A failed transfer-code import leaves storage byte for byte as it was, repairs included
// (issue 34, probe 10): with a damaged index, an import that failed on the quota used to
// say "nothing was imported" yet rewrite the index from the game keys and delete an
// unreadable game key, because SavedGames repaired them outside the transaction. The
// repairs now happen only inside a successful import. Oracles: a fake localStorage with
// a quota (UTF-16 code units, as browsers count them) snapshotted key by key before and
// after, and SavedGames reading the repaired storage afterwards.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CodeError, fnv1a32 } from '../../../src/proofgrid/web/js/app/codes.js';
import { importData } from '../../../src/proofgrid/web/js/app/data-transfer.js';
import { SavedGames } from '../../../src/proofgrid/web/js/app/saved-games.js';
import { Store } from '../../../src/proofgrid/web/js/app/storage.js';
import { QuotaBackend } from '../helpers.mjs';

const snapshot = (backend) => [...backend.map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const INDEX = 'pg:games:kirchhoff';
const BAD_GAME = 'pg:game:kirchhoff:7x7dh:unreadable';

/** A device with 5 kirchhoff games, a damaged index and one unreadable game key. */
function damaged(quota) {
  const backend = new QuotaBackend(quota);
  const store = new Store(backend, 'proofgrid.');
  let t = 1_764_000_000_000;
  const games = new SavedGames(store, 'kirchhoff', { now: () => (t += 1000) });
  for (let i = 0; i < 5; i++) {
    games.save(`7x7dh:mine${i}`, { preset: 'hard', state: { marks: [i] }, finished: false, daily: false });
  }
  backend.setItem(INDEX, '{"v":1,"data":[{"gid":'); // cut short: unreadable
  backend.setItem(BAD_GAME, 'not JSON at all');
  store.takeNotices();
  return { backend, store };
}

function codeOf(rows) {
  const text = JSON.stringify({ app: 'proofgrid', keys: {}, format: 2, games: { kirchhoff: rows } });
  const payload = Buffer.from(text, 'utf8').toString('base64url');
  return `PG1.${payload}.${fnv1a32(payload).toString(16).padStart(8, '0')}`;
}

const row = (gid, pad = 0) => [gid, 'hard', 0, 1_765_000_000_000, { marks: [1], pad: 'x'.repeat(pad) }];

test('a failed import leaves a damaged index and an unreadable game key byte for byte', () => {
  const { backend, store } = damaged(64 * 1024);
  const before = snapshot(backend);
  const free = backend.quota - backend.used;
  // one game larger than the room left (but within MAX_GAME_CHARS): the quota refuses it
  const code = codeOf([row('7x7dh:big', Math.ceil(free / 2) + 100)]);
  assert.throws(
    () => importData(store, code),
    (err) => err instanceof CodeError && /nothing was imported/.test(err.message),
  );
  assert.deepEqual(snapshot(backend), before, 'every key and every byte as it was');
  assert.equal(backend.map.get(INDEX), '{"v":1,"data":[{"gid":');
  assert.equal(backend.map.get(BAD_GAME), 'not JSON at all');
  assert.equal(store.fallback.size, 0, 'no session-only copy left behind');
  const notices = store.takeNotices().map((n) => n.what);
  assert.ok(notices.includes('full'));
  assert.ok(!notices.includes('skipped'), 'no word of a repair that did not happen');
});

test('a successful import makes the same repairs inside its transaction', () => {
  const { backend, store } = damaged(256 * 1024);
  const got = importData(store, codeOf([row('7x7dh:new')]));
  assert.equal(got.games.added, 1);
  assert.ok(!backend.map.has(BAD_GAME), 'the unreadable game key is dropped');
  const index = JSON.parse(backend.map.get(INDEX));
  const gids = index.data.map((e) => e.gid).sort();
  assert.deepEqual(gids, ['7x7dh:mine0', '7x7dh:mine1', '7x7dh:mine2', '7x7dh:mine3', '7x7dh:mine4', '7x7dh:new']);
  assert.ok(store.takeNotices().some((n) => n.what === 'skipped'), 'the repair is reported once it is made');
  const games = new SavedGames(store, 'kirchhoff');
  assert.equal(games.list().length, 6);
  assert.deepEqual(games.load('7x7dh:mine3').state, { marks: [3] });
});
