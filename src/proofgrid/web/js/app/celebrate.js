// The finish's celebration, shared by every puzzle's board (it names none):
// fireworks that burst at given points of a board's SVG in the order given
// (the cells a finishing move lit, in the order it lit them), and a gentle
// pulse along given elements (a flow: the arrows of a finished board). Decoration only: aria-hidden, no
// pointer events, never focus; it never marks the board as animating (the
// board is playable and the result already on screen). With
// prefers-reduced-motion nothing moves: the board keeps its still finish.
// The SVG is drawn under the element; CSS (css/app.css .fireworks, .flow-pulse)
// animates it and the nodes are removed when it ends.

import { prefersReducedMotion, svgEl } from './ui.js';

/** At most this many bursts (a huge cascade would be noise, not joy). */
export const MAX_BURSTS = 16;
/** Delay between two bursts, ms. */
export const BURST_STEP_MS = 120;
/** One burst's life, ms (css/app.css .spark's animation). */
export const BURST_MS = 900;
const RAYS = 8;

/**
 * The points to burst at: `points` in order, thinned evenly to at most `max`
 * (the first and the last always kept). O(len(points)).
 */
export function burstPoints(points, max = MAX_BURSTS) {
  if (points.length <= max) return [...points];
  const out = [];
  for (let i = 0; i < max; i++) out.push(points[Math.round((i * (points.length - 1)) / (max - 1))]);
  return out;
}

/**
 * Fireworks on `layer` (an SVG <g> in the board's coordinates): one burst of
 * RAYS sparks at each point [{x, y}] in order, `BURST_STEP_MS` apart. Sets
 * data-celebrated on the nearest <svg> ('fireworks', or 'still' with reduced
 * motion) and resolves when the last burst is gone.
 */
export function fireworks(layer, points, { reduced = prefersReducedMotion(), size = 70 } = {}) {
  const svg = layer.ownerSVGElement || layer;
  if (reduced || !points.length) {
    svg.dataset.celebrated = 'still';
    return Promise.resolve();
  }
  svg.dataset.celebrated = 'fireworks';
  const group = svgEl('g', { class: 'fireworks', 'aria-hidden': 'true' });
  layer.append(group);
  const shown = burstPoints(points);
  const timers = [];
  shown.forEach(({ x, y }, i) => {
    timers.push(setTimeout(() => {
      if (!group.isConnected) return;
      const burst = svgEl('g', { class: `burst burst-${i % 4}`, transform: `translate(${x} ${y})` });
      for (let k = 0; k < RAYS; k++) {
        const a = (2 * Math.PI * k) / RAYS;
        const dx = Math.round(Math.cos(a) * size);
        const dy = Math.round(Math.sin(a) * size);
        burst.append(svgEl('line', { class: 'spark', x1: Math.round(dx * 0.35), y1: Math.round(dy * 0.35), x2: dx, y2: dy }));
      }
      group.append(burst);
    }, i * BURST_STEP_MS));
  });
  return new Promise((resolve) => {
    timers.push(setTimeout(() => {
      group.remove();
      resolve();
    }, (shown.length - 1) * BURST_STEP_MS + BURST_MS));
  });
}

/**
 * A gentle pulse along `elements` (in flow order): each gets the class
 * flow-pulse with its place in --k (css/app.css staggers the pulse by it);
 * removed after the pulse. Nothing moves with reduced motion.
 */
export function flowPulse(svg, elements, { reduced = prefersReducedMotion(), stepMs = 40, pulseMs = 1200 } = {}) {
  if (reduced || !elements.length) {
    svg.dataset.celebrated = 'still';
    return Promise.resolve();
  }
  svg.dataset.celebrated = 'pulse';
  elements.forEach((e, k) => {
    e.style.setProperty('--k', String(k));
    e.classList.add('flow-pulse');
  });
  return new Promise((resolve) => {
    setTimeout(() => {
      for (const e of elements) {
        e.classList.remove('flow-pulse');
        e.style.removeProperty('--k');
      }
      resolve();
    }, (elements.length - 1) * stepMs + pulseMs);
  });
}
