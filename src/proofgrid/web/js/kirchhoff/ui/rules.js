// The rules page: the rules in a few sentences, a small animated example
// (the arrows of a 3×4 board's solution appear one by one, routes from the
// sources to the sink) and the controls. The theory (the region argument,
// exact counting) lives on the "Why it works" page (why.js). With reduced
// motion the example is drawn finished, without animation.

import { el, prefersReducedMotion } from '../../app/ui.js';
import { KirchhoffBoardView } from './board-view.js';
import { marksOfArrows } from './howto.js';
import { CROSS } from './layout.js';

const STEP_MS = 650;
const HOLD_MS = 2600;

// 1 . +1 . / +1 . 0 . / . -2 . 0  (unique; its solution has seven arrows)
const EXAMPLE = {
  rows: 3,
  cols: 4,
  clues: [
    { cell: 0, kind: 'throughput', value: 1 }, { cell: 2, kind: 'source', value: 1 },
    { cell: 4, kind: 'source', value: 1 }, { cell: 6, kind: 'throughput', value: 0 },
    { cell: 9, kind: 'sink', value: 2 }, { cell: 11, kind: 'throughput', value: 0 },
  ],
};
// The solution as cell-to-cell arrows, in drawing order (c1 b1 a1 a2 b2 b3, then a2 a3 b3).
const ROUTE = [[2, 1], [1, 0], [0, 4], [4, 5], [5, 9], [4, 8], [8, 9]];

export function kirchhoffRulesView() {
  const demo = new KirchhoffBoardView({ mode: 'demo', label: 'Example: arrows appear one by one' });
  demo.setBoard(EXAMPLE);
  const caption = el('p', { class: 'demo-caption muted', 'aria-live': 'off' });
  const root = el('section', { class: 'kirchhoff-rules', 'aria-labelledby': 'krules-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'krules-h' }, 'The rules'),
      el('p', { class: 'sub' }, 'Every cell balances · one solution')),
    el('p', {}, 'Draw arrows between neighbouring cells so that every cell balances. Each line between two neighbouring cells carries at most one arrow.'),
    el('ul', { class: 'rules-list' },
      el('li', {}, el('strong', {}, 'A circled +n'), ' is a source: it sends out n more arrows than it takes in.'),
      el('li', {}, el('strong', {}, 'A circled −n'), ' is a sink: it takes in n more arrows than it sends out.'),
      el('li', {}, el('strong', {}, 'A plain number t'), ' is throughput: exactly t arrows enter that cell, and so t leave.'),
      el('li', {}, el('strong', {}, 'Every other cell'), ' takes in exactly as many arrows as it gives out.')),
    el('div', { class: 'board-wrap demo-wrap' }, demo.svg),
    caption,
    el('h3', {}, 'A puzzle that knows whether you have lost'),
    el('p', {}, 'Every board has exactly one solution. HINT shows the next mark that must be there and why; the lost alarm speaks up the moment a mark makes the board impossible to finish, and can take back exactly the wrong marks. ',
      el('a', { href: '#kirchhoff/why' }, 'Why it works')),
    el('p', {}, 'Controls: tap the line between two cells to draw an arrow, turn it round, clear it; drag across cells to draw a path; tap a cell\'s centre to select it, then tap a neighbour (or press an arrow key) to draw an arrow out of it; right-click or X crosses a line out. Keyboard: arrow keys move between lines, Space cycles, Ctrl+Z undoes, H asks for a hint. On a big board, zoom with the + and − buttons or pinch.'),
    el('div', { class: 'controls' },
      el('a', { class: 'button-link primary', href: '#kirchhoff/play/easy' }, 'Play an easy board'),
      el('a', { class: 'button-link', href: '#kirchhoff/daily' }, 'Daily Kirchhoff')));
  root.dataset.mode = 'kirchhoff-rules';

  const final = marksOfArrows(EXAMPLE, ROUTE);
  const solved = final.map((m) => (m === 0 ? CROSS : m));
  if (prefersReducedMotion()) {
    demo.render({ marks: final });
    caption.textContent = 'Two routes leave the sources and end in the −2 sink; the 1 passes exactly one arrow through, the 0s none.';
    root.dataset.animation = 'static';
    return root;
  }
  let step = 0;
  const tick = () => {
    if (!root.isConnected && step > 0) return; // stop once the page is left
    if (step <= ROUTE.length) {
      demo.render({ marks: step === ROUTE.length ? solved : marksOfArrows(EXAMPLE, ROUTE.slice(0, step)) });
      caption.textContent = step === 0 ? 'An empty board: two sources (+1), one sink (−2).'
        : step === ROUTE.length ? 'Solved: every clue is met, and the unused edges are crossed out.'
          : `Arrow ${step} of ${ROUTE.length}.`;
      root.dataset.step = String(step);
      step += 1;
      setTimeout(tick, step > ROUTE.length ? HOLD_MS : STEP_MS);
    } else {
      step = 0;
      tick();
    }
  };
  root.dataset.animation = 'running';
  tick();
  return root;
}
