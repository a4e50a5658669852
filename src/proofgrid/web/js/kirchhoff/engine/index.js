// The Kirchhoff engine in the browser: the one import the UI needs. It mirrors
// the Python engine (src/proofgrid/kirchhoff/) module for module, and
// tools/crosscheck.py proves the two agree board for board. No DOM here: the
// same files run in Node (tests, cross-check) and in the Web Worker (worker.js).
//
//   parseGameId(text) -> board            "params:desc" or "params#seed" (throws GameIdError only)
//   formatGameId(board) -> "RxCdG:desc"   byte-identical to Python
//   boardFromClues(rows, cols, clues)     the editor's constructor
//   newPosition / setMark / applyMoves / cellReport / status
//   count(board, marks, {cap, deadlineMs}) -> {count: BigInt | null, capped, timedOut}
//   hint(pos), solution(board), generate(params, seed, onProgress), grade(board), daily(dateISO)
//   hint(pos, {lastEdge}) carries {proof, words}; obviousEmpties(pos) -> edges cell steps prove unused
//   takeBack(board, marks) -> {unique, edges, marks}   the marks that disagree with the unique solution, removed

import { GameIdError } from '../../core/errors.js';
import { splitGameId } from '../../core/puzzle.js';
import { makeBoard, masksOf, positionOf } from './board.js';
import { decodeDesc, decodeParams, encodeDesc, encodeParams, parseSeed } from './codec.js';
import { CountLimitError, CountTimeoutError, count as exactCount, firstSolution } from './exact.js';
import { generate } from './generate.js';
import { gradeBoard } from './grade.js';
import { hint } from './hint.js';
import { status } from './moves.js';

export {
  ALL_STATES, EdgeState, Mark, arrowsOf, boardFromClues, boardFromText, boardToText, cellName, cellOk,
  clueToken, edgeBetween, formatPosition, geometry, isSolution, makeBoard, markMask, masksOf,
  newPosition, positionOf, setMark, stateMark,
} from './board.js';
export {
  DEFAULT_PARAMS, FORMAT_VERSION, GRADES, MAX_SIDE, MIN_SIDE, PRESETS, decodeDesc, decodeParams,
  encodeDesc, encodeParams, makeParams, parseSeed, toParams, validateParams,
} from './codec.js';
export { DAILY_PRESET, LAUNCH, daily, dailyId, dailyNumber, dailySeedText } from './daily.js';
export {
  CountLimitError, CountTimeoutError, analyse, firstSolution, forcedStates, isLost, solutions,
} from './exact.js';
export { GENERATOR_VERSION, MAX_ATTEMPTS, boardFromSolution, generate, recipe } from './generate.js';
export { HARD_CUT_ROUNDS, gradeBoard } from './grade.js';
export { blame, wrongMarks } from './blame.js';
export { HintKind, hint, lastMarkEdge, obviousEmpties } from './hint.js';
export { allFree, propagate } from './local.js';
export { applyMoves, cellReport, executeMove, formatMove, parseMove, splitMoves, status } from './moves.js';
export {
  BUDGET as PROOF_BUDGET, edgeName, nodeName, parseNode, proveHint, proveLost, regionNumbers,
} from './proof.js';
export { probe, relax } from './relax.js';
export { markAgrees, takeBack, wrongEdges } from './takeback.js';
export { MINUS, clueText, hintHeadline, lostHeadline, proofWords } from './words.js';
export { GameIdError };

/**
 * Read "params:desc" or "params#seed" into a board, throwing GameIdError on bad
 * input — without parseGameId's safety net, so tests see any other exception.
 * A seed-form ID generates its board (as Python's CLI does).
 */
export function readGameId(text) {
  const gid = splitGameId(text);
  const params = decodeParams(gid.params);
  if (gid.desc !== undefined) {
    const { rows, cols, cells } = decodeDesc(gid.desc, params);
    return makeBoard(rows, cols, cells, params);
  }
  return generate(params, parseSeed(gid.seed)).board;
}

/** Read a game ID into a board; throws GameIdError (one line) and never anything else. */
export function parseGameId(text) {
  try {
    return readGameId(text);
  } catch (err) {
    if (err instanceof GameIdError) throw err;
    throw new GameIdError(`cannot read that game ID (${String(err && err.message).split('\n')[0].slice(0, 80)})`);
  }
}

/** The fixed-board game ID "RxCdG:desc", byte-identical to Python's. */
export function formatGameId(board) {
  const params = board.params || { rows: board.rows, cols: board.cols, grade: 'easy' };
  return `${encodeParams(params)}:${encodeDesc({ rows: board.rows, cols: board.cols, cells: board.clues })}`;
}

/**
 * Exact number of completions of a board under player marks (all free when
 * marks is null): {count: BigInt, capped, timedOut}. With cap the count stops
 * at cap (cap 2 decides uniqueness). When the deadline passes, or the board is
 * too open for the counter's state limits (Python's CountLimitError), the
 * answer is {count: null, capped: false, timedOut: true, reason: 'deadline' | 'limit'}.
 */
export function count(board, marks = null, { cap = null, deadlineMs = null } = {}) {
  const masks = marks === null || marks === undefined ? null : masksOf(positionOf(board, marks).marks);
  const deadline = deadlineMs === null || deadlineMs === undefined ? null : performance.now() + deadlineMs;
  try {
    const r = exactCount(board, masks, { cap, deadline });
    return { count: BigInt(r.value), capped: r.capped, timedOut: false };
  } catch (err) {
    if (err instanceof CountTimeoutError) return { count: null, capped: false, timedOut: true, reason: 'deadline' };
    if (err instanceof CountLimitError) return { count: null, capped: false, timedOut: true, reason: 'limit' };
    throw err;
  }
}

/**
 * The unique solution's edge states (0 unused, 1 forward, 2 backward) — also
 * valid marks, unused edges left free — or null when the board has none.
 * On a board with several it is the first in sweep order.
 */
export function solution(board) {
  return firstSolution(board);
}

/** Grade a board by the hint ladder (full run): {grade, solved, cutRounds, trialRounds, exactRounds}. */
export function grade(board) {
  return gradeBoard(board);
}

/**
 * What the lost-position alarm needs: {status, count (BigInt, capped at 2),
 * capped, timedOut, lost, cell, region, surplus, boundary, outward, text}.
 * region is the offending Gale region's cells (or the dead cell) when the
 * relaxation sees one, else null.
 */
export function analysePosition(pos, { deadlineMs = null } = {}) {
  const c = count(pos.board, pos.marks, { cap: 2, deadlineMs });
  const out = {
    ...c, status: 'playing', lost: false, cell: -1, region: null, surplus: null, boundary: null, outward: null, text: '',
    proof: null, words: [], regions: [],
  };
  if (c.timedOut) return out;
  if (c.count === 0n) {
    const h = hint(pos);
    return {
      ...out, status: 'lost', lost: true, cell: h.cell, region: h.region, surplus: h.surplus, boundary: h.boundary,
      outward: h.outward, text: h.text, proof: h.proof, words: h.words, regions: h.regions,
    };
  }
  return { ...out, status: status(pos) };
}
