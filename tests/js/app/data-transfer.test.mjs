// "Move your data" (js/app/data-transfer.js): the code carries the named
// results and every saved game of both puzzles; importing restores them
// through SavedGames. Oracles: the raw storage of the exporting device read key
// by key (a round trip writes the very same game keys), a code made by the
// format-1 code path (Store.exportCode, as before saved games moved), and a
// plain model of the merge (newer `updated` wins; then, per puzzle, the oldest
// unfinished non-daily games go first until the limit holds; daily never).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { encodeCode, decodeCode, CodeError } from '../../../src/proofgrid/web/js/app/codes.js';
import {
  FORMAT, PUZZLES, exportData, importData, importWords,
} from '../../../src/proofgrid/web/js/app/data-transfer.js';
import { SavedGames } from '../../../src/proofgrid/web/js/app/saved-games.js';
import { MemoryBackend, Store } from '../../../src/proofgrid/web/js/app/storage.js';
import { defineKirchhoffKeys, KIRCHHOFF_KEYS } from '../../../src/proofgrid/web/js/kirchhoff/ui/records.js';
import {
  DAILY_KEY, DUEL_KEY, PRACTICE_KEY, defineMatchlessKeys,
} from '../../../src/proofgrid/web/js/matchless/ui/records.js';
import { rngFor } from '../helpers.mjs';

const M_KEYS = [DAILY_KEY, PRACTICE_KEY, DUEL_KEY];

function device() {
  const backend = new MemoryBackend();
  const store = new Store(backend, 'proofgrid.');
  defineMatchlessKeys(store);
  defineKirchhoffKeys(store);
  return { backend, store };
}

function clock(start) {
  let t = start;
  return () => (t += 1000);
}

/** Raw game keys (`pg:game:*`) of a backend, as {key: parsed value}. */
function gameKeys(backend) {
  const out = {};
  for (let i = 0; i < backend.length; i++) {
    const k = backend.key(i);
    if (k.startsWith('pg:game:')) out[k] = JSON.parse(backend.getItem(k));
  }
  return out;
}

const mRec = (moves, extra = {}) => ({ preset: 'default', state: { moves, xray: false }, finished: false, daily: false, ...extra });
const kRec = (marks, extra = {}) => ({ preset: 'easy', state: { marks, hints: 0, ms: 0, revealed: false, alarm: false }, finished: false, daily: false, ...extra });

/** A device with results and saved games of both puzzles (some in progress, one daily each). */
function played() {
  const d = device();
  d.store.set(DAILY_KEY, { records: { '2026-12-01': { number: 2, score: 5, par: 5 } }, current: null });
  const m = new SavedGames(d.store, 'matchless', { now: clock(1_764_000_000_000) });
  const k = new SavedGames(d.store, 'kirchhoff', { now: clock(1_764_000_500_000) });
  m.save('6x6:AAAA', mRec([3, 7]));
  m.save('6x6:BBBB', mRec([1, 2, 3], { finished: true }));
  m.save('6x6:DAILY', mRec([4], { preset: 'daily', daily: true }));
  k.save('5x5de:CCCC', kRec('0120000000000000000000000000000000000000'));
  k.save('7x7dh:DDDD', kRec('3000', { preset: 'hard', daily: true }));
  return d;
}

test('a round trip carries the results and every saved game of both puzzles, unchanged', () => {
  const a = played();
  const code = exportData(a.store, M_KEYS);
  assert.ok(code.startsWith('PG1.'));
  const value = decodeCode(code);
  assert.equal(value.format, FORMAT);
  assert.deepEqual(Object.keys(value.games).sort(), ['kirchhoff', 'matchless']);
  const b = device();
  const got = importData(b.store, code);
  assert.deepEqual(got.names, M_KEYS);
  assert.deepEqual(got.games, { added: 5, replaced: 0, kept: 0, skipped: 0, dropped: 0 });
  assert.deepEqual(gameKeys(b.backend), gameKeys(a.backend), 'the very same game keys, byte for byte in meaning');
  for (const p of PUZZLES) {
    assert.deepEqual(new SavedGames(b.store, p).list(), new SavedGames(a.store, p).list());
  }
  assert.deepEqual(b.store.get(DAILY_KEY), a.store.get(DAILY_KEY));
  assert.equal(importWords(got), 'Imported 3 saved results and 5 saved games.');
  assert.deepEqual(b.store.takeNotices(), []);
  // Importing the same code again changes nothing (each game is already as new here).
  const again = importData(b.store, code);
  assert.deepEqual(again.games, { added: 0, replaced: 0, kept: 5, skipped: 0, dropped: 0 });
  assert.deepEqual(gameKeys(b.backend), gameKeys(a.backend));
  // The Kirchhoff page's code carries its own results and the same games.
  const kcode = decodeCode(exportData(a.store, KIRCHHOFF_KEYS));
  assert.deepEqual(Object.keys(kcode.keys), KIRCHHOFF_KEYS);
  assert.deepEqual(kcode.games, value.games);
});

test('a code made before saved games moved (format 1) still imports, and keeps the games here', () => {
  const a = played();
  const old = a.store.exportCode(M_KEYS); // exactly what the previous version wrote
  assert.equal(decodeCode(old).format, undefined);
  const b = played();
  const before = gameKeys(b.backend);
  b.store.set(DAILY_KEY, { records: {}, current: null });
  const got = importData(b.store, old);
  assert.deepEqual(got, { names: M_KEYS, games: { added: 0, replaced: 0, kept: 0, skipped: 0, dropped: 0 } });
  assert.deepEqual(b.store.get(DAILY_KEY), a.store.get(DAILY_KEY));
  assert.deepEqual(gameKeys(b.backend), before);
  assert.equal(importWords(got), 'Imported 3 saved results.');
  // A hand-written format-1 code, as the Store has always made them.
  const literal = encodeCode({ app: 'proofgrid', keys: { [PRACTICE_KEY]: { v: 1, data: { best: { 3: 4 }, current: null } } } });
  assert.deepEqual(importData(b.store, literal).names, [PRACTICE_KEY]);
  assert.deepEqual(b.store.get(PRACTICE_KEY).best, { 3: 4 });
});

test('a code of a newer format, of another app, or with bad results changes nothing', () => {
  const a = played();
  const value = decodeCode(exportData(a.store, M_KEYS));
  const b = device();
  const cases = [
    [encodeCode({ ...value, format: FORMAT + 1 }), /newer version of this site/],
    [encodeCode({ ...value, format: 'two' }), /version cannot be read/],
    [encodeCode({ ...value, app: 'other' }), /does not carry proofgrid data/],
    [encodeCode({ ...value, keys: { [DAILY_KEY]: { v: 1, data: { records: 'x' } } } }), /not valid/],
    [encodeCode({ app: 'proofgrid', format: 2, keys: {}, games: {} }), /carries no data/],
    [exportData(a.store, M_KEYS).slice(0, -2) + '00', CodeError],
  ];
  for (const [code, why] of cases) {
    assert.throws(() => importData(b.store, code), why);
    assert.deepEqual(gameKeys(b.backend), {}, 'no game imported from a refused code');
    assert.deepEqual(b.store.get(DAILY_KEY), { records: {}, current: null });
  }
});

test('corrupt or foreign games are skipped one by one with a notice, never fatal', () => {
  const a = played();
  const value = decodeCode(exportData(a.store, M_KEYS));
  const good = value.games.matchless[0];
  const [gid, preset, , updated, state] = good;
  value.games.matchless = [
    good,
    'junk', null, 42, [], [gid], // not rows
    ['', preset, 0, updated, state], // empty game ID
    ['6x6:X', 7, 0, updated, state], // preset not text
    ['6x6:Y', preset, 9, updated, state], // flags out of range
    ['6x6:Z', preset, 0, 'yesterday', state], // no time
    ['6x6:W', preset, 0, updated], // no state
  ];
  value.games.sudoku = [good]; // a puzzle this site does not have
  value.games.kirchhoff = 'not a list';
  const b = device();
  const got = importData(b.store, encodeCode(value));
  assert.deepEqual(got.games, { added: 1, replaced: 0, kept: 0, skipped: 12, dropped: 0 });
  assert.deepEqual(Object.keys(gameKeys(b.backend)), [`pg:game:matchless:${gid}`]);
  assert.ok(b.store.takeNotices().some((n) => n.what === 'skipped'));
  assert.match(importWords(got), /12 saved games could not be read and were skipped\.$/);
  // A games section that is not a map of lists: the results still import.
  const c = device();
  const odd = importData(c.store, encodeCode({ ...value, games: ['x'] }));
  assert.deepEqual(odd.names, M_KEYS);
  assert.equal(odd.games.skipped, 1);
});

test('on the same game the newer one wins, whichever device it is on (a tie keeps this one)', () => {
  const a = device();
  const b = device();
  const at = (t) => () => t;
  new SavedGames(a.store, 'matchless', { now: at(5000) }).save('g1', mRec([1, 2, 3]));
  new SavedGames(b.store, 'matchless', { now: at(4000) }).save('g1', mRec([1]));
  new SavedGames(a.store, 'matchless', { now: at(3000) }).save('g2', mRec([5]));
  new SavedGames(b.store, 'matchless', { now: at(6000) }).save('g2', mRec([5, 6, 7]));
  new SavedGames(a.store, 'kirchhoff', { now: at(7000) }).save('g3', kRec('1'));
  new SavedGames(b.store, 'kirchhoff', { now: at(7000) }).save('g3', kRec('2'));
  const got = importData(b.store, exportData(a.store, M_KEYS));
  assert.deepEqual(got.games, { added: 0, replaced: 1, kept: 2, skipped: 0, dropped: 0 });
  const m = new SavedGames(b.store, 'matchless');
  assert.deepEqual(m.load('g1').state.moves, [1, 2, 3]);
  assert.equal(m.load('g1').updated, 5000, 'the imported game keeps its own time');
  assert.deepEqual(m.load('g2').state.moves, [5, 6, 7]);
  assert.equal(new SavedGames(b.store, 'kirchhoff').load('g3').state.marks, '2');
  assert.match(importWords(got), /^Imported 3 saved results and 1 saved game\. 2 games were as new or newer on this device/);
});

/** The merge as a plain model: {gid: record} per puzzle after import, limit `limit`. */
function modelMerge(here, brought, limit) {
  const all = new Map(here.map((r) => [r.gid, r]));
  for (const r of brought) if (!all.has(r.gid) || all.get(r.gid).updated < r.updated) all.set(r.gid, r);
  const rest = [...all.values()];
  const over = rest.filter((r) => !r.daily).length - limit; // dailies have their own bound
  const victims = rest.filter((r) => !r.daily)
    .sort((x, y) => Number(x.finished) - Number(y.finished) || x.updated - y.updated)
    .slice(0, Math.max(0, over));
  const gone = new Set(victims.map((r) => r.gid));
  return { kept: new Map(rest.filter((r) => !gone.has(r.gid)).map((r) => [r.gid, r])), dropped: gone.size };
}

test('each puzzle keeps its limit of 40 non-daily games, dropping the oldest unfinished first', () => {
  const rng = rngFor(13);
  for (let round = 0; round < 40; round++) {
    const a = device();
    const b = device();
    const model = {};
    let dropped = 0;
    for (const puzzle of PUZZLES) {
      const recs = (n, side) => Array.from({ length: n }, () => ({
        gid: `g${rng.below(70)}`,
        preset: 'easy',
        state: { side, n: rng.below(1000) },
        finished: rng.below(3) === 0,
        daily: rng.below(8) === 0,
        updated: 1000 + rng.below(500),
      }));
      // Each side saved by SavedGames itself (which holds the limit on its own).
      const save = (store, list) => {
        const g = new SavedGames(store, puzzle, { now: () => 0 });
        for (const r of list) {
          g.now = () => r.updated;
          g.save(r.gid, r);
        }
        return g.records();
      };
      const here = save(b.store, recs(rng.below(45), 'b'));
      const brought = save(a.store, recs(rng.below(45), 'a'));
      const want = modelMerge(here, brought, 40);
      model[puzzle] = want.kept;
      dropped += want.dropped;
    }
    const got = importData(b.store, exportData(a.store, M_KEYS));
    assert.equal(got.games.dropped, dropped);
    for (const puzzle of PUZZLES) {
      const games = new SavedGames(b.store, puzzle);
      const records = games.records();
      assert.deepEqual(new Map(records.map((r) => [r.gid, r])), model[puzzle], `round ${round} ${puzzle}`);
      assert.ok(records.filter((r) => !r.daily).length <= 40);
      // The index and the game keys agree (no orphan key, no missing game).
      const keys = Object.keys(gameKeys(b.backend)).filter((k) => k.startsWith(`pg:game:${puzzle}:`));
      assert.deepEqual(keys.sort(), records.map((r) => games.gameKey(r.gid)).sort());
    }
  }
});

test('dailies have their own bound: a code full of them never pushes out the games here', () => {
  const a = device();
  const b = device();
  let t = 0;
  const ga = new SavedGames(a.store, 'kirchhoff', { now: () => (t += 1) });
  const gb = new SavedGames(b.store, 'kirchhoff', { now: () => (t += 1) });
  for (let i = 0; i < 30; i++) ga.save(`d${i}`, kRec('1', { daily: true }));
  for (let i = 0; i < 30; i++) gb.save(`e${i}`, kRec('1', { daily: i < 20 }));
  const got = importData(b.store, exportData(a.store, M_KEYS));
  const left = gb.records();
  assert.equal(left.filter((r) => r.daily).length, 50);
  assert.equal(left.length, 60);
  assert.equal(got.games.dropped, 0);
});

test('a code with 40 saved games of each puzzle stays a few thousand characters per puzzle', () => {
  const a = device();
  let t = 1_764_000_000_000;
  const m = new SavedGames(a.store, 'matchless', { now: () => (t += 60_000) });
  const k = new SavedGames(a.store, 'kirchhoff', { now: () => (t += 60_000) });
  const rng = rngFor(40);
  const b64 = (n) => Array.from({ length: n }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[rng.below(64)]).join('');
  for (let i = 0; i < 40; i++) {
    m.save(`8x8:${b64(48)}`, mRec(Array.from({ length: 9 }, () => rng.below(64)), { preset: 'large' }));
    k.save(`5x5de:${b64(16)}`, kRec(Array.from({ length: 40 }, () => rng.below(3)).join('')));
  }
  const code = exportData(a.store, M_KEYS);
  const b = device();
  assert.equal(importData(b.store, code).games.added, 80);
  assert.ok(code.length < 20_000, `${code.length} characters`);
});

test('the import words are plain', () => {
  const words = importWords({ names: [], games: { added: 1, replaced: 0, kept: 1, skipped: 1, dropped: 1 } });
  assert.equal(words, 'Imported 1 saved game. 1 game was as new or newer on this device and kept as it is. '
    + '1 saved game could not be read and was skipped. 1 older game did not fit (each puzzle keeps up to 40 games and 400 dailies) and was left out.');
});
