// "Building a puzzle…": the placeholder a view shows while the worker
// builds its board, with the worker's progress ({phase, done, total}) as a
// progress bar and a plain word for the phase (never the generator's own terms). The page stays responsive throughout; when the board is
// ready the placeholder is replaced by the play view.

import { el } from '../../app/ui.js';

const PHASES = {
  route: 'drawing paths',
  paths: 'drawing paths',
  minimise: 'choosing the clues',
  minimize: 'choosing the clues',
  grade: 'checking it has one solution',
  attempt: 'trying a layout',
};

export class Building {
  /**
   * @param {string} title what is being built (the section's name; the page's
   *   one heading, the shell's <h1>, already says it); mode the section's data-mode
   */
  constructor(title, mode) {
    this.bar = el('progress', { class: 'build-progress', 'aria-label': 'Building progress' });
    this.phase = el('span', { class: 'build-phase' });
    this.line = el('p', { class: 'building-line', role: 'status', 'aria-live': 'polite' }, 'Building a puzzle… ', this.phase);
    this.body = el('div', { class: 'building' }, this.line, this.bar);
    this.root = el('section', { class: 'kirchhoff-host', 'aria-label': title }, this.body);
    this.root.dataset.mode = mode;
    this.root.dataset.building = 'true';
    this.root.dataset.progress = '0';
    this.updates = 0;
  }

  /** A progress report from the worker. */
  progress(p) {
    if (!p) return;
    this.updates += 1;
    this.root.dataset.progress = String(this.updates);
    const done = Number(p.done);
    const total = Number(p.total);
    if (Number.isFinite(done) && Number.isFinite(total) && total > 0) {
      this.bar.max = total;
      this.bar.value = Math.min(done, total);
    }
    const words = PHASES[p.phase] || '';
    this.phase.textContent = words ? `(${words})` : '';
  }

  /** Replace the placeholder with the finished view's node. */
  done(node) {
    this.root.replaceWith(node);
  }

  /** Show a failure instead of the board. */
  fail(message, ...extra) {
    this.root.dataset.building = 'failed';
    this.body.replaceChildren(el('p', { class: 'notice bad', role: 'alert' }, message), ...extra);
  }
}

/**
 * The words for a board that could not be built: a link's bad board size in
 * plain words (the engine's message names its own notation; the second argument
 * is the engine, for its MIN_SIDE and MAX_SIDE), anything else as "The board could not be
 * built (<reason>)."
 */
export function buildFailure(reason, { MIN_SIDE, MAX_SIDE }) {
  const text = String(reason || '');
  if (/^bad params\b/.test(text) || /^(rows|cols) must be \d+\.\.\d+/.test(text)) {
    return `This link's board size isn't valid: boards are ${MIN_SIDE}×${MIN_SIDE} to ${MAX_SIDE}×${MAX_SIDE}.`;
  }
  return `The board could not be built (${text}).`;
}
