// Kirchhoff params and board descriptions as text, mirroring
// src/proofgrid/kirchhoff/codec.py (the full specification is its docstring).
//
// Params: "RxCdG" (G = e/m/h; missing = easy) or a preset name.
// Description, format version 1: a bit string, most significant bit first —
// 4 bits version, 4 bits rows−2, 4 bits cols−2, then per cell a prefix code
// (0 blank; 10tt throughput t in 0..2; 11snn terminal, s = 0 source / 1 sink,
// value nn+1), zero bits up to a multiple of 6; each 6 bits one character of
// the URL-safe base64 alphabet; then two characters of a 12-bit checksum:
// FNV-1a-32 over the payload symbols' values, folded (h ^ h>>12 ^ h>>24) & 0xFFF.
//
// This module deals in plain data ({rows, cols, cells: [{kind, value}]}); board.js
// builds validated boards from it. Every malformed input throws GameIdError
// (one line); nothing else escapes.

import { GameIdError } from '../../core/errors.js';
import { seedValue } from '../../core/puzzle.js';
import { pyInt, pyLen, pyStrip, quote } from '../../core/text.js';

export { GameIdError };

export const FORMAT_VERSION = 1;
export const MIN_SIDE = 2;
export const MAX_SIDE = 16;
export const GRADES = Object.freeze(['easy', 'medium', 'hard']);
const GRADE_LETTER = Object.freeze({ easy: 'e', medium: 'm', hard: 'h' });
const LETTER_GRADE = Object.freeze({ e: 'easy', m: 'medium', h: 'hard' });
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((ch, i) => [ch, i]));
const MAX_DESC = 1024;
// Python's re \d is any Unicode decimal digit, and int() reads them.
const PARAMS_RE = /^([0-9]{1,2})x([0-9]{1,2})(?:d([emh]))?$/u;

/** Frozen params {rows, cols, grade} (grade 'easy' | 'medium' | 'hard'). */
export function makeParams(rows, cols, grade = 'easy') {
  return Object.freeze({ rows, cols, grade });
}

/** Named presets, identical to Python's presets(). */
export const PRESETS = Object.freeze({
  easy: makeParams(5, 5, 'easy'),
  medium: makeParams(6, 6, 'medium'),
  hard: makeParams(7, 7, 'hard'),
  expert: makeParams(10, 10, 'hard'),
  giant: makeParams(16, 16, 'hard'),
});

/** The hard 7x7 preset (Python's default_params). */
export const DEFAULT_PARAMS = PRESETS.hard;

/** Throw GameIdError unless both sides are integers in 2..16 and the grade is known. */
export function validateParams(p) {
  if (!p || typeof p !== 'object') throw new GameIdError('params must be {rows, cols, grade}');
  for (const name of ['rows', 'cols']) {
    const v = p[name];
    if (!Number.isSafeInteger(v) || v < MIN_SIDE || v > MAX_SIDE) {
      throw new GameIdError(`${name} must be ${MIN_SIDE}..${MAX_SIDE}, got ${v}`);
    }
  }
  if (!GRADES.includes(p.grade)) throw new GameIdError('grade must be easy, medium or hard');
}

/** Params from a preset name, a params string or an object; throws GameIdError. */
export function toParams(p) {
  if (typeof p === 'string') return decodeParams(p);
  const q = makeParams(p && p.rows, p && p.cols, (p && p.grade) || 'easy');
  validateParams(q);
  return q;
}

/** "RxCdG", e.g. "7x7dh". */
export function encodeParams(p) {
  return `${p.rows}x${p.cols}d${GRADE_LETTER[p.grade]}`;
}

/** Inverse of encodeParams; also preset names and "RxC". Throws GameIdError. */
export function decodeParams(text) {
  if (typeof text !== 'string') throw new GameIdError('params must be text');
  const t = pyStrip(text).toLowerCase();
  if (Object.hasOwn(PRESETS, t)) return PRESETS[t];
  const m = PARAMS_RE.exec(t);
  if (!m) {
    throw new GameIdError(
      `bad params ${quote(text, 40)}: expected RxC or RxCdG (G = e/m/h) or a preset name`);
  }
  const p = makeParams(pyInt(m[1]), pyInt(m[2]), m[3] ? LETTER_GRADE[m[3]] : 'easy');
  validateParams(p);
  return p;
}

/** The 12-bit checksum of a list of 6-bit symbols (FNV-1a-32, folded). */
export function checksum(symbols) {
  let h = 0x811c9dc5;
  for (const s of symbols) h = Math.imul(h ^ s, 0x01000193) >>> 0;
  return (h ^ (h >>> 12) ^ (h >>> 24)) & 0xfff;
}

/**
 * The version-1 description of {rows, cols, cells: [{kind, value}]} (cells in
 * index order; kinds 'blank' | 'source' | 'sink' | 'throughput'); O(RC).
 */
export function encodeDesc({ rows, cols, cells }) {
  const bits = [];
  const put = (value, width) => {
    for (let i = width - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  put(FORMAT_VERSION, 4);
  put(rows - 2, 4);
  put(cols - 2, 4);
  for (const cl of cells) {
    if (cl.kind === 'blank') {
      put(0, 1);
    } else if (cl.kind === 'throughput') {
      put(0b10, 2);
      put(cl.value, 2);
    } else {
      put(0b11, 2);
      put(cl.kind === 'source' ? 0 : 1, 1);
      put(cl.value - 1, 2);
    }
  }
  while (bits.length % 6) bits.push(0);
  const symbols = [];
  for (let i = 0; i < bits.length; i += 6) {
    symbols.push((bits[i] << 5) | (bits[i + 1] << 4) | (bits[i + 2] << 3)
      | (bits[i + 3] << 2) | (bits[i + 4] << 1) | bits[i + 5]);
  }
  const check = checksum(symbols);
  symbols.push(check >> 6, check & 63);
  return symbols.map((s) => ALPHABET[s]).join('');
}

/**
 * Decode a description into {rows, cols, cells}; checks the size against
 * params when given. Every corruption throws GameIdError. (board.js then
 * checks the demands.) O(length).
 */
export function decodeDesc(desc, params = null) {
  if (typeof desc !== 'string') throw new GameIdError('description must be text');
  const text = pyStrip(desc);
  if (!text) throw new GameIdError('empty description');
  if (pyLen(text) > MAX_DESC) throw new GameIdError(`description longer than ${MAX_DESC} characters`);
  const symbols = [];
  let i = 0;
  for (const ch of text) {
    const v = VALUE.get(ch);
    if (v === undefined) throw new GameIdError(`bad character ${quote(ch, 1)} at position ${i} of the description`);
    symbols.push(v);
    i++;
  }
  if (symbols.length < 4) throw new GameIdError('description too short');
  const payload = symbols.slice(0, -2);
  const check = (symbols[symbols.length - 2] << 6) | symbols[symbols.length - 1];
  if (checksum(payload) !== check) throw new GameIdError('description checksum mismatch (mistyped or truncated?)');
  const bits = [];
  for (const s of payload) for (let k = 5; k >= 0; k--) bits.push((s >> k) & 1);
  let pos = 0;
  const take = (width) => {
    if (pos + width > bits.length) throw new GameIdError('description ends early');
    let v = 0;
    for (let k = 0; k < width; k++) v = (v << 1) | bits[pos + k];
    pos += width;
    return v;
  };
  const version = take(4);
  if (version !== FORMAT_VERSION) {
    throw new GameIdError(`unsupported description format version ${version} (expected ${FORMAT_VERSION})`);
  }
  const rows = take(4) + 2;
  const cols = take(4) + 2;
  if (rows > MAX_SIDE || cols > MAX_SIDE) throw new GameIdError(`board size ${rows}x${cols} out of range`);
  if (params && (params.rows !== rows || params.cols !== cols)) {
    throw new GameIdError(
      `description is for a ${rows}x${cols} board but the params say ${params.rows}x${params.cols}`);
  }
  const cells = [];
  for (let cell = 0; cell < rows * cols; cell++) {
    if (take(1) === 0) {
      cells.push({ kind: 'blank', value: 0 });
    } else if (take(1) === 0) {
      const t = take(2);
      if (t > 2) throw new GameIdError(`cell ${cell}: throughput ${t} is impossible (max 2)`);
      cells.push({ kind: 'throughput', value: t });
    } else {
      const kind = take(1) ? 'sink' : 'source';
      cells.push({ kind, value: take(2) + 1 });
    }
  }
  if (bits.length - pos >= 6) throw new GameIdError('description has extra characters after the board');
  for (let k = pos; k < bits.length; k++) {
    if (bits[k]) throw new GameIdError('description has non-zero padding bits');
  }
  return { rows, cols, cells };
}

/** Seed text to a 64-bit BigInt: decimal below 2**64 as is, else FNV-1a hashed (Python's parse_seed). */
export function parseSeed(text) {
  return seedValue(text);
}
