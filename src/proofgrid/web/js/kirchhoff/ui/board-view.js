// The Kirchhoff board actuator (after 2048's HTMLActuator): draws what it is
// given as SVG and decides nothing. Sources and sinks are circled with their
// signed number, throughput numbers are plain; arrows run from cell centre to
// cell centre, a cross marks an edge asserted unused, a faint dot a free one.
// Optional per-cell indicators tint a clue that is met or broken and print the
// arrows in/out. An overlay draws a hint's or an alarm's reason: a region
// outline, a ringed cell, the edge in question, and the ghosts of what the
// proof's earlier steps deduced (dashed arrows and crosses on free edges).
//
// Modes: 'play' — every edge is a focusable button (a diamond around its
// midpoint; the diamonds tile the grid); 'edit' — every cell is a focusable
// button (the interface js/app/board-input.js drives); 'demo' — nothing
// is interactive (the rules page).

import { svgEl } from '../../app/ui.js';
import { cellGroups, moveCellFocus, rovingTabindex } from '../../app/roving.js';
import {
  CROSS, U, arrowCells, axisLabels, cellCentre, cellName, edgeCount, edgeEnds, edgeMid,
  edgeWords, isHorizontal, regionOutline,
} from './layout.js';

const R_CLUE = 30; // radius of a source/sink circle
const PAD = 8;
const GUTTER = 34; // room left of and above the grid for the row and column labels
const MINUS = '\u2212';

let uid = 0;

/** Text of a clue: "+2" source, "−1" sink, "1" throughput, "" blank. */
export function clueText(clue) {
  if (!clue || clue.kind === 'blank') return '';
  if (clue.kind === 'source') return `+${clue.value}`;
  if (clue.kind === 'sink') return `${MINUS}${clue.value}`;
  return String(clue.value);
}

/** Words for a clue, for screen readers. */
export function clueWords(clue) {
  if (!clue || clue.kind === 'blank') return 'blank';
  if (clue.kind === 'source') return `source +${clue.value}`;
  if (clue.kind === 'sink') return `sink ${MINUS}${clue.value}`;
  return `throughput ${clue.value}`;
}

/**
 * A cell's name for screen readers: "b3, source +2: 0 in, 1 out, not met yet"
 * (rep = the engine's cellReport, or null when the counts are not known).
 */
export function cellWords(cols, cell, clue, rep) {
  const head = `${cellName(cols, cell)}, ${clueWords(clue)}`;
  if (!rep) return head;
  const state = rep.broken ? 'broken' : rep.satisfied ? 'met' : 'not met yet';
  return `${head}: ${rep.inCount} in, ${rep.outCount} out, ${state}`;
}

/** Clue per cell index (the board lists clues as {cell, kind, value}; missing cells are blank). */
export function cluesByCell(board) {
  const out = new Array(board.rows * board.cols).fill(null).map(() => ({ kind: 'blank', value: 0 }));
  for (const c of board.clues || []) {
    if (Number.isInteger(c.cell) && c.cell >= 0 && c.cell < out.length) out[c.cell] = { kind: c.kind, value: c.value };
  }
  return out;
}

export class KirchhoffBoardView {
  /**
   * @param {object} opts
   * @param {'play'|'edit'|'demo'} [opts.mode]
   * @param {string} [opts.label] accessible name of the board
   */
  constructor({ mode = 'play', label = 'Board' } = {}) {
    this.mode = mode;
    this.label = label;
    this.id = `kb${++uid}`;
    this.svg = svgEl('svg', { class: `board kboard kboard-${mode}`, role: mode === 'demo' ? 'img' : 'group', 'aria-label': label });
    this.svg.dataset.ready = 'false';
    this.board = null;
    this.focusEdge = 0;
    this.focusCell = 0;
    this.edgeNodes = [];
    this.cellNodes = new Map();
    this.labelsOn = false;
    this.selected = -1;
  }

  /** Draw a new board (an engine board, or {rows, cols, clues} in edit mode). */
  setBoard(board) {
    this.board = board;
    const { rows, cols } = board;
    this.clues = cluesByCell(board);
    this.nEdges = edgeCount(rows, cols);
    const g = this.mode === 'demo' ? 0 : GUTTER;
    this.svg.setAttribute('viewBox', `${-PAD - g} ${-PAD - g} ${cols * U + 2 * PAD + g} ${rows * U + 2 * PAD + g}`);
    this.svg.setAttribute('aria-label', `${this.label}: ${rows} by ${cols} grid`);
    this.svg.classList.toggle('dense', Math.max(rows, cols) > 10);
    this.svg.dataset.rows = String(rows);
    this.svg.dataset.cols = String(cols);
    this.overlayG = svgEl('g', { class: 'k-overlay', 'aria-hidden': 'true' });
    this.selectG = svgEl('g', { class: 'k-select', 'aria-hidden': 'true' });
    this.svg.replaceChildren(
      this._defs(), this._grid(rows, cols), this.mode === 'demo' ? svgEl('g') : this._labels(rows, cols),
      this.overlayG, this.selectG, this._arrows(rows, cols),
      this._cells(rows, cols), this.mode === 'play' ? this._edgeHits(rows, cols) : svgEl('g'));
    this.selected = -1;
    this.svg.dataset.selectedCell = '';
    if (this.focusEdge >= this.nEdges) this.focusEdge = 0;
    if (this.focusCell >= rows * cols) this.focusCell = 0;
    this._roving();
    this.marks = null;
    this.svg.dataset.ready = 'true';
  }

  _defs() {
    const marker = (name) => svgEl('marker', {
      id: `${this.id}-${name}`, viewBox: '0 0 10 10', refX: 7, refY: 5,
      markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse',
    }, svgEl('path', { d: 'M0,0 L10,5 L0,10 z', class: `k-head k-head-${name}` }));
    return svgEl('defs', {}, marker('arrow'), marker('hint'), marker('ghost'));
  }

  _grid(rows, cols) {
    const g = svgEl('g', { class: 'k-grid', 'aria-hidden': 'true' });
    g.append(svgEl('rect', { x: 0, y: 0, width: cols * U, height: rows * U, rx: 10, class: 'grid-bg' }));
    this.tints = [];
    for (let cell = 0; cell < rows * cols; cell++) {
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      const t = svgEl('rect', { x: c * U + 3, y: r * U + 3, width: U - 6, height: U - 6, rx: 8, class: 'k-tint' });
      this.tints.push(t);
      g.append(t);
    }
    const lines = [];
    for (let r = 1; r < rows; r++) lines.push(`M0 ${r * U}H${cols * U}`);
    for (let c = 1; c < cols; c++) lines.push(`M${c * U} 0V${rows * U}`);
    g.append(svgEl('path', { d: lines.join(''), class: 'k-lines' }));
    return g;
  }

  /** Column letters above the grid and row numbers left of it (shown with setLabels). */
  _labels(rows, cols) {
    const g = svgEl('g', { class: 'k-labels', 'aria-hidden': 'true' });
    const { columns, rowNames } = axisLabels(rows, cols);
    columns.forEach((t, c) => g.append(svgEl('text', {
      x: c * U + U / 2, y: -PAD - 4, class: 'k-label k-label-col', 'text-anchor': 'middle',
    }, t)));
    rowNames.forEach((t, r) => g.append(svgEl('text', {
      x: -PAD - 6, y: r * U + U / 2, class: 'k-label k-label-row', 'text-anchor': 'end', 'dominant-baseline': 'central',
    }, t)));
    return g;
  }

  /** The drawn width in cells (the grid, its padding and the label gutter): zoom.js sizes cells by it. */
  widthInCells() {
    const g = this.mode === 'demo' ? 0 : GUTTER;
    return this.board ? (this.board.cols * U + 2 * PAD + g) / U : 1;
  }

  /** Show or hide the row and column labels (their room is always kept, so nothing moves). */
  setLabels(on) {
    this.labelsOn = Boolean(on);
    this.svg.classList.toggle('labels', this.labelsOn);
    this.svg.dataset.labels = this.labelsOn ? 'on' : 'off';
  }

  /** Select a cell (a tap in its centre), or clear the selection with -1. */
  setSelected(cell) {
    this.selectG.replaceChildren();
    const n = this.board ? this.board.rows * this.board.cols : 0;
    this.selected = Number.isInteger(cell) && cell >= 0 && cell < n ? cell : -1;
    this.svg.dataset.selectedCell = this.selected >= 0 ? String(this.selected) : '';
    if (this.selected < 0) return;
    const { x, y } = cellCentre(this.board.cols, this.selected);
    this.selectG.append(svgEl('rect', { x: x - U / 2 + 6, y: y - U / 2 + 6, width: U - 12, height: U - 12, rx: 14, class: 'k-selected' }));
  }

  _arrows(rows, cols) {
    const g = svgEl('g', { class: 'k-arrows', 'aria-hidden': 'true' });
    this.arrowNodes = [];
    for (let e = 0; e < this.nEdges; e++) {
      const m = edgeMid(rows, cols, e);
      const h = isHorizontal(rows, cols, e);
      const line = svgEl('line', { class: 'k-arrow', x1: 0, y1: 0, x2: 0, y2: 0, 'marker-end': `url(#${this.id}-arrow)` });
      const dot = svgEl('circle', { cx: m.x, cy: m.y, r: 4.5, class: 'k-free' });
      const s = 9;
      const cross = svgEl('path', {
        d: `M${m.x - s} ${m.y - s}L${m.x + s} ${m.y + s}M${m.x - s} ${m.y + s}L${m.x + s} ${m.y - s}`,
        class: 'k-cross',
      });
      const node = svgEl('g', { class: `k-edge-mark ${h ? 'h' : 'v'}` }, dot, cross, line);
      node.dataset.edge = String(e);
      this.arrowNodes.push({ node, line, dot, cross });
      g.append(node);
    }
    return g;
  }

  _cells(rows, cols) {
    const g = svgEl('g', { class: 'k-cells' });
    this.cellNodes = new Map();
    for (let cell = 0; cell < rows * cols; cell++) {
      const { x, y } = cellCentre(cols, cell);
      const interactive = this.mode === 'edit';
      const named = this.mode === 'play' ? { role: 'img' } : { 'aria-hidden': 'true' };
      const node = svgEl('g', {
        class: 'cell k-cell',
        transform: `translate(${x - U / 2} ${y - U / 2})`,
        ...(interactive ? { role: 'button', tabindex: '-1' } : named),
      });
      node.dataset.cell = String(cell);
      const parts = { g: node };
      if (interactive) node.append(svgEl('rect', { x: 2, y: 2, width: U - 4, height: U - 4, rx: 10, class: 'hit' }));
      node.append(
        parts.ring = svgEl('circle', { cx: U / 2, cy: U / 2, r: R_CLUE, class: 'k-ring' }),
        parts.text = svgEl('text', { x: U / 2, y: U / 2 + 1, class: 'k-clue', 'dominant-baseline': 'central', 'text-anchor': 'middle' }),
        parts.count = svgEl('text', { x: U / 2, y: U - 9, class: 'k-count', 'text-anchor': 'middle' }),
      );
      if (interactive) node.append(svgEl('rect', { x: 5, y: 5, width: U - 10, height: U - 10, rx: 10, class: 'focus-ring' }));
      this.cellNodes.set(cell, parts);
      this._paintClue(cell);
      g.append(node);
    }
    return g;
  }

  _paintClue(cell) {
    const parts = this.cellNodes.get(cell);
    const clue = this.clues[cell];
    const g = parts.g;
    for (const k of ['source', 'sink', 'throughput', 'blank']) g.classList.toggle(k, clue.kind === k);
    parts.text.textContent = clueText(clue);
    if (this.mode === 'edit') g.setAttribute('aria-label', `${cellName(this.board.cols, cell)}: ${clueWords(clue)}`);
    if (this.mode === 'play') g.setAttribute('aria-label', cellWords(this.board.cols, cell, clue, null));
  }

  _edgeHits(rows, cols) {
    const g = svgEl('g', { class: 'k-edges' });
    this.edgeNodes = [];
    for (let e = 0; e < this.nEdges; e++) {
      const m = edgeMid(rows, cols, e);
      const h = isHorizontal(rows, cols, e);
      const a = U / 2;
      // The diamond: the two cell centres and the two ends of the shared side.
      const pts = h
        ? [[m.x - a, m.y], [m.x, m.y - a], [m.x + a, m.y], [m.x, m.y + a]]
        : [[m.x, m.y - a], [m.x + a, m.y], [m.x, m.y + a], [m.x - a, m.y]];
      const node = svgEl('g', { class: 'edge', role: 'button', tabindex: '-1' },
        svgEl('polygon', { points: pts.map((p) => p.join(',')).join(' '), class: 'edge-hit' }),
        svgEl('circle', { cx: m.x, cy: m.y, r: 20, class: 'focus-ring' }));
      node.dataset.edge = String(e);
      this.edgeNodes.push(node);
      g.append(node);
    }
    return g;
  }

  _roving() {
    if (this.mode === 'play') rovingTabindex(this.edgeNodes.entries(), this.focusEdge);
    else if (this.mode === 'edit') rovingTabindex(cellGroups(this.cellNodes), this.focusCell);
  }

  /** Move the roving focus to an edge (play mode); `focus` also moves DOM focus. */
  setFocusEdge(edge, focus = true) {
    if (!(edge >= 0 && edge < this.nEdges)) return;
    this.focusEdge = edge;
    this._roving();
    if (focus) this.edgeNodes[edge]?.focus();
  }

  // --- the cell interface js/app/board-input.js drives (edit mode) ---

  /** Move the roving focus to a cell (edit mode). */
  setFocus(cell, focus = true) {
    moveCellFocus(this, cell, focus);
  }

  /** The neighbouring cell in direction (dr, dc), or -1 at the border. */
  nextCell(cell, dr, dc) {
    const { rows, cols } = this.board;
    const r = Math.floor(cell / cols) + dr;
    const c = (cell % cols) + dc;
    return r >= 0 && c >= 0 && r < rows && c < cols ? r * cols + c : -1;
  }

  /** Replace the clues (edit mode: same size). */
  setClues(clues) {
    this.clues = clues.map((c) => ({ kind: c.kind, value: c.value }));
    for (const cell of this.cellNodes.keys()) this._paintClue(cell);
  }

  /**
   * Draw a position. view = {marks: per edge 0..3, reports: null | per cell
   * {inCount, outCount, satisfied, broken}, indicators: bool}
   */
  render({ marks = null, reports = null, indicators = false } = {}) {
    const { rows, cols } = this.board;
    const prev = this.marks;
    if (marks) {
      for (let e = 0; e < this.nEdges; e++) {
        const m = marks[e];
        if (prev && prev[e] === m) continue;
        this._paintEdge(e, m);
      }
      this.marks = Array.from(marks);
    }
    this.svg.classList.toggle('indicators', Boolean(indicators && reports));
    for (let cell = 0; cell < rows * cols; cell++) {
      const parts = this.cellNodes.get(cell);
      const tint = this.tints[cell];
      const rep = reports && indicators ? reports[cell] : null;
      const clued = this.clues[cell].kind !== 'blank';
      const touched = rep && (rep.inCount || rep.outCount);
      const ok = Boolean(rep && rep.satisfied && (clued || touched));
      const broken = Boolean(rep && rep.broken);
      tint.classList.toggle('ok', ok && !broken);
      tint.classList.toggle('broken', broken);
      parts.g.classList.toggle('ok', ok && !broken);
      parts.g.classList.toggle('broken', broken);
      parts.count.textContent = rep && (touched || broken) ? `${rep.inCount}\u25B8 \u25B8${rep.outCount}` : '';
      if (this.mode === 'play') parts.g.setAttribute('aria-label', cellWords(cols, cell, this.clues[cell], reports ? reports[cell] : null));
    }
    this.svg.dataset.state = marks ? 'drawn' : 'empty';
  }

  _paintEdge(e, m) {
    const { rows, cols } = this.board;
    const n = this.arrowNodes[e];
    const ends = arrowCells(rows, cols, e, m);
    n.node.classList.toggle('arrow', Boolean(ends));
    n.node.classList.toggle('crossed', m === CROSS);
    n.node.classList.toggle('free', !ends && m !== CROSS);
    n.node.dataset.mark = String(m);
    if (ends) {
      const a = cellCentre(cols, ends[0]);
      const b = cellCentre(cols, ends[1]);
      const dx = Math.sign(b.x - a.x);
      const dy = Math.sign(b.y - a.y);
      n.line.setAttribute('x1', a.x + dx * 30);
      n.line.setAttribute('y1', a.y + dy * 30);
      n.line.setAttribute('x2', b.x - dx * 35);
      n.line.setAttribute('y2', b.y - dy * 35);
    }
    if (this.mode === 'play') {
      const node = this.edgeNodes[e];
      const [u, v] = edgeEnds(rows, cols, e);
      node.setAttribute('aria-label', `${edgeWords(rows, cols, e, m)} (${cellName(cols, u)} ${clueWords(this.clues[u])}, ${cellName(cols, v)} ${clueWords(this.clues[v])})`);
      node.dataset.mark = String(m);
    }
  }

  /**
   * Draw (or clear, with null) the reason overlay: {region: [cells] | null,
   * cell: -1 | cell, edge: -1 | edge, edges: [edges read] (optional), kind: 'hint' | 'alarm' | 'solution',
   * ghosts: [{edge, mask}] (optional: what earlier proof steps deduced)}.
   */
  setOverlay(overlay) {
    this.overlayG.replaceChildren();
    this.svg.dataset.overlay = overlay ? overlay.kind || 'hint' : 'none';
    this.svg.dataset.ghosts = '0';
    for (const node of this.edgeNodes) node.classList.remove('hinted');
    if (!overlay) return;
    const { rows, cols } = this.board;
    const kind = overlay.kind || 'hint';
    this._ghosts(Array.isArray(overlay.ghosts) ? overlay.ghosts : []);
    const region = Array.isArray(overlay.region) ? overlay.region : [];
    if (region.length) {
      const g = svgEl('g', { class: `k-region k-region-${kind}` });
      for (const cell of region) {
        const r = Math.floor(cell / cols);
        const c = cell % cols;
        g.append(svgEl('rect', { x: c * U, y: r * U, width: U, height: U, class: 'k-region-fill' }));
      }
      g.append(svgEl('path', { d: regionOutline(rows, cols, region), class: 'k-region-line' }));
      g.dataset.cells = region.join(' ');
      this.overlayG.append(g);
    }
    if (Number.isInteger(overlay.cell) && overlay.cell >= 0 && overlay.cell < rows * cols) {
      const { x, y } = cellCentre(cols, overlay.cell);
      const ring = svgEl('rect', { x: x - U / 2 + 4, y: y - U / 2 + 4, width: U - 8, height: U - 8, rx: 12, class: `k-cell-ring k-cell-ring-${kind}` });
      ring.dataset.cell = String(overlay.cell);
      this.overlayG.append(ring);
    }
    // the step's edge, then (edges: [...]) the edges the step reads or a lost proof uses
    const extra = Array.isArray(overlay.edges) ? overlay.edges : [];
    [overlay.edge, ...extra].forEach((edge, i) => {
      if (!Number.isInteger(edge) || edge < 0 || edge >= this.nEdges) return;
      const [u, v] = edgeEnds(rows, cols, edge);
      const a = cellCentre(cols, u);
      const b = cellCentre(cols, v);
      const dx = Math.sign(b.x - a.x) * 22;
      const dy = Math.sign(b.y - a.y) * 22;
      const line = svgEl('line', { x1: a.x + dx, y1: a.y + dy, x2: b.x - dx, y2: b.y - dy, class: `k-hint-edge k-hint-edge-${kind}${i ? ' k-hint-edge-read' : ''}` });
      line.dataset.edge = String(edge);
      this.overlayG.append(line);
      this.edgeNodes[edge]?.classList.add('hinted');
    });
  }

  /**
   * Draw what earlier proof steps deduced, on edges the board leaves free: a
   * dashed arrow (one direction), a dashed line without a head (an arrow one
   * way or the other), a small dashed cross (empty). Partial facts ("no
   * arrow goes a1→b1") are not drawn.
   */
  _ghosts(ghosts) {
    const { rows, cols } = this.board;
    const g = svgEl('g', { class: 'k-ghosts' });
    let n = 0;
    for (const { edge, mask } of ghosts) {
      if (!Number.isInteger(edge) || edge < 0 || edge >= this.nEdges) continue;
      if (this.marks && this.marks[edge] !== 0) continue; // the board already shows a mark there
      const [u, v] = edgeEnds(rows, cols, edge);
      let node = null;
      if (mask === 2 || mask === 4 || mask === 6) {
        const [t, h] = mask === 4 ? [v, u] : [u, v];
        const a = cellCentre(cols, t);
        const b = cellCentre(cols, h);
        const dx = Math.sign(b.x - a.x);
        const dy = Math.sign(b.y - a.y);
        node = svgEl('line', {
          x1: a.x + dx * 30, y1: a.y + dy * 30, x2: b.x - dx * 35, y2: b.y - dy * 35,
          class: `k-ghost k-ghost-arrow${mask === 6 ? ' k-ghost-either' : ''}`,
          ...(mask === 6 ? {} : { 'marker-end': `url(#${this.id}-ghost)` }),
        });
      } else if (mask === 1) {
        const m = edgeMid(rows, cols, edge);
        const s = 8;
        node = svgEl('path', {
          d: `M${m.x - s} ${m.y - s}L${m.x + s} ${m.y + s}M${m.x - s} ${m.y + s}L${m.x + s} ${m.y - s}`,
          class: 'k-ghost k-ghost-cross',
        });
      }
      if (!node) continue;
      node.dataset.edge = String(edge);
      node.dataset.mask = String(mask);
      g.append(node);
      n += 1;
    }
    this.svg.dataset.ghosts = String(n);
    if (n) this.overlayG.append(g);
  }
}
