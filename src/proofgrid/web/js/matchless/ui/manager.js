// The game manager for one board (after 2048's GameManager): owns the rules'
// state and its history, knows nothing of the DOM. Every position is an
// immutable snapshot {game, lit, moves}; undo/redo are two stacks of
// snapshots, and "rewind" goes back to the last position from which par was
// still reachable (matches used + remaining par == par).
//
// Striking is the rules (the engine's newGame/strike, a cascade through the
// fuses), done here at once. The answers — par with its X-ray (solve) and
// the remaining par of each position (status) — are the worker's, asked
// through the midend's Game (js/app/midend.js): start() asks for the
// solution, answer() for the remaining par of every position not answered
// yet. Until they are in, par, remainingPar and over are null.

export class PlayManager {
  /**
   * @param engine {newGame, strike} (the rules) @param board an engine board
   * @param game the midend's Game of this board (js/app/midend.js): it keeps
   *   the positions (keep) and asks the worker (solve, status)
   */
  constructor(engine, board, { game }) {
    this.engine = engine;
    this.board = board;
    this.game = game;
    this.solution = null; // the worker's {par, witness, labels, sources, count, hiddenSources}
    this.remPars = new WeakMap(); // snapshot -> remaining par (the worker's status)
    this.asked = new WeakSet(); // snapshots whose remaining par is being asked
    this.history = game.keep(Object.freeze({
      game: engine.newGame(board),
      lit: Object.freeze(new Array(board.shells.length).fill(false)),
      moves: Object.freeze([]),
    }));
  }

  /** Ask the worker for par and its proof (the X-ray); resolves the solution. */
  async solve() {
    if (!this.solution) {
      const solution = await this.game.solve();
      this.solution = solution;
      this.remPars.set(this.history.states()[0], solution.par);
    }
    return this.solution;
  }

  /** The solution, then the remaining par of every position in the history (a restored game's too). */
  async start() {
    await this.solve();
    await this.answer();
    return this;
  }

  /**
   * Ask the worker for the remaining par of every position in the history
   * that has none yet (each asked once); resolves when they are all in.
   */
  async answer() {
    const asks = this.history.states().filter((s) => !this.remPars.has(s) && !this.asked.has(s)).map(async (s) => {
      this.asked.add(s);
      try {
        const { remainingPar } = await this.game.status({ moves: [...s.moves] });
        this.remPars.set(s, remainingPar);
      } finally {
        this.asked.delete(s);
      }
    });
    await Promise.all(asks);
  }

  get snapshot() { return this.history.present; }
  /** Par (null until the worker's solution is in). */
  get par() { return this.solution ? this.solution.par : null; }
  get used() { return this.snapshot.moves.length; }
  /** Par of the still-unlit shells (null until the worker has answered for this position). */
  get remainingPar() { return this.remPars.get(this.snapshot) ?? null; }
  /** Whether par and the remaining par of the present position are both known. */
  get answered() { return this.par !== null && this.remainingPar !== null; }
  /** The best final score still reachable from here (null while unknown). */
  get bestReachable() { return this.remainingPar === null ? null : this.used + this.remainingPar; }
  /** How many matches over par the best finish from here would be (0 = par reachable; null while unknown). */
  get over() { return this.answered ? this.bestReachable - this.par : null; }
  get won() { return this.snapshot.lit.every(Boolean); }
  get canUndo() { return this.history.canUndo; }
  get canRedo() { return this.history.canRedo; }
  get canRewind() {
    const i = this.lastReachableIndex();
    return i !== null && i !== this.history.index;
  }

  isLit(shell) { return this.snapshot.lit[shell]; }

  /** Strike an unlit shell; returns {depths} (Map shell -> BFS depth) or null if lit/won. */
  strike(shell) {
    const s = this.snapshot;
    if (!Number.isInteger(shell) || shell < 0 || shell >= s.lit.length || s.lit[shell]) return null;
    const { state, depths } = this.engine.strike(s.game, shell);
    const lit = s.lit.slice();
    for (const v of depths.keys()) lit[v] = true;
    this.history.push(Object.freeze({
      game: state,
      lit: Object.freeze(lit),
      moves: Object.freeze([...s.moves, shell]),
    }));
    return { depths };
  }

  undo() { return this.history.undo(); }
  redo() { return this.history.redo(); }

  /**
   * Index (in history.states()) of the last position from which par was
   * reachable; null while that cannot be told yet (an answer is still out).
   */
  lastReachableIndex() {
    if (this.par === null) return null;
    const states = this.history.states();
    for (let i = states.length - 1; i >= 0; i--) {
      const rem = this.remPars.get(states[i]);
      if (rem === undefined) return null;
      if (states[i].moves.length + rem === this.par) return i;
    }
    return 0;
  }

  /** Go back to the last position where par was reachable; false when already there (or not known yet). */
  rewind() {
    const i = this.lastReachableIndex();
    if (i === null || i === this.history.index) return false;
    this.history.rewindTo(i);
    return true;
  }

  /** Start over (the old game stays undoable). */
  restart() {
    if (!this.used) return false;
    this.history.push(this.history.states()[0]);
    return true;
  }

  /** Replay saved moves (restoring a game); stops at the first one that is not legal. */
  replay(moves) {
    for (const m of moves) if (!this.strike(m)) break;
  }
}
