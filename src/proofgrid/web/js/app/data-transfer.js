// "Move your data": export the named saved items as a code (the shared
// Store's exportCode) and import a pasted code (importCode), for carrying
// results to another device. Both puzzles' stats pages show this block.

import { button, el, toast } from './ui.js';
import { copyField } from './share-view.js';

/** The block's nodes, in page order, for the Store keys `names`; `intro` says whose results move. */
export function moveDataSection(store, names, intro) {
  const codeOut = el('textarea', { class: 'code-out', readonly: true, rows: 3, 'aria-label': 'Your saved-data code' });
  const codeIn = el('textarea', { class: 'code-in', rows: 3, 'aria-label': 'Paste a saved-data code', placeholder: 'PG1.…' });
  const status = el('p', { class: 'import-status', role: 'status', 'aria-live': 'polite' });
  return [
    el('h3', {}, 'Move your data'),
    el('p', { class: 'muted' }, intro),
    button('Make export code', async () => {
      codeOut.value = store.exportCode(names);
      await copyField(codeOut, 'Export code copied to the clipboard.', 'Export code ready — copy it from the box.');
    }, { class: 'export' }),
    codeOut,
    codeIn,
    button('Import code', () => {
      try {
        const got = store.importCode(codeIn.value);
        status.textContent = `Imported ${got.length} saved ${got.length === 1 ? 'item' : 'items'}.`;
        status.className = 'import-status ok';
        toast('Imported.');
      } catch (err) {
        status.textContent = `Could not import: ${err.message}.`;
        status.className = 'import-status bad';
      }
    }, { class: 'import' }),
    status,
  ];
}
