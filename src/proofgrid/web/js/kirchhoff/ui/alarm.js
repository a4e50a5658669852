// The lost-position alarm: the moment a position has no completion (the
// engine's exact verdict, from the worker) the board says so, points at the
// offending region when there is one, and offers to undo to the last position
// that could still be completed. Optional; on by default for easy boards.

import { button, el } from '../../app/ui.js';

/** Whether the alarm is on for a board of `preset` ('other' for non-preset sizes). */
export function alarmEnabled(settings, preset) {
  const table = settings?.alarm || {};
  return Boolean(table[preset] ?? table.other);
}

/** Settings with the alarm for `preset` set to `on` (a new object). */
export function withAlarm(settings, preset, on) {
  return { ...settings, alarm: { ...settings.alarm, [preset]: Boolean(on) } };
}

export class AlarmPanel {
  /** @param {() => void} onRewind the "undo to the last completable position" action */
  constructor(onRewind) {
    this.headline = el('p', { class: 'alarm-headline' });
    this.detail = el('p', { class: 'alarm-detail' });
    this.rewind = button('Undo to the last position that could still be completed', onRewind, { class: 'rewind-completable' });
    this.root = el('div', { class: 'alarm', role: 'alert', hidden: true }, this.headline, this.detail, this.rewind);
  }

  /** Show the alarm for an explained 'lost' hint (see hint-view.js explainHint). */
  show(info) {
    this.root.hidden = false;
    this.headline.textContent = info.headline;
    this.detail.textContent = info.detail && info.detail !== info.headline ? info.detail : '';
    this.root.dataset.region = info.overlay?.region ? info.overlay.region.join(' ') : '';
  }

  hide() {
    this.root.hidden = true;
    this.root.dataset.region = '';
  }

  get shown() { return !this.root.hidden; }
}
