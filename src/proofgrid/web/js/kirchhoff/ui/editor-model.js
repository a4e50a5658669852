// The Kirchhoff editor's model: an immutable grid of clues, each
// {kind: 'blank'|'source'|'sink'|'throughput', value}. Tools cycle a cell's
// value: a source or sink 1 -> 2 -> 3 -> 4 -> blank, a throughput
// 0 -> 1 -> 2 -> blank (the engine's ranges). No rule is decided here: the
// engine validates the board (boardFromClues) and the worker counts it.

import { checkSize } from '../../app/grid-size.js';

export const MIN_SIZE = 2;
export const MAX_SIZE = 16;
export const TOOLS = ['source', 'sink', 'throughput', 'blank'];
const MAX = { source: 4, sink: 4, throughput: 2 };
const MIN = { source: 1, sink: 1, throughput: 0 };
const BLANK = Object.freeze({ kind: 'blank', value: 0 });

function freeze(rows, cols, clues) {
  return Object.freeze({ rows, cols, clues: Object.freeze(clues.map((c) => Object.freeze({ ...c }))) });
}

export function emptyModel(rows, cols) {
  checkSize(rows, cols, MIN_SIZE, MAX_SIZE);
  return freeze(rows, cols, new Array(rows * cols).fill(BLANK));
}

/** The model of an engine board ({rows, cols, clues: [{cell, kind, value}]}). */
export function fromBoard(board) {
  const clues = new Array(board.rows * board.cols).fill(BLANK);
  for (const c of board.clues || []) {
    if (c.kind !== 'blank' && Number.isInteger(c.cell) && c.cell >= 0 && c.cell < clues.length) {
      clues[c.cell] = { kind: c.kind, value: c.value };
    }
  }
  return freeze(board.rows, board.cols, clues);
}

/** The clue a tool leaves on a cell that had `clue`. */
export function nextClue(clue, tool) {
  if (tool === 'blank' || !(tool in MAX)) return BLANK;
  if (clue.kind !== tool) return { kind: tool, value: MIN[tool] };
  return clue.value >= MAX[tool] ? BLANK : { kind: tool, value: clue.value + 1 };
}

/** Apply `tool` at `cell`. */
export function applyTool(model, cell, tool) {
  if (!(Number.isInteger(cell) && cell >= 0 && cell < model.clues.length)) return model;
  const clues = model.clues.slice();
  clues[cell] = nextClue(clues[cell], tool);
  return freeze(model.rows, model.cols, clues);
}

/** Set one clue directly. */
export function setClue(model, cell, clue) {
  const clues = model.clues.slice();
  clues[cell] = clue.kind === 'blank' ? BLANK : { kind: clue.kind, value: clue.value };
  return freeze(model.rows, model.cols, clues);
}

/** A new size, keeping the clues that still fit (top-left aligned). */
export function resize(model, rows, cols) {
  checkSize(rows, cols, MIN_SIZE, MAX_SIZE);
  const clues = new Array(rows * cols).fill(BLANK);
  for (let r = 0; r < Math.min(rows, model.rows); r++) {
    for (let c = 0; c < Math.min(cols, model.cols); c++) clues[r * cols + c] = model.clues[r * model.cols + c];
  }
  return freeze(rows, cols, clues);
}

/** Sum of the demands: + for sources, - for sinks (a solvable board needs 0). */
export function balance(model) {
  let s = 0;
  for (const c of model.clues) {
    if (c.kind === 'source') s += c.value;
    else if (c.kind === 'sink') s -= c.value;
  }
  return s;
}

/** Number of non-blank clues. */
export function clueCount(model) {
  return model.clues.filter((c) => c.kind !== 'blank').length;
}

/** Every cell's clue as the engine's {cell, kind, value} list (blanks included). */
export function toClues(model) {
  return model.clues.map((c, cell) => ({ cell, kind: c.kind, value: c.value }));
}
