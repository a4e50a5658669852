// Par with its proof (the X-ray), remaining par and the seed's difficulty
// measures, mirroring src/proofgrid/matchless/solve.py — but components come
// from Kosaraju–Sharir (core/graph.js), not Tarjan.
//
// Par theorem: contract every strongly connected component of the shell graph;
// the condensation is a DAG, and the fewest matches that light every shell is
// the number of its source components. Witness: the lowest shell of each
// source component. Components are numbered canonically, in order of first
// appearance along the shell order, so the numbering depends only on the board
// and equals Python's whatever SCC algorithm produced the partition.

import { bfsDepths, condensation, par as graphPar } from '../../core/graph.js';

/**
 * Par, witness and X-ray of a board; O(n + m) plus O(myopic · (n + m)) for the
 * myopic measure. Returns a frozen
 * {par, witness, labels, count, sources, condEdges, myopic, myopicGap, hiddenSources}.
 */
export function solve(board) {
  const { succ } = board;
  const n = succ.length;
  const cond = condensation(succ);
  const canon = new Array(cond.count).fill(-1);
  const first = [];
  const labels = new Array(n);
  for (let v = 0; v < n; v++) {
    const lab = cond.labels[v];
    if (canon[lab] < 0) {
      canon[lab] = first.length;
      first.push(v);
    }
    labels[v] = canon[lab];
  }
  const count = first.length;
  const condEdges = cond.edges.map(([a, b]) => Object.freeze([canon[a], canon[b]]));
  condEdges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const sources = cond.sources.map((c) => canon[c]).sort((a, b) => a - b);
  const witness = sources.map((c) => first[c]);
  const size = new Array(count).fill(0);
  for (const c of labels) size[c]++;
  const hiddenSources = sources.filter((c) => size[c] >= 2).length;
  const myopic = myopicMatches(board);
  return Object.freeze({
    par: sources.length,
    witness: Object.freeze(witness),
    labels: Object.freeze(labels),
    count,
    sources: Object.freeze(sources),
    condEdges: Object.freeze(condEdges),
    myopic,
    myopicGap: myopic - sources.length,
    hiddenSources,
  });
}

/**
 * Matches used by a player who always strikes the unlit shell with the most
 * unlit direct successors (ties to the lowest index); each match lights the
 * BFS cascade through unlit shells. O(myopic · (n + m)).
 */
export function myopicMatches(board) {
  const { succ } = board;
  const n = succ.length;
  const lit = new Uint8Array(n);
  let left = n;
  let used = 0;
  while (left > 0) {
    let best = -1;
    let bestOut = -1;
    for (let v = 0; v < n; v++) {
      if (lit[v]) continue;
      let out = 0;
      for (const w of succ[v]) if (!lit[w]) out++;
      if (out > bestOut) {
        best = v;
        bestOut = out;
      }
    }
    for (const v of bfsDepths(succ, [best], lit).keys()) {
      lit[v] = 1;
      left--;
    }
    used++;
  }
  return used;
}

/** Size of the largest single cascade on the fresh board; O(n · (n + m)). */
export function biggestCascade(board) {
  let best = 0;
  for (let v = 0; v < board.succ.length; v++) best = Math.max(best, bfsDepths(board.succ, [v]).size);
  return best;
}

/**
 * Par of the subgraph induced by the unlit shells (`unlit`: array of booleans
 * or a BigInt mask, bit v = shell v unlit), with a witness in shell indices.
 * Holds for any unlit set, closed or not. O(n + m).
 */
export function remainingParOf(board, unlit) {
  const n = board.succ.length;
  const isUnlit = typeof unlit === 'bigint'
    ? Array.from({ length: n }, (_, v) => ((unlit >> BigInt(v)) & 1n) === 1n)
    : unlit;
  const idx = [];
  const pos = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (isUnlit[v]) {
      pos[v] = idx.length;
      idx.push(v);
    }
  }
  const sub = idx.map((v) => board.succ[v].filter((w) => isUnlit[w]).map((w) => pos[w]));
  const res = graphPar(sub);
  return { par: res.par, witness: res.seeds.map((s) => idx[s]) };
}
