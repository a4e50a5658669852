// Matchless's own options, shown in the site's one settings panel (the shell
// reads OPTIONS from mount().settings, js/app/puzzles.js) and stored in the
// site's settings under puzzles.matchless (js/app/settings.js). One so far:
// "Show coordinates", off by default (normal play needs no names); boards show
// them anyway while a sentence on screen names a square (a hint, the duel).

import { puzzleSetting } from '../../app/settings.js';

export const PUZZLE = 'matchless';

export const OPTIONS = Object.freeze([
  {
    key: 'coords', label: 'Show coordinates', default: false,
    help: 'Letters above the board and numbers beside it name each square: c4 is column c, row 4. Hints and duels show them whenever they name a square.',
  },
]);

// The site's store, as the shell handed it to mount(): the play view, which
// several views build without a store of their own, reads the options from it.
let mounted = null;

/** Remember the store the mounted app uses (called once by mount). */
export function useStore(store) {
  mounted = store;
}

/** True when the player chose to see coordinates on every board. */
export function coordinatesOn(store = mounted) {
  return store ? puzzleSetting(store, PUZZLE, 'coords', false) : false;
}
