// Saved games: one key per game plus an index; bounded with the oldest
// unfinished non-daily games evicted first and dailies never; corrupt data is
// skipped per key with a notice; a full storage never throws.
// Oracle: the raw MemoryBackend inspected key by key, and a plain model list.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { SavedGames } from '../../../src/proofgrid/web/js/app/saved-games.js';
import { MemoryBackend, Store } from '../../../src/proofgrid/web/js/app/storage.js';

function clock(start = 1000) {
  let t = start;
  return () => (t += 1);
}

function setup({ limit = 40, backend = new MemoryBackend() } = {}) {
  const store = new Store(backend, 't.');
  return { backend, store, games: new SavedGames(store, 'kirchhoff', { limit, now: clock() }) };
}

const rec = (preset, extra = {}) => ({ preset, state: { moves: [1, 2] }, finished: false, daily: false, ...extra });

test('save/load round-trips under one key per game, plus the index', () => {
  const { backend, games } = setup();
  assert.equal(games.load('5x5:abc'), null);
  assert.equal(games.save('5x5:abc', rec('easy')), true);
  const got = games.load('5x5:abc');
  assert.deepEqual(got.state, { moves: [1, 2] });
  assert.equal(got.preset, 'easy');
  assert.equal(got.gid, '5x5:abc');
  assert.ok(backend.getItem('pg:game:kirchhoff:5x5:abc'));
  const index = JSON.parse(backend.getItem('pg:games:kirchhoff'));
  assert.deepEqual(index.data.map((e) => e.gid), ['5x5:abc']);
  // Another puzzle never sees it.
  const other = new SavedGames(new Store(backend, 't.'), 'matchless');
  assert.equal(other.load('5x5:abc'), null);
  assert.deepEqual(other.list(), []);
});

test('list is newest first; lastUnfinished skips finished, daily and other presets', () => {
  const { games } = setup();
  games.save('a', rec('easy'));
  games.save('b', rec('hard'));
  games.save('c', rec('easy', { finished: true }));
  games.save('d', rec('easy', { daily: true }));
  assert.deepEqual(games.list().map((e) => e.gid), ['d', 'c', 'b', 'a']);
  assert.deepEqual(Object.keys(games.list()[0]).sort(), ['daily', 'finished', 'gid', 'preset', 'puzzle', 'updated']);
  assert.equal(games.list()[0].puzzle, 'kirchhoff');
  assert.equal(games.lastUnfinished('easy'), 'a');
  assert.equal(games.lastUnfinished('hard'), 'b');
  assert.equal(games.lastUnfinished('giant'), null);
  games.save('a', rec('easy', { finished: true }));
  assert.equal(games.lastUnfinished('easy'), null);
  assert.deepEqual(games.list().map((e) => e.gid), ['a', 'd', 'c', 'b'], 're-saving moves it to the front');
  games.remove('a');
  assert.equal(games.load('a'), null);
  assert.deepEqual(games.list().map((e) => e.gid), ['d', 'c', 'b']);
});

test('eviction over the limit follows the model: unfinished oldest, then finished oldest; dailies apart', () => {
  for (let seed = 0; seed < 30; seed++) {
    const limit = 5;
    const { games } = setup({ limit });
    const model = []; // {gid, finished, daily, updated}
    let t = 1000;
    let x = seed * 7919 + 1;
    const rand = (n) => { x = (x * 48271) % 2147483647; return x % n; };
    for (let i = 0; i < 25; i++) {
      const gid = `g${rand(12)}`;
      const finished = rand(3) === 0;
      const daily = rand(5) === 0;
      games.save(gid, rec('easy', { finished, daily }));
      t += 1;
      const m = model.filter((e) => e.gid !== gid);
      m.push({ gid, finished, daily, updated: t });
      while (m.filter((e) => !e.daily).length > limit) {
        const victims = m.filter((e) => !e.daily && e.gid !== gid);
        if (!victims.length) break;
        victims.sort((a, b) => Number(a.finished) - Number(b.finished) || a.updated - b.updated);
        m.splice(m.indexOf(victims[0]), 1);
      }
      model.splice(0, model.length, ...m);
      const want = [...model].sort((a, b) => b.updated - a.updated).map((e) => e.gid);
      assert.deepEqual(games.list().map((e) => e.gid), want, `seed ${seed} step ${i}`);
      for (const e of model) assert.ok(games.load(e.gid), `${e.gid} kept`);
    }
  }
});

test('a corrupt game key is skipped with a notice; the others survive', () => {
  const { backend, store, games } = setup();
  games.save('a', rec('easy'));
  games.save('b', rec('easy'));
  backend.setItem('pg:game:kirchhoff:a', '{not json');
  assert.equal(games.load('a'), null);
  assert.deepEqual(store.takeNotices(), [{ name: 'saved game', what: 'skipped' }]);
  assert.equal(games.load('b').preset, 'easy');
  assert.deepEqual(games.list().map((e) => e.gid), ['b']);
  // Foreign data under a game key (another gid, wrong shape) is skipped too.
  backend.setItem('pg:game:kirchhoff:b', JSON.stringify({ v: 1, data: { gid: 'zzz', preset: 'x' } }));
  assert.equal(games.load('b'), null);
  assert.equal(store.takeNotices().length, 1);
});

test('a corrupt or lost index is rebuilt from the game keys', () => {
  for (const bad of ['[', '{"v": 1, "data": [{"gid": 3}]}', '{"v": 9, "data": []}', null]) {
    const { backend, store, games } = setup();
    games.save('a', rec('easy'));
    games.save('b', rec('hard', { finished: true }));
    backend.setItem('pg:game:kirchhoff:junk', 'junk');
    if (bad === null) backend.removeItem('pg:games:kirchhoff');
    else backend.setItem('pg:games:kirchhoff', bad);
    assert.deepEqual(games.list().map((e) => e.gid), ['b', 'a'], String(bad));
    assert.equal(backend.getItem('pg:game:kirchhoff:junk'), null, 'the bad game key was dropped');
    assert.deepEqual(store.takeNotices(), [{ name: 'saved game', what: 'skipped' }]);
    assert.equal(games.lastUnfinished('easy'), 'a');
  }
});

test('a full storage evicts, then gives up without throwing (kept for the session)', () => {
  const backend = new MemoryBackend();
  let cap = 3; // at most this many keys may exist
  const setItem = backend.setItem.bind(backend);
  backend.setItem = (k, v) => {
    if (!backend.map.has(k) && backend.map.size >= cap) throw new Error('QuotaExceededError');
    setItem(k, v);
  };
  const { store, games } = setup({ backend });
  assert.equal(games.save('a', rec('easy')), true); // index + a
  assert.equal(games.save('d', rec('easy', { daily: true })), true); // index + a + d
  assert.equal(games.save('b', rec('easy')), true, 'a is evicted to make room');
  assert.equal(games.load('a'), null);
  assert.deepEqual(games.list().map((e) => e.gid).sort(), ['b', 'd']);
  cap = 0;
  backend.map.clear();
  assert.equal(games.save('c', rec('easy')), false);
  assert.ok(store.takeNotices().some((n) => n.what === 'full'));
  assert.equal(games.load('c').preset, 'easy', 'kept in memory for this session');
  const hostile = { getItem() { throw new Error('x'); }, setItem() { throw new Error('x'); }, removeItem() { throw new Error('x'); } };
  const g2 = new SavedGames(new Store(hostile, 't.'), 'matchless');
  assert.doesNotThrow(() => g2.save('q', rec('easy')));
  assert.doesNotThrow(() => g2.list());
  const cyclic = {};
  cyclic.self = cyclic;
  assert.equal(g2.save('r', rec('easy', { state: cyclic })), false);
});
