// "Why it works" (#kirchhoff/why): the theory kept out of the rules and the
// play screen — why the numbers balance, the region argument (Gale's theorem,
// max-flow / min-cut), and how the game knows exactly, at every move, whether
// the board can still be finished (an exact count of the completions).

import { el } from '../../app/ui.js';
import { KirchhoffBoardView } from './board-view.js';
import { marksOfArrows } from './howto.js';

// +2 . / . −2: the corner +2 must send out 2 and only two lines leave it.
const CUT = {
  rows: 2,
  cols: 2,
  clues: [{ cell: 0, kind: 'source', value: 2 }, { cell: 3, kind: 'sink', value: 2 }],
};

export function kirchhoffWhyView() {
  const cut = new KirchhoffBoardView({ mode: 'demo', label: 'The corner +2 has two lines out and must send out two arrows' });
  cut.setBoard(CUT);
  cut.render({ marks: marksOfArrows(CUT, [[0, 1], [0, 2]]) });
  cut.setOverlay({ kind: 'hint', region: [0], cell: -1, edge: -1 });
  const root = el('section', { class: 'kirchhoff-why', 'aria-labelledby': 'kwhy-h' },
    el('header', { class: 'view-head' }, el('h2', { id: 'kwhy-h' }, 'Why it works'),
      el('p', { class: 'sub' }, 'The ideas behind the game, for the curious')),
    el('h3', {}, 'Everything balances'),
    el('p', {}, 'Every arrow leaves one cell and enters another. Add up what every cell sends out minus what it takes in, and each arrow counts once with a plus and once with a minus: the total is zero. So the circled numbers of a board always add up to zero — the +s send out exactly what the −s take in.'),
    el('h3', {}, 'Draw a line around some cells'),
    el('p', {}, 'The same count works for any group of cells. Whatever the group must send out has to cross the line around it, one arrow per crossing. If the group must send out more than the lines that cross its border, the board cannot be finished. If it must send out exactly as many, every one of those lines carries an arrow, pointing out.'),
    el('div', { class: 'board-wrap demo-wrap small' }, cut.svg),
    el('p', { class: 'muted' }, 'The corner +2 must send out two arrows, and only two lines leave it: both point out.'),
    el('p', {}, 'This is Gale\'s theorem about flows in networks, the "max-flow, min-cut" idea: a board can be finished exactly when no group of cells needs more than its border can carry — for the circled numbers, the plain numbers, and the arrows already drawn.'),
    el('h3', {}, 'The game knows the moment you have lost'),
    el('p', {}, 'Behind the board the game counts every way to finish it, exactly, sweeping across the board one cell at a time and remembering only the lines that cross the sweep (a transfer-matrix count). That is how every puzzle is known to have exactly one solution, and why the lost alarm is never wrong: it rings only when no way to finish is left.'),
    el('h3', {}, 'Hints you can check'),
    el('p', {}, 'A hint is a short chain of reasons, each about one cell or one group of cells: "this cell has no clue, so as many arrows enter as leave…". Easy boards need only single cells; harder ones the lines around groups; the hardest a "suppose this arrow — then some cell breaks" argument.'),
    el('div', { class: 'controls' },
      el('a', { class: 'button-link primary', href: '#kirchhoff/rules' }, 'How to play'),
      el('a', { class: 'button-link', href: '#kirchhoff/play/easy' }, 'Play an easy board')));
  root.dataset.mode = 'kirchhoff-why';
  return root;
}
