// Player-facing words (issue 13): every string a view of either puzzle (or the
// shell) can show is free of internal tokens: a hyphen before a digit where a
// minus is meant (write U+2212 "−"), a lone "." for a blank cell, edge indices
// like "e17", and the words surplus, capacity, relaxation, checksum, desc, bits.
// The "why it works" pages may name the theory (capacity...), not the rest.
// Oracle: the source text of the UI modules and index.html, read as text; a
// string counts as player-facing when it reads as words (two words, a space),
// not as a class list, selector, key or path. The rendered text of every route
// is checked in the browser by tests/e2e/test_a11y_e2e.py.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../../../src/proofgrid/web/', import.meta.url));
const UI_DIRS = ['js/app', 'js/matchless/ui', 'js/kirchhoff/ui'];
const THEORY = /(^|\/)why[\w-]*\.js$/;

const WORDS = /\b(surplus|capacity|relaxation|checksum|desc|bits)\b/i;
const RULES = [
  ['a hyphen for a minus (use −)', /(?:^|[\s(=:,])-\d/],
  ['an edge index', /\be\d+\b/],
  ['a lone "." for a blank cell', /(?:^|\s)\.(?:\s|$)/],
];

/** The code without comments (strings kept; a // inside a string is left alone). */
function stripComments(src) {
  let out = '';
  let i = 0;
  let quote = null;
  while (i < src.length) {
    const c = src[i];
    if (quote) {
      out += c;
      if (c === '\\') { out += src[i + 1] ?? ''; i += 2; continue; }
      if (c === quote) quote = null;
      i += 1;
    } else if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i += 1;
    } else if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2);
      i = i < 0 ? src.length : i + 2;
    } else {
      if (c === '"' || c === "'" || c === '`') quote = c;
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Every string literal of `code` (template literals with ${…} read as "N"). */
export function literals(code) {
  const out = [];
  const rx = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/gs;
  for (const m of code.matchAll(rx)) {
    const raw = m[1] ?? m[2] ?? m[3].replace(/\$\{[^}]*\}/g, 'N');
    out.push(raw.replace(/\\n/g, '\n').replace(/\\(.)/g, '$1'));
  }
  return out;
}

/** True when a string reads as words a player sees. */
export function isPlayerText(s) {
  if (!/[A-Za-z]{2,}[,.!?:;…]? +[A-Za-z(−0-9]/.test(s)) return false;
  if (/^[a-z0-9 _\-[\]=."'#>:*()]+$/.test(s) && !/[.!?]$/.test(s)) return false; // class lists, selectors
  return true;
}

/** The internal tokens in one player-facing string. */
export function problems(s, theory = false) {
  const found = RULES.filter(([, rx]) => rx.test(s)).map(([why]) => why);
  if (!theory && WORDS.test(s)) found.push(`the word "${s.match(WORDS)[0]}"`);
  return found;
}

function uiFiles() {
  return UI_DIRS.flatMap((d) => readdirSync(join(WEB, d)).filter((f) => f.endsWith('.js')).map((f) => `${d}/${f}`));
}

test('the rules catch each token and spare plain words', () => {
  assert.deepEqual(problems('Net -2 here'), ['a hyphen for a minus (use −)']);
  assert.deepEqual(problems('Edge e17 is blocked'), ['an edge index']);
  assert.deepEqual(problems('a . marks a blank'), ['a lone "." for a blank cell']);
  assert.deepEqual(problems('description checksum mismatch'), ['the word "checksum"']);
  assert.deepEqual(problems('Max-flow capacity', true), []);
  assert.deepEqual(problems('A 5×5 board, −2 and 10–8, well-made, 3.5 s, X-ray.'), []);
  assert.equal(isPlayerText('button-link primary'), false);
  assert.equal(isPlayerText('main .notice.bad'), false);
  assert.equal(isPlayerText('Something went wrong'), true);
  assert.deepEqual(literals("f('a b', \"c d\", `e ${x} f`) // 'no more'"), ['a b', 'c d', 'e N f', 'no more']);
  assert.deepEqual(literals(stripComments("f('a b') // 'no more'")), ['a b']);
});

test('no player-facing string of either puzzle or the shell shows an internal token', () => {
  const files = uiFiles();
  assert.ok(files.includes('js/app/main.js') && files.some((f) => f.startsWith('js/kirchhoff/ui/')));
  const bad = [];
  for (const rel of files) {
    const theory = THEORY.test(rel);
    for (const s of literals(stripComments(readFileSync(join(WEB, rel), 'utf8')))) {
      if (!isPlayerText(s)) continue;
      for (const why of problems(s, theory)) bad.push(`${rel}: ${why}: ${JSON.stringify(s.slice(0, 90))}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('the page itself (index.html) shows no internal token', () => {
  const html = readFileSync(join(WEB, 'index.html'), 'utf8');
  const text = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  assert.deepEqual(problems(text), []);
});
