// Daily records, streaks, stats, the share card, the timer and best times,
// saved-data schemas and routes. Oracles: direct counts over day numbers and
// hint lists, a reference stopwatch (sums of intervals), and round trips.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addDays, dayNumber } from '../../../../src/proofgrid/web/js/app/dates.js';
import { MemoryBackend, Store } from '../../../../src/proofgrid/web/js/app/storage.js';
import { BUILTIN } from '../../../../src/proofgrid/web/js/app/registry.js';
import { routeOf } from '../../../../src/proofgrid/web/js/app/router.js';
import { parseRoute as parseMatchlessRoute } from '../../../../src/proofgrid/web/js/matchless/ui/routes.js';
import {
  hintBucket, kirchhoffShareText, recordDaily, summarizeDaily,
} from '../../../../src/proofgrid/web/js/kirchhoff/ui/daily-stats.js';
import {
  DAILY_KEY, PLAY_KEY, SETTINGS_KEY, TIMES_KEY, defineKirchhoffKeys, presetOfSize,
} from '../../../../src/proofgrid/web/js/kirchhoff/ui/records.js';
import { kirchhoffHash, parseKirchhoffRoute } from '../../../../src/proofgrid/web/js/kirchhoff/ui/routes.js';
import { Stopwatch, formatMs, recordTime } from '../../../../src/proofgrid/web/js/kirchhoff/ui/timer.js';
import { OPTIONS, migrateOldOptions, option, options, setOption } from '../../../../src/proofgrid/web/js/kirchhoff/ui/options.js';
import { rngFor } from '../../helpers.mjs';

const R = (hints, number = 1, ms = null) => ({ number, hints, ms });

test('streaks by calendar date, against a walk over a set of day numbers', () => {
  const rng = rngFor(17);
  for (let trial = 0; trial < 200; trial++) {
    const start = '2026-01-01';
    let records = {};
    const days = new Set();
    for (let i = 0; i < 40; i++) {
      if (rng.below(4) === 0) continue;
      const d = addDays(start, i);
      records = recordDaily(records, d, R(rng.below(12), i + 1));
      days.add(dayNumber(d));
    }
    const today = addDays(start, 30 + rng.below(15));
    let k = dayNumber(today);
    if (!days.has(k)) k -= 1;
    let want = 0;
    while (days.has(k)) { want += 1; k -= 1; }
    let best = 0;
    let run = 0;
    for (let d = dayNumber(start) - 1; d <= dayNumber(start) + 41; d++) {
      run = days.has(d) ? run + 1 : 0;
      best = Math.max(best, run);
    }
    const s = summarizeDaily(records, today);
    assert.equal(s.current, want);
    assert.equal(s.best, best);
    assert.equal(s.played, days.size);
    const list = Object.values(records);
    assert.deepEqual(s.distribution, [0, 1, 2, 3].map((b) => list.filter((r) => hintBucket(r.hints) === b).length));
    assert.equal(s.clean, list.filter((r) => r.hints === 0).length);
  }
});

test('the first result of a date counts; bad results are refused', () => {
  let rec = recordDaily({}, '2026-05-01', R(3, 7, 90000));
  rec = recordDaily(rec, '2026-05-01', R(0, 7, 1000));
  assert.deepEqual(rec, { '2026-05-01': { number: 7, hints: 3, ms: 90000 } });
  assert.throws(() => recordDaily({}, '2026-02-30', R(0)), RangeError);
  assert.throws(() => recordDaily({}, '2026-05-01', { number: 0, hints: 0, ms: null }), RangeError);
  assert.throws(() => recordDaily({}, '2026-05-01', { number: 1, hints: -1, ms: null }), RangeError);
  const s = summarizeDaily({ '2026-05-01': R(0, 1, 5000), '2026-05-02': R(0, 2, 4000), '2026-05-03': R(2, 3, 1000) }, '2026-05-03');
  assert.equal(s.fastest, 4000, 'fastest counts hint-free solves only');
  assert.equal(s.cleanPct, 67);
});

test('the share card names the number, hints, the alarm, time and streak, and nothing of the board', () => {
  const t = kirchhoffShareText({ number: 12, hints: 0, ms: 185000, alarm: false, streak: 4, url: 'https://x.test/' });
  assert.deepEqual(t.split('\n'), ['Kirchhoff #12', '💡 no hints', '🔕 lost alarm off', '⏱ 3:05', '🟩🟩🟩🟩🟩', '🔥 Streak 4', 'https://x.test/']);
  const u = kirchhoffShareText({ number: 3, hints: 1, streak: 1 });
  assert.deepEqual(u.split('\n'), ['Kirchhoff #3', '💡 1 hint', '🟨', '🔥 Streak 1']);
  const v = kirchhoffShareText({ number: 3, hints: 3, alarm: true, streak: 1 });
  assert.deepEqual(v.split('\n').slice(1, 3), ['💡 3 hints', '🔔 lost alarm on']);
  assert.ok(!/[a-p]\d|[+\u2212-]\d|→/.test(u.split('\n').slice(1).join(' ')), 'no cells, clues or arrows');
  assert.equal(kirchhoffShareText({ number: 3, hints: 40, streak: 1 }).split('\n')[2], '🟨'.repeat(10));
});

test("a past day's share card names its date and says no streak (it changed none)", () => {
  const t = kirchhoffShareText({ number: 32, hints: 1, alarm: true, streak: null, date: '2026-12-31', url: 'https://x.test/#kirchhoff/daily/2026-12-31' });
  assert.deepEqual(t.split('\n'), ['Kirchhoff #32 · 2026-12-31', '💡 1 hint', '🔔 lost alarm on', '🟨', 'https://x.test/#kirchhoff/daily/2026-12-31']);
});

test('the stopwatch sums its running intervals; best times only improve on clean solves', () => {
  const rng = rngFor(23);
  for (let trial = 0; trial < 200; trial++) {
    const w = new Stopwatch();
    let now = 0;
    let want = 0;
    let running = false;
    for (let i = 0; i < 30; i++) {
      const dt = rng.below(5000);
      if (running) want += dt;
      now += dt;
      if (rng.below(2)) { w.start(now); running = true; } else { w.stop(now); running = false; }
      assert.equal(w.elapsed(now), want);
      assert.equal(w.running, running);
    }
  }
  const restored = new Stopwatch(61500);
  assert.equal(restored.elapsed(0), 61500);
  assert.equal(formatMs(61500), '1:01');
  assert.equal(formatMs(3600000 + 65000), '1:01:05');
  assert.equal(formatMs(0), '0:00');
  let best = {};
  ({ best } = recordTime(best, 'hard', 90000));
  assert.deepEqual(best, { hard: 90000 });
  assert.equal(recordTime(best, 'hard', 95000).improved, false);
  assert.equal(recordTime(best, 'hard', 80000, { clean: false }).improved, false);
  assert.equal(recordTime(best, 'other', 1000).improved, false);
  assert.deepEqual(recordTime(best, 'hard', 80000).best, { hard: 80000 });
});

test('saved data: schemas accept what the app writes and reset what it never would', () => {
  const backend = new MemoryBackend();
  const store = new Store(backend);
  defineKirchhoffKeys(store);
  store.update(DAILY_KEY, (d) => ({ ...d, current: { date: '2026-05-01', marks: '0123', hints: 2, ms: 10, revealed: false } }));
  store.update(PLAY_KEY, (d) => ({ ...d, preset: 'giant', current: { id: '7x7dh:ABC', marks: '' } }));
  store.update(TIMES_KEY, () => ({ best: { easy: 1234 } }));
  assert.equal(store.get(PLAY_KEY).preset, 'giant');
  backend.setItem('proofgrid.kirchhoff.daily', JSON.stringify({ v: 1, data: { records: { '2026-05-01': { number: 1, hints: 'x', ms: null } }, current: null } }));
  backend.setItem('proofgrid.kirchhoff.times', JSON.stringify({ v: 1, data: { best: { easy: -5 } } }));
  assert.deepEqual(store.get(DAILY_KEY), { records: {}, current: null });
  assert.deepEqual(store.get(TIMES_KEY), { best: {} });
  assert.deepEqual(store.takeNotices().map((n) => n.what), ['reset', 'reset']);
  assert.throws(() => store.set(PLAY_KEY, { preset: 'huge', current: null }), RangeError);
  // A finished daily may say whether the lost alarm was on; older records do not.
  const rec = recordDaily({}, '2026-05-02', { number: 2, hints: 3, ms: null, alarm: true });
  assert.deepEqual(rec['2026-05-02'], { number: 2, hints: 3, ms: null, alarm: true });
  assert.deepEqual(recordDaily({}, '2026-05-02', R(1))['2026-05-02'], R(1));
  assert.throws(() => recordDaily({}, '2026-05-02', { ...R(1), alarm: 'yes' }), RangeError);
  assert.equal(presetOfSize(7, 7), 'hard');
  assert.equal(presetOfSize(16, 16), 'giant');
  assert.equal(presetOfSize(7, 8), 'other');
});

// The shell's router hands each puzzle its part of the fragment (the registry's routes).
function parseRoute(hash) {
  const r = routeOf(BUILTIN, hash);
  if (r.home) return { view: 'home' };
  return r.row.name === 'kirchhoff' ? parseKirchhoffRoute(r.rest) : parseMatchlessRoute(r.rest);
}

test('routes: #kirchhoff/... round-trips; Matchless routes are untouched', () => {
  const cases = [
    ['#kirchhoff', { puzzle: 'kirchhoff', view: 'play' }],
    ['#kirchhoff/daily', { puzzle: 'kirchhoff', view: 'daily' }],
    ['#kirchhoff/daily/2026-12-31', { puzzle: 'kirchhoff', view: 'daily', date: '2026-12-31' }],
    ['#kirchhoff/play/giant', { puzzle: 'kirchhoff', view: 'play', preset: 'giant' }],
    ['#kirchhoff/play/7x7dh:FVYwCEcmWnKQcE8RMMTCeIcIALq', { puzzle: 'kirchhoff', view: 'play', id: '7x7dh:FVYwCEcmWnKQcE8RMMTCeIcIALq' }],
    ['#kirchhoff/play/7x7dh%23kirchhoff%2Fv1%2F2026-11-30', { puzzle: 'kirchhoff', view: 'play', id: '7x7dh#kirchhoff/v1/2026-11-30' }],
    ['#kirchhoff/edit', { puzzle: 'kirchhoff', view: 'edit' }],
    ['#kirchhoff/edit/3x3de:ABC', { puzzle: 'kirchhoff', view: 'edit', id: '3x3de:ABC' }],
    ['#kirchhoff/rules', { puzzle: 'kirchhoff', view: 'rules' }],
    ['#kirchhoff/stats', { puzzle: 'kirchhoff', view: 'stats' }],
  ];
  for (const [hash, route] of cases) {
    assert.deepEqual(parseRoute(hash), route, hash);
    assert.deepEqual(parseRoute(kirchhoffHash(route)), route, hash);
  }
  assert.deepEqual(parseKirchhoffRoute('%E0%A4%A'), { puzzle: 'kirchhoff', view: 'play', id: '%E0%A4%A' });
  assert.deepEqual(parseRoute('#home'), { view: 'home' });
  assert.deepEqual(parseRoute(''), { view: 'home' }, 'the site\'s "/" is its home');
  assert.deepEqual(parseRoute('#daily'), { view: 'daily' });
  assert.deepEqual(parseRoute('#daily/2026-12-31'), { view: 'daily', date: '2026-12-31' });
  assert.deepEqual(parseRoute('#edit/6x6:AB'), { view: 'edit', id: '6x6:AB' });
});

test('options: the defaults (alarm on, clue counts off, empties on everywhere, dailies included), stored in the site settings', () => {
  const backend = new MemoryBackend();
  const store = new Store(backend);
  defineKirchhoffKeys(store);
  assert.deepEqual(options(store), { indicators: false, alarm: true, timer: false, empties: true });
  for (const [preset, empties] of [['easy', true], ['medium', true], ['hard', true], ['expert', true], ['giant', true], ['other', true]]) {
    assert.deepEqual(options(store, preset), { indicators: false, alarm: true, timer: false, empties }, preset);
  }
  // The player's own choice wins on every preset.
  setOption(store, 'empties', false);
  assert.equal(option(store, 'empties', 'easy'), false);
  assert.equal(option(store, 'empties', 'hard'), false);
  setOption(store, 'empties', true);
  assert.equal(option(store, 'empties', 'hard'), true);
  assert.deepEqual(OPTIONS.map((o) => o.key), ['indicators', 'alarm', 'timer', 'empties']);
  setOption(store, 'alarm', false);
  assert.equal(option(store, 'alarm'), false);
  assert.equal(JSON.parse(backend.getItem('proofgrid.settings')).data.puzzles.kirchhoff.alarm, false);
  // The old per-preset key: the player's clue-count and timer choices carry over, once.
  const old = new Store(new MemoryBackend());
  defineKirchhoffKeys(old);
  old.set(SETTINGS_KEY, { indicators: false, timer: true, alarm: { easy: true, medium: false, hard: false, expert: false, giant: false, other: false } });
  migrateOldOptions(old);
  assert.deepEqual(options(old), { indicators: false, alarm: true, timer: true, empties: true });
  assert.equal(old.readRaw(old.key(SETTINGS_KEY)), null);
  migrateOldOptions(old); // nothing left to carry
  assert.deepEqual(options(old), { indicators: false, alarm: true, timer: true, empties: true });
});
