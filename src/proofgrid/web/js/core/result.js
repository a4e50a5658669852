// Result codes in the browser: the mirror of src/proofgrid/results.py (format
// version 1). A code is "<puzzle>.<payload>": the payload is strict URL-safe
// base64 (RFC 4648 §5, no padding, one text per byte string) of
//   version (1 byte = 1) | flags (1 byte, bit 0: X-ray used) | hints (LEB128)
//   | game ID (LEB128 length + ASCII) | move count (LEB128), each move (length + ASCII)
//   | CRC-32 (IEEE, zlib's) of "<puzzle>." + all of the above, 4 bytes big-endian.
// The CRC catches every burst of up to 32 bits, so every single-character change
// of a code is refused. Hints and the X-ray flag are the player's own record;
// the moves are what anyone's replay checks. Names no puzzle; no DOM.

export const RESULT_VERSION = 1;
const MAX_CODE = 8192;
const MAX_MOVES = 4096;
const MAX_HINTS = (1 << 21) - 1;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export class ResultCodeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ResultCodeError';
  }
}

let table = null;
/** CRC-32/ISO-HDLC (zlib's crc32): crc32(bytes of "123456789") === 0xCBF43926. */
export function crc32(bytes) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function b64encode(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = Math.min(3, bytes.length - i);
    const v = (bytes[i] << 16) | ((n > 1 ? bytes[i + 1] : 0) << 8) | (n > 2 ? bytes[i + 2] : 0);
    for (let k = 0; k <= n; k++) out += ALPHABET[(v >> (18 - 6 * k)) & 63];
  }
  return out;
}

function b64decode(text) {
  if (text.length % 4 === 1) throw new ResultCodeError('result code is damaged (not canonical base64)');
  const out = [];
  for (let i = 0; i < text.length; i += 4) {
    const group = text.slice(i, i + 4);
    let v = 0;
    for (const ch of group) {
      const idx = ALPHABET.indexOf(ch);
      if (idx < 0 || ch.length !== 1) throw new ResultCodeError('result code is damaged (not canonical base64)');
      v = v * 64 + idx;
    }
    const nbytes = Math.floor((group.length * 6) / 8);
    const spare = group.length * 6 - nbytes * 8;
    if (v % (1 << spare)) throw new ResultCodeError('result code is damaged (not canonical base64)');
    v = Math.floor(v / (1 << spare));
    for (let k = nbytes - 1; k >= 0; k--) out.push(Math.floor(v / 2 ** (8 * k)) & 0xff);
  }
  return Uint8Array.from(out);
}

function varint(n, out) {
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
}

const PRINTABLE = /^[\x20-\x7e]+$/;

function ascii(text, what) {
  const t = String(text);
  if (!PRINTABLE.test(t)) throw new ResultCodeError(`${what} must be printable ASCII`);
  return [...t].map((c) => c.charCodeAt(0));
}

/** The code of {puzzle, id, moves, hints, xray} (no check that the moves replay). */
export function encodeResult({ puzzle, id, moves = [], hints = 0, xray = false }) {
  if (!Number.isInteger(hints) || hints < 0 || hints > MAX_HINTS) throw new ResultCodeError(`hints must be from 0 to ${MAX_HINTS}`);
  if (moves.length > MAX_MOVES) throw new ResultCodeError(`at most ${MAX_MOVES} moves`);
  const body = [RESULT_VERSION, xray ? 1 : 0];
  varint(hints, body);
  const gid = ascii(id, 'game ID');
  varint(gid.length, body);
  body.push(...gid);
  varint(moves.length, body);
  for (const m of moves) {
    const bytes = ascii(m, 'move');
    varint(bytes.length, body);
    body.push(...bytes);
  }
  const crc = crc32([...ascii(puzzle, 'puzzle name'), 46, ...body]);
  body.push((crc >>> 24) & 0xff, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff);
  return `${puzzle}.${b64encode(body)}`;
}

/** The link that replays a code in the app. */
export function resultLink(code) {
  return `#result/${code}`;
}

/** {puzzle, id, moves, hints, xray} of a code; throws ResultCodeError with a one-line reason. */
export function decodeResult(code) {
  let text = String(code ?? '').trim();
  if (text.startsWith('#result/')) text = text.slice(8);
  if (!text) throw new ResultCodeError('empty result code');
  if (text.length > MAX_CODE) throw new ResultCodeError(`result code longer than ${MAX_CODE} characters`);
  const dot = text.indexOf('.');
  const name = dot < 0 ? '' : text.slice(0, dot);
  if (!/^[a-z0-9]+$/.test(name) || !/[a-z]/.test(name)) throw new ResultCodeError('not a result code (expected <puzzle>.<code>)');
  const data = b64decode(text.slice(dot + 1));
  if (data.length < 7) throw new ResultCodeError('result code is cut short');
  const body = data.subarray(0, data.length - 4);
  const t = data.length - 4;
  const crc = ((data[t] << 24) | (data[t + 1] << 16) | (data[t + 2] << 8) | data[t + 3]) >>> 0;
  if (crc32([...ascii(name, 'puzzle name'), 46, ...body]) !== crc) {
    throw new ResultCodeError('result code is damaged or altered (its checksum does not match)');
  }
  let at = 0;
  const byte = () => {
    if (at >= body.length) throw new ResultCodeError('result code is cut short');
    return body[at++];
  };
  const readVarint = (limit) => {
    let n = 0;
    for (let i = 0; i < limit; i++) {
      const b = byte();
      if (i && b === 0) throw new ResultCodeError('result code has a padded number');
      n += (b & 0x7f) * 2 ** (7 * i);
      if (!(b & 0x80)) return n;
    }
    throw new ResultCodeError('result code has a number too long');
  };
  const readText = () => {
    const size = readVarint(2);
    if (at + size > body.length) throw new ResultCodeError('result code is cut short');
    const s = String.fromCharCode(...body.subarray(at, at + size));
    at += size;
    if (!PRINTABLE.test(s)) throw new ResultCodeError('result code holds text that is not printable ASCII');
    return s;
  };
  const version = byte();
  if (version !== RESULT_VERSION) throw new ResultCodeError(`result code version ${version} is not known (this is ${RESULT_VERSION})`);
  const flags = byte();
  if (flags & ~1) throw new ResultCodeError('result code has unknown flags');
  const hints = readVarint(3);
  const id = readText();
  const count = readVarint(2);
  if (count > MAX_MOVES) throw new ResultCodeError(`result code has more than ${MAX_MOVES} moves`);
  const moves = [];
  for (let i = 0; i < count; i++) moves.push(readText());
  if (at !== body.length) throw new ResultCodeError('result code has bytes after its moves');
  return { puzzle: name, id, moves, hints, xray: Boolean(flags & 1) };
}
