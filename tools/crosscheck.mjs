// The Node side of tools/crosscheck.py: reads JSON jobs (one per line) on stdin,
// answers each with one JSON line on stdout, in order. One process per run.
//
// Jobs:
//   {k: "daily", date}                       -> the daily and its solution
//   {k: "gen", params, seed, moves}          -> generated board, solution, raw Kosaraju
//                                               labels, and the cascade + remaining par
//                                               after each of the given moves
//   {k: "id", text}                          -> {ok, id, params} or {ok: false, error}
//   {k: "duel", succ, unlit, rule, level, seed, budget} -> {shell, perfect, value}
//                                               (+ best: every optimal move, for perfect)
//   {k: "hint", id, lit, matches, par}       -> the proved hint {move, words, proof, extra}
//                                               of the position (lit shells, match count)
//   {k: "date", text}                        -> {ok, number} or {ok: false, error}
// BigInts travel as decimal strings. The job loop is tools/crosscheck_serve.mjs.

import { kosarajuScc } from '../src/proofgrid/web/js/core/graph.js';
import * as E from '../src/proofgrid/web/js/matchless/engine/index.js';
import { hint } from '../src/proofgrid/web/js/matchless/engine/hint.js';
import { attempt, serve } from './crosscheck_serve.mjs';

let duel = null;
try {
  duel = await import('../src/proofgrid/web/js/matchless/engine/duel.js');
} catch {
  duel = null;
}

function solution(s) {
  return {
    par: s.par,
    witness: s.witness,
    labels: s.labels,
    count: s.count,
    sources: s.sources,
    edges: s.condEdges,
    myopic: s.myopic,
    hidden: s.hiddenSources,
  };
}

const handlers = {
  daily({ date }) {
    const d = E.daily(date);
    return { id: d.id, number: d.number, attempt: d.attempt, barMet: d.barMet, ...solution(d.solution) };
  },
  gen({ params, seed, moves }) {
    const board = E.generate(params, BigInt(seed));
    let state = E.newGame(board);
    const play = [];
    for (const shell of moves) {
      const { state: next, depths } = E.strike(state, shell);
      state = next;
      play.push({ cascade: [...depths.entries()], rem: E.remainingPar(state) });
    }
    return {
      id: E.formatGameId(board),
      ...solution(E.solve(board)),
      kosaraju: kosarajuScc(board.succ).labels,
      play,
    };
  },
  id({ text }) {
    return attempt(() => {
      const b = E.readGameId(text); // unguarded: any non-GameIdError shows
      return { id: E.formatGameId(b), params: b.params };
    });
  },
  hint({ id, lit, matches, par }) {
    const board = E.parseGameId(id);
    const isLit = new Array(board.shells.length).fill(false);
    for (const v of lit) isLit[v] = true;
    const state = { board, lit: isLit, left: isLit.filter((x) => !x).length, matches };
    const h = hint(state, par);
    return { move: h.move, words: h.words, proof: h.proof, extra: h.extra };
  },
  date({ text }) {
    return attempt(() => ({ number: E.daily(text).number }));
  },
  duel({ succ, unlit, rule, level, seed, budget }) {
    if (!duel) throw new Error('js/matchless/duel.js is missing');
    const r = duel.botMove(succ, BigInt(unlit), rule, level, BigInt(seed), budget);
    const out = { shell: r.shell, perfect: r.perfect, value: r.value === null || r.value === undefined ? null : Number(r.value) };
    // a fresh solver, as Python's check uses: the bot's cached memo stays identical on both sides
    if (level === 'perfect' && budget > 0) out.best = new duel.DuelSolver(succ, rule).bestMoves(BigInt(unlit));
    return out;
  },
};

await serve(handlers);
