// The UI's board geometry. Oracles: edges enumerated independently (every
// pair of orthogonal neighbours, horizontal ones first, row-major — the
// order src/proofgrid/kirchhoff/board.py documents), brute-force nearest
// midpoints, and unit segments counted one by one for region outlines.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  BACKWARD, CROSS, FORWARD, FREE, U, arrowCells, arrowMark, boundaryEdges, cellAt, cellEdges, cycleMark,
  dragCell, edgeBetween, edgeCount, edgeEnds, edgeMid, isHorizontal, nearestEdge, nextEdge, regionOutline,
  stepToward, useEngine,
} from '../../../../src/proofgrid/web/js/kirchhoff/ui/layout.js';
import * as engine from '../../../../src/proofgrid/web/js/kirchhoff/engine/index.js';
import { rngFor } from '../../helpers.mjs';

useEngine(engine); // as Kirchhoff's ui/app.js mount does

function oracleEdges(rows, cols) {
  const h = [];
  const v = [];
  for (let a = 0; a < rows * cols; a++) {
    for (let b = a + 1; b < rows * cols; b++) {
      const [ra, ca, rb, cb] = [Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols];
      if (ra === rb && cb === ca + 1) h.push([a, b]);
      if (ca === cb && rb === ra + 1) v.push([a, b]);
    }
  }
  // horizontal edges row-major by their left cell, vertical row-major by their top cell
  h.sort((x, y) => x[0] - y[0]);
  v.sort((x, y) => x[0] - y[0]);
  return [...h, ...v];
}

test('edge numbering matches an independent enumeration on every size 2..16', () => {
  for (let rows = 2; rows <= 16; rows++) {
    for (let cols = 2; cols <= 16; cols += rows % 3 === 0 ? 1 : 3) {
      const want = oracleEdges(rows, cols);
      assert.equal(edgeCount(rows, cols), want.length);
      for (let e = 0; e < want.length; e++) {
        assert.deepEqual(edgeEnds(rows, cols, e), want[e]);
        assert.equal(edgeBetween(rows, cols, want[e][0], want[e][1]), e);
        assert.equal(edgeBetween(rows, cols, want[e][1], want[e][0]), e);
        assert.equal(isHorizontal(rows, cols, e), want[e][1] === want[e][0] + 1);
      }
      // non-neighbours: diagonal, wrapped rows, far apart, off the board
      assert.equal(edgeBetween(rows, cols, cols - 1, cols), -1);
      assert.equal(edgeBetween(rows, cols, 0, cols + 1), -1);
      assert.equal(edgeBetween(rows, cols, 0, 0), -1);
      assert.equal(edgeBetween(rows, cols, -1, 0), -1);
      assert.equal(edgeBetween(rows, cols, rows * cols - 1, rows * cols), -1);
      for (let cell = 0; cell < rows * cols; cell++) {
        const mine = want.map((p, e) => (p.includes(cell) ? e : -1)).filter((e) => e >= 0);
        assert.deepEqual([...cellEdges(rows, cols, cell)].sort((a, b) => a - b), mine);
      }
    }
  }
});

test('a tap goes to the L1-nearest edge midpoint within reach, else nowhere', () => {
  const rng = rngFor(5);
  for (let trial = 0; trial < 3000; trial++) {
    const rows = 2 + rng.below(8);
    const cols = 2 + rng.below(8);
    const x = (rng.below(cols * U * 4 + 40) - 20) / 4;
    const y = (rng.below(rows * U * 4 + 40) - 20) / 4;
    const got = nearestEdge(rows, cols, x, y);
    const inside = x >= 0 && y >= 0 && x < cols * U && y < rows * U;
    let best = -1;
    let bestD = Infinity;
    for (let e = 0; e < edgeCount(rows, cols); e++) {
      const m = edgeMid(rows, cols, e);
      const d = Math.abs(m.x - x) + Math.abs(m.y - y);
      if (d < bestD) { bestD = d; best = e; }
    }
    if (!inside || bestD > 0.42 * U) {
      assert.equal(got, -1, `${rows}x${cols} (${x}, ${y})`);
    } else {
      const m = edgeMid(rows, cols, got);
      assert.ok(Math.abs(Math.abs(m.x - x) + Math.abs(m.y - y) - bestD) < 1e-9, `${rows}x${cols} (${x}, ${y})`);
    }
  }
  // The midpoint itself always selects its edge.
  for (let e = 0; e < edgeCount(4, 6); e++) {
    const m = edgeMid(4, 6, e);
    assert.equal(nearestEdge(4, 6, m.x, m.y), e);
  }
});

test('drags count a cell only well inside it; steps move one neighbour at a time', () => {
  assert.equal(cellAt(3, 3, 150, 250), 7);
  assert.equal(cellAt(3, 3, 300, 10), -1);
  assert.equal(dragCell(3, 3, 150, 250), 7);
  assert.equal(dragCell(3, 3, 101, 250), -1, 'just across the side: jitter, not a drag');
  assert.equal(dragCell(3, 3, 120, 250), 7);
  const rng = rngFor(9);
  for (let t = 0; t < 500; t++) {
    const cols = 2 + rng.below(10);
    const rows = 2 + rng.below(10);
    let at = rng.below(rows * cols);
    const to = rng.below(rows * cols);
    const dist = Math.abs(Math.floor(to / cols) - Math.floor(at / cols)) + Math.abs((to % cols) - (at % cols));
    let steps = 0;
    while (at !== to) {
      const next = stepToward(cols, at, to);
      assert.ok(edgeBetween(rows, cols, at, next) >= 0, 'each step crosses one edge');
      at = next;
      steps += 1;
    }
    assert.equal(steps, dist, 'a shortest path');
  }
});

test('arrow marks point from tail to head; the tap cycle has period 3 and treats a cross as unused', () => {
  for (const [rows, cols] of [[2, 2], [3, 5], [7, 7]]) {
    for (let e = 0; e < edgeCount(rows, cols); e++) {
      const [u, v] = edgeEnds(rows, cols, e);
      assert.deepEqual(arrowMark(rows, cols, u, v), { edge: e, mark: FORWARD });
      assert.deepEqual(arrowMark(rows, cols, v, u), { edge: e, mark: BACKWARD });
      assert.deepEqual(arrowCells(rows, cols, e, FORWARD), [u, v]);
      assert.deepEqual(arrowCells(rows, cols, e, BACKWARD), [v, u]);
      assert.equal(arrowCells(rows, cols, e, CROSS), null);
    }
  }
  assert.equal(arrowMark(3, 3, 0, 4), null);
  assert.deepEqual([FREE, FORWARD, BACKWARD].map(cycleMark), [FORWARD, BACKWARD, FREE]);
  assert.equal(cycleMark(CROSS), FORWARD);
});

test('keyboard moves reach every edge and go the way of the key', () => {
  for (const [rows, cols] of [[2, 2], [3, 4], [5, 5], [7, 7]]) {
    const n = edgeCount(rows, cols);
    const seen = new Set([0]);
    const queue = [0];
    while (queue.length) {
      const e = queue.shift();
      for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
        const f = nextEdge(rows, cols, e, dr, dc);
        if (f < 0) continue;
        const a = edgeMid(rows, cols, e);
        const b = edgeMid(rows, cols, f);
        assert.ok((b.x - a.x) * dc + (b.y - a.y) * dr > 0, 'moves ahead');
        if (!seen.has(f)) { seen.add(f); queue.push(f); }
      }
    }
    assert.equal(seen.size, n, `${rows}x${cols}: all edges reachable`);
  }
});

function segments(d) {
  // Expand "Mx yHx2" / "Mx yVy2" runs into unit segments "x,y,x2,y2".
  const out = new Set();
  for (const m of d.matchAll(/M(-?\d+) (-?\d+)([HV])(-?\d+)/g)) {
    const [x, y, kind, to] = [Number(m[1]), Number(m[2]), m[3], Number(m[4])];
    if (kind === 'H') for (let a = Math.min(x, to); a < Math.max(x, to); a += U) out.add(`${a},${y},${a + U},${y}`);
    else for (let a = Math.min(y, to); a < Math.max(y, to); a += U) out.add(`${x},${a},${x},${a + U}`);
  }
  return out;
}

test('a region outline is exactly the sides between inside and outside cells', () => {
  const rng = rngFor(11);
  for (let t = 0; t < 300; t++) {
    const rows = 2 + rng.below(7);
    const cols = 2 + rng.below(7);
    const cells = [];
    for (let c = 0; c < rows * cols; c++) if (rng.below(3) === 0) cells.push(c);
    const inside = new Set(cells);
    const want = new Set();
    const has = (r, c) => r >= 0 && c >= 0 && r < rows && c < cols && inside.has(r * cols + c);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (!has(r, c)) continue;
        if (!has(r - 1, c)) want.add(`${c * U},${r * U},${c * U + U},${r * U}`);
        if (!has(r + 1, c)) want.add(`${c * U},${r * U + U},${c * U + U},${r * U + U}`);
        if (!has(r, c - 1)) want.add(`${c * U},${r * U},${c * U},${r * U + U}`);
        if (!has(r, c + 1)) want.add(`${c * U + U},${r * U},${c * U + U},${r * U + U}`);
      }
    }
    assert.deepEqual(segments(regionOutline(rows, cols, cells)), want);
    const bnd = boundaryEdges(rows, cols, cells);
    for (const e of bnd) {
      const [u, v] = edgeEnds(rows, cols, e);
      assert.notEqual(inside.has(u), inside.has(v));
    }
  }
  assert.equal(regionOutline(3, 3, []), '');
});
