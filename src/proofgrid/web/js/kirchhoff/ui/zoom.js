// Zoom and pan for boards that do not fit (a Giant 16×16 on a phone): the
// board sits in a scrolling frame; + and − buttons (and a pinch, or
// Ctrl + wheel on a trackpad) step through fixed zoom levels, drawn by CSS
// (css/kirchhoff.css: .k-zoom-scroll[data-zoom="2"] .kboard is 200 % wide —
// no inline style). The first zoom-in goes straight to the level where a cell
// is at least 44 px, the minimum touch target; two fingers pan. The point
// under the fingers (or the frame's centre, for the buttons) stays put.

import { button, el } from '../../app/ui.js';

export const LEVELS = Object.freeze([1, 1.5, 2, 2.5, 3, 4]);
export const TARGET_PX = 44;

/**
 * The next zoom level from `z` in `dir` (+1 in, −1 out) when a cell is
 * `cellPx` wide at level 1: zooming in from 1 jumps to the first level whose
 * cells are at least TARGET_PX; null when there is none that way.
 */
export function nextLevel(z, dir, cellPx) {
  if (dir > 0) {
    const bigger = LEVELS.filter((l) => l > z);
    if (!bigger.length) return null;
    if (z === 1) return bigger.find((l) => l * cellPx >= TARGET_PX) ?? bigger[bigger.length - 1];
    return bigger[0];
  }
  const smaller = LEVELS.filter((l) => l < z);
  if (!smaller.length) return null;
  const down = smaller[smaller.length - 1];
  // Never stop between 1 and the first level with touch-sized cells.
  return down * cellPx < TARGET_PX ? 1 : down;
}

export class BoardZoom {
  /** @param svg the board's svg; cellUnits() the board width in cells (labels included) */
  constructor(svg, cellUnits) {
    this.svg = svg;
    this.cellUnits = cellUnits;
    this.zoom = 1;
    this.fitPx = 0;
    this.scroller = el('div', { class: 'k-zoom-scroll' }, svg);
    this.scroller.dataset.zoom = '1';
    this.outBtn = button('−', () => this.step(-1), { class: 'zoom-out', 'aria-label': 'Zoom out' });
    this.inBtn = button('+', () => this.step(1), { class: 'zoom-in', 'aria-label': 'Zoom in' });
    this.bar = el('div', { class: 'k-zoom-bar', role: 'group', 'aria-label': 'Zoom' }, this.outBtn, this.inBtn);
    this.root = el('div', { class: 'k-zoom' }, this.scroller, this.bar);
    this._pinch();
    this.refresh();
  }

  /** A cell's width in CSS pixels at level 1 (measured while at level 1, remembered while zoomed). */
  cellPx() {
    if (this.zoom === 1) {
      const w = this.svg.getBoundingClientRect().width || 0;
      if (w > 0) this.fitPx = w / this.cellUnits();
    }
    return this.fitPx || 0;
  }

  /** Show the buttons only for a board whose cells are smaller than a touch target; update their state. */
  refresh() {
    const px = this.cellPx();
    const small = px > 0 && px < TARGET_PX;
    this.bar.hidden = !small && this.zoom === 1;
    this.root.dataset.fits = small ? 'false' : 'true';
    this.inBtn.disabled = nextLevel(this.zoom, 1, px || 1) === null;
    this.outBtn.disabled = this.zoom === 1;
  }

  /** Zoom to level `z`, keeping the board point under (cx, cy) (client coordinates) in place. */
  setZoom(z, cx = null, cy = null) {
    if (!LEVELS.includes(z) || z === this.zoom) return false;
    const s = this.scroller;
    const rect = s.getBoundingClientRect();
    const ox = (cx ?? rect.left + s.clientWidth / 2) - rect.left;
    const oy = (cy ?? rect.top + s.clientHeight / 2) - rect.top;
    const k = z / this.zoom;
    const x = (s.scrollLeft + ox) * k - ox;
    const y = (s.scrollTop + oy) * k - oy;
    this.zoom = z;
    s.dataset.zoom = String(z);
    s.scrollLeft = Math.max(0, x);
    s.scrollTop = Math.max(0, y);
    this.refresh();
    return true;
  }

  step(dir, cx = null, cy = null) {
    const z = nextLevel(this.zoom, dir, this.cellPx() || 1);
    return z !== null && this.setZoom(z, cx, cy);
  }

  /** Two fingers: pinch to step the zoom, move to pan. Ctrl + wheel zooms too. */
  _pinch() {
    const s = this.scroller;
    const pts = new Map();
    let base = null; // {d, mx, my}
    const mid = () => {
      const [a, b] = [...pts.values()];
      return { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
    };
    s.addEventListener('pointerdown', (e) => {
      if (e.pointerType !== 'touch') return;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pts.size === 2) base = mid();
    });
    s.addEventListener('pointermove', (e) => {
      if (!pts.has(e.pointerId)) return;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pts.size !== 2 || !base) return;
      const now = mid();
      s.scrollLeft -= now.mx - base.mx;
      s.scrollTop -= now.my - base.my;
      const ratio = base.d > 0 ? now.d / base.d : 1;
      if (ratio > 1.25 || ratio < 0.8) {
        this.step(ratio > 1 ? 1 : -1, now.mx, now.my);
        base = now;
      } else {
        base = { ...base, mx: now.mx, my: now.my };
      }
    });
    const up = (e) => {
      pts.delete(e.pointerId);
      if (pts.size < 2) base = null;
    };
    s.addEventListener('pointerup', up);
    s.addEventListener('pointercancel', up);
    s.addEventListener('wheel', (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      this.step(e.deltaY < 0 ? 1 : -1, e.clientX, e.clientY);
    }, { passive: false });
  }
}
