// Shared helpers for the node:test suites: random digraphs and brute-force
// oracles (transitive closure by repeated relaxation, subset enumeration).

import { SplitMix64 } from '../../src/proofgrid/web/js/core/rng.js';
import { MemoryBackend } from '../../src/proofgrid/web/js/app/storage.js';

/** A random digraph on n nodes with about `deg` out-edges per node (dups and loops allowed). */
export function randomGraph(rng, n, deg) {
  const succ = [];
  for (let v = 0; v < n; v++) {
    const k = rng.below(2 * deg + 1);
    const heads = [];
    for (let i = 0; i < k; i++) heads.push(rng.below(n));
    succ.push(heads);
  }
  return succ;
}

/** reach[u][v] === true iff v is reachable from u (u reaches itself); Warshall, O(n^3). */
export function closure(succ) {
  const n = succ.length;
  const reach = Array.from({ length: n }, (_, u) => {
    const row = new Array(n).fill(false);
    row[u] = true;
    for (const w of succ[u]) row[w] = true;
    return row;
  });
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      if (!reach[i][k]) continue;
      for (let j = 0; j < n; j++) if (reach[k][j]) reach[i][j] = true;
    }
  }
  return reach;
}

/** True when two labelings induce the same partition of the nodes. */
export function samePartition(a, b) {
  if (a.length !== b.length) return false;
  const ab = new Map();
  const ba = new Map();
  for (let i = 0; i < a.length; i++) {
    if (ab.has(a[i]) && ab.get(a[i]) !== b[i]) return false;
    if (ba.has(b[i]) && ba.get(b[i]) !== a[i]) return false;
    ab.set(a[i], b[i]);
    ba.set(b[i], a[i]);
  }
  return true;
}

/** Smallest number of seeds whose reach covers every node, by enumerating subsets by size. */
export function bruteForcePar(succ) {
  const n = succ.length;
  const reach = closure(succ);
  const covers = (set) => {
    for (let v = 0; v < n; v++) if (!set.some((s) => reach[s][v])) return false;
    return true;
  };
  const combos = function* (start, k, acc) {
    if (k === 0) {
      yield acc;
      return;
    }
    for (let v = start; v <= n - k; v++) yield* combos(v + 1, k - 1, [...acc, v]);
  };
  for (let k = 0; k <= n; k++) for (const set of combos(0, k, [])) if (covers(set)) return k;
  return n;
}

export function rngFor(seed) {
  return new SplitMix64(BigInt(seed));
}

/** localStorage with a quota in bytes: keys and values count two bytes a code unit. */
export class QuotaBackend extends MemoryBackend {
  constructor(quota) {
    super();
    this.quota = quota;
    this.used = 0;
  }

  setItem(k, v) {
    const text = String(v);
    const old = this.map.has(k) ? 2 * (k.length + this.map.get(k).length) : 0;
    const next = this.used - old + 2 * (k.length + text.length);
    if (next > this.quota) {
      const err = new Error('The quota has been exceeded.');
      err.name = 'QuotaExceededError';
      throw err;
    }
    this.used = next;
    this.map.set(k, text);
  }

  removeItem(k) {
    if (this.map.has(k)) this.used -= 2 * (k.length + this.map.get(k).length);
    this.map.delete(k);
  }
}
