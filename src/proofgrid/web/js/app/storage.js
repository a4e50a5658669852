// Saved data, one localStorage key per concern, each with its own schema
// version. A key is stored as JSON {"v": version, "data": ...}.
//
// Reading a key never throws and never touches another key:
//   missing                       -> the schema's initial value
//   unreadable / not {v, data}    -> reset to initial   (notice "reset")
//   written by a newer version    -> reset to initial   (notice "reset")
//   older version                 -> migrations v -> v+1 -> ... (notice "migrated"),
//                                    reset if a step is missing or fails
//   fails the schema's validate() -> reset to initial   (notice "reset")
// If localStorage itself is unavailable (private mode, quota, disabled),
// an in-memory map stands in and the session still works. Nothing is cached:
// every get() reads the backend, so several open tabs never overwrite each
// other with stale copies.

import { CodeError, decodeCode, encodeCode } from './codes.js';

class MemoryBackend {
  constructor() { this.map = new Map(); }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

function defaultBackend() {
  try {
    const ls = globalThis.localStorage;
    const probe = '__proofgrid_probe__';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return ls;
  } catch {
    return new MemoryBackend();
  }
}

const clone = (x) => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));

export class Store {
  /**
   * @param {object} [backend] an object with getItem/setItem/removeItem (default localStorage)
   * @param {string} [prefix] prepended to every key name
   */
  constructor(backend = defaultBackend(), prefix = 'proofgrid.') {
    this.backend = backend;
    this.prefix = prefix;
    this.schemas = new Map();
    this.fallback = new Map(); // values whose write the backend refused
    this._notices = [];
  }

  /**
   * Declare a key. schema = {version, initial(), validate?(data) -> bool,
   * migrate?: {[fromVersion]: (data) -> data of fromVersion + 1}, label?}
   */
  define(name, schema) {
    if (!Number.isInteger(schema.version) || schema.version < 1) {
      throw new RangeError(`schema ${name} needs an integer version >= 1`);
    }
    this.schemas.set(name, schema);
    return this;
  }

  key(name) { return this.prefix + name; }

  _schema(name) {
    const s = this.schemas.get(name);
    if (!s) throw new RangeError(`undeclared storage key ${name}`);
    return s;
  }

  _read(raw) {
    if (this.fallback.has(raw)) return this.fallback.get(raw);
    try { return this.backend.getItem(raw); } catch { return null; }
  }

  _write(raw, text) {
    try {
      this.backend.setItem(raw, text);
      this.fallback.delete(raw);
      return true;
    } catch {
      this.fallback.set(raw, text);
      return false;
    }
  }

  /** Bring a stored envelope to the current version; returns {data, what} or null. */
  _upgrade(schema, envelope) {
    if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) return null;
    let v = envelope.v;
    if (!Number.isInteger(v) || v < 1 || v > schema.version || !('data' in envelope)) return null;
    let data = envelope.data;
    let what = null;
    try {
      while (v < schema.version) {
        const step = schema.migrate?.[v];
        if (typeof step !== 'function') return null;
        data = step(data);
        v += 1;
        what = 'migrated';
      }
      if (schema.validate && !schema.validate(data)) return null;
    } catch {
      return null;
    }
    return { data, what };
  }

  /** The data under `name` (a fresh copy: mutate it and set() it back). */
  get(name) {
    const schema = this._schema(name);
    const raw = this._read(this.key(name));
    if (raw === null) return schema.initial();
    let envelope = null;
    try { envelope = JSON.parse(raw); } catch { envelope = null; }
    const up = this._upgrade(schema, envelope);
    if (up === null) {
      const data = schema.initial();
      this._notices.push({ name, what: 'reset' });
      this._write(this.key(name), JSON.stringify({ v: schema.version, data }));
      return data;
    }
    if (up.what) {
      this._notices.push({ name, what: up.what });
      this._write(this.key(name), JSON.stringify({ v: schema.version, data: up.data }));
    }
    return clone(up.data);
  }

  /** Replace the data under `name` (validated first; throws RangeError if invalid). */
  set(name, data) {
    const schema = this._schema(name);
    if (schema.validate && !schema.validate(data)) {
      throw new RangeError(`refusing to save invalid ${name} data`);
    }
    this._write(this.key(name), JSON.stringify({ v: schema.version, data }));
  }

  /** set(name, fn(get(name))) */
  update(name, fn) {
    const next = fn(this.get(name));
    this.set(name, next);
    return clone(next);
  }

  // --- raw keys, for data kept one key per item (js/app/saved-games.js) -------------

  /** The text under the full key `raw` (null when missing or unreadable). */
  readRaw(raw) { return this._read(raw); }

  /**
   * Write `text` under the full key `raw`; false when the backend refused (the
   * value is then kept in memory for this session only).
   */
  writeRaw(raw, text) { return this._write(raw, text); }

  /** Remove the full key `raw` (never throws). */
  removeRaw(raw) {
    this.fallback.delete(raw);
    try { this.backend.removeItem(raw); } catch { /* nothing to do */ }
  }

  /** Every full key name starting with `start` (backend and session-only ones). */
  rawKeys(start) {
    const out = new Set([...this.fallback.keys()].filter((k) => k.startsWith(start)));
    try {
      const n = this.backend.length;
      for (let i = 0; i < n; i++) {
        const k = this.backend.key(i);
        if (typeof k === 'string' && k.startsWith(start)) out.add(k);
      }
    } catch { /* a backend that cannot list keys: only the session's */ }
    return [...out];
  }

  /** Add a notice (shown by the shell) for data not under a declared key. */
  notice(label, what) {
    this._notices.push({ name: label, what });
  }

  /** Notices gathered since the last call ({name, what: 'reset' | 'migrated' | 'skipped' | 'full'}). */
  takeNotices() {
    const out = this._notices;
    this._notices = [];
    return out;
  }

  /** A code carrying the named keys (with their versions) for another device. */
  exportCode(names) {
    const keys = {};
    for (const name of names) keys[name] = { v: this._schema(name).version, data: this.get(name) };
    return encodeCode({ app: 'proofgrid', keys });
  }

  /**
   * Import a code made by exportCode. All or nothing: every carried key must be
   * declared and upgrade cleanly, else CodeError and nothing changes.
   * Returns the names imported.
   */
  importCode(code) {
    const value = decodeCode(code);
    if (!value || value.app !== 'proofgrid' || typeof value.keys !== 'object' || value.keys === null) {
      throw new CodeError('the code does not carry proofgrid data');
    }
    const staged = [];
    for (const [name, envelope] of Object.entries(value.keys)) {
      const schema = this.schemas.get(name);
      if (!schema) throw new CodeError(`the code carries unknown data "${name.slice(0, 30)}"`);
      const up = this._upgrade(schema, envelope);
      if (up === null) throw new CodeError(`the code's ${schema.label || name} data is not valid`);
      staged.push([name, up.data]);
    }
    if (!staged.length) throw new CodeError('the code carries no data');
    for (const [name, data] of staged) this.set(name, data);
    return staged.map(([name]) => name);
  }
}

export { CodeError, MemoryBackend };
