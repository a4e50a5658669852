// "Take back the wrong marks": the marks of a position that disagree with the
// board's unique solution, and the position without them. A mark agrees with
// an edge's solution state s when it is free (no claim), the arrow s itself,
// or a cross where s is unused; every other mark is wrong. Removing exactly the
// wrong marks leaves a position the solution completes, and never touches a
// mark that agrees (the player's correct work stays). The solution comes from
// the exact counter (exact.js): two solutions are asked for, so a board that
// is not unique is reported as such instead of judged against an arbitrary one.
// O(sweep) for the solutions, then O(E).

import { Mark } from './board.js';
import { solutions } from './exact.js';

/** Whether `mark` (0 free, 1, 2, 3 cross) agrees with the solution's edge state (0 unused, 1, 2). */
export function markAgrees(mark, state) {
  if (mark === Mark.FREE) return true;
  if (mark === Mark.CROSS) return state === 0;
  return mark === state;
}

/** The edges whose marks disagree with the edge states `states`, ascending. */
export function wrongEdges(marks, states) {
  const out = [];
  for (let e = 0; e < marks.length; e++) if (!markAgrees(marks[e], states[e])) out.push(e);
  return out;
}

/**
 * {unique, edges, marks}: the wrong marks of `marks` on `board` (a board with
 * exactly one solution) and the marks with those edges freed. On a board with
 * no solution or several, unique is false and nothing is taken back.
 */
export function takeBack(board, marks, opts = {}) {
  const found = solutions(board, null, { ...opts, limit: 2 });
  const kept = Array.from(marks);
  if (found.length !== 1) return { unique: false, edges: [], marks: kept };
  const edges = wrongEdges(kept, found[0]);
  for (const e of edges) kept[e] = Mark.FREE;
  return { unique: true, edges, marks: kept };
}
