// Deterministic randomness, bit for bit the same as Python's proofgrid/rng.py.
//
// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014; Vigna's splitmix64.c), Lemire's
// multiply-and-reject bounded integers (ACM TOMACS 29(1), 2019) and Durstenfeld's
// Fisher–Yates shuffle. All arithmetic is BigInt masked to 64 bits — never a
// floating-point number anywhere in the stream — so the browser rebuilds exactly
// the boards Python generates. The specification is in rng.py's docstring; the
// reference vectors are tested in tests/js/core/rng.test.mjs.

export const MASK64 = (1n << 64n) - 1n;
const TWO64 = 1n << 64n;
const GOLDEN = 0x9e3779b97f4a7c15n;
const M1 = 0xbf58476d1ce4e5b9n;
const M2 = 0x94d049bb133111ebn;
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The SplitMix64 output function (a bijection of 64-bit integers). */
export function mix64(z) {
  z &= MASK64;
  z = ((z ^ (z >> 30n)) * M1) & MASK64;
  z = ((z ^ (z >> 27n)) * M2) & MASK64;
  return z ^ (z >> 31n);
}

function toBig(x, what) {
  if (typeof x === 'bigint') return x;
  if (typeof x === 'number' && Number.isSafeInteger(x)) return BigInt(x);
  throw new TypeError(`${what} must be a BigInt or a safe integer`);
}

/** SplitMix64 over unsigned 64-bit integers; outputs are BigInt. */
export class SplitMix64 {
  constructor(seedBigInt) {
    this.state = toBig(seedBigInt, 'seed') & MASK64;
  }

  /** Next unsigned 64-bit output (BigInt); O(1). */
  next64() {
    this.state = (this.state + GOLDEN) & MASK64;
    return mix64(this.state);
  }

  /**
   * Uniform integer in [0, n) by Lemire's multiply-and-reject, for n in 1..2**64.
   * `n` may be a Number or a BigInt; the result is a Number when n <= 2**53 - 1,
   * else a BigInt. Rejections draw again, exactly as the Python side does.
   */
  below(n) {
    const bound = toBig(n, 'bound');
    if (bound < 1n || bound > TWO64) throw new RangeError(`bound must be in 1..2**64, got ${bound}`);
    let m = this.next64() * bound;
    let low = m & MASK64;
    if (low < bound) {
      const t = (TWO64 - bound) % bound;
      while (low < t) {
        m = this.next64() * bound;
        low = m & MASK64;
      }
    }
    const r = m >> 64n;
    return bound <= MAX_SAFE ? Number(r) : r;
  }

  /** Uniform integer in the closed range [lo, hi] (Numbers). */
  between(lo, hi) {
    if (hi < lo) throw new RangeError(`empty range ${lo}..${hi}`);
    return lo + this.below(hi - lo + 1);
  }

  /** True with probability num/den exactly: below(den) < num. */
  chance(num, den) {
    return this.below(den) < num;
  }

  /** Fisher–Yates (Durstenfeld) in place: j = below(i + 1) for i = n-1 .. 1. */
  shuffle(arr) {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const tmp = arr[i];
      arr[i] = arr[j];
      arr[j] = tmp;
    }
    return arr;
  }

  /** One item, by below(length). */
  choice(items) {
    if (!items.length) throw new RangeError('choice from an empty list');
    return items[this.below(items.length)];
  }
}

const encoder = new TextEncoder();

/**
 * 64-bit seed from text: FNV-1a over the UTF-8 bytes, then one SplitMix64 step.
 * (A lone surrogate is encoded as U+FFFD here; Python refuses such text.)
 */
export function seedFromText(s) {
  let h = FNV_OFFSET;
  for (const byte of encoder.encode(String(s))) {
    h = ((h ^ BigInt(byte)) * FNV_PRIME) & MASK64;
  }
  return mix64((h + GOLDEN) & MASK64);
}
