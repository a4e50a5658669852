// "Constructing a layout…": the placeholder a view shows while the worker
// builds its board, with the worker's progress ({phase, done, total}) as a
// progress bar. The page stays responsive throughout; when the board is
// ready the placeholder is replaced by the play view.

import { el } from '../../app/ui.js';

const PHASES = {
  route: 'routing paths',
  paths: 'routing paths',
  minimise: 'rubbing clues out',
  minimize: 'rubbing clues out',
  grade: 'grading',
  attempt: 'trying a layout',
};

export class Building {
  /** @param {string} title the heading while building; mode the section's data-mode */
  constructor(title, mode) {
    this.bar = el('progress', { class: 'build-progress', 'aria-label': 'Construction progress' });
    this.phase = el('span', { class: 'build-phase' });
    this.line = el('p', { class: 'building-line', role: 'status', 'aria-live': 'polite' }, 'constructing a layout… ', this.phase);
    this.body = el('div', { class: 'building' }, this.line, this.bar);
    this.root = el('section', { class: 'kirchhoff-host' },
      el('header', { class: 'view-head' }, el('h2', {}, title)), this.body);
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
    const words = PHASES[p.phase] || (p.phase ? String(p.phase).slice(0, 40) : '');
    this.phase.textContent = words ? `(${words}${Number.isFinite(total) && total > 0 ? ` ${Math.min(done, total)}/${total}` : ''})` : '';
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
