// The duel bot's worker: the search runs here, never on the page's thread.
// Message in: {id, succ, unlit (BigInt mask), rule, level, seed (BigInt), budgetMs}
// Message out: {id, ok, result: {shell, perfect, value, ms}} or {id, ok: false, error}

import { botMove } from '../engine/duel.js';

self.onmessage = (e) => {
  const { id, succ, unlit, rule, level, seed, budgetMs } = e.data || {};
  try {
    const t0 = performance.now();
    const r = botMove(succ, BigInt(unlit), rule, level, BigInt(seed), budgetMs);
    const ms = performance.now() - t0;
    const value = typeof r.value === 'bigint' ? Number(r.value) : r.value;
    self.postMessage({ id, ok: true, result: { shell: r.shell, perfect: Boolean(r.perfect), value, ms } });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String((err && err.message) || err) });
  }
};
