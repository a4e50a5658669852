// Saved-game storage, so that a board a player has touched is never lost: one storage
// key per game, `pg:game:<puzzle>:<gid>` holding {v: 1, data: {gid, preset,
// state, finished, daily, updated}}, plus one index key per puzzle,
// `pg:games:<puzzle>`, listing {gid, preset, finished, daily, updated} for
// every saved game of that puzzle. A corrupt game key is skipped (and dropped)
// with a notice, without touching any other game; a corrupt index is rebuilt
// from the game keys themselves. Nothing here ever throws at the caller.
//
// Bounded, per puzzle: at most `limit` (GAME_LIMIT) games that are not
// dailies, and at most `dailyLimit` (DAILY_LIMIT) dailies. Over the first, the
// oldest unfinished non-daily game goes first, then the oldest finished one;
// over the second, the oldest finished daily, then the oldest unfinished one.
// When the browser's storage is full, game keys the index does not list
// (orphans) are swept first, then non-daily games evicted. When nothing can
// make room, the game is kept in memory for this session and a notice says so.
//
// Moving games to another device (js/app/data-transfer.js): records() gives
// every game in full; merge() takes them back in as one transaction. Every row
// is checked and sized first (checkGame: MAX_GID_CHARS, MAX_PRESET_CHARS,
// MAX_STATE_DEPTH, MAX_GAME_CHARS), then, on the same gid, the newer `updated`
// wins; the new rows and the index are written, and only then are the games
// the limits leave out removed. A failed write undoes every write of the
// transaction (a Journal), so storage is exactly as it was, and says so.
// Linear in the rows (one sort per bound).
//
// gid is the canonical `params:desc` game ID; `state` is whatever JSON the
// puzzle needs to restore the position (e.g. its move list).

const VERSION = 1;
const GAME = 'pg:game:';
const INDEX = 'pg:games:';
const LABEL = 'saved game';

/** The most games that are not dailies kept per puzzle, unless a SavedGames is given another limit. */
export const GAME_LIMIT = 40;
/** The most daily games kept per puzzle (more than a year of dailies). */
export const DAILY_LIMIT = 400;
/** The longest game ID a saved game may have (the longest board descriptions are ~1,100). */
export const MAX_GID_CHARS = 2048;
/** The longest preset name a saved game may have. */
export const MAX_PRESET_CHARS = 64;
/** The deepest nesting of arrays and objects a game's `state` may have. */
export const MAX_STATE_DEPTH = 32;
/** The most characters one saved game may take in storage (its whole JSON). */
export const MAX_GAME_CHARS = 65536;

/** A write the browser refused (its storage is full, or unavailable). */
export class StorageFullError extends Error {
  constructor(key) {
    super('there is not enough room in this browser\'s storage');
    this.name = 'StorageFullError';
    this.key = key;
  }
}

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

function validEntry(e) {
  return isObject(e) && typeof e.gid === 'string' && e.gid.length > 0 && typeof e.preset === 'string'
    && typeof e.finished === 'boolean' && typeof e.daily === 'boolean' && Number.isFinite(e.updated);
}

const entryOf = (d) => ({ gid: d.gid, preset: d.preset, finished: d.finished, daily: d.daily, updated: d.updated });

/** A saved game's record, its fields only. */
const recordOf = (d) => ({ ...entryOf(d), state: d.state });

/** True when `d` is a saved game record {gid, preset, state, finished, daily, updated}. */
function isGameRecord(d) {
  return validEntry(d) && 'state' in d;
}

/** The parsed game under `text` for `gid`, or null when it is not a valid saved game. */
function parseGame(text, gid) {
  if (text === null) return null;
  let env;
  try { env = JSON.parse(text); } catch { return null; }
  if (!isObject(env) || env.v !== VERSION || !isObject(env.data)) return null;
  const d = env.data;
  if (!isGameRecord(d) || (gid !== undefined && d.gid !== gid)) return null;
  return d;
}

/** Newest first; ties broken by gid so the order is total. */
const newestFirst = (a, b) => b.updated - a.updated || (a.gid < b.gid ? -1 : a.gid > b.gid ? 1 : 0);

/** Eviction order of non-daily games: unfinished before finished, then oldest first. */
const evictionOrder = (a, b) => Number(a.finished) - Number(b.finished) || a.updated - b.updated;

/** Eviction order of dailies: finished before unfinished, then oldest first. */
const dailyOrder = (a, b) => Number(b.finished) - Number(a.finished) || a.updated - b.updated;

/**
 * The gids the limits leave out of `entries` (never `keep`): the first
 * `count - limit` non-daily games in evictionOrder, and the first
 * `dailies - dailyLimit` dailies in dailyOrder. O(n log n), one sort per bound.
 */
function evictions(entries, limit, dailyLimit, keep) {
  const out = new Set();
  const groups = [
    [entries.filter((e) => !e.daily), limit, evictionOrder],
    [entries.filter((e) => e.daily), dailyLimit, dailyOrder],
  ];
  for (const [group, most, order] of groups) {
    let over = group.length - most;
    if (over <= 0) continue;
    for (const e of group.sort(order)) {
      if (over <= 0) break;
      if (e.gid === keep) continue;
      out.add(e.gid);
      over -= 1;
    }
  }
  return out;
}

/**
 * The nesting depth of a JSON value, or Infinity past `most` levels or past
 * `nodes` values (so a hostile value costs O(nodes), never the stack). Iterative.
 */
function depthOf(value, most = MAX_STATE_DEPTH, nodes = MAX_GAME_CHARS) {
  let deepest = 0;
  let seen = 0;
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > most) return Infinity;
    deepest = Math.max(deepest, d + 1);
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      seen += 1;
      if (seen > nodes) return Infinity;
      if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
    }
  }
  return deepest;
}

/**
 * A saved game checked and sized for storage: {data, text} where `data` holds
 * the record's fields only and `text` is its stored JSON, or null when `d` is
 * not a valid saved game or passes a limit (MAX_GID_CHARS, MAX_PRESET_CHARS,
 * MAX_STATE_DEPTH, MAX_GAME_CHARS). Never throws. O(size of the record).
 */
export function checkGame(d) {
  try {
    if (!isGameRecord(d) || d.gid.length > MAX_GID_CHARS || d.preset.length > MAX_PRESET_CHARS) return null;
    if (depthOf(d.state) > MAX_STATE_DEPTH) return null;
    const data = recordOf(d);
    const text = JSON.stringify({ v: VERSION, data });
    if (typeof text !== 'string' || text.length > MAX_GAME_CHARS) return null;
    return { data, text };
  } catch {
    return null; // a getter that throws, a BigInt, a cycle
  }
}

/**
 * The writes of one transaction: each key's value before its first write is
 * kept, so rollback() puts every key back as it was; removals wait for
 * commit(), after every write has succeeded.
 */
export class Journal {
  constructor(store) {
    this.store = store;
    this.before = new Map();
    this.removals = [];
  }

  /** Write `text` under `key`, or throw StorageFullError (the write is then undone by rollback). */
  write(key, text) {
    if (!this.before.has(key)) this.before.set(key, this.store.readRaw(key));
    if (!this.store.writeRaw(key, text)) throw new StorageFullError(key);
  }

  /** Remember `key`'s value now, for a write made elsewhere (e.g. Store.importCode) to be undone. */
  track(key) {
    if (!this.before.has(key)) this.before.set(key, this.store.readRaw(key));
  }

  /** Remove `key` when the transaction commits. */
  remove(key) { this.removals.push(key); }

  /** Carry out the removals (they free room, so they cannot fail). */
  commit() {
    for (const key of this.removals) this.store.removeRaw(key);
    this.removals = [];
    this.before.clear();
  }

  /** Undo every write: new keys removed first (freeing room), then old values put back. */
  rollback() {
    const entries = [...this.before];
    for (const [key, old] of entries) if (old === null) this.store.removeRaw(key);
    for (const [key, old] of entries) {
      if (old === null) continue;
      this.store.removeRaw(key); // also drops a session-only copy of the failed value
      this.store.writeRaw(key, old);
    }
    this.removals = [];
    this.before.clear();
  }
}

export class SavedGames {
  /**
   * @param {import('./storage.js').Store} store the site's store (its backend and notices)
   * @param {string} puzzle the registry name, as in its registry row
   * @param {{limit?: number, dailyLimit?: number, now?: () => number}} [opts] at most `limit`
   *   non-daily games (default GAME_LIMIT) and `dailyLimit` dailies (default DAILY_LIMIT) kept
   */
  constructor(store, puzzle, opts = {}) {
    this.store = store;
    this.puzzle = puzzle;
    this.limit = Math.max(1, opts.limit ?? GAME_LIMIT);
    this.dailyLimit = Math.max(1, opts.dailyLimit ?? DAILY_LIMIT);
    this.now = opts.now ?? (() => Date.now());
  }

  gameKey(gid) { return `${GAME}${this.puzzle}:${gid}`; }

  get indexKey() { return `${INDEX}${this.puzzle}`; }

  /** The index (valid entries only); rebuilt from the game keys when unreadable. */
  _index() {
    const text = this.store.readRaw(this.indexKey);
    if (text !== null) {
      try {
        const env = JSON.parse(text);
        if (isObject(env) && env.v === VERSION && Array.isArray(env.data) && env.data.every(validEntry)) {
          return env.data;
        }
      } catch { /* rebuilt below */ }
    }
    return this._rebuild(text !== null);
  }

  /** Scan every game key of this puzzle; bad ones are dropped with a notice. */
  _rebuild(indexWasBad) {
    const start = `${GAME}${this.puzzle}:`;
    const entries = [];
    let skipped = indexWasBad;
    for (const key of this.store.rawKeys(start)) {
      const d = parseGame(this.store.readRaw(key), key.slice(start.length));
      if (d) entries.push(entryOf(d));
      else {
        this.store.removeRaw(key);
        skipped = true;
      }
    }
    if (skipped) this.store.notice(LABEL, 'skipped');
    if (entries.length || indexWasBad) this._writeIndex(entries);
    return entries;
  }

  _writeIndex(entries) {
    return this.store.writeRaw(this.indexKey, JSON.stringify({ v: VERSION, data: entries }));
  }

  /** Remove the first evictable non-daily game of `entries` (not `keep`); returns the shorter list or null. */
  _evictOne(entries, keep) {
    const victim = entries.filter((e) => !e.daily && e.gid !== keep).sort(evictionOrder)[0];
    if (!victim) return null;
    this.store.removeRaw(this.gameKey(victim.gid));
    return entries.filter((e) => e.gid !== victim.gid);
  }

  /**
   * Make the index and the game keys agree: remove game keys the index does
   * not list (orphans a failed or interrupted write left) and index entries
   * whose game key is gone. Returns how many keys were removed. O(keys).
   */
  sweep() {
    try {
      const entries = this._index();
      const listed = new Set(entries.map((e) => this.gameKey(e.gid)));
      let removed = 0;
      const present = new Set();
      for (const key of this.store.rawKeys(`${GAME}${this.puzzle}:`)) {
        if (listed.has(key)) present.add(key);
        else {
          this.store.removeRaw(key);
          removed += 1;
        }
      }
      const left = entries.filter((e) => present.has(this.gameKey(e.gid)));
      if (left.length !== entries.length) this._writeIndex(left);
      return removed;
    } catch {
      return 0;
    }
  }

  /**
   * Save (or replace) the game `gid`: record = {preset, state, finished, daily}.
   * Stamps `updated`. Never throws; returns true when it reached lasting storage.
   */
  save(gid, record) {
    try {
      const data = {
        gid: String(gid),
        preset: String(record.preset),
        state: record.state === undefined ? null : record.state,
        finished: Boolean(record.finished),
        daily: Boolean(record.daily),
        updated: this.now(),
      };
      const text = JSON.stringify({ v: VERSION, data });
      let entries = this._index().filter((e) => e.gid !== data.gid);
      entries.push(entryOf(data));
      const over = evictions(entries, this.limit, this.dailyLimit, data.gid);
      for (const g of over) this.store.removeRaw(this.gameKey(g));
      entries = entries.filter((e) => !over.has(e.gid));
      let swept = false;
      for (;;) {
        if (this.store.writeRaw(this.gameKey(data.gid), text) && this._writeIndex(entries)) return true;
        if (!swept) { // storage full: orphans go first, then the oldest games
          swept = true;
          this._writeIndex(entries.filter((e) => e.gid !== data.gid));
          if (this.sweep() > 0) continue;
        }
        const shorter = this._evictOne(entries, data.gid);
        if (!shorter) break;
        entries = shorter;
      }
      this._writeIndex(entries);
      this.store.notice(LABEL, 'full');
      return false;
    } catch {
      this.store.notice(LABEL, 'full');
      return false;
    }
  }

  /** The saved record {gid, preset, state, finished, daily, updated} of `gid`, or null. */
  load(gid) {
    try {
      const key = this.gameKey(gid);
      const text = this.store.readRaw(key);
      if (text === null) return null;
      const d = parseGame(text, String(gid));
      if (d) return d;
      this.store.notice(LABEL, 'skipped');
      this.remove(gid);
      return null;
    } catch {
      return null;
    }
  }

  /** The most recently updated unfinished non-daily game of `preset`, or null. */
  lastUnfinished(preset) {
    const hit = this.list().find((e) => e.preset === preset && !e.finished && !e.daily);
    return hit ? hit.gid : null;
  }

  /** Every saved game of this puzzle, newest first: [{puzzle, gid, preset, finished, daily, updated}]. */
  list() {
    try {
      return this._index().slice().sort(newestFirst).map((e) => ({ puzzle: this.puzzle, ...e }));
    } catch {
      return [];
    }
  }

  /** Every saved game of this puzzle in full ({gid, preset, state, finished, daily, updated}), newest first. */
  records() {
    return this.list().map((e) => this.load(e.gid)).filter((d) => d !== null).map(recordOf);
  }

  /**
   * Merge saved games brought from elsewhere (e.g. another device) without
   * losing one, as one transaction (module comment): a record checkGame
   * refuses is skipped; on a game ID already here the newer `updated` wins (a
   * tie keeps this one); then the limits hold as for save. Each record keeps
   * its own `updated`. Never throws. Returns counts {added, replaced, kept,
   * skipped, dropped, failed} ("dropped": games, from here or brought, the
   * limits leave out; "failed": true when storage refused a write, and then
   * nothing changed and every other count is 0).
   */
  merge(records) {
    const list = Array.isArray(records) ? records : [];
    const journal = new Journal(this.store);
    try {
      const out = this.mergeChecked(list.map(checkGame), journal);
      journal.commit();
      return out;
    } catch {
      journal.rollback();
      this.store.notice(LABEL, 'full');
      return { added: 0, replaced: 0, kept: 0, skipped: 0, dropped: 0, failed: true };
    }
  }

  /**
   * The transaction of merge, on rows already checked (checkGame's results,
   * null for a refused row), writing through `journal`: throws
   * StorageFullError on a refused write (the caller rolls back) and leaves
   * the removals to journal.commit(). O(rows + games here), one sort per bound.
   */
  mergeChecked(checked, journal) {
    const out = { added: 0, replaced: 0, kept: 0, skipped: 0, dropped: 0, failed: false };
    const start = `${GAME}${this.puzzle}:`;
    const present = new Set(this.store.rawKeys(start));
    // an index entry whose game key is gone lists nothing: it is dropped
    const before = this._index().filter((e) => present.has(this.gameKey(e.gid)));
    const byGid = new Map(before.map((e) => [e.gid, e]));
    const here = new Set(byGid.keys());
    const incoming = new Map();
    for (const c of checked) {
      if (!c) {
        out.skipped += 1;
        continue;
      }
      const d = c.data;
      const have = byGid.get(d.gid);
      if (have && have.updated >= d.updated) {
        out.kept += 1;
        continue;
      }
      incoming.set(d.gid, c);
      byGid.set(d.gid, entryOf(d));
    }
    const all = [...byGid.values()];
    const evicted = evictions(all, this.limit, this.dailyLimit);
    const entries = all.filter((e) => !evicted.has(e.gid));
    for (const [gid, c] of incoming) {
      if (evicted.has(gid)) continue;
      journal.write(this.gameKey(gid), c.text);
      out[here.has(gid) ? 'replaced' : 'added'] += 1;
    }
    journal.write(this.indexKey, JSON.stringify({ v: VERSION, data: entries }));
    for (const gid of evicted) if (here.has(gid)) journal.remove(this.gameKey(gid));
    for (const key of present) { // orphans of earlier failures: keys the index does not list
      if (!byGid.has(key.slice(start.length))) journal.remove(key);
    }
    out.dropped = evicted.size;
    if (out.skipped) this.store.notice(LABEL, 'skipped');
    return out;
  }

  /** Forget the game `gid` (never throws). */
  remove(gid) {
    try {
      this.store.removeRaw(this.gameKey(gid));
      const entries = this._index();
      const left = entries.filter((e) => e.gid !== String(gid));
      if (left.length !== entries.length) this._writeIndex(left);
    } catch { /* nothing to do */ }
  }
}
