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
// Moving games to another device (js/app/data-transfer.js): records() gives
// every game in full, merge() takes them back in (newer `updated` wins on the
// same gid, then the same limit and eviction order as save).
//
// gid is the canonical `params:desc` game ID; `state` is whatever JSON the
// puzzle needs to restore the position (e.g. its move list).

const VERSION = 1;
const GAME = 'pg:game:';
const INDEX = 'pg:games:';
const LABEL = 'saved game';

/** The most games kept per puzzle, unless a SavedGames is given another limit. */
export const GAME_LIMIT = 40;

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

/** Eviction order: unfinished before finished, then oldest first (dailies excluded). */
const evictionOrder = (a, b) => Number(a.finished) - Number(b.finished) || a.updated - b.updated;

/** The entry the limit drops first (never a daily, never `keep`), or undefined. */
const victimOf = (entries, keep) => entries.filter((e) => !e.daily && e.gid !== keep).sort(evictionOrder)[0];

export class SavedGames {
  /**
   * @param {import('./storage.js').Store} store the site's store (its backend and notices)
   * @param {string} puzzle the registry name, e.g. 'matchless'
   * @param {{limit?: number, now?: () => number}} [opts] at most `limit` games kept (default GAME_LIMIT)
   */
  constructor(store, puzzle, opts = {}) {
    this.store = store;
    this.puzzle = puzzle;
    this.limit = Math.max(1, opts.limit ?? GAME_LIMIT);
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
    const victim = victimOf(entries, keep);
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

  /** Every saved game of this puzzle in full ({gid, preset, state, finished, daily, updated}), newest first. */
  records() {
    return this.list().map((e) => this.load(e.gid)).filter((d) => d !== null).map(recordOf);
  }

  /**
   * Merge saved games brought from elsewhere (e.g. another device) without
   * losing one: a record that is not a valid saved game is skipped; on a game
   * ID already here the newer `updated` wins (a tie keeps this one); then the
   * limit holds as for save (oldest unfinished non-daily games go first, daily
   * games never). Each record keeps its own `updated`. Never throws.
   * Returns counts {added, replaced, kept, skipped, dropped} ("dropped": games,
   * from here or brought, that did not fit under the limit).
   */
  merge(records) {
    const out = { added: 0, replaced: 0, kept: 0, skipped: 0, dropped: 0 };
    try {
      const before = this._index();
      const byGid = new Map(before.map((e) => [e.gid, e]));
      const incoming = new Map();
      for (const d of Array.isArray(records) ? records : []) {
        if (!isGameRecord(d)) {
          out.skipped += 1;
          continue;
        }
        const have = incoming.get(d.gid) ?? byGid.get(d.gid);
        if (have && have.updated >= d.updated) {
          out.kept += 1;
          continue;
        }
        incoming.set(d.gid, d);
        byGid.set(d.gid, entryOf(d));
      }
      let entries = [...byGid.values()];
      const evicted = new Set();
      while (entries.length > this.limit) {
        const victim = victimOf(entries);
        if (!victim) break;
        evicted.add(victim.gid);
        entries = entries.filter((e) => e.gid !== victim.gid);
      }
      const here = new Set(before.map((e) => e.gid));
      for (const gid of evicted) if (here.has(gid)) this.store.removeRaw(this.gameKey(gid));
      out.dropped = evicted.size;
      let lasting = true;
      for (const d of incoming.values()) {
        if (evicted.has(d.gid)) continue;
        lasting = this.store.writeRaw(this.gameKey(d.gid), JSON.stringify({ v: VERSION, data: recordOf(d) })) && lasting;
        out[here.has(d.gid) ? 'replaced' : 'added'] += 1;
      }
      lasting = this._writeIndex(entries) && lasting;
      if (out.skipped) this.store.notice(LABEL, 'skipped');
      if (!lasting) this.store.notice(LABEL, 'full');
    } catch {
      this.store.notice(LABEL, 'full');
    }
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
