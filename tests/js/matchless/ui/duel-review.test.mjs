// The duel review (engine/duel.js reviewDuel + ui/duel-review.js) against plain
// unmemoised minimax: for random tiny boards and random games, every ply's
// perfect-play margin before and after the move, the set of moves that keep
// the value, and the first move that turned a player's result, recomputed by
// brute force over every shell with cascades by BFS.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { bfsDepths } from '../../../../src/proofgrid/web/js/core/graph.js';
import { plainMinimax, reviewDuel } from '../../../../src/proofgrid/web/js/matchless/engine/duel.js';
import { generate } from '../../../../src/proofgrid/web/js/matchless/engine/index.js';
import {
  outcomeWord, reviewItems, reviewLines, turningMove,
} from '../../../../src/proofgrid/web/js/matchless/ui/duel-review.js';
import { rngFor } from '../../helpers.mjs';

const SIGN = { most: 1, fewest: -1 };

function maskOf(lit) {
  let m = 0n;
  lit.forEach((x, v) => { if (!x) m |= 1n << BigInt(v); });
  return m;
}

/** Brute force: per ply {before, after, best} from the mover's side, by plain minimax. */
function bruteReview(succ, rule, moves) {
  const sign = SIGN[rule];
  const n = succ.length;
  let lit = new Array(n).fill(false);
  const totals = [0, 0];
  return moves.map((shell, i) => {
    const mover = i % 2;
    const lead = sign * (totals[mover] - totals[1 - mover]);
    const moveValue = (s) => {
      const c = [...bfsDepths(succ, [s], lit).keys()];
      const next = lit.slice();
      for (const v of c) next[v] = true;
      return { value: sign * c.length - plainMinimax(succ, maskOf(next), rule), c, next };
    };
    const all = [];
    for (let s = 0; s < n; s++) if (!lit[s]) all.push([s, moveValue(s).value]);
    const best = Math.max(...all.map((p) => p[1]));
    const mine = moveValue(shell);
    totals[mover] += mine.c.length;
    lit = mine.next;
    return { before: lead + best, after: lead + mine.value, best: all.filter((p) => p[1] === best).map((p) => p[0]) };
  });
}

function bruteTurning(plies, first, player) {
  let number = 0;
  for (let i = 0; i < plies.length; i++) {
    if ((first + i) % 2 !== player) continue;
    number += 1;
    const rank = (m) => (m > 0 ? 2 : m === 0 ? 1 : 0);
    if (rank(plies[i].after) < rank(plies[i].before)) return { ply: i, number };
  }
  return null;
}

test('reviewDuel = plain minimax ply by ply, and the turning move agrees (tiny boards, both rules)', () => {
  const rng = rngFor(31);
  let turned = 0;
  for (let trial = 0; trial < 120; trial++) {
    const board = generate({ rows: 2 + rng.below(2), cols: 2 + rng.below(3), density: 80, fuses: 2 }, rng.next64());
    const n = board.shells.length;
    if (n > 8) continue;
    const rule = rng.below(2) ? 'most' : 'fewest';
    const lit = new Array(n).fill(false);
    const moves = [];
    while (lit.some((x) => !x)) {
      const unlit = lit.map((x, v) => (x ? -1 : v)).filter((v) => v >= 0);
      const s = unlit[rng.below(unlit.length)];
      moves.push(s);
      for (const v of bfsDepths(board.succ, [s], lit).keys()) lit[v] = true;
    }
    const got = reviewDuel(board.succ, rule, moves);
    assert.equal(got.start, plainMinimax(board.succ, (1n << BigInt(n)) - 1n, rule));
    const want = bruteReview(board.succ, rule, moves);
    assert.equal(got.plies.length, moves.length);
    got.plies.forEach((p, i) => {
      assert.equal(p.shell, moves[i]);
      assert.equal(p.before, want[i].before, `ply ${i} before`);
      assert.equal(p.after, want[i].after, `ply ${i} after`);
      assert.deepEqual([...p.best], want[i].best, `ply ${i} best`);
      assert.ok(p.best.length >= 1);
    });
    assert.equal(got.plies[0].before, got.start);
    for (const first of [0, 1]) {
      for (const player of [0, 1]) {
        const t = turningMove(got, first, player);
        const b = bruteTurning(want, first, player);
        assert.equal(t === null, b === null);
        if (t) {
          turned += 1;
          assert.equal(t.ply, b.ply);
          assert.equal(t.number, b.number);
          assert.ok(want[t.ply].best.includes(t.keep));
          assert.notEqual(t.from, t.to);
        }
      }
    }
  }
  assert.ok(turned > 20, `only ${turned} turning moves seen: the oracle is not exercised`);
});

test('a deadline already passed gives null; an illegal move throws', () => {
  const big = generate({ rows: 7, cols: 7, density: 70, fuses: 2 }, 11n);
  assert.equal(reviewDuel(big.succ, 'most', [], { deadline: -1 }), null);
  const board = generate({ rows: 3, cols: 3, density: 80, fuses: 2 }, 5n);
  assert.notEqual(reviewDuel(board.succ, 'most', [], { deadline: -1 + performance.now() + 60000 }), null);
  assert.throws(() => reviewDuel(board.succ, 'most', [0, 0]), RangeError);
});

test('review sentences: outcome words, winner named, the turning move and the move that kept it', () => {
  assert.deepEqual([outcomeWord(3), outcomeWord(0), outcomeWord(-1)], ['win', 'draw', 'loss']);
  const review = {
    start: 0,
    plies: [
      { ply: 0, shell: 0, lit: 1, before: 0, after: 0, best: [0, 2] },
      { ply: 1, shell: 1, lit: 1, before: 0, after: 0, best: [1] },
      { ply: 2, shell: 3, lit: 2, before: 0, after: -2, best: [4] },
    ],
  };
  const name = (s) => `s${s}`;
  const lines = reviewLines(review, { names: ['You', 'Bot'], first: 0, name, human: 0 });
  assert.deepEqual(lines, [
    'With perfect play on both sides this board is a draw.',
    'Your move 2 (s3) turned a draw into a loss; s4 kept it.',
  ]);
  const won = reviewLines({ start: 2, plies: [] }, { names: ['You', 'Bot'], first: 1, name, human: 0 });
  assert.equal(won[0], 'With perfect play on both sides Bot wins by 2 shells (Bot moved first).');
  assert.equal(won[1], 'None of your moves changed the result.');
  const you = reviewLines({ start: -1, plies: [] }, { names: ['You', 'Bot'], first: 1, name, human: 0 });
  assert.equal(you[0], 'With perfect play on both sides you win by 1 shell (Bot moved first).');
  const friends = reviewLines({ start: 0, plies: [] }, { names: ['Player 1', 'Player 2'], first: 0, name });
  assert.deepEqual(friends, ['With perfect play on both sides this board is a draw.', 'No move changed the result.']);
  const turned = reviewLines(review, { names: ['Player 1', 'Player 2'], first: 0, name });
  assert.equal(turned[1], "Player 1's move 2 (s3) turned a draw into a loss; s4 kept it.");
});

test('review items follow the game: turning moves by ply whoever made them, each with the shells it names', () => {
  // Player 1 (second mover) turns the result at ply 1, before player 0 does at ply 2.
  const review = {
    start: 1,
    plies: [
      { ply: 0, shell: 0, lit: 1, before: 1, after: 1, best: [0] },
      { ply: 1, shell: 5, lit: 1, before: 1, after: -1, best: [6] },
      { ply: 2, shell: 3, lit: 2, before: 1, after: -2, best: [4] },
    ],
  };
  const name = (s) => `s${s}`;
  for (const human of [null, 0, 1]) {
    const items = reviewItems(review, { names: ['Player 1', 'Player 2'], first: 0, name, human });
    const about = items.filter((it) => it.ply !== undefined);
    assert.deepEqual(about.map((it) => it.ply), [1, 2], `human ${human}`);
    assert.deepEqual(about.map((it) => it.shells), [[5, 6], [3, 4]]);
    assert.deepEqual(reviewLines(review, { names: ['Player 1', 'Player 2'], first: 0, name, human }), items.map((it) => it.text));
  }
  const vsBot = reviewLines(review, { names: ['You', 'Bot'], first: 0, name, human: 0 });
  assert.deepEqual(vsBot.slice(1), [
    "Bot's move 1 (s5) turned a win into a loss; s6 kept it.",
    'Your move 2 (s3) turned a win into a loss; s4 kept it.',
  ]);
});

test('review items are in ply order on random games (the turning moves of the brute-force oracle)', () => {
  const rng = rngFor(77);
  let swapped = 0; // games where the second mover turned the result first
  for (let trial = 0; trial < 500; trial++) {
    const board = generate({ rows: 3, cols: 3 + rng.below(2), density: 80, fuses: 2 }, rng.next64());
    if (board.shells.length > 10) continue;
    const lit = new Array(board.shells.length).fill(false);
    const moves = [];
    while (lit.some((x) => !x)) {
      const unlit = lit.map((x, v) => (x ? -1 : v)).filter((v) => v >= 0);
      const s = unlit[rng.below(unlit.length)];
      moves.push(s);
      for (const v of bfsDepths(board.succ, [s], lit).keys()) lit[v] = true;
    }
    const rule = rng.below(2) ? 'most' : 'fewest';
    const want = bruteReview(board.succ, rule, moves);
    for (const first of [0, 1]) {
      const [a, b] = [first, 1 - first].map((p) => bruteTurning(want, first, p));
      if (a && b && b.ply < a.ply) swapped += 1;
      const plies = [a, b].filter(Boolean).map((t) => t.ply).sort((x, y) => x - y);
      const items = reviewItems(reviewDuel(board.succ, rule, moves), { names: ['A', 'B'], first, name: String });
      assert.deepEqual(items.filter((it) => it.ply !== undefined).map((it) => it.ply), plies);
    }
  }
  assert.ok(swapped > 3, `only ${swapped} games where the second mover turned the result first`);
});
