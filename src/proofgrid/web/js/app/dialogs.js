// The shell's dialogs: the settings panel (theme, high contrast and every
// registered puzzle's own options), a puzzle's how-to (three short steps,
// each with a tiny animated board the puzzle draws), and a question with two
// answers (ask: "Show the X-ray?", the first hint on a daily). All are native
// <dialog> elements opened modally, so focus stays inside and Escape closes them.

import {
  THEMES, puzzleSetting, readSettings, setDisplaySetting, setPuzzleSetting,
} from './settings.js';
import { button, el } from './ui.js';

const THEME_LABELS = { system: 'Same as this device', light: 'Light', dark: 'Dark' };

/** A modal dialog with a heading and a close button; resolves when it closes. */
function openDialog(cls, title, body, onClose = () => {}) {
  const id = `${cls}-title`;
  const close = el('button', { type: 'button', class: 'dialog-close primary', value: 'close' }, 'Close');
  const dialog = el('dialog', { class: `dialog ${cls}`, 'aria-labelledby': id },
    el('h2', { id }, title), body, el('div', { class: 'controls dialog-foot' }, close));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.close(); }); // the backdrop
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      onClose();
      dialog.remove();
      resolve();
    }, { once: true });
    dialog.showModal();
  });
}

function checkbox(id, label, help, checked, onchange) {
  const helpId = `${id}-help`;
  const input = el('input', { type: 'checkbox', id, checked, 'aria-describedby': help ? helpId : undefined });
  input.addEventListener('change', () => onchange(input.checked));
  return el('div', { class: 'setting' },
    el('label', { for: id }, input, ' ', label),
    help ? el('p', { class: 'setting-help', id: helpId }, help) : null);
}

/**
 * The settings panel. `puzzles` = [{name, title, settings: [{key, label, help, default}]}]
 * (the registered puzzles' own options, in registry order).
 */
export function openSettings(store, puzzles) {
  const s = readSettings(store);
  const theme = el('fieldset', { class: 'setting-group' }, el('legend', {}, 'Colours'),
    ...THEMES.map((t) => {
      const input = el('input', { type: 'radio', name: 'theme', id: `theme-${t}`, value: t, checked: s.theme === t });
      input.addEventListener('change', () => { if (input.checked) setDisplaySetting(store, 'theme', t); });
      return el('div', { class: 'setting' }, el('label', { for: `theme-${t}` }, input, ' ', THEME_LABELS[t]));
    }),
    checkbox('setting-contrast', 'High contrast', 'Stronger lines and plain black and white.',
      s.highContrast, (on) => setDisplaySetting(store, 'highContrast', on)));
  const groups = puzzles.filter((p) => p.settings && p.settings.length).map((p) => el('fieldset',
    { class: 'setting-group' }, el('legend', {}, p.title),
    ...p.settings.map((o) => checkbox(`setting-${p.name}-${o.key}`, o.label, o.help,
      puzzleSetting(store, p.name, o.key, Boolean(o.default)),
      (on) => setPuzzleSetting(store, p.name, o.key, on)))));
  return openDialog('settings-dialog', 'Settings', el('div', { class: 'settings-body' }, theme, ...groups));
}

/**
 * A puzzle's how-to: {title, steps: [{text, demo?(container) -> cleanup?}]}.
 * Each demo draws into its own empty container; its cleanup runs on close.
 */
export function openHowto(howto) {
  const cleanups = [];
  const steps = el('ol', { class: 'howto-steps' }, ...howto.steps.map((step) => {
    const box = el('div', { class: 'howto-demo', 'aria-hidden': 'true' });
    if (typeof step.demo === 'function') {
      try {
        const done = step.demo(box);
        if (typeof done === 'function') cleanups.push(done);
      } catch { box.replaceChildren(); }
    }
    return el('li', { class: 'howto-step' }, box, el('p', {}, step.text));
  }));
  return openDialog('howto-dialog', howto.title, steps, () => {
    for (const c of cleanups) { try { c(); } catch { /* a demo already gone */ } }
  });
}

/**
 * A modal question with two answers inside `host` (a mounted node): focus
 * starts on `no`, Escape answers `no`. Resolves true when the player picks `yes`.
 */
export function ask(host, { title, text, yes, no }) {
  return new Promise((resolve) => {
    const id = `ask-${Math.random().toString(36).slice(2, 8)}`;
    const dialog = el('dialog', { class: 'ask', 'aria-labelledby': `${id}-h`, 'aria-describedby': `${id}-p` });
    const close = (answer) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(
      el('h2', { id: `${id}-h` }, title),
      el('p', { id: `${id}-p` }, text),
      el('div', { class: 'controls' },
        button(yes, () => close(true), { class: 'primary ask-yes' }),
        button(no, () => close(false), { class: 'ask-no' })));
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      close(false);
    });
    host.append(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    dialog.querySelector('.ask-no').focus();
  });
}

/** The question before the first hint on a daily, for every puzzle (as X-ray's "Show the X-ray?"). */
export const DAILY_HINT_QUESTION = Object.freeze({
  title: 'Show a hint?',
  text: "A hint on the daily means it won't count as at par: today's result will say “solved with help” on the share card and in your stats. Your streak goes on.",
  yes: 'Show the hint',
  no: 'Not now',
});

/** Ask before the first hint on a daily; resolves true to show it. */
export function confirmDailyHint(host) {
  return ask(host, DAILY_HINT_QUESTION);
}
