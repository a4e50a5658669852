// The lost-position alarm: the moment a position has no completion (the
// engine's exact verdict, from the worker) the board says so — one sentence —
// points at the cell or region of the contradiction, and offers two ways
// back: rewind to the last position that could still be finished, or take
// back exactly the marks that disagree with the solution (the correct work
// stays). On by default on every preset and the daily (options.js); on a
// daily it is not a hint. Below the sentence the alarm walks the verdict's
// proof the way a hint does (hint-view.js proofSteps): every sentence is
// listed, the one in hand is marked, and Previous / Next step outline what it
// reads on the board, starting from the alarm's own outline (the marks that
// cannot all be right). On a phone the panel sticks to the bottom of the
// screen (kirchhoff.css) so the way back stays in reach.

import { button, el } from '../../app/ui.js';

export class AlarmPanel {
  /**
   * @param {() => void} onRewind rewind to the last completable position
   * @param {() => void} onTakeBack take back the wrong marks
   * @param {(overlay: object) => void} onOutline draw a step's outline on the board
   */
  constructor(onRewind, onTakeBack, onOutline = () => {}) {
    this.onOutline = onOutline;
    this.info = null;
    this.step = -1; // -1: the alarm's own outline; 0..n-1: the proof's steps
    this.headline = el('p', { class: 'alarm-headline' });
    this.list = el('ol', { class: 'alarm-proof', 'aria-label': 'Why', tabindex: '0' }); // focusable: it scrolls on a phone
    this.prevBtn = button('Previous step', () => this.go(this.step - 1), { class: 'alarm-prev' });
    this.nextBtn = button('Next step', () => this.go(this.step + 1), { class: 'alarm-next' });
    this.where = el('span', { class: 'alarm-where muted', 'aria-live': 'polite' });
    this.walk = el('div', { class: 'controls alarm-walk' }, this.prevBtn, this.nextBtn, this.where);
    this.rewind = button('Rewind to the last position that could still be finished', onRewind, { class: 'rewind-completable' });
    this.takeBack = button('Take back the wrong marks', onTakeBack, { class: 'take-back-wrong' });
    this.root = el('div', { class: 'alarm', role: 'alert', hidden: true }, this.headline,
      el('div', { class: 'controls alarm-actions' }, this.takeBack, this.rewind),
      this.list, this.walk);
  }

  /**
   * Show the alarm for an explained 'lost' hint (hint-view.js explainHint):
   * its sentence and its proof's sentences; the same verdict shown again
   * keeps the step in hand.
   */
  show(info) {
    const same = this.info && !this.root.hidden && JSON.stringify(this.info.proof) === JSON.stringify(info.proof);
    this.root.hidden = false;
    this.info = info;
    this.headline.textContent = info.headline;
    this.root.dataset.region = info.overlay?.region ? info.overlay.region.join(' ') : '';
    this.list.replaceChildren(...(info.steps || []).map((st, i) => {
      const item = el('li', { class: 'alarm-step' }, st.text);
      item.addEventListener('click', () => this.go(i));
      return item;
    }));
    this.list.style.whiteSpace = 'pre-line';
    this.list.hidden = !(info.steps || []).length;
    this.walk.hidden = this.list.hidden;
    this.go(same ? this.step : -1, !same);
  }

  /** Outline step `i` of the proof (-1: the alarm's own outline) and mark its sentence. */
  go(i, quiet = false) {
    const steps = this.info?.steps || [];
    const at = Math.max(-1, Math.min(steps.length - 1, i));
    this.step = at;
    this.root.dataset.step = String(at);
    [...this.list.children].forEach((li, k) => {
      if (k !== at) {
        li.removeAttribute('aria-current');
        return;
      }
      li.setAttribute('aria-current', 'step');
      // Scroll the sentence in hand into the list's view (the list alone scrolls; offsets share the sticky panel).
      const top = li.offsetTop - this.list.offsetTop;
      if (top < this.list.scrollTop || top + li.offsetHeight > this.list.scrollTop + this.list.clientHeight) this.list.scrollTop = top;
    });
    this.prevBtn.disabled = at < 0;
    this.nextBtn.disabled = at >= steps.length - 1;
    this.where.textContent = at < 0 ? (steps.length === 1 ? 'One step shows why.' : `${steps.length} steps show why.`) : `Step ${at + 1} of ${steps.length}.`;
    if (!quiet || at >= 0) this.onOutline(at < 0 ? this.info?.overlay ?? null : steps[at].overlay);
  }

  hide() {
    this.root.hidden = true;
    this.root.dataset.region = '';
    this.info = null;
    this.step = -1;
  }

  get shown() { return !this.root.hidden; }
}
