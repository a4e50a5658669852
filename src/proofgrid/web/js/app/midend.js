// The browser's midend (after Simon Tatham's midend.c): what is the same for
// every puzzle's game, in one module of the shell that names no puzzle. The
// shell makes one Midend per registry row (js/app/puzzles.js: its `engine`
// and `worker`) and hands it to the puzzle's mount; the puzzle's views draw
// and turn input into intents, and call the midend for everything else:
//
//   resolve(id)        a link's game ID -> {gid (canonical), board}, through
//                      the engine's parseGameId/formatGameId (ENGINE_CONTRACT)
//   open({...})        one Game: its undo/redo history and its record
//   ask(op, args)      the engine's answers (hint, status, solve, and the
//                      puzzle's own slow ops) in the puzzle's Web Worker, so no
//                      answer is ever computed on the page's thread
//
// A Game (below) owns the game's record (js/app/record.js): moves, hints
// used, X-ray used, solution shown, finished, at par, dates; it keeps the
// history of immutable positions (js/app/history.js) and makes the result
// code from the record, so every page that reads it tells the same story.
// The midend calls the puzzle's engine and worker, never the reverse.

import { missingFromContract } from '../core/puzzle.js';
import { encodeResult, resultLink } from '../core/result.js';
import { History } from './history.js';
import { makeRecord, resultFields } from './record.js';
import { WorkerClient } from './worker-client.js';

/** The contract's answers: asked of the puzzle's worker, never computed on the page. */
export const ANSWERS = Object.freeze(['hint', 'status', 'solve']);

/** The engine's one-line refusal of a contract it does not fill. */
export class ContractError extends Error {
  constructor(puzzle, missing) {
    super(`the ${puzzle} engine does not fill the contract (missing ${missing.join(', ')})`);
    this.name = 'ContractError';
  }
}

/**
 * An `ask(op, args, opts)` that posts to the module worker at `url` (one
 * worker, replaced after a time-out: js/app/worker-client.js) and resolves
 * the worker's result.
 */
export function workerAsk(url) {
  let client = null;
  return async (op, args, { timeoutMs = 30000, onProgress = null } = {}) => {
    client ||= new WorkerClient(url);
    const { result } = await client.call({ op, args }, { timeoutMs, onProgress });
    return result;
  };
}

/**
 * An `ask` that answers through a worker's own message handler in this
 * thread (`handleMessage(data, post)`, the protocol of js/app/worker-client.js):
 * for Node, where the tests drive the real worker code without a browser.
 */
export function handlerAsk(handleMessage) {
  let next = 1;
  return (op, args) => new Promise((resolve, reject) => {
    const id = next++;
    handleMessage({ id, op, args }, (msg) => {
      if (msg.id !== id || msg.ok === undefined) return; // progress
      if (msg.ok) resolve(msg.result);
      else reject(new Error(msg.error || 'worker failed'));
    });
  });
}

export class Midend {
  /**
   * @param {{puzzle: string, engine: object, ask?: Function | null, now?: () => number}} opts
   *   puzzle: the registry name; engine: the engine module (it must fill
   *   ENGINE_CONTRACT, js/core/puzzle.js); ask(op, args, opts) -> Promise of
   *   the worker's result (workerAsk or handlerAsk); now: the clock.
   */
  constructor({ puzzle, engine, ask = null, now = () => Date.now() }) {
    const missing = missingFromContract(engine || {});
    if (missing.length) throw new ContractError(puzzle, missing);
    this.puzzle = puzzle;
    this.engine = engine;
    this.asker = ask;
    this.now = now;
  }

  /** The board of a game ID and its canonical ID: {gid, board}; throws the engine's GameIdError. O(size of the ID). */
  resolve(id) {
    const board = this.engine.parseGameId(id);
    return { gid: this.engine.formatGameId(board), board };
  }

  /** Ask the puzzle's worker `op` with `args`: a promise of its result (rejects with a one-line Error). */
  ask(op, args = {}, opts = {}) {
    if (!this.asker) return Promise.reject(new Error(`${this.puzzle} has no worker to ask`));
    return this.asker(op, args, opts);
  }

  /** The engine's hint of a position (the worker's `hint` op). */
  hint(args, opts) { return this.ask('hint', args, opts); }

  /** The engine's status of a position (the worker's `status` op). */
  status(args, opts) { return this.ask('status', args, opts); }

  /** The engine's solution of a board (the worker's `solve` op). */
  solve(args, opts) { return this.ask('solve', args, opts); }

  /**
   * Open one game: `gid` (canonical) and `board`, its saved `record` fields
   * (hints, xray, revealed, finished, dates; a daily's date and number), and
   * `onRecord(record)`, called after every change of the record (to save it).
   */
  open({ gid, board = null, record = {}, onRecord = null }) {
    return new Game(this, { gid, board, record, onRecord });
  }
}

/**
 * One game: its history of immutable positions (undo/redo) and its record.
 * A view tells the game what the player did (note*, finish) and reads the
 * record back; the game never draws.
 */
export class Game {
  constructor(midend, { gid, board, record, onRecord }) {
    this.midend = midend;
    this.gid = gid;
    this.board = board;
    this.onRecord = onRecord;
    this.history = null;
    this.record = makeRecord({ ...record, puzzle: midend.puzzle, gid });
  }

  /** The history of this game's positions, started at `start` (a puzzle's manager keeps its positions here). */
  keep(start) {
    this.history = new History(start);
    return this.history;
  }

  /** The record with `changes` applied, stamped `updated` (and `started` the first time); tells onRecord. */
  note(changes) {
    const now = this.midend.now();
    const r = this.record;
    this.record = makeRecord({ ...r, ...changes, puzzle: r.puzzle, gid: r.gid, started: r.started ?? now, updated: now });
    this.onRecord?.(this.record);
    return this.record;
  }

  /** The game now stands at `moves` moves (after a move, an undo, a redo). */
  noteMoves(moves) {
    if (moves === this.record.moves && !this.record.finished) return this.record;
    return this.note({ moves });
  }

  /** One more hint looked at. */
  noteHint() { return this.note({ hints: this.record.hints + 1 }); }

  /** The X-ray was shown (once is enough: it stays recorded). */
  noteXray() { return this.record.xray ? this.record : this.note({ xray: true }); }

  /** The solution was shown. */
  noteRevealed() { return this.record.revealed ? this.record : this.note({ revealed: true }); }

  /**
   * The game is finished in `moves` moves with `par` (null: the puzzle has
   * none). The first finish stamps finishedAt; a later one (a replay) keeps it.
   */
  finish({ moves, par = null }) {
    const r = this.record;
    return this.note({ finished: true, moves, par, finishedAt: r.finishedAt ?? this.midend.now() });
  }

  /** Back to playing (an undo after the finish). */
  unfinish(moves) {
    return this.record.finished ? this.note({ finished: false, moves }) : this.noteMoves(moves);
  }

  /** Ask the worker for the hint of this game's position `args` (the game ID is added). */
  hint(args = {}, opts) { return this.midend.hint({ gameId: this.gid, ...args }, opts); }

  /** Ask the worker for the status of this game's position `args`. */
  status(args = {}, opts) { return this.midend.status({ gameId: this.gid, ...args }, opts); }

  /** Ask the worker for this game's solution. */
  solve(args = {}, opts) { return this.midend.solve({ gameId: this.gid, ...args }, opts); }

  /** The result code of the record and `moveNames` (the moves in the puzzle's notation). */
  resultCode(moveNames) { return encodeResult(resultFields(this.record, moveNames)); }

  /** The #result/ link of the record and `moveNames`. */
  resultLink(moveNames) { return resultLink(this.resultCode(moveNames)); }
}
