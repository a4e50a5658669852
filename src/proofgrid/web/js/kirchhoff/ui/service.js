// The page's side of the Kirchhoff worker (worker.js): every slow question —
// generating, the daily, hints and lost verdicts, counting, grading — goes to
// a Web Worker, so the page never freezes. The contract's answers (hint,
// status, solve) and the obvious empties are the midend's (js/app/midend.js:
// it asks the registry row's worker); the builder (it can be stopped and replaced when the player asks
// for another board) and the counter (stopped after every editor change) are
// workers of this service's own, through js/app/worker-client.js.

import { WorkerClient } from '../../app/worker-client.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return ((BigInt(a[0]) << 32n) | BigInt(a[1])).toString();
}

export class KirchhoffService {
  /**
   * @param engine the engine module (to turn a worker's board back into a board of this page)
   * @param midend the puzzle's Midend (js/app/midend.js): hints and solutions are asked through it
   */
  constructor(engine, midend) {
    this.engine = engine;
    this.midend = midend;
    this.builder = new WorkerClient(WORKER_URL);
    this.counter = new WorkerClient(WORKER_URL);
  }

  _board(result) {
    // Structured clone drops nothing we need, but re-reading the fixed game ID
    // gives a board exactly as this page's engine builds it.
    const src = result.board || result;
    const id = this.engine.formatGameId(src);
    return { id, board: this.engine.parseGameId(id) };
  }

  /**
   * A new board: {preset} or {params, seed}. onProgress({phase, done, total}).
   * Resolves {id (fixed), seedId, board, grade, ms}.
   */
  async generate({ preset, params, seed = randomSeed() } = {}, onProgress = null) {
    const args = preset ? { preset, seed } : { params, seed };
    const { result, ms } = await this.builder.call({ op: 'generate', args }, { timeoutMs: 60000, onProgress });
    const { id, board } = this._board(result);
    return { id, seedId: result.id, board, grade: result.grade, ms };
  }

  /** The daily board of a date: {id, number, board, preset, ms}. */
  async daily(dateISO, onProgress = null) {
    const { result, ms } = await this.builder.call({ op: 'daily', args: { date: dateISO } }, { timeoutMs: 60000, onProgress });
    const { id, board } = this._board(result);
    return { id, number: result.number, preset: result.preset, board, ms };
  }

  /** Stop a generation in progress (the worker is replaced on the next call). */
  cancelBuild() { this.builder.terminate(); }

  /** The engine's hint (with its reason and proof) for a position: marks per edge; last = the last mark's edge. */
  async hint(gameId, marks, last = -1) {
    const t0 = performance.now();
    const result = await this.midend.hint({ gameId, marks: Array.from(marks), last }, { timeoutMs: 30000 });
    return { ...result, ms: performance.now() - t0, workerMs: result.ms };
  }

  /** The board's solution (edge states 0/1/2), computed in the worker. */
  async solve(gameId) {
    const result = await this.midend.solve({ gameId }, { timeoutMs: 30000 });
    return result.solution;
  }

  /** The free edges cell steps alone prove unused in a position (the worker's `empties` op): a list of edges. */
  async empties(gameId, marks) {
    const result = await this.midend.ask('empties', { gameId, marks: Array.from(marks) }, { timeoutMs: 30000 });
    return result.edges;
  }

  /** Count completions, capped, within a time budget: {count (BigInt), capped, timedOut, ms}. */
  async count(gameId, marks, { cap = 2, deadlineMs = 1500 } = {}) {
    const args = { gameId, cap, deadlineMs };
    if (marks) args.marks = Array.from(marks);
    const { result, ms } = await this.counter.call({ op: 'count', args }, { timeoutMs: deadlineMs + 15000 });
    return { ...result, ms, workerMs: result.ms };
  }

  /** The grade of a board ('easy' | 'medium' | 'hard', or null when it is not unique): {grade, ms}. */
  async grade(gameId) {
    const { result, ms } = await this.counter.call({ op: 'grade', args: { gameId } }, { timeoutMs: 30000 });
    const g = result.grade;
    return { grade: g && typeof g === 'object' ? g.grade : g, ms, workerMs: result.ms };
  }

  /** Stop a count or grade in progress (the editor asks again after every change). */
  cancelCount() { this.counter.terminate(); }
}
