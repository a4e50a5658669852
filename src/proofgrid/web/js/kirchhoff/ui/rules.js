// The rules page: the rules in a few sentences, a small animated example
// (the arrows of a 3×4 board's solution appear one by one, routes from the
// sources to the sink) and the one deduction the game teaches — a region
// whose surplus equals the edges leaving it sends an arrow out along each.
// With reduced motion the example is drawn finished, without animation.

import { el, prefersReducedMotion } from '../../app/ui.js';
import { KirchhoffBoardView } from './board-view.js';
import { CROSS, arrowMark, edgeCount } from './layout.js';

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

// +2 . / . -2: the corner source's region has surplus 2 and exactly 2 edges leave it.
const CUT = {
  rows: 2,
  cols: 2,
  clues: [{ cell: 0, kind: 'source', value: 2 }, { cell: 3, kind: 'sink', value: 2 }],
};

function marksOf(board, arrows) {
  const marks = new Array(edgeCount(board.rows, board.cols)).fill(0);
  for (const [t, h] of arrows) {
    const am = arrowMark(board.rows, board.cols, t, h);
    marks[am.edge] = am.mark;
  }
  return marks;
}

export function kirchhoffRulesView() {
  const demo = new KirchhoffBoardView({ mode: 'demo', label: 'Example: arrows appear one by one' });
  demo.setBoard(EXAMPLE);
  const cut = new KirchhoffBoardView({ mode: 'demo', label: 'A region whose surplus equals the edges leaving it' });
  cut.setBoard(CUT);
  cut.render({ marks: marksOf(CUT, [[0, 1], [0, 2]]) });
  cut.setOverlay({ kind: 'hint', region: [0], cell: -1, edge: -1 });
  const caption = el('p', { class: 'demo-caption muted', 'aria-live': 'off' });
  const root = el('section', { class: 'kirchhoff-rules', 'aria-labelledby': 'krules-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'krules-h' }, 'How to play Kirchhoff'),
      el('p', { class: 'sub' }, 'Conservation · unique solution')),
    el('p', {}, 'Draw arrows along the grid so that flow is conserved. Each edge between two neighbouring cells carries at most one arrow.'),
    el('ul', { class: 'rules-list' },
      el('li', {}, el('strong', {}, 'A circled +n'), ' is a source: it sends out n more arrows than it takes in.'),
      el('li', {}, el('strong', {}, 'A circled −n'), ' is a sink: it takes in n more arrows than it sends out.'),
      el('li', {}, el('strong', {}, 'A plain number t'), ' is throughput: exactly t arrows enter that cell, and so t leave.'),
      el('li', {}, el('strong', {}, 'Every other cell'), ' takes in exactly as many arrows as it gives out.')),
    el('div', { class: 'board-wrap demo-wrap' }, demo.svg),
    caption,
    el('h3', {}, 'Count edges against demand'),
    el('p', {}, 'Draw a boundary around any region and add up what its sources owe. If that surplus is more than the edges leaving the region, the position is lost. If it is ',
      el('em', {}, 'equal'), ', every one of those edges carries an arrow, pointing out.'),
    el('div', { class: 'board-wrap demo-wrap small' }, cut.svg),
    el('p', { class: 'muted' }, 'The corner +2 has surplus 2 and two edges leave it: all must point out.'),
    el('h3', {}, 'A puzzle that knows whether you have lost'),
    el('p', {}, 'Whether a position can still be completed is a max-flow question, so the game answers it exactly: HINT shows the next forced edge and draws why (the cell whose clue forces it, or the region whose cut does), and the lost-position alarm speaks up the moment a wrong arrow makes the board impossible.'),
    el('p', {}, 'Controls: tap an edge to cycle one direction, the other, none; drag across cells to draw a path; right-click or X crosses an edge out. Keyboard: arrow keys move between edges, Space cycles, Ctrl+Z undoes, H asks for a hint.'),
    el('div', { class: 'controls' },
      el('a', { class: 'button-link primary', href: '#kirchhoff/play/easy' }, 'Play an easy board'),
      el('a', { class: 'button-link', href: '#kirchhoff/daily' }, 'Daily Kirchhoff')));
  root.dataset.mode = 'kirchhoff-rules';

  const final = marksOf(EXAMPLE, ROUTE);
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
      demo.render({ marks: step === ROUTE.length ? solved : marksOf(EXAMPLE, ROUTE.slice(0, step)) });
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
