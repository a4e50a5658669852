// The one error type the Matchless engine throws for bad input (game IDs, board
// codes, params, dates, moves). Its message is one line, fit to show a player.

export class GameIdError extends Error {
  constructor(message) {
    super(String(message).split('\n')[0]);
    this.name = 'GameIdError';
  }
}

// Python's str.isspace() set, so trimming agrees with Python's str.strip()
// (JavaScript's trim() differs: it strips U+FEFF but not U+001C..U+001F, U+0085).
const PY_SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680,
  0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** Python's str.strip() with no argument. */
export function pyStrip(s) {
  let a = 0;
  let b = s.length;
  while (a < b && PY_SPACE.has(s.charCodeAt(a))) a++;
  while (b > a && PY_SPACE.has(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}

/** Length in code points (Python's len of a str). */
export function pyLen(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The first `n` code points of `s`, for quoting input in an error message. */
export function quote(s, n) {
  return JSON.stringify(Array.from(s).slice(0, n).join(''));
}

/** True when `s` holds an unpaired UTF-16 surrogate (text Python cannot encode). */
export function hasLoneSurrogate(s) {
  return /\p{Surrogate}/u.test(s);
}
