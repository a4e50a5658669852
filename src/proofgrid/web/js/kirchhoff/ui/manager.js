// The game manager for one Kirchhoff board (after 2048's GameManager): owns
// the position and its history, knows nothing of the DOM and decides no rule
// itself (the engine does). Every present position is an immutable engine
// position; undo/redo are two stacks of them (js/app/history.js).
//
// A drag draws several arrows as one stroke: beginStroke() .. endStroke()
// collapses them into a single undo step. Whether a position can still be
// completed is the engine's exact verdict, usually computed in a worker: the
// view records it with noteVerdict(); rewindToCompletable() walks back to the
// last position in the history that is not lost, asking `isLost` for any
// position whose verdict is not known yet.

import { History } from '../../app/history.js';
import { CROSS, FREE, arrowMark, cycleMark, edgeCount } from './layout.js';

const MARKS_RE = /^[0-3]*$/;

/** Marks as text, one digit per edge ("0120..."), for saving a game. */
export function marksToText(marks) {
  return Array.from(marks, (m) => String(m)).join('');
}

/** Inverse of marksToText for a board with `n` edges; null when the text does not fit. */
export function marksFromText(text, n) {
  if (typeof text !== 'string' || text.length !== n || !MARKS_RE.test(text)) return null;
  return Array.from(text, Number);
}

export class KirchhoffManager {
  /**
   * @param engine the Kirchhoff engine module (newPosition, setMark, cellReport)
   * @param board an engine board
   * @param keep (start) -> History: where the positions are kept (the midend's
   *   Game.keep, js/app/midend.js); a History of its own when not given
   */
  constructor(engine, board, { keep = (start) => new History(start) } = {}) {
    this.engine = engine;
    this.board = board;
    this.edges = edgeCount(board.rows, board.cols);
    this.start = engine.newPosition(board);
    this.history = keep(this.start);
    this.verdicts = new WeakMap(); // position -> true (lost) | false (completable)
    this.verdicts.set(this.start, false); // a published board's start can be completed
    this.stroke = null; // {index} while a drag is drawing
    this.hintsShown = 0; // HINT presses that showed a reason
    this.hintsApplied = 0; // edges a second HINT press drew
    this.solutionShown = false;
  }

  get position() { return this.history.present; }
  get marks() { return this.position.marks; }
  get canUndo() { return this.history.canUndo && !this.stroke; }
  get canRedo() { return this.history.canRedo && !this.stroke; }
  get moves() { return this.history.index; }

  mark(edge) { return this.position.marks[edge]; }

  _valid(edge, mark) {
    return Number.isInteger(edge) && edge >= 0 && edge < this.edges
      && Number.isInteger(mark) && mark >= FREE && mark <= CROSS;
  }

  /** Put `mark` on `edge`; a new history step unless it is already there. Returns true if changed. */
  set(edge, mark) {
    if (!this._valid(edge, mark) || this.position.marks[edge] === mark) return false;
    this.history.push(this.engine.setMark(this.position, edge, mark));
    return true;
  }

  /** The tap cycle on one edge: unused -> one direction -> the other -> unused. */
  cycle(edge) {
    if (!this._valid(edge, FREE)) return false;
    return this.set(edge, cycleMark(this.position.marks[edge]));
  }

  /** Start a drag: the arrows it draws become one undo step. */
  beginStroke() {
    if (this.stroke) this.endStroke();
    this.stroke = { index: this.history.index, before: new Map() };
  }

  /**
   * Draw an arrow from cell `tail` to the neighbouring cell `head` during a
   * stroke. With `retrace` (the drag went back over the edge it just drew)
   * the edge gets back the mark it had before the stroke instead.
   * Returns the edge changed, or -1.
   */
  strokeArrow(tail, head, { retrace = false } = {}) {
    const am = arrowMark(this.board.rows, this.board.cols, tail, head);
    if (!am) return -1;
    const { edge } = am;
    if (this.stroke && !this.stroke.before.has(edge)) this.stroke.before.set(edge, this.position.marks[edge]);
    const mark = retrace && this.stroke ? this.stroke.before.get(edge) : am.mark;
    return this.set(edge, mark) ? edge : -1;
  }

  /** End a drag: everything drawn since beginStroke() becomes one step. */
  endStroke() {
    const s = this.stroke;
    this.stroke = null;
    if (!s || this.history.index <= s.index + 1) return;
    const final = this.history.present;
    this.history.rewindTo(s.index);
    this.history.push(final);
  }

  undo() { return !this.stroke && this.history.undo(); }
  redo() { return !this.stroke && this.history.redo(); }

  /** Wipe every mark (undoable); false when nothing is drawn. */
  clear() {
    if (this.position.marks.every((m) => m === FREE)) return false;
    this.history.push(this.start);
    return true;
  }

  /** Draw a complete solution (marks per edge, 0 free / 1 / 2 / 3 cross); undoable. */
  showSolution(marks) {
    if (!Array.isArray(marks) && !ArrayBuffer.isView(marks)) return false;
    if (marks.length !== this.edges) return false;
    let pos = this.position;
    for (let e = 0; e < this.edges; e++) {
      const m = marks[e] === FREE ? CROSS : marks[e];
      if (pos.marks[e] !== m) pos = this.engine.setMark(pos, e, m);
    }
    this.solutionShown = true;
    if (pos === this.position) return false;
    this.history.push(pos);
    this.verdicts.set(pos, false);
    return true;
  }

  /** The second HINT press: draw the hinted mark. */
  applyHint(hint) {
    if (!hint || !this._valid(hint.edge, hint.mark)) return false;
    const before = this.position;
    const changed = this.set(hint.edge, hint.mark);
    if (changed) {
      this.hintsApplied += 1;
      // A forced mark keeps a completable position completable.
      if (this.verdicts.get(before) === false) this.verdicts.set(this.position, false);
    }
    return changed;
  }

  /**
   * Free the marks on `edges` as one undoable step ("take back the wrong
   * marks": the edges whose marks disagree with the unique solution, so the
   * result can still be completed). Returns true if anything changed.
   */
  freeEdges(edges) {
    if (this.stroke) this.endStroke();
    let pos = this.position;
    for (const e of edges) if (this._valid(e, FREE) && pos.marks[e] !== FREE) pos = this.engine.setMark(pos, e, FREE);
    if (pos === this.position) return false;
    this.history.push(pos);
    this.verdicts.set(pos, false);
    return true;
  }

  /** Draw an arrow from cell `tail` to its neighbour `head`, or take it back when it is already there. */
  cellArrow(tail, head) {
    const am = arrowMark(this.board.rows, this.board.cols, tail, head);
    if (!am) return false;
    return this.set(am.edge, this.position.marks[am.edge] === am.mark ? FREE : am.mark);
  }

  /** Per-cell clue report of the present position (the engine's cellReport). */
  reports() {
    const out = [];
    for (let c = 0; c < this.board.rows * this.board.cols; c++) out.push(this.engine.cellReport(this.position, c));
    return out;
  }

  /** True when the arrows drawn meet every clue (free and crossed edges count as unused). */
  get won() {
    const n = this.board.rows * this.board.cols;
    for (let c = 0; c < n; c++) if (!this.engine.cellReport(this.position, c).satisfied) return false;
    return true;
  }

  /** Record whether `pos` is lost (true) or can still be completed (false). */
  noteVerdict(pos, lost) { this.verdicts.set(pos, Boolean(lost)); }

  /** The recorded verdict for `pos`: true lost, false completable, undefined unknown. */
  verdict(pos = this.position) { return this.verdicts.get(pos); }

  /**
   * Index (in history.states()) of the last position that can still be
   * completed. `isLost(pos)` (sync or async) answers for positions whose
   * verdict is unknown; the start position always can be.
   */
  async lastCompletableIndex(isLost) {
    const states = this.history.states();
    for (let i = states.length - 1; i > 0; i--) {
      let v = this.verdicts.get(states[i]);
      if (v === undefined) {
        v = Boolean(await isLost(states[i]));
        this.verdicts.set(states[i], v);
      }
      if (!v) return i;
    }
    return 0;
  }

  /** Undo to the last position that could still be completed (the rest stays redoable). */
  async rewindToCompletable(isLost) {
    if (this.stroke) this.endStroke();
    const present = this.history.present;
    const i = await this.lastCompletableIndex(isLost);
    if (this.history.present !== present) return false; // the player moved meanwhile
    if (i === this.history.index) return false;
    this.history.rewindTo(i);
    return true;
  }

  /** Restore saved marks (as one step from the start); false when they do not fit. */
  restore(text) {
    const marks = marksFromText(text, this.edges);
    if (!marks) return false;
    let pos = this.start;
    marks.forEach((m, e) => { if (m !== FREE) pos = this.engine.setMark(pos, e, m); });
    if (pos === this.start) return true;
    this.history.push(pos);
    return true;
  }

  marksText() { return marksToText(this.position.marks); }
}
