// Kosaraju–Sharir SCC, condensation, par and BFS depths against brute-force
// oracles: mutual reachability (Warshall closure), subset enumeration for par,
// and Bellman-style relaxation for BFS distances.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { bfsDepths, condensation, kosarajuScc, par, reachable } from '../../../src/proofgrid/web/js/core/graph.js';
import { bruteForcePar, closure, randomGraph, rngFor, samePartition } from '../helpers.mjs';

function* graphs(count, maxN, seed) {
  const rng = rngFor(seed);
  for (let i = 0; i < count; i++) {
    const n = rng.below(maxN + 1);
    yield randomGraph(rng, n, 1 + rng.below(3));
  }
}

test('Kosaraju partition = mutual reachability (500 random digraphs, n <= 30)', () => {
  for (const succ of graphs(500, 30, 1)) {
    const { labels, count } = kosarajuScc(succ);
    const reach = closure(succ);
    const n = succ.length;
    for (let u = 0; u < n; u++) {
      for (let v = 0; v < n; v++) {
        assert.equal(labels[u] === labels[v], reach[u][v] && reach[v][u]);
      }
    }
    assert.equal(new Set(labels).size, count);
    assert.ok(labels.every((c) => c >= 0 && c < count));
  }
});

test('Kosaraju numbers components topologically: every cross edge a -> b has a < b', () => {
  for (const succ of graphs(300, 40, 2)) {
    const { labels } = kosarajuScc(succ);
    succ.forEach((heads, v) => {
      for (const w of heads) if (labels[v] !== labels[w]) assert.ok(labels[v] < labels[w]);
    });
  }
});

test('Kosaraju handles a long path and a long cycle iteratively (no recursion limit)', () => {
  const n = 200000;
  const path = Array.from({ length: n }, (_, v) => (v + 1 < n ? [v + 1] : []));
  assert.equal(kosarajuScc(path).count, n);
  const cycle = Array.from({ length: n }, (_, v) => [(v + 1) % n]);
  assert.equal(kosarajuScc(cycle).count, 1);
});

test('condensation edges and sources match the brute-force definition', () => {
  for (const succ of graphs(300, 25, 3)) {
    const { labels, count, edges, sources } = condensation(succ);
    const want = new Set();
    succ.forEach((heads, v) => {
      for (const w of heads) if (labels[v] !== labels[w]) want.add(`${labels[v]},${labels[w]}`);
    });
    assert.deepEqual(edges.map((e) => e.join(',')), [...want].sort((a, b) => {
      const [a0, a1] = a.split(',').map(Number);
      const [b0, b1] = b.split(',').map(Number);
      return a0 - b0 || a1 - b1;
    }));
    const hasIn = new Set(edges.map((e) => e[1]));
    assert.deepEqual(sources, [...Array(count).keys()].filter((c) => !hasIn.has(c)));
  }
});

test('par = brute-force minimum seed set, and the seeds reach everything (n <= 10)', () => {
  for (const succ of graphs(400, 10, 4)) {
    const res = par(succ);
    assert.equal(res.par, bruteForcePar(succ));
    assert.equal(reachable(succ, res.seeds).size, succ.length);
    assert.deepEqual(res.seeds, [...res.seeds].sort((a, b) => a - b));
    const { labels } = kosarajuScc(succ);
    res.seeds.forEach((s, i) => {
      assert.equal(labels[s], res.sources[i]);
      // the lowest node of its component (Python's choice)
      assert.equal(labels.indexOf(labels[s]), s);
    });
  }
});

test('bfsDepths = shortest path lengths avoiding blocked nodes (relaxation oracle)', () => {
  const rng = rngFor(5);
  for (const succ of graphs(300, 20, 5)) {
    const n = succ.length;
    if (!n) continue;
    const blocked = Array.from({ length: n }, () => rng.chance(1, 4));
    const starts = [rng.below(n), rng.below(n)];
    const got = bfsDepths(succ, starts, blocked);
    const dist = new Array(n).fill(Infinity);
    for (const s of starts) if (!blocked[s]) dist[s] = 0;
    for (let round = 0; round < n; round++) {
      for (let v = 0; v < n; v++) {
        if (dist[v] === Infinity) continue;
        for (const w of succ[v]) if (!blocked[w] && dist[v] + 1 < dist[w]) dist[w] = dist[v] + 1;
      }
    }
    for (let v = 0; v < n; v++) assert.equal(got.has(v) ? got.get(v) : Infinity, dist[v]);
    const order = [...got.values()];
    assert.deepEqual(order, [...order].sort((a, b) => a - b), 'BFS order');
  }
});
