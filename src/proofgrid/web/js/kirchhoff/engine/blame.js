// Blame only what is wrong: a minimal set of the player's marks that cannot
// all stand, mirroring src/proofgrid/kirchhoff/blame.py exactly. Feasibility is
// monotone (a subset of a feasible set of marks is feasible), and every
// question is decided by the exact counter:
//   1. one wrong mark: a mark no solution of the bare board uses (the
//      marginals of one sweep) is alone infeasible; the first one the game did
//      not place, by edge id, is named alone; else the first placed one,
//      unless the player's own marks are lost without the game's (then 2.);
//   2. else the deletion filter (Chinneck & Dravnieks 1991): walk the marks,
//      the game's own (`placed`) first, then by edge id; drop a mark when the
//      rest is still lost. Each kept mark is then needed: the set is minimal.
// A counter past its limits (CountLimitError) keeps the mark it was asked about.
// Cost: one marginal sweep plus one exact count per mark in step 2.

import { ALL_STATES, markMask } from './board.js';
import { CountLimitError, analyse, isLost } from './exact.js';

/** Edges whose mark no solution of the board uses, ascending (one sweep). */
export function wrongMarks(pos, opts = {}) {
  const sup = analyse(pos.board, null, { ...opts, cap: 1 }).support;
  const out = [];
  pos.marks.forEach((m, e) => {
    if (m !== 0 && !(sup[e] & markMask(m))) out.push(e);
  });
  return out;
}

function lostWith(pos, keep, opts) {
  const masks = Array.from(pos.marks, (m, e) => (keep.has(e) ? markMask(m) : ALL_STATES));
  try {
    return isLost(pos.board, masks, opts);
  } catch (err) {
    if (err instanceof CountLimitError) return false;
    throw err;
  }
}

/**
 * A minimal infeasible subset of pos's marks, as edge ids ascending; `placed`
 * (a Set or array of edges the game marked) are dropped first. Empty when the
 * board itself has no solution. Assumes pos is lost.
 */
export function blame(pos, { placed = [], ...opts } = {}) {
  const { board } = pos;
  const game = new Set(placed);
  const marked = [];
  pos.marks.forEach((m, e) => {
    if (m !== 0) marked.push(e);
  });
  let wrong;
  try {
    if (isLost(board, null, opts)) return [];
    wrong = wrongMarks(pos, opts);
  } catch (err) {
    if (!(err instanceof CountLimitError)) throw err;
    wrong = [];
  }
  const own = wrong.filter((e) => !game.has(e));
  if (own.length) return [own[0]];
  if (wrong.length && !lostWith(pos, new Set(marked.filter((e) => !game.has(e))), opts)) return [wrong[0]];
  let kept = new Set(marked);
  const order = marked.slice().sort((x, y) => (game.has(y) - game.has(x)) || x - y);
  for (const e of order) {
    const rest = new Set(kept);
    rest.delete(e);
    if (lostWith(pos, rest, opts)) kept = rest;
  }
  return [...kept].sort((x, y) => x - y);
}
