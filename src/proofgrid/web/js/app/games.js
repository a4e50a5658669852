// Saved games, so that a board a player has touched is never lost: one storage
// key per game, `pg:game:<puzzle>:<gid>` holding {v: 1, data: {gid, preset,
// state, finished, daily, updated}}, plus one index key per puzzle,
// `pg:games:<puzzle>`, listing {gid, preset, finished, daily, updated} for
// every saved game of that puzzle. A corrupt game key is skipped (and dropped)
// with a notice, without touching any other game; a corrupt index is rebuilt
// from the game keys themselves. Nothing here ever throws at the caller.
//
// Bounded: at most `limit` games per puzzle. Over the limit (or when the
// browser's storage is full) the oldest unfinished non-daily game goes first,
// then the oldest finished non-daily one; daily games are never evicted. When
// nothing can make room, the game is kept in memory for this session and a
// notice says so.
//
// gid is the canonical `params:desc` game ID; `state` is whatever JSON the
// puzzle needs to restore the position (e.g. its move list).

const VERSION = 1;
const GAME = 'pg:game:';
const INDEX = 'pg:games:';
const LABEL = 'saved game';

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

function validEntry(e) {
  return isObject(e) && typeof e.gid === 'string' && e.gid.length > 0 && typeof e.preset === 'string'
    && typeof e.finished === 'boolean' && typeof e.daily === 'boolean' && Number.isFinite(e.updated);
}

const entryOf = (d) => ({ gid: d.gid, preset: d.preset, finished: d.finished, daily: d.daily, updated: d.updated });

/** The parsed game under `text` for `gid`, or null when it is not a valid saved game. */
function parseGame(text, gid) {
  if (text === null) return null;
  let env;
  try { env = JSON.parse(text); } catch { return null; }
  if (!isObject(env) || env.v !== VERSION || !isObject(env.data)) return null;
  const d = env.data;
  if (!validEntry(d) || (gid !== undefined && d.gid !== gid) || !('state' in d)) return null;
  return d;
}

/** Newest first; ties broken by gid so the order is total. */
const newestFirst = (a, b) => b.updated - a.updated || (a.gid < b.gid ? -1 : a.gid > b.gid ? 1 : 0);

/** Eviction order: unfinished before finished, then oldest first (dailies excluded). */
const evictionOrder = (a, b) => Number(a.finished) - Number(b.finished) || a.updated - b.updated;

export class SavedGames {
  /**
   * @param {import('./storage.js').Store} store the site's store (its backend and notices)
   * @param {string} puzzle the registry name, e.g. 'matchless'
   * @param {{limit?: number, now?: () => number}} [opts] at most `limit` games kept (default 40)
   */
  constructor(store, puzzle, opts = {}) {
    this.store = store;
    this.puzzle = puzzle;
    this.limit = Math.max(1, opts.limit ?? 40);
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

  /** Remove the first evictable game of `entries` (not `keep`); returns the shorter list or null. */
  _evictOne(entries, keep) {
    const victim = entries.filter((e) => !e.daily && e.gid !== keep).sort(evictionOrder)[0];
    if (!victim) return null;
    this.store.removeRaw(this.gameKey(victim.gid));
    return entries.filter((e) => e.gid !== victim.gid);
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
      while (entries.length > this.limit) {
        const shorter = this._evictOne(entries, data.gid);
        if (!shorter) break;
        entries = shorter;
      }
      for (;;) {
        if (this.store.writeRaw(this.gameKey(data.gid), text) && this._writeIndex(entries)) return true;
        const shorter = this._evictOne(entries, data.gid); // storage full: make room
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
