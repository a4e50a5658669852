// Kirchhoff boards and positions: frozen value objects and the grid geometry,
// mirroring src/proofgrid/kirchhoff/board.py.
//
// Numbering (shared with Python): cell (r, c) is r*C + c; horizontal edge
// (r, c)–(r, c+1) is r*(C−1) + c, then vertical edge (r, c)–(r+1, c) is
// R*(C−1) + r*C + c; E = 2RC − R − C edges. An edge state is 0 unused, 1 an
// arrow from the lower-numbered cell to the higher (right or down), 2 the
// reverse; sets of states are 3-bit masks. A player's mark is 0 free, 1 forward,
// 2 backward, 3 cross (asserted unused) — Python's Mark values.
//
// board = {rows, cols, params, clues: [{cell, kind, value}], edges: [[a, b]], id,
//          demand, through, nCells, nEdges, geometry}   (frozen)
// pos   = {board, marks}                                  (frozen)

import { GameIdError } from '../../core/errors.js';
import { MAX_SIDE, MIN_SIDE, encodeDesc, encodeParams, makeParams, validateParams } from './codec.js';

export const Mark = Object.freeze({ FREE: 0, FORWARD: 1, BACKWARD: 2, CROSS: 3 });
export const EdgeState = Object.freeze({ UNUSED: 0, FORWARD: 1, BACKWARD: 2 });
export const ALL_STATES = 0b111;
export const KINDS = Object.freeze(['blank', 'source', 'sink', 'throughput']);
const MARK_MASK = [ALL_STATES, 1 << 1, 1 << 2, 1 << 0];
const STATE_MARK = [Mark.CROSS, Mark.FORWARD, Mark.BACKWARD];

/** The set of edge states a mark allows (free: all three; cross: unused only). */
export function markMask(mark) {
  return MARK_MASK[mark];
}

/** The mark that asserts a state (unused is asserted by a cross). */
export function stateMark(state) {
  return STATE_MARK[state];
}

const GEOMETRY = new Map();

/**
 * The cached geometry of a rows x cols grid: ends[e] = [u, v] (u < v; forward
 * is u -> v), cellEdges[v] (left, up, right, down, missing ones left out),
 * sides[v] = [left, up, right, down] with -1 where the grid ends. O(RC).
 */
export function geometry(rows, cols) {
  const key = rows * 64 + cols;
  let g = GEOMETRY.get(key);
  if (g) return g;
  const R = rows;
  const C = cols;
  const ends = [];
  for (let r = 0; r < R; r++) for (let c = 0; c < C - 1; c++) ends.push([r * C + c, r * C + c + 1]);
  for (let r = 0; r < R - 1; r++) for (let c = 0; c < C; c++) ends.push([r * C + c, (r + 1) * C + c]);
  const h = R * (C - 1);
  const sides = [];
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      sides.push([
        c > 0 ? r * (C - 1) + c - 1 : -1,
        r > 0 ? h + (r - 1) * C + c : -1,
        c < C - 1 ? r * (C - 1) + c : -1,
        r < R - 1 ? h + r * C + c : -1,
      ]);
    }
  }
  const cellEdges = sides.map((sd) => sd.filter((e) => e >= 0));
  g = Object.freeze({ rows, cols, cells: R * C, edges: ends.length, ends, cellEdges, sides });
  GEOMETRY.set(key, g);
  return g;
}

/** Id of the edge joining cells a and b, or -1 if they are not orthogonal neighbours. */
export function edgeBetween(g, a, b) {
  const u = Math.min(a, b);
  const v = Math.max(a, b);
  const C = g.cols;
  if (u < 0 || v >= g.cells) return -1;
  if (v - u === 1 && Math.floor(u / C) === Math.floor(v / C)) return Math.floor(u / C) * (C - 1) + (u % C);
  if (v - u === C) return g.rows * (C - 1) + u;
  return -1;
}

/** Chess-like cell name: column letter a..p then row number, e.g. "b3". */
export function cellName(boardOrCols, cell) {
  const cols = typeof boardOrCols === 'number' ? boardOrCols : boardOrCols.cols;
  return `${String.fromCharCode(97 + (cell % cols))}${Math.floor(cell / cols) + 1}`;
}

function checkClue(kind, value, where) {
  if (!KINDS.includes(kind)) throw new GameIdError(`${where}: unknown clue kind ${JSON.stringify(String(kind))}`);
  if (!Number.isSafeInteger(value)) throw new GameIdError(`${where}: clue value must be an integer`);
  if (kind === 'blank' && value !== 0) throw new GameIdError('a blank cell has no value');
  if ((kind === 'source' || kind === 'sink') && !(value >= 1 && value <= 4)) {
    throw new GameIdError(`a ${kind} needs a value 1..4, got ${value}`);
  }
  if (kind === 'throughput' && !(value >= 0 && value <= 2)) {
    throw new GameIdError(`a throughput needs a value 0..2, got ${value}`);
  }
}

/** Out − in required by a clue: +n source, −n sink, else 0. */
export function clueDemand(cl) {
  if (cl.kind === 'source') return cl.value;
  if (cl.kind === 'sink') return -cl.value;
  return 0;
}

/** Text token of a clue: "." blank, "+n" source, "-n" sink, "n" throughput. */
export function clueToken(cl) {
  if (cl.kind === 'blank') return '.';
  if (cl.kind === 'source') return `+${cl.value}`;
  if (cl.kind === 'sink') return `-${cl.value}`;
  return String(cl.value);
}

/**
 * A validated, frozen board from one {kind, value} per cell (index order).
 * Checks the size, every clue's range and that the demands sum to zero (every
 * arrow adds +1 at its tail and −1 at its head). `params` (optional) must
 * match the size; its grade is kept for the game ID. Throws GameIdError.
 */
export function makeBoard(rows, cols, cells, params = null) {
  for (const [name, v] of [['rows', rows], ['cols', cols]]) {
    if (!Number.isSafeInteger(v) || v < MIN_SIDE || v > MAX_SIDE) {
      throw new GameIdError(`${name} must be ${MIN_SIDE}..${MAX_SIDE}, got ${v}`);
    }
  }
  if (!Array.isArray(cells) || cells.length !== rows * cols) {
    throw new GameIdError(`a ${rows}x${cols} board needs ${rows * cols} clues, got ${cells && cells.length}`);
  }
  const p = params ? makeParams(params.rows, params.cols, params.grade || 'easy') : makeParams(rows, cols);
  validateParams(p);
  if (p.rows !== rows || p.cols !== cols) {
    throw new GameIdError(`params say ${p.rows}x${p.cols} but the board is ${rows}x${cols}`);
  }
  const n = rows * cols;
  const demand = new Int8Array(n);
  const through = new Int8Array(n);
  const clues = [];
  let total = 0;
  for (let v = 0; v < n; v++) {
    const { kind, value = 0 } = cells[v] || {};
    checkClue(kind, value, `cell ${v}`);
    clues.push(Object.freeze({ cell: v, kind, value }));
    demand[v] = clueDemand({ kind, value });
    through[v] = kind === 'throughput' ? value : -1;
    total += demand[v];
  }
  if (total !== 0) {
    throw new GameIdError(`the demands sum to ${total > 0 ? '+' : ''}${total}, not 0: no solution can exist`);
  }
  const g = geometry(rows, cols);
  const id = `${encodeParams(p)}:${encodeDesc({ rows, cols, cells: clues })}`;
  return Object.freeze({
    rows,
    cols,
    params: p,
    clues: Object.freeze(clues),
    edges: g.ends,
    id,
    demand,
    through,
    nCells: n,
    nEdges: g.edges,
    geometry: g,
  });
}

/**
 * The editor's constructor: a board from a sparse clue list [{cell, kind, value}]
 * (cell an index or [r, c]; unlisted cells blank). Validates the size, each
 * cell (on the board, listed once), each range and that the demands sum to 0.
 */
export function boardFromClues(rows, cols, clues, grade = 'easy') {
  if (!Number.isSafeInteger(rows) || !Number.isSafeInteger(cols)
    || rows < MIN_SIDE || rows > MAX_SIDE || cols < MIN_SIDE || cols > MAX_SIDE) {
    throw new GameIdError(`board must be ${MIN_SIDE}..${MAX_SIDE} on each side, got ${rows}x${cols}`);
  }
  const cells = Array.from({ length: rows * cols }, () => ({ kind: 'blank', value: 0 }));
  const seen = new Set();
  for (const cl of clues || []) {
    let cell = cl && cl.cell;
    if (Array.isArray(cell)) {
      const [r, c] = cell;
      cell = Number.isSafeInteger(r) && Number.isSafeInteger(c) && r >= 0 && r < rows && c >= 0 && c < cols
        ? r * cols + c : -1;
    }
    if (!Number.isSafeInteger(cell) || cell < 0 || cell >= rows * cols) {
      throw new GameIdError(`clue cell ${JSON.stringify(cl && cl.cell)} is off the ${rows}x${cols} board`);
    }
    if (seen.has(cell)) throw new GameIdError(`cell ${cellName(cols, cell)} has two clues`);
    seen.add(cell);
    cells[cell] = { kind: cl.kind, value: cl.value ?? 0 };
  }
  return makeBoard(rows, cols, cells, makeParams(rows, cols, grade));
}

/** Rows of clue tokens joined by " / " (Python's Board.to_text). */
export function boardToText(board) {
  const rows = [];
  for (let r = 0; r < board.rows; r++) {
    rows.push(board.clues.slice(r * board.cols, (r + 1) * board.cols).map(clueToken).join(' '));
  }
  return rows.join(' / ');
}

/** Parse boardToText (rows split on "/" or newlines, tokens on spaces); throws GameIdError. */
export function boardFromText(text) {
  if (typeof text !== 'string') throw new GameIdError('board text must be a string');
  const lines = text.replace(/\n/g, '/').split('/').map((ln) => ln.split(/\s+/).filter(Boolean)).filter((ln) => ln.length);
  if (!lines.length) throw new GameIdError('empty board text');
  const width = lines[0].length;
  if (lines.some((ln) => ln.length !== width)) throw new GameIdError('board rows have different lengths');
  const cells = [];
  for (const ln of lines) {
    for (const tok of ln) {
      if (tok === '.') cells.push({ kind: 'blank', value: 0 });
      else if (/^[+-][1-4]$/.test(tok)) cells.push({ kind: tok[0] === '+' ? 'source' : 'sink', value: Number(tok[1]) });
      else if (/^[0-2]$/.test(tok)) cells.push({ kind: 'throughput', value: Number(tok) });
      else throw new GameIdError(`bad clue token ${JSON.stringify(tok.slice(0, 8))} (use ., +n, -n or 0..2)`);
    }
  }
  return makeBoard(lines.length, width, cells);
}

function freezePos(board, marks) {
  return Object.freeze({ board, marks: Object.freeze(marks) });
}

/** The starting position: every edge free. */
export function newPosition(board) {
  return freezePos(board, new Array(board.nEdges).fill(Mark.FREE));
}

/** A position from a mark array (validated); throws GameIdError. */
export function positionOf(board, marks) {
  if (!marks) return newPosition(board);
  if (marks.length !== board.nEdges) throw new GameIdError(`a position needs ${board.nEdges} marks, got ${marks.length}`);
  const out = [];
  for (const m of marks) {
    if (!(m === 0 || m === 1 || m === 2 || m === 3)) throw new GameIdError(`a mark must be 0..3, got ${m}`);
    out.push(m);
  }
  return freezePos(board, out);
}

/** A copy of pos with edge marked `mark`. */
export function setMark(pos, edge, mark) {
  if (!Number.isSafeInteger(edge) || edge < 0 || edge >= pos.board.nEdges) {
    throw new GameIdError(`edge ${edge} does not exist (this board has ${pos.board.nEdges})`);
  }
  if (!(mark === 0 || mark === 1 || mark === 2 || mark === 3)) throw new GameIdError(`a mark must be 0..3, got ${mark}`);
  const marks = pos.marks.slice();
  marks[edge] = mark;
  return freezePos(pos.board, marks);
}

/** Per edge, the 3-bit mask of states the marks allow. */
export function masksOf(marks) {
  return Array.from(marks, (m) => MARK_MASK[m]);
}

/** Per edge, the drawn state (free and crossed count as unused). */
export function arrowsOf(marks) {
  return Array.from(marks, (m) => (m === 1 || m === 2 ? m : 0));
}

/** Arrows into and out of a cell under full edge states; {inCount, outCount}. */
export function cellFlow(board, cell, states) {
  const { ends, cellEdges } = board.geometry;
  let nIn = 0;
  let nOut = 0;
  for (const e of cellEdges[cell]) {
    const s = states[e];
    if (s === 0) continue;
    if ((ends[e][0] === cell) === (s === 1)) nOut++;
    else nIn++;
  }
  return { inCount: nIn, outCount: nOut };
}

/** Whether cell's clue holds under the full edge assignment `states`; O(1). */
export function cellOk(board, cell, states) {
  const { inCount, outCount } = cellFlow(board, cell, states);
  const t = board.through[cell];
  return outCount - inCount === board.demand[cell] && (t < 0 || inCount === t);
}

/** Whether edge states (0/1/2 per edge) satisfy every clue; O(RC). */
export function isSolution(board, states) {
  if (states.length !== board.nEdges) return false;
  for (const s of states) if (!(s === 0 || s === 1 || s === 2)) return false;
  for (let v = 0; v < board.nCells; v++) if (!cellOk(board, v, states)) return false;
  return true;
}

const H_MARK = [' · ', ' > ', ' < ', '   '];
const V_MARK = ['·', 'v', '^', ' '];

/** The terminal drawing of a position (Python's format_position). */
export function formatPosition(pos) {
  const b = pos.board;
  const R = b.rows;
  const C = b.cols;
  const lines = [`    ${Array.from({ length: C }, (_, c) => ` ${String.fromCharCode(97 + c)}   `).join('').trimEnd()}`];
  for (let r = 0; r < R; r++) {
    const row = [`${String(r + 1).padStart(2)}  `];
    for (let c = 0; c < C; c++) {
      row.push(clueToken(b.clues[r * C + c]).padStart(2));
      if (c < C - 1) row.push(H_MARK[pos.marks[r * (C - 1) + c]]);
    }
    lines.push(row.join('').trimEnd());
    if (r < R - 1) {
      const vrow = ['    '];
      for (let c = 0; c < C; c++) {
        vrow.push(` ${V_MARK[pos.marks[R * (C - 1) + r * C + c]]}`);
        if (c < C - 1) vrow.push('   ');
      }
      lines.push(vrow.join('').trimEnd());
    }
  }
  return lines.join('\n');
}
