// The lost-position alarm: the moment a position has no completion (the
// engine's exact verdict, from the worker) the board says so — one sentence —
// points at the cell or region of the contradiction, and offers two ways
// back: rewind to the last position that could still be finished, or take
// back exactly the marks that disagree with the solution (the correct work
// stays). On by default on every preset and the daily (options.js); on a
// daily it is not a hint.

import { button, el } from '../../app/ui.js';

export class AlarmPanel {
  /**
   * @param {() => void} onRewind rewind to the last completable position
   * @param {() => void} onTakeBack take back the wrong marks
   */
  constructor(onRewind, onTakeBack) {
    this.headline = el('p', { class: 'alarm-headline' });
    this.rewind = button('Rewind to the last position that could still be finished', onRewind, { class: 'rewind-completable' });
    this.takeBack = button('Take back the wrong marks', onTakeBack, { class: 'take-back-wrong' });
    this.root = el('div', { class: 'alarm', role: 'alert', hidden: true }, this.headline,
      el('div', { class: 'controls alarm-actions' }, this.takeBack, this.rewind));
  }

  /** Show the alarm for an explained 'lost' hint (hint-view.js explainHint): its one sentence. */
  show(info) {
    this.root.hidden = false;
    this.headline.textContent = info.headline;
    this.root.dataset.region = info.overlay?.region ? info.overlay.region.join(' ') : '';
  }

  hide() {
    this.root.hidden = true;
    this.root.dataset.region = '';
  }

  get shown() { return !this.root.hidden; }
}
