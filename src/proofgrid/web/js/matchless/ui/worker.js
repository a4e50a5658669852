// The Matchless Web Worker: the midend's answers (js/app/midend.js ANSWERS)
// run here, never on the page's thread: par and its X-ray for the play
// screen, the editor and the result page, the remaining par after every
// strike, and the hint. A position travels as its game ID
// and the shells struck in order, and is rebuilt here by the engine's rules.
//
// Request  {id, op, args}
// Replies  {id, ok: true, result} | {id, ok: false, error: oneLineMessage}
// Ops and their args (gameId is "RxC:desc" or "RxCdNNfK#seed"; moves the
// shells struck, in order):
//   hint   {gameId, moves} -> the proved hint (engine/hint.js: move, shell,
//                             component, words, proof, extra), or null once won
//   status {gameId, moves} -> {status: 'won' | 'playing', matches, remainingPar, par}
//   daily  {date}          -> {id, number, date}: the daily board of a date (the engine's daily)
//   generate {rows, cols, seed} -> {id}: a new random board (the engine's default
//                             generator at that size), as its fixed game ID
//   board  {gameId}        -> {id}: the fixed game ID of any game ID (a seeded
//                             "RxC…#seed" ID runs the generator, so it is read here)
//   solve  {gameId}        -> {par, witness, labels, sources, count, hiddenSources}
//                             (par's proof: the X-ray; count components, hiddenSources
//                             the source components that are loops)
// handleMessage is exported so node:test drives the protocol without a browser.

import * as M from '../engine/index.js';
import { hint as provedHint } from '../engine/hint.js';

const boards = new Map();

function boardOf(gameId) {
  if (typeof gameId !== 'string') throw new M.GameIdError('gameId must be text');
  let b = boards.get(gameId);
  if (!b) {
    b = M.parseGameId(gameId);
    if (boards.size >= 16) boards.delete(boards.keys().next().value);
    boards.set(gameId, { board: b, solution: M.solve(b) });
    b = boards.get(gameId);
  }
  return b;
}

/** The position after striking `moves` (each must be an unlit shell: the engine refuses any other). */
function positionOf(board, moves = []) {
  if (!Array.isArray(moves)) throw new M.GameIdError('moves must be a list of shells');
  return moves.reduce((state, shell) => M.strike(state, shell).state, M.newGame(board));
}

const plain = (x) => JSON.parse(JSON.stringify(x));

const OPS = {
  daily({ date }) {
    const d = M.daily(date);
    return { id: d.id, number: d.number, date: d.date };
  },
  generate({ rows, cols, seed }) {
    const board = M.generate(M.makeParams({ ...M.DEFAULT_PARAMS, rows, cols }), seed);
    return { id: M.formatGameId(board) };
  },
  board({ gameId }) {
    if (typeof gameId !== 'string') throw new M.GameIdError('gameId must be text');
    return { id: M.formatGameId(M.parseGameId(gameId)) };
  },
  hint({ gameId, moves }) {
    const { board, solution } = boardOf(gameId);
    const h = provedHint(positionOf(board, moves), solution.par);
    return { hint: h ? plain(h) : null };
  },
  status({ gameId, moves }) {
    const { board, solution } = boardOf(gameId);
    const state = positionOf(board, moves);
    return { status: M.status(state), matches: state.matches, remainingPar: M.remainingPar(state), par: solution.par };
  },
  solve({ gameId }) {
    const { solution } = boardOf(gameId);
    return {
      par: solution.par,
      witness: [...solution.witness],
      labels: [...solution.labels],
      sources: [...solution.sources],
      count: solution.count,
      hiddenSources: solution.hiddenSources,
    };
  },
};

/** Answer one request through post(); never throws. */
export function handleMessage(data, post) {
  const { id, op, args } = data || {};
  try {
    const fn = Object.hasOwn(OPS, op) ? OPS[op] : null;
    if (!fn) throw new M.GameIdError(`unknown op ${JSON.stringify(String(op))}`);
    post({ id, ok: true, result: fn(args || {}) });
  } catch (err) {
    const msg = String((err && err.message) || err).split('\n')[0];
    post({ id, ok: false, error: msg || 'the engine failed' });
  }
}

if (typeof self !== 'undefined' && typeof self.postMessage === 'function' && typeof window === 'undefined') {
  self.onmessage = (e) => handleMessage(e.data, (msg) => self.postMessage(msg));
}
