// "Move your data": one code carrying a player's results (the shared Store's
// named keys, as Store.exportCode writes them) and every saved game of every
// puzzle, games in progress included (js/app/games.js), to another device.
// Both puzzles' stats pages show this block.
//
// The code is the JSON value {app, keys, format, games} in a js/app/codes.js
// code. `format` versions it: absent (format 1, codes made before saved games
// moved) carries keys only and still imports; format 2 adds `games`, one list
// per puzzle of compact rows [gid, preset, flags (1 finished, 2 daily),
// updated, state]. A code of a newer format is refused with a plain reason.
//
// Importing: the keys all or nothing (Store.importCode; a bad key refuses the
// whole code and nothing changes), then each puzzle's games merged through
// SavedGames.merge (each game checked as games.js checks a stored one; a bad
// or foreign one is skipped with a notice, never fatal; on the same game the
// newer one wins; each puzzle keeps its limit, daily games never dropped).

import { CodeError, decodeCode, encodeCode } from './codes.js';
import { GAME_LIMIT, SavedGames } from './games.js';
import { BUILTIN } from './registry.js';
import { button, el, plural, toast } from './ui.js';
import { copyField } from './share-view.js';

/** The newest format this site writes and reads. */
export const FORMAT = 2;

/** The puzzles whose saved games move (every puzzle the site has). */
export const PUZZLES = Object.freeze(BUILTIN.map((row) => row.name));

const FINISHED = 1;
const DAILY = 2;

/** A saved game as a compact row of the code. */
const packGame = (d) => [d.gid, d.preset, (d.finished ? FINISHED : 0) | (d.daily ? DAILY : 0), d.updated, d.state];

/** The saved game of a code's row, or null when the row is not one (SavedGames.merge then skips it). */
function unpackGame(row) {
  if (!Array.isArray(row) || row.length !== 5 || !Number.isInteger(row[2]) || row[2] < 0 || row[2] > 3) return null;
  const [gid, preset, flags, updated, state] = row;
  return { gid, preset, finished: (flags & FINISHED) !== 0, daily: (flags & DAILY) !== 0, updated, state };
}

/** The code carrying the Store keys `names` and every saved game of `puzzles`. */
export function exportData(store, names, puzzles = PUZZLES) {
  const value = decodeCode(store.exportCode(names));
  const games = {};
  for (const puzzle of puzzles) {
    const rows = new SavedGames(store, puzzle).records().map(packGame);
    if (rows.length) games[puzzle] = rows;
  }
  return encodeCode({ ...value, format: FORMAT, games });
}

/**
 * Import a code made by exportData (any format up to FORMAT). Throws CodeError
 * (nothing changed) when the code is unreadable, of a newer format, or its
 * results are not valid; games are merged one by one and never make it throw.
 * Returns {names, games: {added, replaced, kept, skipped, dropped}}.
 */
export function importData(store, code, puzzles = PUZZLES) {
  const value = decodeCode(code);
  if (value === null || typeof value !== 'object' || value.app !== 'proofgrid') {
    throw new CodeError('the code does not carry proofgrid data');
  }
  const format = value.format ?? 1;
  if (!Number.isInteger(format) || format < 1) throw new CodeError('the code is damaged (its version cannot be read)');
  if (format > FORMAT) {
    throw new CodeError('the code was made by a newer version of this site — reload this page, then try again');
  }
  const carried = value.games !== null && typeof value.games === 'object' && !Array.isArray(value.games)
    ? value.games : {};
  const games = { added: 0, replaced: 0, kept: 0, skipped: 0, dropped: 0 };
  const hasKeys = value.keys !== null && typeof value.keys === 'object' && Object.keys(value.keys).length > 0;
  if (!hasKeys && !Object.keys(carried).length) throw new CodeError('the code carries no data');
  const names = hasKeys ? store.importCode(code) : [];
  let foreign = format >= 2 && carried !== value.games ? 1 : 0; // a games section that is not one
  for (const [puzzle, rows] of Object.entries(carried)) {
    if (!puzzles.includes(puzzle) || !Array.isArray(rows)) {
      foreign += Array.isArray(rows) ? rows.length : 1; // a puzzle this site does not have
      continue;
    }
    const got = new SavedGames(store, puzzle).merge(rows.map(unpackGame)); // notices its own skips
    for (const k of Object.keys(games)) games[k] += got[k];
  }
  if (foreign) store.notice('saved game', 'skipped');
  games.skipped += foreign;
  return { names, games };
}

/** What an import did, in plain words. */
export function importWords({ names, games }) {
  const moved = games.added + games.replaced;
  const parts = [];
  if (names.length || !moved) parts.push(plural(names.length, 'saved result'));
  if (moved || !names.length) parts.push(plural(moved, 'saved game'));
  let text = `Imported ${parts.join(' and ')}.`;
  if (games.kept) {
    text += ` ${plural(games.kept, 'game was', 'games were')} as new or newer on this device and kept as ${games.kept === 1 ? 'it is' : 'they are'}.`;
  }
  if (games.skipped) text += ` ${plural(games.skipped, 'saved game')} could not be read and ${games.skipped === 1 ? 'was' : 'were'} skipped.`;
  if (games.dropped) {
    text += ` ${plural(games.dropped, 'older game')} did not fit (each puzzle keeps up to ${GAME_LIMIT}) and ${games.dropped === 1 ? 'was' : 'were'} left out.`;
  }
  return text;
}

/** The block's nodes, in page order, for the Store keys `names`; `intro` says whose results move. */
export function moveDataSection(store, names, intro) {
  const codeOut = el('textarea', { class: 'code-out', readonly: true, rows: 3, 'aria-label': 'Your saved-data code' });
  const codeIn = el('textarea', { class: 'code-in', rows: 3, 'aria-label': 'Paste a saved-data code', placeholder: 'PG1.…' });
  const status = el('p', { class: 'import-status', role: 'status', 'aria-live': 'polite' });
  return [
    el('h3', {}, 'Move your data'),
    el('p', { class: 'muted' }, `${intro} The code also carries your saved games of both puzzles, finished or not.`),
    button('Make export code', async () => {
      codeOut.value = exportData(store, names);
      await copyField(codeOut, 'Export code copied to the clipboard.', 'Export code ready — copy it from the box.');
    }, { class: 'export' }),
    codeOut,
    codeIn,
    button('Import code', () => {
      try {
        status.textContent = importWords(importData(store, codeIn.value));
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
