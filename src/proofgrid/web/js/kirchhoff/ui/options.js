// Kirchhoff's own options, shown in the site's one settings panel (the shell
// reads OPTIONS from mount().settings) and as quick toggles under the board.
// The defaults: clue counts off (printed under a clue they sit where a
// vertical arrow runs, and at phone sizes a corner badge clear of every arrow
// is too small to read; the player turns them on), the lost alarm on, the timer off, and
// "Mark obvious empties" on everywhere, the dailies included (so the first
// hint teaches a real deduction rather than crossing lines); a
// choice the player made wins everywhere. Stored in the site's settings (schema v2,
// js/app/settings.js) under puzzles.kirchhoff; the old per-preset key
// (kirchhoff.settings) is read once, for the choices a player actually made.

import { puzzleSetting, setPuzzleSetting } from '../../app/settings.js';
import { SETTINGS_KEY } from './records.js';

export const PUZZLE = 'kirchhoff';

export const OPTIONS = Object.freeze([
  {
    key: 'indicators', label: 'Clue counts', default: false,
    help: 'Small numbers under each clue count the arrows in and out; a met clue turns green, a broken one red.',
  },
  {
    key: 'alarm', label: 'Lost alarm', default: true,
    help: 'Says so the moment the board can no longer be completed, and offers to take back the wrong marks. On a daily it is not a hint; the share card says whether it was on.',
  },
  {
    key: 'timer', label: 'Timer', default: false,
    help: 'Shows a clock. Solves without a hint set best times.',
  },
  {
    key: 'empties', label: 'Mark obvious empties', default: true,
    help: 'After each mark, crosses every line that the clues next to it already rule out, so hints skip those chores and start with a real deduction.',
  },
]);

const DEFAULTS = Object.fromEntries(OPTIONS.map((o) => [o.key, o.default]));

const PRESET_DEFAULTS = Object.fromEntries(OPTIONS.map((o) => [o.key, o.presetDefaults || {}]));

/** An option's default on `preset` (a preset name, or anything else for the general default). */
export function optionDefault(key, preset) {
  const own = PRESET_DEFAULTS[key]?.[preset];
  return typeof own === 'boolean' ? own : DEFAULTS[key];
}

/** One option's value on `preset` (its default there until the player chooses). */
export function option(store, key, preset) {
  return puzzleSetting(store, PUZZLE, key, optionDefault(key, preset));
}

/** Every option on `preset`: {indicators, alarm, timer, empties}. */
export function options(store, preset) {
  return Object.fromEntries(OPTIONS.map((o) => [o.key, option(store, o.key, preset)]));
}

/** Store an option (announced to every open view through the 'pg-settings' event). */
export function setOption(store, key, value) {
  setPuzzleSetting(store, PUZZLE, key, value);
}

/**
 * Carry the clue-count and timer choices of the old kirchhoff.settings key
 * into the site's settings, once, then drop the old key. The old per-preset
 * alarm defaults are not carried: the alarm is now on everywhere by default.
 */
export function migrateOldOptions(store) {
  const raw = store.key(SETTINGS_KEY);
  if (store.readRaw(raw) === null) return;
  const old = store.get(SETTINGS_KEY);
  // The old key stored every value; counts were on by default there, so only "off" was a choice.
  if (old.indicators === false && DEFAULTS.indicators !== false) setOption(store, 'indicators', false);
  if (old.timer !== DEFAULTS.timer) setOption(store, 'timer', old.timer);
  store.removeRaw(raw);
}
