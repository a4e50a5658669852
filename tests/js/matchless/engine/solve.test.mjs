// The solver against brute force: par = the smallest set of shells whose
// cascades light the board (subset enumeration), the witness lights everything,
// X-ray components = mutual reachability with canonical numbering, sources and
// condensation edges by definition, hidden sources and the myopic player by a
// direct simulation, and the seed's second theorem (biggest-cascade greedy = par).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { reachable } from '../../../../src/proofgrid/web/js/core/graph.js';
import { biggestCascade, generate, makeBoard, solve } from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import { bruteForcePar, closure, rngFor } from '../../helpers.mjs';

function smallBoards(count, seed, maxSide = 4) {
  const rng = rngFor(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const params = { rows: 2 + rng.below(maxSide - 1), cols: 2 + rng.below(maxSide - 1), density: 40 + rng.below(61), fuses: 1 + rng.below(4) };
    out.push(generate(params, rng.next64()));
  }
  return out;
}

test('par equals brute force and the witness lights every shell (300 boards, <= 16 shells)', () => {
  for (const b of smallBoards(300, 1)) {
    const s = solve(b);
    assert.equal(s.par, bruteForcePar(b.succ));
    assert.equal(reachable(b.succ, s.witness).size, b.shells.length);
    assert.equal(s.witness.length, s.par);
  }
});

test('X-ray: components = mutual reachability, canonical numbering, sources and edges', () => {
  for (const b of smallBoards(200, 2, 8)) {
    const s = solve(b);
    const reach = closure(b.succ);
    const n = b.shells.length;
    let next = 0;
    for (let v = 0; v < n; v++) {
      const firstOf = s.labels.indexOf(s.labels[v]);
      if (firstOf === v) assert.equal(s.labels[v], next++, 'numbered by first appearance');
      for (let u = 0; u < n; u++) assert.equal(s.labels[u] === s.labels[v], reach[u][v] && reach[v][u]);
    }
    assert.equal(s.count, next);
    const edges = new Set();
    b.succ.forEach((heads, v) => heads.forEach((w) => {
      if (s.labels[v] !== s.labels[w]) edges.add(`${s.labels[v]},${s.labels[w]}`);
    }));
    assert.deepEqual(new Set(s.condEdges.map((e) => e.join(','))), edges);
    const entered = new Set(s.condEdges.map((e) => e[1]));
    assert.deepEqual(s.sources, [...Array(s.count).keys()].filter((c) => !entered.has(c)));
    assert.deepEqual(s.witness, s.sources.map((c) => s.labels.indexOf(c)));
    const sizes = s.sources.map((c) => s.labels.filter((x) => x === c).length);
    assert.equal(s.hiddenSources, sizes.filter((k) => k >= 2).length);
    assert.ok(Object.isFrozen(s) && Object.isFrozen(s.labels));
  }
});

test('myopic player: direct simulation with BigInt reach masks; gap >= 0', () => {
  for (const b of smallBoards(200, 3, 8)) {
    const s = solve(b);
    const n = b.shells.length;
    const reach = closure(b.succ);
    const mask = (row) => row.reduce((m, x, v) => (x ? m | (1n << BigInt(v)) : m), 0n);
    const reachMask = reach.map(mask);
    const succMask = b.succ.map((h) => h.reduce((m, w) => m | (1n << BigInt(w)), 0n));
    const pop = (x) => x.toString(2).replaceAll('0', '').length;
    let unlit = (1n << BigInt(n)) - 1n;
    let used = 0;
    while (unlit) {
      let best = -1;
      let size = -1;
      for (let v = 0; v < n; v++) {
        if (!((unlit >> BigInt(v)) & 1n)) continue;
        const k = pop(succMask[v] & unlit);
        if (k > size) [best, size] = [v, k];
      }
      unlit &= ~reachMask[best];
      used++;
    }
    assert.equal(s.myopic, used);
    assert.equal(s.myopicGap, used - s.par);
    assert.ok(s.myopicGap >= 0);
  }
});

test("the seed's second theorem: always striking the biggest cascade uses exactly par", () => {
  for (const b of smallBoards(200, 4, 7)) {
    const n = b.shells.length;
    const reach = closure(b.succ);
    const lit = new Array(n).fill(false);
    let used = 0;
    while (lit.includes(false)) {
      let best = -1;
      let size = -1;
      for (let v = 0; v < n; v++) {
        if (lit[v]) continue;
        const k = reach[v].filter((x, w) => x && !lit[w]).length;
        if (k > size) [best, size] = [v, k];
      }
      reach[best].forEach((x, w) => { if (x) lit[w] = true; });
      used++;
    }
    assert.equal(used, solve(b).par);
  }
});

test('biggestCascade = the largest reachable set', () => {
  for (const b of smallBoards(100, 5, 6)) {
    const reach = closure(b.succ);
    assert.equal(biggestCascade(b), Math.max(...reach.map((r) => r.filter(Boolean).length)));
  }
});

test('a 2-cycle with a tail: par 1, one hidden source; an isolated shell is its own source', () => {
  // a1 <-> b1, b1 -> b2 ; a2 alone
  const b = makeBoard(2, 2, [4, 64 | 16, 0, 0]);
  const s = solve(b);
  assert.equal(s.par, 2);
  assert.deepEqual(s.labels, [0, 0, 1, 2]);
  assert.deepEqual(s.sources, [0, 1]);
  assert.deepEqual(s.witness, [0, 2]);
  assert.deepEqual(s.condEdges, [[0, 2]]);
  assert.equal(s.hiddenSources, 1);
});
