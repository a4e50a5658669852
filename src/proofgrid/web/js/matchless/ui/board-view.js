// The board actuator (after 2048's HTMLActuator): draws what it is given as
// SVG and animates cascades; it decides nothing. One <g class="cell"> per
// shell (per cell in edit mode) is a focusable button with an ARIA label.
// Shells light outward by BFS depth; with reduced motion they light at once.
// Coordinates (setLabels, js/app/board-labels.js) sit in a gutter outside the
// grid, so no shell or fuse ever crosses them; a square a sentence names is
// drawn square (render's `named`). The cascade that lights the last of the
// sky ends in fireworks at its shells, in cascade order (js/app/celebrate.js;
// still with reduced motion).

import { svgEl } from '../../app/ui.js';
import { cellGroups, moveCellFocus, rovingTabindex } from '../../app/roving.js';
import { coordinateLabels, labelMetrics } from '../../app/board-labels.js';
import { componentStyle } from './xray.js';
import { fireworks } from '../../app/celebrate.js';

const U = 100; // one grid cell in SVG units
const R = 27; // shell radius
const LETTERS = 'abcdefghijkl';
const STEP_MS = 110; // delay between cascade depths
const PAD = 8; // margin around the grid

let uid = 0;

/** "b3": column letter, then the 1-based row (the engine's cell names). */
export function cellName(cols, cell) {
  return `${LETTERS[cell % cols]}${Math.floor(cell / cols) + 1}`;
}

function shellCells(board) {
  return board.shells.map(([r, c]) => r * board.cols + c);
}

export class BoardView {
  /**
   * @param {object} opts
   * @param {'play'|'edit'} [opts.mode] edit mode draws every cell, empty ones too
   * @param {string} [opts.label] accessible name of the board
   */
  constructor({ mode = 'play', label = 'Board' } = {}) {
    this.mode = mode;
    this.label = label;
    this.id = `bv${++uid}`;
    this.svg = svgEl('svg', { class: `board board-${mode}`, role: 'group', 'aria-label': label });
    this.svg.setAttribute('data-skip-target', ''); // the skip link lands on this board's focused cell
    this.svg.dataset.ready = 'false';
    this.board = null;
    this.cellNodes = new Map(); // cell -> {g, shell, pattern, label, ring}
    this.fuseNodes = []; // {line, from, to}
    this.pending = new Set(); // shells of a running cascade not yet revealed
    this.timers = [];
    this.resolveCascade = null;
    this.generation = 0;
    this.focusCell = -1;
    this.view = { lit: [], xray: null, owners: null, selected: -1, struck: [], last: -1 };
    this.labelsOn = false;
    this.svg.dataset.labels = 'off';
  }

  /** Draw a new board (an engine board; `shells` may be empty in edit mode). */
  setBoard(board) {
    this.finish();
    this.board = board;
    const { rows, cols } = board;
    const cells = shellCells(board);
    this.shellOf = new Array(rows * cols).fill(-1);
    cells.forEach((cell, v) => { this.shellOf[cell] = v; });
    this.cellOfShell = cells;
    this.svg.setAttribute('aria-label', `${this.label}: ${rows} by ${cols} grid, ${cells.length} shells`);
    this.svg.dataset.rows = String(rows);
    this.svg.dataset.cols = String(cols);
    this.coordsG = coordinateLabels(rows, cols, { unit: U, pad: PAD });
    this.svg.replaceChildren(this._defs(), this._grid(rows, cols), this.coordsG, this._fuses(board), this._cells(board));
    this._frame();
    if (this.focusCell < 0 || this.focusCell >= rows * cols || !this.focusable(this.focusCell)) {
      this.focusCell = this.mode === 'edit' ? 0 : (cells[0] ?? -1);
    }
    this._roving();
    this.svg.dataset.ready = 'true';
  }

  /**
   * Show or hide the coordinate labels (column letters above, row numbers left:
   * the names hints and the duel use). They sit in a gutter outside the grid,
   * which the board makes room for only while they show.
   */
  setLabels(on) {
    this.labelsOn = Boolean(on);
    this.svg.dataset.labels = this.labelsOn ? 'on' : 'off';
    if (this.board) this._frame();
  }

  _frame() {
    const { rows, cols } = this.board;
    const g = this.labelsOn ? labelMetrics(rows, cols, U).gutter : 0;
    this.svg.setAttribute('viewBox', `${-PAD - g} ${-PAD - g} ${cols * U + 2 * PAD + g} ${rows * U + 2 * PAD + g}`);
    this.coordsG.setAttribute('display', this.labelsOn ? 'inline' : 'none');
  }

  focusable(cell) {
    return this.mode === 'edit' ? cell >= 0 && cell < this.board.rows * this.board.cols : this.shellOf[cell] >= 0;
  }

  _defs() {
    const id = this.id;
    const marker = (name) => svgEl('marker', {
      id: `${id}-${name}`, viewBox: '0 0 10 10', refX: 8.5, refY: 5,
      markerWidth: 3.4, markerHeight: 3.4, orient: 'auto-start-reverse',
    }, svgEl('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead arrowhead-${name}` }));
    const pattern = (k, body) => svgEl('pattern', {
      id: `${id}-pat${k}`, width: 12, height: 12, patternUnits: 'userSpaceOnUse',
    }, ...body);
    return svgEl('defs', {},
      marker('live'), marker('spent'), marker('cross'),
      pattern(1, [svgEl('path', { d: 'M-3,3 L3,-3 M0,12 L12,0 M9,15 L15,9', class: 'pat' })]),
      pattern(2, [svgEl('circle', { cx: 6, cy: 6, r: 2.6, class: 'pat-dot' })]),
      pattern(3, [svgEl('path', { d: 'M0,6 H12 M6,0 V12', class: 'pat' })]));
  }

  _grid(rows, cols) {
    const g = svgEl('g', { class: 'grid', 'aria-hidden': 'true' });
    g.append(svgEl('rect', { x: 0, y: 0, width: cols * U, height: rows * U, rx: 14, class: 'grid-bg' }));
    return g;
  }

  _fuses(board) {
    const g = svgEl('g', { class: 'fuses', 'aria-hidden': 'true' });
    this.fuseNodes = [];
    this.fusesFrom = board.shells.map(() => []);
    for (const [a, b] of board.fuses) {
      const [r1, c1] = board.shells[a];
      const [r2, c2] = board.shells[b];
      const x1 = c1 * U + U / 2;
      const y1 = r1 * U + U / 2;
      const dx = (c2 - c1) * U;
      const dy = (r2 - r1) * U;
      const len = Math.hypot(dx, dy);
      const ux = dx / len;
      const uy = dy / len;
      // Offset to the right of the direction, so a <-> b shows two arrows.
      const off = 8;
      const ox = -uy * off;
      const oy = ux * off;
      const gap = R + 3;
      const line = svgEl('line', {
        x1: (x1 + ux * gap + ox).toFixed(1), y1: (y1 + uy * gap + oy).toFixed(1),
        x2: (x1 + dx - ux * (gap + 2) + ox).toFixed(1), y2: (y1 + dy - uy * (gap + 2) + oy).toFixed(1),
        class: 'fuse', 'marker-end': `url(#${this.id}-live)`,
      });
      const node = { line, from: a, to: b };
      this.fuseNodes.push(node);
      this.fusesFrom[a].push(node);
      g.append(line);
    }
    return g;
  }

  _cells(board) {
    const g = svgEl('g', { class: 'cells' });
    this.cellNodes = new Map();
    const total = board.rows * board.cols;
    for (let cell = 0; cell < total; cell++) {
      const v = this.shellOf[cell];
      if (v < 0 && this.mode !== 'edit') continue;
      const r = Math.floor(cell / board.cols);
      const c = cell % board.cols;
      const node = svgEl('g', {
        class: v >= 0 ? 'cell shell-cell' : 'cell empty-cell',
        transform: `translate(${c * U} ${r * U})`,
        role: 'button', tabindex: '-1',
      });
      node.dataset.cell = String(cell);
      if (v >= 0) node.dataset.shell = String(v);
      node.append(svgEl('rect', { x: 2, y: 2, width: U - 4, height: U - 4, rx: 12, class: 'hit' }));
      const parts = { g: node };
      if (v >= 0) {
        node.append(
          svgEl('circle', { cx: U / 2, cy: U / 2, r: R + 13, class: 'glow' }),
          parts.shell = svgEl('circle', { cx: U / 2, cy: U / 2, r: R, class: 'shell' }),
          parts.pattern = svgEl('circle', { cx: U / 2, cy: U / 2, r: R, class: 'pattern', fill: 'none' }),
          parts.label = svgEl('text', { x: U / 2, y: U / 2 + 1, class: 'label', 'dominant-baseline': 'central', 'text-anchor': 'middle' }),
          parts.ring = svgEl('circle', { cx: U / 2, cy: U / 2, r: R + 9, class: 'ring' }),
          svgEl('path', { d: `M${U / 2 + 14},${U / 2 - 36} l10,-10 m-10,10 l-2,-12 m2,12 l12,2`, class: 'struck-mark' }),
        );
      } else {
        node.append(svgEl('circle', { cx: U / 2, cy: U / 2, r: 6, class: 'empty-dot' }));
      }
      node.append(svgEl('circle', { cx: U / 2, cy: U / 2, r: R + 15, class: 'focus-ring' }));
      this.cellNodes.set(cell, parts);
      g.append(node);
    }
    return g;
  }

  _roving() {
    rovingTabindex(cellGroups(this.cellNodes), this.focusCell);
  }

  /** Move the roving focus to `cell`; `focus` also moves DOM focus there. */
  setFocus(cell, focus = true) {
    moveCellFocus(this, cell, focus);
  }

  /** The nearest focusable cell from `cell` in direction (dr, dc), or -1. */
  nextCell(cell, dr, dc) {
    const cols = this.board.cols;
    const r0 = Math.floor(cell / cols);
    const c0 = cell % cols;
    let best = -1;
    let bestScore = Infinity;
    for (const other of this.cellNodes.keys()) {
      if (other === cell) continue;
      const r = Math.floor(other / cols) - r0;
      const c = (other % cols) - c0;
      const along = r * dr + c * dc;
      if (along <= 0) continue;
      const across = Math.abs(dr !== 0 ? c : r);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = other;
      }
    }
    return best;
  }

  /**
   * Draw a position. view = {lit: bool per shell, xray: null | {labels, sources},
   * owners: null | player per shell (-1 unlit), selected: cell or -1,
   * struck: shells a match was struck on (marked), last: the latest struck shell or -1,
   * hinted: the hint's component (outlined; its first shell is the hinted move),
   * named: cells a sentence on screen names (squared, and their coordinates bold)}
   */
  render(view) {
    this.view = { lit: [], xray: null, owners: null, selected: -1, struck: [], last: -1, hinted: [], named: [], ...view };
    const sources = new Set(this.view.xray ? this.view.xray.sources : []);
    const named = new Set(this.view.named);
    const cols = this.board.cols;
    for (const t of this.coordsG.children) {
      const { col, row } = t.dataset;
      const on = [...named].some((c) => (col !== undefined ? c % cols === Number(col) : Math.floor(c / cols) === Number(row)));
      t.classList.toggle('named', on);
    }
    for (const [cell, parts] of this.cellNodes) {
      const v = this.shellOf[cell];
      parts.g.classList.toggle('selected', cell === this.view.selected);
      parts.g.classList.toggle('named', named.has(cell));
      if (v < 0) {
        parts.g.setAttribute('aria-label', `${cellName(this.board.cols, cell)}: empty cell`);
        continue;
      }
      this._paintShell(v, false, sources);
    }
    for (const f of this.fuseNodes) this._paintFuse(f);
  }

  /** The struck shells as a set (rebuilt only when view.struck changes). */
  _struck() {
    if (this._struckFor !== this.view.struck) {
      this._struckFor = this.view.struck;
      this._struckSet = new Set(this.view.struck || []);
    }
    return this._struckSet;
  }

  _visiblyLit(v) {
    return Boolean(this.view.lit[v]) && !this.pending.has(v);
  }

  _paintShell(v, burst, sources = new Set(this.view.xray ? this.view.xray.sources : [])) {
    const cell = this.cellOfShell[v];
    const parts = this.cellNodes.get(cell);
    if (!parts) return;
    const lit = this._visiblyLit(v);
    const g = parts.g;
    g.classList.toggle('lit', lit);
    if (!lit) g.classList.remove('burst');
    else if (burst) g.classList.add('burst');
    const xray = this.view.xray;
    const owner = this.view.owners ? this.view.owners[v] : -1;
    let label = '';
    let cls = 'cell shell-cell';
    let patternFill = 'none';
    const words = [cellName(this.board.cols, cell) + ':'];
    words.push(lit ? 'lit shell' : 'unlit shell');
    const struck = lit && this._struck().has(v);
    g.classList.toggle('struck', struck);
    g.classList.toggle('last', struck && this.view.last === v);
    if (struck) words.push(this.view.last === v ? 'struck here, the latest match' : 'struck here');
    const hinted = this.view.hinted || [];
    const inHint = !lit && hinted.includes(v);
    g.classList.toggle('hinted', inHint);
    g.classList.toggle('hint-move', inHint && hinted[0] === v);
    if (inHint) words.push(hinted[0] === v ? 'the hint: strike here' : 'in the hint\'s component');
    if (xray) {
      const comp = xray.labels[v];
      const st = componentStyle(comp);
      label = st.label;
      cls += ` xray comp-${st.colour}`;
      if (st.pattern) patternFill = `url(#${this.id}-pat${st.pattern})`;
      const isSource = sources.has(comp);
      parts.ring.classList.toggle('on', isSource);
      words.push(`component ${st.label}${isSource ? ', a source (ringed)' : ''}`);
    } else {
      parts.ring.classList.remove('on');
    }
    if (owner >= 0 && lit) {
      cls += ` owner-${owner}`;
      if (!xray) label = String(owner + 1);
      words.push(`lit by player ${owner + 1}`);
    }
    const heads = this.board.succ[v].map((w) => cellName(this.board.cols, this.cellOfShell[w]));
    words.push(heads.length ? `fuses to ${heads.join(', ')}` : 'no fuses');
    for (const c of ['xray', 'owner-0', 'owner-1', ...Array.from({ length: 7 }, (_, i) => `comp-${i}`)]) {
      g.classList.remove(c);
    }
    for (const c of cls.split(' ')) if (c) g.classList.add(c);
    parts.label.textContent = label;
    parts.pattern.setAttribute('fill', patternFill);
    g.setAttribute('aria-label', words.join(' '));
    if (this.mode === 'play') g.setAttribute('aria-disabled', lit ? 'true' : 'false');
    for (const f of this.fusesFrom[v]) this._paintFuse(f);
  }

  _paintFuse(f) {
    const spent = this._visiblyLit(f.from);
    const xray = this.view.xray;
    const cross = Boolean(xray) && xray.labels[f.from] !== xray.labels[f.to];
    f.line.classList.toggle('spent', spent);
    f.line.classList.toggle('cross', cross);
    f.line.classList.toggle('inner', Boolean(xray) && !cross);
    const kind = spent ? 'spent' : cross ? 'cross' : 'live';
    f.line.setAttribute('marker-end', `url(#${this.id}-${kind})`);
  }

  /**
   * Animate a cascade: shells light outward by BFS depth. `t0` is the time of
   * the tap (event.timeStamp); the delay to the first frame that shows it is
   * left in data-tap-to-frame (ms) for the performance test.
   */
  cascade(depths, { t0 = performance.now(), reduced = false } = {}) {
    this.finish();
    const gen = ++this.generation;
    const byDepth = [];
    for (const [v, d] of depths) (byDepth[d] ||= []).push(v);
    for (const v of depths.keys()) this.pending.add(v);
    const sources = new Set(this.view.xray ? this.view.xray.sources : []);
    const reveal = (d) => {
      for (const v of byDepth[d] || []) {
        this.pending.delete(v);
        this._paintShell(v, !reduced, sources);
      }
    };
    const finale = this._finale(byDepth);
    return new Promise((resolve) => {
      this.resolveCascade = resolve;
      this.svg.dataset.animating = 'true';
      const done = () => {
        this.svg.dataset.animating = 'false';
        this.resolveCascade = null;
        if (finale && gen === this.generation) finale(reduced);
        resolve();
      };
      requestAnimationFrame(() => {
        if (gen !== this.generation || !this.pending.size) return;
        if (reduced) {
          for (let d = 0; d < byDepth.length; d++) reveal(d);
        } else {
          reveal(0);
        }
        this.svg.dataset.tapToFrame = (performance.now() - t0).toFixed(1);
        if (reduced || byDepth.length <= 1) {
          done();
          return;
        }
        for (let d = 1; d < byDepth.length; d++) {
          this.timers.push(setTimeout(() => {
            reveal(d);
            if (d === byDepth.length - 1) done();
          }, d * STEP_MS));
        }
      });
    });
  }

  /**
   * When the cascade lights the last dark shell of a board in play: a function
   * that sets off the fireworks at the cascade's shells in cascade order
   * (depth by depth); else null. O(shells).
   */
  _finale(byDepth) {
    if (this.mode !== 'play' || !this.board || !this.board.shells.length) return null;
    if (!this.board.shells.every((_, v) => this.view.lit[v])) return null;
    const cells = this.svg.querySelector('g.cells');
    if (!cells) return null;
    const points = byDepth.flat().map((v) => {
      const [r, c] = this.board.shells[v];
      return { x: c * U + U / 2, y: r * U + U / 2 };
    });
    return (reduced) => fireworks(cells.parentNode, points, { reduced });
  }

  /** Jump any running cascade to its end. */
  finish() {
    this.generation += 1;
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    if (this.pending.size) {
      const left = [...this.pending];
      this.pending.clear();
      for (const v of left) this._paintShell(v, false);
    }
    if (this.resolveCascade) {
      const r = this.resolveCascade;
      this.resolveCascade = null;
      this.svg.dataset.animating = 'false';
      r();
    }
  }
}
