// Keyboard intents both puzzles share: arrow-key steps, Ctrl/⌘+Z undo, Ctrl/⌘+Y or
// Ctrl/⌘+Shift+Z redo, and single letters (each puzzle names its own).
// Keys typed into a form field, or already handled, are never shortcuts.
// This only turns an event into an intent; the view decides what it does.

import { listenWhileConnected } from './ui.js';

/** Arrow keys as (row, column) steps, for moving a board's roving focus. */
export const ARROWS = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The intent of a keydown: {history: 'undo'|'redo'}, {key: <lower-case letter>}, or null. */
export function shortcutIntent(e) {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return null;
  if (e.defaultPrevented) return null;
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key.toLowerCase();
  if (mod && k === 'z' && !e.shiftKey) return { history: 'undo' };
  if (mod && (k === 'y' || (k === 'z' && e.shiftKey))) return { history: 'redo' };
  if (!mod && !e.altKey) return { key: k };
  return null;
}

/**
 * While `root` is in the document, run `undo`, `redo` or `keys[letter]` for the
 * matching keydown anywhere on the page (a button that became disabled drops
 * focus to the body) and prevent the browser's default for it.
 */
export function listenShortcuts(root, { undo, redo, keys = {} }) {
  listenWhileConnected(root, document, 'keydown', (e) => {
    const intent = shortcutIntent(e);
    let action = null;
    if (intent?.history === 'undo') action = undo;
    else if (intent?.history === 'redo') action = redo;
    else if (intent?.key !== undefined && Object.hasOwn(keys, intent.key)) action = keys[intent.key];
    if (!action) return;
    action();
    e.preventDefault();
  });
}
