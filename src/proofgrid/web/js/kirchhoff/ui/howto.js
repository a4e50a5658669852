// The how-to dialog's content (the shell shows it on the first visit and from
// its "?" button): three short steps, each with a tiny board that draws its
// arrows one by one (drawn finished when the player asked for less motion).

import { prefersReducedMotion } from '../../app/ui.js';
import { KirchhoffBoardView } from './board-view.js';
import { CROSS, arrowMark, edgeCount } from './layout.js';

const STEP_MS = 700;
const HOLD_MS = 1600;

const clue = (cell, kind, value) => ({ cell, kind, value });

/** Marks of `board` with the arrows [tail, head] drawn (free elsewhere, or crossed with `cross`). */
export function marksOfArrows(board, arrows, { cross = false } = {}) {
  const marks = new Array(edgeCount(board.rows, board.cols)).fill(cross ? CROSS : 0);
  for (const [t, h] of arrows) {
    const am = arrowMark(board.rows, board.cols, t, h);
    marks[am.edge] = am.mark;
  }
  return marks;
}

/**
 * A demo: `board` drawn into `container`, its `arrows` appearing one at a
 * time, then held finished, then again. Returns the cleanup (stops the timer).
 */
function animate(container, board, arrows, label) {
  const view = new KirchhoffBoardView({ mode: 'demo', label });
  view.setBoard(board);
  container.replaceChildren(view.svg);
  container.classList.add('k-howto-demo');
  if (prefersReducedMotion()) {
    view.render({ marks: marksOfArrows(board, arrows, { cross: true }) });
    return () => {};
  }
  let step = 0;
  let timer = 0;
  const tick = () => {
    const done = step === arrows.length;
    view.render({ marks: marksOfArrows(board, arrows.slice(0, step), { cross: done }) });
    step = done ? 0 : step + 1;
    timer = setTimeout(tick, done ? HOLD_MS : STEP_MS);
  };
  tick();
  return () => clearTimeout(timer);
}

const ONE = { rows: 1, cols: 2, clues: [clue(0, 'source', 1), clue(1, 'sink', 1)] };
const THROUGH = { rows: 1, cols: 3, clues: [clue(0, 'source', 1), clue(1, 'throughput', 1), clue(2, 'sink', 1)] };
const PATH = { rows: 2, cols: 3, clues: [clue(0, 'source', 1), clue(1, 'throughput', 0), clue(2, 'sink', 1)] };

export const HOWTO = Object.freeze({
  title: 'How to play Kirchhoff',
  steps: [
    {
      text: 'Tap the line between two cells to draw an arrow; tap again to turn it round, once more to clear it. Or drag a path across the cells.',
      demo: (c) => animate(c, ONE, [[0, 1]], 'An arrow from the +1 to the −1'),
    },
    {
      text: 'A circled +n sends out n more arrows than it takes in, a circled −n takes in n more, and a plain number is how many arrows pass through.',
      demo: (c) => animate(c, THROUGH, [[0, 1], [1, 2]], 'One arrow passes through the 1'),
    },
    {
      text: 'Every other cell passes on what it takes in. When every clue is met the puzzle is solved — and the game tells you the moment a mark makes that impossible.',
      demo: (c) => animate(c, PATH, [[0, 3], [3, 4], [4, 5], [5, 2]], 'A path around the 0 from the +1 to the −1'),
    },
  ],
});
