// Python's text and integer semantics, so the engine mirrors read input exactly
// as the Python engines do: str.strip(), len() of a str, int() of Unicode
// decimal digits, and the quoting of input in one-line error messages.

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

// Python's re \d matches every Unicode decimal digit (category Nd) and int()
// reads them; pyInt mirrors int() on such a run. Nd digits come in contiguous
// runs 0..9, so a digit's value is its distance from the run's start, mod 10.
const ND = /^\p{Nd}$/u;

function digitValue(ch) {
  const cp = ch.codePointAt(0);
  let start = cp;
  while (start > 0 && ND.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/** Python's int() of a string of Unicode decimal digits (a regex \p{Nd}+ match). */
export function pyInt(digits) {
  let v = 0;
  for (const ch of digits) v = v * 10 + digitValue(ch);
  return v;
}
