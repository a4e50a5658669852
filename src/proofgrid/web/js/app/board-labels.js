// Coordinate labels for a grid board, shared by every puzzle's board view (the
// browser's counterpart of proofgrid.drawing.coordinate_labels): column letters
// a, b, c… above the grid and row numbers 1, 2, 3… left of it — the names the
// engines give squares in moves and sentences ("c4" is column c, row 4, rows
// counted from the top). The labels sit in a gutter outside the grid, so no
// piece, line or arrow drawn inside a cell can ever cross them, and they are
// aria-hidden: every cell already carries its name in its accessible label.

import { svgEl } from './ui.js';

/** The column letters and row numbers of a rows×cols grid: {columns: ['a'…], rowNames: ['1'…]}. */
export function axisNames(rows, cols) {
  const columns = Array.from({ length: cols }, (_, c) => String.fromCharCode(97 + c));
  const rowNames = Array.from({ length: rows }, (_, r) => String(r + 1));
  return { columns, rowNames };
}

/**
 * The label size and the gutter that holds it, in SVG units, for a grid of
 * `unit`-wide cells: at least 24% of a cell, and larger on big grids, so that a
 * board shrunk to a phone's width (about 370 CSS px) still prints its labels
 * at about 12 px or more. {size, gutter}.
 */
export function labelMetrics(rows, cols, unit = 100) {
  const size = Math.max(Math.round(0.24 * unit), Math.ceil((unit * (3.3 * Math.max(rows, cols) + 4)) / 100));
  return { size, gutter: Math.round(size * 1.4) };
}

/**
 * An aria-hidden <g class="coords"> with one <text class="coord"> per column
 * (above the grid, data-col) and per row (left of it, data-row). The grid's
 * top-left corner is at (0, 0); `pad` is the margin the board keeps around
 * the grid, and the labels are centred in a gutter of labelMetrics' width
 * outside it.
 */
export function coordinateLabels(rows, cols, { unit = 100, pad = 0 } = {}) {
  const { size, gutter } = labelMetrics(rows, cols, unit);
  const g = svgEl('g', { class: 'coords', 'aria-hidden': 'true', 'font-size': size });
  const { columns, rowNames } = axisNames(rows, cols);
  const mid = pad + gutter / 2;
  columns.forEach((t, c) => g.append(svgEl('text', {
    x: c * unit + unit / 2, y: -mid, class: 'coord coord-col', 'text-anchor': 'middle', 'dominant-baseline': 'central',
    dataset: { col: String(c) },
  }, t)));
  rowNames.forEach((t, r) => g.append(svgEl('text', {
    x: -mid, y: r * unit + unit / 2, class: 'coord coord-row', 'text-anchor': 'middle', 'dominant-baseline': 'central',
    dataset: { row: String(r) },
  }, t)));
  return g;
}
