// Difficulty by the hint ladder, after Tatham's solver-graded puzzles,
// mirroring src/proofgrid/kirchhoff/grade.py. Solve the empty position with the
// ladder's deductions, one round at a time taking the lowest rung that decides
// anything: 1 local (arc consistency), 2 cut (a tight Gale region: one max-flow
// and one SCC pass), 3 trial cut (a trial makes the relaxation infeasible),
// 4 exact (every state the counter forces). Each rung is monotone, so the
// closure and whether a rung is needed do not depend on the order of single
// hints. Grades: easy — local rounds suffice; medium — direct cuts, fewer than
// HARD_CUT_ROUNDS rounds of them; hard — a trial or exact round, or at least
// HARD_CUT_ROUNDS cut rounds.

import { analyse } from './exact.js';
import { allFree, propagate, singleState } from './local.js';
import { probe, relax } from './relax.js';

export const HARD_CUT_ROUNDS = 4;
export const Rung = Object.freeze({ LOCAL: 0, CUT: 1, TRIAL: 2, EXACT: 3 });
const TOP_RUNG = { easy: Rung.LOCAL, medium: Rung.CUT, hard: Rung.EXACT };

/**
 * Grade a board by solving it with the ladder: {grade, solved, cutRounds,
 * trialRounds, exactRounds}. upTo below 'hard' stops instead of climbing past
 * that grade (solved is then false); stopWhenHard stops once the grade is
 * known to be hard. O(rounds · (RC + max-flow)).
 */
export function gradeBoard(board, { upTo = 'hard', stopWhenHard = false } = {}) {
  const top = TOP_RUNG[upTo];
  let masks = allFree(board);
  let cutRounds = 0;
  let trialRounds = 0;
  let exactRounds = 0;
  let solved = false;
  for (;;) {
    const prop = propagate(board, masks);
    if (prop.deadCell >= 0) break;
    masks = prop.masks;
    if (masks.every((m) => singleState(m) >= 0)) {
      solved = true;
      break;
    }
    if (top < Rung.CUT || (top === Rung.CUT && cutRounds + 1 >= HARD_CUT_ROUNDS)) break;
    const rx = relax(board, masks);
    if (!rx.feasible) break;
    let elim = rx.eliminated();
    if (elim.size) {
      cutRounds++;
    } else if (top >= Rung.TRIAL) {
      const pr = probe(board, masks, { regions: false });
      if (pr === null) break;
      elim = pr.eliminated;
      if (elim.size) trialRounds++;
    }
    if (elim.size) {
      masks = masks.map((m, e) => m & ~(elim.get(e) || 0));
      if (masks.includes(0)) break;
      if (stopWhenHard && (trialRounds || cutRounds >= HARD_CUT_ROUNDS)) break;
      continue;
    }
    if (top < Rung.EXACT) break;
    if (stopWhenHard) {
      exactRounds++;
      break;
    }
    const an = analyse(board, masks, { cap: 2 });
    if (!an.count.value) break;
    const forced = an.forced();
    const next = masks.map((m, e) => (forced.has(e) ? 1 << forced.get(e) : m));
    if (next.every((m, e) => m === masks[e])) break;
    exactRounds++;
    masks = next;
  }
  let grade = 'easy';
  if (exactRounds || trialRounds || cutRounds >= HARD_CUT_ROUNDS) grade = 'hard';
  else if (cutRounds) grade = 'medium';
  return { grade, solved, cutRounds, trialRounds, exactRounds };
}
