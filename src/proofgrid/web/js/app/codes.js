// Portable text codes for saved data: "PG1.<base64url of UTF-8 JSON>.<checksum>".
// The checksum is 32-bit FNV-1a over the payload characters, in hex, so a
// mistyped or truncated code is refused instead of half-imported.

const PREFIX = 'PG1';

export class CodeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'CodeError';
  }
}

export function fnv1a32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function toBase64Url(bytes) {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new CodeError('the code contains characters a saved-data code never has');
  }
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Encode any JSON value as a code. */
export function encodeCode(value) {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  const sum = fnv1a32(payload).toString(16).padStart(8, '0');
  return `${PREFIX}.${payload}.${sum}`;
}

/** Decode a code made by encodeCode; throws CodeError with a one-line reason. */
export function decodeCode(code) {
  const text = String(code ?? '').replace(/\s+/g, '');
  const parts = text.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) {
    throw new CodeError('that is not a saved-data code (it should start with PG1.)');
  }
  const [, payload, sum] = parts;
  if (!/^[0-9a-f]{8}$/.test(sum) || fnv1a32(payload).toString(16).padStart(8, '0') !== sum) {
    throw new CodeError('the code is damaged (its checksum does not match)');
  }
  let value;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(payload)));
  } catch (err) {
    if (err instanceof CodeError) throw err;
    throw new CodeError('the code is damaged (its contents cannot be read)');
  }
  return value;
}
