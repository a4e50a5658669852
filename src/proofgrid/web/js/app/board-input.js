// Input for a board (after 2048's KeyboardInputManager): turns pointer and
// keyboard events into intents and nothing else. Arrow keys move the roving
// focus to the nearest cell that way; Enter or Space activates it; a click or
// tap activates the cell under it. `activate(cell, t0)` receives the event's
// time stamp so the renderer can measure tap-to-first-frame.

import { ARROWS } from './shortcuts.js';

export function attachBoardInput(view, { activate }) {
  const svg = view.svg;
  const cellOf = (target) => {
    const g = target instanceof Element ? target.closest('.cell') : null;
    return g && svg.contains(g) ? Number(g.dataset.cell) : -1;
  };
  svg.addEventListener('click', (e) => {
    const cell = cellOf(e.target);
    if (cell < 0) return;
    view.setFocus(cell, false);
    activate(cell, e.timeStamp);
  });
  svg.addEventListener('focusin', (e) => {
    const cell = cellOf(e.target);
    if (cell >= 0 && cell !== view.focusCell) view.setFocus(cell, false);
  });
  svg.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const cell = cellOf(e.target);
    if (cell < 0) return;
    if (e.key in ARROWS) {
      const [dr, dc] = ARROWS[e.key];
      const next = view.nextCell(cell, dr, dc);
      if (next >= 0) view.setFocus(next, true);
      e.preventDefault();
    } else if (e.key === 'Enter' || e.key === ' ' || e.key === 'Spacebar') {
      e.preventDefault();
      activate(cell, e.timeStamp);
    }
  });
}
