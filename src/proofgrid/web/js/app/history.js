// Undo/redo over immutable states with two stacks (the puzzle "midend").
// The present state is never on a stack; push() clears the redo stack.

export class History {
  constructor(initial) {
    this._past = [];
    this._present = initial;
    this._future = [];
  }

  get present() { return this._present; }
  get canUndo() { return this._past.length > 0; }
  get canRedo() { return this._future.length > 0; }
  /** Number of states before the present one (the present's index). */
  get index() { return this._past.length; }

  /** Make `state` the present; the old present becomes undoable, redo is dropped. */
  push(state) {
    this._past.push(this._present);
    this._present = state;
    this._future = [];
  }

  undo() {
    if (!this._past.length) return false;
    this._future.push(this._present);
    this._present = this._past.pop();
    return true;
  }

  redo() {
    if (!this._future.length) return false;
    this._past.push(this._present);
    this._present = this._future.pop();
    return true;
  }

  /** Every state from the first to the present, oldest first. */
  states() { return [...this._past, this._present]; }

  /** Undo until the present is the state at `index` (keeps the rest redoable). */
  rewindTo(index) {
    if (!Number.isInteger(index) || index < 0 || index > this._past.length) {
      throw new RangeError(`cannot rewind to state ${index}`);
    }
    while (this._past.length > index) this.undo();
  }

  /** Forget everything but `state`. */
  reset(state) {
    this._past = [];
    this._present = state;
    this._future = [];
  }
}
