// Screen geometry of a Kirchhoff board for the UI (no DOM, no rules): where
// cells and edges are drawn, which edge a point or a key press lands on, and
// the outline of a region. One cell is U = 100 SVG units. Edge numbering, cell
// names and marks are the engine's (its Mark, cellName, edgeBetween and
// geometry, mirroring src/proofgrid/kirchhoff/board.py), handed in once by the
// puzzle's declaration (ui/app.js calls useEngine): a view never imports
// engine/. The helpers below only adapt the engine's geometry(rows, cols) to
// the UI's (rows, cols, ...) calls. A mark is 0 free, 1 forward (lower cell ->
// higher cell), 2 backward, 3 cross.

let engine = null;

/** The engine's marks (live bindings: set by useEngine). */
export let FREE;
export let FORWARD;
export let BACKWARD;
export let CROSS;

/**
 * Take the board helpers from the Kirchhoff engine module (its Mark, cellName,
 * edgeBetween, geometry). Called by ui/app.js's mount before any view is built
 * (and by the tests with the engine they import).
 */
export function useEngine(e) {
  engine = e;
  ({ FREE, FORWARD, BACKWARD, CROSS } = e.Mark);
}

function geometry(rows, cols) {
  if (!engine) throw new Error('kirchhoff/ui/layout.js: useEngine(engine) was not called');
  return engine.geometry(rows, cols);
}

/** "b3": the engine's name of a cell (column letter, row number). */
export function cellName(cols, cell) {
  return engine.cellName(cols, cell);
}

export const U = 100;

/** Number of edges of an R x C grid: 2RC - R - C. */
export function edgeCount(rows, cols) {
  return geometry(rows, cols).edges;
}

/** [u, v] with u < v: the cells an edge joins. */
export function edgeEnds(rows, cols, edge) {
  const [u, v] = geometry(rows, cols).ends[edge];
  return [u, v];
}

/** True for a horizontal edge (joining a cell to its right neighbour). */
export function isHorizontal(rows, cols, edge) {
  const [u, v] = edgeEnds(rows, cols, edge);
  return v === u + 1;
}

/** The edge joining cells a and b, or -1 when they are not orthogonal neighbours. */
export function edgeBetween(rows, cols, a, b) {
  if (!(Number.isInteger(a) && Number.isInteger(b))) return -1;
  return engine.edgeBetween(geometry(rows, cols), a, b);
}

/** The edges at a cell, in the order left, up, right, down (missing ones left out). */
export function cellEdges(rows, cols, cell) {
  return [...geometry(rows, cols).cellEdges[cell]];
}

/**
 * The board's row and column labels, as cell names use them: columns letters
 * from a (left), rows numbers from 1 (top), so column c and row r name cell
 * r·cols + c ("a1" top-left). {columns: ['a', ...], rowNames: ['1', ...]}.
 * Both puzzles' boards share the one implementation (js/app/board-labels.js).
 */
export { axisNames as axisLabels } from '../../app/board-labels.js';

/** Centre of a cell in SVG units. */
export function cellCentre(cols, cell) {
  return { x: (cell % cols) * U + U / 2, y: Math.floor(cell / cols) * U + U / 2 };
}

/** Midpoint of an edge (the middle of the side the two cells share). */
export function edgeMid(rows, cols, edge) {
  const [u, v] = edgeEnds(rows, cols, edge);
  const a = cellCentre(cols, u);
  const b = cellCentre(cols, v);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** The cell under a point, or -1 outside the grid. */
export function cellAt(rows, cols, x, y) {
  if (!(x >= 0 && y >= 0 && x < cols * U && y < rows * U)) return -1;
  return Math.floor(y / U) * cols + Math.floor(x / U);
}

/**
 * The edge a tap at (x, y) means: the one whose midpoint is nearest in the L1
 * metric (the diamonds around edge midpoints tile the grid), provided it is
 * within `reach` cells of it; else -1 (a tap near a cell's centre is ambiguous).
 */
export function nearestEdge(rows, cols, x, y, reach = 0.42) {
  const cell = cellAt(rows, cols, x, y);
  if (cell < 0) return -1;
  let best = -1;
  let bestD = Infinity;
  for (const e of cellEdges(rows, cols, cell)) {
    const m = edgeMid(rows, cols, e);
    const d = Math.abs(m.x - x) + Math.abs(m.y - y);
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return bestD <= reach * U ? best : -1;
}

/**
 * The cell a drag at (x, y) has entered, with hysteresis: the point must be at
 * least `margin` cells inside it, so jitter on a shared side never counts.
 */
export function dragCell(rows, cols, x, y, margin = 0.18) {
  const cell = cellAt(rows, cols, x, y);
  if (cell < 0) return -1;
  const fx = x / U - (cell % cols);
  const fy = y / U - Math.floor(cell / cols);
  const m = margin;
  return fx >= m && fx <= 1 - m && fy >= m && fy <= 1 - m ? cell : -1;
}

/** One orthogonal step from `from` towards `to` (the longer axis first). */
export function stepToward(cols, from, to) {
  const dr = Math.floor(to / cols) - Math.floor(from / cols);
  const dc = (to % cols) - (from % cols);
  if (dr === 0 && dc === 0) return from;
  if (Math.abs(dc) >= Math.abs(dr)) return from + Math.sign(dc);
  return from + Math.sign(dr) * cols;
}

/** The mark that draws an arrow from cell `tail` to its neighbour `head`. */
export function arrowMark(rows, cols, tail, head) {
  const edge = edgeBetween(rows, cols, tail, head);
  if (edge < 0) return null;
  return { edge, mark: tail < head ? FORWARD : BACKWARD };
}

/** The tap cycle: unused -> one direction -> the other -> unused (a cross counts as unused). */
export function cycleMark(mark) {
  if (mark === FORWARD) return BACKWARD;
  if (mark === BACKWARD) return FREE;
  return FORWARD;
}

/** [tail, head] cells of an arrow mark on an edge, or null when it is not an arrow. */
export function arrowCells(rows, cols, edge, mark) {
  const [u, v] = edgeEnds(rows, cols, edge);
  if (mark === FORWARD) return [u, v];
  if (mark === BACKWARD) return [v, u];
  return null;
}

/**
 * The focusable edge nearest to `edge` in direction (dr, dc): the one whose
 * midpoint lies ahead, scored by distance along plus twice the distance across.
 */
export function nextEdge(rows, cols, edge, dr, dc) {
  const from = edgeMid(rows, cols, edge);
  const n = edgeCount(rows, cols);
  let best = -1;
  let bestScore = Infinity;
  for (let e = 0; e < n; e++) {
    if (e === edge) continue;
    const m = edgeMid(rows, cols, e);
    const along = ((m.x - from.x) * dc + (m.y - from.y) * dr) / U;
    if (along <= 0) continue;
    const across = Math.abs(dr !== 0 ? m.x - from.x : m.y - from.y) / U;
    const score = along + 2 * across;
    if (score < bestScore - 1e-9) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

/**
 * SVG path data of a region's outline: every cell side with the region on one
 * side only (the grid's border counts as outside). Sides are merged into runs.
 */
export function regionOutline(rows, cols, cells) {
  const inside = new Set(cells.filter((c) => Number.isInteger(c) && c >= 0 && c < rows * cols));
  const has = (r, c) => r >= 0 && c >= 0 && r < rows && c < cols && inside.has(r * cols + c);
  const parts = [];
  // Horizontal sides: the line y = r*U between rows r-1 and r, runs over c.
  for (let r = 0; r <= rows; r++) {
    let start = -1;
    for (let c = 0; c <= cols; c++) {
      const edge = c < cols && has(r - 1, c) !== has(r, c);
      if (edge && start < 0) start = c;
      if (!edge && start >= 0) {
        parts.push(`M${start * U} ${r * U}H${c * U}`);
        start = -1;
      }
    }
  }
  for (let c = 0; c <= cols; c++) {
    let start = -1;
    for (let r = 0; r <= rows; r++) {
      const edge = r < rows && has(r, c - 1) !== has(r, c);
      if (edge && start < 0) start = r;
      if (!edge && start >= 0) {
        parts.push(`M${c * U} ${start * U}V${r * U}`);
        start = -1;
      }
    }
  }
  return parts.join('');
}

/** The edges with exactly one end inside `cells` (the region's boundary). */
export function boundaryEdges(rows, cols, cells) {
  const inside = new Set(cells);
  const out = [];
  for (let e = 0; e < edgeCount(rows, cols); e++) {
    const [u, v] = edgeEnds(rows, cols, e);
    if (inside.has(u) !== inside.has(v)) out.push(e);
  }
  return out;
}

/** Words for an edge and its mark, for screen readers: "b3 to c3: arrow b3 → c3". */
export function edgeWords(rows, cols, edge, mark) {
  const [u, v] = edgeEnds(rows, cols, edge);
  const a = cellName(cols, u);
  const b = cellName(cols, v);
  const what = mark === FORWARD ? `arrow ${a} → ${b}`
    : mark === BACKWARD ? `arrow ${b} → ${a}`
      : mark === CROSS ? 'crossed out (unused)' : 'no arrow';
  return `edge ${a}–${b}: ${what}`;
}
