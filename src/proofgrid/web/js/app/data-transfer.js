// "Move your data": one code carrying a player's results (the shared Store's
// named keys, as Store.exportCode writes them) and every saved game of every
// puzzle, games in progress included (js/app/saved-games.js), to another device.
// Both puzzles' stats pages show this block.
//
// The code is the JSON value {app, keys, format, games} in a js/app/codes.js
// code. `format` versions it: absent (format 1, codes made before saved games
// moved) carries keys only and still imports; format 2 adds `games`, one list
// per puzzle of compact rows [gid, preset, flags (1 finished, 2 daily),
// updated, state]. A code of a newer format is refused with a plain reason.
//
// Importing is one transaction over the keys and every puzzle's games: the
// code's size is checked (MAX_IMPORT_ROWS games at most), then every game row
// is checked and sized (saved-games.js checkGame; a bad or foreign one is skipped
// with a notice, never fatal), in chunks of IMPORT_CHUNK rows so the page
// never freezes (importDataAsync yields between chunks and reports progress);
// then the keys are written (Store.importCode: all or nothing), and each
// puzzle's games merged (SavedGames.mergeChecked: on the same game the newer
// one wins; each puzzle keeps its limits). When the browser refuses a write,
// every write of the import is undone (a saved-games.js Journal) and the import
// fails with a CodeError that says nothing changed.
//
// The games are merged through the transaction's view of the store
// (transactionView), so what SavedGames repairs on the way — an unreadable
// index rebuilt from the game keys, an unreadable game key dropped — is part
// of the transaction too: a rebuilt index is a journaled write, a dropped key
// waits for the commit, and the notices about them wait with it. A failed
// import leaves storage byte for byte as it was, damage included.

import { CodeError, decodeCode, encodeCode } from './codes.js';
import {
  DAILY_LIMIT, GAME_LIMIT, Journal, SavedGames, StorageFullError, checkGame,
} from './saved-games.js';
import { BUILTIN } from './registry.js';
import { button, el, plural, toast } from './ui.js';
import { copyField } from './share-view.js';

/** The newest format this site writes and reads. */
export const FORMAT = 2;

/** The puzzles whose saved games move (every puzzle the site has). */
export const PUZZLES = Object.freeze(BUILTIN.map((row) => row.name));

/** The most saved games one code may carry (all puzzles together); a larger code is refused whole. */
export const MAX_IMPORT_ROWS = 100_000;
/** Game rows checked between two yields to the page (importDataAsync). */
export const IMPORT_CHUNK = 2_000;

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

/**
 * The store as one import's transaction sees it (module comment): the methods
 * SavedGames uses (readRaw, writeRaw, removeRaw, rawKeys, notice), with every
 * write journaled (so rollback undoes it), every removal kept for the commit
 * (reads no longer see the key meanwhile) and every notice kept in `notices`
 * until the caller replays them after a commit.
 */
function transactionView(store, journal) {
  const removed = new Set();
  const notices = [];
  const view = {
    readRaw: (key) => (removed.has(key) ? null : store.readRaw(key)),
    writeRaw: (key, text) => {
      removed.delete(key);
      journal.track(key);
      return store.writeRaw(key, text);
    },
    removeRaw: (key) => {
      removed.add(key);
      journal.remove(key);
    },
    rawKeys: (start) => store.rawKeys(start).filter((key) => !removed.has(key)),
    notice: (label, what) => { notices.push([label, what]); },
  };
  return { view, notices };
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
 * The steps of an import (module comment), as a generator: it yields
 * {done, total} after each chunk of checked rows and returns the result, so
 * importData runs it at once and importDataAsync between page frames.
 */
function* importSteps(store, code, puzzles) {
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
  const hasKeys = value.keys !== null && typeof value.keys === 'object' && Object.keys(value.keys).length > 0;
  if (!hasKeys && !Object.keys(carried).length) throw new CodeError('the code carries no data');
  let foreign = format >= 2 && carried !== value.games ? 1 : 0; // a games section that is not one
  const mine = [];
  let total = 0;
  for (const [puzzle, rows] of Object.entries(carried)) {
    if (!puzzles.includes(puzzle) || !Array.isArray(rows)) {
      foreign += Array.isArray(rows) ? rows.length : 1; // a puzzle this site does not have
      continue;
    }
    mine.push([puzzle, rows]);
    total += rows.length;
  }
  if (total + foreign > MAX_IMPORT_ROWS) {
    throw new CodeError(
      `the code carries ${total + foreign} saved games, more than the ${MAX_IMPORT_ROWS} one import takes: nothing was imported`,
    );
  }
  // Check and size every row first, touching nothing.
  const checked = [];
  let done = 0;
  for (const [puzzle, rows] of mine) {
    const out = [];
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
      const end = Math.min(rows.length, i + IMPORT_CHUNK);
      for (let j = i; j < end; j++) out.push(checkGame(unpackGame(rows[j])));
      done += end - i;
      yield { done, total };
    }
    checked.push([puzzle, out]);
  }
  // Then write, as one transaction.
  const journal = new Journal(store);
  const { view, notices } = transactionView(store, journal);
  const games = { added: 0, replaced: 0, kept: 0, skipped: 0, dropped: 0 };
  let names = [];
  try {
    if (hasKeys) {
      for (const name of Object.keys(value.keys)) journal.track(store.key(name));
      names = store.importCode(code); // a bad key refuses the whole code before any write
    }
    for (const [puzzle, rows] of checked) {
      // its repairs and notices (a damaged index, an unreadable game) join the transaction
      const got = new SavedGames(view, puzzle).mergeChecked(rows, journal);
      for (const k of Object.keys(games)) games[k] += got[k];
    }
    if (store.fallback?.size && [...journal.before.keys()].some((k) => store.fallback.has(k))) {
      throw new StorageFullError(); // a key Store.set could keep only for this session
    }
  } catch (err) {
    journal.rollback();
    if (err instanceof CodeError) throw err;
    store.notice('saved game', 'full');
    throw new CodeError('there is not enough room in this browser\'s storage for this code: nothing was imported');
  }
  journal.commit();
  for (const [label, what] of notices) store.notice(label, what);
  if (foreign) store.notice('saved game', 'skipped');
  games.skipped += foreign;
  return { names, games };
}

/**
 * Import a code made by exportData (any format up to FORMAT), as one
 * transaction (module comment). Throws CodeError, with nothing changed, when
 * the code is unreadable, of a newer format, too large, its results are not
 * valid, or the browser's storage cannot hold it; bad games are skipped.
 * Returns {names, games: {added, replaced, kept, skipped, dropped}}.
 */
export function importData(store, code, puzzles = PUZZLES) {
  const steps = importSteps(store, code, puzzles);
  for (;;) {
    const { value, done } = steps.next();
    if (done) return value;
  }
}

/** Let the page draw and answer input between two chunks of work. */
const nextFrame = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/**
 * importData in chunks of IMPORT_CHUNK rows, yielding to the page between
 * them and calling `onProgress({done, total})` after each, so a large code
 * never freezes the page (a code of one chunk runs at once). The writes
 * happen at the end, at once.
 */
export async function importDataAsync(store, code, { puzzles = PUZZLES, onProgress = () => {} } = {}) {
  const steps = importSteps(store, code, puzzles);
  for (;;) {
    const { value, done } = steps.next();
    if (done) return value;
    if (value.total > IMPORT_CHUNK) { // a code of one chunk is done at once, as importData
      onProgress(value);
      await nextFrame();
    }
  }
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
    text += ` ${plural(games.dropped, 'older game')} did not fit (each puzzle keeps up to ${GAME_LIMIT} games and ${DAILY_LIMIT} dailies) and ${games.dropped === 1 ? 'was' : 'were'} left out.`;
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
    button('Import code', async (event) => {
      const btn = event?.currentTarget;
      if (btn) btn.disabled = true;
      status.className = 'import-status';
      try {
        await store.beforeImport?.(); // every puzzle's keys declared (js/app/main.js)
        const got = await importDataAsync(store, codeIn.value, {
          onProgress: ({ done, total }) => {
            status.textContent = `Reading saved games: ${done} of ${total}…`;
          },
        });
        status.textContent = importWords(got);
        status.className = 'import-status ok';
        toast('Imported.');
      } catch (err) {
        status.textContent = `Could not import: ${err.message}.`;
        status.className = 'import-status bad';
      } finally {
        if (btn) btn.disabled = false;
      }
    }, { class: 'import' }),
    status,
  ];
}
