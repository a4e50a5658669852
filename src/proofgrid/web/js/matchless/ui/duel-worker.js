// The duel bot's worker: the search runs here, never on the page's thread.
// Message in: {id, succ, unlit (BigInt mask), rule, level, seed (BigInt), budgetMs}
//   or {id, kind: 'review', succ, rule, moves, budgetMs} (the proof after a game)
// Message out: {id, ok, result: {shell, perfect, value, ms}} / {id, ok, result: review | null}
//   or {id, ok: false, error}

import { botMove, reviewDuel } from '../engine/duel.js';

function review({ succ, rule, moves, budgetMs }) {
  const deadline = performance.now() + Math.max(0, Number(budgetMs) || 0);
  return reviewDuel(succ, rule, moves, { deadline });
}

self.onmessage = (e) => {
  const { id, kind, succ, unlit, rule, level, seed, budgetMs } = e.data || {};
  try {
    if (kind === 'review') {
      self.postMessage({ id, ok: true, result: review(e.data) });
      return;
    }
    const t0 = performance.now();
    const r = botMove(succ, BigInt(unlit), rule, level, BigInt(seed), budgetMs);
    const ms = performance.now() - t0;
    const value = typeof r.value === 'bigint' ? Number(r.value) : r.value;
    self.postMessage({ id, ok: true, result: { shell: r.shell, perfect: Boolean(r.perfect), value, ms } });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String((err && err.message) || err) });
  }
};
