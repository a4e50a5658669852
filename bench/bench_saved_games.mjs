// Importing saved games (js/app/data-transfer.js importData → games.js merge): the
// time to import a code of N rows of one puzzle into a device holding 40 games, with
// a 5 MiB localStorage stand-in. The rows are non-daily games, newer than the
// device's, so the limit drops all but 40 (the case that was quadratic).
//
//   node bench/bench_saved_games.mjs [N ...]          (default 20000 100000)
//   node bench/bench_saved_games.mjs --root DIR N     (another checkout's src, e.g. main)
//
// Prints one line per N: rows, median of 3 runs in ms, min, max.

import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
if (args[0] === '--root') {
  root = path.resolve(args[1]);
  args.splice(0, 2);
}
const sizes = args.length ? args.map(Number) : [20_000, 100_000];
const app = (f) => pathToFileURL(path.join(root, 'src/proofgrid/web/js/app', f)).href;
const { encodeCode } = await import(app('codes.js'));
const { importData } = await import(app('data-transfer.js'));
const { SavedGames } = await import(app('games.js'));
const { MemoryBackend, Store } = await import(app('storage.js'));

class QuotaBackend extends MemoryBackend {
  constructor() { super(); this.used = 0; }
  setItem(k, v) {
    const t = String(v);
    const old = this.map.has(k) ? 2 * (k.length + this.map.get(k).length) : 0;
    if (this.used - old + 2 * (k.length + t.length) > 5 * 1024 * 1024) throw new Error('QuotaExceededError');
    this.used += 2 * (k.length + t.length) - old;
    this.map.set(k, t);
  }
  removeItem(k) { if (this.map.has(k)) this.used -= 2 * (k.length + this.map.get(k).length); this.map.delete(k); }
}

function once(n) {
  const store = new Store(new QuotaBackend(), 'proofgrid.');
  let t = 1_764_000_000_000;
  const games = new SavedGames(store, 'kirchhoff', { now: () => (t += 1000) });
  for (let i = 0; i < 40; i++) games.save(`7x7dh:mine${i}`, { preset: 'hard', state: { marks: [i, 1, 2] }, finished: false, daily: false });
  const rows = Array.from({ length: n }, (_, i) => [`7x7dh:r${i}`, 'hard', i % 3 === 0 ? 1 : 0, 1_765_000_000_000 + i, { marks: [i % 7, 1] }]);
  const code = encodeCode({ app: 'proofgrid', keys: {}, format: 2, games: { kirchhoff: rows } });
  const t0 = performance.now();
  importData(store, code);
  return performance.now() - t0;
}

for (const n of sizes) {
  const runs = [once(n), once(n), once(n)].sort((a, b) => a - b);
  console.log(`${n} rows: median ${runs[1].toFixed(0)} ms (min ${runs[0].toFixed(0)}, max ${runs[2].toFixed(0)})`);
}
