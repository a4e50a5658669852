// Dinic's max flow (core/flow.js) against brute force: the minimum over every
// s–t cut (all 2^(n−2) node subsets) equals the flow value (max-flow min-cut,
// Ford–Fulkerson 1956); the flow obeys capacities and conservation; the cut
// it reports is saturated and is the residual reachability set.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { FlowNetwork } from '../../../src/proofgrid/web/js/core/flow.js';
import { rngFor } from '../helpers.mjs';

function randomNetwork(rng, n, m, maxCap) {
  const edges = [];
  for (let i = 0; i < m; i++) edges.push([rng.below(n), rng.below(n), rng.below(maxCap + 1)]);
  return edges;
}

function bruteMinCut(n, edges, s, t) {
  let best = Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    if (!((mask >> s) & 1) || (mask >> t) & 1) continue;
    let cut = 0;
    for (const [u, v, c] of edges) if ((mask >> u) & 1 && !((mask >> v) & 1)) cut += c;
    best = Math.min(best, cut);
  }
  return best;
}

test('max flow = brute-force min cut on 600 random networks (n <= 9, parallel edges, loops)', () => {
  const rng = rngFor(1);
  for (let i = 0; i < 600; i++) {
    const n = 2 + rng.below(8);
    const edges = randomNetwork(rng, n, rng.below(3 * n + 1), i % 3 === 0 ? 1 : 5);
    const s = rng.below(n);
    let t = rng.below(n - 1);
    if (t >= s) t++;
    const net = new FlowNetwork(n);
    const ids = edges.map(([u, v, c]) => net.addEdge(u, v, c));
    const value = net.maxFlow(s, t);
    assert.equal(value, bruteMinCut(n, edges, s, t));
    const bal = new Array(n).fill(0);
    ids.forEach((id, k) => {
      const f = net.flow(id);
      const [u, v, c] = edges[k];
      assert.ok(f >= 0 && f <= c && Number.isInteger(f));
      if (u !== v) {
        bal[u] -= f;
        bal[v] += f;
      } else {
        assert.equal(f, 0, 'a self-loop never carries flow');
      }
    });
    for (let v = 0; v < n; v++) if (v !== s && v !== t) assert.equal(bal[v], 0, 'conservation');
    assert.equal(bal[t], value);
    const side = net.sourceSide();
    assert.ok(side[s] && !side[t]);
    const cut = net.minCutEdges();
    const capOf = (id) => edges[ids.indexOf(id)][2];
    assert.equal(cut.reduce((a, id) => a + capOf(id), 0), value);
    for (const id of cut) assert.equal(net.flow(id), capOf(id), 'cut edges are saturated');
  }
});

test('the doc example and misuse errors', () => {
  const net = new FlowNetwork(4);
  const a = net.addEdge(0, 1, 3);
  const b = net.addEdge(0, 2, 2);
  const c = net.addEdge(1, 3, 2);
  const d = net.addEdge(2, 3, 3);
  assert.equal(net.maxFlow(0, 3), 4);
  assert.deepEqual([a, b, c, d].map((e) => net.flow(e)), [2, 2, 2, 2]);
  assert.deepEqual(net.sourceSide(), [true, true, false, false]);
  assert.deepEqual(net.minCutEdges(), [b, c]);
  assert.throws(() => net.maxFlow(0, 3));
  assert.throws(() => net.addEdge(0, 1, 1));
  assert.throws(() => net.flow(1));
  assert.throws(() => new FlowNetwork(-1));
  const fresh = new FlowNetwork(2);
  assert.throws(() => fresh.addEdge(0, 2, 1));
  assert.throws(() => fresh.addEdge(0, 1, -1));
  assert.throws(() => fresh.maxFlow(1, 1));
  assert.throws(() => fresh.sourceSide());
});
