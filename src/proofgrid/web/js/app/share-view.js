// The share controls both puzzles draw: the daily result's share block
// (Web Share, clipboard, or text selected for a manual copy — the outcomes of
// js/app/share.js) and copying a read-only field (a board link, a saved-data
// code) to the clipboard with a toast either way.

import { button, el, toast } from './ui.js';
import { shareMessage, shareText } from './share.js';

/** Select `field` and copy its value; toast `copied`, or `manual` when the clipboard refuses. */
export async function copyField(field, copied, manual) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    toast(copied);
  } catch {
    toast(manual);
  }
}

/** The 'Copy link' button for a read-only link field. */
export function copyLinkButton(link) {
  return button('Copy link', () => copyField(link, 'Link copied — send it to anyone.', 'Select the link and copy it.'),
    { class: 'copy-link' });
}

/** The share block under a finished daily: [Share button, status line, the card text]. */
export function shareBlock(text) {
  const output = el('pre', { class: 'share-text', 'aria-label': 'Share text' }, text);
  const status = el('p', { class: 'share-status', role: 'status', 'aria-live': 'polite' });
  const share = button('Share result', async () => {
    const outcome = await shareText(text);
    status.textContent = shareMessage(outcome);
    status.dataset.outcome = outcome;
    if (outcome !== 'manual') toast(shareMessage(outcome));
    if (outcome === 'manual') {
      const range = document.createRange();
      range.selectNodeContents(output);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
  }, { class: 'primary share' });
  return [share, status, output];
}
