// The board editor's model: an immutable grid of cells, each empty (null) or a
// shell with an 8-bit fuse mask (bit d = a fuse in direction d, directions in
// the engine's order N, NE, E, SE, S, SW, W, NW). A fuse may only point at an
// adjacent shell; removing a shell removes the fuses into it.

import { checkSize } from '../../app/grid-size.js';

export const DX = [0, 1, 1, 1, 0, -1, -1, -1];
export const DY = [-1, -1, 0, 1, 1, 1, 0, -1];
export const MIN_SIZE = 2;
export const MAX_SIZE = 12;

function freeze(rows, cols, cells) {
  return Object.freeze({ rows, cols, cells: Object.freeze(cells) });
}

export function emptyModel(rows, cols) {
  checkSize(rows, cols, MIN_SIZE, MAX_SIZE);
  return freeze(rows, cols, new Array(rows * cols).fill(null));
}

/** Direction index from cell a to adjacent cell b, or -1. */
export function directionBetween(model, a, b) {
  const ra = Math.floor(a / model.cols);
  const ca = a % model.cols;
  const rb = Math.floor(b / model.cols);
  const cb = b % model.cols;
  for (let d = 0; d < 8; d++) if (DX[d] === cb - ca && DY[d] === rb - ra) return d;
  return -1;
}

export function neighbour(model, cell, d) {
  const r = Math.floor(cell / model.cols) + DY[d];
  const c = (cell % model.cols) + DX[d];
  return r >= 0 && r < model.rows && c >= 0 && c < model.cols ? r * model.cols + c : -1;
}

/** Add a shell to an empty cell, or remove a shell (and every fuse into it). */
export function toggleShell(model, cell) {
  const cells = model.cells.slice();
  if (cells[cell] === null) {
    cells[cell] = 0;
  } else {
    cells[cell] = null;
    for (let d = 0; d < 8; d++) {
      const nb = neighbour(model, cell, d);
      if (nb >= 0 && cells[nb] !== null) cells[nb] &= ~(1 << ((d + 4) % 8));
    }
  }
  return freeze(model.rows, model.cols, cells);
}

/** Toggle the fuse from shell `from` to the adjacent shell `to` (no-op otherwise). */
export function toggleFuse(model, from, to) {
  const d = directionBetween(model, from, to);
  if (d < 0 || model.cells[from] === null || model.cells[to] === null) return model;
  const cells = model.cells.slice();
  cells[from] ^= 1 << d;
  return freeze(model.rows, model.cols, cells);
}

export function hasFuse(model, from, to) {
  const d = directionBetween(model, from, to);
  return d >= 0 && model.cells[from] !== null && ((model.cells[from] >> d) & 1) === 1;
}

/** Same shells and fuses on a new size (anything off the new grid is dropped). */
export function resize(model, rows, cols) {
  checkSize(rows, cols, MIN_SIZE, MAX_SIZE);
  let next = emptyModel(rows, cols);
  const cells = next.cells.slice();
  for (let r = 0; r < Math.min(rows, model.rows); r++) {
    for (let c = 0; c < Math.min(cols, model.cols); c++) cells[r * cols + c] = model.cells[r * model.cols + c];
  }
  next = freeze(rows, cols, cells);
  const pruned = cells.slice();
  for (let cell = 0; cell < pruned.length; cell++) {
    if (pruned[cell] === null) continue;
    for (let d = 0; d < 8; d++) {
      const nb = neighbour(next, cell, d);
      if (nb < 0 || pruned[nb] === null) pruned[cell] &= ~(1 << d);
    }
  }
  return freeze(rows, cols, pruned);
}

export function shellCount(model) {
  return model.cells.reduce((n, c) => n + (c === null ? 0 : 1), 0);
}

/**
 * The engine's board shape {rows, cols, shells, succ, fuses}: shells in
 * row-major order, succ in direction order, fuses as [from, to] shell pairs.
 * null when the grid holds no shell.
 */
export function toBoard(model) {
  const shellOf = new Array(model.cells.length).fill(-1);
  const shells = [];
  model.cells.forEach((m, cell) => {
    if (m !== null) {
      shellOf[cell] = shells.length;
      shells.push([Math.floor(cell / model.cols), cell % model.cols]);
    }
  });
  if (!shells.length) return null;
  const succ = [];
  const fuses = [];
  shells.forEach(([r, c], v) => {
    const mask = model.cells[r * model.cols + c];
    const heads = [];
    for (let d = 0; d < 8; d++) {
      if ((mask >> d) & 1) {
        const w = shellOf[neighbour(model, r * model.cols + c, d)];
        heads.push(w);
        fuses.push([v, w]);
      }
    }
    succ.push(heads);
  });
  return { rows: model.rows, cols: model.cols, shells, succ, fuses };
}

/** The editor model of an engine board. */
export function fromBoard(board) {
  const model = emptyModel(board.rows, board.cols);
  const cells = model.cells.slice();
  for (const [r, c] of board.shells) cells[r * board.cols + c] = 0;
  for (const [a, b] of board.fuses) {
    const [r1, c1] = board.shells[a];
    const [r2, c2] = board.shells[b];
    const d = DX.findIndex((dx, i) => dx === c2 - c1 && DY[i] === r2 - r1);
    if (d >= 0) cells[r1 * board.cols + c1] |= 1 << d;
  }
  return freeze(board.rows, board.cols, cells);
}
