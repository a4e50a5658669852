// Game IDs, the play state, moves and status, mirroring
// src/proofgrid/matchless/game.py. A state is immutable (frozen): the board,
// which shells are lit, and the shells struck so far; undo is a list of states.
// strike() also returns the cascade's BFS depths, which the UI animates.

import { bfsDepths } from '../../core/graph.js';
import { cellName } from './board.js';
import { formatGameId, parseFixedId } from './codec.js';
import { splitGameId } from '../../core/puzzle.js';
import { GameIdError } from '../../core/errors.js';
import { generate } from './generate.js';
import { decodeParams } from './params.js';
import { remainingParOf } from './solve.js';

export { formatGameId };

/**
 * Read "RxC:desc" or "RxCdNNfK#seed" into a board, throwing GameIdError on bad
 * input — without parseGameId's safety net, so tests see any other exception.
 */
export function readGameId(text) {
  const gid = splitGameId(text);
  if (gid.desc !== undefined) return parseFixedId(gid.params, gid.desc);
  return generate(decodeParams(gid.params), gid.seed);
}

/**
 * Read "RxC:desc" or "RxCdNNfK#seed" into a board. Throws GameIdError (one-line
 * message) for every malformed input and never any other exception.
 */
export function parseGameId(text) {
  try {
    return readGameId(text);
  } catch (err) {
    if (err instanceof GameIdError) throw err;
    // Defence in depth: the fuzz tests and the cross-check call readGameId
    // directly and never get here, but a link must only ever surface a GameIdError.
    throw new GameIdError(`cannot read that game ID (${String(err && err.message).split('\n')[0].slice(0, 80)})`);
  }
}

function makeState(board, lit, moves) {
  let unlit = 0n;
  let left = 0;
  for (let v = lit.length - 1; v >= 0; v--) {
    unlit <<= 1n;
    if (!lit[v]) {
      unlit |= 1n;
      left++;
    }
  }
  return Object.freeze({
    board,
    lit: Object.freeze(lit),
    unlit,
    left,
    moves: Object.freeze(moves),
    matches: moves.length,
  });
}

/** The starting position: every shell unlit. */
export function newGame(board) {
  return makeState(board, new Array(board.shells.length).fill(false), []);
}

/**
 * Strike a match on an unlit shell: the cascade lights every shell reachable
 * through unlit shells. Returns {state, depths: Map shell -> BFS depth (struck
 * shell 0, in BFS order)}. Throws GameIdError for a missing or lit shell. O(n + m).
 */
export function strike(state, shell) {
  const { board } = state;
  if (!Number.isInteger(shell) || shell < 0 || shell >= board.shells.length) {
    throw new GameIdError(`there is no shell ${shell}`);
  }
  if (state.lit[shell]) {
    const [r, c] = board.shells[shell];
    throw new GameIdError(`shell ${cellName(r, c)} is already lit`);
  }
  const depths = bfsDepths(board.succ, [shell], state.lit);
  const lit = state.lit.slice();
  for (const v of depths.keys()) lit[v] = true;
  return Object.freeze({ state: makeState(board, lit, [...state.moves, shell]), depths });
}

/** Par of the still-unlit shells: matches used + this is the best score still reachable. */
export function remainingPar(state) {
  return remainingParOf(state.board, state.lit.map((x) => !x)).par;
}

/** "won" once every shell is lit, else "playing". */
export function status(state) {
  return state.left === 0 ? 'won' : 'playing';
}

/** A shell worth striking (lowest shell of the first unlit source component), or null once won. */
export function hint(state) {
  if (state.left === 0) return null;
  const rem = remainingParOf(state.board, state.lit.map((x) => !x));
  return Object.freeze({ shell: rem.witness[0], remainingPar: rem.par });
}

/** The canonical move name of a shell, e.g. "b3". */
export function moveName(board, shell) {
  const [r, c] = board.shells[shell];
  return cellName(r, c);
}
