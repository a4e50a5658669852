// Input for a Kirchhoff board in play (after 2048's KeyboardInputManager):
// turns pointer and keyboard events into intents and nothing else.
//
// Pointer: a tap near an edge cycles it (unused -> one direction -> the other
// -> unused); a drag across cells draws a chain of arrows along the path, and
// dragging back over the last step takes that arrow back — one stroke, one
// undo step. A right click (or a long press with the secondary button)
// crosses an edge out. A tap in a cell's centre selects the cell; then a tap
// in a neighbour's centre (or an arrow key) draws an arrow out of it towards
// that neighbour and moves the selection on, so taps draw a path; a tap on
// the selected cell or Escape clears it. A second finger (a pinch, zoom.js)
// cancels the tap or ends the drag. Keyboard: arrow keys move between edges,
// Space or Enter cycles, X crosses out, Delete or Backspace frees the edge.

import { ARROWS } from '../../app/shortcuts.js';
import { CROSS, FREE, cellAt, dragCell, edgeBetween, nearestEdge, nextEdge, stepToward } from './layout.js';

/**
 * Wire `view` (a KirchhoffBoardView in play mode) to the intents:
 *   cycle(edge, t0)                 a tap or Space on an edge
 *   setMark(edge, mark)             X (cross) and Delete (free) on an edge
 *   beginStroke() / strokeArrow(tail, head, retrace) / endStroke()   a drag
 *   cellArrow(tail, head)           an arrow out of the selected cell (a tap or an arrow key)
 * Every tap is noted on the svg for tests: data-taps (a counter) and
 * data-last-tap ("edge:17", "cell:5" or "none").
 * Returns a function that detaches the listeners.
 */
export function attachKirchhoffInput(view, intents) {
  const svg = view.svg;
  let active = null; // {id, chain, dragging}
  const down = new Set(); // pointers down on the board
  let taps = 0;

  const noteTap = (what) => {
    taps += 1;
    svg.dataset.lastTap = what;
    svg.dataset.taps = String(taps);
  };

  /** A tap in a cell's centre: select it, or draw from the selected neighbour, or deselect. */
  const tapCell = (cell) => {
    const { rows, cols } = view.board;
    const sel = view.selected;
    if (sel === cell) {
      view.setSelected(-1);
    } else if (sel >= 0 && edgeBetween(rows, cols, sel, cell) >= 0) {
      intents.cellArrow(sel, cell);
      view.setSelected(cell);
    } else {
      view.setSelected(cell);
    }
    noteTap(`cell:${cell}`);
  };

  const toBoard = (e) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  };

  const onDown = (e) => {
    if (!view.board) return;
    down.add(e.pointerId);
    if (down.size > 1) { // a second finger: a pinch or a pan, never a mark
      if (active) {
        if (active.dragging) intents.endStroke();
        try { svg.releasePointerCapture(active.id); } catch { /* not captured */ }
        active = null;
      }
      return;
    }
    const p = toBoard(e);
    if (!p) return;
    const { rows, cols } = view.board;
    if (e.button === 2) {
      const edge = nearestEdge(rows, cols, p.x, p.y);
      if (edge >= 0) {
        e.preventDefault();
        view.setFocusEdge(edge, false);
        intents.setMark(edge, view.marks && view.marks[edge] === CROSS ? FREE : CROSS);
      }
      return;
    }
    if (e.button !== 0) return;
    active = { id: e.pointerId, chain: [cellAt(rows, cols, p.x, p.y)], dragging: false, start: p, t0: e.timeStamp };
    try { svg.setPointerCapture(e.pointerId); } catch { /* synthetic events have no capture */ }
  };

  const onMove = (e) => {
    if (!active || e.pointerId !== active.id) return;
    const p = toBoard(e);
    if (!p) return;
    const { rows, cols } = view.board;
    const target = dragCell(rows, cols, p.x, p.y);
    const chain = active.chain;
    if (target < 0 || target === chain[chain.length - 1]) return;
    if (chain[chain.length - 1] < 0) {
      chain[chain.length - 1] = target;
      return;
    }
    if (!active.dragging) {
      active.dragging = true;
      intents.beginStroke();
    }
    let last = chain[chain.length - 1];
    let guard = rows + cols + 2;
    while (last !== target && guard-- > 0) {
      const next = stepToward(cols, last, target);
      if (chain.length >= 2 && next === chain[chain.length - 2]) {
        intents.strokeArrow(last, next, true);
        chain.pop();
      } else {
        intents.strokeArrow(last, next, false);
        chain.push(next);
      }
      last = next;
    }
  };

  const finish = (e, cancelled) => {
    down.delete(e.pointerId);
    if (!active || e.pointerId !== active.id) return;
    const a = active;
    active = null;
    try { svg.releasePointerCapture(e.pointerId); } catch { /* already released */ }
    if (a.dragging) {
      intents.endStroke();
      return;
    }
    if (cancelled) return;
    const p = toBoard(e) || a.start;
    const { rows, cols } = view.board;
    const edge = nearestEdge(rows, cols, p.x, p.y);
    if (edge >= 0) {
      view.setSelected(-1);
      view.setFocusEdge(edge, false);
      intents.cycle(edge, a.t0);
      noteTap(`edge:${edge}`);
      return;
    }
    const cell = cellAt(rows, cols, p.x, p.y);
    if (cell >= 0) tapCell(cell);
    else noteTap('none');
  };

  const onUp = (e) => finish(e, false);
  const onCancel = (e) => finish(e, true);
  const onContext = (e) => e.preventDefault();

  const edgeOf = (target) => {
    const g = target instanceof Element ? target.closest('.edge') : null;
    return g && svg.contains(g) ? Number(g.dataset.edge) : -1;
  };

  const onFocus = (e) => {
    const edge = edgeOf(e.target);
    if (edge >= 0 && edge !== view.focusEdge) view.setFocusEdge(edge, false);
  };

  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (!view.board) return;
    const { rows, cols } = view.board;
    if (e.key === 'Escape' && view.selected >= 0) {
      view.setSelected(-1);
      e.preventDefault();
      return;
    }
    if (e.key in ARROWS && view.selected >= 0) {
      const [dr, dc] = ARROWS[e.key];
      const from = view.selected;
      const r = Math.floor(from / cols) + dr;
      const c = (from % cols) + dc;
      e.preventDefault();
      if (r < 0 || c < 0 || r >= rows || c >= cols) return;
      const to = r * cols + c;
      intents.cellArrow(from, to);
      view.setSelected(to);
      view.setFocusEdge(edgeBetween(rows, cols, from, to), true);
      return;
    }
    const edge = edgeOf(e.target);
    if (edge < 0) return;
    if (e.key in ARROWS) {
      const [dr, dc] = ARROWS[e.key];
      const next = nextEdge(rows, cols, edge, dr, dc);
      if (next >= 0) view.setFocusEdge(next, true);
      e.preventDefault();
    } else if (e.key === ' ' || e.key === 'Enter' || e.key === 'Spacebar') {
      e.preventDefault();
      intents.cycle(edge, e.timeStamp);
    } else if (e.key === 'x' || e.key === 'X') {
      e.preventDefault();
      intents.setMark(edge, view.marks && view.marks[edge] === CROSS ? FREE : CROSS);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      intents.setMark(edge, FREE);
    }
  };

  // One AbortController detaches every listener at once.
  const detach = new AbortController();
  const listeners = {
    pointerdown: onDown, pointermove: onMove, pointerup: onUp, pointercancel: onCancel,
    contextmenu: onContext, focusin: onFocus, keydown: onKey,
  };
  for (const [type, fn] of Object.entries(listeners)) {
    svg.addEventListener(type, fn, { signal: detach.signal });
  }
  return () => detach.abort();
}
