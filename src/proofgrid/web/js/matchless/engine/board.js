// Matchless boards, mirroring src/proofgrid/matchless/board.py.
//
// A board is an R×C grid (2 ≤ R, C ≤ 12). A cell is empty (null) or holds a
// shell with an 8-bit fuse mask: bit d set = a fuse towards direction d, in the
// fixed order N, NE, E, SE, S, SW, W, NW; a fuse must point at an adjacent
// cell that holds a shell. Shells are numbered in row-major order of their
// cells, and succ[v] lists shell v's targets in direction order.
//
// The board object (frozen) is
//   {rows, cols, params, cells, shells: [[r, c]...], shellOf, succ, fuses: [[from, to]...]}
// where cells[r * cols + c] is null or a fuse mask and shellOf[cell] is the
// shell index or -1.

import { GameIdError } from '../../core/errors.js';
import { MAX_SIZE, MIN_SIZE, makeParams } from './params.js';

export const DIRECTIONS = Object.freeze(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
export const DX = Object.freeze([0, 1, 1, 1, 0, -1, -1, -1]);
export const DY = Object.freeze([-1, -1, 0, 1, 1, 1, 0, -1]);
const LETTERS = 'abcdefghijkl';

/** Cell name: column letter then 1-based row (cellName(2, 1) === "b3"). */
export function cellName(row, col) {
  return `${LETTERS[col]}${row + 1}`;
}

/** Cell index of the neighbour of `cell` in direction d, or -1 off the grid. */
export function neighbour(rows, cols, cell, d) {
  const r = Math.floor(cell / cols) + DY[d];
  const c = (cell % cols) + DX[d];
  return r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1;
}

function freezeRows(list) {
  for (const x of list) Object.freeze(x);
  return Object.freeze(list);
}

/**
 * Build a validated, frozen board from row-major cells (null or fuse mask).
 * Throws GameIdError when the size is out of range, the board has no shell, or
 * a fuse points off the grid or at an empty cell. O(R·C).
 */
export function makeBoard(rows, cols, cells, params = null) {
  if (!(Number.isInteger(rows) && Number.isInteger(cols)
    && rows >= MIN_SIZE && rows <= MAX_SIZE && cols >= MIN_SIZE && cols <= MAX_SIZE)) {
    throw new GameIdError(`board size ${rows}x${cols} out of range (${MIN_SIZE}..${MAX_SIZE} each way)`);
  }
  if (!Array.isArray(cells) || cells.length !== rows * cols) {
    throw new GameIdError(`a ${rows}x${cols} board needs ${rows * cols} cells`);
  }
  const shellOf = new Array(rows * cols).fill(-1);
  const shells = [];
  const shellCells = [];
  cells.forEach((mask, cell) => {
    if (mask === null || mask === undefined) return;
    if (!Number.isInteger(mask) || mask < 0 || mask > 255) {
      throw new GameIdError(`fuse mask ${mask} out of range 0..255`);
    }
    shellOf[cell] = shells.length;
    shells.push([Math.floor(cell / cols), cell % cols]);
    shellCells.push(cell);
  });
  if (!shells.length) throw new GameIdError('board has no shells');
  const succ = [];
  const fuses = [];
  shellCells.forEach((cell, v) => {
    const mask = cells[cell];
    const heads = [];
    for (let d = 0; d < 8; d++) {
      if (!((mask >> d) & 1)) continue;
      const nb = neighbour(rows, cols, cell, d);
      if (nb < 0 || shellOf[nb] < 0) {
        const [r, c] = shells[v];
        throw new GameIdError(`fuse ${DIRECTIONS[d]} of shell ${cellName(r, c)} points ${nb < 0 ? 'off the grid' : 'at an empty cell'}`);
      }
      heads.push(shellOf[nb]);
      fuses.push([v, shellOf[nb]]);
    }
    succ.push(heads);
  });
  return Object.freeze({
    rows,
    cols,
    params: params || makeParams({ rows, cols }),
    cells: Object.freeze(cells.map((m) => (m === undefined ? null : m))),
    shells: freezeRows(shells),
    shellCells: Object.freeze(shellCells),
    shellOf: Object.freeze(shellOf),
    succ: freezeRows(succ),
    fuses: freezeRows(fuses),
  });
}

/**
 * The cells of a board-shaped object: its `cells` when present, else rebuilt
 * from `shells` ([r, c] pairs) and `fuses` ([from, to] shell-index pairs), as
 * the editor produces. Throws GameIdError when a fuse joins non-adjacent shells.
 */
export function cellsOf(board) {
  if (Array.isArray(board.cells)) return board.cells.slice();
  const { rows, cols } = board;
  const cells = new Array(rows * cols).fill(null);
  for (const [r, c] of board.shells) {
    if (!(r >= 0 && r < rows && c >= 0 && c < cols)) throw new GameIdError(`shell (${r}, ${c}) lies off a ${rows}x${cols} grid`);
    if (cells[r * cols + c] !== null) throw new GameIdError(`two shells at (${r}, ${c})`);
    cells[r * cols + c] = 0;
  }
  for (const [a, b] of board.fuses || []) {
    const [r1, c1] = board.shells[a];
    const [r2, c2] = board.shells[b];
    let d = 0;
    while (d < 8 && !(DX[d] === c2 - c1 && DY[d] === r2 - r1)) d++;
    if (d === 8) throw new GameIdError(`fuse from (${r1}, ${c1}) to (${r2}, ${c2}) does not join adjacent cells`);
    cells[r1 * cols + c1] |= 1 << d;
  }
  return cells;
}
