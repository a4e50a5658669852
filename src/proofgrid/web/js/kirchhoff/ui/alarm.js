// The lost-position alarm: the moment a position has no completion (the
// engine's exact verdict, from the worker) the board says so — one sentence —
// points at the cell or region of the contradiction, and offers two ways
// back: rewind to the last position that could still be finished, or take
// back exactly the marks that disagree with the solution (the correct work
// stays). On by default on every preset and the daily (options.js); on a
// daily it is not a hint.
//
// Two parts. The alarm itself (`root`, role "alert": the sentence, the two
// ways back and the proof's Previous / Next step) is compact and sticks to
// the bottom of the screen (and under the score bar once scrolled past), so
// it stays in view on a phone. The proof (`why`, placed just before it in the
// page) is in the page's flow, every sentence shown whole. It is walked the
// way a hint is (hint-view.js proofSteps): the sentence in hand is marked and
// scrolled into view, and what it reads is outlined on the board, starting
// from the alarm's own outline (the marks that cannot all be right); a tap
// on a sentence walks to it. A closed glossary under the proof says what its
// few terms mean and links to the rules.

import { button, el } from '../../app/ui.js';
import { glossary } from './hint-view.js';

let ids = 0;

export class AlarmPanel {
  /**
   * @param {() => void} onRewind rewind to the last completable position
   * @param {() => void} onTakeBack take back the wrong marks
   * @param {(overlay: object) => void} onOutline draw a step's outline on the board
   * @param {(item: Element) => void} reveal bring a sentence of the proof into view
   */
  constructor(onRewind, onTakeBack, onOutline = () => {}, reveal = (item) => item.scrollIntoView({ block: 'nearest' })) {
    this.onOutline = onOutline;
    this.reveal = reveal;
    this.info = null;
    this.step = -1; // -1: the alarm's own outline; 0..n-1: the proof's steps
    this.headline = el('p', { class: 'alarm-headline' });
    this.list = el('ol', { class: 'alarm-proof' });
    // Short on the button beside "Step 2 of 5."; the name says "step".
    this.prevBtn = button('Previous', () => this.go(this.step - 1, { scroll: true }), { class: 'alarm-prev', 'aria-label': 'Previous step' });
    this.nextBtn = button('Next', () => this.go(this.step + 1, { scroll: true }), { class: 'alarm-next', 'aria-label': 'Next step' });
    this.where = el('span', { class: 'alarm-where muted', 'aria-live': 'polite' });
    this.walk = el('div', { class: 'controls alarm-walk' }, this.prevBtn, this.nextBtn, this.where);
    const rewindName = 'Rewind to the last position that could still be finished';
    // The button reads "Rewind" where room is short (the rest is hidden); its name is always the whole sentence.
    this.rewind = button(el('span', {}, 'Rewind', el('span', { class: 'alarm-more' }, rewindName.slice('Rewind'.length))),
      onRewind, { class: 'rewind-completable', 'aria-label': rewindName, title: rewindName });
    this.takeBack = button('Take back the wrong marks', onTakeBack, { class: 'take-back-wrong' });
    this.root = el('div', { class: 'alarm', role: 'alert', hidden: true }, this.headline,
      el('div', { class: 'alarm-bar' }, el('div', { class: 'controls alarm-actions' }, this.takeBack, this.rewind), this.walk));
    const titleId = `alarm-why-${++ids}`;
    this.why = el('section', { class: 'alarm-why', 'aria-labelledby': titleId, hidden: true },
      el('h3', { id: titleId, class: 'alarm-why-title' }, 'Why it can no longer be completed'),
      this.list, glossary());
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
    this.why.hidden = !(info.steps || []).length;
    this.walk.hidden = this.why.hidden;
    this.go(same ? this.step : -1, { quiet: !same });
  }

  /**
   * Outline step `i` of the proof (-1: the alarm's own outline) and mark its
   * sentence; `scroll` brings the sentence into view (Previous / Next step),
   * `quiet` leaves the board's outline as it is.
   */
  go(i, { quiet = false, scroll = false } = {}) {
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
      if (scroll) this.reveal(li);
    });
    this.prevBtn.disabled = at < 0;
    this.nextBtn.disabled = at >= steps.length - 1;
    const where = at < 0 ? (steps.length === 1 ? 'One step shows why.' : `${steps.length} steps show why.`) : `Step ${at + 1} of ${steps.length}.`;
    // A screen reader hears the sentence in hand with its number (it is shown whole in the proof above).
    this.where.replaceChildren(where, ...(at >= 0 ? [el('span', { class: 'visually-hidden' }, ` ${steps[at].text}`)] : []));
    if (!quiet || at >= 0) this.onOutline(at < 0 ? this.info?.overlay ?? null : steps[at].overlay);
  }

  hide() {
    this.root.hidden = true;
    this.why.hidden = true;
    this.root.dataset.region = '';
    this.info = null;
    this.step = -1;
  }

  get shown() { return !this.root.hidden; }
}
