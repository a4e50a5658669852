// Hints that explain themselves: the next forced edge, with a checkable proof
// and its sentences, mirroring src/proofgrid/kirchhoff/hint.py (headline and
// words included, character for character). Derived from the position alone,
// never from a stored answer, and sound: the state named holds in every
// completion. Every hint and every lost verdict carries a `proof` in the JSON
// format of docs/proofs.md (proof.js) and its `words` (words.js). The kind
// says which rules the proof needs:
//   local  — cell steps only;
//   region — cell and region steps (counting arrows around a group of cells);
//   exact  — a refutation or split, or beyond the prover's budget the exact
//            counter alone (then without a proof).
// A position with no completion is 'lost' (decided exactly by the counter); the
// verdict blames a minimal set of the player's marks that cannot all stand
// (blame.js: the wrong mark alone when one is wrong on its own, never a mark
// the game placed unless needed), and its proof starts from those marks alone. Which hint: the fewest
// refutations, then region steps, then steps; then next to the player's last
// mark, the cell with the fewest free edges, arrows before unused, lowest edge.

import { blame } from './blame.js';
import { arrowsOf, isSolution, markMask, masksOf, positionOf, stateMark } from './board.js';
import { analyse, isLost } from './exact.js';
import { allFree, singleState } from './local.js';
import { formatMove, parseMove } from './moves.js';
import { BUDGET, obviousEmpties as proofEmpties, parseNode, proveHint, proveLost, regionNumbers } from './proof.js';
import { makeRegion } from './relax.js';
import { hintHeadline, lostHeadline, proofWords } from './words.js';

export const HintKind = Object.freeze({
  LOCAL: 'local', REGION: 'region', EXACT: 'exact', LOST: 'lost', SOLVED: 'solved', NONE: 'none',
});

/**
 * A frozen hint: {kind, edge, state, mark, move, cell, regions, trial, reason,
 * text (= reason), proof (or null), words, region (the first region's cells or
 * null), surplus, boundary, outward}. edge/state/mark are -1 and move '' when
 * the hint names no edge.
 */
function makeHint(board, kind, {
  edge = -1, state = -1, cell = -1, regions = [], trial = false, reason = '', proof = null,
} = {}) {
  const reg = regions.length ? regions[0] : null;
  return Object.freeze({
    kind,
    edge,
    state,
    mark: state >= 0 ? stateMark(state) : -1,
    move: edge >= 0 ? formatMove(board, edge, stateMark(state)) : '',
    cell,
    regions: Object.freeze(regions.slice()),
    trial,
    reason,
    text: reason,
    proof,
    words: Object.freeze(proof === null ? [] : proofWords(board, proof)),
    region: reg ? reg.allCells : null,
    surplus: reg ? reg.surplus : null,
    boundary: reg ? reg.capacity : null,
    outward: reg ? reg.outward : null,
  });
}

function cellOf(board, name) {
  return (Number.parseInt(name.slice(1), 10) - 1) * board.cols + name.charCodeAt(0) - 97;
}

const STATE_BIT = { '>': 1, '<': 2, x: 0 };

function edgeOf(board, name) {
  const [a, b] = name.split('-');
  const u = cellOf(board, a);
  const v = cellOf(board, b);
  return board.geometry.ends.findIndex(([x, y]) => x === u && y === v);
}

/**
 * A proof region as a region object with its numbers under masks: outward when
 * D reaches Max or exceeds it; surplus is D less what decided edges already
 * carry, capacity the open edges' most (Python's _as_region).
 */
function asRegion(board, names, masks) {
  const nodes = names.map((t) => parseNode(board, t));
  const [d, lo, hi] = regionNumbers(board, nodes, masks);
  const fixedMasks = masks.map((m) => (singleState(m) >= 0 ? m : 1));
  const [, fixed] = regionNumbers(board, nodes, fixedMasks);
  const pick = (k) => nodes.filter((n) => n % 3 === k).map((n) => (n - k) / 3).sort((x, y) => x - y);
  if (d >= hi) return makeRegion(pick(0), pick(1), pick(2), true, d - fixed, hi - fixed);
  return makeRegion(pick(0), pick(1), pick(2), false, fixed - d, fixed - lo);
}

/** The top-level regions of a proof (steps, then the end) with their numbers there. */
function proofRegions(board, proof) {
  const masks = allFree(board);
  for (const mv of proof.uses) {
    const { edge, mark } = parseMove(board, mv);
    masks[edge] = markMask(mark);
  }
  const out = [];
  for (const st of proof.steps) {
    if ('region' in st) out.push(asRegion(board, st.region, masks));
    masks[edgeOf(board, st.edge)] = st.states.reduce((m, x) => m + (1 << STATE_BIT[x]), 0);
  }
  const end = proof.ends;
  if (end !== undefined && 'region' in end) out.push(asRegion(board, end.region, masks));
  return out;
}

function lost(pos, budget, placed, opts) {
  const { board } = pos;
  const blamed = new Set(blame(pos, { placed, ...opts }));
  const alone = positionOf(board, pos.marks.map((m, e) => (blamed.has(e) ? m : 0)));
  const names = [...blamed].map((e) => formatMove(board, e, pos.marks[e]));
  const proof = proveLost(alone, { budget });
  if (proof === null) return makeHint(board, HintKind.LOST, { reason: lostHeadline(board, names, { proved: false }) });
  const end = proof.ends;
  return makeHint(board, HintKind.LOST, {
    cell: 'cell' in end ? cellOf(board, end.cell) : -1,
    regions: proofRegions(board, proof),
    reason: lostHeadline(board, proof.uses),
    proof,
  });
}

/**
 * The hint a person would want next, with its proof and sentences (see the
 * header). Options: lastEdge (the edge of the player's last mark, -1 none),
 * budget (rule applications), placed (edges whose marks the game made: a
 * lost verdict blames them only when needed), and the counter's options
 * (deadline). May throw
 * CountLimitError on a very open board (as Python does).
 */
export function hint(pos, { lastEdge = -1, budget = BUDGET, placed = [], ...opts } = {}) {
  const { board } = pos;
  if (isSolution(board, arrowsOf(pos.marks))) return makeHint(board, HintKind.SOLVED, { reason: 'every clue is met' });
  const masks = masksOf(pos.marks);
  if (isLost(board, masks, opts)) return lost(pos, budget, placed, opts);
  const found = proveHint(pos, { lastEdge, budget });
  if (found !== null) {
    const [cases, nRegion] = found.size;
    const kind = cases ? HintKind.EXACT : nRegion ? HintKind.REGION : HintKind.LOCAL;
    const last = found.proof.steps[found.proof.steps.length - 1];
    return makeHint(board, kind, {
      edge: found.edge,
      state: found.state,
      cell: 'cell' in last ? cellOf(board, last.cell) : -1,
      regions: proofRegions(board, found.proof),
      trial: cases > 0,
      reason: hintHeadline(board, found.edge, found.state, found.proof),
      proof: found.proof,
    });
  }
  // beyond the prover's budget: the exact counter still knows the forced edges
  const an = analyse(board, masks, { ...opts, cap: 2 });
  for (let e = 0; e < pos.marks.length; e++) {
    if (pos.marks[e] !== 0) continue;
    const s = singleState(an.support[e]);
    if (s >= 0) return makeHint(board, HintKind.EXACT, { edge: e, state: s, reason: hintHeadline(board, e, s, null) });
  }
  return makeHint(board, HintKind.NONE, {
    reason: `no edge is forced: ${an.count.capped ? 'at least 2' : an.count.value} completions remain`,
  });
}

/** The edge of the last move of a move list (-1 when there is none), for lastEdge. */
export function lastMarkEdge(board, moves) {
  return moves.length ? parseMove(board, moves[moves.length - 1]).edge : -1;
}

/** Free edges that cell steps alone prove unused ("mark obvious empties"), ascending. */
export function obviousEmpties(pos) {
  return proofEmpties(pos);
}
