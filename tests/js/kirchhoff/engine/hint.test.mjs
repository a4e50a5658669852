// Hints, the relaxation and arc consistency against brute force (every
// assignment of boards up to 3x3) and the exact counter (generated boards):
// every hinted state holds in every solution; 'lost' exactly when no
// completion exists; the relaxation is one-sided (infeasible ⇒ no solution)
// and its Gale certificates and tight regions are re-checked from the rules;
// the states arc consistency and the relaxation remove are used by no
// solution; pressing HINT finishes every generated board.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { K, SMALL_SIZES, bruteForce, generated, randomBoard, randomMarks, rngFor } from './helpers.mjs';

/**
 * A region's surplus and boundary recomputed from the rules: a throughput cell
 * is an entry half (owes −t) and an exit half (owes +t), other cells owe their
 * demand; a drawn arrow shifts its ends' debts; each undecided direction is an
 * arc that counts when it leaves (outward) or enters (inward) the region.
 */
function galeNumbers(board, masks, region) {
  const entry = new Set([...region.cells, ...region.entryOnly]);
  const exit = new Set([...region.cells, ...region.exitOnly]);
  let net = 0;
  for (let v = 0; v < board.nCells; v++) {
    const cl = board.clues[v];
    if (cl.kind === 'throughput') {
      if (entry.has(v)) net -= cl.value;
      if (exit.has(v)) net += cl.value;
    } else if (entry.has(v)) {
      net += board.demand[v];
    }
  }
  let cap = 0;
  board.edges.forEach(([u, v], e) => {
    const m = masks[e];
    const arrow = m === 2 ? [u, v] : m === 4 ? [v, u] : null;
    if (arrow) {
      const [a, b] = arrow;
      if (exit.has(a)) net -= 1;
      if (entry.has(b)) net += 1;
      return;
    }
    if (m === 1) return;
    const arcs = [];
    if (m & 2) arcs.push([u, v]);
    if (m & 4) arcs.push([v, u]);
    for (const [a, b] of arcs) {
      if (region.outward ? exit.has(a) && !entry.has(b) : entry.has(b) && !exit.has(a)) cap++;
    }
  });
  return { surplus: region.outward ? net : 0 - net, cap };
}

test('hints are sound against brute force (1200 positions up to 3x3)', () => {
  const rng = rngFor(11);
  const kinds = new Map();
  for (let i = 0; i < 1200; i++) {
    const [rows, cols] = SMALL_SIZES[i % SMALL_SIZES.length];
    const board = randomBoard(rng, rows, cols);
    const marks = i % 3 === 0 ? new Array(board.nEdges).fill(0) : randomMarks(rng, board, 4 + rng.below(6));
    const pos = K.positionOf(board, marks);
    const sols = bruteForce(board, K.masksOf(marks));
    const h = K.hint(pos);
    kinds.set(h.kind, (kinds.get(h.kind) || 0) + 1);
    if (h.kind === 'lost') {
      assert.equal(sols.length, 0);
      assert.equal(K.status(pos), 'lost');
      // issue 12: a proof whose uses are the player's marks; a region end owes more than its edges carry
      assert.ok(h.text.startsWith('lost — '));
      if (h.proof) {
        const moves = marks.map((m, e) => (m ? K.formatMove(board, e, m) : null));
        for (const mv of h.proof.uses) assert.ok(moves.includes(mv), mv);
        if ('region' in h.proof.ends) {
          const reg = h.regions[h.regions.length - 1];
          assert.ok(reg.surplus > reg.capacity, 'the region owes more than its edges carry');
        }
      }
    } else if (h.kind === 'solved') {
      assert.ok(K.isSolution(board, K.arrowsOf(marks)));
      assert.equal(K.status(pos), 'won');
    } else if (h.kind === 'none') {
      assert.ok(sols.length >= 2);
      for (let e = 0; e < board.nEdges; e++) {
        if (marks[e] === 0) assert.ok(new Set(sols.map((s) => s[e])).size > 1);
      }
    } else {
      assert.ok(sols.length > 0 && sols.every((s) => s[h.edge] === h.state), `${h.kind} ${h.text}`);
      assert.equal(marks[h.edge], 0);
      assert.equal(h.mark, K.stateMark(h.state));
      const after = K.applyMoves(pos, h.move);
      assert.equal(after.marks[h.edge], h.mark);
      assert.notEqual(K.status(after), 'lost');
    }
  }
  for (const k of ['local', 'lost', 'none', 'solved']) assert.ok(kinds.get(k) > 10, `${k}: ${kinds.get(k)}`);
});

test('relaxation: one-sided, certificates and tight regions hold; eliminated states are unused', () => {
  const rng = rngFor(12);
  let infeasible = 0;
  let tight = 0;
  let aliveButLost = 0;
  for (let i = 0; i < 1000; i++) {
    const [rows, cols] = SMALL_SIZES[i % SMALL_SIZES.length];
    const board = randomBoard(rng, rows, cols);
    const masks = K.masksOf(randomMarks(rng, board, 5 + rng.below(5)));
    const sols = bruteForce(board, masks);
    const rx = K.relax(board, masks);
    if (!rx.feasible) {
      infeasible++;
      assert.equal(sols.length, 0, 'infeasible relaxation ⇒ lost');
      const g = galeNumbers(board, masks, rx.certificate);
      assert.equal(g.surplus, rx.certificate.surplus);
      assert.equal(g.cap, rx.certificate.capacity);
      assert.ok(g.surplus > g.cap);
      continue;
    }
    if (!sols.length) aliveButLost++;
    for (const [e, m] of rx.eliminated()) {
      for (let s = 0; s < 3; s++) if ((m >> s) & 1) assert.ok(sols.every((x) => x[e] !== s));
    }
    for (const [edge, state] of rx.forcedArcs()) {
      const reg = rx.regionFor(edge, state);
      const g = galeNumbers(board, masks, reg);
      assert.equal(g.surplus, reg.surplus);
      assert.equal(g.cap, reg.capacity);
      assert.equal(g.surplus, g.cap, 'a tight region');
      tight++;
    }
    const pr = K.probe(board, masks);
    for (const [e, m] of pr.eliminated) for (let s = 0; s < 3; s++) if ((m >> s) & 1) assert.ok(sols.every((x) => x[e] !== s));
  }
  assert.ok(infeasible > 50 && tight > 50 && aliveButLost > 5, `${infeasible} ${tight} ${aliveButLost}`);
});

test('arc consistency removes only states no solution uses; its dead cells are real', () => {
  const rng = rngFor(13);
  for (let i = 0; i < 800; i++) {
    const [rows, cols] = SMALL_SIZES[i % SMALL_SIZES.length];
    const board = randomBoard(rng, rows, cols);
    const masks = K.masksOf(randomMarks(rng, board, 4 + rng.below(5)));
    const sols = bruteForce(board, masks);
    const prop = K.propagate(board, masks);
    if (prop.deadCell >= 0) {
      assert.equal(sols.length, 0);
      continue;
    }
    prop.masks.forEach((m, e) => {
      assert.equal(m & ~masks[e], 0, 'masks only shrink');
      for (const x of sols) assert.ok((m >> x[e]) & 1);
      if (prop.reason[e] >= 0) assert.ok([1, 2, 4].includes(m));
    });
  }
});

test('pressing HINT finishes every generated board; each hint is the solution and exactly forced', () => {
  const kinds = new Set();
  for (const g of generated()) {
    let pos = K.newPosition(g.board);
    for (let step = 0; step <= g.board.nEdges; step++) {
      const h = K.hint(pos);
      kinds.add(h.kind);
      if (h.kind === 'solved') break;
      assert.ok(['local', 'region', 'exact'].includes(h.kind), h.text);
      assert.equal(g.solution[h.edge], h.state);
      assert.equal(K.analyse(g.board, K.masksOf(pos.marks), { cap: 1 }).support[h.edge], 1 << h.state);
      pos = K.setMark(pos, h.edge, h.mark);
    }
    assert.equal(K.status(pos), 'won');
  }
  assert.ok(kinds.has('local') && kinds.has('region'), [...kinds].join());
});

test('a wrong arrow is lost at once, with a region or a cell to point at', () => {
  for (const g of generated()) {
    const start = K.newPosition(g.board);
    for (let e = 0; e < g.board.nEdges; e += 3) {
      const wrong = g.solution[e] === 1 ? 2 : 1;
      const pos = K.setMark(start, e, wrong);
      assert.equal(K.status(pos), 'lost');
      const a = K.analysePosition(pos);
      assert.equal(a.lost, true);
      assert.equal(a.count, 0n);
      const h = K.hint(pos);
      assert.equal(h.kind, 'lost');
      assert.ok(h.text.length > 10);
    }
  }
});
