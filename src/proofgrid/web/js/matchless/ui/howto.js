// The how-to dialog's content (the shell shows it on a first visit and from
// its "?" button): three short steps, each with a tiny animated board. The
// demos are decorative (aria-hidden; the sentence says it all), loop every few
// seconds, and stand still in their final state under reduced motion.

import { el, prefersReducedMotion, svgEl } from '../../app/ui.js';

const U = 40;

/**
 * A tiny board: shells at [col, row] and fuses [from, to]; `frames` is a list
 * of lit-shell lists shown in turn (one every `ms`). Returns a cleanup.
 */
function demoBoard(container, { shells, fuses, frames, ms = 700, caption = null }) {
  const cols = Math.max(...shells.map(([c]) => c)) + 1;
  const rows = Math.max(...shells.map(([, r]) => r)) + 1;
  const svg = svgEl('svg', {
    class: 'ml-demo', viewBox: `0 0 ${cols * U} ${rows * U}`, 'aria-hidden': 'true', focusable: 'false',
  });
  const at = (v) => [shells[v][0] * U + U / 2, shells[v][1] * U + U / 2];
  const head = (x, y, ux, uy) => {
    const px = -uy * 5;
    const py = ux * 5;
    return svgEl('path', {
      class: 'demo-head',
      d: `M${x},${y} L${x - ux * 8 + px},${y - uy * 8 + py} L${x - ux * 8 - px},${y - uy * 8 - py} Z`,
    });
  };
  for (const [a, b] of fuses) {
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    svg.append(
      svgEl('line', { class: 'demo-fuse', x1: x1 + ux * 13, y1: y1 + uy * 13, x2: x2 - ux * 18, y2: y2 - uy * 18 }),
      head(x2 - ux * 12, y2 - uy * 12, ux, uy));
  }
  const dots = shells.map((_, v) => {
    const [x, y] = at(v);
    const c = svgEl('circle', { class: 'demo-shell', cx: x, cy: y, r: 11 });
    svg.append(c);
    return c;
  });
  // The caption is text of the page under the drawing, not inside the SVG: at
  // the drawing's scale its words would run past the viewBox and be cut off.
  const text = caption ? el('p', { class: 'demo-caption' }) : null;
  const node = text ? el('div', { class: 'ml-demo-box' }, svg, text) : svg;
  container.append(node);
  const show = (i) => {
    const lit = new Set(frames[i]);
    dots.forEach((d, v) => d.classList.toggle('lit', lit.has(v)));
    if (text) text.textContent = caption(i);
  };
  if (prefersReducedMotion()) {
    show(frames.length - 1);
    return () => node.remove();
  }
  let i = 0;
  show(0);
  const timer = setInterval(() => {
    i = (i + 1) % frames.length;
    show(i);
  }, ms);
  return () => {
    clearInterval(timer);
    node.remove();
  };
}

export const HOWTO = Object.freeze({
  title: 'How to play Matchless',
  steps: Object.freeze([
    {
      text: 'Tap a shell to strike a match on it: it lights up.',
      demo: (c) => demoBoard(c, { shells: [[0, 0], [1, 0], [2, 0]], fuses: [], frames: [[], [], [1], [1]] }),
    },
    {
      text: 'Fuses carry the fire: every shell a lit fuse points to lights too, all down the chain.',
      demo: (c) => demoBoard(c, {
        shells: [[0, 0], [1, 0], [2, 0]], fuses: [[0, 1], [1, 2]], frames: [[], [0], [0, 1], [0, 1, 2], [0, 1, 2]], ms: 500,
      }),
    },
    {
      text: 'Light every shell with as few matches as you can. Par is the fewest possible — always reachable.',
      demo: (c) => demoBoard(c, {
        shells: [[0, 0], [1, 0], [0, 1], [1, 1]],
        fuses: [[0, 1], [2, 3]],
        frames: [[], [0, 1], [0, 1, 2, 3], [0, 1, 2, 3]],
        ms: 800,
        caption: (i) => `${Math.min(i, 2)} ${Math.min(i, 2) === 1 ? 'match' : 'matches'} · par 2`,
      }),
    },
  ]),
});

/**
 * The footer's instructions for each Matchless mode that is not solo play
 * (the site's footer shows the puzzle's own CHROME.foot elsewhere): a duel and
 * the editor each say how they are played, never the solo rules and keys.
 */
export const MODE_FOOT = Object.freeze({
  duel: Object.freeze([
    'Take turns: each strike lights a shell and every shell its fuses reach, and those shells score for whoever struck. When the sky is clear, the rule decides (fewest shells wins, unless you chose most).',
    'Keyboard: arrow keys move, Enter or Space strikes.',
  ]),
  edit: Object.freeze([
    'Shells: tap a cell to add or remove a shell. Fuses: tap the shell a fuse starts from, then a neighbouring shell. Par and the X-ray follow every change; share the link, play it or duel on it.',
    'Keyboard: arrow keys move, Enter or Space adds or removes, Ctrl+Z undoes, Ctrl+Y redoes.',
  ]),
});
