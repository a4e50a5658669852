// The player's settings, one key for the whole site (schema v2):
//   { theme: 'system' | 'light' | 'dark',
//     highContrast: boolean,
//     seenHowto: { <puzzle>: true },            // the how-to dialog was shown once
//     puzzles: { <puzzle>: { <key>: boolean } } } // each puzzle's own options
// v1 held only {highContrast}; it migrates with the theme following the system.
//
// Puzzles read their options with puzzleSetting(store, puzzle, key, default) and
// hear changes through the window event 'pg-settings' (detail {puzzle, key,
// value} for a puzzle option, {puzzle: null, key: 'theme' | 'highContrast', value}
// for the display ones). The theme shows on <html> as data-theme (system, light
// or dark: css/app.css follows the system only for "system"); high contrast as
// data-contrast="high".

export const SETTINGS_KEY = 'settings';
export const THEMES = Object.freeze(['system', 'light', 'dark']);
export const SETTINGS_EVENT = 'pg-settings';

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const allValues = (obj, ok) => isObject(obj) && Object.values(obj).every(ok);

export const SETTINGS_SCHEMA = {
  version: 2,
  label: 'settings',
  initial: () => ({ theme: 'system', highContrast: false, seenHowto: {}, puzzles: {} }),
  validate: (d) => isObject(d)
    && THEMES.includes(d.theme)
    && typeof d.highContrast === 'boolean'
    && allValues(d.seenHowto, (v) => v === true)
    && allValues(d.puzzles, (p) => allValues(p, (v) => typeof v === 'boolean')),
  migrate: {
    1: (d) => ({ theme: 'system', highContrast: Boolean(d && d.highContrast), seenHowto: {}, puzzles: {} }),
  },
};

/** Declare the settings key on `store` unless it already is (idempotent). */
export function defineSettings(store) {
  if (!store.schemas.has(SETTINGS_KEY)) store.define(SETTINGS_KEY, SETTINGS_SCHEMA);
  return store;
}

/** The settings (a fresh copy). */
export function readSettings(store) {
  return defineSettings(store).get(SETTINGS_KEY);
}

/** Show the theme and contrast of `settings` on `root` (data-theme, data-contrast). */
export function applySettings(settings, root = globalThis.document?.documentElement) {
  if (!root) return;
  root.dataset.theme = THEMES.includes(settings.theme) ? settings.theme : 'system';
  if (settings.highContrast) root.dataset.contrast = 'high';
  else delete root.dataset.contrast;
}

function announce(detail) {
  const target = globalThis.window;
  if (target && typeof target.dispatchEvent === 'function' && typeof CustomEvent === 'function') {
    target.dispatchEvent(new CustomEvent(SETTINGS_EVENT, { detail }));
  }
}

/** A puzzle's boolean option, or `fallback` when the player never chose. */
export function puzzleSetting(store, puzzle, key, fallback) {
  const v = readSettings(store).puzzles[puzzle]?.[key];
  return typeof v === 'boolean' ? v : fallback;
}

/** Store a puzzle's option and announce it ('pg-settings'). */
export function setPuzzleSetting(store, puzzle, key, value) {
  defineSettings(store).update(SETTINGS_KEY, (d) => ({
    ...d, puzzles: { ...d.puzzles, [puzzle]: { ...d.puzzles[puzzle], [key]: Boolean(value) } },
  }));
  announce({ puzzle, key, value: Boolean(value) });
}

/** Store a display setting ('theme' or 'highContrast'), apply it and announce it. */
export function setDisplaySetting(store, key, value) {
  if (key === 'theme' && !THEMES.includes(value)) throw new RangeError(`unknown theme ${value}`);
  if (key !== 'theme' && key !== 'highContrast') throw new RangeError(`unknown setting ${key}`);
  const v = key === 'theme' ? value : Boolean(value);
  const s = defineSettings(store).update(SETTINGS_KEY, (d) => ({ ...d, [key]: v }));
  applySettings(s);
  announce({ puzzle: null, key, value: v });
  return s;
}

/** True once the how-to dialog of `puzzle` was shown. */
export function howtoSeen(store, puzzle) {
  return readSettings(store).seenHowto[puzzle] === true;
}

/** Remember that the how-to dialog of `puzzle` was shown. */
export function markHowtoSeen(store, puzzle) {
  defineSettings(store).update(SETTINGS_KEY, (d) => ({ ...d, seenHowto: { ...d.seenHowto, [puzzle]: true } }));
}
