// The duel bot, mirroring src/proofgrid/matchless/duel.py (its docstring has
// the rules, the value recurrence, the closed-position theorem and the budgeted
// search; this file ports that algorithm step for step, integers only).
//
// Two players alternate matches on one board; each is credited with the shells
// their own cascades light. Rule "most": more shells wins; "fewest" (shipped):
// fewer wins. With sign = +1 (most) or -1 (fewest), the value of a position
// (the set U of unlit shells) is the mover's best forced advantage:
//     value(0) = 0,  value(U) = max over unlit s of sign·|c(U, s)| − value(U \ c(U, s))
// (negamax; von Neumann 1928, Knuth & Moore 1975). From the full board every
// position is closed under predecessors, so c(U, s) = reach(s) ∩ U and one move
// per strongly connected component suffices (components here by Kosaraju).
//
// Masks: Numbers (32-bit bitwise operators) when the board has at most 31
// shells — every 5×5 board — and BigInt otherwise. The code is the same for
// both: JavaScript's & ^ | work on either type, and the constants come from a
// per-type table.
//
//   botMove(succ, unlitMask, rule, level, seed, budgetMs) -> {shell, perfect, value}
//     random : the k-th unlit shell (ascending), k = SplitMix64(seed).below(#unlit)
//     greedy : the obvious move — biggest cascade (most) / smallest (fewest), ties lowest
//     perfect: exact memoised search within half the budget, else iterative-deepening
//              alpha-beta (greedy-playout leaves under "most") until the budget is
//              spent; `perfect` says which.

import { kosarajuScc } from '../../core/graph.js';
import { SplitMix64 } from '../../core/rng.js';

export const MEMO_LIMIT = 1_000_000;
const CHECK_EVERY = 128; // exact search: new positions between two reads of the clock
const WORK_PER_CHECK = 2048; // budgeted search: move evaluations between two reads of the clock
const SIGNS = Object.freeze({ most: 1, fewest: -1 });
export const RULES = Object.freeze(['most', 'fewest']);
export const LEVELS = Object.freeze(['random', 'greedy', 'perfect']);

class DeadlineError extends Error {}

function pop32(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function popBig(x) {
  let c = 0;
  while (x) {
    c += pop32(Number(x & 0xffffffffn));
    x >>= 32n;
  }
  return c;
}

/** Arithmetic for masks over n shells: Numbers when n <= 31, else BigInt. */
function maskKit(n, forceBigInt = false) {
  if (n <= 31 && !forceBigInt) {
    const bits = Array.from({ length: n }, (_, v) => 1 << v);
    return { zero: 0, bits, pop: (x) => pop32(x >>> 0), from: (b) => Number(b) | 0, big: (x) => BigInt(x >>> 0) };
  }
  const bits = Array.from({ length: n }, (_, v) => 1n << BigInt(v));
  return { zero: 0n, bits, pop: popBig, from: (b) => b, big: (x) => x };
}

function now() {
  return performance.now();
}

function checkRule(rule) {
  if (!(rule in SIGNS)) throw new RangeError(`unknown duel rule ${String(rule)} (most or fewest)`);
  return SIGNS[rule];
}

function checkSucc(succ) {
  if (!Array.isArray(succ)) throw new RangeError('succ must be a list of successor lists');
  const n = succ.length;
  succ.forEach((heads, v) => {
    for (const w of heads) {
      if (!(Number.isInteger(w) && w >= 0 && w < n)) throw new RangeError(`fuse ${v} -> ${w} points outside shells 0..${n - 1}`);
    }
  });
}

/**
 * Exact memoised negamax over unlit-shell masks for one graph and one rule
 * (Python's DuelSolver). Masks passed in and out are BigInt; internally the
 * solver uses its kit's type. The memo persists, so a whole game costs one solve.
 */
export class DuelSolver {
  /** `options.bigint` forces BigInt masks on small boards (the tests compare both kits). */
  constructor(succ, rule, { bigint = false } = {}) {
    checkSucc(succ);
    this.rule = rule;
    this.sign = checkRule(rule);
    this.succ = succ.map((h) => h.slice());
    const n = succ.length;
    this.n = n;
    const K = maskKit(n, bigint);
    this.K = K;
    let all = K.zero;
    for (const b of K.bits) all |= b;
    this.all = all;
    this.succMask = this.succ.map((heads) => heads.reduce((m, w) => m | K.bits[w], K.zero));
    // reach of every component: Kosaraju labels are topological (a cross edge
    // a -> b has a < b), so fill components in decreasing label order.
    const { labels, count } = kosarajuScc(this.succ);
    const members = Array.from({ length: count }, () => []);
    labels.forEach((c, v) => members[c].push(v));
    const creach = new Array(count).fill(K.zero);
    for (let c = count - 1; c >= 0; c--) {
      let acc = K.zero;
      for (const v of members[c]) {
        acc |= K.bits[v];
        for (const w of this.succ[v]) if (labels[w] !== c) acc |= creach[labels[w]];
      }
      creach[c] = acc;
    }
    this.reach = labels.map((c) => creach[c]);
    this.reps = members.map((m) => m[0]).sort((a, b) => a - b);
    this.memo = new Map([[K.zero, 0]]);
  }

  get positions() {
    return this.memo.size;
  }

  _unlitShells(U) {
    const out = [];
    const { bits, zero } = this.K;
    for (let v = 0; v < this.n; v++) if ((U & bits[v]) !== zero) out.push(v);
    return out;
  }

  /** True when no lit shell has a fuse into U (every position reached by play is). */
  _isClosed(U) {
    const { bits, zero } = this.K;
    let into = zero;
    for (let v = 0; v < this.n; v++) if ((U & bits[v]) === zero) into |= this.succMask[v];
    return (into & U) === zero;
  }

  /** Cascade of shell s through the unlit set U, by mask BFS (any U, closed or not). */
  _bfs(U, s) {
    const { bits, zero } = this.K;
    let seen = bits[s];
    let frontier = seen;
    while (frontier !== zero) {
      let next = zero;
      for (let v = 0; v < this.n; v++) if ((frontier & bits[v]) !== zero) next |= this.succMask[v];
      frontier = next & U & ~seen;
      seen |= frontier;
    }
    return seen;
  }

  /** Distinct moves [lowest shell, cascade], lowest shell ascending. */
  _moves(U, closed) {
    const { bits, zero } = this.K;
    const out = [];
    if (closed) {
      for (const s of this.reps) if ((U & bits[s]) !== zero) out.push([s, this.reach[s] & U]);
      return out;
    }
    const seen = new Set();
    for (const s of this._unlitShells(U)) {
      const c = this._bfs(U, s);
      if (!seen.has(c)) {
        seen.add(c);
        out.push([s, c]);
      }
    }
    return out;
  }

  _guardMemory() {
    if (this.memo.size > MEMO_LIMIT) {
      this.memo.clear();
      this.memo.set(this.K.zero, 0);
    }
  }

  /** Exact value of root; throws DeadlineError past `deadline` (ms, performance.now()). */
  _solve(root, deadline) {
    const { memo } = this;
    const got = memo.get(root);
    if (got !== undefined) return got;
    this._guardMemory();
    const { sign, K } = this;
    const floor = -this.n - 1;
    let tick = CHECK_EVERY;
    const clock = () => {
      tick = CHECK_EVERY;
      if (deadline !== null && now() > deadline) throw new DeadlineError();
    };
    if (this._isClosed(root)) {
      const { reach, reps } = this;
      const { bits, zero, pop } = K;
      const val = (U) => {
        const m = memo.get(U);
        if (m !== undefined) return m;
        if (--tick <= 0) clock();
        let best = floor;
        for (const s of reps) {
          if ((U & bits[s]) === zero) continue;
          const c = reach[s] & U;
          const x = sign * pop(c) - val(U ^ c);
          if (x > best) best = x;
        }
        memo.set(U, best);
        return best;
      };
      return val(root);
    }
    const valGeneral = (U) => {
      const m = memo.get(U);
      if (m !== undefined) return m;
      if (--tick <= 0) clock();
      let best = floor;
      for (const [, c] of this._moves(U, false)) {
        const x = sign * K.pop(c) - valGeneral(U ^ c);
        if (x > best) best = x;
      }
      memo.set(U, best);
      return best;
    };
    return valGeneral(root);
  }

  _mask(unlit) {
    const u = typeof unlit === 'bigint' ? unlit : BigInt(unlit);
    if (u < 0n || u >= 1n << BigInt(this.n)) throw new RangeError(`unlit mask ${u} is not a set of shells 0..${this.n - 1}`);
    return this.K.from(u);
  }

  /** The mover's best forced advantage from `unlit` (BigInt mask); exact. */
  value(unlit) {
    return this._solve(this._mask(unlit), null);
  }

  _moveValues(U) {
    const closed = this._isClosed(U);
    return this._unlitShells(U).map((s) => {
      const c = closed ? this.reach[s] & U : this._bfs(U, s);
      return [s, this.sign * this.K.pop(c) - this._solve(U ^ c, null)];
    });
  }

  /** [shell, value of striking it] for every unlit shell, ascending. */
  moveValues(unlit) {
    const U = this._mask(unlit);
    this._solve(U, null);
    return this._moveValues(U);
  }

  /** Every unlit shell whose move attains the value, ascending; [] when the sky is clear. */
  bestMoves(unlit) {
    const vals = this.moveValues(unlit);
    if (!vals.length) return [];
    const best = Math.max(...vals.map((p) => p[1]));
    return vals.filter((p) => p[1] === best).map((p) => p[0]);
  }

  /**
   * Iterative-deepening alpha-beta, fail-soft (duel.py step 5): [shell, value, exact].
   * Memoised positions score exactly; an unsolved position at depth 0 scores its
   * greedy playout under "most" and 0 under "fewest". Depth 1 ignores the clock.
   */
  _deepening(root, deadline) {
    const { memo, sign, K } = this;
    const closed = this._isClosed(root);
    const inf = 4 * this.n + 4; // beyond every value and every gain-shifted window
    let tick = WORK_PER_CHECK;
    let cut = false;
    let active = false; // the clock is ignored during depth 1
    const spend = (work) => {
      tick -= work;
      if (tick <= 0) {
        tick = WORK_PER_CHECK;
        if (active && now() > deadline) throw new DeadlineError();
      }
    };
    const ordered = (U) => {
      const ms = this._moves(U, closed).map(([s, c]) => [sign * K.pop(c), s, c]);
      spend(ms.length);
      ms.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      return ms;
    };
    const usePlayout = this.rule === 'most';
    const playouts = new Map();
    // Both sides play the obvious move to the end; the mover's advantage.
    const playout = (U) => {
      const got = playouts.get(U);
      if (got !== undefined) return got;
      let total = 0;
      let turn = 1;
      let W = U;
      while (W !== K.zero) {
        let bestG = -inf;
        let bestC = K.zero;
        const moves = this._moves(W, closed);
        spend(moves.length);
        for (const [, c] of moves) {
          const g = sign * K.pop(c);
          if (g > bestG) {
            bestG = g;
            bestC = c;
          }
        }
        total += turn * bestG;
        turn = -turn;
        W ^= bestC;
      }
      playouts.set(U, total);
      return total;
    };
    const search = (U, depth, alpha, beta) => {
      const got = memo.get(U);
      if (got !== undefined) return got;
      if (depth === 0) {
        cut = true;
        return usePlayout ? playout(U) : 0;
      }
      let best = -inf;
      for (const [gain, , c] of ordered(U)) {
        const x = gain - search(U ^ c, depth - 1, gain - beta, gain - Math.max(alpha, best));
        if (x > best) {
          best = x;
          if (best >= beta) break;
        }
      }
      return best;
    };
    const rootMoves = this._moves(root, closed);
    let result = null;
    for (let depth = 1; ; depth++) {
      cut = false;
      let bestShell = -1;
      let bestVal = -inf;
      try {
        for (const [s, c] of rootMoves) {
          const gain = sign * K.pop(c);
          const x = gain - search(root ^ c, depth - 1, gain - inf, gain - bestVal);
          if (x > bestVal) {
            bestShell = s;
            bestVal = x;
          }
        }
      } catch (err) {
        if (err instanceof DeadlineError) break;
        throw err;
      }
      result = [bestShell, bestVal, !cut];
      active = true;
      if (!cut || now() > deadline) break;
    }
    return result;
  }
}

const solverCache = new Map();

/** A solver shared by successive calls on the same graph and rule (its memo persists). */
export function solverFor(succ, rule) {
  const key = `${rule}|${JSON.stringify(succ)}`;
  let s = solverCache.get(key);
  if (s) {
    solverCache.delete(key);
  } else {
    s = new DuelSolver(succ, rule);
    if (solverCache.size >= 8) solverCache.delete(solverCache.keys().next().value);
  }
  solverCache.set(key, s);
  return s;
}

/** Bitmask (BigInt) of the shells a match on `shell` lights through the unlit set. */
export function cascadeMask(succ, unlit, shell) {
  const s = new DuelSolver(succ, 'most');
  const U = s._mask(unlit);
  if (!(Number.isInteger(shell) && shell >= 0 && shell < s.n) || (U & s.K.bits[shell]) === s.K.zero) {
    throw new RangeError(`shell ${shell} is not unlit`);
  }
  return s.K.big(s._bfs(U, shell));
}

/** The obvious move: biggest cascade (most) or smallest (fewest); ties to the lowest shell. */
export function obviousMove(succ, unlit, rule) {
  const s = new DuelSolver(succ, rule);
  const U = s._mask(unlit);
  if (U === s.K.zero) throw new RangeError('the sky is already clear');
  let best = -1;
  let bestKey = 0;
  for (const v of s._unlitShells(U)) {
    const key = s.sign * s.K.pop(s._bfs(U, v));
    if (best < 0 || key > bestKey) {
      best = v;
      bestKey = key;
    }
  }
  return best;
}

/**
 * The bot's move in position `unlitMask` (BigInt, bit v = shell v unlit):
 * {shell, perfect, value} — value is the exact position value when perfect,
 * else null. Mirrors Python's duel.bot_move; throws RangeError on bad input or
 * a clear sky. `budgetMs` bounds the perfect bot's thinking time.
 */
export function botMove(succ, unlitMask, rule, level, seed, budgetMs = 1000) {
  checkRule(rule);
  if (!LEVELS.includes(level)) throw new RangeError(`unknown bot level ${String(level)}`);
  checkSucc(succ);
  const n = succ.length;
  const unlit = typeof unlitMask === 'bigint' ? unlitMask : BigInt(unlitMask);
  if (unlit < 0n || unlit >= 1n << BigInt(n)) throw new RangeError(`unlit mask ${unlit} is not a set of shells 0..${n - 1}`);
  if (unlit === 0n) throw new RangeError('the sky is already clear');
  if (level === 'random') {
    const shells = [];
    for (let v = 0; v < n; v++) if ((unlit >> BigInt(v)) & 1n) shells.push(v);
    const k = new SplitMix64(typeof seed === 'bigint' ? seed : BigInt(seed)).below(shells.length);
    return { shell: shells[k], perfect: false, value: null };
  }
  if (level === 'greedy') return { shell: obviousMove(succ, unlit, rule), perfect: false, value: null };
  const budget = Math.max(0, Number(budgetMs) || 0);
  const start = now();
  const solver = solverFor(succ, rule);
  const U = solver._mask(unlit);
  let value;
  try {
    value = solver._solve(U, start + budget / 2);
  } catch (err) {
    if (!(err instanceof DeadlineError)) throw err;
    const [shell, val, exact] = solver._deepening(U, start + budget);
    return { shell, perfect: exact, value: exact ? val : null };
  }
  const best = solver._moveValues(U).find((p) => p[1] === value);
  return { shell: best[0], perfect: true, value };
}

/**
 * The value by plain unmemoised minimax over every unlit shell, cascades by
 * BFS: the oracle for tiny graphs (O(n!·(n + m))); used by the tests.
 */
export function plainMinimax(succ, unlit, rule) {
  const sign = checkRule(rule);
  const n = succ.length;
  const go = (lit) => {
    let best = null;
    for (let s = 0; s < n; s++) {
      if (lit[s]) continue;
      const next = lit.slice();
      const queue = [s];
      next[s] = true;
      for (let h = 0; h < queue.length; h++) {
        for (const w of succ[queue[h]]) {
          if (!next[w]) {
            next[w] = true;
            queue.push(w);
          }
        }
      }
      const x = sign * queue.length - go(next);
      if (best === null || x > best) best = x;
    }
    return best === null ? 0 : best;
  };
  const u = typeof unlit === 'bigint' ? unlit : BigInt(unlit);
  return go(Array.from({ length: n }, (_, v) => ((u >> BigInt(v)) & 1n) === 0n));
}

/**
 * The proof behind a played duel: for every ply, the final margin each side
 * would reach with perfect play from there on, before and after the move made.
 *
 * `moves` are the shells struck in order, the first by the player who started.
 * For ply i, with d_i the mover's signed lead so far (sign·(mover − other),
 * sign = +1 under "most", −1 under "fewest") and v(U) the exact negamax value
 * of the unlit set U (DuelSolver, memoised), the mover's perfect-play margin
 * before the move is d_i + v(U_i); after striking s, with cascade c,
 * it is d_i + sign·|c| − v(U_i \ c). A move keeps the result when the sign of
 * the margin does not drop; `best` lists every move attaining v(U_i).
 * Positive margin = a win for the mover, 0 a draw, negative a loss.
 *
 * Cost: one exact solve of the board (shared memo) plus O(n) cascades per ply.
 * Returns {start, plies: [{ply, shell, lit, before, after, best}]}, or null when
 * the exact solve passes `deadline` (a performance.now() time; null = none).
 * Throws RangeError on a move that is not an unlit shell.
 */
export function reviewDuel(succ, rule, moves, { deadline = null } = {}) {
  const solver = solverFor(succ, rule);
  const { K, sign } = solver;
  let U = solver.all;
  try {
    solver._solve(U, deadline);
  } catch (err) {
    if (err instanceof DeadlineError) return null;
    throw err;
  }
  const totals = [0, 0];
  const plies = [];
  const start = solver._solve(U, null);
  moves.forEach((shell, i) => {
    if (!(Number.isInteger(shell) && shell >= 0 && shell < solver.n) || (U & K.bits[shell]) === K.zero) {
      throw new RangeError(`move ${i + 1}: shell ${shell} is not unlit`);
    }
    const mover = i % 2;
    const lead = sign * (totals[mover] - totals[1 - mover]);
    const vals = solver._moveValues(U);
    const value = solver._solve(U, null);
    const c = solver._isClosed(U) ? solver.reach[shell] & U : solver._bfs(U, shell);
    const lit = K.pop(c);
    const mine = vals.find((p) => p[0] === shell)[1];
    plies.push(Object.freeze({
      ply: i,
      shell,
      lit,
      before: lead + value,
      after: lead + mine,
      best: Object.freeze(vals.filter((p) => p[1] === value).map((p) => p[0])),
    }));
    totals[mover] += lit;
    U ^= c;
  });
  return Object.freeze({ start, plies: Object.freeze(plies) });
}
