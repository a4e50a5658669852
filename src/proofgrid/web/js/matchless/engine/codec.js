// Board descriptions and game IDs, mirroring src/proofgrid/matchless/codec.py
// (format version 1; the full specification is in that module's docstring):
// a bit stream — version (4 bits), rows-2 (4), cols-2 (4), the shell mask in
// row-major order, then one bit per possible fuse (every direction whose
// neighbour is on the grid and holds a shell), zero padding to a byte, and a
// big-endian CRC-16/CCITT-FALSE of the preceding bytes — written in unpadded
// URL-safe base64 (RFC 4648 §5). Decoding is strict, so every board has exactly
// one description; every malformed code throws GameIdError.
//
// Game IDs: "RxC:desc" (a fixed board) or "RxCdNNfK#seed" (a generated one).

import { GameIdError } from '../../core/errors.js';
import { pyLen, pyStrip, quote } from '../../core/text.js';
import { DX, DY, cellsOf, makeBoard } from './board.js';
import { MAX_SIZE, MIN_SIZE, decodeParams, encodeParams, makeParams } from './params.js';

export const FORMAT_VERSION = 1;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((ch, i) => [ch, i]));
const MAX_DESC = 400;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF); crc16(bytes of "123456789") === 0x29B1. */
export function crc16(data) {
  let crc = 0xffff;
  for (const b of data) {
    crc ^= b << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** URL-safe base64 without padding. */
export function b64urlEncode(data) {
  let out = '';
  for (let i = 0; i < data.length; i += 3) {
    const chunk = data.length - i >= 3 ? 3 : data.length - i;
    const v = (data[i] << 16) | ((chunk > 1 ? data[i + 1] : 0) << 8) | (chunk > 2 ? data[i + 2] : 0);
    for (let k = 0; k <= chunk; k++) out += ALPHABET[(v >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** Strict inverse of b64urlEncode (Uint8Array); throws GameIdError. */
export function b64urlDecode(text) {
  const chars = Array.from(text);
  if (chars.length % 4 === 1) throw new GameIdError(`board code has an impossible length (${chars.length} characters)`);
  const out = [];
  for (let i = 0; i < chars.length; i += 4) {
    const group = chars.slice(i, i + 4);
    let v = 0;
    for (const ch of group) {
      const idx = INDEX.get(ch);
      if (idx === undefined) throw new GameIdError(`board code contains ${quote(ch, 1)}, not a URL-safe base64 character`);
      v = v * 64 + idx; // at most 24 bits: exact
    }
    const nbytes = Math.floor((group.length * 6) / 8);
    const spare = group.length * 6 - nbytes * 8;
    if (v & ((1 << spare) - 1)) throw new GameIdError('board code has non-zero unused bits in its last character');
    v >>= spare;
    for (let k = nbytes - 1; k >= 0; k--) out.push((v >> (8 * k)) & 255);
  }
  return Uint8Array.from(out);
}

class BitWriter {
  constructor() {
    this.bytes = [];
    this.bits = 0;
  }

  put(v, width) {
    for (let k = width - 1; k >= 0; k--) {
      if ((this.bits & 7) === 0) this.bytes.push(0);
      if ((v >> k) & 1) this.bytes[this.bytes.length - 1] |= 0x80 >> (this.bits & 7);
      this.bits++;
    }
  }
}

class BitReader {
  constructor(data) {
    this.data = data;
    this.pos = 0;
  }

  get(width) {
    let v = 0;
    for (let k = 0; k < width; k++) {
      const byte = this.pos >> 3;
      if (byte >= this.data.length) throw new GameIdError('board code is truncated');
      v = (v << 1) | ((this.data[byte] >> (7 - (this.pos & 7))) & 1);
      this.pos++;
    }
    return v;
  }
}

/** The version-1 description of a board (or of {rows, cols, shells, fuses}); O(R·C). */
export function encodeDesc(board) {
  const { rows, cols } = board;
  const cells = cellsOf(board);
  makeBoard(rows, cols, cells); // validate before writing anything
  const w = new BitWriter();
  w.put(FORMAT_VERSION, 4);
  w.put(rows - 2, 4);
  w.put(cols - 2, 4);
  for (const m of cells) w.put(m === null ? 0 : 1, 1);
  cells.forEach((m, cell) => {
    if (m === null) return;
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    for (let d = 0; d < 8; d++) {
      const r2 = r + DY[d];
      const c2 = c + DX[d];
      if (r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols && cells[r2 * cols + c2] !== null) w.put((m >> d) & 1, 1);
    }
  });
  const body = w.bytes;
  const crc = crc16(body);
  return b64urlEncode([...body, crc >> 8, crc & 255]);
}

/**
 * Decode a description into a board; throws GameIdError. Checks, in order:
 * length and alphabet, version, checksum, size, payload length, zero padding,
 * at least one shell. O(length).
 */
export function decodeDesc(desc, params = null) {
  if (typeof desc !== 'string') throw new GameIdError('board code must be text');
  const text = pyStrip(desc);
  if (!text) throw new GameIdError('empty board code');
  if (pyLen(text) > MAX_DESC) throw new GameIdError(`board code longer than ${MAX_DESC} characters`);
  const data = b64urlDecode(text);
  if (data.length < 4) throw new GameIdError(`board code is truncated (${data.length} bytes)`);
  const version = data[0] >> 4;
  if (version !== FORMAT_VERSION) {
    throw new GameIdError(`unsupported board format version ${version} (this engine reads ${FORMAT_VERSION})`);
  }
  const body = data.subarray(0, data.length - 2);
  const check = (data[data.length - 2] << 8) | data[data.length - 1];
  if (crc16(body) !== check) throw new GameIdError('board code checksum mismatch (the code is corrupted or mistyped)');
  const r = new BitReader(body);
  r.get(4);
  const rows = r.get(4) + 2;
  const cols = r.get(4) + 2;
  if (!(rows <= MAX_SIZE && cols <= MAX_SIZE)) {
    throw new GameIdError(`board size ${rows}x${cols} out of range (${MIN_SIZE}..${MAX_SIZE})`);
  }
  const shell = [];
  for (let k = 0; k < rows * cols; k++) shell.push(r.get(1) === 1);
  if (!shell.some(Boolean)) throw new GameIdError('board code describes a board with no shells');
  const cells = new Array(rows * cols).fill(null);
  for (let cell = 0; cell < rows * cols; cell++) {
    if (!shell[cell]) continue;
    const row = Math.floor(cell / cols);
    const col = cell % cols;
    let fuses = 0;
    for (let d = 0; d < 8; d++) {
      const r2 = row + DY[d];
      const c2 = col + DX[d];
      if (r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols && shell[r2 * cols + c2] && r.get(1)) fuses |= 1 << d;
    }
    cells[cell] = fuses;
  }
  const used = (r.pos + 7) >> 3;
  if (used !== body.length) throw new GameIdError(`board code has ${body.length - used} surplus byte(s)`);
  if (r.get(used * 8 - r.pos) !== 0) throw new GameIdError('board code has non-zero padding bits');
  return makeBoard(rows, cols, cells, params);
}

/** The fixed-board game ID "RxC:desc" of a board; byte-identical to Python's game_id. */
export function formatGameId(board) {
  return `${encodeParams(makeParams({ rows: board.rows, cols: board.cols }), { full: false })}:${encodeDesc(board)}`;
}

/** Read "RxC:desc" into a board (fixed IDs only; game.js adds "params#seed"). */
export function parseFixedId(paramsText, desc) {
  const params = decodeParams(paramsText);
  const board = decodeDesc(desc, params);
  if (board.rows !== params.rows || board.cols !== params.cols) {
    throw new GameIdError(`game ID says ${params.rows}x${params.cols} but the board code is ${board.rows}x${board.cols}`);
  }
  return board;
}
