// A modal question with two answers (the native <dialog>: focus moves into it,
// Escape cancels, the page behind is inert). Resolves true for "yes".

import { button, el } from '../../app/ui.js';

/** Ask inside `host` (a mounted node); resolves true when the player picks `yes`. */
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
