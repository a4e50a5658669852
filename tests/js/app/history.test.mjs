// Undo/redo over two stacks against a reference model: an array of states and
// a cursor (push truncates everything after the cursor).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { History } from '../../../src/proofgrid/web/js/app/history.js';
import { BUILTIN, isRegistry, loadRegistry, moduleUrl } from '../../../src/proofgrid/web/js/app/puzzles.js';
import { decodeId, encodeId, routeOf } from '../../../src/proofgrid/web/js/app/router.js';
import { parseRoute, routeHash } from '../../../src/proofgrid/web/js/matchless/ui/routes.js';
import { rngFor } from '../helpers.mjs';

test('random push/undo/redo/rewind sequences agree with a cursor model', () => {
  const rng = rngFor(3);
  for (let trial = 0; trial < 200; trial++) {
    const h = new History(0);
    let model = [0];
    let cur = 0;
    let next = 1;
    for (let step = 0; step < 60; step++) {
      const op = rng.below(4);
      if (op === 0) {
        h.push(next);
        model = [...model.slice(0, cur + 1), next];
        cur++;
        next++;
      } else if (op === 1) {
        assert.equal(h.undo(), cur > 0);
        if (cur > 0) cur--;
      } else if (op === 2) {
        assert.equal(h.redo(), cur < model.length - 1);
        if (cur < model.length - 1) cur++;
      } else {
        const to = rng.below(cur + 1);
        h.rewindTo(to);
        cur = to;
      }
      assert.equal(h.present, model[cur]);
      assert.equal(h.index, cur);
      assert.equal(h.canUndo, cur > 0);
      assert.equal(h.canRedo, cur < model.length - 1);
      assert.deepEqual(h.states(), model.slice(0, cur + 1));
    }
  }
  assert.throws(() => new History(0).rewindTo(1), RangeError);
});

test('routes round-trip and garbage never throws', () => {
  const ids = ['6x6:Ezev_32YlGESDCQIUSICRYMSgPs8', '5x5d70f2#42', '4x4#hello world', '3x3:a%b'];
  for (const id of ids) {
    for (const view of ['play', 'duel', 'edit']) {
      const h = routeHash({ view, id });
      assert.deepEqual(parseRoute(h), { view, id });
    }
  }
  assert.equal(routeHash({ view: 'play', id: ids[0] }), `#play/${ids[0]}`, "':' stays readable");
  assert.equal(encodeId('5x5d70f2#42'), '5x5d70f2%2342');
  assert.deepEqual(parseRoute(''), { view: 'daily' });
  assert.deepEqual(parseRoute('#practice/3'), { view: 'practice', index: 2 });
  assert.deepEqual(parseRoute('#practice/0'), { view: 'practice' });
  assert.deepEqual(parseRoute('#stats'), { view: 'stats' });
  assert.deepEqual(parseRoute('#6x6:abc'), { view: 'play', id: '6x6:abc' });
  assert.deepEqual(parseRoute('#play/%E0%A4%A'), { view: 'play', id: '%E0%A4%A' });
  const rng = rngFor(11);
  for (let i = 0; i < 2000; i++) {
    const s = Array.from({ length: rng.below(30) }, () => String.fromCharCode(rng.below(0x3000))).join('');
    const r = parseRoute(s);
    assert.ok(['daily', 'practice', 'stats', 'duel', 'edit', 'play'].includes(r.view));
  }
});

test('the shell routes by the registry: #home, a puzzle route, else the default puzzle', () => {
  const rows = [
    { name: 'a', title: 'A', route: '', module: 'js/a/ui/app.js', tier: 'core' },
    { name: 'b', title: 'B', route: 'bee', module: 'js/b/ui/app.js', tier: 'b' },
  ];
  assert.deepEqual(routeOf(rows, '#home'), { home: true });
  assert.deepEqual(routeOf(rows, '#/home'), { home: true });
  assert.deepEqual(routeOf(rows, '#home/x'), { row: rows[0], rest: 'home/x' });
  assert.deepEqual(routeOf(rows, '#bee'), { row: rows[1], rest: '' });
  assert.deepEqual(routeOf(rows, '#BEE/play/3x3:A%23'), { row: rows[1], rest: 'play/3x3:A%23' });
  assert.deepEqual(routeOf(rows, ''), { home: true }, 'the site\'s "/" is its home');
  assert.deepEqual(routeOf(rows, '#archive'), { archive: true });
  assert.deepEqual(routeOf(rows, '#archive/x'), { row: rows[0], rest: 'archive/x' });
  assert.deepEqual(routeOf(rows, '#beehive/1'), { row: rows[0], rest: 'beehive/1' });
  assert.deepEqual(routeOf(rows.slice(1), '#daily'), { home: true }, 'no default puzzle: home');
  assert.equal(decodeId('%E0%A4%A'), '%E0%A4%A');
});

test('the registry table: the fetched one when it is well formed, else the built-in copy', async () => {
  const base = 'https://example.org/site/';
  let asked = null;
  const rows = [{ name: 'x', title: 'X', route: '', module: 'js/x/ui/app.js', tier: 'core' }];
  assert.deepEqual(await loadRegistry(base, async (url) => { asked = url; return rows; }), rows);
  assert.equal(asked, 'https://example.org/site/js/registry.json');
  assert.equal(await loadRegistry(base, async () => { throw new Error('offline'); }), BUILTIN);
  for (const bad of [[], {}, [{ name: 'x' }], [rows[0], rows[0]], [{ ...rows[0], module: 7 }]]) {
    assert.equal(await loadRegistry(base, async () => bad), BUILTIN, JSON.stringify(bad));
  }
  assert.ok(isRegistry(BUILTIN));
  assert.equal(moduleUrl(BUILTIN[0], base), `https://example.org/site/${BUILTIN[0].module}`);
});
