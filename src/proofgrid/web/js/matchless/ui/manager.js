// The game manager for one board (after 2048's GameManager): owns the rules'
// state and its history, knows nothing of the DOM. Every position is an
// immutable snapshot {game, lit, moves, remPar}; undo/redo are two stacks of
// snapshots, and "rewind" goes back to the last position from which par was
// still reachable (matches used + remaining par == par).

import { History } from '../../app/history.js';

export class PlayManager {
  /**
   * @param engine {solve, newGame, strike, remainingPar} @param board an engine board
   * @param keep (start) -> History: where the positions are kept (the midend's
   *   Game.keep, js/app/midend.js); a History of its own when not given
   */
  constructor(engine, board, { keep = (start) => new History(start) } = {}) {
    this.engine = engine;
    this.board = board;
    this.solution = engine.solve(board);
    this.history = keep(Object.freeze({
      game: engine.newGame(board),
      lit: Object.freeze(new Array(board.shells.length).fill(false)),
      moves: Object.freeze([]),
      remPar: this.solution.par,
    }));
  }

  get snapshot() { return this.history.present; }
  get par() { return this.solution.par; }
  get used() { return this.snapshot.moves.length; }
  get remainingPar() { return this.snapshot.remPar; }
  /** The best final score still reachable from here. */
  get bestReachable() { return this.used + this.remainingPar; }
  /** How many matches over par the best finish from here would be (0 = par reachable). */
  get over() { return this.bestReachable - this.par; }
  get won() { return this.snapshot.lit.every(Boolean); }
  get canUndo() { return this.history.canUndo; }
  get canRedo() { return this.history.canRedo; }
  get canRewind() { return this.lastReachableIndex() !== this.history.index; }

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
      remPar: this.engine.remainingPar(state),
    }));
    return { depths };
  }

  undo() { return this.history.undo(); }
  redo() { return this.history.redo(); }

  /** Index (in history.states()) of the last position from which par was reachable. */
  lastReachableIndex() {
    const states = this.history.states();
    for (let i = states.length - 1; i >= 0; i--) {
      if (states[i].moves.length + states[i].remPar === this.par) return i;
    }
    return 0;
  }

  /** Go back to the last position where par was reachable; false when already there. */
  rewind() {
    const i = this.lastReachableIndex();
    if (i === this.history.index) return false;
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
