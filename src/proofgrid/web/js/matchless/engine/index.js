// The Matchless engine in the browser: the one import the UI needs. It mirrors
// the Python engine (src/proofgrid/matchless/) module for module, and
// tools/crosscheck.py proves the two agree board for board. No DOM here: the
// same files run in Node (tests, cross-check) and in a Web Worker.
//
//   parseGameId(text) -> board            (throws GameIdError, nothing else)
//   formatGameId(board) -> "RxC:desc"     (byte-identical to Python's game_id)
//   generate(params, seed) -> board
//   solve(board) -> {par, witness, labels, sources, condEdges, myopicGap, hiddenSources, ...}
//   newGame(board) -> state; strike(state, shell) -> {state, depths}; remainingPar(state)
//   daily(dateISO) -> {id, number, board, ...}; PRACTICE (12 game IDs)
// The duel bot lives in duel.js (imported by the worker only).

export { cellName, DIRECTIONS, DX, DY, makeBoard } from './board.js';
export { crc16, decodeDesc, encodeDesc, formatGameId } from './codec.js';
export { splitGameId } from '../../core/puzzle.js';
export { DAILY_PARAMS, clearsBar, daily, dateOfNumber, puzzleNumber } from './daily.js';
export { LAUNCH, parseDate } from '../../core/dates.js';
export { GameIdError } from '../../core/errors.js';
export { GENERATOR_VERSION, generate } from './generate.js';
export { seedValue } from '../../core/puzzle.js';
export { hint, moveName, newGame, parseGameId, readGameId, remainingPar, status, strike } from './game.js';
export { DEFAULT_PARAMS, MAX_SIZE, MIN_SIZE, PRESETS, decodeParams, encodeParams, makeParams, validateParams } from './params.js';
export { PRACTICE, PRACTICE_BOARDS } from './practice.js';
export { biggestCascade, myopicMatches, remainingParOf, solve } from './solve.js';
